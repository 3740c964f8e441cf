import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employeePageListSchema, employeePageSchema, pageSchema, sessionGrantSchema, sideMenuSchema, siteBlockSchema } from "../../shared/contracts/index";
import type { EmployeePage } from "../../shared/contracts/index";
import { auditEntry, websitePage } from "../../server/db/schema";
import { DEMO_ACCOUNTS, readDemoSite } from "../../server/seed/demo-data";
import { startTestApp, TEST_APP_ORIGIN } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * The back office's pages and site blocks (issue 29) over real HTTP (app.inject) on the seeded
 * PGlite: a page saved with a script, an event handler and a javascript: link reaches the storefront
 * without any of them; drafts and pages scheduled for later are unknown to shoppers while the editor
 * reads them; the Get answer goes back through PUT unchanged; every write leaves its audit entry.
 */

let testApp: TestApp;
let token = "";
/** The blog's own page: the posts sit under it. */
let blogId = 0;

const HOSTILE_MARKDOWN = [
  "## Как подготовить макет",
  "",
  "Текст статьи с **жирным** словом.",
  "",
  "<script>window.__pwned = true</script>",
  '<img src=x onerror="window.__pwned = true">',
  "[опасная ссылка](javascript:alert(1))",
  "![Визитки](https://cdn.example.com/vizitki.png)",
].join("\n");

const HOSTILE_HTML =
  '<p>Старый текст</p><script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">ссылка</a>' +
  '<a href="JaVa&#x09;ScRiPt:alert(1)">ещё</a><iframe src="https://evil.example"></iframe><style>body{display:none}</style>' +
  '<p onclick="alert(1)">абзац</p><object data="x"></object><embed src="x"><a href="data:text/html,hi">данные</a>';

function auth() {
  return { authorization: `Bearer ${token}` };
}

function newPage(slug: string, overrides: Record<string, unknown> = {}) {
  return {
    kind: "blog",
    slug,
    parentId: blogId,
    name: "Новая статья",
    summary: "Коротко о статье",
    padBanner: null,
    sortOrder: 0,
    showInMenu: false,
    published: true,
    publishAt: null,
    seoName: "",
    seoTitle: "",
    seoDescription: "",
    seoKeywords: "",
    components: [{ key: "Article", content: { markdown: HOSTILE_MARKDOWN, html: "" } }],
    ...overrides,
  };
}

async function create(body: Record<string, unknown>): Promise<EmployeePage> {
  const response = await testApp.app.inject({ method: "POST", url: "/api/employee/page", headers: auth(), payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return employeePageSchema.parse(response.json());
}

function publicPage(slug: string) {
  return testApp.app.inject({ method: "GET", url: `/api/public/website/page/${encodeURIComponent(slug)}` });
}

beforeAll(async () => {
  testApp = await startTestApp();
  const login = await testApp.app.inject({
    method: "POST",
    url: "/api/auth/login",
    headers: { origin: TEST_APP_ORIGIN },
    payload: { ...DEMO_ACCOUNTS.content, rememberMe: false },
  });
  token = sessionGrantSchema.parse(login.json()).token;
  blogId = pageSchema.parse((await testApp.app.inject({ method: "GET", url: "/api/public/website/page/blog" })).json()).id;
});

afterAll(async () => {
  await testApp.close();
});

describe("the back office's pages", () => {
  it("publishes a Markdown article whose script, handler and javascript: link never reach the storefront", async () => {
    const page = await create(newPage("blog/bezopasnaya-statya"));
    expect(page.state).toBe("published");
    const article = page.components.find((component) => component.key === "Article");
    expect(article?.key).toBe("Article");
    const html = article?.key === "Article" ? article.content.html : "";
    expect(html).toContain("<h2>Как подготовить макет</h2>");
    expect(html).toContain("<strong>жирным</strong>");
    expect(html).toContain('<img src="https://cdn.example.com/vizitki.png" alt="Визитки"');
    // The raw HTML is shown as text (escaped), never as markup.
    expect(html).not.toMatch(/<script|<img[^>]*onerror|href="javascript/i);
    expect(html).toContain("&lt;script&gt;");

    const response = await publicPage("blog/bezopasnaya-statya");
    expect(response.statusCode).toBe(200);
    const shown = pageSchema.parse(response.json());
    const body = JSON.stringify(shown.components);
    expect(body).toContain("Как подготовить макет");
    expect(body).not.toMatch(/<script|<img[^>]*onerror|href=\\"javascript/i);
  });

  it("sanitises HTML stored by anyone (an import, the database) when it answers the page", async () => {
    const page = await create(newPage("blog/staryy-html", { components: [{ key: "Article", content: { markdown: "", html: HOSTILE_HTML } }] }));
    // Whatever the save did, write the hostile HTML straight into the row, as an old import might have.
    await testApp.database.db
      .update(websitePage)
      .set({ components: [{ key: "Article", content: { markdown: "", html: HOSTILE_HTML } }] })
      .where(eq(websitePage.id, page.id));
    const shown = pageSchema.parse((await publicPage("blog/staryy-html")).json());
    const article = shown.components.find((component) => component.key === "Article");
    const html = article?.key === "Article" ? article.content.html : "";
    expect(html).toContain("<p>Старый текст</p>");
    expect(html).toContain("<p>абзац</p>");
    expect(html).not.toMatch(/<script|onerror|onclick|javascript|<iframe|<style|<object|<embed|data:text/i);
    const editor = employeePageSchema.parse((await testApp.app.inject({ method: "GET", url: `/api/employee/page/${page.id}`, headers: auth() })).json());
    expect(JSON.stringify(editor.components)).not.toMatch(/<script|onerror/i);
  });

  it("keeps drafts and pages scheduled for later from shoppers, and lists them by state for the editor", async () => {
    const draft = await create(newPage("blog/chernovik", { published: false }));
    const later = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
    const scheduled = await create(newPage("blog/zaplanirovana", { publishAt: later }));
    const past = await create(newPage("blog/uzhe-pora", { publishAt: new Date(Date.now() - 60_000).toISOString() }));
    expect([draft.state, scheduled.state, past.state]).toEqual(["draft", "scheduled", "published"]);

    expect((await publicPage("blog/chernovik")).statusCode).toBe(404);
    expect((await publicPage("blog/zaplanirovana")).statusCode).toBe(404);
    expect((await publicPage("blog/uzhe-pora")).statusCode).toBe(200);
    const list = (await testApp.app.inject({ method: "GET", url: "/api/public/website/page?kind=blog&limit=50" })).json() as { items: { slug: string }[] };
    const slugs = list.items.map((item) => item.slug);
    expect(slugs).toContain("blog/uzhe-pora");
    expect(slugs).not.toContain("blog/chernovik");
    expect(slugs).not.toContain("blog/zaplanirovana");
    const search = (await testApp.app.inject({ method: "GET", url: `/api/public/website/search?search=${encodeURIComponent("Новая статья")}&limit=50` })).json() as {
      items: { path: string }[];
    };
    expect(search.items.map((item) => item.path)).not.toContain("blog/zaplanirovana");

    // The editor reads them all.
    expect((await testApp.app.inject({ method: "GET", url: `/api/employee/page/${draft.id}`, headers: auth() })).statusCode).toBe(200);
    const byState = async (state: string) =>
      employeePageListSchema.parse((await testApp.app.inject({ method: "GET", url: `/api/employee/page?kind=blog&state=${state}&limit=100`, headers: auth() })).json());
    expect((await byState("draft")).items.map((item) => item.id)).toContain(draft.id);
    expect((await byState("scheduled")).items.map((item) => item.id)).toEqual([scheduled.id]);
    expect((await byState("published")).items.map((item) => item.id)).toContain(past.id);

    // The scheduled page comes due: the storefront shows it with no other write.
    await testApp.database.db.update(websitePage).set({ publishAt: new Date(Date.now() - 1000) }).where(eq(websitePage.id, scheduled.id));
    expect((await publicPage("blog/zaplanirovana")).statusCode).toBe(200);
  });

  it("accepts the Get answer unchanged, refuses unknown fields and a stale updatedAt, and audits each write", async () => {
    const list = employeePageListSchema.parse((await testApp.app.inject({ method: "GET", url: "/api/employee/page?kind=vacancy", headers: auth() })).json());
    const id = list.items[0]?.id ?? 0;
    const got = (await testApp.app.inject({ method: "GET", url: `/api/employee/page/${id}`, headers: auth() })).json() as Record<string, unknown>;
    const same = await testApp.app.inject({ method: "PUT", url: `/api/employee/page/${id}`, headers: auth(), payload: got });
    expect(same.statusCode, same.body).toBe(200);
    const saved = employeePageSchema.parse(same.json());
    expect({ ...saved, updatedAt: "" }).toEqual({ ...employeePageSchema.parse(got), updatedAt: "" });

    const unknown = await testApp.app.inject({ method: "PUT", url: `/api/employee/page/${id}`, headers: auth(), payload: { ...saved, price: 1 } });
    expect(unknown.statusCode).toBe(400);
    const stale = await testApp.app.inject({ method: "PUT", url: `/api/employee/page/${id}`, headers: auth(), payload: { ...saved, name: "Другое", updatedAt: got.updatedAt } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: "PAGE_CHANGED" });

    const renamed = await testApp.app.inject({ method: "PUT", url: `/api/employee/page/${id}`, headers: auth(), payload: { ...saved, name: "Менеджер по печати" } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const entries = await testApp.database.db
      .select()
      .from(auditEntry)
      .where(and(eq(auditEntry.objectType, "website-page"), eq(auditEntry.objectId, String(id))));
    const update = entries.find((entry) => entry.changes.some((change) => change.field === "name" && change.after === "Менеджер по печати"));
    expect(update?.action).toBe("update");
    expect(update?.employeeName).not.toBe("");
    expect(update?.changes.map((change) => change.field)).toEqual(["name"]);
  });

  it("refuses a taken slug and a main page slug with Russian messages", async () => {
    const taken = await testApp.app.inject({ method: "POST", url: "/api/employee/page", headers: auth(), payload: newPage("blog") });
    expect(taken.statusCode).toBe(409);
    expect((taken.json() as { messageUI: string }).messageUI).toContain("уже занят");
    const bad = await testApp.app.inject({ method: "POST", url: "/api/employee/page", headers: auth(), payload: newPage("Блог/Статья") });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { messageUI: string }).messageUI).toMatch(/латинские/);
  });
});

describe("the back office's site blocks", () => {
  it("round-trips the footer and the popup, and the storefront shows the saved popup", async () => {
    const footer = siteBlockSchema.parse((await testApp.app.inject({ method: "GET", url: "/api/employee/site-block/footer", headers: auth() })).json());
    const again = await testApp.app.inject({ method: "PUT", url: "/api/employee/site-block/footer", headers: auth(), payload: footer });
    expect(again.statusCode, again.body).toBe(200);
    expect(siteBlockSchema.parse(again.json()).content).toEqual(footer.content);

    const popup = siteBlockSchema.parse((await testApp.app.inject({ method: "GET", url: "/api/employee/site-block/popup", headers: auth() })).json());
    if (popup.key !== "popup") throw new Error("not the popup");
    const changed = { ...popup, content: { ...popup.content, active: true, title: "Скидка на визитки", showFrom: null, showUntil: null } };
    const saved = await testApp.app.inject({ method: "PUT", url: "/api/employee/site-block/popup", headers: auth(), payload: changed });
    expect(saved.statusCode, saved.body).toBe(200);
    const shown = (await testApp.app.inject({ method: "GET", url: "/api/public/website/popup" })).json() as { title?: string };
    expect(shown.title).toBe("Скидка на визитки");
    const entries = await testApp.database.db.select().from(auditEntry).where(and(eq(auditEntry.objectType, "site-block"), eq(auditEntry.objectId, "popup")));
    expect(entries.some((entry) => entry.changes.some((change) => change.field === "title"))).toBe(true);
  });

  it("reorders the menu and hides a tab", async () => {
    const menu = siteBlockSchema.parse((await testApp.app.inject({ method: "GET", url: "/api/employee/site-block/menu", headers: auth() })).json());
    if (menu.key !== "menu") throw new Error("not the menu");
    const shownBefore = (await testApp.app.inject({ method: "GET", url: "/api/public/website/menu" })).json() as { slug: string }[];
    const items = [...menu.content.items].reverse();
    const hidden = items.find((item) => item.showInMenu && item.slug !== "");
    if (!hidden) throw new Error("no tab to hide");
    const changed = { ...menu, content: { items: items.map((item) => (item.pageId === hidden.pageId ? { ...item, showInMenu: false } : item)) } };
    const saved = await testApp.app.inject({ method: "PUT", url: "/api/employee/site-block/menu", headers: auth(), payload: changed });
    expect(saved.statusCode, saved.body).toBe(200);
    const shown = (await testApp.app.inject({ method: "GET", url: "/api/public/website/menu" })).json() as { slug: string }[];
    expect(shown.map((tab) => tab.slug)).toEqual(shownBefore.map((tab) => tab.slug).filter((slug) => slug !== hidden.slug).reverse());
    const wrongKey = await testApp.app.inject({ method: "PUT", url: "/api/employee/site-block/footer", headers: auth(), payload: changed });
    expect(wrongKey.statusCode).toBe(400);
  });

  it("keeps the side menu as a block of its own: demo links first, then the saved ones on the storefront at once, the header's tabs untouched, bad links refused, audited", async () => {
    const publicSideMenu = async () => sideMenuSchema.parse((await testApp.app.inject({ method: "GET", url: "/api/public/website/side-menu" })).json());
    const tabs = async () => (await testApp.app.inject({ method: "GET", url: "/api/public/website/menu" })).json() as unknown;
    expect(await publicSideMenu()).toEqual(readDemoSite().sideMenu.items);
    const block = siteBlockSchema.parse((await testApp.app.inject({ method: "GET", url: "/api/employee/site-block/side-menu", headers: auth() })).json());
    if (block.key !== "side-menu") throw new Error("not the side menu");
    expect(block.content.items).toEqual(readDemoSite().sideMenu.items);
    const tabsBefore = await tabs();

    const hostile = { ...block, content: { items: [{ label: "Опасно", href: "javascript:alert(1)" }] } };
    const refused = await testApp.app.inject({ method: "PUT", url: "/api/employee/site-block/side-menu", headers: auth(), payload: hostile });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ messageUI: "Ссылка должна начинаться с / или http(s)://" });
    const unnamed = await testApp.app.inject({ method: "PUT", url: "/api/employee/site-block/side-menu", headers: auth(), payload: { ...block, content: { items: [{ label: "  ", href: "/blog" }] } } });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toMatchObject({ messageUI: "Укажите название пункта бокового меню" });

    const items = [
      { label: "Статьи о печати", href: "/blog" },
      { label: "Наш канал", href: "https://t.me/ottisk" },
    ];
    const saved = await testApp.app.inject({ method: "PUT", url: "/api/employee/site-block/side-menu", headers: auth(), payload: { ...block, content: { items } } });
    expect(saved.statusCode, saved.body).toBe(200);
    const savedBlock = siteBlockSchema.parse(saved.json());
    expect(savedBlock.content).toEqual({ items });
    expect(await publicSideMenu()).toEqual(items);
    expect(await tabs()).toEqual(tabsBefore);
    // The Get answer goes back unchanged; a stale updatedAt is the editor's 409.
    const again = await testApp.app.inject({ method: "PUT", url: "/api/employee/site-block/side-menu", headers: auth(), payload: savedBlock });
    expect(again.statusCode, again.body).toBe(200);
    const stale = await testApp.app.inject({ method: "PUT", url: "/api/employee/site-block/side-menu", headers: auth(), payload: block });
    expect(stale.statusCode).toBe(409);

    const entries = await testApp.database.db.select().from(auditEntry).where(and(eq(auditEntry.objectType, "site-block"), eq(auditEntry.objectId, "side-menu")));
    // The save that changed the links, with the fields before and after; the unchanged save records nothing.
    expect(entries).toHaveLength(1);
    expect(entries[0]?.changes.length).toBeGreaterThan(0);
  });
});
