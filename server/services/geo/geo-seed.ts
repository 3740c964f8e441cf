import { count, sql } from "drizzle-orm";
import { DEFAULT_CITY_KLADR_ID, PRESET_CITIES } from "../../../shared/domain/index";
import type { PresetCity } from "../../../shared/domain/index";
import { citySearchText } from "../../db/city-search";
import type { Database } from "../../db/client";
import { city, selfPickupPoint } from "../../db/geo.schema";
import type { NewCityRow, NewSelfPickupPointRow } from "../../db/geo.schema";

/*
 * The geography every install has: the five preset cities of spec §3 (always there, whatever was
 * imported) and, on a fresh install, the shop's demo pick-up points in Krasnodar and Moscow.
 */

function presetRow(preset: PresetCity): NewCityRow {
  return {
    kladrId: preset.kladrId,
    city: preset.city,
    region: preset.region,
    regionType: preset.regionType,
    fiasId: preset.fiasId,
    postalCode: preset.postalCode,
    timezone: preset.timezone,
    geoLat: preset.geoLat,
    geoLon: preset.geoLon,
    population: preset.population,
    searchName: citySearchText(preset.city),
    preset: true,
    boxberryId: preset.boxberryId,
    cdekId: preset.cdekId,
    dpdId: preset.dpdId,
    taxiId: preset.taxiId,
  };
}

/**
 * Puts the preset cities in and marks them preset. A preset city that is already there keeps its
 * data and its provider ids (an operator may have corrected them); only missing ids are filled in.
 * Safe to run any number of times, inside a transaction or not.
 */
export async function ensurePresetCities(db: Database): Promise<void> {
  await db
    .insert(city)
    .values(PRESET_CITIES.map(presetRow))
    .onConflictDoUpdate({
      target: city.kladrId,
      set: {
        preset: sql`true`,
        boxberryId: sql`coalesce(${city.boxberryId}, excluded.boxberry_id)`,
        cdekId: sql`coalesce(${city.cdekId}, excluded.cdek_id)`,
        dpdId: sql`coalesce(${city.dpdId}, excluded.dpd_id)`,
        taxiId: sql`coalesce(${city.taxiId}, excluded.taxi_id)`,
      },
      setWhere: sql`NOT ${city.preset} OR ${city.boxberryId} IS NULL OR ${city.cdekId} IS NULL OR ${city.dpdId} IS NULL OR ${city.taxiId} IS NULL`,
    });
}

const KRASNODAR = DEFAULT_CITY_KLADR_ID;
const MOSCOW = "7700000000000";

/** The shop's own counters, listed by GET /delivery/self-pickup in this order. */
export const DEMO_PICKUP_POINTS: readonly NewSelfPickupPointRow[] = [
  {
    name: "«Оттиск» на Красной",
    address: "г. Краснодар, ул. Красная, 122",
    cityKladrId: KRASNODAR,
    operatingMode: "Пн–Пт 9:00–20:00, Сб 10:00–17:00, Вс — выходной",
    geoLat: 45.0449,
    geoLon: 38.9767,
    phone: "+7 (861) 200-40-50",
  },
  {
    name: "«Оттиск» — производство",
    address: "г. Краснодар, ул. Северная, 405",
    cityKladrId: KRASNODAR,
    operatingMode: "Пн–Пт 8:00–18:00",
    geoLat: 45.0447,
    geoLon: 38.9921,
    phone: "+7 (861) 200-40-51",
  },
  {
    name: "«Оттиск» у Новослободской",
    address: "г. Москва, ул. Новослободская, 16",
    cityKladrId: MOSCOW,
    operatingMode: "Пн–Пт 10:00–20:00, Сб 11:00–16:00",
    geoLat: 55.7812,
    geoLon: 37.5994,
    phone: "+7 (495) 120-40-50",
  },
  {
    name: "«Оттиск» на Пятницкой",
    address: "г. Москва, ул. Пятницкая, 25, стр. 1",
    cityKladrId: MOSCOW,
    operatingMode: "Ежедневно 10:00–21:00",
    geoLat: 55.7421,
    geoLon: 37.6283,
    phone: "+7 (495) 120-40-51",
  },
];

export interface GeoSeedResult {
  /** Pick-up points written now: 0 when the shop already had some. */
  pickupPoints: number;
}

/**
 * Makes sure the preset cities are there, and fills an empty pick-up point list with the demo
 * points. Safe on every start.
 */
export async function seedGeography(db: Database): Promise<GeoSeedResult> {
  return db.transaction(async (tx) => {
    await ensurePresetCities(tx);
    const [existing] = await tx.select({ points: count() }).from(selfPickupPoint);
    if ((existing?.points ?? 0) > 0) return { pickupPoints: 0 };
    await tx.insert(selfPickupPoint).values([...DEMO_PICKUP_POINTS]);
    return { pickupPoints: DEMO_PICKUP_POINTS.length };
  });
}
