import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { InProcessResponse, inProcessFetch } from "./in-process-fetch";

/* The server render's fetch (in-process-fetch.ts): answers as Responses without a stream, read once like any. */

const app = Fastify();
app.get("/api/echo", (request) => ({ query: request.query, cookie: request.headers.cookie ?? null, host: request.headers.host }));
app.post("/api/echo", (request) => ({ body: request.body }));
app.get("/api/empty", (_request, reply) => reply.code(204).send());
const fetchInProcess = inProcessFetch(app);

afterAll(() => app.close());

describe("inProcessFetch", () => {
  it("answers a GET with its query and headers, the JSON read once", async () => {
    const response = await fetchInProcess("http://shop.example/api/echo?page=2", { headers: new Headers({ cookie: "a=1", "accept-encoding": "br" }) });
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    const copy = response.clone();
    expect(await response.json()).toEqual({ query: { page: "2" }, cookie: "a=1", host: "shop.example" });
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(TypeError);
    expect(JSON.parse(new TextDecoder().decode(await copy.arrayBuffer()))).toMatchObject({ query: { page: "2" } });
  });

  it("sends a JSON body, and a Request as input", async () => {
    const init = { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ a: 1 }) };
    expect(await (await fetchInProcess("http://shop.example/api/echo", init)).json()).toEqual({ body: { a: 1 } });
    expect(await (await fetchInProcess(new Request("http://shop.example/api/echo", init))).json()).toEqual({ body: { a: 1 } });
  });

  it("gives an empty body for 204", async () => {
    const response = await fetchInProcess("http://shop.example/api/empty");
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
  });

  it("is a Response with no stream behind it", () => {
    const response = new InProcessResponse(Buffer.from("{}"), { status: 200, headers: new Headers() });
    expect(response.body).toBeNull();
    expect(response.ok).toBe(true);
  });
});
