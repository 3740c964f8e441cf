import { createServer } from "node:http";
import type { IncomingMessage, Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeServer, serveOnLoopback } from "../../tests/server/support/fake-http";
import { createDadataDirectory } from "./dadata";

/*
 * DaData lives outside this machine, so a stand-in on 127.0.0.1 answers in DaData's documented
 * shape (findById/party): it checks the key and the body the adapter sends, as DaData would.
 */

interface SeenRequest {
  path: string | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

const seen: SeenRequest[] = [];
let server: Server;
let baseUrl: string;

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = (await readBody(request)) as { query?: string };
    seen.push({ path: request.url, authorization: request.headers.authorization, contentType: request.headers["content-type"], body });
    if (request.headers.authorization !== "Token test-key") {
      response.writeHead(403, { "content-type": "application/json" }).end(JSON.stringify({ family: "CLIENT_ERROR", reason: "Forbidden" }));
      return;
    }
    if (body.query === "5000000000") {
      response.writeHead(500).end("boom");
      return;
    }
    const suggestions =
      body.query === "7707083893"
        ? [
            {
              value: "ПАО СБЕРБАНК",
              unrestricted_value: "ПАО СБЕРБАНК",
              data: {
                inn: "7707083893",
                kpp: "773601001",
                ogrn: "1027700132195",
                type: "LEGAL",
                name: { full_with_opf: "ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО \"СБЕРБАНК РОССИИ\"", short_with_opf: "ПАО СБЕРБАНК" },
                address: { value: "г Москва, ул Вавилова, д 19", unrestricted_value: "117312, г Москва, Академический р-н, ул Вавилова, д 19" },
                state: { status: "ACTIVE" },
              },
            },
          ]
        : [];
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ suggestions }));
  });
  baseUrl = await serveOnLoopback(server);
});

afterAll(async () => {
  await closeServer(server);
});

describe("the DaData company directory", () => {
  it("asks findById/party with the key and maps DaData's answer", async () => {
    const directory = createDadataDirectory({ apiKey: "test-key", baseUrl });
    expect(await directory.findByInn("7707083893")).toEqual({
      inn: "7707083893",
      name: "ПАО СБЕРБАНК",
      kpp: "773601001",
      ogrn: "1027700132195",
      legalAddress: "117312, г Москва, Академический р-н, ул Вавилова, д 19",
    });
    const request = seen.at(-1);
    expect(request).toMatchObject({
      path: "/suggestions/api/4_1/rs/findById/party",
      authorization: "Token test-key",
      body: { query: "7707083893", branch_type: "MAIN" },
    });
    expect(request?.contentType).toContain("application/json");
  });

  it("answers null for an ИНН DaData does not know", async () => {
    expect(await createDadataDirectory({ apiKey: "test-key", baseUrl }).findByInn("2308123457")).toBeNull();
  });

  it("answers null and reports the failure when DaData refuses or fails, so the shop can fall back", async () => {
    const failures: unknown[] = [];
    const wrongKey = createDadataDirectory({ apiKey: "wrong", baseUrl, onError: (error) => failures.push(error) });
    expect(await wrongKey.findByInn("7707083893")).toBeNull();
    const broken = createDadataDirectory({ apiKey: "test-key", baseUrl, onError: (error) => failures.push(error) });
    expect(await broken.findByInn("5000000000")).toBeNull();
    const unreachable = createDadataDirectory({ apiKey: "test-key", baseUrl: "http://127.0.0.1:9", timeoutMs: 500, onError: (error) => failures.push(error) });
    expect(await unreachable.findByInn("7707083893")).toBeNull();
    expect(failures).toHaveLength(3);
  });
});
