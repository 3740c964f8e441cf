import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runGeoImport } from "../../server/cli/geo-import";
import type { DatabaseOptions } from "../../server/db/client";
import { seedGeography } from "../../server/services/geo/geo-seed";
import { city } from "../../server/db/geo.schema";
import type { CityRow } from "../../server/db/geo.schema";
import { importCities } from "../../server/services/geo/city-import";
import type { CityImportReport } from "../../server/services/geo/city-import";
import {
  addressByCoordsSchema,
  CITY_SEARCH_LIMIT,
  cityByKladrIdSchema,
  cityListSchema,
  selfPickupPageSchema,
  serverErrorSchema,
} from "../../shared/contracts/index";
import type { City, SelfPickupPage, ServerError } from "../../shared/contracts/index";
import { DEFAULT_CITY_KLADR_ID, PRESET_CITIES } from "../../shared/domain/index";
import { createApi, isApiError } from "../../shared/http/index";
import type { Api } from "../../shared/http/index";
import { ADYGEYSK } from "./support/city-fixtures";
import { listenOnLoopback, startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * Geography end to end: `npm run geo:import` with the full HFLabs data set (read from
 * ../shared/data beside the checkout) into a private copy of the seeded database — which already
 * has the shipped cut of the same data set (server/seed/data/cities.csv), so the import finds every
 * city unchanged — then the endpoints, through inject and through createApi. One database and one
 * import for the whole file keep it fast on PGlite. A fresh start without an import: geo-fresh.test.ts.
 */

const root = join(import.meta.dirname, "..", "..");
const CITY_CSV = join(root, "..", "shared", "data", "geo", "city.csv");
const KRASNODAR = PRESET_CITIES[0];
if (KRASNODAR?.kladrId !== DEFAULT_CITY_KLADR_ID) throw new Error("Krasnodar must be the first preset");

let testApp: TestApp;
let api: Api;
let csv: string;
let presetsBeforeImport: string[];
let firstImport: CityImportReport;

beforeAll(async () => {
  [testApp, csv] = await Promise.all([startTestApp(), readFile(CITY_CSV, "utf8")]);
  const db = testApp.database.db;
  presetsBeforeImport = (await db.select({ kladrId: city.kladrId }).from(city).where(eq(city.preset, true))).map((row) => row.kladrId);
  firstImport = await importCities(db, csv);
  api = createApi({ baseURL: `${await listenOnLoopback(testApp.app)}/api` });
});
afterAll(async () => {
  await testApp?.close();
});

const allCities = () => testApp.database.db.select().from(city).orderBy(asc(city.kladrId));

async function cityRow(kladrId: string): Promise<CityRow> {
  const [row] = await testApp.database.db.select().from(city).where(eq(city.kladrId, kladrId));
  if (!row) throw new Error(`no city ${kladrId}`);
  return row;
}

async function getJson(url: string): Promise<{ status: number; body: unknown }> {
  const response = await testApp.app.inject({ method: "GET", url });
  return { status: response.statusCode, body: response.json() as unknown };
}

async function ok<T>(url: string, schema: { parse(body: unknown): T }): Promise<T> {
  const { status, body } = await getJson(url);
  expect(status, JSON.stringify(body)).toBe(200);
  return schema.parse(body);
}

async function problem(url: string): Promise<ServerError> {
  const { status, body } = await getJson(url);
  expect(status, JSON.stringify(body)).toBe(400);
  const error = serverErrorSchema.parse(body);
  expect(error.code).toBe("VALIDATION_ERROR");
  return error;
}

const names = (cities: readonly City[]) => cities.map((item) => item.city);
const searchCities = (search: string) => ok(`/api/geo/city?search=${encodeURIComponent(search)}`, cityListSchema);

describe("importing the HFLabs city data set", () => {
  it("finds the five preset cities already there: the seed put them in", () => {
    expect(presetsBeforeImport.sort()).toEqual(PRESET_CITIES.map((preset) => preset.kladrId).sort());
  });

  it("reads all 1,117 cities and finds them already there with the same data: the seed shipped them", async () => {
    expect(firstImport).toEqual({ rows: 1117, inserted: 0, updated: 0, unchanged: 1117, skipped: [] });
    const [counted] = await testApp.database.db.select({ cities: count() }).from(city);
    expect(counted?.cities).toBe(1117);
  });

  it("keeps each city's KLADR id, coordinates and data", async () => {
    expect(await cityRow(ADYGEYSK.kladrId)).toEqual({
      ...ADYGEYSK,
      preset: false,
      boxberryId: null,
      cdekId: null,
      dpdId: null,
      taxiId: null,
    });
    expect(await cityRow("6600000100000")).toMatchObject({ city: "Екатеринбург", region: "Свердловская область", geoLat: 56.8385216, geoLon: 60.6054911 });
    expect(await cityRow("5004700000000")).toMatchObject({ city: "Клин", region: "Московская область" });
    expect(await cityRow("5700000100000")).toMatchObject({ city: "Орёл", searchName: "орел" });
  });

  it("the preset cities stay preset and keep their provider ids", async () => {
    for (const preset of PRESET_CITIES) {
      expect(await cityRow(preset.kladrId)).toMatchObject({
        city: preset.city,
        region: preset.region,
        geoLat: preset.geoLat,
        geoLon: preset.geoLon,
        preset: true,
        boxberryId: preset.boxberryId,
        cdekId: preset.cdekId,
        dpdId: preset.dpdId,
        taxiId: preset.taxiId,
      });
    }
  });

  it("importing the file again changes nothing", async () => {
    const before = await allCities();
    expect(await importCities(testApp.database.db, csv)).toEqual({ rows: 1117, inserted: 0, updated: 0, unchanged: 1117, skipped: [] });
    expect(await allCities()).toEqual(before);
  });
});

describe("the geo:import command", () => {
  /** Runs the command with the test's own database standing in for the one the settings name. */
  async function run(args: string[], env: Record<string, string>) {
    const out: string[] = [];
    const err: string[] = [];
    const opened: DatabaseOptions[] = [];
    const code = await runGeoImport({
      args,
      env,
      cwd: root,
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      openDatabase: async (options) => {
        opened.push(options);
        return { db: testApp.database.db, close: async () => undefined, probeStorage: async () => undefined };
      },
    });
    return { code, out, err, opened };
  }

  it("explains itself when the file is missing from the command line", async () => {
    expect(await run([], {})).toMatchObject({ code: 2, out: [], err: [expect.stringContaining("Usage: npm run geo:import -- <cities.csv>")] });
    expect((await run(["a.csv", "b.csv"], {})).code).toBe(2);
  });

  it("says which file it cannot read, which setting is wrong, or why the file is unusable, and opens no database", async () => {
    const missing = await run(["no-such-file.csv"], {});
    expect(missing).toMatchObject({ code: 1, opened: [], err: [expect.stringMatching(/^geo:import: cannot read .*no-such-file\.csv: ENOENT$/)] });
    const badSetting = await run([CITY_CSV], { DATABASE_URL: "mysql://localhost/ottisk" });
    expect(badSetting).toMatchObject({ code: 1, opened: [], err: [expect.stringContaining("DATABASE_URL must start with postgres:")] });
    const headless = await run([join(root, "package.json")], {});
    expect(headless).toMatchObject({ code: 1, opened: [], err: [expect.stringContaining("The header row has no column")] });
  });

  it("imports into the database the settings name, reads paths from where npm was run, lists bad rows by line", async () => {
    const dataSetFolder = join(root, "..", "shared", "data", "geo");
    const pglite = await run(["--", "city.csv"], { OTTISK_DATA_DIR: "/srv/ottisk-data", INIT_CWD: dataSetFolder });
    expect(pglite).toMatchObject({ code: 0, err: [], opened: [{ dataDir: "/srv/ottisk-data" }] });
    expect(pglite.out.at(-1)).toBe("geo:import: 1117 rows: 0 new, 0 updated, 1117 unchanged, 0 skipped");

    // A file with a broken row: the row is named by its line, the others still count.
    const lines = csv.split("\n");
    const folder = await mkdtemp(join(tmpdir(), "ottisk-geo-import-"));
    const broken = join(folder, "broken.csv");
    await writeFile(broken, [lines[0], lines[1], "broken,row", lines[2], ""].join("\n"), "utf8");
    try {
      const postgres = await run([broken], { DATABASE_URL: "postgres://shop@db.example:5432/ottisk" });
      expect(postgres).toMatchObject({ code: 0, opened: [{ databaseUrl: "postgres://shop@db.example:5432/ottisk" }] });
      expect(postgres.err).toEqual(["line 3: has 2 fields, the header has 24 — skipped"]);
      expect(postgres.out.at(-1)).toBe("geo:import: 3 rows: 0 new, 0 updated, 2 unchanged, 1 skipped");
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe("GET /api/geo/city", () => {
  it("without a search lists the preset cities in the spec's order, then the biggest cities", async () => {
    const cities = await ok("/api/geo/city", cityListSchema);
    expect(cities).toHaveLength(CITY_SEARCH_LIMIT);
    expect(cities.slice(0, 5)).toEqual(
      PRESET_CITIES.map((preset) => ({ kladrId: preset.kladrId, city: preset.city, region: preset.region, geoLat: preset.geoLat, geoLon: preset.geoLon })),
    );
    expect(names(cities).slice(5, 9)).toEqual(["Новосибирск", "Екатеринбург", "Самара", "Омск"]);
    expect(await ok("/api/geo/city?search=", cityListSchema)).toEqual(cities);
    expect(await searchCities("  ")).toEqual(cities);
  });

  it("ignores case, ё and dashes", async () => {
    expect(names(await searchCities("ОРЁЛ"))).toEqual(["Орёл"]);
    expect(names(await searchCities("орел"))).toEqual(["Орёл"]);
    expect(names(await searchCities("санкт петербург"))).toEqual(["Санкт-Петербург"]);
    expect((await searchCities("ЕКАТЕРИНБ"))[0]).toMatchObject({ kladrId: "6600000100000", region: "Свердловская область" });
  });

  it("puts names that start with the text first, then later words, then the rest", async () => {
    const cities = await searchCities("ор");
    expect(cities).toHaveLength(CITY_SEARCH_LIMIT);
    const starts = cities.map((item) => item.city.toLowerCase().startsWith("ор"));
    expect(starts.slice(0, 5)).toEqual([true, true, true, true, true]);
    expect(starts.slice(5).every((start) => !start)).toBe(true);
    expect(names(await searchCities("новгород"))).toEqual(["Нижний Новгород", "Великий Новгород"]);
  });

  it("among equal matches puts the preset city first, then the bigger one", async () => {
    const cities = await searchCities("крас");
    expect(cities).toHaveLength(CITY_SEARCH_LIMIT);
    expect(names(cities).slice(0, 2)).toEqual(["Краснодар", "Красноярск"]);
  });

  it("matches LIKE's wildcards as plain text", async () => {
    expect(await searchCities("%")).toEqual([]);
    expect(await searchCities("_")).toEqual([]);
    expect(await searchCities("нет такого города")).toEqual([]);
  });

  it("refuses search text over 100 characters in Russian", async () => {
    expect(await searchCities("а".repeat(100))).toEqual([]);
    const error = await problem(`/api/geo/city?search=${encodeURIComponent("а".repeat(101))}`);
    expect(error.messageUI).toBe("Название города для поиска — не длиннее 100 символов");
    expect(error.issues).toEqual([{ field: "search", messageUI: error.messageUI }]);
    expect((await problem("/api/geo/city?search=a&search=b")).messageUI).toBe("Строку поиска города укажите один раз, текстом");
  });
});

describe("GET /api/geo/city-by-kladrId", () => {
  it("gives the city with its delivery providers' ids", async () => {
    expect(await ok(`/api/geo/city-by-kladrId?kladrId=${DEFAULT_CITY_KLADR_ID}`, cityByKladrIdSchema)).toEqual({
      kladrId: KRASNODAR.kladrId,
      city: "Краснодар",
      region: "Краснодарский край",
      geoLat: KRASNODAR.geoLat,
      geoLon: KRASNODAR.geoLon,
      regionType: "край",
      postalCode: "350000",
      timezone: "UTC+3",
      population: KRASNODAR.population,
      preset: true,
      boxberryId: KRASNODAR.boxberryId,
      cdekId: KRASNODAR.cdekId,
      dpdId: KRASNODAR.dpdId,
      taxiId: KRASNODAR.taxiId,
    });
    expect(await ok("/api/geo/city-by-kladrId?kladrId=0100000200000", cityByKladrIdSchema)).toMatchObject({ city: "Адыгейск", preset: false, cdekId: null });
  });

  it("reads a 17-digit street code as its city", async () => {
    expect(await ok("/api/geo/city-by-kladrId?kladrId=23000001000012300", cityByKladrIdSchema)).toMatchObject({ kladrId: DEFAULT_CITY_KLADR_ID });
  });

  it("answers an unknown city with an object without kladrId, so the storefront shows Krasnodar", async () => {
    const { status, body } = await getJson("/api/geo/city-by-kladrId?kladrId=9999999999999");
    expect(status).toBe(200);
    expect(body).toEqual({});
    expect(await ok("/api/geo/city-by-kladrId?kladrId=99999999999990000", cityByKladrIdSchema)).toEqual({});
  });

  it("refuses a malformed KLADR id in Russian", async () => {
    for (const kladrId of ["123", "23000001000000", "230000010000A", "+2300000100000", "2300000100000000000"]) {
      expect((await problem(`/api/geo/city-by-kladrId?kladrId=${encodeURIComponent(kladrId)}`)).messageUI).toBe("Код КЛАДР города — это 13 или 17 цифр");
    }
    expect((await problem("/api/geo/city-by-kladrId")).messageUI).toBe("Укажите код КЛАДР города");
  });
});

/** Great-circle distance, km: the reference the SQL is checked against. */
function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(a)));
}

describe("GET /api/geo/address-by-coords", () => {
  it("finds Krasnodar at Krasnodar's coordinates, and nearby", async () => {
    expect(await ok(`/api/geo/address-by-coords?lat=${KRASNODAR.geoLat}&lon=${KRASNODAR.geoLon}`, addressByCoordsSchema)).toEqual({
      kladrId: DEFAULT_CITY_KLADR_ID,
      city: "Краснодар",
      region: "Краснодарский край",
      geoLat: KRASNODAR.geoLat,
      geoLon: KRASNODAR.geoLon,
      distanceKm: 0,
    });
    // Krasnodar's Kuban stadium, written with decimal commas.
    expect(await ok("/api/geo/address-by-coords?lat=45,0448&lon=39,0300", addressByCoordsSchema)).toMatchObject({
      kladrId: DEFAULT_CITY_KLADR_ID,
      distanceKm: 4.3,
    });
  });

  it("agrees with a haversine over every city in the database", async () => {
    const cities = await allCities();
    const points = [
      [55.7558, 37.6173],
      [43.5855, 39.7231],
      [43.1155, 131.8855],
      [54.7104, 20.4522],
      [68.9585, 33.0827],
      [61.2500, 73.4167],
    ] as const;
    for (const [lat, lon] of points) {
      const nearest = cities
        .map((row) => ({ row, distance: haversineKm(lat, lon, row.geoLat, row.geoLon) }))
        .reduce((best, next) => (next.distance < best.distance ? next : best));
      const answer = await ok(`/api/geo/address-by-coords?lat=${lat}&lon=${lon}`, addressByCoordsSchema);
      expect(answer).toMatchObject({ kladrId: nearest.row.kladrId, distanceKm: Math.round(nearest.distance * 10) / 10 });
    }
  });

  it("answers a point far from every known city with an object without kladrId", async () => {
    expect(await ok("/api/geo/address-by-coords?lat=0&lon=-160", addressByCoordsSchema)).toEqual({});
  });

  it("refuses coordinates that are not there or not on Earth, in Russian", async () => {
    expect((await problem("/api/geo/address-by-coords?lat=91&lon=38")).messageUI).toBe("Широта (lat) — число от -90 до 90");
    expect((await problem("/api/geo/address-by-coords?lat=45&lon=-180.5")).messageUI).toBe("Долгота (lon) — число от -180 до 180");
    expect((await problem("/api/geo/address-by-coords?lat=north&lon=38")).messageUI).toBe("Широта (lat) — число от -90 до 90");
    expect((await problem("/api/geo/address-by-coords?lon=38")).messageUI).toBe("Укажите широту (lat)");
    expect((await problem("/api/geo/address-by-coords?lat=45&lon=")).messageUI).toBe("Укажите долготу (lon)");
  });
});

describe("GET /api/delivery/self-pickup", () => {
  const url = "/api/delivery/self-pickup";
  let everything: SelfPickupPage;
  beforeAll(async () => {
    everything = await ok(url, selfPickupPageSchema);
  });

  it("gives the demo points with spec §7's defaults: offset 0, limit 100, by createdAt ascending", async () => {
    expect(everything).toMatchObject({ total: 4, offset: 0, limit: 100 });
    expect(everything.items.map((point) => point.cityKladrId)).toEqual([DEFAULT_CITY_KLADR_ID, DEFAULT_CITY_KLADR_ID, "7700000000000", "7700000000000"]);
    expect(everything.items[0]).toMatchObject({ name: "«Оттиск» на Красной", address: "г. Краснодар, ул. Красная, 122", phone: "+7 (861) 200-40-50" });
    expect(everything.items.every((point) => point.operatingMode.length > 0 && point.geoLat !== null)).toBe(true);
    expect(await ok(`${url}?offset=0&limit=100&order=createdAt&direction=asc`, selfPickupPageSchema)).toEqual(everything);
    expect(await ok(`${url}?offset=&limit=&order=&direction=`, selfPickupPageSchema)).toEqual(everything);
  });

  it("pages and sorts", async () => {
    const ids = everything.items.map((point) => point.id);
    const page = await ok(`${url}?offset=1&limit=2`, selfPickupPageSchema);
    expect(page).toMatchObject({ total: 4, offset: 1, limit: 2 });
    expect(page.items.map((point) => point.id)).toEqual(ids.slice(1, 3));
    expect((await ok(`${url}?direction=desc`, selfPickupPageSchema)).items.map((point) => point.id)).toEqual([...ids].reverse());
    expect((await ok(`${url}?order=id&direction=desc`, selfPickupPageSchema)).items.map((point) => point.id)).toEqual([...ids].sort((a, b) => b - a));
    expect((await ok(`${url}?offset=10`, selfPickupPageSchema)).items).toEqual([]);
  });

  it("refuses bad paging and sorting in Russian", async () => {
    expect((await problem(`${url}?limit=101`)).messageUI).toBe("В списке может быть от 1 до 100 пунктов самовывоза");
    expect((await problem(`${url}?limit=0`)).messageUI).toBe("В списке может быть от 1 до 100 пунктов самовывоза");
    expect((await problem(`${url}?offset=-1`)).messageUI).toBe("Начало списка пунктов самовывоза укажите целым числом не меньше нуля");
    expect((await problem(`${url}?offset=1.5`)).messageUI).toBe("Начало списка пунктов самовывоза укажите целым числом не меньше нуля");
    expect((await problem(`${url}?order=name`)).messageUI).toBe("Пункты самовывоза сортируются только по createdAt или id");
    expect((await problem(`${url}?direction=up`)).messageUI).toBe("Направление сортировки — asc или desc");
  });
});

describe("the storefront's API client", () => {
  it("searches cities, looks one up, finds the city at a point and lists the pick-up points", async () => {
    expect((await api.getCities("казань"))[0]).toMatchObject({ kladrId: "1600000100000", city: "Казань", region: "Республика Татарстан" });
    expect(names(await api.getCities()).slice(0, 5)).toEqual(PRESET_CITIES.map((preset) => preset.city));
    expect(await api.getCityByKladrId("7700000000000")).toMatchObject({ city: "Москва", cdekId: "44", preset: true });
    expect(await api.getCityByKladrId("9999999999999")).toEqual({});
    expect(await api.getAddressByCoords({ lat: 55.7539, lon: 37.6208 })).toMatchObject({ kladrId: "7700000000000", city: "Москва" });
    const points = await api.getSelfPickupPoints();
    expect(points).toMatchObject({ total: 4, offset: 0, limit: 100 });
    expect((await api.getSelfPickupPoints({ offset: 2, limit: 1, direction: "desc" })).items).toHaveLength(1);
  });

  it("gives the server's Russian message as an ApiError", async () => {
    const error = await api.getCityByKladrId("12").catch((caught: unknown) => caught);
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({ status: 400, code: "VALIDATION_ERROR", messageUI: "Код КЛАДР города — это 13 или 17 цифр" });
  });
});

describe("the OpenAPI document", () => {
  it("lists the geography endpoints", async () => {
    const document = (await getJson("/api/openapi.json")).body as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(["/api/geo/city", "/api/geo/city-by-kladrId", "/api/geo/address-by-coords", "/api/delivery/self-pickup"]),
    );
  });
});

describe("the geography seed", () => {
  it("runs on every start without duplicating anything, and fills in missing provider ids only", async () => {
    const db = testApp.database.db;
    const moscow = PRESET_CITIES[1];
    await db.update(city).set({ dpdId: null }).where(eq(city.kladrId, "7700000000000"));
    await db.update(city).set({ cdekId: "777" }).where(eq(city.kladrId, "1600000100000"));
    expect(await seedGeography(db)).toEqual({ pickupPoints: 0 });
    expect(await cityRow("7700000000000")).toMatchObject({ dpdId: moscow?.dpdId, preset: true });
    expect(await cityRow("1600000100000")).toMatchObject({ cdekId: "777", preset: true });
    expect((await ok("/api/delivery/self-pickup", selfPickupPageSchema)).total).toBe(4);
    const [counted] = await db.select({ cities: count() }).from(city);
    expect(counted?.cities).toBe(1117);
    await db.update(city).set({ cdekId: PRESET_CITIES[3]?.cdekId }).where(eq(city.kladrId, "1600000100000"));
  });
});

// Last, because it changes Krasnodar: later imports keep an operator's provider ids.
describe("a newer data set", () => {
  it("updates a preset city's data but never its provider ids", async () => {
    const db = testApp.database.db;
    await db.update(city).set({ cdekId: "999" }).where(eq(city.kladrId, DEFAULT_CITY_KLADR_ID));
    const newer = csv.replace(",45.0401604,38.9759647,744933,", ",45.0401604,38.9759647,800000,");
    expect(newer).not.toBe(csv);
    expect(await importCities(db, newer)).toMatchObject({ inserted: 0, updated: 1, unchanged: 1116, skipped: [] });
    expect(await cityRow(DEFAULT_CITY_KLADR_ID)).toMatchObject({ population: 800000, preset: true, cdekId: "999", boxberryId: KRASNODAR.boxberryId });
  });
});
