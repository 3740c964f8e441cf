import { expect } from "@playwright/test";
import type { Locator, Page } from "@playwright/test";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { runPreflight } from "../../preflight/index";
import type { Cart, CartLayout, Order } from "../../shared/contracts/index";
import type { Check } from "../../shared/contracts/files";
import { CLIENT, SessionApi, catalogHydrated, chooseSelfPickup, placeOrderWith, eventsOf, expectNoHorizontalScroll, partnerUrl, recordEvents, recorded, screenshots, watchProblems, test } from "./support";

/*
 * Layouts from the cart (issue 6), on the built bundle (`npm run build` first) and the preflight
 * corpus (`npm run preflight:corpus`): a shopper checks a clean and a faulty business-card layout in
 * the browser, sees the report and the proof with its outlines, fixes the faulty one, uploads both,
 * approves the proofs and orders. The server keeps the files, its own checks and the approvals.
 */

const root = join(import.meta.dirname, "..", "..");
const corpus = join(root, ".tmp", "preflight-corpus");
const CLEAN = "clean-pdfx1a-like.pdf";
const FAULTY = "2078-rgb-fill.pdf";
const FIXED = "2078-rgb-fill (исправлено).pdf";
const PRODUCT = "Визитки стандартные 90×50";
const TWO_SIDED = "4+4 (цветная с двух сторон)";
const FACE = "Лицевая сторона";
const BACK = "Обратная сторона";

/**
 * The PDF code a page must not fetch before a checker or viewer is on it (issue 6), by the built
 * files' names (`name-<8-char hash>.js`): pdf.js and its worker, pdf-lib (bundled with the fix-ups),
 * the engine's loader and its worker; and the checker's own chunk, which the cart loads lazily.
 * `usedByCheck`: fetched once a file is checked and its proof drawn (the proof the names are right).
 */
const PDF_CODE = [
  { name: "pdf.js", file: /^chunks\/pdf-[\w-]{8}\.js$/, usedByCheck: true },
  { name: "pdf.js worker", file: /^assets\/pdf-worker-[\w-]{8}\.js$/, usedByCheck: true },
  { name: "pdf.js viewer", file: /^chunks\/pdf_viewer-[\w-]{8}\.js$/, usedByCheck: false },
  { name: "pdf-lib and the fix-ups", file: /^chunks\/fixups-[\w-]{8}\.js$/, usedByCheck: true },
  { name: "the engine's loader", file: /^chunks\/browser-[\w-]{8}\.js$/, usedByCheck: true },
  { name: "the engine's worker", file: /^assets\/browser-worker-[\w-]{8}\.js$/, usedByCheck: true },
  { name: "the layout checker", file: /^chunks\/LayoutChecker-[\w-]{8}\.js$/, usedByCheck: true },
] as const;

/** The built bundle's files, as `chunks/x.js` / `assets/y.js`. */
function builtFiles(): string[] {
  const dist = join(root, "dist", "widgets");
  return ["chunks", "assets"].flatMap((folder) => readdirSync(join(dist, folder)).map((file) => `${folder}/${file}`));
}

/** Which of PDF_CODE the requests fetched. */
function pdfCodeFetched(urls: readonly string[]): string[] {
  const paths = urls.flatMap((url) => {
    const match = /\/widgets\/((?:chunks|assets)\/[^/?#]+)/.exec(new URL(url).pathname);
    return match?.[1] ? [match[1]] : [];
  });
  return PDF_CODE.filter((code) => paths.some((path) => code.file.test(path))).map((code) => code.name);
}

/** The demo client's personal cart, emptied: lines left by other files would be ordered too. */
async function emptyPersonalCart(api: SessionApi): Promise<void> {
  await api.post("/client-account/select-company", { data: { companyId: null } });
  const cart = await api.get<Cart>("/client-cart");
  for (const line of cart.orderProduct) await api.delete(`/client-cart/product/${line.id}`);
}

/** The page signed in as the demo client: the widgets' session is the bearer token in the partner's localStorage. */
async function signInPage(page: Page, baseURL: string, api: SessionApi): Promise<void> {
  await page.addInitScript(([key, token]) => localStorage.setItem(key, token), [`ottisk-session:${baseURL}/api`, api.token] as const);
}

/** A file of the checker's list, by the name it shows. */
function listedFile(checker: Locator, name: string): Locator {
  return checker.getByRole("listitem", { name, exact: true });
}

/** A detail's section (current layout, server check, proof, approval). */
function detailSection(checker: Locator, detailName: string): Locator {
  return checker.getByRole("region", { name: detailName, exact: true });
}

test.describe("layouts from the cart", () => {
  test("checks a clean and a faulty business card, fixes, uploads, approves and orders; the server keeps it all", async ({ page, context, baseURL, request }) => {
    test.setTimeout(60_000);
    if (!baseURL) throw new Error("baseURL is not configured");
    const problems = watchProblems(page);
    await recordEvents(page, ["ottisk-add-to-cart", "ottisk-layout-checked", "ottisk-layout-uploaded", "ottisk-layout-approved", "ottisk-checkout"]);
    // Workers' requests too: the engine's and pdf.js's workers fetch their code themselves.
    const fetched: string[] = [];
    context.on("request", (sent) => fetched.push(sent.url()));

    // The names below match the build: each pattern is exactly one built file.
    const built = builtFiles();
    for (const code of PDF_CODE) expect(built.filter((file) => code.file.test(file)), `${code.name} in dist/widgets`).toHaveLength(1);

    const api = await SessionApi.signIn(request, baseURL, CLIENT);
    await emptyPersonalCart(api);
    await signInPage(page, baseURL, api);

    // 1–2. The partner page, signed in: a two-sided business card goes into the cart through the product element.
    await page.goto(partnerUrl(baseURL, "partner.html"));
    await catalogHydrated(page);
    const product = page.locator("ottisk-product");
    const cart = page.locator("ottisk-cart");
    await expect(page.locator("ottisk-account [part~=account-button]")).toContainText("Иван");
    await page.locator("ottisk-catalog .ottisk-card", { hasText: PRODUCT }).getByRole("link", { name: `Заказать: ${PRODUCT}` }).click();
    await expect(product.getByRole("heading", { name: PRODUCT })).toBeVisible();
    await product.getByRole("radio", { name: TWO_SIDED }).check();
    await expect(product.getByRole("radio", { name: TWO_SIDED })).toBeChecked();
    await product.getByRole("button", { name: "В корзину" }).click();
    const [added] = await eventsOf(page, "ottisk-add-to-cart");
    if (!added) throw new Error("No ottisk-add-to-cart event");
    const line = cart.locator("[part~=line]", { hasText: PRODUCT });
    await expect(line).toHaveCount(1);
    await expect(line.getByRole("list", { name: "Макеты" }).getByRole("listitem")).toContainText([`Загрузите макет «${FACE}»`, `Загрузите макет «${BACK}»`]);
    const ordered = (await api.get<Cart>("/client-cart")).orderProduct.find((item) => item.id === added.orderProductId);
    expect(ordered?.options.colors, "the line is two-sided").toBe("4+4");
    expect(ordered?.layouts.map((layout) => layout.detailName)).toEqual([FACE, BACK]);

    // 3. The page works without any PDF code so far.
    await page.waitForLoadState("networkidle");
    expect(pdfCodeFetched(fetched), "no PDF code before a checker is shown").toEqual([]);

    // 4. The line's layouts dialog; both files chosen at once through the checker's file field.
    await line.getByRole("button", { name: "Макеты: загрузить и проверить" }).click();
    const dialog = cart.getByRole("dialog", { name: `Макеты: ${PRODUCT}` });
    const checker = dialog.locator("[part~=checker]");
    await expect(checker.getByText(`Нужны макеты: «${FACE}», «${BACK}».`)).toBeVisible();
    await checker.getByLabel("Выбрать файлы PDF").setInputFiles([join(corpus, CLEAN), join(corpus, FAULTY)]);
    const clean = listedFile(checker, CLEAN);
    const faulty = listedFile(checker, FAULTY);
    // The files go to the details without a file, in the order chosen; each file's select shows its detail.
    await expect(clean.getByLabel("Деталь")).toHaveValue(FACE);
    await expect(faulty.getByLabel("Деталь")).toHaveValue(BACK);

    // 5. The browser's report: the clean file is ready; the faulty one shows 2078 with its message, outlined on the proof.
    await expect(clean.locator("[part~=findings-clean]")).toContainText("Макет готов к печати");
    await expect(clean.locator("[part~=findings]")).toContainText("Проверка в браузере");
    const finding = faulty.locator("[part~=finding][data-code='2078']");
    await expect(finding).toHaveCount(1);
    await expect(finding).toContainText("2078 · Цвета RGB недопустимы, используйте CMYK");
    await expect(faulty.locator("[part~=finding]")).toHaveCount(1);
    const faultyProof = faulty.locator("[part~=proof-page]");
    await expect(faultyProof).toHaveAttribute("aria-busy", "false");
    await expect(faultyProof.locator("svg .ottisk-proof__finding[data-finding='1'] rect.ottisk-proof__stroke")).toHaveCount(1);
    for (const proof of [faultyProof, clean.locator("[part~=proof-page]")]) {
      for (const name of ["trim", "bleed", "safe"]) await expect(proof.locator(`svg [data-line='${name}']`)).toHaveCount(1);
    }
    await expect(clean.locator("[part~=proof-page] svg .ottisk-proof__finding")).toHaveCount(0);
    // Focusing the finding highlights its outline.
    await finding.focus();
    await expect(faultyProof.locator(".ottisk-proof__finding--highlighted")).toHaveCount(1);
    await faultyProof.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshots, "layouts-report-faulty.png") });
    expect(await eventsOf(page, "ottisk-layout-checked")).toEqual(
      expect.arrayContaining([
        { detailName: FACE, fileName: CLEAN, ok: true, codes: [], source: "browser" },
        { detailName: BACK, fileName: FAULTY, ok: false, codes: [2078], source: "browser" },
      ]),
    );

    // 6. The fix-up: the file becomes «… (исправлено).pdf», checked again, ready.
    await faulty.getByRole("button", { name: "Перевести RGB в CMYK" }).click();
    const fixed = listedFile(checker, FIXED);
    await expect(fixed.locator("[part~=findings-clean]")).toContainText("Макет готов к печати");
    await expect(fixed.locator("[part~=findings-outcome]")).toHaveText("Исправлено: 2078.");
    await expect(fixed.getByLabel("Деталь")).toHaveValue(BACK);
    await expect(fixed.locator("[part~=proof-page] svg .ottisk-proof__finding")).toHaveCount(0);

    // The checker has fetched the PDF code named above: the names are the right ones.
    expect(pdfCodeFetched(fetched)).toEqual(PDF_CODE.filter((code) => code.usedByCheck).map((code) => code.name));

    // 7. Upload both: the file leaves the list once uploaded, and the detail follows the server's check.
    for (const [name, detailName] of [
      [CLEAN, FACE],
      [FIXED, BACK],
    ] as const) {
      const item = listedFile(checker, name);
      await item.getByRole("button", { name: "Загрузить макет" }).click();
      await expect(item).toHaveCount(0);
      const detail = detailSection(checker, detailName);
      await expect(detail.locator("[part~=status]")).toHaveText(`Макет проверен: готов к печати — ${name}`, { timeout: 20_000 });
      await expect(detail.locator("[part~=findings]")).toContainText("Проверка на сервере");
      await expect(detail.locator("[part~=findings-clean]")).toContainText("Макет готов к печати");
      await expect(detail.locator("[part~=proof-page]")).toHaveAttribute("aria-busy", "false");
    }
    expect((await eventsOf(page, "ottisk-layout-uploaded")).map((event) => event.detailName)).toEqual([FACE, BACK]);
    await expect.poll(async () => (await eventsOf(page, "ottisk-layout-checked")).filter((event) => event.source === "server")).toEqual([
      { detailName: FACE, fileName: CLEAN, ok: true, codes: [], source: "server" },
      { detailName: BACK, fileName: FIXED, ok: true, codes: [], source: "server" },
    ]);
    // The browser and the server agreed: no disagreement note.
    await expect(checker.getByText("Проверка на сервере нашла не то же")).toHaveCount(0);

    // 8. Approve each side's proof.
    await expect(checker.locator("[part~=all-approved]")).toHaveCount(0);
    for (const detailName of [FACE, BACK]) {
      const approval = detailSection(checker, detailName).locator("[part~=approval]");
      await approval.getByLabel(`Я проверил(а) пробный оттиск «${detailName}» и утверждаю макет к печати`).check();
      await approval.getByRole("button", { name: "Утвердить макет" }).click();
      await expect(approval).toContainText("Утверждён");
      await expect(approval.getByRole("button", { name: "Отменить утверждение" })).toBeVisible();
    }
    await expect(checker.locator("[part~=all-approved]")).toHaveText("Все макеты утверждены");
    expect((await eventsOf(page, "ottisk-layout-approved")).map((event) => [event.detailName, event.approved])).toEqual([
      [FACE, true],
      [BACK, true],
    ]);

    // What the server holds before the order: both layouts checked with no findings, approved, the fixed file's name.
    const before = (await api.get<Cart>("/client-cart")).orderProduct.find((item) => item.id === added.orderProductId);
    const layouts = before?.layouts ?? [];
    expect(layouts.map((layout) => [layout.detailName, layout.status, layout.fileName, layout.findings])).toEqual([
      [FACE, "passed", CLEAN, []],
      [BACK, "passed", FIXED, []],
    ]);
    for (const layout of layouts) {
      expect(layout.approvedAt, `${layout.detailName} approved`).not.toBeNull();
      expect(layout.pitstopDesignId, `${layout.detailName} checked by the server`).not.toBeNull();
    }

    // 9. Close the dialog, choose self-pickup, pay by card (the personal profile: no invoice) and place the order;
    // the page keeps the shopper here instead of going to the payment page.
    await dialog.getByRole("button", { name: "Закрыть" }).click();
    await expect(dialog).toBeHidden();
    await expect(line.getByRole("list", { name: "Макеты" }).getByRole("listitem")).toContainText([`${FACE}: макет проверен`, `${BACK}: макет проверен`]);
    await expect(line.getByRole("button", { name: "Проверить и утвердить макеты" })).toBeVisible();
    await chooseSelfPickup(cart);
    await expect(cart.getByRole("radio", { name: "Счёт для юрлица" })).toHaveCount(0);
    await page.evaluate(() => document.addEventListener("ottisk-checkout", (event) => event.preventDefault()));
    await placeOrderWith(cart, "Онлайн картой (ЮKassa)");
    const success = cart.locator("[part~=success]");
    await expect(success.getByRole("heading", { name: /^Заказ № .+ оформлен$/ })).toBeVisible();
    const [placed] = await eventsOf(page, "ottisk-checkout");
    if (!placed) throw new Error("No ottisk-checkout event");

    // 10. The order holds the line; the layouts' files download as PDFs, the fixed one without RGB.
    const order = await api.get<Order>(`/client-order/${placed.orderId}`);
    expect(order).toMatchObject({ id: placed.orderId, companyId: null, paymentType: "Yookassa" });
    expect(order.lines.map((item) => [item.id, item.productName, item.options.colors])).toEqual([[added.orderProductId, PRODUCT, "4+4"]]);
    // The order's line holds its layouts: the files, the server's reports and the approvals given in the cart.
    expect(order.lines[0]?.layouts.map((item) => [item.detailName, item.fileName, item.status, item.findings, item.approvedAt])).toEqual(
      layouts.map((item) => [item.detailName, item.fileName, "passed", [], item.approvedAt]),
    );
    const stored: Record<string, CartLayout> = Object.fromEntries(layouts.map((layout) => [layout.detailName, layout]));
    for (const [detailName, original] of [
      [FACE, CLEAN],
      [BACK, FAULTY],
    ] as const) {
      const layout = stored[detailName];
      if (!layout?.fileUrl || layout.pitstopDesignId === null) throw new Error(`${detailName}: no stored file or check`);
      const file = await api.download(layout.fileUrl);
      expect(file.contentType).toContain("application/pdf");
      expect(new TextDecoder().decode(file.bytes.subarray(0, 5))).toBe("%PDF-");
      // The engine, run here on the stored bytes against the line's profile, finds nothing…
      expect(runPreflight(file.bytes, layout.profile).findings, `${detailName}: the stored file is clean`).toEqual([]);
      // …while the original faulty file has RGB: the server holds the fixed bytes, not the chosen file.
      const originalFindings = runPreflight(new Uint8Array(readFileSync(join(corpus, original))), layout.profile).findings.map((item) => item.code);
      expect(originalFindings).toEqual(original === FAULTY ? [2078] : []);
      // The server's check of that file, kept after the order: done, no findings.
      const check = await api.get<Check>(`/client-order/autocheck/${layout.pitstopDesignId}`);
      expect(check).toMatchObject({ layoutId: layout.layoutId, state: "done", findings: [] });
    }
    // Each server check was told once, however the cart's reloads fell.
    expect((await recorded(page, "ottisk-layout-checked")).filter((event) => event.source === "server")).toHaveLength(2);
    expect(problems).toEqual([]);
  });

  test("the layouts dialog fits a 375 px screen", async ({ page, baseURL, request }) => {
    if (!baseURL) throw new Error("baseURL is not configured");
    const problems = watchProblems(page);
    await page.setViewportSize({ width: 375, height: 800 });
    const api = await SessionApi.signIn(request, baseURL, CLIENT);
    await emptyPersonalCart(api);
    const products = await api.get<{ items: { id: number; productName: string }[] }>("/public/product?limit=100");
    const card = products.items.find((item) => item.productName === PRODUCT);
    if (!card) throw new Error(`${PRODUCT} is not in the catalogue`);
    await api.post("/client-cart/product", { data: { productId: card.id, options: { colors: "4+4" }, quantity: 100, companyId: null } });
    await signInPage(page, baseURL, api);

    await page.goto(partnerUrl(baseURL, "partner.html"));
    const cart = page.locator("ottisk-cart");
    await cart.locator("[part~=line]", { hasText: PRODUCT }).getByRole("button", { name: "Макеты: загрузить и проверить" }).click();
    const dialog = cart.getByRole("dialog", { name: `Макеты: ${PRODUCT}` });
    const checker = dialog.locator("[part~=checker]");
    await checker.getByLabel("Выбрать файлы PDF").setInputFiles([join(corpus, FAULTY)]);
    const faulty = listedFile(checker, FAULTY);
    await expect(faulty.locator("[part~=finding][data-code='2078']")).toBeVisible();
    await expect(faulty.locator("[part~=proof-page]")).toHaveAttribute("aria-busy", "false");

    await expectNoHorizontalScroll(page);
    for (const [name, element] of [
      ["the dialog", dialog],
      ["the checker", checker],
    ] as const) {
      const overflow = await element.evaluate((node) => node.scrollWidth - node.clientWidth);
      expect(overflow, `nothing in ${name} is wider than it`).toBeLessThanOrEqual(0);
    }
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375, "the dialog is inside the screen").toBe(true);
    await page.screenshot({ path: join(screenshots, "layouts-dialog-375.png") });
    // The report and the proof, further down the dialog.
    await faulty.locator("[part~=proof-page]").scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshots, "layouts-dialog-375-proof.png") });
    expect(problems).toEqual([]);
  });
});
