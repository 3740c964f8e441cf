import type { FastifyInstance, HTTPMethods } from "fastify";

/**
 * A fetch that answers from this Fastify instance without a socket: the server-side render calls
 * the API through the same routes, validation and errors as the browser, at no network cost.
 */
export function inProcessFetch(app: FastifyInstance): typeof globalThis.fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const headers = Object.fromEntries(request.headers);
    headers.host = url.host;
    // The answer is handed over as bytes no one decompresses, so it must come uncompressed.
    delete headers["accept-encoding"];
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const answer = await app.inject({
      method: request.method as HTTPMethods,
      url: url.pathname + url.search,
      headers,
      ...(payload ? { payload } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [String(value)]) responseHeaders.append(name, item);
    }
    const bodyless = answer.statusCode === 204 || answer.statusCode === 304 || request.method === "HEAD";
    return new Response(bodyless ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: responseHeaders,
    });
  };
}
