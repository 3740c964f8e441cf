import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { designOrderSchema } from "../../shared/contracts/index";
import type { Cart } from "../../shared/contracts/index";
import { designOrder } from "../../server/db/schema";
import { callerOf, cartCallerOf, problemOf } from "./support/api-calls";
import { freshClient } from "./support/fresh-client";
import { demoBusinessCardsId, startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * A design order makes the detail the designer's (issue 29): while it is new, in work or waiting for
 * the client, the line cannot be ordered — in the cart's answer (DESIGN_NOT_APPROVED, a Russian
 * sentence naming the detail and the product) and at place-order (400 CART_NOT_READY, like a missing
 * layout) —, its price is already in the total; once done, the detail's layout is judged like any
 * other (none: LAYOUT_MISSING). A cancelled design order gives the detail back to the shopper.
 * The approval by the client itself is in back-office-design.test.ts.
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

const placeOrder = (token: string, idempotencyKey: string) =>
  call({ method: "POST", url: "/api/client-cart/place-order", token, payload: { companyId: null, paymentType: "Yookassa", idempotencyKey } });

describe("a design order instead of a layout", () => {
  it("keeps the line from being ordered until the designer's layout is approved, with the design's price in the total", async () => {
    const { token } = await freshClient(testApp, "design-waits@example.com");
    const added = await cartCall({ method: "POST", url: "/api/client-cart/product", token, payload: { productId: cardsId, quantity: 100 } });
    const lineId = added.orderProduct[0]?.id ?? 0;
    const productName = added.orderProduct[0]?.product.name ?? "";
    await cartCall({ method: "POST", url: "/api/client-cart/delivery", token, payload: courier });
    const before = await cartCall({ method: "GET", url: "/api/client-cart", token });
    expect(before.problems.map((problem) => problem.code)).toContain("LAYOUT_MISSING");

    const designIds = await orderDesigns(token, before, lineId);
    const details = before.orderProduct[0]?.layouts.map((item) => item.detailName) ?? [];
    const waiting = (detailName: string) => `Макет «${detailName}» для «${productName}» делает дизайнер: заказ можно оформить, когда вы утвердите макет`;
    const cart = await cartCall({ method: "GET", url: "/api/client-cart", token });
    expect(cart.readyToOrder).toBe(false);
    expect(cart.problems).toEqual(details.map((detailName) => ({ code: "DESIGN_NOT_APPROVED", messageUI: waiting(detailName) })));
    expect(cart.totals.design, "the design's price is in the total already").toBeGreaterThan(0);
    expect(cart.totals.total).toBeCloseTo(before.totals.total + cart.totals.design, 2);
    const layouts = cart.orderProduct[0]?.layouts ?? [];
    expect(layouts.map((item) => ({ status: item.status, designId: item.design?.designId, designStatus: item.design?.status }))).toEqual(
      designIds.map((designId) => ({ status: "missing", designId, designStatus: "new" })),
    );

    // Placing is refused with the line's own sentence, as for a missing layout.
    const refused = await placeOrder(token, "design-waits-0001");
    expect(refused.statusCode, refused.body).toBe(400);
    expect(problemOf(refused)).toMatchObject({ code: "CART_NOT_READY", messageUI: waiting(details[0] ?? "") });
    const designs = await testApp.database.db.select({ orderId: designOrder.orderId }).from(designOrder).where(eq(designOrder.orderProductId, lineId));
    expect(designs.map((row) => row.orderId), "the design orders stay with the cart line").toEqual(designIds.map(() => null));

    // The shop moves the design orders on (the designers' own operations are in back-office-design.test.ts).
    for (const id of designIds) await testApp.database.db.update(designOrder).set({ status: "in_work" }).where(eq(designOrder.id, id));
    expect((await cartCall({ method: "GET", url: "/api/client-cart", token })).problems.map((problem) => problem.messageUI)).toEqual(details.map(waiting));
    for (const id of designIds) await testApp.database.db.update(designOrder).set({ status: "waiting_client" }).where(eq(designOrder.id, id));
    const sent = await cartCall({ method: "GET", url: "/api/client-cart", token });
    expect(sent.readyToOrder).toBe(false);
    expect(sent.problems).toEqual(
      details.map((detailName) => ({ code: "DESIGN_NOT_APPROVED", messageUI: `Дизайнер прислал макет «${detailName}» для «${productName}» — посмотрите и утвердите его` })),
    );
    expect((await placeOrder(token, "design-waits-0002")).statusCode).toBe(400);

    // Done without a layout of the designer's (the shop closed it by hand): the detail needs a layout like any other.
    for (const id of designIds) await testApp.database.db.update(designOrder).set({ status: "done" }).where(eq(designOrder.id, id));
    const done = await cartCall({ method: "GET", url: "/api/client-cart", token });
    expect(done.problems.map((problem) => problem.code)).toEqual(details.map(() => "LAYOUT_MISSING"));
    expect(done.orderProduct[0]?.layouts.map((item) => item.design?.status)).toEqual(designIds.map(() => "done"));
  });

  it("asks for the layout again once the design order is cancelled", async () => {
    const { token } = await freshClient(testApp, "design-cancelled@example.com");
    const added = await cartCall({ method: "POST", url: "/api/client-cart/product", token, payload: { productId: cardsId, quantity: 200 } });
    const lineId = added.orderProduct[0]?.id ?? 0;
    await cartCall({ method: "POST", url: "/api/client-cart/delivery", token, payload: courier });
    const designIds = await orderDesigns(token, added, lineId);
    expect((await cartCall({ method: "GET", url: "/api/client-cart", token })).problems.map((problem) => problem.code)).toEqual(designIds.map(() => "DESIGN_NOT_APPROVED"));

    const [first] = designIds;
    const cancelled = await call({ method: "DELETE", url: `/api/client-order/design/${first}`, token });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const cart = await cartCall({ method: "GET", url: "/api/client-cart", token });
    expect(cart.readyToOrder).toBe(false);
    expect(cart.problems.map((problem) => problem.code)).toEqual(["LAYOUT_MISSING"]);
    expect(cart.totals.design, "a cancelled design costs nothing").toBe(0);
    expect(cart.orderProduct[0]?.layouts.find((item) => item.design === null)?.status).toBe("missing");

    const refused = await placeOrder(token, "design-cancelled-0001");
    expect(refused.statusCode, refused.body).toBe(400);
    const problem = problemOf(refused);
    expect(problem.code).toBe("CART_NOT_READY");
    expect(problem.messageUI).toMatch(/^Загрузите макет «.+» для «.+»$/);
  });
});
