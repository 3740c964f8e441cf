import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { websiteBlock, websitePage } from "../../server/db/schema";
import { seedDemoPages } from "../../server/seed/seed";
import { createFileStorages } from "../../server/storage/file-storage";
import {
  footerContentSchema,
  headerContentSchema,
  menuSchema,
  pageListSchema,
  pageSchema,
  pageSeoSchema,
  popupAnswerSchema,
  searchResultPageSchema,
  serverErrorSchema,
} from "../../shared/contracts/index";
import type { Page, PageList, SearchResultPage, ServerError } from "../../shared/contracts/index";
import { createApi } from "../../shared/http/index";
import { listenOnLoopback, startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * Website pages, section lists, the menu, the site-wide blocks, the popup and the site search,
 * through Fastify's inject on the seeded demo website; the last block changes the data to see the
 * empty answers, and the API client is checked against the same server listening on a socket.
 */

let testApp: TestApp;

async function getJson(url: string): Promise<{ status: number; body: unknown }> {
  const response = await testApp.app.inject({ method: "GET", url });
  return { status: response.statusCode, body: response.json() as unknown };
}

async function page(slugPath: string): Promise<Page> {
  const { status, body } = await getJson(`/api/public/website/page/${slugPath}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return pageSchema.parse(body);
}

async function list(query: string): Promise<PageList> {
  const { status, body } = await getJson(`/api/public/website/page?${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return pageListSchema.parse(body);
}

async function search(text: string, extra = ""): Promise<SearchResultPage> {
  const { status, body } = await getJson(`/api/public/website/search?search=${encodeURIComponent(text)}${extra}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return searchResultPageSchema.parse(body);
}

async function problem(url: string): Promise<{ status: number; error: ServerError }> {
  const { status, body } = await getJson(url);
  return { status, error: serverErrorSchema.parse(body) };
}

/** Each query of `cases` on `path` is refused with 400 and a Russian message matching its pattern. */
async function expectRefusedQueries(path: string, cases: [string, RegExp][]): Promise<void> {
  for (const [query, message] of cases) {
    const { status, error } = await problem(`${path}?${query}`);
    expect(status, query).toBe(400);
    expect(error.messageUI, query).toMatch(message);
  }
}

const keys = (target: Page) => target.components.map((component) => component.key);

beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

describe("GET /public/website/page/{slug}", () => {
  it("answers the main page for `main`, an encoded slash and an empty slug, with Header first and Footer last", async () => {
    const main = await page("main");
    expect(main).toMatchObject({ slug: "", kind: "main", name: "Главная", parent: null });
    expect((await page("%2F")).id).toBe(main.id);
    expect((await page("")).id).toBe(main.id);
    expect(keys(main)[0]).toBe("Header");
    expect(keys(main).at(-1)).toBe("Footer");
    expect(keys(main)).toEqual(expect.arrayContaining(["Banner", "ProductCategories", "BlogTeasers", "Text", "Widget"]));
    expect(main.seoTitle).toContain("Оттиск");
  });

  it("gives the main page's privacy-policy and cookies documents as real PDFs under /files/site/", async () => {
    const main = await page("main");
    const widgets = main.components.flatMap((component) => (component.key === "Widget" ? [component.content] : []));
    expect(widgets.map((widget) => widget.widget).sort()).toEqual(["Cookies", "PrivacyPolicy"]);
    for (const widget of widgets) {
      const url = new URL(widget.file.url);
      expect(url.pathname).toMatch(/^\/files\/site\/.+\.pdf$/);
      const file = await testApp.app.inject({ method: "GET", url: url.pathname });
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toContain("application/pdf");
      expect(file.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(file.rawPayload.length).toBeGreaterThan(1000);
    }
  });

  it("finds a blog post by its slug with the slash URL-encoded, with its parent and cover", async () => {
    const post = await page("blog%2Fbuklet-ili-listovka");
    expect(post).toMatchObject({ slug: "blog/buklet-ili-listovka", kind: "blog", parent: { slug: "blog", name: "Блог" } });
    expect(post.padBanner?.url).toMatch(/\/files\/site\/blog-buklet-ili-listovka\.svg$/);
    expect(keys(post)).toEqual(["Header", "Text", "Footer"]);
    // Rich text is plain data: nothing that a browser would run.
    expect(JSON.stringify(post.components)).not.toMatch(/<\/?[a-z]/i);
    expect(post.createdAt).toBe(new Date("2025-12-18T15:00:00+03:00").toISOString());
  });

  it("lowers capital letters and drops slashes at the ends", async () => {
    const post = await page("%2FBLOG%2Fbuklet-ili-listovka%2F");
    expect(post.slug).toBe("blog/buklet-ili-listovka");
  });

  it("gives a list page its published children in order", async () => {
    const blog = await page("blog");
    const dates = blog.children.map((child) => child.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(blog.children.map((child) => child.slug)).not.toContain("blog/novinki-2026");

    const instructions = await page("instrukcii");
    expect(instructions.children.map((child) => child.slug)).toEqual([
      "instrukcii/vylety-pod-obrez",
      "instrukcii/cvetovaya-model-cmyk",
      "instrukcii/shrifty-v-krivye",
      "instrukcii/razreshenie-300-ppi",
      "instrukcii/sohranenie-pdf",
    ]);
  });

  it("ties the instructions' checklists to the preflight codes of spec §5", async () => {
    const codes: number[] = [];
    for (const child of (await page("instrukcii")).children) {
      const instruction = await page(encodeURIComponent(child.slug));
      for (const component of instruction.components) {
        if (component.key === "Checklist") codes.push(...component.content.items.flatMap((item) => (item.preflightCode === null ? [] : [item.preflightCode])));
      }
    }
    expect(codes.sort()).toEqual([1120, 1163, 1198, 2078, 2088, 3159, 3171, 3244, 4731, 4752, 4781]);
  });

  it("answers vacancies, services and contacts with their own components", async () => {
    const vacancy = await page("vakansii%2Fdizayner-verstalshchik");
    const details = vacancy.components.find((component) => component.key === "Vacancy");
    expect(details?.content).toMatchObject({ salaryFrom: 60000, employment: "full" });

    const service = await page("uslugi%2Fdizayn-maketa");
    expect(keys(service)).toContain("Service");

    const contacts = await page("kontakty");
    const content = contacts.components.find((component) => component.key === "Contacts")?.content;
    expect(content).toMatchObject({ email: "zakaz@ottisk.ru" });
    expect(content && "addresses" in content ? content.addresses.length : 0).toBe(2);
  });

  it("answers 404 «Страница не найдена» for an unknown page and for a draft", async () => {
    for (const slug of ["net-takoy-stranicy", "blog%2Fnovinki-2026", "blog%2Fnet-takoy"]) {
      const { status, error } = await problem(`/api/public/website/page/${slug}`);
      expect(status).toBe(404);
      expect(error).toMatchObject({ code: "PAGE_NOT_FOUND", messageUI: "Страница не найдена" });
    }
  });

  it("does not read an unencoded slash as part of the slug", async () => {
    const { status } = await problem("/api/public/website/page/blog/buklet-ili-listovka");
    expect(status).toBe(404);
  });

  it("answers 400 in Russian for a slug with other characters or too long", async () => {
    const slugs = [encodeURIComponent("блог"), "..%2F..%2Fetc", "a%2F%2Fb", "a%20b", "%00", "x".repeat(201), "vizitki%3Cscript%3E"];
    for (const slug of slugs) {
      const { status, error } = await problem(`/api/public/website/page/${slug}`);
      expect(status, slug).toBe(400);
      expect(error.code).toBe("VALIDATION_ERROR");
      expect(error.messageUI).toMatch(/Адрес страницы/);
    }
  });
});

describe("GET /public/website/page/{slug}/seo", () => {
  it("gives the name and the SEO fields, filling empty ones from the name and summary", async () => {
    const { status, body } = await getJson("/api/public/website/page/blog%2Fbuklet-ili-listovka/seo");
    expect(status).toBe(200);
    const seo = pageSeoSchema.parse(body);
    expect(seo).toEqual({
      name: "Буклет или листовка: что выбрать для рекламы",
      seoName: "Буклет или листовка: что выбрать для рекламы",
      seoTitle: "Буклет или листовка: что выбрать для рекламы — типография «Оттиск», Краснодар",
      seoDescription: "Листовка хороша для раздачи и акций, буклеты — когда нужно рассказать о продукте подробно. Разбираемся на примерах.",
      seoKeywords: "буклеты, листовки, печать буклетов, евробуклет",
    });
    expect(Object.keys(body as object).sort()).toEqual(["name", "seoDescription", "seoKeywords", "seoName", "seoTitle"]);
  });

  it("gives the main page's own title", async () => {
    const seo = pageSeoSchema.parse((await getJson("/api/public/website/page/main/seo")).body);
    expect(seo.seoTitle).toBe("Типография «Оттиск» в Краснодаре — печать визиток, листовок, баннеров");
  });

  it("gives every published page of the demo site keywords, the sections and the shop's own pages too", async () => {
    const rows = await testApp.database.db.select({ slug: websitePage.slug }).from(websitePage).where(eq(websitePage.published, true));
    expect(rows.length).toBeGreaterThan(20);
    for (const { slug } of rows) {
      const seo = pageSeoSchema.parse((await getJson(`/api/public/website/page/${encodeURIComponent(slug || "main")}/seo`)).body);
      expect(seo.seoKeywords, slug).toMatch(/^[^,]+(, [^,]+)+$/);
    }
  });

  it("answers 404 and 400 as the page does", async () => {
    expect((await problem("/api/public/website/page/blog%2Fnovinki-2026/seo")).status).toBe(404);
    expect((await problem(`/api/public/website/page/${encodeURIComponent("о-нас")}/seo`)).status).toBe(400);
  });
});

describe("GET /public/website/page (section lists)", () => {
  it("lists the published blog posts newest first with their covers", async () => {
    const blog = await list("kind=blog");
    expect(blog.total).toBe(5);
    expect(blog.items.map((item) => item.slug)).toEqual([
      "blog/bannery-zimoy",
      "blog/cmyk-i-rgb",
      "blog/buklet-ili-listovka",
      "blog/kakuyu-bumagu-vybrat-dlya-vizitok",
      "blog/kak-podgotovit-maket-k-pechati",
    ]);
    for (const item of blog.items) expect(item.padBanner?.url).toMatch(/^http:\/\/.+\/files\/site\/.+\.svg$/);
    // Spread over months, as teasers show dd.MM.yyyy.
    expect(new Set(blog.items.map((item) => item.createdAt.slice(0, 7))).size).toBe(5);
  });

  it("leaves out the excluded post (the teasers under it) and pages without overlap", async () => {
    const all = await list("kind=blog");
    const current = all.items[0];
    if (!current) throw new Error("no blog posts");
    const teasers = await list(`kind=blog&limit=3&exclude=${current.id}`);
    expect(teasers.total).toBe(4);
    expect(teasers.items).toHaveLength(3);
    expect(teasers.items.map((item) => item.id)).not.toContain(current.id);
    expect(teasers.items).toEqual(all.items.slice(1, 4));

    const first = await list("kind=blog&limit=2&offset=0");
    const second = await list("kind=blog&limit=2&offset=2");
    const third = await list("kind=blog&limit=2&offset=4");
    expect([...first.items, ...second.items, ...third.items].map((item) => item.id)).toEqual(all.items.map((item) => item.id));
    expect(third).toMatchObject({ offset: 4, limit: 2, total: 5 });
  });

  it("lists vacancies, services and instructions in the shop's order", async () => {
    expect((await list("kind=vacancy")).items.map((item) => item.name)).toEqual([
      "Оператор цифровой печатной машины",
      "Дизайнер-верстальщик",
      "Менеджер по работе с клиентами",
    ]);
    expect((await list("kind=service")).total).toBe(4);
    expect((await list("kind=instruction")).items[0]?.slug).toBe("instrukcii/vylety-pod-obrez");
  });

  it("answers 400 in Russian for a missing or unknown kind, a bad limit, offset or exclude", async () => {
    const cases: [string, RegExp][] = [
      ["", /раздел/],
      ["kind=news", /раздел/],
      ["kind=main", /раздел/],
      ["kind=blog&limit=51", /limit/],
      ["kind=blog&limit=0", /limit/],
      ["kind=blog&offset=-1", /offset/],
      ["kind=blog&exclude=abc", /exclude/],
    ];
    await expectRefusedQueries("/api/public/website/page", cases);
  });
});

describe("GET /public/website/menu, /header, /footer", () => {
  it("gives the top-level tabs in order, the main page first; the header shows at most nine after it", async () => {
    const { status, body } = await getJson("/api/public/website/menu");
    expect(status).toBe(200);
    const menu = menuSchema.parse(body);
    expect(menu[0]).toEqual({ slug: "", label: "Главная" });
    expect(menu.map((tab) => tab.slug)).toEqual([
      "",
      "catalog",
      "uslugi",
      "blog",
      "instrukcii",
      "vakansii",
      "o-kompanii",
      "dostavka-i-oplata",
      "kontakty",
    ]);
    expect(menu.slice(1, 10).length).toBeLessThanOrEqual(9);
  });

  it("gives the header's phones", async () => {
    const { status, body } = await getJson("/api/public/website/header");
    expect(status).toBe(200);
    expect(headerContentSchema.parse(body)).toMatchObject({ numberPhone: "+7 861 200-40-50", numberPhoneOption: "+7 918 200-40-50" });
  });

  it("gives the footer: company lines, two addresses with hours, three networks, files", async () => {
    const { status, body } = await getJson("/api/public/website/footer");
    expect(status).toBe(200);
    const footer = footerContentSchema.parse(body);
    expect(footer.infoCompany.split("\n").length).toBeGreaterThan(1);
    expect(footer.infoCompany).toMatch(/ИНН \d{10}/);
    expect(footer.infoCompany).toMatch(/ОГРН \d{13}/);
    expect(footer.addreses).toHaveLength(2);
    for (const address of footer.addreses) expect(address.operatingMode).not.toBe("");
    expect(footer.social.map((item) => item.network).sort()).toEqual(["telegram", "vkontakte", "whatsapp"]);
    expect(footer.files.length).toBeGreaterThan(0);
    for (const file of footer.files) expect(file.url).toMatch(/\/files\/site\/.+\.pdf$/);
  });

  it("puts the same header and footer into every page", async () => {
    const header = (await getJson("/api/public/website/header")).body;
    const footer = (await getJson("/api/public/website/footer")).body;
    const post = await page("vakansii%2Foperator-cifrovoy-pechati");
    expect(post.components[0]).toEqual({ key: "Header", content: header });
    expect(post.components.at(-1)).toEqual({ key: "Footer", content: footer });
  });
});

describe("GET /public/website/search", () => {
  it("finds «Визитки» for «визитка» (Russian stemming), with the storefront's product path", async () => {
    const found = await search("визитка");
    const products = found.items.filter((item) => item.type === "product");
    expect(products.length).toBeGreaterThanOrEqual(3);
    for (const item of products) {
      expect(item.title.toLowerCase()).toContain("визитк");
      expect(item.path).toMatch(/^catalog\/[a-z0-9-]+\/\d+$/);
    }
    expect(products.map((item) => item.path)).toContain(`catalog/vizitki/${products.find((item) => item.title === "Визитки стандартные 90×50")?.id}`);
    // The blog post about paper for business cards mentions визиток.
    expect(found.items.some((item) => item.type === "page" && item.path === "blog/kakuyu-bumagu-vybrat-dlya-vizitok")).toBe(true);
  });

  it("finds the booklet products and the blog post about буклеты for «буклет», best first", async () => {
    const found = await search("буклет", "&limit=50");
    const titles = found.items.filter((item) => item.type === "product").map((item) => item.title);
    expect(titles).toEqual(expect.arrayContaining(["Буклеты с двумя фальцами"]));
    const post = found.items.find((item) => item.type === "page" && item.path === "blog/buklet-ili-listovka");
    expect(post?.title).toBe("Буклет или листовка: что выбрать для рекламы");
    expect(post?.snippet.toLowerCase()).toContain("буклет");
    const ranks = found.items.map((item) => item.rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    expect(found.total).toBe(found.items.length);
  });

  it("gives plain-text snippets and absolute image URLs", async () => {
    const found = await search("баннер");
    expect(found.items.length).toBeGreaterThan(0);
    for (const item of found.items) {
      expect(item.snippet).not.toMatch(/<\/?b>/);
      expect(item.snippet).not.toMatch(/\n/);
      if (item.imageUrl !== null) expect(item.imageUrl).toMatch(/^http:\/\/.+\/files\//);
    }
  });

  it("pages through the results without overlap", async () => {
    const all = await search("печать", "&limit=50");
    expect(all.total).toBeGreaterThan(4);
    const first = await search("печать", "&limit=2");
    const second = await search("печать", "&limit=2&offset=2");
    const key = (item: { type: string; id: number }) => `${item.type}:${item.id}`;
    expect([...first.items, ...second.items].map(key)).toEqual(all.items.slice(0, 4).map(key));
    expect(first.total).toBe(all.total);
  });

  it("leaves drafts out", async () => {
    const found = await search("черновик");
    expect(found.items.map((item) => item.path)).not.toContain("blog/novinki-2026");
  });

  it("answers queries that look like tsquery syntax or SQL, not a 500", async () => {
    const queries = ['"', "'", "&|!:*", "визитка & | ! : * ( \" '", "a:* & !b", "' OR 1=1; DROP TABLE product; --", "\\", "()", "-", "визитка\u0000"];
    for (const query of queries) {
      const found = await search(query);
      expect(found.offset).toBe(0);
    }
    expect((await search("визитка & | ! :*")).items.length).toBeGreaterThan(0);
    // The products are still there.
    expect((await search("визитка")).total).toBeGreaterThan(0);
  });

  it("answers 400 in Russian for an empty, blank or too long query, and a bad limit", async () => {
    const cases: [string, RegExp][] = [
      ["", /Введите/],
      ["search=", /Введите/],
      ["search=%20%20", /Введите/],
      ["search=%00", /Введите/],
      [`search=${encodeURIComponent("а".repeat(201))}`, /не длиннее 200/],
      ["search=visitka&limit=51", /limit/],
      ["search=visitka&offset=x", /offset/],
    ];
    await expectRefusedQueries("/api/public/website/search", cases);
  });
});

describe("GET /public/website/popup", () => {
  it("gives the active popup with its picture and button", async () => {
    const { status, body } = await getJson("/api/public/website/popup");
    expect(status).toBe(200);
    const popup = popupAnswerSchema.parse(body);
    expect(popup).toMatchObject({ title: "Визитки со скидкой 15 %", urlButton: "/catalog/vizitki", textButton: "Выбрать визитки" });
    expect("file" in popup ? popup.file?.url : null).toMatch(/\/files\/site\/popup-vizitki\.svg$/);
  });
});

describe("the API client (shared/http) against a listening server", () => {
  it("loads pages by slug (encoding the slashes), lists, the menu, the blocks, the popup and the search", async () => {
    const api = createApi({ baseURL: `${await listenOnLoopback(testApp.app)}/api` });
    expect((await api.getPage("")).kind).toBe("main");
    expect((await api.getPage("blog/buklet-ili-listovka")).slug).toBe("blog/buklet-ili-listovka");
    expect((await api.getPageSeo("blog/cmyk-i-rgb")).name).toBe("Почему на печати цвета не такие, как на экране");
    const teasers = await api.getPages({ kind: "blog", limit: 3, exclude: 1 });
    expect(teasers.items).toHaveLength(3);
    expect((await api.getMenu())[0]?.label).toBe("Главная");
    expect((await api.getHeader()).numberPhone).toBe("+7 861 200-40-50");
    expect((await api.getFooter()).addreses).toHaveLength(2);
    expect(await api.getPopup()).toHaveProperty("title");
    expect((await api.searchSite({ search: "визитка", limit: 5 })).items.length).toBeGreaterThan(0);
    await expect(api.getPage("net-takoy")).rejects.toMatchObject({ messageUI: "Страница не найдена" });
  });
});

describe("when the site's blocks change", () => {
  it("answers {} when the popup is switched off or its dates have passed", async () => {
    const db = testApp.database.db;
    const [row] = await db.select().from(websiteBlock).where(eq(websiteBlock.key, "Popup"));
    if (!row) throw new Error("no popup");
    await db.update(websiteBlock).set({ content: { ...row.content, active: false } }).where(eq(websiteBlock.key, "Popup"));
    expect((await getJson("/api/public/website/popup")).body).toEqual({});
    await db
      .update(websiteBlock)
      .set({ content: { ...row.content, active: true, showUntil: "2020-01-01T00:00:00+03:00" } })
      .where(eq(websiteBlock.key, "Popup"));
    expect((await getJson("/api/public/website/popup")).body).toEqual({});
    await db.delete(websiteBlock).where(eq(websiteBlock.key, "Popup"));
    expect((await getJson("/api/public/website/popup")).body).toEqual({});
  });

  it("leaves out a component whose content is broken, and the header when there is none", async () => {
    const db = testApp.database.db;
    await db
      .update(websitePage)
      .set({ components: [{ key: "Text", content: { blocks: [{ type: "script", text: "alert(1)" }] } }, { key: "Marquee", content: {} }] })
      .where(eq(websitePage.slug, "o-kompanii"));
    await db.delete(websiteBlock).where(eq(websiteBlock.key, "Header"));
    const about = await page("o-kompanii");
    expect(keys(about)).toEqual(["Footer"]);
    const { status, error } = await problem("/api/public/website/header");
    expect(status).toBe(404);
    expect(error.messageUI).toBe("Шапка сайта ещё не заполнена");
  });

  it("the seed adds back only the missing blocks and never a second copy of the pages", async () => {
    const db = testApp.database.db;
    const before = await db.select({ id: websitePage.id }).from(websitePage);
    expect(await seedDemoPages(db, createFileStorages({ filesDir: testApp.database.filesDir }).publicFiles)).toEqual({ pages: 0, blocks: 2 });
    expect(await seedDemoPages(db, createFileStorages({ filesDir: testApp.database.filesDir }).publicFiles)).toEqual({ pages: 0, blocks: 0 });
    expect(await db.select({ id: websitePage.id }).from(websitePage)).toHaveLength(before.length);
    expect(headerContentSchema.parse((await getJson("/api/public/website/header")).body).numberPhone).toBe("+7 861 200-40-50");
    expect(popupAnswerSchema.parse((await getJson("/api/public/website/popup")).body)).toHaveProperty("title");
  });
});
