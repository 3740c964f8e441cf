import { expect } from "@playwright/test";
import type { Page } from "@playwright/test";
import { auditChange, auditOf, expectAccessible, siteHydrated, test, watchProblems } from "./support";

/*
 * The back office's content part (issue 29) as the content employee uses it: a blog article with a
 * picture uploaded into its text, written in Markdown with a live preview, published; the
 * storefront draws it on the server (the HTML without JS holds the text and the <img>), and the
 * script and event handler written into it neither appear in the HTML nor run. The content
 * employee cannot touch prices; the audit records the page; every page passes axe at 375 and 1280 px.
 */

const CONTENT = { email: "content@example.com", password: "content12345" } as const;

/** A 1×1 PNG: the picture uploaded into the article. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

async function signIn(page: Page): Promise<string> {
  const response = await page.request.post("/api/auth/login", { data: CONTENT });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

test.describe("the back office's pages", () => {
  test("a content employee publishes a blog article with a picture; it renders server-side and its script does not run", async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    if (!baseURL) throw new Error("baseURL is not configured");
    const problems = watchProblems(page);
    await signIn(page);
    const slug = `blog/statya-iz-ofisa-${Date.now()}`;
    const blog = (await (await request.get("/api/public/website/page/blog")).json()) as { id: number };

    // 1. The list of pages, at both widths.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin/employee/pages?kind=blog");
    await siteHydrated(page);
    const main = page.locator("main");
    await expect(main.getByRole("table")).toBeVisible();
    await expect(main.locator(".content-state", { hasText: "опубликована" }).first()).toBeVisible();
    await expectAccessible(page, "the pages list at 1280 px");
    await page.setViewportSize({ width: 375, height: 800 });
    await expectAccessible(page, "the pages list at 375 px");
    await page.setViewportSize({ width: 1280, height: 900 });

    // 2. A new blog article: the fields, a picture uploaded into the text, a script that must never run.
    await main.getByRole("link", { name: "Новая страница" }).click();
    await siteHydrated(page);
    await main.getByLabel("Название", { exact: true }).fill("Как мы печатаем визитки");
    await main.getByLabel("Адрес (латиницей, без / в начале)").fill(slug);
    await main.getByLabel("Номер родительской страницы").fill(String(blog.id));
    await main.getByLabel("Краткое описание (для списков и анонсов)").fill("Рассказ о печати визиток");
    const body = main.getByLabel("Текст в Markdown");
    await body.fill(
      [
        "## Печать визиток шаг за шагом",
        "",
        "Сначала **проверяем макет**, потом печатаем.",
        "",
        '<script>window.__pwned = "script"</script>',
        '<img src="x" onerror="window.__pwned = \'onerror\'; alert(1)">',
        "[опасная ссылка](javascript:alert(1))",
      ].join("\n"),
    );
    await main.getByLabel("Картинка в текст").setInputFiles({ name: "vizitki-na-stanke.png", mimeType: "image/png", buffer: PNG });
    await expect(body).toHaveValue(/!\[vizitki-na-stanke\]\(\/files\/site\/uploads\/[^)]+\)/);
    // The live preview draws the storefront's ArticleBody.
    const preview = main.getByRole("region", { name: "Предпросмотр" });
    await expect(preview.getByRole("heading", { name: "Печать визиток шаг за шагом" })).toBeVisible();
    await expect(preview.locator("img[src^='/files/site/uploads/']")).toHaveCount(1);
    await expectAccessible(page, "the page editor at 1280 px");
    await page.setViewportSize({ width: 375, height: 800 });
    await expectAccessible(page, "the page editor at 375 px");
    await page.setViewportSize({ width: 1280, height: 900 });

    await main.getByRole("button", { name: "Опубликовать" }).click();
    await page.waitForURL(/\/admin\/employee\/pages\/\d+$/);
    await siteHydrated(page);
    await expect(main.locator(".content-state", { hasText: "опубликована" }).first()).toBeVisible();
    const pageId = Number(new URL(page.url()).pathname.split("/").pop());

    // The audit: the content employee created the page, published, at this address.
    const pageAudit = await auditOf(request, baseURL, "website-page", pageId);
    const created = pageAudit.find((entry) => entry.action === "create");
    expect(created?.employee.name).toBe("Елена Морозова");
    expect(auditChange(created, "slug")).toEqual({ before: null, after: slug });
    // Published at once, or created and then published: either way the audit holds `published: true`.
    expect(pageAudit.some((entry) => (auditChange(entry, "published") as { after?: unknown } | undefined)?.after === true)).toBe(true);

    // 3. The storefront's server render: the text and the picture are in the HTML, the script and the handler are not.
    const html = await (await request.get(`/${slug}`)).text();
    expect(html).toContain("Печать визиток шаг за шагом");
    expect(html).toMatch(/<img src="\/files\/site\/uploads\/[^"]+" alt="vizitki-na-stanke"/);
    // The article's own text may show the attempt as escaped words; no script element may carry it.
    expect(html).not.toMatch(/<script(?![^>]*application\/json)[^>]*>[^<]*window\.__pwned/);
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).not.toMatch(/href="javascript:/i);

    // 4. In the browser nothing runs: no dialog, no flag.
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`/${slug}`);
    await siteHydrated(page);
    await expect(page.locator("main").getByRole("heading", { name: "Печать визиток шаг за шагом" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned ?? null)).toBeNull();
    expect(dialogs).toEqual([]);

    // 6. The site blocks' page passes axe too.
    await page.goto("/admin/employee/site-blocks");
    await siteHydrated(page);
    await expect(page.locator("main").getByRole("heading", { name: "Всплывающее окно" }).first()).toBeVisible();
    await expect(page.locator("main").getByLabel("Основной телефон")).not.toHaveValue("");
    await expectAccessible(page, "the site blocks at 1280 px");
    await page.setViewportSize({ width: 375, height: 800 });
    await expectAccessible(page, "the site blocks at 375 px");
    expect(problems).toEqual([]);
  });

  test("a content employee cannot change prices", async ({ page, request }) => {
    const token = await signIn(page);
    // The role check answers before the body or the product id is looked at (server/plugins/access.ts).
    const prices = await request.put("/api/employee/product/1", { headers: { authorization: `Bearer ${token}` }, data: { name: "Дешевле" } });
    expect(prices.status()).toBe(403);
    expect(((await prices.json()) as { code: string }).code).toBe("EMPLOYEE_ROLE_MISSING");
  });
});
