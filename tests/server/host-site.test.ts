import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { websiteBlock } from "../../server/db/schema";
import { hostSite } from "../../server/plugins/host-site";
import { categoryListSchema, footerContentSchema, headerContentSchema, pageSchema, PRODUCT_LIST_DEFAULT_LIMIT, productListPageSchema, productSchema, SESSION_COOKIE } from "../../shared/contracts/index";
import type { Category, Page, Product } from "../../shared/contracts/index";
import { startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * The host site's server render (spec §2 routes) on the seeded demo data, through the built render
 * (dist/host-site: `npm run build:client && npm run build:ssr` first) and Fastify's inject: each
 * route's status, its <title>, description and keywords from the SEO fields, the redirects of
 * unknown addresses, the product's JSON-LD, sitemap.xml and robots.txt.
 */

const DIST = join(import.meta.dirname, "..", "..", "dist");
const PUBLIC_URL = "https://ottisk.example";

if (!existsSync(join(DIST, "host-site", "server", "entry-server.js"))) {
  throw new Error("The host site is not built: run npm run build:client && npm run build:ssr before this test");
}

let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp({ publicUrl: PUBLIC_URL });
  await testApp.app.register(hostSite, { distDir: DIST });
  await testApp.app.ready();
});

afterAll(async () => {
  await testApp.close();
});

async function get(url: string) {
  return testApp.app.inject({ method: "GET", url });
}

async function api<T>(url: string, schema: { parse(value: unknown): T }): Promise<T> {
  const response = await get(`/api${url}`);
  expect(response.statusCode, url).toBe(200);
  return schema.parse(response.json());
}

async function apiPage(slug: string): Promise<Page> {
  return api(`/public/website/page/${encodeURIComponent(slug || "main")}`, pageSchema);
}

/** The text of an HTML attribute or element as the document writes it (escaped as &#NN;), decoded. */
function decode(text: string): string {
  return text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, "&");
}

interface Head {
  title: string | undefined;
  description: string | undefined;
  keywords: string | undefined;
  canonical: string | undefined;
  robots: string | undefined;
}

function headOf(html: string): Head {
  const find = (pattern: RegExp) => {
    const match = pattern.exec(html);
    return match?.[1] === undefined ? undefined : decode(match[1]);
  };
  return {
    title: find(/<title>([^<]*)<\/title>/),
    description: find(/<meta name="description" content="([^"]*)">/),
    keywords: find(/<meta name="keywords" content="([^"]*)">/),
    canonical: find(/<link rel="canonical" href="([^"]*)">/),
    robots: find(/<meta name="robots" content="([^"]*)">/),
  };
}

async function page200(url: string): Promise<{ html: string; head: Head }> {
  const response = await get(url);
  expect(response.statusCode, `${url}: ${response.headers.location ?? ""}`).toBe(200);
  expect(response.headers["content-type"]).toContain("text/html");
  const html = response.body;
  expect(html).toContain('<html lang="ru">');
  return { html, head: headOf(html) };
}

function jsonLd(html: string): Record<string, unknown>[] {
  return Array.from(html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g), (match) => JSON.parse(match[1] ?? "null") as Record<string, unknown>);
}

/** The embedded store the browser hydrates from. */
function snapshotOf(html: string): { pages: Record<string, { status: string }>; search: Record<string, { status: string }> } {
  const match = /<script id="ottisk-state" type="application\/json">([^<]*)<\/script>/.exec(html);
  expect(match, "the page carries its store").not.toBeNull();
  return JSON.parse(match?.[1] ?? "{}") as { pages: Record<string, { status: string }>; search: Record<string, { status: string }> };
}

describe("website pages", () => {
  const slugs = [
    "",
    "blog",
    "blog/cmyk-i-rgb",
    "vakansii",
    "vakansii/operator-cifrovoy-pechati",
    "uslugi",
    "uslugi/dizayn-maketa",
    "instrukcii",
    "instrukcii/vylety-pod-obrez",
    "kontakty",
    "o-kompanii",
    "dostavka-i-oplata",
    "politika-konfidencialnosti",
  ];

  for (const slug of slugs) {
    it(`/${slug} is rendered on the server with the page's SEO fields`, async () => {
      const data = await apiPage(slug);
      const { html, head } = await page200(`/${slug}`);
      expect(head.title).toBe(data.seoTitle);
      expect(head.title).not.toBe("");
      expect(head.description).toBe(data.seoDescription);
      // Every page has keywords (issue 16: the sections and the shop's own pages had none).
      expect(head.keywords).toBeTruthy();
      expect(head.keywords).toBe(data.seoKeywords);
      expect(head.canonical).toBe(`${PUBLIC_URL}/${slug}`);
      expect(head.robots).toBeUndefined();
      expect(html).toMatch(/<h1[^>]*>/);
      if (slug !== "") expect(html).toContain(`>${data.seoName || data.name}</h1>`);
      expect(snapshotOf(html).pages[slug]?.status).toBe("ready");
    });
  }

  it("the main page shows its banner, categories and blog teasers, no longer a redirect to /catalog", async () => {
    const { html } = await page200("/");
    expect(html).toContain("Печатаем быстро и без сюрпризов</h1>");
    expect(html).toContain('href="/catalog/vizitki"');
    expect(html).toContain("Полезное в блоге");
    const latest = (await apiPage("blog")).children[0];
    expect(latest).toBeDefined();
    expect(html).toContain(`href="/${latest?.slug}"`);
  });

  it("the main page describes the shop (Organization) and its search (WebSite with a SearchAction on /poisk?q=) in JSON-LD", async () => {
    const { html } = await page200("/");
    const data = jsonLd(html);
    const contacts = await api("/public/website/header", headerContentSchema);
    expect(data.find((item) => item["@type"] === "Organization")).toMatchObject({
      "@context": "https://schema.org",
      name: "Оттиск",
      url: `${PUBLIC_URL}/`,
      telephone: contacts.numberPhone,
      email: contacts.email,
    });
    expect(data.find((item) => item["@type"] === "WebSite")).toMatchObject({
      "@context": "https://schema.org",
      url: `${PUBLIC_URL}/`,
      potentialAction: {
        "@type": "SearchAction",
        target: { "@type": "EntryPoint", urlTemplate: `${PUBLIC_URL}/poisk?q={search_term_string}` },
        "query-input": "required name=search_term_string",
      },
    });
    // Only the main page speaks for the site.
    expect(jsonLd((await page200("/o-kompanii")).html).some((item) => item["@type"] === "WebSite")).toBe(false);
  });

  it("a section's list links to every page under it; blog posts carry their date as dd.MM.yyyy", async () => {
    for (const section of ["blog", "vakansii", "uslugi", "instrukcii"]) {
      const data = await apiPage(section);
      expect(data.children.length, section).toBeGreaterThan(0);
      const { html } = await page200(`/${section}`);
      for (const child of data.children) expect(html, `${section} → ${child.slug}`).toContain(`href="/${child.slug}"`);
    }
    const blog = await apiPage("blog");
    const { html } = await page200("/blog");
    const post = blog.children[0];
    const [year, month, day] = (post?.createdAt ?? "").slice(0, 10).split("-");
    expect(html).toContain(`>${day}.${month}.${year}</time>`);
  });

  it("an article shows its date as «dd MMMM yyyy», a link back to the blog and other posts", async () => {
    const article = await apiPage("blog/cmyk-i-rgb");
    const { html } = await page200("/blog/cmyk-i-rgb");
    const [year, , day] = article.createdAt.slice(0, 10).split("-");
    expect(html).toMatch(new RegExp(`>${day} [а-я]+ ${year}</time>`));
    expect(html).toContain('<a href="/blog">Блог</a>');
    expect(html).toContain('<meta property="og:type" content="article">');
    const crumbs = jsonLd(html).find((item) => item["@type"] === "BreadcrumbList");
    expect(crumbs).toBeDefined();
  });

  it("an article describes itself as a BlogPosting in JSON-LD: headline, dates, image, the shop as author and publisher, its page", async () => {
    const article = await apiPage("blog/cmyk-i-rgb");
    const posting = jsonLd((await page200("/blog/cmyk-i-rgb")).html).find((item) => item["@type"] === "BlogPosting");
    expect(posting).toMatchObject({
      "@context": "https://schema.org",
      headline: article.name,
      datePublished: article.createdAt,
      dateModified: article.updatedAt,
      author: { "@type": "Organization", name: "Оттиск", url: `${PUBLIC_URL}/` },
      publisher: { "@type": "Organization", name: "Оттиск", url: `${PUBLIC_URL}/` },
      mainEntityOfPage: { "@type": "WebPage", "@id": `${PUBLIC_URL}/blog/cmyk-i-rgb` },
    });
    expect(posting?.image).toEqual(article.padBanner ? [article.padBanner.url] : undefined);
    // A section's list and the shop's other pages are not blog posts.
    expect(jsonLd((await page200("/blog")).html).some((item) => item["@type"] === "BlogPosting")).toBe(false);
    expect(jsonLd((await page200("/o-kompanii")).html).some((item) => item["@type"] === "BlogPosting")).toBe(false);
  });

  it("a vacancy, a service and the contacts show their structured content; the contacts page has the feedback form", async () => {
    expect((await page200("/vakansii/operator-cifrovoy-pechati")).html).toContain("Обязанности");
    expect((await page200("/uslugi/dizayn-maketa")).html).toContain("Заказать");
    const contacts = (await page200("/kontakty")).html;
    expect(contacts).toContain('href="tel:+78612004050"');
    expect(contacts).toContain("ИНН 2310123454");
    expect(contacts).toContain("Напишите нам");
    expect(contacts).toContain("<form");
  });
});

describe("absolute addresses in pages (issue 28, finding 2)", () => {
  it("come from the public address (OTTISK_PUBLIC_URL), whatever Host or X-Forwarded-Host the request names", async () => {
    for (const headers of [{ host: "evil.example" }, { host: "evil.example:8080", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" }]) {
      const response = await testApp.app.inject({ method: "GET", url: "/catalog", headers });
      expect(response.statusCode).toBe(200);
      const head = headOf(response.body);
      expect(head.canonical).toBe(`${PUBLIC_URL}/catalog`);
      expect(response.body).toContain(`<meta property="og:url" content="${PUBLIC_URL}/catalog">`);
      expect(response.body).not.toContain("evil.example");
      const robots = await testApp.app.inject({ method: "GET", url: "/robots.txt", headers });
      expect(robots.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    }
  });
});

describe("the footer's rating badge (spec §1: on desktop a rating badge; finding 4)", () => {
  it("every page's footer shows the shop's rating from the footer content, with its source linked", async () => {
    const footer = await api("/public/website/footer", footerContentSchema);
    expect(footer.rating, "the demo footer carries a rating").toBeDefined();
    const { html } = await page200("/catalog");
    const badge = /<a class="ottisk-footer__rating"[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/.exec(html);
    expect(badge, "the badge is drawn").not.toBeNull();
    expect(decode(badge?.[1] ?? "")).toBe(footer.rating?.url);
    const text = decode((badge?.[2] ?? "").replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ");
    expect(text).toContain(footer.rating?.source);
    expect(text).toContain((footer.rating?.value ?? 0).toLocaleString("ru-RU", { minimumFractionDigits: 1 }));
  });
});

describe("one format for the shop's phones (finding 5)", () => {
  it("the header shows a phone typed as «8 (861) 2004050» as +7 861 200-40-50, as every other screen does", async () => {
    const db = testApp.database.db;
    const [row] = await db.select().from(websiteBlock).where(eq(websiteBlock.key, "Header"));
    if (!row) throw new Error("The demo site has no Header block");
    try {
      await db.update(websiteBlock).set({ content: { ...row.content, numberPhone: "8 (861) 2004050", numberPhoneOption: "+79182004050" } }).where(eq(websiteBlock.key, "Header"));
      await testApp.app.cacheInvalidation.invalidate("pages");
      const { html } = await page200("/kontakty");
      const shown = Array.from(html.matchAll(/class="ottisk-header__phone(?: [^"]*)?"[^>]*>([^<]*)</g), (match) => decode(match[1] ?? ""));
      expect(shown).toEqual(["+7 861 200-40-50", "+7 918 200-40-50"]);
      // Only the data handed to the browser (the store's JSON) keeps it as written; no screen shows it so.
      expect(html.replace(/<script[\s\S]*?<\/script>/g, "")).not.toContain("8 (861) 2004050");
    } finally {
      await db.update(websiteBlock).set({ content: row.content }).where(eq(websiteBlock.key, "Header"));
      await testApp.app.cacheInvalidation.invalidate("pages");
    }
  });
});

describe("the layout's contacts and popup", () => {
  it("every page draws the «Связаться» button of the contacts dialog; the popup is never in the server's HTML", async () => {
    const popup = (await get("/api/public/website/popup")).json() as { title?: string };
    expect(popup.title).toBeTruthy();
    for (const path of ["/", "/catalog/vizitki", "/kontakty", "/cart"]) {
      const { html } = await page200(path);
      expect(html, path).toMatch(/<aside class="site__contact"[^>]*>[\s\S]*<button type="button" class="ottisk-button ottisk-button--quiet" part="button" aria-haspopup="dialog">[\s\S]*Связаться<\/button>/);
      // The popup opens in the browser after its delay (host-site/Layout.tsx SitePopup), so hydration matches.
      expect(html, path).not.toContain(popup.title ?? "");
      expect(html, path).not.toContain("ottisk-popup");
    }
  });
});

describe("the shop's screens", () => {
  it("/poisk renders the results of ?q= on the server", async () => {
    const { html, head } = await page200(`/poisk?q=${encodeURIComponent("визитки")}`);
    expect(head.title).toBe("Поиск: визитки — Оттиск — типография онлайн");
    expect(head.robots).toBe("noindex");
    expect(html).toContain("<h1>Поиск по сайту</h1>");
    expect(html).toContain("Результаты поиска по запросу «визитки»");
    expect(html).toMatch(/Найдено \d+ результат/);
    expect(Object.values(snapshotOf(html).search).map((item) => item.status)).toEqual(["ready"]);
    expect((await page200("/poisk")).head.title).toBe("Поиск по сайту — Оттиск — типография онлайн");
  });

  it("/izbrannoe is titled «Избранное»", async () => {
    const { html, head } = await page200("/izbrannoe");
    expect(head.title).toBe("Избранное — Оттиск — типография онлайн");
    expect(html).toContain("<h1>Избранное</h1>");
  });

  it("/cart and /success-payment render their screens, not indexed", async () => {
    const cart = await page200("/cart");
    expect(cart.head.title).toBe("Корзина — Оттиск — типография онлайн");
    expect(cart.head.robots).toBe("noindex");
    expect(cart.html).toContain("ottisk-cart");
    const success = await page200("/success-payment?orderId=1");
    expect(success.head.title).toBe("Заказ оформлен — Оттиск — типография онлайн");
    // Drawn with the page's session (issue 31): a visitor without one is told the order is not theirs to see.
    expect(success.html).toContain("Заказ недоступен");
    const withoutOrder = await page200("/success-payment");
    expect(withoutOrder.html).toContain("В адресе нет номера заказа");
  });
});

describe("the catalogue", () => {
  let categories: Category[];
  let product: Product;

  beforeAll(async () => {
    categories = await api("/public/product/category", categoryListSchema);
    const list = await api("/public/product?limit=1", productListPageSchema);
    const card = list.items[0];
    if (!card) throw new Error("The seeded catalogue has no products");
    product = await api(`/public/product/${card.id}`, productSchema);
  });

  it("/catalog and /catalog/{category} take their SEO from the category", async () => {
    expect((await page200("/catalog")).head.title).toBe("Каталог печатной продукции — Оттиск — типография онлайн");
    const vizitki = categories.find((category) => category.slug === "vizitki");
    expect(vizitki).toBeDefined();
    const { head } = await page200("/catalog/vizitki");
    expect(head.title).toBe(vizitki?.seoTitle);
    expect(head.description).toBe(vizitki?.seoDescription);
    expect(head.keywords).toBe(vizitki?.seoKeywords);
  });

  it("/catalog and /catalog/{category} list the page's products as an ItemList in JSON-LD, at their canonical addresses", async () => {
    const all = await api(`/public/product?sort=NameAsc&limit=${PRODUCT_LIST_DEFAULT_LIMIT}`, productListPageSchema);
    const vizitki = categories.find((category) => category.slug === "vizitki");
    const inCategory = await api(`/public/product?categoryId=${vizitki?.id}&sort=NameAsc&limit=${PRODUCT_LIST_DEFAULT_LIMIT}`, productListPageSchema);
    for (const [path, list, name] of [
      ["/catalog", all, "Каталог печатной продукции"],
      ["/catalog/vizitki", inCategory, vizitki?.seoName || vizitki?.name],
    ] as const) {
      const itemList = jsonLd((await page200(path)).html).find((item) => item["@type"] === "ItemList");
      expect(itemList, path).toMatchObject({ "@context": "https://schema.org", name, numberOfItems: list.total });
      expect(list.items.length, path).toBeGreaterThan(0);
      expect(itemList?.itemListElement, path).toEqual(
        list.items.map((card, index) => ({
          "@type": "ListItem",
          position: index + 1,
          url: `${PUBLIC_URL}/catalog/${card.category.slug}/${card.id}`,
          name: card.productName,
        })),
      );
    }
    // The second page numbers on from the first.
    const second = jsonLd((await page200("/catalog?page=2")).html).find((item) => item["@type"] === "ItemList");
    if (all.total > PRODUCT_LIST_DEFAULT_LIMIT) {
      expect((second?.itemListElement as { position: number }[] | undefined)?.[0]?.position).toBe(PRODUCT_LIST_DEFAULT_LIMIT + 1);
    }
  });

  it("a filtered catalogue page is its address: filters, sort and page in the query, rendered filtered on the server (finding 8)", async () => {
    const vizitki = categories.find((category) => category.slug === "vizitki");
    const all = await api(`/public/product?categoryId=${vizitki?.id}&sort=NameDesc&limit=${PRODUCT_LIST_DEFAULT_LIMIT}`, productListPageSchema);
    const cheapest = Math.min(...all.items.map((card) => card.priceFrom));
    const filtered = await api(
      `/public/product?categoryId=${vizitki?.id}&maxPrice=${cheapest}&sort=NameDesc&limit=${PRODUCT_LIST_DEFAULT_LIMIT}`,
      productListPageSchema,
    );
    expect(filtered.total, "the filter leaves some out").toBeLessThan(all.total);
    expect(filtered.total).toBeGreaterThan(0);
    const { html } = await page200(`/catalog/vizitki?maxPrice=${cheapest}&sort=NameDesc`);
    const itemList = jsonLd(html).find((item) => item["@type"] === "ItemList");
    expect(itemList?.numberOfItems, "the server rendered the filtered list").toBe(filtered.total);
    for (const card of all.items) {
      const shown = html.includes(`href="/catalog/vizitki/${card.id}"`);
      expect(shown, card.productName).toBe(filtered.items.some((item) => item.id === card.id));
    }
    // Filters in the address are the shopper's view, so the canonical address is the unfiltered page.
    expect(headOf(html).canonical).toBe(`${PUBLIC_URL}/catalog/vizitki`);
  });

  it("a product page has its SEO fields and Product JSON-LD with the price in roubles", async () => {
    const path = `/catalog/${product.category.slug}/${product.id}`;
    const { html, head } = await page200(path);
    expect(head.title).toBe(product.seoTitle || `${product.seoName || product.productName} — Оттиск — типография онлайн`);
    if (product.seoDescription) expect(head.description).toBe(product.seoDescription);
    expect(head.canonical).toBe(`${PUBLIC_URL}${path}`);
    const data = jsonLd(html).find((item) => item["@type"] === "Product");
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: product.seoName || product.productName,
      offers: { "@type": "Offer", priceCurrency: "RUB", price: product.priceFrom.toFixed(2), availability: "https://schema.org/InStock" },
    });
    expect(Number((data?.offers as { price: string }).price)).toBe(product.priceFrom);
    expect(jsonLd(html).some((item) => item["@type"] === "BreadcrumbList")).toBe(true);
    expect(html).toContain('<meta property="og:type" content="product">');
  });

  it("keeps the product rules: a load error leads to /catalog, another category's address to the canonical one", async () => {
    const missing = await get("/catalog/vizitki/999999");
    expect(missing.statusCode).toBe(302);
    expect(missing.headers.location).toBe("/catalog");
    const other = categories.find((category) => category.slug !== product.category.slug);
    const moved = await get(`/catalog/${other?.slug}/${product.id}`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/catalog/${product.category.slug}/${product.id}`);
  });
});

describe("the page's code", () => {
  /** The page's script tags, and the files its one script (host-site/boot.ts) loads, in its order. */
  function pageCode(html: string): { scriptTags: string[]; files: string[] } {
    const scriptTags = Array.from(html.matchAll(/<script\b(?![^>]*type="application\/(?:ld\+)?json")[^>]*>/g), (match) => match[0]);
    const boot = /<script type="module" fetchpriority="low" src="\/assets\/boot-[\w-]+\.js" data-modules="([^"]+)"><\/script>/.exec(html);
    expect(boot, "the page's boot script").not.toBeNull();
    const files = (boot?.[1] ?? "").split(" ");
    expect(files.filter((href) => /^\/assets\/entry-client-[\w-]+\.js$/.test(href))).toHaveLength(1);
    return { scriptTags, files };
  }

  /** The chunks a built file imports statically (`from"./name.js"` in the minified code). */
  async function staticImports(file: string): Promise<string[]> {
    const response = await get(file);
    expect(response.statusCode, file).toBe(200);
    return Array.from(response.body.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g), (match) => `/assets/${match[1]}`);
  }

  it("a page has one script, which names its route's chunk beside the entry's; the catalogue, part of the entry, names none", async () => {
    const list = await api("/public/product?limit=1", productListPageSchema);
    const card = list.items[0];
    if (!card) throw new Error("The seeded catalogue has no products");
    const product = pageCode((await page200(`/catalog/${card.category.slug}/${card.id}`)).html);
    expect(product.scriptTags).toHaveLength(1);
    expect(product.files.filter((href) => /^\/assets\/ProductPage-[\w-]+\.js$/.test(href))).toHaveLength(1);
    const main = pageCode((await page200("/")).html).files;
    expect(main.filter((href) => /^\/assets\/WebsitePage-[\w-]+\.js$/.test(href))).toHaveLength(1);
    expect(pageCode((await page200("/izbrannoe")).html).files.some((href) => /^\/assets\/ScreenPages-/.test(href))).toBe(true);
    const catalog = pageCode((await page200("/catalog/vizitki")).html).files;
    expect(catalog.some((href) => /\/(ProductPage|WebsitePage|ScreenPages)-/.test(href))).toBe(false);
    for (const files of [product.files, main, catalog]) expect(new Set(files).size).toBe(files.length);
  });

  it("lists every file after the files it imports, so the boot script can evaluate them one at a time", async () => {
    for (const path of ["/", "/catalog/vizitki", "/izbrannoe"]) {
      const { files } = pageCode((await page200(path)).html);
      expect(files.some((href) => /\/react-dom-[\w-]+\.js$/.test(href)), "react-dom is a chunk of its own").toBe(true);
      for (const [index, file] of files.entries()) {
        for (const imported of await staticImports(file)) {
          expect(files.indexOf(imported), `${path}: ${file} imports ${imported}`).toBeGreaterThanOrEqual(0);
          expect(files.indexOf(imported), `${path}: ${imported} comes before ${file}`).toBeLessThan(index);
        }
      }
    }
  });
});

describe("redirects", () => {
  const toMain = ["/no-such-page", "/blog/net-takoy-stati", "/blog/novinki-2026", "/o-kompanii/lishnee", "/a/b/c", "/catalog/vizitki/3/lishnee", "/%E2%80%94"];
  for (const path of toMain) {
    it(`${path} leads to the main page (302)`, async () => {
      const response = await get(path);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe("/");
    });
  }

  it("/main, the API's alias of the main page, and upper-case addresses go to their one address (301)", async () => {
    const main = await get("/main");
    expect(main.statusCode).toBe(301);
    expect(main.headers.location).toBe("/");
    const upper = await get("/Blog/CMYK-i-RGB");
    expect(upper.statusCode).toBe(301);
    expect(upper.headers.location).toBe("/blog/cmyk-i-rgb");
  });
});

/** Checks that `xml` is well-formed for the subset a sitemap uses: one declaration, balanced elements, escaped text. */
function expectWellFormedXml(xml: string): void {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const body = xml.slice(xml.indexOf("?>") + 2);
  const open: string[] = [];
  for (const token of body.matchAll(/<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g)) {
    const [, closing, name, , selfClosing, text, stray] = token;
    expect(stray, "no stray <").toBeUndefined();
    if (text !== undefined) {
      expect(text, "text holds only escaped ampersands").not.toMatch(/&(?!(amp|lt|gt|quot|apos|#\d+);)/);
      if (open.length === 0) expect(text.trim()).toBe("");
      continue;
    }
    if (closing) expect(open.pop(), `</${name}> closes its element`).toBe(name);
    else if (!selfClosing) open.push(name ?? "");
  }
  expect(open).toEqual([]);
}

describe("sitemap.xml and robots.txt", () => {
  it("sitemap.xml is an index of files that list the public pages, every category and every product at the public address", async () => {
    const index = await get("/sitemap.xml");
    expect(index.statusCode).toBe(200);
    expect(index.headers["content-type"]).toContain("application/xml");
    expectWellFormedXml(index.body);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = Array.from(index.body.matchAll(/<loc>([^<]+)<\/loc>/g), (match) => decode(match[1] ?? ""));
    // The site's own pages and categories, then the products (31 of them: one file).
    expect(files).toEqual([`${PUBLIC_URL}/sitemap-1.xml`, `${PUBLIC_URL}/sitemap-2.xml`]);
    const bodies = await Promise.all(
      files.map(async (file) => {
        const response = await get(new URL(file).pathname);
        expect(response.statusCode, file).toBe(200);
        expect(response.headers["content-type"]).toContain("application/xml");
        expectWellFormedXml(response.body);
        expect(response.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
        return response.body;
      }),
    );
    expect((await get("/sitemap-3.xml")).statusCode).toBe(404);
    expect((await get("/sitemap-0.xml")).statusCode).toBe(404);
    const xml = bodies.join("\n");
    const locs = Array.from(xml.matchAll(/<loc>([^<]+)<\/loc>/g), (match) => decode(match[1] ?? ""));
    expect(new Set(locs).size).toBe(locs.length);
    for (const loc of locs) expect(loc.startsWith(`${PUBLIC_URL}/`)).toBe(true);

    for (const path of ["/", "/catalog", "/blog", "/blog/cmyk-i-rgb", "/vakansii", "/uslugi/dizayn-maketa", "/instrukcii", "/kontakty", "/o-kompanii", "/politika-konfidencialnosti"]) {
      expect(locs, path).toContain(`${PUBLIC_URL}${path}`);
    }
    for (const path of ["/blog/novinki-2026", "/cart", "/izbrannoe", "/poisk", "/success-payment"]) expect(locs, path).not.toContain(`${PUBLIC_URL}${path}`);

    const categories = await api("/public/product/category", categoryListSchema);
    for (const category of categories) expect(locs).toContain(`${PUBLIC_URL}/catalog/${category.slug}`);
    const products = await api("/public/product?limit=100", productListPageSchema);
    expect(products.total).toBeLessThanOrEqual(100);
    for (const card of products.items) expect(locs).toContain(`${PUBLIC_URL}/catalog/${card.category.slug}/${card.id}`);

    const kontakty = /<url>\s*<loc>https:\/\/ottisk\.example\/kontakty<\/loc>\s*<lastmod>([^<]+)<\/lastmod>/.exec(xml);
    expect(Number.isNaN(Date.parse(kontakty?.[1] ?? ""))).toBe(false);
  });

  it("robots.txt allows everything but the API and the per-visitor screens, and names the sitemap", async () => {
    const response = await get("/robots.txt");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/plain");
    const lines = response.body.split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of ["/api/", "/cart", "/success-payment", "/izbrannoe", "/poisk"]) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});

describe("the visitor's account in the server render", () => {
  /** The state the page hands to the browser (the snapshot in its JSON script). */
  function accountOf(html: string): unknown {
    const json = /<script[^>]*type="application\/json"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
    if (!json) throw new Error("The page carries no state");
    return (JSON.parse(json) as { account?: unknown }).account;
  }

  it("without a session cookie says nobody is signed in, so the browser does not ask; with one it draws the account", async () => {
    const anonymous = await get("/catalog");
    expect(anonymous.headers["cache-control"]).toBe("private, no-cache");
    expect(accountOf(anonymous.body)).toBeNull();

    const login = await testApp.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: "client@example.com", password: "client12345", rememberMe: false } });
    const cookie = login.cookies.find((item) => item.name === SESSION_COOKIE);
    expect(cookie?.value, "the shop's own page gets the session as a cookie").toBeTruthy();
    const signedIn = await testApp.app.inject({ method: "GET", url: "/catalog", cookies: { [SESSION_COOKIE]: cookie?.value ?? "" } });
    expect(accountOf(signedIn.body)).toMatchObject({ email: "client@example.com", temporary: false });

    // A session that has ended is nobody too.
    const ended = await testApp.app.inject({ method: "GET", url: "/catalog", cookies: { [SESSION_COOKIE]: "no-such-session" } });
    expect(accountOf(ended.body)).toBeNull();
  });
});

describe("the account area at /admin", () => {
  it("draws every account page on the server, not indexed; an anonymous visitor gets the sign-in form for the page", async () => {
    const pages: [string, string][] = [
      ["/admin/auth/login", "Вход"],
      ["/admin/auth/registration", "Регистрация"],
      ["/admin/auth/password-recovery", "Восстановление пароля"],
      ["/admin/client/orders", "Мои заказы"],
      ["/admin/client/orders/1", "Заказ"],
      ["/admin/client/documents", "Документы"],
      ["/admin/client/designs", "Мои макеты"],
      ["/admin/client/notification", "Уведомления"],
      ["/admin/client/profile/info", "Данные профиля"],
      ["/admin/client/profile/company/info", "Данные компании"],
      ["/admin/employee/orders", "Заказы"],
      ["/admin/employee/profile", "Профиль"],
      ["/admin/employee/clients", "Клиенты"],
    ];
    for (const [path, title] of pages) {
      const { html, head } = await page200(path);
      expect(head.title, path).toMatch(new RegExp(`^${title} — Оттиск`));
      expect(head.robots, path).toContain("noindex");
      expect(html, path).toContain(`<h1>${title}</h1>`);
      if (!path.startsWith("/admin/auth/")) expect(html, path).toContain("После входа вы вернётесь сюда");
    }
  });

  it("an address under /admin that names no page leads to the account area's start; robots.txt keeps crawlers out", async () => {
    for (const path of ["/admin/nothing", "/admin/client/orders/abc", "/admin/client/orders/1/2"]) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(302);
      expect(response.headers.location, path).toBe("/admin");
    }
    const robots = await get("/robots.txt");
    expect(robots.body.split("\n")).toContain("Disallow: /admin");
  });

  it("a signed-in client sees their pages with the account navigation; an employee page tells a client where to go", async () => {
    const login = await testApp.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: "client@example.com", password: "client12345", rememberMe: false } });
    const cookies = { [SESSION_COOKIE]: login.cookies.find((item) => item.name === SESSION_COOKIE)?.value ?? "" };
    const orders = await testApp.app.inject({ method: "GET", url: "/admin/client/orders", cookies });
    expect(orders.statusCode).toBe(200);
    expect(orders.body).toContain('aria-label="Личный кабинет"');
    expect(orders.body).not.toContain("После входа вы вернётесь сюда");
    const employeePage = await testApp.app.inject({ method: "GET", url: "/admin/employee/orders", cookies });
    expect(employeePage.body).toContain("Эта страница — для сотрудников типографии");
  });
});

describe("an admin panel of the operator's own (OTTISK_ADMIN_URL)", () => {
  let panelApp: TestApp;
  beforeAll(async () => {
    panelApp = await startTestApp({ publicUrl: PUBLIC_URL });
    await panelApp.app.register(hostSite, { distDir: DIST, adminUrl: "https://panel.ottisk.example/cabinet" });
    await panelApp.app.ready();
  });
  afterAll(async () => {
    await panelApp.close();
  });

  it("sends every /admin address there, path and query kept; the storefront's pages stay", async () => {
    const cases: [string, string][] = [
      ["/admin", "https://panel.ottisk.example/cabinet"],
      ["/admin/auth/registration", "https://panel.ottisk.example/cabinet/auth/registration"],
      ["/admin/client/orders?page=2", "https://panel.ottisk.example/cabinet/client/orders?page=2"],
    ];
    for (const [path, location] of cases) {
      const response = await panelApp.app.inject({ method: "GET", url: path });
      expect(response.statusCode, path).toBe(302);
      expect(response.headers.location, path).toBe(location);
    }
    expect((await panelApp.app.inject({ method: "GET", url: "/administration" })).headers.location).not.toContain("panel.ottisk.example");
    expect((await panelApp.app.inject({ method: "GET", url: "/catalog" })).statusCode).toBe(200);
  });
});
