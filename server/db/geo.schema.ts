import { sql } from "drizzle-orm";
import { boolean, check, doublePrecision, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/*
 * Geography. Cities are keyed by their KLADR id (13 digits for a city, 17 for a street-level id),
 * the key the storefront keeps as the shopper's city (spec §3, §9). The five preset cities are
 * always present (the seed puts them in) and carry the delivery providers' own ids; the rest come
 * from a city data set loaded with `npm run geo:import`.
 */

export const city = pgTable(
  "city",
  {
    kladrId: text("kladr_id").primaryKey(),
    city: text("city").notNull(),
    region: text("region").notNull(),
    /** "край", "обл", "Респ", "г" … as the data set spells it; empty when unknown. */
    regionType: text("region_type").notNull().default(""),
    fiasId: text("fias_id"),
    postalCode: text("postal_code"),
    /** As in the data set: "UTC+3". */
    timezone: text("timezone"),
    geoLat: doublePrecision("geo_lat").notNull(),
    geoLon: doublePrecision("geo_lon").notNull(),
    population: integer("population"),
    /** The name lower-cased with ё as е (see `citySearchText`): what the city search compares. */
    searchName: text("search_name").notNull(),
    /** One of the five cities of spec §3: listed first, never lost by an import. */
    preset: boolean("preset").notNull().default(false),
    boxberryId: text("boxberry_id"),
    cdekId: text("cdek_id"),
    dpdId: text("dpd_id"),
    taxiId: text("taxi_id"),
  },
  (table) => [
    // text_pattern_ops lets `LIKE 'крас%'` use the index whatever the database's collation.
    index("city_search_name_idx").using("btree", table.searchName.op("text_pattern_ops")),
    check("city_kladr_id_check", sql`${table.kladrId} ~ '^[0-9]{13}([0-9]{4})?$'`),
    check("city_geo_lat_check", sql`${table.geoLat} BETWEEN -90 AND 90`),
    check("city_geo_lon_check", sql`${table.geoLon} BETWEEN -180 AND 180`),
  ],
);

/** The shop's own pick-up points (GET /delivery/self-pickup). */
export const selfPickupPoint = pgTable(
  "self_pickup_point",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    address: text("address").notNull(),
    cityKladrId: text("city_kladr_id")
      .notNull()
      .references(() => city.kladrId, { onDelete: "restrict" }),
    /** Free text as the footer shows it: "Пн–Пт 9:00–19:00, Сб 10:00–16:00". */
    operatingMode: text("operating_mode").notNull().default(""),
    geoLat: doublePrecision("geo_lat"),
    geoLon: doublePrecision("geo_lon"),
    phone: text("phone").notNull().default(""),
    /** A closed point stays for the orders that name it, but the cart no longer offers it. */
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("self_pickup_point_city_kladr_id_idx").on(table.cityKladrId),
    index("self_pickup_point_created_at_idx").on(table.createdAt, table.id),
  ],
);

export type CityRow = typeof city.$inferSelect;
export type NewCityRow = typeof city.$inferInsert;
export type SelfPickupPointRow = typeof selfPickupPoint.$inferSelect;
export type NewSelfPickupPointRow = typeof selfPickupPoint.$inferInsert;
