/// <reference types="mocha" />
import "../../shared/http/zod-config";
import { expect } from "chai";
import type { CheckCode, PreflightProfile } from "../../preflight/report";
import type { Cart, CartLine } from "../../shared/contracts/index";
import type { Api } from "../../shared/http/index";
import { STORAGE_KEYS, writeText } from "../../shared/state/index";
import "../../widgets/index";
import { corpus, corpusBytes, corpusEntry, corpusMissing } from "./corpus";
import type { CorpusEntry } from "./corpus";
import { apiBase, businessCardId, collectEvents, expectAccessible, find, findText, mount, resetPage, shadow, testApi, typeInto, waitFor } from "./support";

/*
 * <ottisk-layout-checker> in Chromium with real PDFs: the engine's corpus (tests/preflight/make-corpus.ts,
 * served from .tmp/preflight-corpus/) for the standalone check and the fix-ups, and a fresh visitor's
 * cart line on the real API for uploads, the server's check, approvals and design orders. This file
 * imports nothing of the engine, pdf.js or pdf-lib up front: the first test checks that the page
 * fetches none of them until a file is checked.
 */

const pdfFile = (bytes: Uint8Array, name: string) => new File([bytes.slice()], name, { type: "application/pdf" });

/** The scripts of pdf.js, pdf-lib and the engine the page has fetched (not the dev server's `?worker&url` address modules, not CSS). */
function pdfCodeFetched(): string[] {
  return performance
    .getEntriesByType("resource")
    .map((resource) => resource.name)
    .filter((name) => !name.includes("?worker&url") && !/\.css(\?|$)/.test(name))
    .filter((name) => /pdfjs-dist|pdf-lib|\/preflight\/(engine|index|runtime\/browser|fixups\/|core\/|checks\/)/.test(name));
}

/** Picks files with the checker's file input, as a person does (DataTransfer → input.files, then change). */
async function choose(element: HTMLElement, files: File[]): Promise<void> {
  const input = await find<HTMLInputElement>(element, 'input[type="file"]');
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event("change", { bubbles: true }));
}

function fileItem(element: HTMLElement, name: string): HTMLElement | null {
  return [...shadow(element).querySelectorAll<HTMLElement>("li.ottisk-layout-file")].find((item) => item.getAttribute("aria-label") === name) ?? null;
}

/** Waits until the file's check has ended (a report or an error, no progress bar). */
function settled(element: HTMLElement, name: string, timeoutMs = 20_000): Promise<HTMLElement> {
  return waitFor(
    () => {
      const item = fileItem(element, name);
      if (!item || item.querySelector(".ottisk-layout-progress progress") || item.querySelector('[aria-busy="true"]')) return null;
      return item.querySelector(".ottisk-findings, .ottisk-layout-error") ? item : null;
    },
    `the check of ${name}`,
    timeoutMs,
  );
}

const codesIn = (root: ParentNode): number[] => [...new Set([...root.querySelectorAll<HTMLElement>("[data-code]")].map((node) => Number(node.dataset.code)))].sort((a, b) => a - b);


function buttonByText(root: ParentNode, text: string): HTMLButtonElement | null {
  return [...root.querySelectorAll<HTMLButtonElement>("button")].find((button) => button.textContent?.trim() === text) ?? null;
}

function mountStandalone(profile: PreflightProfile): HTMLElement {
  return mount("ottisk-layout-checker", { profile: JSON.stringify(profile) });
}

afterEach(() => resetPage());

describe("<ottisk-layout-checker> loads the PDF code only when a file is checked", () => {
  it("fetches neither pdf.js, pdf-lib nor the engine until the first file, then all three", async function () {
    this.timeout(30_000);
    const clean = corpusEntry("clean-pdfx1a-like.pdf");
    const element = mountStandalone(clean.profile);
    await find(element, 'input[type="file"]');
    await findText(element, "Проверка без загрузки: файл не покидает ваш компьютер");
    expect(pdfCodeFetched(), "before a file").to.deep.equal([]);
    await expectAccessible(element);

    await choose(element, [pdfFile(await corpusBytes(clean.file), clean.file)]);
    const item = await settled(element, clean.file);
    expect(item.textContent).to.include("Макет готов к печати");
    await waitFor(() => item.querySelector("canvas"), "the proof's page");
    const fetched = pdfCodeFetched();
    expect(fetched.some((name) => name.includes("/preflight/runtime/browser")), "the engine's runtime").to.equal(true);
    // pdf-lib comes with the fix-ups (preflight/fixups/pdf.ts imports it). This file alone, warm or with
    // Vite's cache cleared, lists /node_modules/.vite/deps/pdf-lib.js; in one whole `npm test` run it
    // was missing from the page's resource timing (the designer's tests optimise pdf-lib too), so its
    // importer may stand for it.
    expect(fetched.some((name) => name.includes("pdf-lib") || name.includes("/preflight/fixups/pdf.ts")), "pdf-lib").to.equal(true);
    expect(fetched.some((name) => name.includes("pdfjs-dist")), "pdf.js").to.equal(true);
    await expectAccessible(element);
  });
});

describe("<ottisk-layout-checker> standalone, with the corpus", () => {
  if (!corpus) {
    it("finds the corpus", () => {
      throw new Error(corpusMissing);
    });
    return;
  }

  // One file per code: the first of the corpus that has it.
  const byCode = new Map<CheckCode, CorpusEntry>();
  for (const item of corpus) for (const code of item.expected ?? []) if (!byCode.has(code)) byCode.set(code, item);

  for (const [code, item] of byCode) {
    it(`shows ${code} for ${item.file}, with its message and what to do`, async function () {
      this.timeout(30_000);
      const events = await collectEvents<{ codes: number[]; source: string; fileName: string; ok: boolean }>("ottisk-layout-checked", async () => {
        const element = mountStandalone(item.profile);
        await choose(element, [pdfFile(await corpusBytes(item.file), item.file)]);
        const result = await settled(element, item.file);
        expect(codesIn(result), item.why).to.deep.equal(item.expected);
        const finding = result.querySelector<HTMLElement>(`[data-code="${code}"]`);
        expect(finding?.textContent).to.match(/[А-Яа-я]/);
        expect(finding?.textContent).to.include("Что сделать");
      });
      expect(events).to.have.length(1);
      expect(events[0]?.detail).to.include({ detailName: null, fileName: item.file, ok: false, source: "browser" });
      expect([...(events[0]?.detail.codes ?? [])].sort((a, b) => a - b)).to.deep.equal(item.expected);
    });
  }

  const errorTexts: Record<string, string> = {
    EMPTY_FILE: "пустой",
    NOT_A_PDF: "не PDF",
    ENCRYPTED: "защищён паролем",
    DAMAGED: "повреждён",
    TOO_LARGE: "слишком много данных",
    TOO_COMPLEX: "слишком сложный",
    TIMEOUT: "слишком много времени",
  };
  for (const item of corpus.filter((candidate) => candidate.expectedError !== undefined)) {
    it(`says in Russian why ${item.file} cannot be checked (${item.expectedError})`, async function () {
      this.timeout(30_000);
      const element = mountStandalone(item.profile);
      await choose(element, [pdfFile(await corpusBytes(item.file), item.file)]);
      const result = await settled(element, item.file);
      const error = result.querySelector('[role="alert"]');
      expect(error?.textContent).to.include(errorTexts[item.expectedError ?? ""] ?? "—");
      expect(result.querySelector(".ottisk-findings")).to.equal(null);
    });
  }

  it("takes several files at once and removes each from the list", async function () {
    this.timeout(30_000);
    const clean = corpusEntry("clean-pdfx1a-like.pdf");
    const rgb = corpusEntry("2078-rgb-fill.pdf");
    const element = mountStandalone(clean.profile);
    await choose(element, [pdfFile(await corpusBytes(clean.file), clean.file), pdfFile(await corpusBytes(rgb.file), rgb.file), new File(["hello"], "notes.txt", { type: "text/plain" })]);
    await settled(element, clean.file);
    expect(codesIn(await settled(element, rgb.file))).to.deep.equal([2078]);
    expect(fileItem(element, "notes.txt")?.querySelector('[role="alert"]')?.textContent).to.equal("Файл «notes.txt» — не PDF: сохраните макет в формате PDF");
    await expectAccessible(element);

    const remove = shadow(element).querySelector<HTMLButtonElement>(`button[aria-label="Убрать файл «${rgb.file}»"]`);
    expect(remove).to.not.equal(null);
    remove?.click();
    await waitFor(() => fileItem(element, rgb.file) === null, "the file removed");
    expect(fileItem(element, clean.file)).to.not.equal(null);
    expect(fileItem(element, "notes.txt")).to.not.equal(null);
  });

  const fixups: { id: string; file: string; clears: CheckCode[] }[] = [
    { id: "pdf-version", file: "1120-header-1.4.pdf", clears: [1120] },
    { id: "output-intent", file: "3171-outputintent-with-profile.pdf", clears: [3171] },
    { id: "flatten-layers", file: "3244-ocgs.pdf", clears: [3244] },
    { id: "rgb-to-cmyk", file: "2078-rgb-fill.pdf", clears: [2078] },
  ];
  for (const fixup of fixups) {
    it(`«${fixup.id}» on ${fixup.file} clears ${fixup.clears.join(", ")}, as the engine finds again`, async function () {
      this.timeout(40_000);
      const item = corpusEntry(fixup.file);
      const element = mountStandalone(item.profile);
      const checked = await collectEvents<{ codes: number[]; fileName: string }>("ottisk-layout-checked", async () => {
        await choose(element, [pdfFile(await corpusBytes(item.file), item.file)]);
        const before = await settled(element, item.file);
        for (const code of fixup.clears) expect(codesIn(before)).to.include(code);
        const button = await waitFor(() => before.querySelector<HTMLButtonElement>(`button[data-fixup="${fixup.id}"]:not([disabled])`), `the «${fixup.id}» button`);
        await expectAccessible(element);
        button.click();
        const fixedName = item.file.replace(/\.pdf$/, " (исправлено).pdf");
        const after = await settled(element, fixedName, 30_000);
        for (const code of fixup.clears) expect(codesIn(after), `${code} after the fix-up`).to.not.include(code);
      });
      // The fixed file was checked by the engine again: a second report, for the new name.
      expect(checked.map((event) => event.detail.fileName)).to.deep.equal([item.file, item.file.replace(/\.pdf$/, " (исправлено).pdf")]);
      await expectAccessible(element);
    });
  }

  it("disables a blocked fix-up with its reason, and offers it once the blocker is fixed", async function () {
    this.timeout(60_000);
    // 3244-ocgs.pdf with its header raised to 1.5 (same length, offsets intact): layers and 1120.
    const item = corpusEntry("3244-ocgs.pdf");
    const bytes = await corpusBytes(item.file);
    expect(new TextDecoder().decode(bytes.subarray(0, 8))).to.equal("%PDF-1.3");
    bytes[7] = "5".charCodeAt(0);
    const element = mountStandalone(item.profile);
    await choose(element, [pdfFile(bytes, "layers-1.5.pdf")]);
    const before = await settled(element, "layers-1.5.pdf");
    expect(codesIn(before)).to.deep.equal([1120, 3244]);
    const blocked = await waitFor(() => before.querySelector<HTMLButtonElement>('button[data-fixup="pdf-version"]'), "the version button");
    expect(blocked.disabled).to.equal(true);
    expect(before.querySelector('[data-blocked="pdf-version"]')?.textContent).to.match(/Недоступно: .*сло/i);

    before.querySelector<HTMLButtonElement>('button[data-fixup="flatten-layers"]')?.click();
    const flattened = await settled(element, "layers-1.5 (исправлено).pdf", 30_000);
    expect(codesIn(flattened)).to.deep.equal([1120]);
    const version = await waitFor(() => flattened.querySelector<HTMLButtonElement>('button[data-fixup="pdf-version"]:not([disabled])'), "the version button enabled");
    version.click();
    await waitFor(() => fileItem(element, "layers-1.5 (исправлено).pdf")?.querySelector(".ottisk-findings__clean"), "a clean report after both fix-ups", 30_000);
  });

  it("names what is wrong with a bad profile attribute, in Russian", async () => {
    const element = mount("ottisk-layout-checker", { profile: "{pdfVersion: 1.3" });
    expect((await find(element, '[role="alert"]')).textContent).to.include("Профиль проверки (атрибут profile) — не JSON");
    resetPage();
    const incomplete = mount("ottisk-layout-checker", { profile: JSON.stringify({ ...corpusEntry("clean-pdfx1a-like.pdf").profile, pages: undefined }) });
    expect((await find(incomplete, '[role="alert"]')).textContent).to.equal("Профиль проверки (атрибут profile) неверен: поле pages (число страниц) не указано");
    resetPage();
    const wrong = mount("ottisk-layout-checker", { profile: JSON.stringify({ ...corpusEntry("clean-pdfx1a-like.pdf").profile, trimMm: [90] }) });
    expect((await find(wrong, '[role="alert"]')).textContent).to.include("поле trimMm (обрезной формат, мм) указано неверно");
    await expectAccessible(wrong);
  });

  it("takes the detail's profile from the product page with product-id and detail", async function () {
    this.timeout(30_000);
    const api = testApi();
    const productId = await businessCardId(api);
    const product = await api.getProduct(productId);
    const face = product.details[0];
    if (!face) throw new Error("The business card has no details");
    const element = mount("ottisk-layout-checker", { "product-id": String(productId), detail: face.name });
    await findText(element, `Проверка макета: ${product.productName}, ${face.name}`);
    await findText(element, `Обрезной формат ${face.profile.trimMm[0]} × ${face.profile.trimMm[1]} мм`);
    await findText(element, "Проверка без загрузки: файл не покидает ваш компьютер");
    await expectAccessible(element);
    resetPage();
    const unknown = mount("ottisk-layout-checker", { "product-id": String(productId), detail: "Корешок" });
    expect((await find(unknown, '[role="alert"]')).textContent).to.include(`нет детали «Корешок»`);
  });
});

/* ----------------------------------------------------------------------------------------------
 * Cart mode: a fresh visitor's line of business cards; the page shares the visitor's session.
 */


async function visitorWithLine(): Promise<{ api: Api; cart: Cart; line: CartLine }> {
  const token: { value: string | null } = { value: null };
  const api = testApi(token);
  const cart = await api.addCartProduct({ productId: await businessCardId(api), quantity: 100 });
  if (!token.value) throw new Error("The API opened no session");
  writeText(STORAGE_KEYS.session(apiBase), token.value);
  const line = cart.orderProduct[0];
  if (!line) throw new Error("The line was not added");
  return { api, cart, line };
}

/** A one-page PDF of the line's first detail's size (the engine's test helper, loaded only now). */
async function cardPdf(content: string): Promise<Uint8Array> {
  const { businessCardPdf } = await import("../../preflight/core/testing");
  return businessCardPdf(content);
}

async function lineOf(api: Api, lineId: number): Promise<CartLine> {
  const line = (await api.getCart()).orderProduct.find((item) => item.id === lineId);
  if (!line) throw new Error(`Line ${lineId} is not in the cart`);
  return line;
}

function detailSection(element: HTMLElement, detailName: string): HTMLElement | null {
  return [...shadow(element).querySelectorAll<HTMLElement>("section.ottisk-layout-detail")].find((section) => section.querySelector("h3")?.textContent === detailName) ?? null;
}

/** A visitor's business card line in the checker, with «Заказать дизайн» pressed for its first detail. */
async function openDesignOrderForm(): Promise<{ api: Api; line: CartLine; detail: CartLine["layouts"][number]; element: HTMLElement; section: HTMLElement }> {
  const { api, line } = await visitorWithLine();
  const detail = line.layouts[0];
  if (!detail) throw new Error("The business card needs no layout");
  const element = mount("ottisk-layout-checker", { "order-product-id": String(line.id) });
  const section = await waitFor(() => detailSection(element, detail.detailName), "the detail");
  (await waitFor(() => buttonByText(section, `Заказать дизайн «${detail.detailName}»`), "«Заказать дизайн»")).click();
  return { api, line, detail, element, section };
}

/** Picks a file, waits for the browser's report, uploads it and waits for the server's check to end. */
async function uploadThroughChecker(element: HTMLElement, bytes: Uint8Array, name: string, detailName: string): Promise<{ sawUploadProgress: boolean; section: HTMLElement }> {
  let sawUploadProgress = false;
  const observer = new MutationObserver(() => {
    if (shadow(element).querySelector(".ottisk-layout-upload progress")) sawUploadProgress = true;
  });
  observer.observe(shadow(element), { childList: true, subtree: true });
  try {
    await choose(element, [pdfFile(bytes, name)]);
    const item = await settled(element, name);
    const upload = await waitFor(() => buttonByText(item, "Загрузить макет"), "«Загрузить макет»");
    await waitFor(() => !upload.disabled, "«Загрузить макет» enabled");
    upload.click();
    await waitFor(() => fileItem(element, name) === null, "the uploaded file leaving the list", 20_000);
    const section = await waitFor(() => {
      const found = detailSection(element, detailName);
      const status = found?.getAttribute("data-status");
      return found && (status === "passed" || status === "failed" || status === "error") && found.querySelector(".ottisk-findings") ? found : null;
    }, "the server's check", 40_000);
    return { sawUploadProgress, section };
  } finally {
    observer.disconnect();
  }
}

describe("<ottisk-layout-checker> for a cart line", () => {
  it("uploads a clean layout, shows the server's check and stores the approval", async function () {
    this.timeout(90_000);
    const { api, line } = await visitorWithLine();
    const detail = line.layouts[0];
    if (!detail) throw new Error("The business card needs no layout");
    const element = mount("ottisk-layout-checker", { "order-product-id": String(line.id) });
    await findText(element, `«${detail.detailName}»`);
    await waitFor(() => detailSection(element, detail.detailName), "the detail");
    await expectAccessible(element);

    let heardServerCheck = false;
    const onChecked = (event: Event) => {
      if ((event as CustomEvent<{ source: string }>).detail.source === "server") heardServerCheck = true;
    };
    document.addEventListener("ottisk-layout-checked", onChecked);
    const uploaded = await collectEvents<{ orderProductId: number; detailName: string; layoutId: number }>("ottisk-layout-uploaded", async () => {
      const checked = await collectEvents<{ source: string; ok: boolean }>("ottisk-layout-checked", async () => {
        const { sawUploadProgress, section } = await uploadThroughChecker(element, await cardPdf("0 0.5 1 0 k 20 20 100 60 re f"), "card.pdf", detail.detailName);
        expect(sawUploadProgress, "the upload's progress bar").to.equal(true);
        expect(section.getAttribute("data-status")).to.equal("passed");
        expect(section.querySelector(".ottisk-findings")?.textContent).to.include("Проверка на сервере");
        expect(section.querySelector(".ottisk-findings")?.textContent).to.include("Макет готов к печати");
        // The event follows the drawn result (fired after the render): heard before the list is read.
        await waitFor(() => heardServerCheck, "the server's ottisk-layout-checked");
      });
      document.removeEventListener("ottisk-layout-checked", onChecked);
      expect(checked.map((event) => [event.detail.source, event.detail.ok])).to.deep.equal([
        ["browser", true],
        ["server", true],
      ]);
    });
    expect(uploaded.map((event) => event.detail)).to.have.length(1);
    expect(uploaded[0]?.detail).to.include({ orderProductId: line.id, detailName: detail.detailName });
    expect((await lineOf(api, line.id)).layouts[0]).to.include({ status: "passed", fileName: "card.pdf" });
    await expectAccessible(element);

    // Approval: after the proof is shown, a checkbox and the button.
    const section = detailSection(element, detail.detailName) as HTMLElement;
    const checkbox = await waitFor(() => section.querySelector<HTMLInputElement>('.ottisk-layout-approval input[type="checkbox"]:not([disabled])'), "the approval checkbox", 20_000);
    const approve = buttonByText(section, "Утвердить макет");
    expect(approve?.disabled).to.equal(true);
    checkbox.click();
    await waitFor(() => approve && !approve.disabled, "«Утвердить макет» enabled");
    const approvals = await collectEvents<{ approved: boolean }>("ottisk-layout-approved", async () => {
      approve?.click();
      await waitFor(() => detailSection(element, detail.detailName)?.textContent?.includes("Утверждён "), "«Утверждён …»");
    });
    expect(approvals.map((event) => event.detail.approved)).to.deep.equal([true]);
    expect((await lineOf(api, line.id)).layouts[0]?.approvedAt).to.be.a("string");
    if (line.layouts.length === 1) await findText(element, "Все макеты утверждены");
    await expectAccessible(element);

    const undo = await waitFor(() => buttonByText(detailSection(element, detail.detailName) as HTMLElement, "Отменить утверждение"), "«Отменить утверждение»");
    undo.click();
    await waitFor(() => detailSection(element, detail.detailName)?.querySelector('.ottisk-layout-approval input[type="checkbox"]'), "the approval form again");
    expect((await lineOf(api, line.id)).layouts[0]?.approvedAt).to.equal(null);
  });

  it("shows the server's findings for a faulty layout and says what approving it means", async function () {
    this.timeout(90_000);
    const { line } = await visitorWithLine();
    const detail = line.layouts[0];
    if (!detail) throw new Error("The business card needs no layout");
    const element = mount("ottisk-layout-checker", { "order-product-id": String(line.id) });
    await waitFor(() => detailSection(element, detail.detailName), "the detail");
    const { section } = await uploadThroughChecker(element, await cardPdf("1 0 0 rg 20 20 100 60 re f"), "rgb.pdf", detail.detailName);
    expect(section.getAttribute("data-status")).to.equal("failed");
    expect(codesIn(section.querySelector(".ottisk-findings") as HTMLElement)).to.deep.equal([2078]);
    await waitFor(() => section.querySelector(".ottisk-layout-approval__warning"), "the warning");
    expect(section.querySelector(".ottisk-layout-approval__warning")?.textContent).to.include("будет напечатан именно так");
    await expectAccessible(element);
  });

  it("orders a design, changes its comment and cancels it", async function () {
    this.timeout(60_000);
    const { api, line, detail, element, section } = await openDesignOrderForm();
    const comment = await waitFor(() => section.querySelector<HTMLTextAreaElement>('textarea[name="comment"]'), "the comment field");
    await expectAccessible(element);
    // The field grows with its text (spec §5's auto height), and shrinks back.
    const oneLine = comment.getBoundingClientRect().height;
    typeInto(comment, "Визитка для кофейни\nцвета — зелёный и белый\nлоготип пришлю\nшрифт любой");
    await waitFor(() => comment.getBoundingClientRect().height > oneLine, "the comment field to grow with four lines");
    typeInto(comment, "Визитка для кофейни, зелёный и белый");
    await waitFor(() => comment.getBoundingClientRect().height === oneLine, "the comment field back to one line");

    const events = await collectEvents<{ designId: number; status: string; orderProductId: number }>("ottisk-design-order", async () => {
      (section.querySelector<HTMLButtonElement>('.ottisk-layout-design__form button[type="submit"]') as HTMLButtonElement).click();
      await waitFor(() => detailSection(element, detail.detailName)?.textContent?.includes("Новый"), "the design order «Новый»");
      const created = (await lineOf(api, line.id)).layouts[0]?.design;
      expect(created).to.include({ status: "new", comment: "Визитка для кофейни, зелёный и белый" });
      await expectAccessible(element);

      const current = detailSection(element, detail.detailName) as HTMLElement;
      (buttonByText(current, "Изменить комментарий") as HTMLButtonElement).click();
      const field = await waitFor(() => current.querySelector<HTMLTextAreaElement>('textarea[name="comment"]'), "the comment field again");
      expect(field.value).to.equal("Визитка для кофейни, зелёный и белый");
      typeInto(field, "Визитка для кофейни, логотип пришлю");
      (current.querySelector<HTMLButtonElement>('.ottisk-layout-design__form button[type="submit"]') as HTMLButtonElement).click();
      await waitFor(() => detailSection(element, detail.detailName)?.querySelector(".ottisk-layout-design__comment")?.textContent?.includes("логотип пришлю"), "the new comment");
      expect((await lineOf(api, line.id)).layouts[0]?.design?.comment).to.equal("Визитка для кофейни, логотип пришлю");

      (buttonByText(current, "Отменить заказ дизайна") as HTMLButtonElement).click();
      (await waitFor(() => buttonByText(current, "Да, отменить"), "the confirmation")).click();
      await waitFor(() => buttonByText(detailSection(element, detail.detailName) as HTMLElement, `Заказать дизайн «${detail.detailName}»`), "«Заказать дизайн» again");
    });
    expect(events.map((event) => event.detail.status)).to.deep.equal(["new", "new", "cancelled"]);
    expect(events[0]?.detail.orderProductId).to.equal(line.id);
    expect((await lineOf(api, line.id)).layouts[0]?.design).to.equal(null);
  });

  it("shows a refused design order in an alert and reloads the cart (spec §8)", async function () {
    this.timeout(30_000);
    const { api, line, detail, element, section } = await openDesignOrderForm();
    // Meanwhile the same design is ordered elsewhere (another tab): the page's cart does not know yet.
    await api.createDesignOrder({ orderProductId: line.id, detailName: detail.detailName, comment: "Из другой вкладки" });
    typeInto(await waitFor(() => section.querySelector<HTMLTextAreaElement>('textarea[name="comment"]'), "the comment field"), "Ещё один дизайн");
    (section.querySelector<HTMLButtonElement>('.ottisk-layout-design__form button[type="submit"]') as HTMLButtonElement).click();
    const alert = await waitFor(() => detailSection(element, detail.detailName)?.querySelector('.ottisk-alert[role="alert"]'), "the negative alert");
    expect(alert.textContent).to.include("Дизайн этой детали уже заказан");
    await waitFor(() => detailSection(element, detail.detailName)?.querySelector(".ottisk-layout-design__comment")?.textContent?.includes("Из другой вкладки"), "the reloaded cart's design order");
  });

  it("follows the server's check of a layout uploaded elsewhere, draws its stored file and annotates it for a design order", async function () {
    this.timeout(60_000);
    const { api, cart, line } = await visitorWithLine();
    const detail = line.layouts[0];
    if (!detail || cart.id === null) throw new Error("The business card needs no layout");
    const bytes = await cardPdf("0 0 0 1 k 0 0 100 100 re f 1 0 0 rg 20 20 40 40 re f");
    await api.uploadLayout({ file: new Blob([bytes.slice()], { type: "application/pdf" }), fileName: "elsewhere.pdf", orderProductId: line.id, detailName: detail.detailName });
    await api.startCheck(cart.id, line.id, detail.detailName);
    await api.createDesignOrder({ orderProductId: line.id, detailName: detail.detailName, comment: "Поправьте цвета" });

    const checked = await collectEvents<{ source: string; codes: number[]; fileName: string }>("ottisk-layout-checked", async () => {
      const element = mount("ottisk-layout-checker", { "order-product-id": String(line.id) });
      const section = await waitFor(() => {
        const found = detailSection(element, detail.detailName);
        return found?.getAttribute("data-status") === "failed" && found.querySelector(".ottisk-findings") ? found : null;
      }, "the server's check, followed by the element", 40_000);
      expect(section.textContent).to.include("elsewhere.pdf");
      expect(codesIn(section.querySelector(".ottisk-findings") as HTMLElement)).to.deep.equal([2078]);
      // The stored file, downloaded with the session, drawn as the proof with its finding outlined.
      await waitFor(() => section.querySelector(".ottisk-proof canvas"), "the stored layout's proof", 20_000);
      await waitFor(() => section.querySelector('.ottisk-layout-approval input[type="checkbox"]:not([disabled])'), "approval once the proof is shown", 20_000);
      await expectAccessible(element);

      (await waitFor(() => buttonByText(section, "Добавить пометки на макет"), "«Добавить пометки на макет»")).click();
      const dialog = await waitFor(() => section.querySelector<HTMLDialogElement>("dialog.ottisk-layout-design__dialog[open]"), "the annotation dialog");
      await waitFor(() => dialog.querySelector("canvas, .ottisk-pdf-viewer"), "the PDF viewer in the dialog", 20_000);
    });
    // Heard only when the element saw the check finish (a quick server may have finished before the cart loaded).
    for (const event of checked) expect([event.detail.source, event.detail.codes, event.detail.fileName]).to.deep.equal(["server", [2078], "elsewhere.pdf"]);
  });

  it("gives a new file to the detail without a layout, and says which layout it replaces when all have one (issue 16)", async function () {
    this.timeout(60_000);
    const token: { value: string | null } = { value: null };
    const api = testApi(token);
    const cart = await api.addCartProduct({ productId: await businessCardId(api), quantity: 100, options: { colors: "4+4" } });
    if (!token.value) throw new Error("The API opened no session");
    writeText(STORAGE_KEYS.session(apiBase), token.value);
    const line = cart.orderProduct[0];
    const [face, back] = line?.layouts ?? [];
    if (!line || !face || !back) throw new Error("A 4+4 business card needs two layouts");
    expect([face.detailName, back.detailName]).to.deep.equal(["Лицевая сторона", "Обратная сторона"]);
    const bytes = await cardPdf("0 0.5 1 0 k 20 20 100 60 re f");
    const uploadFor = (detailName: string) =>
      api.uploadLayout({ file: new Blob([bytes.slice()], { type: "application/pdf" }), fileName: `${detailName}.pdf`, orderProductId: line.id, detailName });
    await uploadFor(face.detailName);

    const element = mount("ottisk-layout-checker", { "order-product-id": String(line.id) });
    await waitFor(() => detailSection(element, back.detailName), "the back's section");
    const hint = () => shadow(element).querySelector(".ottisk-layout-drop__hint")?.textContent ?? "";
    await waitFor(() => hint().includes("«Обратная сторона»"), "the hint naming the empty back");
    await choose(element, [pdfFile(bytes, "back.pdf")]);
    const item = await settled(element, "back.pdf");
    expect(item.querySelector<HTMLSelectElement>('select[name="detail"]')?.value).to.equal("Обратная сторона");
    expect(item.textContent).to.not.include("заменит текущий макет");
    await expectAccessible(element);
    resetPage();

    // Both sides have a layout: the next file replaces the face's, and both the hint and the file say so.
    await uploadFor(back.detailName);
    writeText(STORAGE_KEYS.session(apiBase), token.value);
    const full = mount("ottisk-layout-checker", { "order-product-id": String(line.id) });
    await waitFor(() => detailSection(full, back.detailName), "the back's section");
    await waitFor(() => (shadow(full).querySelector(".ottisk-layout-drop__hint")?.textContent ?? "").includes("заменит макет «Лицевая сторона»"), "the hint naming the replaced face");
    await choose(full, [pdfFile(bytes, "again.pdf")]);
    const again = await settled(full, "again.pdf");
    expect(again.querySelector<HTMLSelectElement>('select[name="detail"]')?.value).to.equal("Лицевая сторона");
    expect(again.textContent).to.include("Загруженный файл заменит текущий макет «Лицевая сторона»");
  });

  it("says so when the line is not in the cart", async () => {
    await visitorWithLine();
    const element = mount("ottisk-layout-checker", { "order-product-id": "987654321" });
    expect((await find(element, '[role="alert"]')).textContent).to.include("Этой строки нет в корзине");
    await expectAccessible(element);
  });

  it("opens from the cart's line in a dialog", async function () {
    this.timeout(30_000);
    const { line } = await visitorWithLine();
    const cart = mount("ottisk-cart");
    const open = await waitFor(() => buttonByText(shadow(cart), "Макеты: загрузить и проверить"), "the line's layouts button");
    open.click();
    const dialog = await find<HTMLDialogElement>(cart, "dialog.ottisk-cart__layouts-dialog[open]");
    await waitFor(() => dialog.querySelector('input[type="file"]'), "the checker in the dialog");
    const detail = line.layouts[0];
    if (detail) await waitFor(() => dialog.querySelector("section.ottisk-layout-detail h3")?.textContent === detail.detailName, "the line's detail");
    await expectAccessible(cart);
  });
});
