import { asc, count, desc, eq, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { CITY_SEARCH_LIMIT, SELF_PICKUP_DEFAULT_LIMIT } from "../../../shared/contracts/index";
import type { AddressByCoords, City, CityByKladrId, SelfPickupOrder, SelfPickupPage, SelfPickupQuery, SortDirection } from "../../../shared/contracts/index";
import { PRESET_CITIES } from "../../../shared/domain/index";
import { citySearchText, escapeLikePattern } from "../../db/city-search";
import type { Database } from "../../db/client";
import { city, selfPickupPoint } from "../../db/geo.schema";
import { toCity, toCityDetails, toNearestCity, toSelfPickupPoint } from "./geo.mapper";

/**
 * Cities and the shop's pick-up points, answered from the shop's own tables: no outside service is
 * called, so the storefront works offline (the preset cities are always there; more come from
 * `npm run geo:import`).
 */
export interface GeoService {
  /** Up to CITY_SEARCH_LIMIT cities whose name matches `search`; the preset cities first when it is empty. */
  searchCities(search: string | undefined): Promise<City[]>;
  /** The city, or `{}` when the shop does not know it. A 17-digit (street) id is read as its city. */
  getCityByKladrId(kladrId: string): Promise<CityByKladrId>;
  /** The known city nearest to the point, or `{}` when none is within NEAREST_CITY_MAX_KM. */
  findNearestCity(lat: number, lon: number): Promise<AddressByCoords>;
  listSelfPickupPoints(query: SelfPickupQuery): Promise<SelfPickupPage>;
}

/** Farther than this from every known city, a point is not "in" any of them: the storefront falls back to Krasnodar. */
export const NEAREST_CITY_MAX_KM = 200;
/** The mean Earth radius (IUGG), km. */
const EARTH_RADIUS_KM = 6371.0088;

const cityRef = { kladrId: city.kladrId, city: city.city, region: city.region, geoLat: city.geoLat, geoLon: city.geoLon };

/** The preset cities in the order of spec §3 (Krasnodar first); every other city after them. */
const presetOrder = sql`CASE ${city.kladrId} ${sql.join(
  PRESET_CITIES.map((preset, index) => sql`WHEN ${preset.kladrId} THEN ${index}::integer`),
  sql` `,
)} END ASC NULLS LAST`;

/** Bigger cities first among equal matches, then the name (byte order of the search text, the same on every database), then the id. */
const tieBreak: SQL[] = [sql`${city.population} DESC NULLS LAST`, sql`${city.searchName} COLLATE "C"`, asc(city.kladrId)];

/** Great-circle distance in km from the point to each city's centre (haversine). */
function distanceKm(lat: number, lon: number): SQL<number> {
  const latRad = sql`radians(${lat}::double precision)`;
  const lonRad = sql`radians(${lon}::double precision)`;
  return sql<number>`(2 * ${EARTH_RADIUS_KM}::double precision * asin(least(1::double precision, sqrt(
    power(sin((radians(${city.geoLat}) - ${latRad}) / 2), 2)
    + cos(${latRad}) * cos(radians(${city.geoLat})) * power(sin((radians(${city.geoLon}) - ${lonRad}) / 2), 2)
  ))))`.mapWith(Number);
}

function selfPickupOrdering(order: SelfPickupOrder, direction: SortDirection): SQL[] {
  const by = direction === "desc" ? desc : asc;
  // Points made in one go share a timestamp; the id keeps pages from overlapping.
  return order === "id" ? [by(selfPickupPoint.id)] : [by(selfPickupPoint.createdAt), by(selfPickupPoint.id)];
}

export function createGeoService(db: Database): GeoService {
  return {
    async searchCities(search) {
      const text = citySearchText(search ?? "");
      if (text === "") {
        const rows = await db
          .select(cityRef)
          .from(city)
          .orderBy(presetOrder, desc(city.preset), ...tieBreak)
          .limit(CITY_SEARCH_LIMIT);
        return rows.map(toCity);
      }
      const pattern = escapeLikePattern(text);
      // The start of the name first, then the start of a later word («новгород» → Нижний Новгород), then anywhere.
      const rank = sql`CASE WHEN ${city.searchName} LIKE ${`${pattern}%`} THEN 0 WHEN ${city.searchName} LIKE ${`% ${pattern}%`} THEN 1 ELSE 2 END`;
      const rows = await db
        .select(cityRef)
        .from(city)
        .where(sql`${city.searchName} LIKE ${`%${pattern}%`}`)
        .orderBy(rank, desc(city.preset), ...tieBreak)
        .limit(CITY_SEARCH_LIMIT);
      return rows.map(toCity);
    },

    async getCityByKladrId(kladrId) {
      // A street code is its city's code (the first 11 digits) followed by the street's; 00 marks the current record.
      const candidates = kladrId.length === 17 ? [kladrId, `${kladrId.slice(0, 11)}00`] : [kladrId];
      for (const candidate of candidates) {
        const [row] = await db.select().from(city).where(eq(city.kladrId, candidate)).limit(1);
        if (row) return toCityDetails(row);
      }
      return {};
    },

    async findNearestCity(lat, lon) {
      const distance = distanceKm(lat, lon);
      const [row] = await db
        .select({ ...cityRef, distance })
        .from(city)
        .orderBy(distance, asc(city.kladrId))
        .limit(1);
      if (!row || row.distance > NEAREST_CITY_MAX_KM) return {};
      return toNearestCity(row, row.distance);
    },

    async listSelfPickupPoints(query) {
      const offset = query.offset ?? 0;
      const limit = query.limit ?? SELF_PICKUP_DEFAULT_LIMIT;
      const [counted] = await db.select({ total: count() }).from(selfPickupPoint).where(eq(selfPickupPoint.active, true));
      const rows = await db
        .select()
        .from(selfPickupPoint)
        // A closed point (the back office's `active`) is no longer offered; orders that name it keep it.
        .where(eq(selfPickupPoint.active, true))
        .orderBy(...selfPickupOrdering(query.order ?? "createdAt", query.direction ?? "asc"))
        .offset(offset)
        .limit(limit);
      return { items: rows.map(toSelfPickupPoint), total: counted?.total ?? 0, offset, limit };
    },
  };
}
