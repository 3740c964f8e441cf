import { createServer } from "node:http";
import type { IncomingHttpHeaders, Server } from "node:http";
import type { AddressInfo, Server as NetServer } from "node:net";

/*
 * A stand-in for an outside HTTP service on 127.0.0.1: every request is recorded (method, path,
 * query, headers, body text) and answered by the test's handler, in the service's documented shape.
 */

export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeAnswer {
  status?: number;
  contentType?: string;
  body: unknown;
}

export interface FakeService {
  baseUrl: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

/** Starts `server` on a free loopback port and gives its origin, e.g. `http://127.0.0.1:41234`. */
export async function serveOnLoopback(server: NetServer): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Stops `server` and waits until it has. */
export function closeServer(server: NetServer): Promise<void> {
  return new Promise<void>((resolve) => server.close(() => resolve()));
}

export async function startFakeService(handle: (request: SeenRequest) => FakeAnswer): Promise<FakeService> {
  const seen: SeenRequest[] = [];
  const server: Server = createServer(async (incoming, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const url = new URL(incoming.url ?? "/", "http://127.0.0.1");
    const request: SeenRequest = {
      method: incoming.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      headers: incoming.headers,
      body: Buffer.concat(chunks).toString("utf8"),
    };
    seen.push(request);
    const answer = handle(request);
    const contentType = answer.contentType ?? "application/json";
    const text = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
    response.writeHead(answer.status ?? 200, { "content-type": `${contentType}; charset=utf-8` }).end(text);
  });
  return { baseUrl: await serveOnLoopback(server), seen, close: () => closeServer(server) };
}

export interface FakeSiteverify extends FakeService {
  /** Where the verifier posts its forms. */
  verifyUrl: string;
  /** The forms it was sent, in order. */
  forms(): URLSearchParams[];
}

/**
 * reCAPTCHA's siteverify as Google documents it: a form with `secret` and `response`; the token
 * "good-token" under the secret "secret-key" passes, anything else fails with its error code.
 */
export async function startFakeSiteverify(): Promise<FakeSiteverify> {
  const service = await startFakeService((request) => {
    const form = new URLSearchParams(request.body);
    const success = form.get("secret") === "secret-key" && form.get("response") === "good-token";
    return { body: success ? { success, hostname: "localhost" } : { success, "error-codes": ["invalid-input-response"] } };
  });
  return { ...service, verifyUrl: `${service.baseUrl}/recaptcha/api/siteverify`, forms: () => service.seen.map((request) => new URLSearchParams(request.body)) };
}
