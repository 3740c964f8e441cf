import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { productCardSchema, productListPageSchema, SESSION_TOKEN_HEADER, sessionGrantSchema } from "../../shared/contracts/index";
import { DEMO_ACCOUNTS } from "../../server/seed/demo-data";
import { startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * GET /public/product/favorite: the caller's favourite cards, newest first, for the favourites page
 * (the spec lists no such call; server/docs/design-decisions.md).
 */

let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const favouriteListSchema = z.array(productCardSchema);

function call(options: InjectOptions & { token?: string | undefined }): Promise<LightMyRequestResponse> {
  const { token, headers, ...rest } = options;
  return testApp.app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
}

async function favourites(token?: string): Promise<z.infer<typeof favouriteListSchema>> {
  const response = await call({ method: "GET", url: "/api/public/product/favorite", token });
  expect(response.statusCode, response.body).toBe(200);
  return favouriteListSchema.parse(response.json());
}

async function productIds(count: number): Promise<number[]> {
  const response = await call({ method: "GET", url: `/api/public/product?limit=${count}` });
  return productListPageSchema.parse(response.json()).items.map((item) => item.id);
}

describe("GET /public/product/favorite", () => {
  it("answers an anonymous caller with an empty list and opens no account", async () => {
    const response = await call({ method: "GET", url: "/api/public/product/favorite" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(response.headers[SESSION_TOKEN_HEADER]).toBeUndefined();
    expect(String(response.headers.vary)).toContain("authorization");
  });

  it("lists a visitor's favourites newest first, as the catalogue's cards, and drops a removed one", async () => {
    const [first, second, third] = await productIds(3);
    const opened = await call({ method: "PUT", url: `/api/public/product/to-favorite/${first}` });
    const token = String(opened.headers[SESSION_TOKEN_HEADER]);
    for (const id of [second, third]) {
      expect((await call({ method: "PUT", url: `/api/public/product/to-favorite/${id}`, token })).statusCode).toBe(200);
    }

    const list = await favourites(token);
    expect(list.map((card) => card.id)).toEqual([third, second, first]);
    expect(list.every((card) => card.inFavorite)).toBe(true);
    const catalogue = productListPageSchema.parse((await call({ method: "GET", url: "/api/public/product?limit=3", token })).json());
    expect(list.find((card) => card.id === first)).toEqual(catalogue.items.find((card) => card.id === first));

    await call({ method: "DELETE", url: `/api/public/product/from-favorite/${second}`, token });
    expect((await favourites(token)).map((card) => card.id)).toEqual([third, first]);
    expect(await favourites(), "another caller sees none of them").toEqual([]);
  });

  it("keeps a visitor's favourites once they sign in", async () => {
    const [, , , fourth] = await productIds(4);
    const opened = await call({ method: "PUT", url: `/api/public/product/to-favorite/${fourth}` });
    const visitorToken = String(opened.headers[SESSION_TOKEN_HEADER]);
    const login = await call({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: DEMO_ACCOUNTS.secondClient.email, password: DEMO_ACCOUNTS.secondClient.password },
      token: visitorToken,
    });
    expect(login.statusCode, login.body).toBe(200);
    const { token } = sessionGrantSchema.parse(login.json());
    expect((await favourites(token)).map((card) => card.id)).toContain(fourth);
  });
});
