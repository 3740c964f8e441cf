import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartSchema } from "../../shared/contracts/index";
import { designOrder, layout, recipient, storedFile } from "../../server/db/schema";
import { callerOf, cartCallerOf, problemOf } from "./support/api-calls";
import { freshCompanyClient } from "./support/fresh-client";
import { demoBusinessCardsId, startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * «Заказываю от имени»: each account of a client (the personal profile, each company) has its own
 * cart. The cart's answer names its account and the client's other carts that hold lines, and
 * POST /client-cart/product/move carries lines (with their layouts and design orders) from one of
 * them to another.
 */

const ORIGIN = "https://shop.example";
const KRASNODAR = "2300000100000";
const courier = (address: string) => ({ deliveryType: "Door", cityKladrId: KRASNODAR, deliveryMethod: "Courier", address });

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

const getCart = (token: string, companyId: number | null) =>
  cartCall({ method: "GET", url: `/api/client-cart${companyId === null ? "" : `?companyId=${companyId}`}`, token });
const addLine = (token: string, companyId: number | null, quantity: number) =>
  cartCall({ method: "POST", url: "/api/client-cart/product", token, payload: { productId: cardsId, quantity, ...(companyId === null ? {} : { companyId }) } });
const move = (token: string, payload: Record<string, unknown>) => call({ method: "POST", url: "/api/client-cart/product/move", token, payload });

describe("whose cart the answer names", () => {
  it("names the company (null for the personal profile) and the client's other carts that hold lines", async () => {
    const me = await freshCompanyClient(testApp, "move-names@example.com", "ООО «Василёк»");
    const personalEmpty = await getCart(me.token, null);
    expect(personalEmpty).toMatchObject({ id: null, companyId: null, companyName: null, otherCarts: [] });

    await addLine(me.token, me.companyId, 100);
    await addLine(me.token, me.companyId, 200);
    const personal = await getCart(me.token, null);
    expect(personal.otherCarts).toEqual([{ companyId: me.companyId, companyName: "ООО «Василёк»", lineCount: 2 }]);

    const companyCart = await addLine(me.token, null, 300).then(() => getCart(me.token, me.companyId));
    expect(companyCart.companyName).toBe("ООО «Василёк»");
    expect(companyCart.otherCarts).toEqual([{ companyId: null, companyName: null, lineCount: 1 }]);
  });
});

describe("POST /client-cart/product/move", () => {
  it("moves every line with its layouts and design orders, hands the emptied cart's delivery over and re-prices it", async () => {
    const me = await freshCompanyClient(testApp, "move-all@example.com", "ООО «Ландыш»");
    const db = testApp.database.db;
    await addLine(me.token, null, 100);
    const two = await addLine(me.token, null, 1000);
    const [first, second] = two.orderProduct;
    if (!first || !second) throw new Error("two lines expected");
    const detailName = first.layouts[0]?.detailName ?? "";
    const [file] = await db
      .insert(storedFile)
      .values({ ownerAccountId: me.id, kind: "layout", storageKey: "layout/test/move.pdf", originalName: "vizitka.pdf", contentType: "application/pdf", sizeBytes: 10, sha256: "0".repeat(64) })
      .returning({ id: storedFile.id });
    await db.insert(layout).values({ orderProductId: first.id, detailName, fileId: file?.id ?? 0, status: "passed", findings: [] });
    const design = await call({ method: "POST", url: "/api/client-order/design", token: me.token, payload: { orderProductId: second.id, detailName, comment: "Сделайте сами" } });
    expect(design.statusCode, design.body).toBe(200);
    // A recipient of the personal profile: not one of the company's, so the delivery loses it.
    const [personalRecipient] = await db.insert(recipient).values({ accountId: me.id, companyId: null, name: "Ольга", phone: "+79181234567" }).returning({ id: recipient.id });
    const withDelivery = await cartCall({ method: "POST", url: "/api/client-cart/delivery", token: me.token, payload: { ...courier("ул. Северная, 1"), recipientId: personalRecipient?.id ?? null } });
    const sourceDelivery = withDelivery.deliveries[0];
    if (!sourceDelivery) throw new Error("no delivery");

    const response = await move(me.token, { fromCompanyId: null, toCompanyId: me.companyId });
    expect(response.statusCode, response.body).toBe(200);
    const target = cartSchema.parse(response.json());
    expect(target.companyId).toBe(me.companyId);
    expect(target.companyName).toBe("ООО «Ландыш»");
    expect(target.otherCarts).toEqual([]);
    expect(target.orderProduct.map((line) => ({ id: line.id, price: line.price }))).toEqual([
      { id: first.id, price: first.price },
      { id: second.id, price: second.price },
    ]);
    const moved = target.orderProduct.find((line) => line.id === first.id);
    expect(moved?.layouts.find((item) => item.detailName === detailName)?.status).toBe("passed");
    expect(target.orderProduct.find((line) => line.id === second.id)?.layouts.find((item) => item.detailName === detailName)?.design?.status).toBe("new");
    const [designRow] = await db.select({ companyId: designOrder.companyId }).from(designOrder).where(eq(designOrder.orderProductId, second.id));
    expect(designRow?.companyId).toBe(me.companyId);
    // The delivery went along, without the personal recipient, priced for the same parcel.
    expect(target.deliveries.map((item) => ({ id: item.id, recipientId: item.recipientId, upToDate: item.upToDate }))).toEqual([
      { id: sourceDelivery.id, recipientId: null, upToDate: true },
    ]);
    expect(target.totals.items).toBe(withDelivery.totals.items);

    const source = await getCart(me.token, null);
    expect(source.orderProduct).toEqual([]);
    expect(source.deliveries).toEqual([]);
    expect(source.otherCarts).toEqual([{ companyId: me.companyId, companyName: "ООО «Ландыш»", lineCount: 2 }]);
  });

  it("moves the chosen lines only; each cart keeps its own delivery, re-priced for its lines; an emptied cart's delivery is dropped when the target has one", async () => {
    const me = await freshCompanyClient(testApp, "move-some@example.com", "ООО «Астра»");
    await addLine(me.token, me.companyId, 100);
    const companyBefore = await cartCall({ method: "POST", url: "/api/client-cart/delivery", token: me.token, payload: { ...courier("ул. Южная, 2"), companyId: me.companyId } });
    await addLine(me.token, null, 100);
    const personal = await addLine(me.token, null, 5000);
    await cartCall({ method: "POST", url: "/api/client-cart/delivery", token: me.token, payload: courier("ул. Северная, 3") });
    const [keep, heavy] = personal.orderProduct;
    if (!keep || !heavy) throw new Error("two lines expected");

    const target = cartSchema.parse((await move(me.token, { fromCompanyId: null, toCompanyId: me.companyId, lineIds: [heavy.id] })).json());
    expect(target.orderProduct.map((line) => line.id)).toContain(heavy.id);
    expect(target.orderProduct).toHaveLength(2);
    expect(target.deliveries).toHaveLength(1);
    expect(target.deliveries[0]?.id).toBe(companyBefore.deliveries[0]?.id);
    expect(target.deliveries[0]?.upToDate).toBe(true);
    expect(target.totals.weightGrams).toBe(companyBefore.totals.weightGrams + heavy.weightGrams);
    expect(target.otherCarts).toEqual([{ companyId: null, companyName: null, lineCount: 1 }]);

    const left = await getCart(me.token, null);
    expect(left.orderProduct.map((line) => line.id)).toEqual([keep.id]);
    expect(left.deliveries).toHaveLength(1);
    expect(left.deliveries[0]?.upToDate).toBe(true);
    expect(left.totals.weightGrams).toBe(keep.weightGrams);

    // The last line: the personal cart empties, and its delivery goes (the company cart has one).
    const all = cartSchema.parse((await move(me.token, { fromCompanyId: null, toCompanyId: me.companyId })).json());
    expect(all.orderProduct).toHaveLength(3);
    expect(all.deliveries.map((item) => item.id)).toEqual([companyBefore.deliveries[0]?.id]);
    expect((await getCart(me.token, null)).deliveries).toEqual([]);

    // And back to the personal profile.
    const back = cartSchema.parse((await move(me.token, { fromCompanyId: me.companyId, toCompanyId: null, lineIds: [keep.id] })).json());
    expect(back.companyId).toBe(null);
    expect(back.orderProduct.map((line) => line.id)).toEqual([keep.id]);
  });

  it("answers 404 for a company or a line that is not the client's, 400 for nothing to move or the same cart, 401 without a session", async () => {
    const me = await freshCompanyClient(testApp, "move-refused@example.com", "ООО «Клевер»");
    const other = await freshCompanyClient(testApp, "move-other@example.com", "ООО «Чужая»");
    await addLine(me.token, null, 100);
    const theirs = await addLine(other.token, null, 100);
    const theirLine = theirs.orderProduct[0]?.id ?? 0;

    const foreignTarget = await move(me.token, { fromCompanyId: null, toCompanyId: other.companyId });
    expect(foreignTarget.statusCode, foreignTarget.body).toBe(404);
    expect(problemOf(foreignTarget)).toMatchObject({ code: "COMPANY_NOT_FOUND", messageUI: "Компания не найдена." });
    const foreignSource = await move(me.token, { fromCompanyId: other.companyId, toCompanyId: null });
    expect(foreignSource.statusCode, foreignSource.body).toBe(404);
    const foreignLine = await move(me.token, { fromCompanyId: null, toCompanyId: me.companyId, lineIds: [theirLine] });
    expect(foreignLine.statusCode, foreignLine.body).toBe(404);
    expect(problemOf(foreignLine).code).toBe("CART_LINE_NOT_FOUND");
    expect((await getCart(other.token, null)).orderProduct.map((line) => line.id)).toEqual([theirLine]);
    expect((await getCart(me.token, me.companyId)).orderProduct).toEqual([]);

    const empty = await move(me.token, { fromCompanyId: me.companyId, toCompanyId: null });
    expect(empty.statusCode, empty.body).toBe(400);
    expect(problemOf(empty)).toMatchObject({ code: "CART_NOTHING_TO_MOVE", messageUI: "В той корзине нет товаров, переносить нечего" });

    const same = await move(me.token, { fromCompanyId: null, toCompanyId: null });
    expect(same.statusCode, same.body).toBe(400);
    expect(problemOf(same).messageUI).toBe("Товары уже в этой корзине: выберите другую");
    const noIds = await move(me.token, { fromCompanyId: null, toCompanyId: me.companyId, lineIds: [] });
    expect(noIds.statusCode, noIds.body).toBe(400);
    const noFields = await move(me.token, {});
    expect(noFields.statusCode, noFields.body).toBe(400);

    const anonymous = await call({ method: "POST", url: "/api/client-cart/product/move", payload: { fromCompanyId: null, toCompanyId: me.companyId } });
    expect(anonymous.statusCode, anonymous.body).toBe(401);
  });
});
