import { connect } from "node:net";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverErrorSchema, sessionGrantSchema, UNSAFE_TEXT_MESSAGE_UI } from "../../../shared/contracts/index";
import type { ServerError } from "../../../shared/contracts/index";
import { DEMO_ACCOUNTS } from "../../../server/seed/demo-data";
import { listenOnLoopback, startTestApp } from "../support/test-app";
import type { TestApp } from "../support/test-app";

/*
 * Issue 14, findings 5 and 8, replayed: ids past the int32 columns and text with NUL or unpaired
 * surrogates were 500s; a 431 (and other answers Node or Fastify give by themselves) carried no
 * messageUI; an anonymous call to an employees' route learnt about its fields (400) before being
 * told to sign in (401).
 */

const CYRILLIC = /[А-Яа-яЁё]/;
const PAST_INT32 = 2 ** 31;
const PAST_SAFE = Number.MAX_SAFE_INTEGER;

let testApp: TestApp;
let clientToken: string;
let employeeToken: string;

async function signIn(email: string, password: string): Promise<string> {
  const response = await testApp.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password, rememberMe: false } });
  expect(response.statusCode, response.body).toBe(200);
  return sessionGrantSchema.parse(response.json()).token;
}

async function call(options: InjectOptions, token: string | null = null): Promise<{ status: number; error: ServerError }> {
  const headers = { ...(options.headers as Record<string, string> | undefined), ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const response = await testApp.app.inject({ ...options, headers });
  const body: unknown = response.json();
  return { status: response.statusCode, error: serverErrorSchema.parse(body) };
}

function expectRussianError(result: { status: number; error: ServerError }, status: number, what: string): void {
  expect(result.status, `${what}: ${JSON.stringify(result.error)}`).toBe(status);
  expect(result.error.statusCode, what).toBe(status);
  expect(result.error.messageUI, what).toMatch(CYRILLIC);
}

beforeAll(async () => {
  testApp = await startTestApp();
  clientToken = await signIn(DEMO_ACCOUNTS.client.email, DEMO_ACCOUNTS.client.password);
  employeeToken = await signIn(DEMO_ACCOUNTS.employee.email, DEMO_ACCOUNTS.employee.password);
});
afterAll(async () => {
  await testApp?.close();
});

describe("ids past the database's int32 columns", () => {
  const calls: Array<[string, (id: number) => InjectOptions, "client" | "employee"]> = [
    ["GET /api/client/{id}", (id) => ({ method: "GET", url: `/api/client/${id}` }), "employee"],
    ["GET /api/client/{id}/company/{companyId}", (id) => ({ method: "GET", url: `/api/client/1/company/${id}` }), "employee"],
    ["POST /api/client/{id}/impersonalization", (id) => ({ method: "POST", url: "/api/client/1/impersonalization", payload: { companyId: id } }), "employee"],
    ["PATCH /api/client-cart/product/{id}", (id) => ({ method: "PATCH", url: `/api/client-cart/product/${id}`, payload: { quantity: 100 } }), "client"],
    ["DELETE /api/client-cart/delivery/{id}", (id) => ({ method: "DELETE", url: `/api/client-cart/delivery/${id}` }), "client"],
    ["POST /api/client-cart/product", (id) => ({ method: "POST", url: "/api/client-cart/product", payload: { productId: id, quantity: 100 } }), "client"],
    ["GET /api/client-cart?companyId", (id) => ({ method: "GET", url: `/api/client-cart?companyId=${id}` }), "client"],
    ["POST /api/client-account/select-company", (id) => ({ method: "POST", url: "/api/client-account/select-company", payload: { companyId: id } }), "client"],
    ["GET /api/client-account/recipient?companyId", (id) => ({ method: "GET", url: `/api/client-account/recipient?companyId=${id}` }), "client"],
    ["GET /api/file/{id}", (id) => ({ method: "GET", url: `/api/file/${id}` }), "client"],
    ["PUT /api/file/layout/{id}/approval", (id) => ({ method: "PUT", url: `/api/file/layout/${id}/approval`, payload: { approved: true } }), "client"],
    ["PATCH /api/client-order/design/{designId}", (id) => ({ method: "PATCH", url: `/api/client-order/design/${id}`, payload: { comment: "Тест" } }), "client"],
    ["GET /api/client-order/autocheck/{pitstopDesignId}", (id) => ({ method: "GET", url: `/api/client-order/autocheck/${id}` }), "client"],
    ["PUT /api/client-cart/delivery", (id) => ({ method: "PUT", url: "/api/client-cart/delivery", payload: { id, deliveryType: "SelfPickup", cityKladrId: "2300000100000", deliveryMethod: "SelfPickup", pickupPointCode: "1" } }), "client"],
  ];

  for (const [route, request, actor] of calls) {
    it(`${route}: 2^31 and 2^53 − 1 are a 400 with messageUI, not a 500`, async () => {
      for (const id of [PAST_INT32, PAST_SAFE]) {
        const result = await call(request(id), actor === "employee" ? employeeToken : clientToken);
        expectRussianError(result, 400, `${route} with ${id}`);
        expect(result.error.code).toBe("VALIDATION_ERROR");
      }
    });
  }

  it("still takes the largest id a column holds (2^31 − 1): the answer is a 404, not a 400", async () => {
    const result = await call({ method: "GET", url: `/api/client/${PAST_INT32 - 1}` }, employeeToken);
    expectRussianError(result, 404, "GET /api/client/2147483647");
  });
});

describe("text with NUL or an unpaired surrogate", () => {
  it("GET /api/geo/city?search=%00 is a 400 naming the field", async () => {
    const result = await call({ method: "GET", url: "/api/geo/city?search=%00" });
    expectRussianError(result, 400, "search=%00");
    expect(result.error).toMatchObject({ code: "VALIDATION_ERROR", messageUI: UNSAFE_TEXT_MESSAGE_UI });
    expect(result.error.issues?.[0]?.field).toBe("search");
  });

  it("refuses NUL and lone surrogates in paths, queries, JSON bodies and their keys", async () => {
    const cases: Array<[string, InjectOptions, string | null]> = [
      ["a NUL in an address search", { method: "GET", url: "/api/geo/address?address=%D0%9A%00" }, null],
      ["a NUL in a client search", { method: "GET", url: "/api/client/search-by-name?search=%D0%98%D0%B2%00" }, employeeToken],
      ["a NUL in a recipient's name", { method: "POST", url: "/api/client-account/recipient", payload: { name: "Иван\u0000", phone: "+79181234567" } }, clientToken],
      ["an unpaired surrogate in a recipient's name", { method: "POST", url: "/api/client-account/recipient", payload: { name: "Иван\ud800", phone: "+79181234567" } }, clientToken],
      ["a NUL in a cart comment", { method: "PATCH", url: "/api/client-cart", payload: { comment: "\u0000" } }, clientToken],
      ["an unpaired surrogate in a company's name", { method: "POST", url: "/api/client-account/company", payload: { name: "ООО \udc00", inn: "7707083893" } }, clientToken],
    ];
    for (const [what, request, token] of cases) {
      const result = await call(request, token);
      expectRussianError(result, 400, what);
      expect(result.error.code, what).toBe("VALIDATION_ERROR");
      expect(result.error.messageUI, what).toBe(UNSAFE_TEXT_MESSAGE_UI);
    }
    // A page's path and the feedback form have messages of their own, more helpful there.
    const path = await call({ method: "GET", url: "/api/public/website/page/a%00b" });
    expectRussianError(path, 400, "a NUL in a page's path");
    expect(path.error.messageUI).toMatch(/Адрес страницы/);
    const feedback = await call({ method: "POST", url: "/api/feedback-form", payload: { values: { "name\u0000": "Иван" } } });
    expectRussianError(feedback, 400, "a NUL in a feedback field's key");
    expect(feedback.error.code).toBe("VALIDATION_ERROR");
  });

  it("refuses them where no contract looks (a loose object's extra keys) by the server-wide check", async () => {
    const result = await call({
      method: "POST",
      url: "/api/payment/yookassa/webhook",
      payload: { type: "notification", event: "payment.succeeded", object: { id: "2f7a", metadata: { orderId: "1\u0000" } } },
    });
    expectRussianError(result, 400, "a NUL in the webhook's metadata");
    expect(result.error).toMatchObject({ code: "VALIDATION_ERROR", messageUI: UNSAFE_TEXT_MESSAGE_UI, issues: [{ field: "object.metadata.orderId", messageUI: UNSAFE_TEXT_MESSAGE_UI }] });
  });

  it("still takes Cyrillic, emoji and other letters beyond ASCII (whole surrogate pairs)", async () => {
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/client-account/recipient",
      headers: { authorization: `Bearer ${clientToken}` },
      payload: { name: "Ёжик 😀 𝕏", phone: "+79181234567" },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ name: string }>().name).toBe("Ёжик 😀 𝕏");
  });
});

describe("authorization comes before validation", () => {
  it("anonymous GET /api/client/search-by-name?search=a is a 401, not a 400", async () => {
    const result = await call({ method: "GET", url: "/api/client/search-by-name?search=a" });
    expectRussianError(result, 401, "anonymous search");
  });

  it("a client gets 403 for the same call, and only an employee hears about the short search (400)", async () => {
    expectRussianError(await call({ method: "GET", url: "/api/client/search-by-name?search=a" }, clientToken), 403, "client search");
    expectRussianError(await call({ method: "GET", url: "/api/client/search-by-name?search=a" }, employeeToken), 400, "employee search");
  });

  it("anonymous calls with broken bodies or ids get 401 before any 400 or 415", async () => {
    const cases: InjectOptions[] = [
      { method: "GET", url: `/api/client/${PAST_INT32}` },
      { method: "POST", url: "/api/client-account/company", headers: { "content-type": "application/json" }, payload: "{" },
      { method: "POST", url: "/api/client-account/recipient", payload: { name: "\u0000" } },
      { method: "PATCH", url: "/api/client-cart/product/x", payload: { quantity: -1 } },
      { method: "POST", url: "/api/file/upload/layout", headers: { "content-type": "text/plain" }, payload: "not a form" },
      { method: "GET", url: "/api/client-order/autocheck/0" },
    ];
    for (const request of cases) expectRussianError(await call(request), 401, `${request.method} ${request.url}`);
  });
});

describe("every answer Node or Fastify give by themselves carries messageUI", () => {
  it("413 for a JSON body over 1 MB, 415 for a content type no route reads, 400 for malformed or 1000-deep JSON", async () => {
    const login = (contentType: string, payload: string): InjectOptions => ({ method: "POST", url: "/api/auth/login", headers: { "content-type": contentType }, payload });
    const cases: Array<[number, string, InjectOptions]> = [
      [413, "JSON over 1 MB", login("application/json", JSON.stringify({ email: "x".repeat(1_100_000) }))],
      [415, "XML", login("application/xml", "<login/>")],
      [400, "malformed JSON", login("application/json", '{"email":')],
      [400, "JSON 1000 levels deep", login("application/json", `${"[".repeat(1000)}${"]".repeat(1000)}`)],
      [400, "empty JSON", login("application/json", "")],
      [414, "a path parameter of 2000 characters", { method: "GET", url: `/api/public/website/page/${"a".repeat(2000)}` }],
    ];
    for (const [status, what, request] of cases) expectRussianError(await call(request), status, what);
  });

  describe("on a real socket", () => {
    let port: number;
    beforeAll(async () => {
      port = Number(new URL(await listenOnLoopback(testApp.app)).port);
    });

    /** Sends raw bytes and reads the whole answer until the server closes the connection. */
    function rawRequest(text: string): Promise<{ status: number; contentType: string; body: string }> {
      return new Promise((resolve, reject) => {
        const socket = connect({ port, host: "127.0.0.1" });
        const chunks: Buffer[] = [];
        socket.on("data", (chunk: Buffer) => chunks.push(chunk));
        socket.on("error", reject);
        socket.on("close", () => {
          const answer = Buffer.concat(chunks).toString("utf8");
          const [head = "", body = ""] = answer.split("\r\n\r\n", 2);
          const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
          const contentType = /^content-type: *(.*)$/im.exec(head)?.[1] ?? "";
          resolve({ status, contentType, body });
        });
        socket.end(text);
      });
    }

    it("431 for 20 KB of headers is the API's error body with messageUI", async () => {
      const answer = await rawRequest(`GET /api/nds HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: big=${"a".repeat(20 * 1024)}\r\n\r\n`);
      expect(answer.status).toBe(431);
      expect(answer.contentType).toMatch(/^application\/json/);
      const error = serverErrorSchema.parse(JSON.parse(answer.body));
      expect(error).toMatchObject({ statusCode: 431, code: "REQUEST_HEADER_FIELDS_TOO_LARGE" });
      expect(error.messageUI).toMatch(CYRILLIC);
    });

    it("400 for bytes that are not HTTP at all, with messageUI", async () => {
      const answer = await rawRequest("HELLO\u0000 WORLD\r\n\r\n");
      expect(answer.status).toBe(400);
      const error = serverErrorSchema.parse(JSON.parse(answer.body));
      expect(error.messageUI).toMatch(CYRILLIC);
    });

    it("the same server still answers an ordinary request afterwards", async () => {
      const answer = await rawRequest("GET /api/nds HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
      expect(answer.status).toBe(200);
    });
  });
});
