import { expect, test as base } from "@playwright/test";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { businessCardPdf } from "../../preflight/core/testing";
import { SESSION_COOKIE } from "../../shared/contracts/index";
import type { AuditEntry, AuditPage, Cart, DevMail, SessionGrant } from "../../shared/contracts/index";
import type { OttiskEventMap } from "../../widgets/events";

/*
 * What the end-to-end files share: the demo pages' partner address, the problems a page shows,
 * the elements' events heard on document, and the shop's API as a session sees it.
 */

export const CLIENT = { email: "client@example.com", password: "client12345" } as const;

/** The demo admin (admin + manager): the one who reads the audit. */
export const ADMIN = { email: "manager@example.com", password: "manager12345" } as const;

/**
 * Playwright's `test` with the shop's promo popup (host-site Layout, «Визитки со скидкой 15 %»)
 * already dismissed on the shop's own pages: it opens by itself a few seconds after a page is
 * ready and is modal, so a journey that stays on a page would find its clicks blocked. The popup
 * itself is tested in tests/browser/site-layout.test.ts; partner pages (127.0.0.1) keep theirs.
 */
export const test = base.extend<{ popupDismissed: void }>({
  popupDismissed: [
    async ({ page, request, baseURL }, use) => {
      const answer = (await (await request.get(`${baseURL ?? ""}/api/public/website/popup`)).json()) as { updatedAt?: string };
      if (answer.updatedAt) {
        await page.addInitScript(
          ([key, value]) => {
            if (location.hostname === "localhost") localStorage.setItem(key, value);
          },
          ["ottisk-popup-dismissed", answer.updatedAt] as const,
        );
      }
      await use();
    },
    { auto: true },
  ],
});

/** Where the journeys' screenshots go (looked at by a person, not compared). */
export const screenshots = join(import.meta.dirname, "..", "..", "test-results", "screenshots");
mkdirSync(screenshots, { recursive: true });

/** A demo page's address on the partner's origin (127.0.0.1), the shop staying on localhost. */
export function partnerUrl(baseURL: string | undefined, page: string): string {
  if (!baseURL) throw new Error("baseURL is not configured");
  return `${baseURL.replace("localhost", "127.0.0.1")}/demo/${page}`;
}

/**
 * Waits until the catalogue's own code runs: its first cards may come drawn by the shop's server
 * (plain links to the shop until then), and the journeys need the element's events.
 */
export async function catalogHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => customElements.get("ottisk-catalog") !== undefined);
}

/** What the browser console would show as a problem: errors, warnings, uncaught exceptions and failed responses. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`${message.type()}: ${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return problems;
}

/**
 * Waits until the host site's code has hydrated the server's HTML (it loads after the first paint,
 * host-site/boot.ts): the app's element then carries `data-hydrated`.
 */
export async function siteHydrated(page: Page): Promise<void> {
  await expect(page.locator("#ottisk-app[data-hydrated]")).toHaveCount(1);
}

/**
 * Opens the demo gallery (demo/widgets.html) on the partner's origin and waits until its catalogue
 * and footer are drawn; the demo popup, which opens by itself over the page, is closed.
 */
export async function openWidgetsGallery(page: Page, baseURL: string | undefined): Promise<void> {
  await page.goto(partnerUrl(baseURL, "widgets.html"));
  await expect(page.locator("ottisk-catalog .ottisk-card:not(.ottisk-card--skeleton)").first()).toBeVisible();
  await scrollThrough(page);
  await expect(page.locator("ottisk-footer [part~=footer]")).toBeVisible();
  const popup = page.locator("ottisk-popup [data-state]");
  await expect(popup).toHaveAttribute("data-state", /^(open|none)$/);
  if ((await popup.getAttribute("data-state")) === "open") {
    await page.keyboard.press("Escape");
    await expect(popup).toHaveAttribute("data-state", "dismissed");
  }
}

/**
 * Scrolls a partner page down half a screen at a time to its end and back to the top, as a visitor
 * reading it would: the loader (widgets/loader.ts) loads an element's code when the element is about
 * to be visible, so the elements below the fold are drawn only then.
 */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
      scrollTo(0, y);
      await frame();
    }
    scrollTo(0, document.documentElement.scrollHeight);
    await frame();
    scrollTo(0, 0);
  });
}

/** Records the detail of every `ottisk-*` event named, heard on document, into `window.ottiskEvents`. */
export async function recordEvents(page: Page, names: readonly (keyof OttiskEventMap)[]): Promise<void> {
  await page.addInitScript((eventNames) => {
    const log: { name: string; detail: unknown }[] = [];
    Object.assign(window, { ottiskEvents: log });
    for (const name of eventNames) {
      document.addEventListener(name, (event) => log.push({ name, detail: (event as CustomEvent<unknown>).detail }));
    }
  }, names);
}

/** The details of `name` events heard so far (maybe none yet). */
export async function recorded<K extends keyof OttiskEventMap>(page: Page, name: K): Promise<OttiskEventMap[K][]> {
  const log = await page.evaluate(() => (window as unknown as { ottiskEvents: { name: string; detail: unknown }[] }).ottiskEvents);
  return log.filter((entry) => entry.name === name).map((entry) => entry.detail as OttiskEventMap[K]);
}

/** The details of `name` events heard so far, once there is one (an event may follow the render it caused). */
export async function eventsOf<K extends keyof OttiskEventMap>(page: Page, name: K): Promise<OttiskEventMap[K][]> {
  await expect.poll(async () => (await recorded(page, name)).length, { message: `an ${name} event` }).toBeGreaterThan(0);
  return recorded(page, name);
}

export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollWidth - window.innerWidth);
  expect(overflow, "no horizontal scrolling").toBeLessThanOrEqual(0);
}

/** The shop's API as the page's session sees it: the bearer token the widgets keep in the partner's localStorage. */
export class SessionApi {
  constructor(
    private readonly request: APIRequestContext,
    private readonly baseURL: string,
    readonly token: string,
  ) {}

  /** A session of its own, as the demo client signing in elsewhere. */
  static async signIn(request: APIRequestContext, baseURL: string, credentials: { email: string; password: string }): Promise<SessionApi> {
    // A sign-in ends the session the caller already holds (a browser switching accounts), and the
    // shared request context keeps the cookie of the last SessionApi signed in through it: without
    // it, signing a second person in would end the first one's session, whose bearer token then
    // reads an empty cart (id null) as an anonymous caller. Each SessionApi works by its token alone.
    await request.clearCookies({ name: SESSION_COOKIE });
    // With the shop's origin, as a browser sends it.
    const response = await request.post(`${baseURL}/api/auth/login`, { data: credentials, headers: { origin: baseURL } });
    expect(response.status(), "the demo client signs in").toBe(200);
    const { token } = (await response.json()) as SessionGrant;
    return new SessionApi(request, baseURL, token);
  }

  static async of(page: Page, request: APIRequestContext, baseURL: string): Promise<SessionApi> {
    const key = `ottisk-session:${baseURL}/api`;
    const token = await page.evaluate((storageKey) => localStorage.getItem(storageKey), key);
    if (!token) throw new Error(`The page keeps no session under ${key}`);
    return new SessionApi(request, baseURL, token);
  }

  private get headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  async get<T>(path: string): Promise<T> {
    const response = await this.request.get(`${this.baseURL}/api${path}`, { headers: this.headers });
    expect(response.status(), `GET ${path}`).toBe(200);
    return (await response.json()) as T;
  }

  /** A file the API gives by its full address (a layout's fileUrl), with its content type. */
  async download(url: string): Promise<{ contentType: string; bytes: Uint8Array }> {
    const response = await this.request.get(url, { headers: this.headers });
    expect(response.status(), `GET ${url}`).toBe(200);
    return { contentType: response.headers()["content-type"] ?? "", bytes: new Uint8Array(await response.body()) };
  }

  async post<T>(
    path: string,
    options: { data?: unknown; multipart?: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> } = {},
  ): Promise<T> {
    const response = await this.request.post(`${this.baseURL}/api${path}`, { headers: this.headers, ...options });
    expect(response.ok(), `POST ${path}: ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  }

  async delete<T>(path: string): Promise<T> {
    const response = await this.request.delete(`${this.baseURL}/api${path}`, { headers: this.headers });
    expect(response.ok(), `DELETE ${path}: ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  }
}

/** The cart of the company, or the personal one (null). */
function cartPath(companyId: number | null): string {
  return companyId === null ? "/client-cart" : `/client-cart?companyId=${companyId}`;
}

/**
 * Uploads a clean layout for every missing detail of the cart's lines, starts each check and waits
 * until the server's worker has passed them all. The layout upload UI is a later issue (the
 * layout checker element, tested in layouts.spec.ts), so the journeys that are about something else
 * do through the API what that element does.
 */
export async function uploadCleanLayouts(api: SessionApi, companyId: number | null): Promise<void> {
  const cart = await api.get<Cart>(cartPath(companyId));
  const cartId = cart.id;
  if (cartId === null) throw new Error(`The cart ${cartPath(companyId)} does not exist (or the session's token is no longer valid: the cart is read as an anonymous caller's)`);
  const pdf = Buffer.from(businessCardPdf("0 0.5 1 0 k 20 20 100 60 re f"));
  for (const line of cart.orderProduct.filter((item) => item.inOrder)) {
    for (const layout of line.layouts.filter((item) => item.status === "missing" || item.status === "failed")) {
      await api.post("/file/upload/layout", {
        multipart: {
          file: { name: "vizitka.pdf", mimeType: "application/pdf", buffer: pdf },
          orderProductId: String(line.id),
          detailName: layout.detailName,
        },
      });
      await api.post(`/client-order/${cartId}/product/${line.id}/autocheck/${encodeURIComponent(layout.detailName)}`);
    }
  }
  await expect
    .poll(
      async () => {
        const current = await api.get<Cart>(cartPath(companyId));
        const statuses = current.orderProduct.filter((line) => line.inOrder).flatMap((line) => line.layouts.map((layout) => layout.status));
        return statuses.length > 0 && statuses.every((status) => status === "passed") ? "all passed" : statuses.join(", ");
      },
      { message: "every layout passes the server's check", timeout: 20_000 },
    )
    .toBe("all passed");
}

/** Adds the self-pickup delivery at the first point offered, in the cart shown by `cart` (the element or the page's main). */
export async function chooseSelfPickup(cart: Locator): Promise<void> {
  await cart.getByRole("button", { name: /^(Выбрать доставку|Добавить ещё доставку)$/ }).click();
  const deliveryForm = cart.getByRole("form", { name: "Новая доставка" });
  await deliveryForm.getByRole("radio", { name: /^Самовывоз/ }).check();
  await deliveryForm.locator("input[name=selfPickupPoint]").first().check();
  await deliveryForm.getByRole("button", { name: "Добавить доставку" }).click();
  await expect(deliveryForm).toBeHidden();
}

/** Chooses the payment type (the radio shows it at once; «Оформить заказ» is enabled once the server has it) and presses «Оформить заказ». */
export async function placeOrderWith(cart: Locator, payment: string | RegExp): Promise<void> {
  const radio = cart.getByRole("radio", { name: payment });
  await radio.click();
  await expect(radio).toBeChecked();
  const checkout = cart.getByRole("button", { name: "Оформить заказ" });
  await expect(checkout).toBeEnabled();
  await checkout.click();
}


/**
 * Runs axe-core on the whole page (the light DOM and every open shadow root) and fails on serious
 * or critical violations, listing each rule with the elements it found.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  // Evaluated, not added as a script tag: the shop's CSP allows no inline script, and should not.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(readFileSync(AXE_SCRIPT, "utf8"));
  // A dialog fading in is half transparent: axe would measure the contrast of the fade, not of the page.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY))
        .map((animation) => animation.finished.catch(() => animation)),
    ),
  );
  const bad = await page.evaluate(async () => {
    const axeApi = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const results = await axeApi.run(document, { resultTypes: ["violations"] });
    return results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => JSON.stringify(node.target)).join(", ")}`);
  });
  expect(bad, `axe: serious or critical violations on ${what}`).toEqual([]);
}

const AXE_SCRIPT = join(import.meta.dirname, "..", "..", "node_modules", "axe-core", "axe.min.js");

/** The letters the shop wrote to `to` (newest first), from the dev outbox that works without SMTP. */
export async function mailsTo(request: APIRequestContext, baseURL: string, to: string): Promise<DevMail[]> {
  const response = await request.get(`${baseURL}/api/dev/mail.json?to=${encodeURIComponent(to)}`);
  expect(response.status(), "the dev outbox answers").toBe(200);
  return (await response.json()) as DevMail[];
}

/** The link of the newest letter to `to` whose link leads to `path`, once the outbox has one. */
export async function mailedLink(request: APIRequestContext, baseURL: string, to: string, path: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        link = (await mailsTo(request, baseURL, to)).map((mail) => mail.link).find((found) => found !== null && new URL(found).pathname === path) ?? undefined;
        return link !== undefined;
      },
      { message: `a letter to ${to} with a link to ${path}` },
    )
    .toBe(true);
  if (!link) throw new Error(`No letter to ${to} links to ${path}`);
  return link;
}

/**
 * The audit's entries of one object (newest first), as the demo admin reads them through
 * `GET /api/employee/audit` — the journeys' proof that each back-office write was recorded.
 */
export async function auditOf(request: APIRequestContext, baseURL: string, objectType: string, objectId: number | string): Promise<AuditEntry[]> {
  const admin = await SessionApi.signIn(request, baseURL, ADMIN);
  const query = new URLSearchParams({ objectType, objectId: String(objectId) });
  return (await admin.get<AuditPage>(`/employee/audit?${query.toString()}`)).items;
}

/** One change of an audit entry, before → after, or undefined when the field did not change. */
export function auditChange(entry: AuditEntry | undefined, field: string): { before: unknown; after: unknown } | undefined {
  const change = entry?.changes.find((item) => item.field === field);
  return change && { before: change.before, after: change.after };
}

/** The demo catalogue's business card, the product most journeys order. */
export const DEMO_CARD = "Визитки стандартные 90×50";

/** The storefront address of a demo product, found by its name in the public product list. */
export async function productPath(request: APIRequestContext, name: string = DEMO_CARD): Promise<string> {
  const response = await request.get("/api/public/product", { params: { limit: 100 } });
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: { id: number; productName: string; category: { slug: string } }[] };
  const product = items.find((item) => item.productName === name);
  if (!product) throw new Error(`${name} is not in the catalogue`);
  return `/catalog/${product.category.slug}/${product.id}`;
}

/** axe on the page as it is, at a phone's width and then at a desktop's (where the page stays). */
export async function expectAccessibleAtBothWidths(page: Page, what: string): Promise<void> {
  for (const viewport of [
    { width: 375, height: 800 },
    { width: 1280, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await expectAccessible(page, `${what} at ${viewport.width} px`);
  }
}
