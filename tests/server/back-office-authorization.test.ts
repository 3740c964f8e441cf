import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categoryListSchema, EMPLOYEE_ROLES, productListPageSchema, SESSION_TOKEN_HEADER, sessionGrantSchema } from "../../shared/contracts/index";
import { DEMO_ACCOUNTS } from "../../server/seed/demo-data";
import { startTestApp, TEST_APP_ORIGIN } from "./support/test-app";
import type { TestApp } from "./support/test-app";
import { BACK_OFFICE_AREAS } from "./back-office/areas";
import type { BackOfficeActor, MatrixContext, MatrixIds } from "./back-office/matrix";

/*
 * Who may call the back office (issue 29): every /api/employee/… operation of the OpenAPI document
 * × anonymous, a visitor's temporary account, a client, and one employee per role (the demo data's:
 * README "Demo accounts"). Anonymous and the visitor get 401, the client and an employee without
 * the role 403, an employee with the role (and the admin) anything but 401/403 and never a 5xx.
 * A new /api/employee/ operation without a row in an area's `*.calls.ts` fails the last test; the
 * document's x-ottisk-roles must say the same as the row.
 */

const ROLE_LOGINS = {
  admin: DEMO_ACCOUNTS.employee,
  manager: DEMO_ACCOUNTS.sales,
  content: DEMO_ACCOUNTS.content,
  catalog: DEMO_ACCOUNTS.catalog,
  designer: DEMO_ACCOUNTS.designer,
  prepress: DEMO_ACCOUNTS.prepress,
} as const;

const ACTORS: readonly BackOfficeActor[] = ["anonymous", "visitor", "client", ...EMPLOYEE_ROLES];

let testApp: TestApp;
const tokens = new Map<BackOfficeActor, string | null>();
const prepared = new Map<string, MatrixIds>();
let context: MatrixContext;

async function signIn(login: { email: string; password: string }): Promise<string> {
  const response = await testApp.app.inject({ method: "POST", url: "/api/auth/login", headers: { origin: TEST_APP_ORIGIN }, payload: { ...login, rememberMe: false } });
  expect(response.statusCode, response.body).toBe(200);
  return sessionGrantSchema.parse(response.json()).token;
}

function inject(options: InjectOptions, token: string | null | undefined): Promise<LightMyRequestResponse> {
  const headers = { ...(options.headers as Record<string, string> | undefined), ...(token ? { authorization: `Bearer ${token}` } : {}) };
  return testApp.app.inject({ ...options, headers });
}

function expectedFor(actor: BackOfficeActor, roles: readonly string[]): 401 | 403 | "allowed" {
  if (actor === "anonymous" || actor === "visitor") return 401;
  if (actor === "client") return 403;
  return actor === "admin" || roles.includes(actor) ? "allowed" : 403;
}

beforeAll(async () => {
  testApp = await startTestApp();
  tokens.set("anonymous", null);
  // A visitor's temporary account opens on the first favourite (spec §1).
  const categories = categoryListSchema.parse((await testApp.app.inject({ method: "GET", url: "/api/public/product/category" })).json());
  const products = productListPageSchema.parse((await testApp.app.inject({ method: "GET", url: `/api/public/product?categoryId=${categories[0]?.id}` })).json());
  const visitor = await testApp.app.inject({ method: "PUT", url: `/api/public/product/to-favorite/${products.items[0]?.id}` });
  tokens.set("visitor", String(visitor.headers[SESSION_TOKEN_HEADER.toLowerCase()]));
  tokens.set("client", await signIn(DEMO_ACCOUNTS.client));
  for (const role of EMPLOYEE_ROLES) tokens.set(role, await signIn(ROLE_LOGINS[role]));
  context = { testApp, adminToken: tokens.get("admin") ?? "" };
  for (const area of BACK_OFFICE_AREAS) prepared.set(area.name, await area.prepare(context));
});

afterAll(async () => {
  await testApp.close();
});

describe("who may call the back office", () => {
  it("has a temporary visitor's session to try with", () => {
    expect(tokens.get("visitor")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  for (const area of BACK_OFFICE_AREAS) {
    for (const call of area.calls) {
      it(`${call.route} (${area.name})`, async () => {
        const outcomes: string[] = [];
        let failed = false;
        // The refused callers first, on the prepared things as they are; then each admitted one.
        const order = [...ACTORS].sort((a, b) => Number(expectedFor(a, call.roles) === "allowed") - Number(expectedFor(b, call.roles) === "allowed"));
        for (const actor of order) {
          const expected = expectedFor(actor, call.roles);
          let ids = prepared.get(area.name) ?? {};
          if (call.fresh && expected === "allowed") ids = { ...ids, ...(await call.fresh(context, actor)) };
          const response = await inject(call.request(ids) as InjectOptions, tokens.get(actor));
          const status = response.statusCode;
          const good = expected === "allowed" ? status !== 401 && status !== 403 && status < 500 : status === expected;
          if (!good) failed = true;
          outcomes.push(`${actor}: ${status}${good ? "" : ` (expected ${expected}) ${response.body.slice(0, 200)}`}`);
          if (status >= 400) expect(response.json(), `${call.route} as ${actor}`).toHaveProperty("messageUI");
        }
        expect(failed, outcomes.join("\n")).toBe(false);
      });
    }
  }

  it("names every /api/employee/ operation of the document once, with the roles the document gives", () => {
    const document = testApp.app.swagger() as { paths: Record<string, Record<string, { "x-ottisk-roles"?: string[] }>> };
    const documented = new Map<string, string[] | undefined>();
    for (const [path, methods] of Object.entries(document.paths)) {
      if (!path.startsWith("/api/employee/")) continue;
      for (const [method, operation] of Object.entries(methods)) documented.set(`${method.toUpperCase()} ${path}`, operation["x-ottisk-roles"]);
    }
    const rows = BACK_OFFICE_AREAS.flatMap((area) => area.calls);
    // The orders panel's operations are in tests/server/authorization.test.ts (the payments' receipts with them, issue 30).
    const older = new Set(["GET /api/employee/order", "GET /api/employee/order/{id}", "PATCH /api/employee/order/{id}/status", "GET /api/employee/order/{id}/payments"]);
    expect([...documented.keys()].filter((route) => !older.has(route) && !rows.some((row) => row.route === route))).toEqual([]);
    expect(rows.map((row) => row.route).filter((route, index, all) => all.indexOf(route) !== index)).toEqual([]);
    for (const row of rows) {
      expect(documented.has(row.route), `${row.route} is not in the document`).toBe(true);
      expect([...(documented.get(row.route) ?? [])].sort(), row.route).toEqual([...new Set(["admin", ...row.roles])].sort());
    }
  });
});
