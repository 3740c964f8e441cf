import { afterEach, describe, expect, it } from "vitest";
import { PRESET_CITIES } from "../../../shared/domain/geo";
import { startFakeService } from "../../../tests/server/support/fake-http";
import type { FakeService } from "../../../tests/server/support/fake-http";
import { createDadataAddressSuggester } from "../dadata-address";
import { createBoxberryProvider } from "./boxberry";
import { createCdekProvider } from "./cdek";
import { createDpdProvider } from "./dpd";
import type { ProviderCity } from "./provider";
import { createYandexDeliveryProvider } from "./yandex";

/*
 * Each provider's adapter against a stand-in on 127.0.0.1 that checks the request the adapter
 * sends and answers in the provider's documented shape (or with its documented errors).
 */

function providerCity(name: string): ProviderCity {
  const preset = PRESET_CITIES.find((city) => city.city === name);
  if (!preset) throw new Error(`No preset city ${name}`);
  return { ...preset, postalCode: preset.postalCode };
}

const krasnodar = providerCity("Краснодар");
const kazan = providerCity("Казань");

let fake: FakeService | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

describe("CDEK", () => {
  it("gets a token once, prices by tarifflist and maps its tariffs to Cdek and CdekExpress", async () => {
    let clock = 1_000_000;
    fake = await startFakeService((request) => {
      if (request.path === "/v2/oauth/token") {
        expect(request.method).toBe("POST");
        expect(Object.fromEntries(request.query)).toEqual({ grant_type: "client_credentials", client_id: "id", client_secret: "secret" });
        return { body: { access_token: `token-${clock}`, token_type: "bearer", expires_in: 3600, scope: "order:all", jti: "j" } };
      }
      if (request.path === "/v2/calculator/tarifflist") {
        if (!request.headers.authorization?.startsWith("Bearer token-")) return { status: 401, body: { errors: [{ code: "v2_token_expired" }] } };
        const body = JSON.parse(request.body) as Record<string, unknown>;
        expect(body).toMatchObject({ from_location: { code: 435 }, to_location: { code: 424 }, packages: [{ weight: 2500 }] });
        return {
          body: {
            tariff_codes: [
              { tariff_code: 136, tariff_name: "Посылка склад-склад", delivery_mode: 4, delivery_sum: 420.5, period_min: 2, period_max: 3 },
              { tariff_code: 482, tariff_name: "Экспресс склад-дверь", delivery_mode: 3, delivery_sum: 1100, period_min: 1, period_max: 2 },
              { tariff_code: 62, tariff_name: "Магистральный экспресс", delivery_mode: 4, delivery_sum: 300, period_min: 2, period_max: 4 },
            ],
          },
        };
      }
      return { status: 404, body: {} };
    });
    const cdek = createCdekProvider({ clientId: "id", clientSecret: "secret", baseUrl: fake.baseUrl, now: () => clock });
    const expected = [
      { deliveryMethod: "Cdek", tariffCode: "136", name: "Посылка склад-склад", priceKopecks: 42_050, transitDays: 3 },
      { deliveryMethod: "CdekExpress", tariffCode: "482", name: "Экспресс склад-дверь", priceKopecks: 110_000, transitDays: 2 },
    ];
    expect(await cdek.tariffs({ from: krasnodar, to: kazan, weightGrams: 2500 })).toEqual(expected);
    expect(await cdek.tariffs({ from: krasnodar, to: kazan, weightGrams: 2500 })).toEqual(expected);
    expect(fake.seen.filter((request) => request.path === "/v2/oauth/token")).toHaveLength(1);
    // An hour later the token has expired and a new one is asked for.
    clock += 3_600_000;
    await cdek.tariffs({ from: krasnodar, to: kazan, weightGrams: 2500 });
    expect(fake.seen.filter((request) => request.path === "/v2/oauth/token")).toHaveLength(2);
  });

  it("lists deliverypoints by city code and fails on an error status", async () => {
    fake = await startFakeService((request) => {
      if (request.path === "/v2/oauth/token") return { body: { access_token: "t", expires_in: 3600 } };
      if (request.query.get("city_code") === "424") {
        return {
          body: [
            {
              code: "KZN3",
              name: "На Пушкина",
              location: { city_code: 424, city: "Казань", address: "ул. Пушкина, 3", address_full: "Россия, Казань, ул. Пушкина, 3", latitude: 55.79, longitude: 49.12 },
              work_time: "Пн-Пт 10:00-20:00",
              phones: [{ number: "+78432000000" }],
            },
          ],
        };
      }
      return { status: 500, body: { errors: [{ code: "v2_internal_error" }] } };
    });
    const cdek = createCdekProvider({ clientId: "id", clientSecret: "secret", baseUrl: fake.baseUrl });
    expect(await cdek.pickupPoints(kazan)).toEqual([
      { code: "KZN3", name: "На Пушкина", address: "Россия, Казань, ул. Пушкина, 3", geoLat: 55.79, geoLon: 49.12, workTime: "Пн-Пт 10:00-20:00", phone: "+78432000000" },
    ]);
    expect(fake.seen.at(-1)?.headers.authorization).toBe("Bearer t");
    await expect(cdek.pickupPoints(krasnodar)).rejects.toThrow();
  });
});

describe("Boxberry", () => {
  it("prices to the city's first point and by the courier, and lists the points", async () => {
    fake = await startFakeService((request) => {
      expect(request.query.get("token")).toBe("bb-token");
      const method = request.query.get("method");
      if (method === "ListPoints") {
        expect(request.query.get("CityCode")).toBe("35");
        return {
          body: [
            { Code: "16001", Name: "Казань Баумана", Address: "420111, Казань, ул. Баумана, 7", Phone: "8-800-700-54-30", WorkShedule: "пн-вс: 10.00-21.00", GPS: "55.7887,49.1221", CityCode: "35" },
          ],
        };
      }
      if (method === "DeliveryCosts" && request.query.get("target") === "16001") {
        expect(request.query.get("weight")).toBe("1500");
        return { body: { price: 289.5, price_base: 289.5, price_service: 0, delivery_period: "4" } };
      }
      if (method === "DeliveryCosts" && request.query.get("zip") === "420000") return { body: { err: "Курьерская доставка в этот индекс невозможна" } };
      return { body: [{ err: "Неизвестный метод" }] };
    });
    const boxberry = createBoxberryProvider({ token: "bb-token", baseUrl: fake.baseUrl });
    expect(await boxberry.tariffs({ from: krasnodar, to: kazan, weightGrams: 1500 })).toEqual([
      { deliveryMethod: "Boxberry", tariffCode: "pvz", name: "До пункта выдачи", priceKopecks: 28_950, transitDays: 4 },
    ]);
    expect(await boxberry.pickupPoints(kazan)).toEqual([
      { code: "16001", name: "Казань Баумана", address: "420111, Казань, ул. Баумана, 7", geoLat: 55.7887, geoLon: 49.1221, workTime: "пн-вс: 10.00-21.00", phone: "8-800-700-54-30" },
    ]);
  });

  it("treats Boxberry's {err} answer as a failure", async () => {
    fake = await startFakeService(() => ({ body: [{ err: "Ключ интеграции не найден" }] }));
    const boxberry = createBoxberryProvider({ token: "wrong", baseUrl: fake.baseUrl });
    await expect(boxberry.pickupPoints(kazan)).rejects.toThrow(/Ключ интеграции не найден/);
  });
});

describe("DPD", () => {
  it("asks getServiceCost2 by SOAP and maps its services", async () => {
    fake = await startFakeService((request) => {
      expect(request.path).toBe("/services/calculator2");
      expect(request.headers["content-type"]).toMatch(/^text\/xml/);
      expect(request.body).toContain("<clientNumber>1001</clientNumber><clientKey>KEY</clientKey>");
      expect(request.body).toContain("<pickup><cityId>195733465</cityId></pickup>");
      expect(request.body).toContain("<delivery><cityId>49265227</cityId></delivery>");
      expect(request.body).toContain("<weight>2.5</weight>");
      return {
        contentType: "text/xml",
        body: [
          '<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body>',
          '<ns2:getServiceCost2Response xmlns:ns2="http://dpd.ru/ws/calculator/2012-03-20">',
          "<return><serviceCode>PCL</serviceCode><serviceName>DPD OPTIMUM</serviceName><cost>512.34</cost><days>4</days></return>",
          "<return><serviceCode>NDY</serviceCode><serviceName>DPD EXPRESS</serviceName><cost>1020</cost><days>2</days></return>",
          "<return><serviceCode>MAX</serviceCode><serviceName>DPD MAX domestic</serviceName><cost>900</cost><days>3</days></return>",
          "</ns2:getServiceCost2Response></S:Body></S:Envelope>",
        ].join(""),
      };
    });
    const dpd = createDpdProvider({ clientNumber: "1001", clientKey: "KEY", baseUrl: fake.baseUrl });
    expect(await dpd.tariffs({ from: krasnodar, to: kazan, weightGrams: 2500 })).toEqual([
      { deliveryMethod: "Dpd", tariffCode: "PCL", name: "DPD OPTIMUM", priceKopecks: 51_234, transitDays: 4 },
      { deliveryMethod: "DpdExpress", tariffCode: "NDY", name: "DPD EXPRESS", priceKopecks: 102_000, transitDays: 2 },
    ]);
  });

  it("lists getParcelShops and fails on a SOAP fault", async () => {
    fake = await startFakeService((request) => {
      if (request.path === "/services/geography2" && request.body.includes("<cityCode>16000001000</cityCode>")) {
        return {
          contentType: "text/xml",
          body: [
            '<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body>',
            '<ns2:getParcelShopsResponse xmlns:ns2="http://dpd.ru/ws/geography/2015-05-20"><return>',
            "<parcelShop><code>KZN1</code><parcelShopType>ПВП</parcelShopType><state>Open</state>",
            "<address><cityId>49265227</cityId><countryCode>RU</countryCode><cityName>Казань</cityName><streetAbbr>ул</streetAbbr><street>Баумана</street><houseNo>7</houseNo></address>",
            "<brand>Pickup</brand><geoCoordinates><latitude>55.7887</latitude><longitude>49.1221</longitude></geoCoordinates></parcelShop>",
            "</return></ns2:getParcelShopsResponse></S:Body></S:Envelope>",
          ].join(""),
        };
      }
      return {
        status: 500,
        contentType: "text/xml",
        body: '<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body><S:Fault><faultcode>S:Server</faultcode><faultstring>Ошибка авторизации</faultstring></S:Fault></S:Body></S:Envelope>',
      };
    });
    const dpd = createDpdProvider({ clientNumber: "1001", clientKey: "KEY", baseUrl: fake.baseUrl });
    expect(await dpd.pickupPoints(kazan)).toEqual([
      { code: "KZN1", name: "DPD Pickup", address: "г. Казань, ул Баумана, 7", geoLat: 55.7887, geoLon: 49.1221, workTime: "", phone: "" },
    ]);
    await expect(dpd.pickupPoints(krasnodar)).rejects.toThrow(/Ошибка авторизации/);
  });
});

describe("Yandex Delivery", () => {
  it("prices by the pricing calculator with the Bearer key", async () => {
    fake = await startFakeService((request) => {
      expect(request.path).toBe("/api/b2b/platform/pricing-calculator");
      expect(request.headers.authorization).toBe("Bearer ya-token");
      expect(JSON.parse(request.body)).toMatchObject({
        source: { address: "Краснодарский край, Краснодар" },
        destination: { address: "Республика Татарстан, Казань" },
        tariff: "time_interval",
        total_weight: 1200,
        payment_method: "already_paid",
      });
      return { body: { pricing_total: "456.78 RUB", delivery_days: 2 } };
    });
    const yandex = createYandexDeliveryProvider({ token: "ya-token", baseUrl: fake.baseUrl });
    expect(await yandex.tariffs({ from: krasnodar, to: kazan, weightGrams: 1200 })).toEqual([
      { deliveryMethod: "YandexDostavka", tariffCode: "time_interval", name: "Курьер в интервал", priceKopecks: 45_678, transitDays: 2 },
    ]);
    expect(await yandex.pickupPoints(kazan)).toEqual([]);
  });

  it("fails on an answer that is not the documented shape", async () => {
    fake = await startFakeService(() => ({ body: { message: "no tariffs" } }));
    const yandex = createYandexDeliveryProvider({ token: "ya-token", baseUrl: fake.baseUrl });
    await expect(yandex.tariffs({ from: krasnodar, to: kazan, weightGrams: 1200 })).rejects.toThrow();
  });
});

describe("DaData address suggestions", () => {
  it("posts suggest/address with the key and maps the suggestions", async () => {
    fake = await startFakeService((request) => {
      expect(request.path).toBe("/suggestions/api/4_1/rs/suggest/address");
      expect(request.headers.authorization).toBe("Token key");
      expect(JSON.parse(request.body)).toEqual({ query: "сочи навагинская", count: 10, locations: [{ country_iso_code: "RU" }] });
      return {
        body: {
          suggestions: [
            {
              value: "г Сочи, ул Навагинская",
              unrestricted_value: "354000, Краснодарский край, г Сочи, ул Навагинская",
              data: { postal_code: "354000", region_with_type: "Краснодарский край", city: "Сочи", city_kladr_id: "2300000700000", geo_lat: "43.5851", geo_lon: "39.7236" },
            },
            {
              value: "Краснодарский край, Сочи, пгт Красная Поляна",
              data: { postal_code: null, region_with_type: "Краснодарский край", city: null, city_kladr_id: null, settlement: "Красная Поляна", settlement_kladr_id: "2300000700100", geo_lat: null, geo_lon: null },
            },
          ],
        },
      };
    });
    const dadata = createDadataAddressSuggester({ apiKey: "key", baseUrl: fake.baseUrl });
    expect(await dadata.suggest("сочи навагинская", 10)).toEqual([
      { value: "г Сочи, ул Навагинская", cityKladrId: "2300000700000", city: "Сочи", region: "Краснодарский край", postalCode: "354000", geoLat: 43.5851, geoLon: 39.7236, source: "dadata" },
      { value: "Краснодарский край, Сочи, пгт Красная Поляна", cityKladrId: "2300000700100", city: "Красная Поляна", region: "Краснодарский край", postalCode: null, geoLat: null, geoLon: null, source: "dadata" },
    ]);
  });
});
