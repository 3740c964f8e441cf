import { employeePickupPointSchema, employeePromocodeSchema } from "../../../shared/contracts/index";
import { TEST_APP_ORIGIN } from "../support/test-app";
import type { BackOfficeArea, MatrixContext } from "./matrix";

/** The promo area's /api/employee/… operations for the authorization matrix (tests/server/back-office-authorization.test.ts). */

const KAZAN = "1600000100000";

export const promoCodeBody = (code: string) => ({
  code,
  kind: "percent",
  value: 5,
  minOrderSum: 0,
  validFrom: null,
  validTo: null,
  usageLimitTotal: null,
  usageLimitPerClient: 1,
  categoryIds: [],
  active: true,
  description: "Матрица прав",
});

export const pickupPointBody = (name: string) => ({
  name,
  cityKladrId: KAZAN,
  address: "ул. Баумана, 1",
  operatingMode: "Пн–Пт 9:00–18:00",
  geoLat: 55.79,
  geoLon: 49.11,
  phone: "+7 843 000-00-00",
  active: true,
});

let serial = 0;

async function create(context: MatrixContext, url: string, payload: object): Promise<number> {
  const response = await context.testApp.app.inject({
    method: "POST",
    url,
    headers: { origin: TEST_APP_ORIGIN, authorization: `Bearer ${context.adminToken}` },
    payload,
  });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return url.endsWith("promocode") ? employeePromocodeSchema.parse(response.json()).id : employeePickupPointSchema.parse(response.json()).id;
}

export const promoArea: BackOfficeArea = {
  name: "promo",
  prepare: async (context) => ({
    promocode: await create(context, "/api/employee/promocode", promoCodeBody("MATRIX-PREPARED")),
    pickupPoint: await create(context, "/api/employee/pickup-point", pickupPointBody("Матрица")),
    serial: 0,
  }),
  calls: [
    { route: "GET /api/employee/promocode", roles: ["manager"], request: () => ({ method: "GET", url: "/api/employee/promocode" }) },
    { route: "GET /api/employee/promocode/{id}", roles: ["manager"], request: (ids) => ({ method: "GET", url: `/api/employee/promocode/${ids.promocode}` }) },
    {
      route: "POST /api/employee/promocode",
      roles: ["manager"],
      request: (ids) => ({ method: "POST", url: "/api/employee/promocode", payload: promoCodeBody(`MATRIX-${ids.serial}`) }),
      fresh: () => Promise.resolve({ serial: ++serial }),
    },
    {
      route: "PUT /api/employee/promocode/{id}",
      roles: ["manager"],
      request: (ids) => ({ method: "PUT", url: `/api/employee/promocode/${ids.promocode}`, payload: { ...promoCodeBody("MATRIX-PREPARED"), value: 7 } }),
    },
    { route: "GET /api/employee/pickup-point", roles: ["manager"], request: () => ({ method: "GET", url: "/api/employee/pickup-point" }) },
    { route: "GET /api/employee/pickup-point/{id}", roles: ["manager"], request: (ids) => ({ method: "GET", url: `/api/employee/pickup-point/${ids.pickupPoint}` }) },
    {
      route: "POST /api/employee/pickup-point",
      roles: ["manager"],
      request: () => ({ method: "POST", url: "/api/employee/pickup-point", payload: { ...pickupPointBody("Матрица, новый"), active: false } }),
    },
    {
      route: "PUT /api/employee/pickup-point/{id}",
      roles: ["manager"],
      request: (ids) => ({ method: "PUT", url: `/api/employee/pickup-point/${ids.pickupPoint}`, payload: { ...pickupPointBody("Матрица"), active: false } }),
    },
  ],
};
