import { SESSION_COOKIE, SESSION_TOKEN_HEADER } from "../../shared/contracts/index";
import { createApi } from "../../shared/http/index";
import type { Api } from "../../shared/http/index";

/*
 * A shopper of npm run test:scale, talking to any API node over real HTTP through the shop's own
 * client (shared/http). One session, whichever node answers: the session lives in the database.
 *
 * - `cookie`: the shop's own pages in a browser. The session travels as the `ottisk_session` cookie
 *   (kept from `Set-Cookie`, as a browser's cookie jar does) and every request carries the page's
 *   `Origin`, as a browser sends it: state-changing cookie calls are origin-checked. The page is on
 *   the node's own origin (as behind a load balancer that passes the shop's host on, where the
 *   page's origin and the request's host agree too).
 * - `bearer`: a widget on a partner's site, which keeps the session in its own storage and sends
 *   `Authorization: Bearer` (set from `X-Ottisk-Session` or the sign-in's answer).
 */

export type SessionTransport = "cookie" | "bearer";

export class Shopper {
  private token: string | null = null;
  private readonly apis = new Map<string, Api>();

  constructor(
    readonly name: string,
    private readonly transport: SessionTransport,
  ) {}

  /** The API of the node at `nodeUrl` (`http://127.0.0.1:port`) as this shopper calls it. */
  on(nodeUrl: string): Api {
    const known = this.apis.get(nodeUrl);
    if (known) return known;
    const tokens = { get: () => this.token, set: (next: string | null) => (this.token = next) };
    const api =
      this.transport === "bearer"
        ? createApi({ baseURL: `${nodeUrl}/api`, sessionToken: tokens })
        : createApi({ baseURL: `${nodeUrl}/api`, fetch: (input, init) => this.browserFetch(input, init) });
    this.apis.set(nodeUrl, api);
    return api;
  }

  /** Whether the shopper holds a session. */
  get hasSession(): boolean {
    return this.token !== null;
  }

  /** Keeps the session a sign-in answered (the cookie is set too; a bearer client keeps the token itself). */
  keepSession(token: string): void {
    this.token = token;
  }

  /** A file the API gave an address of (`fileUrl`, `invoiceUrl`, a photo), read from the node at `nodeUrl`. */
  download(nodeUrl: string, fileUrl: string): Promise<Uint8Array> {
    return this.on(nodeUrl).downloadFile(onNode(nodeUrl, fileUrl));
  }

  private async browserFetch(input: string | URL | Request, init: RequestInit | undefined): Promise<Response> {
    const headers = new Headers(init?.headers);
    headers.set("origin", new URL(input instanceof Request ? input.url : input).origin);
    if (this.token) headers.set("cookie", `${SESSION_COOKIE}=${this.token}`);
    const response = await fetch(input, { ...init, headers });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const [name, value] = (pair ?? "").split("=");
      if (name?.trim() !== SESSION_COOKIE) continue;
      // An expired or emptied cookie ends the session, as a browser drops it.
      this.token = value && !/max-age=0|expires=thu, 01 jan 1970/i.test(cookie) ? value.trim() : null;
    }
    // The server says a session was opened in this header too; a browser would rely on the cookie alone.
    if (!this.token) this.token = response.headers.get(SESSION_TOKEN_HEADER);
    return response;
  }
}

/** The same address on another node: the path and query of `url` (absolute or not) under `nodeUrl`. */
export function onNode(nodeUrl: string, url: string): string {
  const parsed = new URL(url, nodeUrl);
  return `${nodeUrl}${parsed.pathname}${parsed.search}`;
}
