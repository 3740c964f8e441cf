import { z } from "zod/mini";
import { cartSchema, productListPageSchema, sessionGrantSchema } from "../../shared/contracts/index";

/*
 * The signed-in shopper of the benchmarks (bench:scale, bench:api): the demo client of README's
 * "Demo accounts", signed in through the real POST /api/auth/login, with a cart of a given size.
 */

export const DEMO_CLIENT = { email: "client@example.com", password: "client12345" };

export async function fetchJson<T>(schema: z.ZodMiniType<T>, url: string, init: RequestInit = {}): Promise<T> {
  const answer = await fetch(url, init);
  if (!answer.ok) throw new Error(`${init.method ?? "GET"} ${url}: ${answer.status} ${await answer.text()}`);
  return schema.parse(await answer.json());
}

/**
 * Signs the demo client in and fills its personal cart up to `cartLines` lines (a cart persists in
 * the database, so a second sign-in adds only what is missing). Answers the session token: send it as
 * `Authorization: Bearer …` to the API or as the `ottisk_session` cookie to the pages.
 */
export async function signInDemoClient(shop: string, cartLines: number): Promise<string> {
  const grant = await fetchJson(sessionGrantSchema, `${shop}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(DEMO_CLIENT),
  });
  const bearer = { authorization: `Bearer ${grant.token}` };
  const cart = await fetchJson(cartSchema, `${shop}/api/client-cart`, { headers: bearer });
  let lines = cart.orderProduct.length;
  if (lines >= cartLines) return grant.token;
  const page = await fetchJson(productListPageSchema, `${shop}/api/public/product?limit=${Math.min(cartLines, 100)}`, { headers: bearer });
  // Products differ in their smallest and largest run: each takes the first quantity it accepts, a little different per round.
  for (let round = 0; lines < cartLines && round < 3; round += 1) {
    for (const product of page.items) {
      for (const quantity of [500, 1000, 100, 5000, 10, 1]) {
        if (lines >= cartLines) break;
        const answer = await fetch(`${shop}/api/client-cart/product`, {
          method: "POST",
          headers: { ...bearer, "content-type": "application/json" },
          body: JSON.stringify({ productId: product.id, quantity: quantity + round }),
        });
        if (!answer.ok) continue;
        lines = cartSchema.parse(await answer.json()).orderProduct.length;
        break;
      }
    }
  }
  if (lines < cartLines) throw new Error(`the demo client's cart took only ${lines} of ${cartLines} lines`);
  return grant.token;
}

/** The demo employee with every role (README "Demo accounts"): the orders panel's reader. */
export const DEMO_EMPLOYEE = { email: "manager@example.com", password: "manager12345" };

/** Signs the demo employee in through POST /api/auth/login; answers the session token. */
export async function signInDemoEmployee(shop: string): Promise<string> {
  const grant = await fetchJson(sessionGrantSchema, `${shop}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(DEMO_EMPLOYEE),
  });
  return grant.token;
}
