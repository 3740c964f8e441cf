import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productListPageSchema } from "../../shared/contracts/index";
import type { Cart } from "../../shared/contracts/index";
import { CART_PATCH_RETRIES } from "../../shared/http/cart.endpoints";
import { createApi, isApiError } from "../../shared/http/index";
import { emptyCart } from "../../server/services/cart/cart.mapper";
import { memorySessionTokens } from "./support/api-client";
import { startFakeService } from "./support/fake-http";
import type { FakeService } from "./support/fake-http";
import { startLiveTestApp } from "./support/test-app";
import type { LiveTestApp } from "./support/test-app";

/*
 * The storefront's cart calls (shared/http/cart.endpoints.ts) against the real server on a socket,
 * as a widget on a partner's page makes them (bearer token kept by the client), and the PATCH
 * retries of spec §9 against a stand-in server that fails on purpose.
 */

let testApp: LiveTestApp;

beforeAll(async () => {
  testApp = await startLiveTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

describe("cart endpoints against a live server", () => {
  it("walks a visitor's cart: add, change, mark, comment, promocode, delivery, remove", async () => {
    const tokens = memorySessionTokens();
    const api = createApi({ baseURL: `${testApp.origin}/api`, sessionToken: tokens });
    const empty = await api.getCart();
    expect(empty.id).toBeNull();
    expect(tokens.token).toBeNull();

    const productId = productListPageSchema.parse(await (await fetch(`${testApp.origin}/api/public/product?limit=1&sort=NameAsc`)).json()).items[0]?.id ?? 0;
    const added = await api.addCartProduct({ productId, quantity: 100 });
    expect(tokens.token, "the temporary account's session is kept").toMatch(/^[A-Za-z0-9_-]{43}$/);
    const lineId = added.orderProduct[0]?.id ?? 0;

    const changed = await api.updateCartProduct(lineId, { quantity: 200 });
    expect(changed.orderProduct[0]?.quantity).toBe(200);
    const marked = await api.changeCartProductsInOrder({ orderProductIds: [lineId], inOrder: false });
    expect(marked.orderProduct[0]?.inOrder).toBe(false);
    const delivering = await api.changeCartProductsInOrder({ orderProductIds: [lineId], inOrder: true });
    const commented = await api.updateCart({ comment: "Оставить у охраны", paymentType: "Yookassa", version: delivering.version });
    expect(commented).toMatchObject({ comment: "Оставить у охраны", paymentType: "Yookassa" });
    const promo = await api.applyPromocode("ottisk10");
    expect(promo.promocode?.code).toBe("OTTISK10");
    expect((await api.removePromocode()).promocode).toBeNull();

    const withDelivery = await api.addCartDelivery({ deliveryType: "Door", cityKladrId: "2300000100000", deliveryMethod: "Courier", address: "ул. Красная, д. 1" });
    const deliveryId = withDelivery.deliveries[0]?.id ?? 0;
    const moved = await api.updateCartDelivery({ id: deliveryId, deliveryType: "Door", cityKladrId: "2300000100000", deliveryMethod: "Courier", address: "ул. Красная, д. 3" });
    expect(moved.deliveries[0]?.address).toBe("ул. Красная, д. 3");
    expect((await api.removeCartDelivery(deliveryId)).deliveries).toEqual([]);

    const stale = await api.updateCart({ comment: "Другое", version: 0 }).catch((error: unknown) => error);
    expect(isApiError(stale) && stale.status).toBe(409);
    expect(isApiError(stale) && stale.messageUI).toBe("Корзина изменилась в другой вкладке, обновите страницу");

    const notOurs = await api.repeatCartProduct(lineId).catch((error: unknown) => error);
    expect(isApiError(notOurs) && notOurs.status).toBe(404);
    expect((await api.removeCartProduct(lineId)).orderProduct).toEqual([]);
    expect((await api.getCart()).id).toBe(added.id);
  });
});

describe("PATCH /client-cart retries", () => {
  let fake: FakeService;
  let answers: number[];
  let seen: number;
  const cart: Cart = emptyCart(7, null, false);

  beforeAll(async () => {
    fake = await startFakeService(() => {
      const status = answers[seen] ?? 200;
      seen += 1;
      return {
        status,
        body: status === 200 ? cart : { statusCode: status, code: status === 409 ? "CART_VERSION_CONFLICT" : "INTERNAL_ERROR", messageUI: "Ошибка", message: "test" },
      };
    });
  });
  afterAll(async () => {
    await fake.close();
  });

  it("sends it again after a server failure, up to five more times", async () => {
    const api = createApi({ baseURL: `${fake.baseUrl}/api` });
    answers = [503, 500, 200];
    seen = 0;
    expect((await api.updateCart({ comment: "x" })).clientId).toBe(7);
    expect(seen).toBe(3);

    answers = Array.from({ length: CART_PATCH_RETRIES + 1 }, () => 503);
    seen = 0;
    const failed = await api.updateCart({ comment: "x" }).catch((error: unknown) => error);
    expect(isApiError(failed) && failed.status).toBe(503);
    expect(seen).toBe(CART_PATCH_RETRIES + 1);
  });

  it("does not repeat a request the server answered about (409)", async () => {
    const api = createApi({ baseURL: `${fake.baseUrl}/api` });
    answers = [409, 200];
    seen = 0;
    const conflict = await api.updateCart({ comment: "x", version: 1 }).catch((error: unknown) => error);
    expect(isApiError(conflict) && conflict.status).toBe(409);
    expect(seen).toBe(1);
  });
});
