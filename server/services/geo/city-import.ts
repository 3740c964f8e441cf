import { inArray, sql } from "drizzle-orm";
import { citySearchText } from "../../db/city-search";
import type { Database } from "../../db/client";
import { ensurePresetCities } from "./geo-seed";
import { city } from "../../db/geo.schema";
import type { CityRow, NewCityRow } from "../../db/geo.schema";
import { parseCsv } from "./csv";

/*
 * Loads cities from a CSV in the layout of the HFLabs "city" data set (a header row, then one row
 * per city: address, postal_code, …, region_type, region, area_type, area, city_type, city,
 * settlement_type, settlement, kladr_id, fias_id, …, timezone, geo_lat, geo_lon, population, …).
 * Columns are found by their header names, so their order and any extra columns do not matter.
 *
 * Cities are upserted by kladr_id in one transaction. An import writes only the data-set columns:
 * the preset flag and the delivery providers' ids are never touched, so presets keep theirs. A row
 * that cannot be read is reported with its line and skipped; the rest are imported.
 */

/** A file that cannot be imported at all (no header, a required column missing). */
export class CityImportError extends Error {
  override readonly name = "CityImportError";
}

export interface CityImportProblem {
  /** The line of the file the row starts on, from 1 (the header is line 1). */
  line: number;
  message: string;
}

export interface CityImportReport {
  /** Data rows in the file, good and bad. */
  rows: number;
  inserted: number;
  updated: number;
  /** Cities already in the database with exactly this data. */
  unchanged: number;
  skipped: CityImportProblem[];
}

const REQUIRED_COLUMNS = ["region_type", "region", "city", "kladr_id", "geo_lat", "geo_lon"] as const;
const OPTIONAL_COLUMNS = ["area_type", "area", "settlement", "fias_id", "postal_code", "timezone", "population"] as const;
type Column = (typeof REQUIRED_COLUMNS)[number] | (typeof OPTIONAL_COLUMNS)[number];

const KLADR_ID = /^\d{13}(\d{4})?$/;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const MAX_INTEGER = 2_147_483_647;
/** 16 columns a row: well under PostgreSQL's 65,535 parameters a statement. */
const BATCH_SIZE = 1000;

/**
 * The region as the API shows it, from the data set's name and abbreviation:
 * «Краснодарский» + «край» → «Краснодарский край», «Татарстан» + «Респ» → «Республика Татарстан».
 */
export function regionDisplayName(regionType: string, region: string): string {
  const name = region.replace(/\s*\/([^/]+)\/\s*/g, " ($1)").trim();
  switch (regionType) {
    case "обл":
      return /област/i.test(name) ? name : `${name} область`;
    case "край":
      return /край/i.test(name) ? name : `${name} край`;
    case "Респ":
      if (/республик/i.test(name)) return name;
      // Adjective names put the word after: «Удмуртская Республика»; nouns before: «Республика Коми».
      return /(ая|яя)$/.test(name) ? `${name} Республика` : `Республика ${name}`;
    case "АО":
      return /округ/i.test(name) ? name.replace("Автономный", "автономный") : `${name} автономный округ`;
    case "Аобл":
      return /област/i.test(name) ? name : `${name} автономная область`;
    default:
      return name;
  }
}

interface ParsedCity {
  line: number;
  row: NewCityRow;
}

type Columns = Record<Column, number | undefined>;

function readColumns(header: string[]): Columns {
  const names = header.map((name) => name.trim().toLowerCase());
  const columns = {} as Columns;
  for (const column of [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS]) {
    const index = names.indexOf(column);
    columns[column] = index === -1 ? undefined : index;
  }
  const missing = REQUIRED_COLUMNS.filter((column) => columns[column] === undefined);
  if (missing.length > 0) {
    throw new CityImportError(`The header row has no column ${missing.join(", ")}; it must name at least ${REQUIRED_COLUMNS.join(", ")}`);
  }
  return columns;
}

/** One data row as a city row, or the reason it cannot be one. */
function readCity(fields: string[], columns: Columns): NewCityRow | string {
  const value = (column: Column) => {
    const index = columns[column];
    return index === undefined ? "" : (fields[index] ?? "").trim();
  };
  const orNull = (text: string) => (text === "" ? null : text);

  const kladrId = value("kladr_id");
  if (!KLADR_ID.test(kladrId)) return `kladr_id ${JSON.stringify(kladrId)} is not 13 or 17 digits`;

  const regionType = value("region_type");
  const regionName = value("region");
  if (regionName === "") return "region is empty";
  // The most precise place the row names: a town inside a city (Алупка), the city, a town that is
  // a district of its own (Московская обл, г Клин) or a federal city (Москва).
  const name =
    value("settlement") || value("city") || (value("area_type") === "г" ? value("area") : "") || (regionType === "г" ? regionName : "");
  if (name === "") return "the row names no city (city, settlement, area and region do not give one)";

  const latText = value("geo_lat");
  const lonText = value("geo_lon");
  const geoLat = DECIMAL.test(latText) ? Number(latText) : Number.NaN;
  const geoLon = DECIMAL.test(lonText) ? Number(lonText) : Number.NaN;
  if (!(geoLat >= -90 && geoLat <= 90)) return `geo_lat ${JSON.stringify(latText)} is not a latitude from -90 to 90`;
  if (!(geoLon >= -180 && geoLon <= 180)) return `geo_lon ${JSON.stringify(lonText)} is not a longitude from -180 to 180`;

  const populationText = value("population");
  let population: number | null = null;
  if (populationText !== "") {
    population = /^\d+$/.test(populationText) ? Number(populationText) : Number.NaN;
    if (!(population <= MAX_INTEGER)) return `population ${JSON.stringify(populationText)} is not a whole number`;
  }

  return {
    kladrId,
    city: name,
    region: regionDisplayName(regionType, regionName),
    regionType,
    fiasId: orNull(value("fias_id")),
    postalCode: orNull(value("postal_code")),
    timezone: orNull(value("timezone")),
    geoLat,
    geoLon,
    population,
    searchName: citySearchText(name),
  };
}

export interface CityCsv {
  /** Data rows in the file, good and bad. */
  rows: number;
  cities: ParsedCity[];
  skipped: CityImportProblem[];
}

/** Reads the whole file: good rows to import and bad ones with their lines. Throws CityImportError when the file has no usable header. */
export function readCityCsv(text: string): CityCsv {
  const { records, problems } = parseCsv(text);
  const [header, ...data] = records;
  if (header === undefined || header.line !== 1) {
    throw new CityImportError(header === undefined ? "The file has no rows" : `The header row (line 1) cannot be read: ${problems[0]?.message ?? "unknown problem"}`);
  }
  const columns = readColumns(header.fields);
  const skipped: CityImportProblem[] = problems.map((problem) => ({ line: problem.line, message: `not valid CSV: ${problem.message}` }));
  const cities: ParsedCity[] = [];
  const seen = new Map<string, number>();
  for (const record of data) {
    if (record.fields.length !== header.fields.length) {
      skipped.push({ line: record.line, message: `has ${record.fields.length} fields, the header has ${header.fields.length}` });
      continue;
    }
    const parsed = readCity(record.fields, columns);
    if (typeof parsed === "string") {
      skipped.push({ line: record.line, message: parsed });
      continue;
    }
    const firstLine = seen.get(parsed.kladrId);
    if (firstLine !== undefined) {
      skipped.push({ line: record.line, message: `kladr_id ${parsed.kladrId} is already on line ${firstLine}` });
      continue;
    }
    seen.set(parsed.kladrId, record.line);
    cities.push({ line: record.line, row: parsed });
  }
  skipped.sort((a, b) => a.line - b.line);
  return { rows: data.length + problems.length, cities, skipped };
}

/** The data-set columns an import may change; never `preset` or the provider ids. */
const importedColumns = {
  city: sql`excluded.city`,
  region: sql`excluded.region`,
  regionType: sql`excluded.region_type`,
  fiasId: sql`excluded.fias_id`,
  postalCode: sql`excluded.postal_code`,
  timezone: sql`excluded.timezone`,
  geoLat: sql`excluded.geo_lat`,
  geoLon: sql`excluded.geo_lon`,
  population: sql`excluded.population`,
  searchName: sql`excluded.search_name`,
};
/** What a stored city is compared on: the columns an import writes. */
const storedColumns = {
  kladrId: city.kladrId,
  city: city.city,
  region: city.region,
  regionType: city.regionType,
  fiasId: city.fiasId,
  postalCode: city.postalCode,
  timezone: city.timezone,
  geoLat: city.geoLat,
  geoLon: city.geoLon,
  population: city.population,
  searchName: city.searchName,
};
type StoredCity = Pick<CityRow, keyof typeof storedColumns>;
const comparedColumns = Object.keys(storedColumns) as (keyof StoredCity)[];

function sameData(stored: StoredCity, row: NewCityRow): boolean {
  return comparedColumns.every((column) => stored[column] === (row[column] ?? null));
}

/**
 * Writes what `readCityCsv` read: new cities are inserted, cities whose data changed are updated
 * (data-set columns only), the rest are left alone, so a second import writes nothing. One
 * transaction: a failure leaves the table as it was. The preset cities are ensured at the end.
 */
export async function writeCities(db: Database, parsed: CityCsv): Promise<CityImportReport> {
  const { rows, cities, skipped } = parsed;
  let inserted = 0;
  let updated = 0;
  await db.transaction(async (tx) => {
    for (let start = 0; start < cities.length; start += BATCH_SIZE) {
      const batch = cities.slice(start, start + BATCH_SIZE).map((item) => item.row);
      const stored: StoredCity[] = await tx
        .select(storedColumns)
        .from(city)
        .where(inArray(city.kladrId, batch.map((row) => row.kladrId)));
      const byId = new Map(stored.map((row) => [row.kladrId, row]));
      const fresh = batch.filter((row) => !byId.has(row.kladrId));
      const changed = batch.filter((row) => {
        const known = byId.get(row.kladrId);
        return known !== undefined && !sameData(known, row);
      });
      const toWrite = [...fresh, ...changed];
      if (toWrite.length > 0) await tx.insert(city).values(toWrite).onConflictDoUpdate({ target: city.kladrId, set: importedColumns });
      inserted += fresh.length;
      updated += changed.length;
    }
    // A database that never ran the seed still gets its presets, with their provider ids.
    await ensurePresetCities(tx);
  });
  return { rows, inserted, updated, unchanged: cities.length - inserted - updated, skipped };
}

/** Reads the CSV text and writes its cities; see the top of this file. */
export async function importCities(db: Database, text: string): Promise<CityImportReport> {
  return writeCities(db, readCityCsv(text));
}
