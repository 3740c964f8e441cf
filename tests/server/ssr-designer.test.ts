import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productDetail } from "../../server/db/schema";
import { randomUUID } from "node:crypto";
import { cartSchema, layoutDesignSchema, layoutDesignTemplateListSchema, productSchema, SESSION_COOKIE } from "../../shared/contracts/index";
import type { Product } from "../../shared/contracts/index";
import { freshClient } from "./support/fresh-client";
import { startHostSiteApp } from "./support/host-site-app";
import { demoBusinessCardsId } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * The layout designer's page /konstruktor/{productId} (issue 32), drawn by the server: its head, the
 * h1 with the product's name, the product's sizes and sides, the breadcrumbs and the
 * <ottisk-designer> tag with the address's design and cart line; a product that cannot be designed
 * goes back to the catalogue. The product page and the cart link to it; «Мои макеты» lists the
 * account's designs with links back to it. Needs the built render (npm run build:ssr).
 */

let testApp: TestApp;
let cards: Product;

beforeAll(async () => {
  testApp = await startHostSiteApp();
  const id = await demoBusinessCardsId(testApp);
  cards = productSchema.parse((await testApp.app.inject({ url: `/api/public/product/${id}` })).json());
});

afterAll(async () => {
  await testApp.close();
});

async function get(url: string) {
  return testApp.app.inject({ url, headers: { accept: "text/html" } });
}

/** HTML text as React writes it (its entities for quotes). */
function asHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

describe("the layout designer's page", () => {
  it("is drawn with its title, h1, the product's sizes and sides, breadcrumbs and the element", async () => {
    const response = await get(`/konstruktor/${cards.id}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const name = cards.seoName || cards.productName;
    expect(html).toContain(`<title>${asHtml(`Конструктор макета — ${name} — Оттиск — типография онлайн`)}</title>`);
    expect(html).toMatch(new RegExp(`<h1>Конструктор макета — (<!-- -->)?${asHtml(name)}</h1>`));
    expect(html).toContain(`<link rel="canonical" href="https://ottisk.example/konstruktor/${cards.id}">`);
    // The product's own designer is a page for search engines; a design or a cart line is not.
    expect(html).not.toContain('<meta name="robots" content="noindex">');
    expect(html).toContain("90 × 50 мм");
    for (const detail of cards.details) expect(html).toContain(asHtml(detail.name));
    expect(html).toContain(`href="/catalog/${cards.category.slug}/${cards.id}"`);
    expect(html).toContain('"@type":"BreadcrumbList"');
    expect(html).toMatch(new RegExp(`<ottisk-designer[^>]* product-id="${cards.id}"[^>]*cart-url="/cart"[^>]*></ottisk-designer>`));
    expect(html).not.toMatch(/<ottisk-designer[^>]*design-id=/);
    expect(html).not.toMatch(/<ottisk-designer[^>]*order-product-id=/);
  });

  it("hands a saved design and a cart line to the element, and is not indexed then", async () => {
    const response = await get(`/konstruktor/${cards.id}?design=0b7c6a52-1d1e-4a4e-9d43-3c6f5c0e2a11&line=42`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/<ottisk-designer[^>]* design-id="0b7c6a52-1d1e-4a4e-9d43-3c6f5c0e2a11"/);
    expect(response.body).toMatch(/<ottisk-designer[^>]* order-product-id="42"/);
    expect(response.body).toContain('<meta name="robots" content="noindex">');
    expect(response.body).toContain(`<link rel="canonical" href="https://ottisk.example/konstruktor/${cards.id}">`);
    // What is not an id in the address is dropped, not passed on.
    const odd = await get(`/konstruktor/${cards.id}?design=%3Cscript%3E&line=-3`);
    expect(odd.statusCode).toBe(200);
    expect(odd.body).not.toMatch(/<ottisk-designer[^>]*(design-id|order-product-id)=/);
  });

  it("sends an unknown product, a wrong address and a product without layouts back to the catalogue", async () => {
    for (const url of ["/konstruktor/987654321", "/konstruktor", "/konstruktor/abc", `/konstruktor/${cards.id}/more`]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe("/catalog");
    }
    const listing = await testApp.app.inject({ url: "/api/public/product?limit=5" });
    const other = (listing.json() as { items: { id: number }[] }).items.find((card) => card.id !== cards.id);
    if (!other) throw new Error("The demo catalogue has one product only");
    await testApp.database.db.delete(productDetail).where(eq(productDetail.productId, other.id));
    const response = await get(`/konstruktor/${other.id}`);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/catalog");
  });

  it("is linked from the product page as «Создать макет онлайн»", async () => {
    const response = await get(`/catalog/${cards.category.slug}/${cards.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(new RegExp(`<a [^>]*href="/konstruktor/${cards.id}"[^>]*>Создать макет онлайн</a>`));
  });

  it("is linked from each cart line's layouts as «Создать онлайн», for that line", async () => {
    const added = await testApp.app.inject({ method: "POST", url: "/api/client-cart/product", payload: { productId: cards.id, quantity: 100 } });
    expect(added.statusCode, added.body).toBe(200);
    const token = added.headers["x-ottisk-session"];
    if (typeof token !== "string") throw new Error("No visitor's session");
    const line = cartSchema.parse(added.json()).orderProduct[0];
    if (!line) throw new Error("No cart line");
    const response = await testApp.app.inject({ url: "/cart", headers: { accept: "text/html", cookie: `${SESSION_COOKIE}=${token}` } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(new RegExp(`<a [^>]*href="/konstruktor/${cards.id}\\?line=${line.id}"[^>]*>Создать онлайн<span class="ottisk-visually-hidden"> макет для «`));
  });

  it("«Мои макеты» is drawn with the account's designs, each opened in the designer, and hands them to the browser", async () => {
    const client = await freshClient(testApp, `designs-${randomUUID().slice(0, 12)}@example.com`);
    const auth = { authorization: `Bearer ${client.token}` };
    const listed = await testApp.app.inject({ url: "/api/layout-design-templates?kind=business-card&trimMm=90x50" });
    const template = layoutDesignTemplateListSchema.parse(listed.json()).templates[0];
    if (!template) throw new Error("No 90×50 business card template");
    const created = await testApp.app.inject({ method: "POST", url: "/api/layout-designs", headers: auth, payload: { name: "Визитка «Ёлка»", productId: cards.id, document: template.document } });
    expect(created.statusCode, created.body).toBe(200);
    const design = layoutDesignSchema.parse(created.json());

    const response = await testApp.app.inject({ url: "/admin/client/designs", headers: { accept: "text/html", cookie: `${SESSION_COOKIE}=${client.token}` } });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain("<title>Мои макеты — Оттиск — типография онлайн</title>");
    expect(html).toContain(asHtml("Визитка «Ёлка»"));
    expect(html).toContain("90 × 50 мм");
    expect(html).toContain(`href="/konstruktor/${cards.id}?design=${design.id}"`);
    expect(html).toMatch(/<a [^>]*href="\/admin\/client\/designs"[^>]*aria-current="page"[^>]*>Мои макеты<\/a>/);
    const snapshot = JSON.parse(/<script id="ottisk-state" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1] ?? "{}") as { accountPages?: { layoutDesigns?: unknown } };
    expect(snapshot.accountPages?.layoutDesigns).toMatchObject({ status: "ready", data: [{ id: design.id, name: "Визитка «Ёлка»" }] });

    // Without a session: the sign-in form in the page's place, nothing listed.
    const anonymous = await get("/admin/client/designs");
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.body).not.toContain(asHtml("Визитка «Ёлка»"));
  });
});
