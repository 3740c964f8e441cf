import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, clientOrder, orderProduct, product } from "../../server/db/schema";
import { DEMO_ACCOUNTS } from "../../server/seed/demo-data";
import { orderNumber } from "../../server/services/orders/order-placing";
import { SESSION_COOKIE } from "../../shared/contracts/index";
import type { AccountProfile } from "../../shared/contracts/index";
import { loginToken } from "./support/api-calls";
import { startHostSiteApp } from "./support/host-site-app";
import type { TestApp } from "./support/test-app";

/*
 * The account pages are drawn by the server with the visitor's session (host-site/account-data.ts):
 * the client's orders and the employee's list of every client's orders are in the page's HTML, not
 * loaded by the browser; a visitor without a session, or with a dead one, gets the sign-in form and
 * no private data, and a client on an employee's page gets the notice and no list. Needs the built
 * render (npm run build:client && npm run build:ssr).
 */

let testApp: TestApp;
let client: string;
let employee: string;
let number: string;
let orderId: number;

beforeAll(async () => {
  testApp = await startHostSiteApp();
  client = await loginToken(testApp.app, DEMO_ACCOUNTS.client.email, DEMO_ACCOUNTS.client.password);
  employee = await loginToken(testApp.app, DEMO_ACCOUNTS.employee.email, DEMO_ACCOUNTS.employee.password);
  // One order of the client's, for the account its orders page shows (the company chosen in «Заказываю от имени»).
  const profile = (await testApp.app.inject({ url: "/api/account/profile", headers: { cookie: `${SESSION_COOKIE}=${client}` } })).json<AccountProfile>();
  const db = testApp.database.db;
  const [owner] = await db.select({ id: account.id }).from(account).where(eq(account.email, DEMO_ACCOUNTS.client.email));
  const [anyProduct] = await db.select({ id: product.id }).from(product).orderBy(asc(product.id)).limit(1);
  if (!owner || !anyProduct) throw new Error("The demo data is missing");
  const at = new Date();
  const [created] = await db
    .insert(clientOrder)
    .values({
      number: `ssr-account-${Date.now()}`,
      accountId: owner.id,
      companyId: profile.selectedCompanyId,
      status: "new",
      paymentType: "Invoice",
      paymentStatus: "pending",
      itemsKopecks: 150_000,
      totalKopecks: 150_000,
      vatKopecks: 27_049,
      idempotencyKey: `ssr-account-${Date.now()}`,
      createdAt: at,
    })
    .returning({ id: clientOrder.id });
  if (!created) throw new Error("No order");
  orderId = created.id;
  number = orderNumber(at, created.id);
  await db.update(clientOrder).set({ number }).where(eq(clientOrder.id, created.id));
  await db.insert(orderProduct).values({ orderId: created.id, productId: anyProduct.id, quantity: 100, unitPriceKopecks: 1_500, priceKopecks: 150_000, productionTimeDay: 3 });
});

afterAll(async () => {
  await testApp.close();
});

/** The page's drawn HTML (without the snapshot the browser hydrates from) and the snapshot's text. */
async function page(url: string, token?: string): Promise<{ status: number; drawn: string; snapshot: string }> {
  const response = await testApp.app.inject({ url, headers: token === undefined ? {} : { cookie: `${SESSION_COOKIE}=${token}` } });
  const state = /<script id="ottisk-state" type="application\/json">([\s\S]*?)<\/script>/.exec(response.body);
  return { status: response.statusCode, drawn: response.body.replace(state?.[0] ?? "", ""), snapshot: state?.[1] ?? "" };
}

describe("an account page drawn by the server", () => {
  it("shows a signed-in client's orders in the HTML, and hands them to the browser", async () => {
    const seen = await page("/admin/client/orders", client);
    expect(seen.status).toBe(200);
    expect(seen.drawn).toContain(number);
    expect(seen.drawn).not.toContain("Загружаем заказы");
    expect(seen.snapshot).toContain('"accountPages":{"clientOrders":');
    expect(seen.snapshot).toContain(number);
  });

  it("shows an employee every client's orders in the HTML", async () => {
    const seen = await page("/admin/employee/orders", employee);
    expect(seen.status).toBe(200);
    expect(seen.drawn).toContain(number);
    expect(seen.snapshot).toContain('"employeeOrders":');
  });

  it("draws one order's page for its client and for an employee", async () => {
    expect((await page(`/admin/client/orders/${orderId}`, client)).drawn).toContain(number);
    expect((await page(`/admin/employee/orders/${orderId}`, employee)).drawn).toContain(number);
  });

  it.each([
    ["no session", undefined],
    ["a dead session", "x".repeat(43)],
  ])("shows a visitor with %s the sign-in form and no private data", async (_case, token) => {
    for (const url of ["/admin/client/orders", "/admin/employee/orders"]) {
      const seen = await page(url, token);
      expect(seen.status).toBe(200);
      expect(seen.drawn).toContain('type="password"');
      expect(seen.drawn + seen.snapshot).not.toContain(number);
      expect(seen.snapshot).not.toContain("accountPages");
    }
  });

  it("keeps an employee's page from a client: the notice, no list", async () => {
    const seen = await page("/admin/employee/orders", client);
    expect(seen.drawn).toContain("Эта страница — для сотрудников типографии.");
    expect(seen.drawn + seen.snapshot).not.toContain(number);
    expect(seen.snapshot).not.toContain("accountPages");
  });
});
