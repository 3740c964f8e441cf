import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { designOrderSchema, orderSchema } from "../../shared/contracts/index";
import type { Cart } from "../../shared/contracts/index";
import { designOrder } from "../../server/db/schema";
import { callerOf, cartCallerOf, problemOf } from "./support/api-calls";
import { freshClient } from "./support/fresh-client";
import { demoBusinessCardsId, startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * A design order replaces the shopper's layout (spec §4): a detail with a live design order (new,
 * in work or done) keeps nothing from being ordered, in the cart's answer and at place-order; a
 * cancelled one gives the detail back to the shopper, who must upload a layout again.
 */

const ORIGIN = "https://shop.example";
const courier = { deliveryType: "Door", cityKladrId: "2300000100000", deliveryMethod: "Courier", address: "ул. Красная, д. 7" };

let testApp: TestApp;
let cardsId: number;
const call = callerOf(() => testApp.app);

beforeAll(async () => {
  testApp = await startTestApp({ publicUrl: ORIGIN });
  cardsId = await demoBusinessCardsId(testApp);
});
afterAll(async () => {
  await testApp.close();
});

const cartCall = cartCallerOf(call);

/** A design order for each detail of the line that still needs a layout; the design ids. */
async function orderDesigns(token: string, cart: Cart, lineId: number): Promise<number[]> {
  const line = cart.orderProduct.find((item) => item.id === lineId);
  const details = line?.layouts.filter((item) => item.status === "missing").map((item) => item.detailName) ?? [];
  expect(details.length, "business cards need a layout").toBeGreaterThan(0);
  const ids: number[] = [];
  for (const detailName of details) {
    const response = await call({ method: "POST", url: "/api/client-order/design", token, payload: { orderProductId: lineId, detailName, comment: "Логотип пришлю, цвета — зелёный" } });
    expect(response.statusCode, response.body).toBe(200);
    ids.push(designOrderSchema.parse(response.json()).designId);
  }
  return ids;
}

describe("a design order instead of a layout", () => {
  it("lets a line whose layouts the designer makes be ordered, and the design orders go with the order", async () => {
    const { token } = await freshClient(testApp, "design-ready@example.com");
    const added = await cartCall({ method: "POST", url: "/api/client-cart/product", token, payload: { productId: cardsId, quantity: 100 } });
    const lineId = added.orderProduct[0]?.id ?? 0;
    await cartCall({ method: "POST", url: "/api/client-cart/delivery", token, payload: courier });
    const before = await cartCall({ method: "GET", url: "/api/client-cart", token });
    expect(before.problems.map((problem) => problem.code)).toContain("LAYOUT_MISSING");

    const designIds = await orderDesigns(token, before, lineId);
    const cart = await cartCall({ method: "GET", url: "/api/client-cart", token });
    expect(cart.problems).toEqual([]);
    expect(cart.readyToOrder).toBe(true);
    const layouts = cart.orderProduct[0]?.layouts ?? [];
    expect(layouts.map((item) => ({ status: item.status, designId: item.design?.designId, designStatus: item.design?.status }))).toEqual(
      designIds.map((designId) => ({ status: "missing", designId, designStatus: "new" })),
    );

    const placed = await call({ method: "POST", url: "/api/client-cart/place-order", token, payload: { companyId: null, paymentType: "Yookassa", idempotencyKey: "design-ready-0001" } });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = orderSchema.parse(placed.json());
    expect(order.lines.map((line) => line.id)).toEqual([lineId]);
    const designs = await testApp.database.db.select({ orderId: designOrder.orderId }).from(designOrder).where(eq(designOrder.orderProductId, lineId));
    expect(designs.map((row) => row.orderId)).toEqual(designIds.map(() => order.id));
  });

  it("counts a design in work and a finished one too, and a cancelled one blocks the order again", async () => {
    const { token } = await freshClient(testApp, "design-cancelled@example.com");
    const added = await cartCall({ method: "POST", url: "/api/client-cart/product", token, payload: { productId: cardsId, quantity: 200 } });
    const lineId = added.orderProduct[0]?.id ?? 0;
    await cartCall({ method: "POST", url: "/api/client-cart/delivery", token, payload: courier });
    const designIds = await orderDesigns(token, added, lineId);

    // The shop moves design orders on (no API for it in the storefront): in work, then done.
    for (const status of ["in_work", "done"] as const) {
      for (const id of designIds) await testApp.database.db.update(designOrder).set({ status }).where(eq(designOrder.id, id));
      const cart = await cartCall({ method: "GET", url: "/api/client-cart", token });
      expect(cart.readyToOrder, `a design order ${status}`).toBe(true);
      expect(cart.orderProduct[0]?.layouts.map((item) => item.design?.status)).toEqual(designIds.map(() => status));
    }

    // Back to new, so the shopper may cancel it (a design in work cannot be cancelled).
    for (const id of designIds) await testApp.database.db.update(designOrder).set({ status: "new" }).where(eq(designOrder.id, id));
    const [first] = designIds;
    const cancelled = await call({ method: "DELETE", url: `/api/client-order/design/${first}`, token });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const cart = await cartCall({ method: "GET", url: "/api/client-cart", token });
    expect(cart.readyToOrder).toBe(false);
    expect(cart.problems.map((problem) => problem.code)).toEqual(["LAYOUT_MISSING"]);
    expect(cart.orderProduct[0]?.layouts.find((item) => item.design === null)?.status).toBe("missing");

    const refused = await call({ method: "POST", url: "/api/client-cart/place-order", token, payload: { companyId: null, paymentType: "Yookassa", idempotencyKey: "design-cancelled-0001" } });
    expect(refused.statusCode, refused.body).toBe(400);
    const problem = problemOf(refused);
    expect(problem.code).toBe("CART_NOT_READY");
    expect(problem.messageUI).toMatch(/^Загрузите макет «.+» для «.+»$/);
  });
});
