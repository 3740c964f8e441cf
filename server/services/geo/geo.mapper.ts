import type { City, CityDetails, NearestCity, SelfPickupPoint } from "../../../shared/contracts/index";
import type { CityRow, SelfPickupPointRow } from "../../db/geo.schema";

/*
 * The one place where geography rows become contract objects. Nothing else in the server builds
 * a City or a SelfPickupPoint by hand.
 */

export type CityRefRow = Pick<CityRow, "kladrId" | "city" | "region" | "geoLat" | "geoLon">;

export function toCity(row: CityRefRow): City {
  return { kladrId: row.kladrId, city: row.city, region: row.region, geoLat: row.geoLat, geoLon: row.geoLon };
}

export function toCityDetails(row: CityRow): CityDetails {
  return {
    ...toCity(row),
    regionType: row.regionType,
    postalCode: row.postalCode,
    timezone: row.timezone,
    population: row.population,
    preset: row.preset,
    boxberryId: row.boxberryId,
    cdekId: row.cdekId,
    dpdId: row.dpdId,
    taxiId: row.taxiId,
  };
}

/** Distances are shown to 100 m: the centre of a city is no more precise than that. */
export function toNearestCity(row: CityRefRow, distanceKm: number): NearestCity {
  return { ...toCity(row), distanceKm: Math.round(distanceKm * 10) / 10 };
}

export function toSelfPickupPoint(row: SelfPickupPointRow): SelfPickupPoint {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    cityKladrId: row.cityKladrId,
    operatingMode: row.operatingMode,
    geoLat: row.geoLat,
    geoLon: row.geoLon,
    phone: row.phone,
    createdAt: row.createdAt.toISOString(),
  };
}
