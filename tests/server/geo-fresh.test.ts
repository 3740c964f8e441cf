import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { city } from "../../server/db/geo.schema";
import { DEMO_ACCOUNTS, DEMO_BUS_CITY } from "../../server/seed/demo-data";
import { BUNDLED_CITIES_CSV, seedBundledCities } from "../../server/seed/seed";
import { readCityCsv } from "../../server/services/geo/city-import";
import { addressSuggestionListSchema, cityListSchema, deliveryOptionsSchema, pageSchema, sessionGrantSchema } from "../../shared/contracts/index";
import type { AddressSuggestion } from "../../shared/contracts/index";
import { DEFAULT_CITY_KLADR_ID } from "../../shared/domain/index";
import { startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * Issue 16, item 2: what a fresh start knows, with no `npm run geo:import` and no DaData — every
 * Russian city with a population (the shipped HFLabs list), a demo city where the bus goes, street
 * suggestions for the shop's city, and the list's credit on the about page.
 */

let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

async function getJson(url: string, token?: string): Promise<unknown> {
  const response = await testApp.app.inject({ method: "GET", url, ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as unknown;
}

const searchCities = async (search: string) => cityListSchema.parse(await getJson(`/api/geo/city?search=${encodeURIComponent(search)}`));
const suggest = async (text: string, token?: string): Promise<AddressSuggestion[]> =>
  addressSuggestionListSchema.parse(await getJson(`/api/geo/address?address=${encodeURIComponent(text)}`, token));

describe("a fresh start knows every Russian city with a population", () => {
  it("finds Сочи, Екатеринбург and Армавир, not only the five presets", async () => {
    expect((await searchCities("Сочи"))[0]).toMatchObject({ kladrId: "2300000700000", city: "Сочи", region: "Краснодарский край" });
    expect((await searchCities("Екатеринбург"))[0]).toMatchObject({ kladrId: "6600000100000", city: "Екатеринбург", region: "Свердловская область" });
    expect((await searchCities("армавир"))[0]).toMatchObject({ kladrId: "2300000200000", city: "Армавир" });
  });

  it("has the whole shipped list, read without a bad row, and loads it only once", async () => {
    const shipped = readCityCsv(await readFile(BUNDLED_CITIES_CSV, "utf8"));
    expect(shipped).toMatchObject({ rows: 1117, skipped: [] });
    const [counted] = await testApp.database.db.select({ cities: count() }).from(city);
    expect(counted?.cities).toBe(1117);
    expect(await seedBundledCities(testApp.database.db)).toBeNull();
  });

  it("ships only the data set's columns the import reads, with its licence note beside it", async () => {
    const header = (await readFile(BUNDLED_CITIES_CSV, "utf8")).split("\n", 1)[0];
    expect(header).toBe("kladr_id,fias_id,postal_code,region_type,region,area_type,area,city,settlement,timezone,geo_lat,geo_lon,population");
    const note = await readFile(join(BUNDLED_CITIES_CSV, "..", "README.md"), "utf8");
    expect(note).toContain("CC BY-SA 4.0");
    expect(note).toContain("https://github.com/hflabs/city");
  });

  it("credits the list on the about page with a link to the source", async () => {
    const about = pageSchema.parse(await getJson("/api/public/website/page/o-kompanii"));
    const blocks = about.components.flatMap((component) => (component.key === "Text" ? component.content.blocks : []));
    expect(blocks).toContainEqual({
      type: "paragraph",
      text: "Список городов — HFLabs, CC BY-SA 4.0:",
      link: { label: "github.com/hflabs/city", href: "https://github.com/hflabs/city" },
    });
  });
});

describe("the demo city where the bus goes", () => {
  it("offers «Автобусом до автовокзала» in the demo city, and the demo client has an address there", async () => {
    const options = deliveryOptionsSchema.parse(await getJson(`/api/geo/delivery/${DEMO_BUS_CITY.kladrId}`));
    expect(options.city).toBe(DEMO_BUS_CITY.city);
    expect(options.options.find((option) => option.deliveryMethod === "BusStation")).toMatchObject({ name: "Автобусом до автовокзала" });

    const login = await testApp.app.inject({ method: "POST", url: "/api/auth/login", payload: { ...DEMO_ACCOUNTS.client, rememberMe: false } });
    expect(login.statusCode, login.body).toBe(200);
    const { token } = sessionGrantSchema.parse(login.json());
    expect((await suggest("новороссийск советов", token))[0]).toMatchObject({
      value: `г. ${DEMO_BUS_CITY.city}, ${DEMO_BUS_CITY.address}`,
      cityKladrId: DEMO_BUS_CITY.kladrId,
      source: "saved",
    });
  });

  it("still has no bus in Krasnodar itself (zone 0)", async () => {
    const options = deliveryOptionsSchema.parse(await getJson(`/api/geo/delivery/${DEFAULT_CITY_KLADR_ID}`));
    expect(options.options.map((option) => option.deliveryMethod)).not.toContain("BusStation");
  });
});

describe("street suggestions offline (no DADATA_API_KEY)", () => {
  it("suggests Krasnodar's ul. Krasnaya for «Красная», keeping the house number", async () => {
    const found = await suggest("Красная");
    expect(found[0]).toEqual({
      value: "г. Краснодар, ул. Красная",
      cityKladrId: DEFAULT_CITY_KLADR_ID,
      city: "Краснодар",
      region: "Краснодарский край",
      postalCode: null,
      geoLat: null,
      geoLon: null,
      source: "street",
    });
    expect((await suggest("ул. Северная, 405"))[0]).toMatchObject({ value: "г. Краснодар, ул. Северная, д. 405", source: "street" });
    expect((await suggest("красн")).filter((item) => item.source === "street").map((item) => item.value)).toEqual([
      "г. Краснодар, ул. Красная",
      "г. Краснодар, ул. Красноармейская",
      "г. Краснодар, ул. Красных Партизан",
    ]);
  });

  it("puts known cities before streets and suggests nothing for text that is neither", async () => {
    expect((await suggest("Краснодар, Красная"))[0]).toMatchObject({ value: "г. Краснодар, Красная", source: "city" });
    expect(await suggest("zzzz")).toEqual([]);
    expect((await suggest("ул. ")).some((item) => item.source === "street"), "a street type alone names no street").toBe(false);
  });
});
