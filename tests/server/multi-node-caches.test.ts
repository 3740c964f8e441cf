import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categoryTreeSchema, productListPageSchema } from "../../shared/contracts/index";
import type { SitemapIndexRequest, SitemapRequest } from "../../shared/contracts/index";
import type { App } from "../../server/app";
import { LISTENER_APPLICATION_NAME } from "../../server/db/notifications";
import { product, productCategory, websitePage } from "../../server/db/schema";
import { registerSitemap } from "../../server/plugins/sitemap";
import { demoBusinessCardsId, startSecondNode, startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";
import { waitFor } from "./support/wait-for";

/*
 * The caches each node keeps in memory — anonymous catalogue pages, the products-per-category
 * counts, the sitemap's files — dropped on every node when one node says what changed
 * (services/cache-invalidation.ts): through PostgreSQL's NOTIFY to node B's own listening
 * connection (two pools on one database), in memory on PGlite. Every check first shows node B
 * answering from its cache after the database changed, so only the notice can make it read again.
 */

let nodeA: TestApp;
let nodeB: App;
let cardsId: number;

beforeAll(async () => {
  nodeA = await startTestApp();
  nodeB = await startSecondNode(nodeA);
  // The sitemap with a render that answers its request as JSON (as tests/server/sitemap.test.ts).
  registerSitemap(nodeB, {
    ssr: {
      sitemap: (request: SitemapRequest) => JSON.stringify(request),
      sitemapIndex: (request: SitemapIndexRequest) => JSON.stringify(request),
    },
  });
  await nodeB.ready();
  cardsId = await demoBusinessCardsId(nodeA);
});
afterAll(async () => {
  await nodeB?.close();
  await nodeA?.close();
});

/** What node B answers now from each cache. */
async function seenOnB(): Promise<{ timesOrdered: number; counts: Map<number, number>; sitemap: SitemapRequest }> {
  const page = await nodeB.inject({ method: "GET", url: "/api/public/product?sort=TimesOrderedDesc&limit=100" });
  expect(page.statusCode, page.body).toBe(200);
  const card = productListPageSchema.parse(page.json()).items.find((item) => item.id === cardsId);
  const tree = await nodeB.inject({ method: "GET", url: "/api/product-category" });
  expect(tree.statusCode, tree.body).toBe(200);
  const sitemap = await nodeB.inject({ method: "GET", url: "/sitemap-1.xml" });
  expect(sitemap.statusCode, sitemap.body).toBe(200);
  return {
    timesOrdered: card?.timesOrdered ?? -1,
    counts: new Map(categoryTreeSchema.parse(tree.json()).map((node) => [node.id, node.productCount])),
    sitemap: JSON.parse(sitemap.body) as SitemapRequest,
  };
}

/** Changes the catalogue behind the caches' back: the cards' count +1000, a product into another category, a category's slug. */
async function changeCatalogue(tag: string): Promise<{ timesOrdered: number; from: number; to: number; slug: string }> {
  const db = nodeA.database.db;
  const [cards] = await db
    .update(product)
    .set({ timesOrdered: sql`${product.timesOrdered} + 1000` })
    .where(eq(product.id, cardsId))
    .returning({ timesOrdered: product.timesOrdered, categoryId: product.categoryId });
  const categories = await db.select().from(productCategory).orderBy(productCategory.id);
  const from = categories.find((category) => category.id === cards?.categoryId);
  const to = categories.find((category) => category.id !== cards?.categoryId);
  if (!cards || !from || !to) throw new Error("The demo catalogue has fewer than two categories");
  const [moved] = await db.select({ id: product.id }).from(product).where(eq(product.categoryId, from.id)).limit(1);
  await db
    .update(product)
    .set({ categoryId: to.id, slug: `moved-${tag}-${moved?.id ?? 0}` })
    .where(eq(product.id, moved?.id ?? 0));
  const slug = `${to.slug}-${tag}`;
  await db.update(productCategory).set({ slug }).where(eq(productCategory.id, to.id));
  return { timesOrdered: cards.timesOrdered, from: from.id, to: to.id, slug };
}

describe(`caches on two nodes (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("a catalogue change told on node A drops node B's catalogue page, category counts and sitemap", async () => {
    const before = await seenOnB();
    const changed = await changeCatalogue("a");

    // Unchanged on node B without a notice: all three come from its caches.
    const cached = await seenOnB();
    expect(cached.timesOrdered).toBe(before.timesOrdered);
    expect(cached.counts).toEqual(before.counts);
    expect(cached.sitemap).toEqual(before.sitemap);

    await nodeA.app.cacheInvalidation.invalidate("catalog");
    const after = await waitFor(async () => {
      const seen = await seenOnB();
      return seen.timesOrdered === changed.timesOrdered && seen.sitemap.categorySlugs.includes(changed.slug) ? seen : null;
    }, "node B's caches to be dropped");
    expect(after.counts.get(changed.from)).toBe((before.counts.get(changed.from) ?? 0) - 1);
    expect(after.counts.get(changed.to)).toBe((before.counts.get(changed.to) ?? 0) + 1);
  });

  it("a pages change drops node B's sitemap only: its catalogue page stays cached", async () => {
    const before = await seenOnB();
    const db = nodeA.database.db;
    await db.update(product).set({ timesOrdered: sql`${product.timesOrdered} + 1` }).where(eq(product.id, cardsId));
    const [page] = await db.select({ id: websitePage.id, slug: websitePage.slug }).from(websitePage).where(eq(websitePage.published, true)).limit(1);
    const when = new Date("2031-02-03T04:05:06.000Z");
    await db.update(websitePage).set({ updatedAt: when }).where(eq(websitePage.id, page?.id ?? 0));

    await nodeA.app.cacheInvalidation.invalidate("pages");
    const after = await waitFor(async () => {
      const seen = await seenOnB();
      return seen.sitemap.pages.some((each) => each.slug === page?.slug && each.updatedAt === when.toISOString()) ? seen : null;
    }, "node B's sitemap to be dropped");
    expect(after.timesOrdered, "the catalogue page is still the cached one").toBe(before.timesOrdered);
  });

  it("a node drops its caches after its listening connection was cut and made again, and hears notices after it", async () => {
    const db = nodeA.database.db;
    if (nodeA.database.engine === "PostgreSQL") {
      const before = await seenOnB();
      // PostgreSQL ends both nodes' listening connections, as a restart or a network cut would.
      const killed = await db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ${LISTENER_APPLICATION_NAME} AND datname = current_database()`,
      );
      expect((killed as unknown as { rows: unknown[] }).rows).toHaveLength(2);
      const changed = await changeCatalogue("gap");
      // No notice is sent: the notices sent while a node was not listening are lost, so it drops everything once back.
      await waitFor(async () => ((await seenOnB()).timesOrdered === changed.timesOrdered ? true : null), "node B to drop its caches after reconnecting");
      expect(before.timesOrdered).not.toBe(changed.timesOrdered);
    }
    // Listening again (on PGlite: still, in memory): the next notice reaches node B too.
    await seenOnB();
    const changed = await changeCatalogue("after");
    await nodeA.app.cacheInvalidation.invalidate("catalog");
    await waitFor(async () => ((await seenOnB()).sitemap.categorySlugs.includes(changed.slug) ? true : null), "node B to hear the next notice");
  });
});
