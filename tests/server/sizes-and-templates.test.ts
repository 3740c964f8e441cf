import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { and, eq } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { PDFArray, PDFDict, PDFDocument, PDFName } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartSchema, employeeOrderSchema, orderSchema, productPriceQuoteSchema, productSchema, serverErrorSchema, sessionGrantSchema } from "../../shared/contracts/index";
import type { Cart } from "../../shared/contracts/index";
import { product, productCategory } from "../../server/db/schema";
import { DEMO_ACCOUNTS } from "../../server/seed/demo-data";
import { passMissingLayouts } from "./support/files-fixtures";
import { startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * Sizes and templates (issue 30) through Fastify's inject: the demo PVC banner is priced per m² on
 * the server (the price API and the cart), a size out of range or off the step is a 400 in Russian,
 * the cart line carries the size into its layout profile, and «Скачать шаблон» answers a PDF whose
 * TrimBox is the size (read by pdf-lib and by poppler's pdfinfo) with the guides on a layer that
 * does not print (its usage dictionary, and Ghostscript's ink coverage of the printed page), and an
 * SVG with a viewBox in millimetres.
 */

const run = promisify(execFile);
const MM_TO_PT = 72 / 25.4;
/** The demo banner: 450 ₽ per m² from 1 piece, 390 ₽ from 10; the wide profile's bleed is 20 mm. */
const RATE_KOPECKS = 45_000;
const BLEED_MM = 20;
const RULE_WIDTH = "Ширина должна быть от 300 до 5000 мм с шагом 10 мм";

let testApp: TestApp;
let bannerId: number;
let cardsId: number;
let token: string;
let scratch: string;
const KRASNODAR = "2300000100000";

async function idOf(categorySlug: string, slug: string): Promise<number> {
  const [row] = await testApp.database.db
    .select({ id: product.id })
    .from(product)
    .innerJoin(productCategory, eq(productCategory.id, product.categoryId))
    .where(and(eq(productCategory.slug, categorySlug), eq(product.slug, slug)));
  if (!row) throw new Error(`No demo product ${categorySlug}/${slug}`);
  return row.id;
}

beforeAll(async () => {
  testApp = await startTestApp();
  bannerId = await idOf("bannery", "pvh-440");
  cardsId = await idOf("vizitki", "standartnye-90x50");
  const login = await call({ method: "POST", url: "/api/auth/login", payload: { email: DEMO_ACCOUNTS.client.email, password: DEMO_ACCOUNTS.client.password } });
  token = sessionGrantSchema.parse(login.json()).token;
  scratch = await mkdtemp(join(tmpdir(), "ottisk-templates-"));
});
afterAll(async () => {
  await testApp.close();
  await rm(scratch, { recursive: true, force: true });
});

function call(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse> {
  const { token: bearer, headers, ...rest } = options;
  return testApp.app.inject({ ...rest, headers: { ...headers, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) } });
}

async function expectRussian400(options: InjectOptions & { token?: string }, messageUI: string): Promise<void> {
  const response = await call(options);
  expect(response.statusCode, response.body).toBe(400);
  expect(serverErrorSchema.parse(response.json()).messageUI).toBe(messageUI);
}

describe("a product priced per square metre", () => {
  it("tells its size limits on its page, with the tiers per 1 m²", async () => {
    const page = productSchema.parse((await call({ method: "GET", url: `/api/public/product/${bannerId}` })).json());
    expect(page.sizeLimits).toEqual({ minWidthMm: 300, maxWidthMm: 5000, minHeightMm: 300, maxHeightMm: 3000, stepMm: 10 });
    expect(page.priceTiers[0]).toMatchObject({ minQuantity: 1, price: RATE_KOPECKS / 100 });
    expect(page.options.find((group) => group.group === "format")).toBeUndefined();
  });

  it("prices a 1500 × 800 mm banner as area × rate × quantity through the price API", async () => {
    const response = await call({ method: "GET", url: `/api/public/product/${bannerId}/price?width=1500&height=800&quantity=3` });
    expect(response.statusCode, response.body).toBe(200);
    const quote = productPriceQuoteSchema.parse(response.json());
    // 1.5 m × 0.8 m = 1.2 m² × 450 ₽ × 3 = 1620 ₽.
    expect(quote.price).toBe((1.2 * RATE_KOPECKS * 3) / 100);
    expect(quote.options).toMatchObject({ widthMm: 1500, heightMm: 800 });
    expect(quote.weightGrams).toBe(1584); // 3.6 m² of 440 g/m²
  });

  it("refuses a size out of range or off the step with a Russian messageUI", async () => {
    await expectRussian400({ method: "GET", url: `/api/public/product/${bannerId}/price?width=200&height=800` }, RULE_WIDTH);
    await expectRussian400({ method: "GET", url: `/api/public/product/${bannerId}/price?width=1505&height=800` }, RULE_WIDTH);
    await expectRussian400({ method: "GET", url: `/api/public/product/${bannerId}/price?width=1500&height=3500` }, "Высота должна быть от 300 до 3000 мм с шагом 10 мм");
    await expectRussian400(
      { method: "GET", url: `/api/public/product/${cardsId}/price?width=90&height=50` },
      "Этот товар печатается только в форматах из списка — свой размер указать нельзя",
    );
  });

  it("prices the cart line on the server, shows its size and checks its layout at that size", async () => {
    const response = await call({
      method: "POST",
      url: "/api/client-cart/product",
      token,
      payload: { productId: bannerId, quantity: 2, options: { widthMm: 1500, heightMm: 800 } },
    });
    expect(response.statusCode, response.body).toBe(200);
    const cart: Cart = cartSchema.parse(response.json());
    const line = cart.orderProduct.find((each) => each.product.id === bannerId);
    expect(line?.price).toBe((1.2 * RATE_KOPECKS * 2) / 100);
    expect(line?.options).toMatchObject({ widthMm: 1500, heightMm: 800 });
    expect(line?.optionLabels[0]).toEqual({ group: "size", code: "1500x800", label: "Размер 1500 × 800 мм" });
    expect(line?.layouts[0]?.profile.trimMm).toEqual([1500, 800]);

    await expectRussian400(
      { method: "PATCH", url: `/api/client-cart/product/${line?.id}`, token, payload: { options: { widthMm: 6000, heightMm: 800 } } },
      "Ширина должна быть от 300 до 5000 мм с шагом 10 мм",
    );
    await expectRussian400(
      { method: "POST", url: "/api/client-cart/product", token, payload: { productId: bannerId, quantity: 1, options: { widthMm: 1500, heightMm: 805 } } },
      "Высота должна быть от 300 до 3000 мм с шагом 10 мм",
    );
  });

  it("keeps the size in the placed order, for the client and for the employee", async () => {
    const current = cartSchema.parse((await call({ method: "GET", url: "/api/client-cart", token })).json());
    await passMissingLayouts(testApp.database.db, current);
    const ready = await call({
      method: "POST",
      url: "/api/client-cart/delivery",
      token,
      payload: { deliveryType: "Door", cityKladrId: KRASNODAR, deliveryMethod: "Courier", address: "ул. Красная, д. 1" },
    });
    expect(cartSchema.parse(ready.json()).problems).toEqual([]);
    const placed = await call({ method: "POST", url: "/api/client-cart/place-order", token, payload: { companyId: null, paymentType: "Yookassa", idempotencyKey: "banner-1500x800" } });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = orderSchema.parse(placed.json());
    expect(order.lines.find((line) => line.productId === bannerId)?.optionLabels).toContain("Размер 1500 × 800 мм");

    const managerLogin = await call({ method: "POST", url: "/api/auth/login", payload: { email: "manager@example.com", password: "manager12345" } });
    const manager = sessionGrantSchema.parse(managerLogin.json()).token;
    const seen = await call({ method: "GET", url: `/api/employee/order/${order.id}`, token: manager });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(employeeOrderSchema.parse(seen.json()).lines.find((line) => line.productId === bannerId)?.optionLabels).toContain("Размер 1500 × 800 мм");
  });
});

/** A page box as [x, y, width, height] in millimetres. */
function boxMm(dict: PDFDict, name: string): number[] {
  const { x, y, width, height } = dict.lookup(PDFName.of(name), PDFArray).asRectangle();
  return [x, y, width, height].map((pt) => Math.round((pt / MM_TO_PT) * 100) / 100);
}

describe("«Скачать шаблон»", () => {
  it("answers a PDF whose TrimBox is 1500 × 800 mm and whose MediaBox and BleedBox add the bleed", async () => {
    const response = await call({ method: "GET", url: `/api/public/product/${bannerId}/template.pdf?width=1500&height=800` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
    expect(response.headers["content-disposition"]).toContain("shablon-1500x800.pdf");

    const pdf = await PDFDocument.load(response.rawPayload);
    const [page] = pdf.getPages();
    if (!page) throw new Error("no page");
    expect(boxMm(page.node, "TrimBox")).toEqual([BLEED_MM, BLEED_MM, 1500, 800]);
    expect(boxMm(page.node, "MediaBox")).toEqual([0, 0, 1500 + 2 * BLEED_MM, 800 + 2 * BLEED_MM]);
    expect(boxMm(page.node, "BleedBox")).toEqual([0, 0, 1500 + 2 * BLEED_MM, 800 + 2 * BLEED_MM]);

    // The guides' layer: an OCG whose usage says it does not print, switched by the print event.
    const properties = pdf.catalog.lookup(PDFName.of("OCProperties"), PDFDict);
    const [layer] = properties.lookup(PDFName.of("OCGs"), PDFArray).asArray().map((ref) => pdf.context.lookup(ref, PDFDict));
    if (!layer) throw new Error("no OCG");
    const print = layer.lookup(PDFName.of("Usage"), PDFDict).lookup(PDFName.of("Print"), PDFDict);
    expect(print.get(PDFName.of("PrintState"))).toBe(PDFName.of("OFF"));
    const autoState = properties.lookup(PDFName.of("D"), PDFDict).lookup(PDFName.of("AS"), PDFArray).asArray().map((entry) => pdf.context.lookup(entry, PDFDict));
    expect(autoState.some((entry) => entry.get(PDFName.of("Event")) === PDFName.of("Print"))).toBe(true);

    const file = join(scratch, "banner.pdf");
    await writeFile(file, response.rawPayload);
    // poppler reads the same boxes (points): 1500 mm = 4251.97 pt.
    const { stdout: info } = await run("pdfinfo", ["-box", file]);
    const trim = /TrimBox:\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)/.exec(info);
    expect(trim?.slice(1).map((value) => Math.round(Number(value) / MM_TO_PT))).toEqual([BLEED_MM, BLEED_MM, 1500 + BLEED_MM, 800 + BLEED_MM]);
    // The requirements are on the page for the screen, in Russian.
    const { stdout: text } = await run("pdftotext", [file, "-"]);
    expect(text).toContain("Размер в обрез: 1500 × 800 мм");
    expect(text).toContain("Цвет: CMYK");
    expect(text).toContain("Шрифты: переведите в кривые");
    // On screen the guides show: Ghostscript renders ink.
    const inkOf = async (path: string) => {
      const { stdout } = await run("gs", ["-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-dPrinted", "-r10", "-sDEVICE=inkcov", "-sOutputFile=-", path]);
      return stdout.trim().split(/\s+/).slice(0, 4).map(Number);
    };
    expect((await inkOf(file)).some((value) => value > 0)).toBe(true);
    // Printed, the layer is off and the page takes no ink. The machine's Ghostscript (10.00) honours
    // /OC marked content and the default configuration but not yet the /AS print event (newer pdfi
    // does), so the test applies the print event as a conforming reader does — the OCG named by the
    // Print event takes its /Usage /Print /PrintState — and then asks Ghostscript.
    const printed = await PDFDocument.load(response.rawPayload);
    const printedProperties = printed.catalog.lookup(PDFName.of("OCProperties"), PDFDict);
    const defaults = printedProperties.lookup(PDFName.of("D"), PDFDict);
    const layerRef = printedProperties.lookup(PDFName.of("OCGs"), PDFArray).get(0);
    defaults.delete(PDFName.of("ON"));
    defaults.set(PDFName.of("OFF"), printed.context.obj([layerRef]));
    const printedFile = join(scratch, "banner-printed.pdf");
    await writeFile(printedFile, await printed.save());
    expect(await inkOf(printedFile)).toEqual([0, 0, 0, 0]);
  });

  it("answers the same as SVG with a viewBox in millimetres", async () => {
    const response = await call({ method: "GET", url: `/api/public/product/${bannerId}/template.svg?width=1500&height=800` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toContain("image/svg+xml");
    expect(response.body).toContain('viewBox="0 0 1540 840"');
    expect(response.body).toContain('width="1540mm" height="840mm"');
    expect(response.body).toContain('<rect id="trim" x="20" y="20" width="1500" height="800"');
    expect(response.body).toContain("Безопасная зона: 20 мм от линии обреза");
  });

  it("draws a product sold in formats at its chosen format, and refuses bad choices in Russian", async () => {
    const response = await call({ method: "GET", url: `/api/public/product/${cardsId}/template.pdf` });
    expect(response.statusCode, response.body).toBe(200);
    const [page] = (await PDFDocument.load(response.rawPayload)).getPages();
    if (!page) throw new Error("no page");
    expect(boxMm(page.node, "TrimBox").slice(2)).toEqual([90, 50]);
    await expectRussian400({ method: "GET", url: `/api/public/product/${bannerId}/template.pdf?width=100&height=800` }, RULE_WIDTH);
    await expectRussian400({ method: "GET", url: `/api/public/product/${cardsId}/template.svg?format=nope` }, "Формат «nope» не найден у этого товара");
    await expectRussian400(
      { method: "GET", url: `/api/public/product/${cardsId}/template.pdf?width=90&height=50` },
      "Этот товар печатается только в форматах из списка — свой размер указать нельзя",
    );
  });
});
