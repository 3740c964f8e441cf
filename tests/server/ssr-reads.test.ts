import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { and, eq, isNull } from "drizzle-orm";
import type { Logger } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../server/app";
import { product, productCategory, websitePage } from "../../server/db/schema";
import { clientAssets, hostSite } from "../../server/plugins/host-site";
import { inProcessFetch } from "../../server/plugins/in-process-fetch";
import { withOneSessionLookup } from "../../server/plugins/in-process-session";
import { SESSION_COOKIE } from "../../shared/contracts/index";
import type { HostSiteRender, RenderResult } from "../../shared/contracts/index";
import { loginToken } from "./support/api-calls";
import { demoBusinessCardsId, startSecondNode, startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";
import { waitFor } from "./support/wait-for";

/*
 * The server render reads from the services in process (server/plugins/render-reads.ts) instead of
 * calling the API: every page must come out exactly as it did through the API (same status,
 * redirect, HTML byte for byte, anonymous and signed in, errors included), and the site's chrome
 * (categories, menu, header, footer) kept in memory must be dropped on every node by the
 * `ottisk_cache` notice, as must the anonymous product and listing pages kept likewise (the
 * viewer's favourite marks laid on top). Needs the built render (npm run build:ssr).
 */

const DIST = join(import.meta.dirname, "..", "..", "dist");
if (!existsSync(join(DIST, "host-site", "server", "entry-server.js"))) {
  throw new Error("The host site is not built: run npm run build:client && npm run build:ssr before this test");
}
const ORIGIN = "https://ottisk.example";

let nodeA: TestApp;
let nodeB: App;
let token: string;
let cardsId: number;
const statements: string[] = [];

beforeAll(async () => {
  nodeA = await startTestApp({ publicUrl: ORIGIN });
  await nodeA.app.register(hostSite, { distDir: DIST });
  await nodeA.app.ready();
  nodeB = await startSecondNode(nodeA, { publicUrl: ORIGIN });
  await nodeB.register(hostSite, { distDir: DIST });
  await nodeB.ready();
  token = await loginToken(nodeA.app, "client@example.com", "client12345");
  cardsId = await demoBusinessCardsId(nodeA);
  // The render's modules loaded and both ways warmed once, so no test pays for it.
  await throughTheApi("/", {});
  await served(nodeA.app, "/");
  const logger: Logger = { logQuery: (query) => void statements.push(query) };
  // Drizzle keeps the logger on its session (not in the public type); queries built from now on use it.
  (nodeA.database.db as unknown as { session: { logger: Logger } }).session.logger = logger;
});

afterAll(async () => {
  await nodeB?.close();
  await nodeA?.close();
});

/** The page as the render draws it calling the API in process for everything (how it was drawn before the reads). */
async function throughTheApi(url: string, headers: Record<string, string>): Promise<RenderResult> {
  const ssr = (await import(pathToFileURL(join(DIST, "host-site", "server", "entry-server.js")).href)) as HostSiteRender;
  const assets = await clientAssets(join(DIST, "host-site", "client"));
  return withOneSessionLookup(() => ssr.render({ url, origin: ORIGIN, apiBase: `${ORIGIN}/api`, fetch: inProcessFetch(nodeA.app), headers, assets }));
}

/** The page as the server answers it now (its reads from the services). */
async function served(app: App, url: string, headers: Record<string, string> = {}): Promise<RenderResult> {
  const response = await app.inject({ url, headers: { ...headers, accept: "text/html" } });
  const location = response.headers.location;
  if (typeof location === "string") return { status: response.statusCode as 301 | 302, redirect: location };
  return { status: response.statusCode, html: response.body };
}

/** Where two pages' HTML first differ, with some text around it (the snapshot's JSON is one long line). */
function firstDifference(actual: RenderResult, expected: RenderResult): string {
  if (!("html" in actual) || !("html" in expected) || actual.html === expected.html) return "";
  let at = 0;
  while (actual.html[at] === expected.html[at]) at += 1;
  return `at ${at}: «${actual.html.slice(at - 120, at + 120)}» instead of «${expected.html.slice(at - 120, at + 120)}»`;
}

describe("the server render's reads from the services", () => {
  const visitors: [string, () => Record<string, string>][] = [
    ["anonymous", () => ({})],
    ["signed in", () => ({ cookie: `${SESSION_COOKIE}=${token}` })],
    ["with a session that has ended", () => ({ cookie: `${SESSION_COOKIE}=not-a-session` })],
  ];
  it.each(visitors)("draws every page as the API calls did, %s: same status, redirect and HTML", async (_visitor, headersOf) => {
    const headers = headersOf();
    const urls = [
      "/",
      "/catalog",
      "/catalog?page=2",
      "/catalog/vizitki",
      `/catalog/vizitki/${cardsId}`,
      `/catalog/listovki/${cardsId}`,
      "/catalog/vizitki/999999",
      "/catalog/no-such-category",
      "/kontakty",
      "/poisk?q=визитки",
      "/cart",
      "/izbrannoe",
      "/success-payment?orderId=1",
      "/success-payment?orderId=999999",
      "/no-such-page",
      // The account pages drawn with the session (host-site/account-data.ts); the employee's list is a client's «not yours».
      "/admin/client/orders",
      "/admin/client/orders/999999",
      "/admin/client/documents",
      "/admin/client/notification",
      "/admin/client/profile/info",
      "/admin/client/profile/company/info",
      "/admin/employee/orders",
    ];
    for (const url of urls) {
      const expected = await throughTheApi(url, headers);
      const actual = await served(nodeA.app, url, headers);
      expect(actual, `${url}: ${firstDifference(actual, expected)}`).toEqual(expected);
    }
  });

  it("asks the database only for the page's own data once the chrome is in memory", async () => {
    await served(nodeA.app, "/catalog/vizitki");
    statements.length = 0;
    const page = await served(nodeA.app, "/catalog/vizitki");
    expect(page.status).toBe(200);
    expect(statements.filter((query) => /from "(website_block|product_category)"/.test(query) && !/join/i.test(query))).toEqual([]);
    expect(statements.filter((query) => /from "website_page"/.test(query))).toEqual([]);
  });

  it("drops the chrome on every node when a node tells the catalogue or the pages changed", async () => {
    const db = nodeA.database.db;
    const [category] = await db.select().from(productCategory).where(eq(productCategory.slug, "vizitki"));
    const [tab] = await db
      .select()
      .from(websitePage)
      .where(and(isNull(websitePage.parentId), eq(websitePage.showInMenu, true), eq(websitePage.published, true)))
      .orderBy(websitePage.sortOrder, websitePage.id)
      .limit(2)
      .offset(1);
    if (!category || !tab) throw new Error("The demo site has no business cards category or no second menu tab");
    const html = async () => {
      const page = await served(nodeB, "/catalog");
      return "html" in page ? page.html : "";
    };
    // The category list's entry (a card's category carries no description) and the header's tab.
    const categoryEntry = (name: string) => `"name":${JSON.stringify(name)},"description"`;
    const tabLink = (name: string) => `>${name}</a>`;
    expect(await html()).toContain(categoryEntry(category.name));
    expect(await html()).toContain(tabLink(tab.name));

    // Changed behind the caches' back: node B keeps drawing its copies until it hears a notice.
    await db.update(productCategory).set({ name: "Визитки (новое имя)" }).where(eq(productCategory.id, category.id));
    await db.update(websitePage).set({ name: "Вкладка (новое имя)" }).where(eq(websitePage.id, tab.id));
    expect(await html()).toContain(categoryEntry(category.name));
    expect(await html()).toContain(tabLink(tab.name));

    await nodeA.app.cacheInvalidation.invalidate("catalog");
    await waitFor(async () => ((await html()).includes(categoryEntry("Визитки (новое имя)")) ? true : null), "node B's categories to be dropped");
    expect(await html(), "the menu is the pages' chrome: still the cached one").toContain(tabLink(tab.name));

    await nodeA.app.cacheInvalidation.invalidate("pages");
    await waitFor(async () => ((await html()).includes(tabLink("Вкладка (новое имя)")) ? true : null), "node B's menu to be dropped");
    await db.update(productCategory).set({ name: category.name }).where(eq(productCategory.id, category.id));
    await db.update(websitePage).set({ name: tab.name }).where(eq(websitePage.id, tab.id));
    await nodeA.app.cacheInvalidation.invalidate("catalog");
    await nodeA.app.cacheInvalidation.invalidate("pages");
  });

  it("keeps the anonymous product and listing pages on every node until the catalogue changes, with the viewer's favourite marks on top", async () => {
    const db = nodeA.database.db;
    const [cards] = await db.select({ name: product.name }).from(product).where(eq(product.id, cardsId));
    if (!cards) throw new Error("No demo business cards");
    const productUrl = `/catalog/vizitki/${cardsId}`;
    const html = async (url: string, headers: Record<string, string> = {}) => {
      const page = await served(nodeB, url, headers);
      return "html" in page ? page.html : "";
    };
    const named = (name: string) => `"id":${cardsId},"productName":${JSON.stringify(name)}`;
    const marked = new RegExp(`"id":${cardsId},"productName":"[^"]*","photoUrl":[^,]*,"inFavorite":true`);
    const renamed = `${cards.name} (новое имя)`;
    const signedIn = { cookie: `${SESSION_COOKIE}=${token}` };
    expect(await html(productUrl)).toContain(named(cards.name));
    expect(await html("/catalog/vizitki")).toContain(named(cards.name));

    // Changed behind the caches' back: node B keeps drawing its copies until it hears a notice …
    await db.update(product).set({ name: renamed }).where(eq(product.id, cardsId));
    expect(await html(productUrl)).toContain(named(cards.name));
    expect(await html("/catalog/vizitki")).toContain(named(cards.name));
    // … while a viewer's own favourite mark is theirs at once, on the kept page.
    const bearer = { authorization: `Bearer ${token}` };
    const added = await nodeA.app.inject({ method: "PUT", url: `/api/public/product/to-favorite/${cardsId}`, headers: bearer });
    expect(added.statusCode).toBeLessThan(300);
    expect(await html(productUrl, signedIn)).toMatch(marked);
    expect(await html("/catalog/vizitki", signedIn)).toMatch(marked);
    expect(await html(productUrl)).not.toMatch(marked);
    expect(await html("/catalog/vizitki")).not.toMatch(marked);
    const removed = await nodeA.app.inject({ method: "DELETE", url: `/api/public/product/from-favorite/${cardsId}`, headers: bearer });
    expect(removed.statusCode).toBeLessThan(300);
    expect(await html(productUrl, signedIn)).not.toMatch(marked);

    await nodeA.app.cacheInvalidation.invalidate("catalog");
    await waitFor(async () => ((await html(productUrl)).includes(named(renamed)) ? true : null), "node B's product page to be dropped");
    await waitFor(async () => ((await html("/catalog/vizitki")).includes(named(renamed)) ? true : null), "node B's listing page to be dropped");
    await db.update(product).set({ name: cards.name }).where(eq(product.id, cardsId));
    await nodeA.app.cacheInvalidation.invalidate("catalog");
  });
});
