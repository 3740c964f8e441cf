import { createServer } from "node:http";
import type { IncomingHttpHeaders, Server } from "node:http";
import type { AddressInfo } from "node:net";

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
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
