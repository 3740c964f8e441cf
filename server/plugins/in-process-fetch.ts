import type { FastifyInstance, HTTPMethods } from "fastify";

/**
 * An answer already in memory, as a Response: the body is the payload Fastify produced, handed over
 * as it is. A Response built with a body wraps it in a ReadableStream that `text()` then reads back
 * chunk by chunk and decodes — for a server-rendered page's 6–8 calls about as much CPU as React's
 * own render of the page. This one has no stream (`body` is null): `text()`, `json()`,
 * `arrayBuffer()` and `bytes()` answer from the payload, once, like any Response.
 */
export class InProcessResponse extends Response {
  readonly #payload: Buffer;
  #used = false;

  constructor(payload: Buffer, init: { status: number; headers: Headers }) {
    super(null, init);
    this.#payload = payload;
  }

  override get bodyUsed(): boolean {
    return this.#used;
  }

  /** The payload, once; a second read is refused (a rejected promise, as fetch's Response does). */
  #read<T>(convert: (payload: Buffer) => T): Promise<T> {
    if (this.#used) return Promise.reject(new TypeError("Body is unusable: Body has already been read"));
    this.#used = true;
    return Promise.resolve(convert(this.#payload));
  }

  override text(): Promise<string> {
    return this.#read((payload) => payload.toString("utf8"));
  }

  override json(): Promise<unknown> {
    return this.text().then((text) => JSON.parse(text) as unknown);
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return this.#read((payload) => payload.buffer.slice(payload.byteOffset, payload.byteOffset + payload.byteLength) as ArrayBuffer);
  }

  override bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  }

  override blob(): Promise<Blob> {
    const type = this.headers.get("content-type") ?? "";
    return this.arrayBuffer().then((buffer) => new Blob([buffer], { type }));
  }

  override clone(): InProcessResponse {
    if (this.#used) throw new TypeError("Response.clone: Body has already been consumed.");
    return new InProcessResponse(this.#payload, { status: this.status, headers: new Headers(this.headers) });
  }
}

/** The name → value headers of a fetch call, without building a Request (the render's calls are GETs with a few headers). */
function headersOf(input: RequestInfo | URL, init: RequestInit | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  const source = init?.headers ?? (input instanceof Request ? input.headers : undefined);
  if (source) new Headers(source).forEach((value, name) => (headers[name] = value));
  return headers;
}

/**
 * A fetch that answers from this Fastify instance without a socket: the server-side render calls
 * the API through the same routes, validation and errors as the browser, at no network cost.
 */
export function inProcessFetch(app: FastifyInstance): typeof globalThis.fetch {
  return async (input, init) => {
    const simple = !(input instanceof Request) && (init?.body === undefined || init.body === null || typeof init.body === "string");
    let method: string;
    let url: URL;
    let headers: Record<string, string>;
    let payload: string | Buffer | undefined;
    if (simple) {
      // The render's own calls: a URL and plain options, read without building a Request.
      method = (init?.method ?? "GET").toUpperCase();
      url = new URL(input instanceof URL ? input.href : input);
      headers = headersOf(input, init);
      payload = typeof init?.body === "string" ? init.body : undefined;
    } else {
      const request = new Request(input, init);
      method = request.method;
      url = new URL(request.url);
      headers = Object.fromEntries(request.headers);
      payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    }
    headers.host = url.host;
    // The answer is handed over as bytes no one decompresses, so it must come uncompressed.
    delete headers["accept-encoding"];
    const answer = await app.inject({
      method: method as HTTPMethods,
      url: url.pathname + url.search,
      headers,
      ...(payload !== undefined ? { payload } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [String(value)]) responseHeaders.append(name, item);
    }
    const bodyless = answer.statusCode === 204 || answer.statusCode === 304 || method === "HEAD";
    return new InProcessResponse(bodyless ? Buffer.alloc(0) : answer.rawPayload, { status: answer.statusCode, headers: responseHeaders });
  };
}
