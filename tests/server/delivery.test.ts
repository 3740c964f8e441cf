import { createServer } from "node:http";
import type { IncomingMessage, Server } from "node:http";
import { inArray } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addressSuggestionListSchema,
  deliveryMethodValues,
  deliveryOptionsSchema,
  districtListSchema,
  pickupPointListSchema,
  serverErrorSchema,
  sessionGrantSchema,
} from "../../shared/contracts/index";
import type { DeliveryMethod, DeliveryOptions, ServerError } from "../../shared/contracts/index";
import { createDadataAddressSuggester } from "../../server/adapters/dadata-address";
import { createCdekProvider } from "../../server/adapters/delivery/cdek";
import { inProcessFetch } from "../../server/plugins/in-process-fetch";
import { createApi, isApiError } from "../../shared/http/index";
import { city } from "../../server/db/schema";
import { DEMO_ACCOUNTS } from "../../server/seed/demo-data";
import { closeServer, serveOnLoopback } from "./support/fake-http";
import { startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * Geography and delivery through Fastify's inject: the methods to a city with price and date, pickup
 * points, the courier's districts and address suggestions. The clock is fixed (and moved by the
 * tests); CDEK and DaData are stand-ins on 127.0.0.1 that answer Kazan and «dadata …» queries in
 * their documented shapes and fail otherwise, so the shop's own table and data answer the rest.
 */

const KRASNODAR = "2300000100000";
const MOSCOW = "7700000000000";
const KAZAN = "1600000100000";
const SOCHI = "2300000700000";
const VLADIVOSTOK = "2500000100000";
/** Wednesday 4 March 2026, noon in Krasnodar. */
const WEDNESDAY = new Date("2026-03-04T09:00:00Z");
/** Friday 6 March 2026, noon in Krasnodar. */
const FRIDAY = new Date("2026-03-06T09:00:00Z");

let clock = WEDNESDAY;
let testApp: TestApp;
let fake: Server;
const cdekCalls: string[] = [];

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? JSON.parse(text) : null;
}

/** CDEK (OAuth, tarifflist, deliverypoints) and DaData (suggest/address) in one stand-in. */
function startFake(): Promise<string> {
  fake = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const send = (status: number, body: unknown) => response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (url.pathname === "/v2/oauth/token") {
      send(200, { access_token: "cdek-token", token_type: "bearer", expires_in: 3600, scope: "order:all payment:all", jti: "x" });
      return;
    }
    if (url.pathname === "/v2/calculator/tarifflist") {
      const body = (await readBody(request)) as { to_location?: { code?: number } };
      cdekCalls.push(`tarifflist ${body.to_location?.code ?? "?"}`);
      if (body.to_location?.code !== 424) {
        send(500, { requests: [], errors: [{ code: "v2_internal_error", message: "boom" }] });
        return;
      }
      send(200, {
        tariff_codes: [
          { tariff_code: 136, tariff_name: "Посылка склад-склад", tariff_description: "", delivery_mode: 4, delivery_sum: 612.5, period_min: 3, period_max: 4 },
          { tariff_code: 483, tariff_name: "Экспресс склад-склад", tariff_description: "", delivery_mode: 4, delivery_sum: 990, period_min: 1, period_max: 2 },
        ],
      });
      return;
    }
    if (url.pathname === "/v2/deliverypoints") {
      cdekCalls.push(`deliverypoints ${url.searchParams.get("city_code") ?? "?"}`);
      if (url.searchParams.get("city_code") !== "424") {
        send(502, { errors: [{ code: "bad_gateway", message: "boom" }] });
        return;
      }
      send(200, [
        {
          code: "KZN12",
          name: "На Баумана",
          location: { city_code: 424, city: "Казань", address: "ул. Баумана, 7", address_full: "Россия, Казань, ул. Баумана, 7", latitude: 55.7887, longitude: 49.1221 },
          work_time: "Пн-Вс 10:00-20:00",
          phones: [{ number: "+78005000405" }],
          type: "PVZ",
        },
      ]);
      return;
    }
    if (url.pathname === "/suggestions/api/4_1/rs/suggest/address") {
      const body = (await readBody(request)) as { query?: string };
      if (request.headers.authorization !== "Token dadata-key" || !body.query?.startsWith("dadata")) {
        send(503, { family: "SERVER_ERROR", reason: "Service Unavailable" });
        return;
      }
      send(200, {
        suggestions: [
          {
            value: "г Казань, ул Баумана, д 7",
            unrestricted_value: "420111, Респ Татарстан, г Казань, Вахитовский р-н, ул Баумана, д 7",
            data: {
              postal_code: "420111",
              region_with_type: "Респ Татарстан",
              city: "Казань",
              city_kladr_id: KAZAN,
              settlement: null,
              settlement_kladr_id: null,
              geo_lat: "55.7887",
              geo_lon: "49.1221",
            },
          },
        ],
      });
      return;
    }
    send(404, { message: "not found" });
  });
  return serveOnLoopback(fake);
}

beforeAll(async () => {
  const baseUrl = await startFake();
  testApp = await startTestApp({
    delivery: {
      now: () => clock,
      providers: [createCdekProvider({ clientId: "cdek-id", clientSecret: "cdek-secret", baseUrl })],
      addressSuggester: createDadataAddressSuggester({ apiKey: "dadata-key", baseUrl }),
    },
  });
  // Two cities beyond the preset five, from the shipped city list: Sochi in the Krasnodar region, Vladivostok far away.
  const known = await testApp.database.db.select({ kladrId: city.kladrId }).from(city).where(inArray(city.kladrId, [SOCHI, VLADIVOSTOK]));
  expect(known).toHaveLength(2);
});
afterAll(async () => {
  await testApp.close();
  await closeServer(fake);
});

function call(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse> {
  const { token, headers, ...rest } = options;
  return testApp.app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
}

function problemOf(response: LightMyRequestResponse, status: number): ServerError {
  expect(response.statusCode, response.body).toBe(status);
  const problem = serverErrorSchema.parse(response.json());
  expect(problem.messageUI).toMatch(/[А-Яа-яЁё]/);
  return problem;
}

async function options(cityKladrId: string, query = ""): Promise<DeliveryOptions> {
  const response = await call({ method: "GET", url: `/api/geo/delivery/${cityKladrId}${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return deliveryOptionsSchema.parse(response.json());
}

function methodsOf(answer: DeliveryOptions): DeliveryMethod[] {
  return answer.options.map((option) => option.deliveryMethod);
}

function priceOf(answer: DeliveryOptions, method: DeliveryMethod): number {
  const option = answer.options.find((candidate) => candidate.deliveryMethod === method);
  if (!option) throw new Error(`${method} is not offered`);
  return option.price;
}

describe("GET /geo/delivery/{cityId}", () => {
  it("offers all nine methods across the cities, each where it works", async () => {
    const krasnodar = await options(KRASNODAR);
    const moscow = await options(MOSCOW);
    const kazan = await options(KAZAN);
    const sochi = await options(SOCHI);
    const vladivostok = await options(VLADIVOSTOK);
    expect(new Set([...methodsOf(krasnodar), ...methodsOf(moscow), ...methodsOf(kazan), ...methodsOf(sochi)])).toEqual(new Set(deliveryMethodValues));

    expect(methodsOf(krasnodar)).toEqual(expect.arrayContaining(["SelfPickup", "Courier", "YandexDostavka", "Cdek", "Boxberry", "Dpd"]));
    expect(methodsOf(krasnodar)).not.toContain("BusStation");
    expect(methodsOf(moscow)).toEqual(expect.arrayContaining(["SelfPickup", "Courier", "YandexDostavka"]));
    expect(methodsOf(kazan)).not.toContain("Courier");
    expect(methodsOf(kazan)).not.toContain("SelfPickup");
    expect(methodsOf(sochi)).toContain("BusStation");
    expect(methodsOf(sochi)).not.toContain("YandexDostavka");
    expect(methodsOf(vladivostok)).not.toContain("BusStation");

    expect(priceOf(krasnodar, "SelfPickup")).toBe(0);
    expect(krasnodar.options.find((option) => option.deliveryMethod === "Cdek")).toMatchObject({ source: "table", deliveryTypes: ["PickupPoint", "Door"], name: "СДЭК" });
  });

  it("prices grow with the weight and the distance", async () => {
    const light = await options(SOCHI, "?weightGrams=1000");
    const heavy = await options(SOCHI, "?weightGrams=7500");
    expect(heavy.weightGrams).toBe(7500);
    for (const method of ["Boxberry", "Dpd", "DpdExpress", "BusStation"] as const) {
      expect(priceOf(heavy, method)).toBeGreaterThan(priceOf(light, method));
    }
    const moscow = await options(MOSCOW);
    const vladivostok = await options(VLADIVOSTOK);
    for (const method of ["Boxberry", "Dpd", "DpdExpress"] as const) {
      expect(priceOf(moscow, method)).toBeGreaterThan(priceOf(light, method));
      expect(priceOf(vladivostok, method)).toBeGreaterThan(priceOf(moscow, method));
    }
  });

  it("lists the cheapest first, and the soonest first (and sooner) when urgent", async () => {
    const usual = await options(MOSCOW);
    const urgent = await options(MOSCOW, "?isUrgent=true");
    expect(urgent.isUrgent).toBe(true);
    const prices = usual.options.map((option) => option.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const dates = urgent.options.map((option) => option.deliveryDate);
    expect(dates).toEqual([...dates].sort());
    expect(urgent.options[0]?.deliveryDate.localeCompare(usual.options[0]?.deliveryDate ?? "")).toBeLessThan(0);
    for (const option of urgent.options) {
      const same = usual.options.find((candidate) => candidate.deliveryMethod === option.deliveryMethod);
      expect(option.deliveryDate <= (same?.deliveryDate ?? "")).toBe(true);
    }
  });

  it("counts production and transit in working days from the shop's today", async () => {
    clock = FRIDAY;
    try {
      // Ready on Friday itself (noon, before the cut-off), picked up at once; the Krasnodar courier comes the next
      // working day: Monday 9 March 2026 is a holiday (8 March fell on a Sunday), so Tuesday.
      const ready = await options(KRASNODAR, "?productionTimeDay=0");
      expect(ready.options.find((option) => option.deliveryMethod === "SelfPickup")?.deliveryDate).toBe("2026-03-06");
      expect(ready.options.find((option) => option.deliveryMethod === "Courier")?.deliveryDate).toBe("2026-03-10");
      // One production day from Friday is Tuesday; the courier then comes on Wednesday.
      const urgent = await options(KRASNODAR, "?isUrgent=true");
      expect(urgent.options.find((option) => option.deliveryMethod === "SelfPickup")?.deliveryDate).toBe("2026-03-10");
      expect(urgent.options.find((option) => option.deliveryMethod === "Courier")?.deliveryDate).toBe("2026-03-11");
      for (const option of [...ready.options, ...urgent.options]) {
        expect([0, 6]).not.toContain(new Date(`${option.deliveryDate}T00:00:00Z`).getUTCDay());
      }
    } finally {
      clock = WEDNESDAY;
    }
  });

  it("prices CDEK by its API where it answers, by the table where it fails", async () => {
    const before = cdekCalls.length;
    const kazan = await options(KAZAN);
    expect(kazan.options.find((option) => option.deliveryMethod === "Cdek")).toMatchObject({ source: "provider", tariffCode: "136", price: 612.5 });
    // Wednesday + 3 production days = Tuesday 10 March (9 March is a holiday), + 2 working days = Thursday 12 March.
    expect(kazan.options.find((option) => option.deliveryMethod === "CdekExpress")).toMatchObject({
      source: "provider",
      tariffCode: "483",
      price: 990,
      deliveryDate: "2026-03-12",
    });
    // One CDEK call prices both of its methods.
    expect(cdekCalls.slice(before)).toEqual(["tarifflist 424"]);
    const moscow = await options(MOSCOW);
    expect(moscow.options.find((option) => option.deliveryMethod === "Cdek")).toMatchObject({ source: "table", tariffCode: "136" });
  });

  it("reads a street's 17-digit KLADR id as its city", async () => {
    expect((await options(`${KRASNODAR.slice(0, 11)}000123`)).cityKladrId).toBe(KRASNODAR);
  });

  it("answers 404 for an unknown city and 400 for what a caller gets wrong, in Russian", async () => {
    expect(problemOf(await call({ method: "GET", url: "/api/geo/delivery/9900000000000" }), 404).code).toBe("CITY_NOT_FOUND");
    problemOf(await call({ method: "GET", url: "/api/geo/delivery/krasnodar" }), 400);
    problemOf(await call({ method: "GET", url: `/api/geo/delivery/${KRASNODAR}?weightGrams=0` }), 400);
    problemOf(await call({ method: "GET", url: `/api/geo/delivery/${KRASNODAR}?weightGrams=1.5` }), 400);
    problemOf(await call({ method: "GET", url: `/api/geo/delivery/${KRASNODAR}?isUrgent=maybe` }), 400);
    problemOf(await call({ method: "GET", url: `/api/geo/delivery/${KRASNODAR}?productionTimeDay=-1` }), 400);
  });
});

describe("the quote service (app.deliveryQuotes)", () => {
  const base = { cityKladrId: KAZAN, weightGrams: 1000, isUrgent: false, productionTimeDay: 2 };

  it("quotes one method, with a tariff or the usual one", async () => {
    expect(await testApp.app.deliveryQuotes.quote({ ...base, cityKladrId: SOCHI, deliveryMethod: "Boxberry" })).toMatchObject({
      deliveryMethod: "Boxberry",
      tariffCode: "pvz",
      source: "table",
    });
    const door = await testApp.app.deliveryQuotes.quote({ ...base, cityKladrId: SOCHI, deliveryMethod: "Boxberry", tariffCode: "courier" });
    expect(door.tariffCode).toBe("courier");
    expect(await testApp.app.deliveryQuotes.quote({ ...base, deliveryMethod: "CdekExpress" })).toMatchObject({ source: "provider", tariffCode: "483", priceKopecks: 99_000 });
    expect(await testApp.app.deliveryQuotes.quote({ ...base, cityKladrId: MOSCOW, deliveryMethod: "Courier", tariffCode: "msk-mkad" })).toMatchObject({
      priceKopecks: 70_000,
      tariffCode: "msk-mkad",
    });
  });

  it("refuses a method the city does not have (400), an unknown city (404), a foreign self-pickup point (400)", async () => {
    await expect(testApp.app.deliveryQuotes.quote({ ...base, deliveryMethod: "Courier" })).rejects.toMatchObject({
      statusCode: 400,
      code: "DELIVERY_METHOD_UNAVAILABLE",
      messageUI: "Способ доставки «Курьер типографии» недоступен в городе Казань",
    });
    await expect(testApp.app.deliveryQuotes.quote({ ...base, deliveryMethod: "Cdek", tariffCode: "999" })).rejects.toMatchObject({ statusCode: 400, code: "DELIVERY_TARIFF_UNKNOWN" });
    await expect(testApp.app.deliveryQuotes.quote({ ...base, cityKladrId: "9900000000000", deliveryMethod: "Cdek" })).rejects.toMatchObject({ statusCode: 404 });
    const moscowPoints = pickupPointListSchema.parse((await call({ method: "GET", url: `/api/geo/pvz/${MOSCOW}?deliveryProvider=SelfPickup` })).json());
    const moscowPoint = moscowPoints[0]?.code ?? "";
    await expect(
      testApp.app.deliveryQuotes.quote({ ...base, cityKladrId: KRASNODAR, deliveryMethod: "SelfPickup", pickupPointCode: moscowPoint }),
    ).rejects.toMatchObject({ statusCode: 400, code: "SELF_PICKUP_POINT_UNKNOWN" });
    expect(await testApp.app.deliveryQuotes.quote({ ...base, cityKladrId: MOSCOW, deliveryMethod: "SelfPickup", pickupPointCode: moscowPoint })).toMatchObject({
      priceKopecks: 0,
    });
  });
});

describe("GET /geo/pvz/{kladrId}", () => {
  async function points(url: string) {
    const response = await call({ method: "GET", url });
    expect(response.statusCode, response.body).toBe(200);
    return pickupPointListSchema.parse(response.json());
  }

  it("lays out the same demo points around the city's centre every time", async () => {
    const first = await points(`/api/geo/pvz/${MOSCOW}?deliveryProvider=Boxberry`);
    const again = await points(`/api/geo/pvz/${MOSCOW}?deliveryProvider=Boxberry`);
    expect(again).toEqual(first);
    expect(first).toHaveLength(6);
    for (const point of first) {
      expect(point).toMatchObject({ deliveryMethod: "Boxberry", cityKladrId: MOSCOW });
      expect(point.code).toMatch(/^BXB-7700000000000-\d$/);
      expect(Math.abs(point.geoLat - 55.754)).toBeLessThan(0.06);
      expect(point.address).toMatch(/^г\. Москва, /);
    }
    const dpd = await points(`/api/geo/pvz/${SOCHI}?deliveryProvider=DpdExpress`);
    expect(dpd.map((point) => point.code)).toEqual(["DPD-2300000700000-1", "DPD-2300000700000-2", "DPD-2300000700000-3", "DPD-2300000700000-4"]);
  });

  it("asks CDEK where it answers and falls back to demo points where it fails", async () => {
    expect(await points(`/api/geo/pvz/${KAZAN}?deliveryProvider=Cdek`)).toEqual([
      {
        code: "KZN12",
        deliveryMethod: "Cdek",
        name: "На Баумана",
        address: "Россия, Казань, ул. Баумана, 7",
        cityKladrId: KAZAN,
        geoLat: 55.7887,
        geoLon: 49.1221,
        workTime: "Пн-Вс 10:00-20:00",
        phone: "+78005000405",
      },
    ]);
    const krasnodar = await points(`/api/geo/pvz/${KRASNODAR}?deliveryProvider=CdekExpress`);
    expect(krasnodar[0]?.code).toBe("CDEK-2300000100000-1");
    expect(cdekCalls).toContain("deliverypoints 435");
  });

  it("lists the shop's own counters for SelfPickup and the bus station where the bus goes", async () => {
    const own = await points(`/api/geo/pvz/${KRASNODAR}?deliveryProvider=SelfPickup`);
    expect(own.length).toBeGreaterThanOrEqual(2);
    expect(own.every((point) => /^\d+$/.test(point.code) && point.deliveryMethod === "SelfPickup")).toBe(true);
    expect(await points(`/api/geo/pvz/${KAZAN}?deliveryProvider=SelfPickup`)).toEqual([]);
    expect(await points(`/api/geo/pvz/${SOCHI}?deliveryProvider=BusStation`)).toMatchObject([{ code: `BUS-${SOCHI}`, name: "Автовокзал г. Сочи" }]);
    expect(await points(`/api/geo/pvz/${MOSCOW}?deliveryProvider=BusStation`)).toEqual([]);
  });

  it("has no points for a door tariff and refuses an unknown one", async () => {
    expect(await points(`/api/geo/pvz/${MOSCOW}?deliveryProvider=Cdek&tariffCode=137`)).toEqual([]);
    expect((await points(`/api/geo/pvz/${MOSCOW}?deliveryProvider=Cdek&tariffCode=136`)).length).toBeGreaterThan(0);
    expect(problemOf(await call({ method: "GET", url: `/api/geo/pvz/${MOSCOW}?deliveryProvider=Cdek&tariffCode=999` }), 400).code).toBe("DELIVERY_TARIFF_UNKNOWN");
  });

  it("answers 400 and 404 in Russian", async () => {
    expect(problemOf(await call({ method: "GET", url: `/api/geo/pvz/${MOSCOW}` }), 400).messageUI).toBe("Укажите службу доставки deliveryProvider");
    problemOf(await call({ method: "GET", url: `/api/geo/pvz/${MOSCOW}?deliveryProvider=Pochta` }), 400);
    problemOf(await call({ method: "GET", url: `/api/geo/pvz/123?deliveryProvider=Cdek` }), 400);
    problemOf(await call({ method: "GET", url: `/api/geo/pvz/9900000000000?deliveryProvider=Cdek` }), 404);
  });
});

describe("GET /geo/district", () => {
  it("lists the courier's districts in Krasnodar and Moscow with price and date", async () => {
    const response = await call({ method: "GET", url: "/api/geo/district" });
    expect(response.statusCode, response.body).toBe(200);
    const districts = districtListSchema.parse(response.json());
    expect(new Set(districts.map((district) => district.city))).toEqual(new Set(["Краснодар", "Москва"]));
    expect(districts.find((district) => district.code === "krd-center")).toEqual({
      code: "krd-center",
      name: "Центральный округ",
      cityKladrId: KRASNODAR,
      city: "Краснодар",
      price: 300,
      // Wednesday + 3 production days = Tuesday (Monday 9 March is a holiday), + 1 day = Wednesday.
      deliveryDate: "2026-03-11",
    });
    const urgent = districtListSchema.parse((await call({ method: "GET", url: "/api/geo/district?isUrgent=true" })).json());
    expect(urgent.find((district) => district.code === "krd-center")?.deliveryDate).toBe("2026-03-06");
  });

  it("narrows to one city; a city without the courier has none", async () => {
    const moscow = districtListSchema.parse((await call({ method: "GET", url: `/api/geo/district?cityKladrId=${MOSCOW}` })).json());
    expect(moscow.map((district) => district.code)).toEqual(["msk-garden-ring", "msk-ttk", "msk-mkad", "msk-outside"]);
    expect(districtListSchema.parse((await call({ method: "GET", url: `/api/geo/district?cityKladrId=${KAZAN}` })).json())).toEqual([]);
    problemOf(await call({ method: "GET", url: "/api/geo/district?cityKladrId=abc" }), 400);
    problemOf(await call({ method: "GET", url: "/api/geo/district?isUrgent=yes" }), 400);
  });
});

describe("GET /geo/address", () => {
  async function suggest(text: string, token?: string) {
    const response = await call({ method: "GET", url: `/api/geo/address?address=${encodeURIComponent(text)}`, ...(token ? { token } : {}) });
    expect(response.statusCode, response.body).toBe(200);
    return addressSuggestionListSchema.parse(response.json());
  }

  it("suggests known cities, keeping the rest of the address", async () => {
    const found = await suggest("Каза");
    expect(found[0]).toMatchObject({ value: "г. Казань", cityKladrId: KAZAN, city: "Казань", region: "Республика Татарстан", source: "city" });
    expect((await suggest("г. Москва, ул. Тверская, 1"))[0]).toMatchObject({ value: "г. Москва, ул. Тверская, 1", cityKladrId: MOSCOW });
    expect(await suggest("zzzz")).toEqual([]);
  });

  it("suggests the signed-in client's saved addresses first", async () => {
    const login = await call({ method: "POST", url: "/api/auth/login", payload: { ...DEMO_ACCOUNTS.client, rememberMe: false } });
    expect(login.statusCode, login.body).toBe(200);
    const { token } = sessionGrantSchema.parse(login.json());
    const mine = await suggest("красная 1", token);
    expect(mine[0]).toMatchObject({ value: "г. Краснодар, ул. Красная, д. 1, оф. 5", cityKladrId: KRASNODAR, source: "saved" });
    expect((await suggest("красная 1")).some((suggestion) => suggestion.source === "saved")).toBe(false);
  });

  it("asks DaData when it is configured", async () => {
    expect(await suggest("dadata казань баумана 7")).toEqual([
      {
        value: "г Казань, ул Баумана, д 7",
        cityKladrId: KAZAN,
        city: "Казань",
        region: "Респ Татарстан",
        postalCode: "420111",
        geoLat: 55.7887,
        geoLon: 49.1221,
        source: "dadata",
      },
    ]);
  });

  it("answers 400 in Russian for a missing or overlong address", async () => {
    expect(problemOf(await call({ method: "GET", url: "/api/geo/address" }), 400).messageUI).toBe("Укажите адрес для поиска");
    problemOf(await call({ method: "GET", url: "/api/geo/address?address=%20" }), 400);
    problemOf(await call({ method: "GET", url: `/api/geo/address?address=${"а".repeat(301)}` }), 400);
  });
});

describe("the API client (shared/http/delivery.endpoints.ts)", () => {
  it("calls the four endpoints and parses their answers with the contracts", async () => {
    const api = createApi({ baseURL: "http://shop.test/api", fetch: inProcessFetch(testApp.app) });
    const urgent = await api.getDeliveryOptions(MOSCOW, { isUrgent: true, weightGrams: 2000 });
    expect(urgent).toMatchObject({ cityKladrId: MOSCOW, isUrgent: true, weightGrams: 2000 });
    expect((await api.getPickupPoints(KRASNODAR, { deliveryProvider: "SelfPickup" })).length).toBeGreaterThan(0);
    expect((await api.getDistricts({ cityKladrId: KRASNODAR })).every((district) => district.cityKladrId === KRASNODAR)).toBe(true);
    expect((await api.suggestAddresses("Казань"))[0]?.cityKladrId).toBe(KAZAN);
    const failure = await api.getDeliveryOptions("9900000000000").catch((error: unknown) => error);
    expect(isApiError(failure) && failure.messageUI).toBe("Такого города нет в справочнике.");
  });
});
