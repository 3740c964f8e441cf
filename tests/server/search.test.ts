import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

  it("finds nothing for a word that only looks like noise", async () => {
    expect((await search("qqqzzz")).total).toBe(0);
  });
});
