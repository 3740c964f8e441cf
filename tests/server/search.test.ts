import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/client";
import * as schema from "../../server/db/schema";
import { createPagesService } from "../../server/services/pages/pages.service";
import { searchResultPageSchema } from "../../shared/contracts/index";
import type { SearchResultPage } from "../../shared/contracts/index";
import { startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * The site search on Russian word forms the stemmer leaves apart (genitive plurals), typos and
 * Latin transliteration: the trigram match on product and category names (pg_trgm) beside the
 * full-text search, with products always ranked above pages.
 */

let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

async function search(text: string): Promise<SearchResultPage> {
  const response = await testApp.app.inject({ method: "GET", url: `/api/public/website/search?search=${encodeURIComponent(text)}&limit=50` });
  expect(response.statusCode, response.body).toBe(200);
  return searchResultPageSchema.parse(response.json());
}

const productTitles = (found: SearchResultPage) => found.items.filter((item) => item.type === "product").map((item) => item.title);

function expectProductsFirst(found: SearchResultPage): void {
  const types = found.items.map((item) => item.type);
  const firstPage = types.indexOf("page");
  if (firstPage >= 0) expect(types.slice(firstPage)).not.toContain("product");
  const ranks = found.items.map((item) => item.rank);
  expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
}

describe("GET /public/website/search: Russian word forms, typos and transliteration", () => {
  it.each([
    ["визиток", "Визитки стандартные 90×50"],
    ["печать визиток", "Визитки стандартные 90×50"],
    ["листовок", "Листовки A5 на мелованной бумаге"],
    ["печать листовок", "Листовки A4 на офсетной бумаге"],
    ["наклеек", "Наклейки на самоклеящейся плёнке"],
    ["визтки", "Визитки премиум на дизайнерской бумаге"],
    ["vizitki", "Пластиковые визитки"],
    ["nakleyki", "Наклейки на самоклеящейся плёнке"],
  ])("«%s» finds the products (%s among them) and ranks them above the pages", async (query, expected) => {
    const found = await search(query);
    const titles = productTitles(found);
    expect(titles).toContain(expected);
    expect(found.items[0]?.type).toBe("product");
    expectProductsFirst(found);
    expect(found.total).toBe(found.items.length);
  });

  it("finds every business-card product for «визиток», and not the flyers", async () => {
    // Lower-cased: the demo data's spelling of «Евро-визитки» may change.
    const titles = productTitles(await search("визиток")).map((title) => title.toLowerCase());
    expect(titles).toEqual(
      expect.arrayContaining(["визитки стандартные 90×50", "визитки премиум на дизайнерской бумаге", "визитки с тиснением фольгой", "евро-визитки 85×55", "пластиковые визитки"]),
    );
    expect(titles).not.toContain("листовки a5 на мелованной бумаге");
  });

  it("finds the flyers of the «Листовки и флаеры» category by its name for «листовок»", async () => {
    expect(productTitles(await search("листовок"))).toContain("Флаеры 99×210 (евроформат)");
  });

  it("still finds the pages the full-text search found, below the products", async () => {
    const found = await search("визиток");
    expect(found.items.some((item) => item.type === "page" && item.path === "blog/kakuyu-bumagu-vybrat-dlya-vizitok")).toBe(true);
    expectProductsFirst(found);
  });

  it("ranks the sticker products above banners and canvas for «печать наклеек» (name and category before description)", async () => {
    const found = await search("печать наклеек");
    const products = found.items.filter((item) => item.type === "product");
    const isSticker = (title: string) => /наклей|этикет|стикер/i.test(title);
    const firstOther = products.findIndex((item) => !isSticker(item.title));
    const lastSticker = products.map((item) => isSticker(item.title)).lastIndexOf(true);
    expect(lastSticker, JSON.stringify(products.map((item) => [item.title, item.rank]))).toBeGreaterThanOrEqual(0);
    if (firstOther >= 0) expect(firstOther, JSON.stringify(products.map((item) => [item.title, item.rank]))).toBeGreaterThan(lastSticker);
  });

  it("carries the «от … ₽» price of each product found", async () => {
    const found = await search("визиток");
    for (const item of found.items) {
      if (item.type === "product") expect(item.priceFrom, item.title).toBeGreaterThan(0);
      else expect(item.priceFrom).toBeNull();
    }
  });

  it("finds nothing for a word that only looks like noise", async () => {
    expect((await search("qqqzzz")).total).toBe(0);
  });
});

interface PlanNode {
  "Node Type": string;
  "Index Name"?: string;
  "Order By"?: string;
  Plans?: PlanNode[];
}

function* nodesOf(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* nodesOf(child);
}

describe("the site search at the size of a real shop (issue 17)", () => {
  /** The statements one search sends (a logging Drizzle over the test database's connection), and a way to EXPLAIN them. */
  async function statementsOf(text: string, offset = 0, searchCountCap?: number) {
    const captured: { sql: string; params: unknown[] }[] = [];
    const logger = { logQuery: (sql: string, params: unknown[]) => void captured.push({ sql, params }) };
    const client = (testApp.database.db as unknown as { $client: PGlite | pg.Pool }).$client;
    const logged: Database = "connect" in client ? drizzleNodePostgres({ client, schema, logger }) : drizzlePglite({ client, schema, logger });
    const found = await createPagesService(logged, searchCountCap === undefined ? {} : { searchCountCap }).search(
      { search: text, offset, limit: 5 },
      "http://localhost",
    );
    return { found, statements: captured.filter(({ sql }) => /^\s*select\b/i.test(sql) && !/set_config/i.test(sql)) };
  }

  async function planOf(statement: { sql: string; params: unknown[] }): Promise<PlanNode> {
    // Sequential scans priced out: on the demo's 31 products either engine would rightly read them all.
    const query = `EXPLAIN (FORMAT JSON) ${statement.sql}`;
    const client = (testApp.database.db as unknown as { $client: PGlite | pg.Pool }).$client;
    let answer: unknown;
    if ("connect" in client) {
      const connection = await client.connect();
      try {
        await connection.query("BEGIN");
        await connection.query("SET LOCAL enable_seqscan = off");
        answer = (await connection.query(query, statement.params)).rows[0]?.["QUERY PLAN"];
      } finally {
        await connection.query("ROLLBACK");
        connection.release();
      }
    } else {
      answer = await client.transaction(async (tx) => {
        await tx.exec("SET LOCAL enable_seqscan = off");
        return (await tx.query<{ "QUERY PLAN": unknown }>(query, statement.params)).rows[0]?.["QUERY PLAN"];
      });
    }
    const plan: unknown = typeof answer === "string" ? JSON.parse(answer) : answer;
    return (plan as [{ Plan: PlanNode }])[0].Plan;
  }

  it("scores only the nearest names, found by a nearest-first walk of the trigram GiST index", async () => {
    const { statements } = await statementsOf("визиток");
    const page = statements.find(({ sql }) => sql.includes("ts_headline"));
    expect(page, "the page's query").toBeDefined();
    const walks = [...nodesOf(await planOf(page ?? { sql: "", params: [] }))].filter(
      (node) => node["Node Type"] === "Index Scan" && node["Index Name"] === "product_search_name_knn_idx" && node["Order By"] !== undefined,
    );
    expect(walks.length).toBeGreaterThan(0);
  });

  it("counts the matches from the indexes' candidates without scoring them", async () => {
    const { found, statements } = await statementsOf("визиток");
    const counts = statements.filter(({ sql }) => /count\(/i.test(sql));
    expect(counts.length).toBeGreaterThan(0);
    for (const { sql } of counts) expect(sql).not.toMatch(/word_similarity\(|ts_rank\(/);
    expect(found.total).toBe((await search("визиток")).total);
  });

  it("says «more than the cap» from a category or the text match alone, without rechecking the trigram matches", async () => {
    // «визиток» names the business-card category: its products alone pass a cap of 3, so the union of every arm
    // (whose trigram arm rechecks each row with word_similarity) is never counted.
    const capped = await statementsOf("визиток", 0, 3);
    expect(capped.found).toMatchObject({ total: 3, totalIsCapped: true });
    expect(capped.statements.filter(({ sql }) => /count\(/i.test(sql) && sql.includes("<%"))).toEqual([]);
    // Below the cap the union is counted, exactly.
    const exact = await statementsOf("визиток");
    expect(exact.statements.some(({ sql }) => /count\(/i.test(sql) && sql.includes("<%"))).toBe(true);
    expect(exact.found.totalIsCapped).toBe(false);
  });

  it("pages through the matches: every page is the next part of the one full list", async () => {
    const full = (await search("визиток")).items.map((item) => `${item.type}:${item.id}`);
    const paged: string[] = [];
    for (let offset = 0; offset < full.length; offset += 5) {
      paged.push(...(await statementsOf("визиток", offset)).found.items.map((item) => `${item.type}:${item.id}`));
    }
    expect(paged).toEqual(full);
  });
});

describe("the total, counted exactly up to a cap (issue 31)", () => {
  it("says «more than the cap» beyond it and the exact count up to it", async () => {
    const exact = await search("визиток");
    expect(exact.totalIsCapped).toBe(false);
    expect(exact.total).toBeGreaterThan(3);
    const capped = await createPagesService(testApp.database.db, { searchCountCap: 3 }).search({ search: "визиток", limit: 2 }, "https://shop.example");
    expect(capped).toMatchObject({ total: 3, totalIsCapped: true });
    expect(capped.items.map((item) => item.id)).toEqual(exact.items.slice(0, 2).map((item) => item.id));
    const atTheCap = await createPagesService(testApp.database.db, { searchCountCap: exact.total }).search({ search: "визиток" }, "https://shop.example");
    expect(atTheCap).toMatchObject({ total: exact.total, totalIsCapped: false });
  });
});
