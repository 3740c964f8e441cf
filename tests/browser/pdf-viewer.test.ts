/// <reference types="mocha" />
import { expect } from "chai";
import type { Api } from "../../shared/http/index";
import { STORAGE_KEYS, writeText } from "../../shared/state/index";
import { businessCardPdf } from "../../preflight/core/testing";
import { openPdf } from "../../widgets/pdfjs";
import "../../widgets/index";
import { sendKeys, sendMouse, setViewport } from "./real-input";
import { corpusBytes } from "./corpus";
import { apiBase, businessCardId, collectEvents, expectAccessible, find, findText, mount, resetPage, shadow, testApi, waitFor } from "./support";

/*
 * <ottisk-pdf-viewer> in Chromium with real PDFs: a business card written here by hand and files of
 * the preflight engine's corpus (served from .tmp/preflight-corpus/, `npm run preflight:corpus`).
 * The annotations are made through the UI with the real mouse and keyboard (the test runner's
 * sendMouse/sendKeys), saved, and looked for in the saved bytes with pdf.js and in a new viewer.
 * The design-order case arranges a visitor's cart line, layout and design order through the API with
 * the session the element then shares.
 */

/** A CMYK rectangle on a 94 × 54 mm card: something visible to draw. */
const cardPdf = () => businessCardPdf("0 0.5 1 0 k 20 20 100 60 re f");

/** What the page has fetched of pdf.js or of the viewer's lazily loaded half. */
function pdfjsResources(): string[] {
  return performance
    .getEntriesByType("resource")
    .map((entry) => entry.name)
    .filter((name) => !name.endsWith("?worker&url") && /pdfjs-dist|pdf-engine|pdf-worker/.test(name));
}

/** A viewer showing `file` (the `file` property), put on the page. */
function viewerWith(file: Uint8Array | Blob, attributes: Record<string, string> = {}): HTMLElementTagNameMap["ottisk-pdf-viewer"] {
  const element = document.createElement("ottisk-pdf-viewer");
  element.setAttribute("api-base", apiBase);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.file = file;
  document.body.append(element);
  return element;
}

function button(element: Element, selector: string): HTMLButtonElement {
  const found = shadow(element).querySelector<HTMLButtonElement>(selector);
  if (!found) throw new Error(`No ${selector} in <${element.localName}>`);
  return found;
}

/** Waits until the viewer opened its PDF and drew page `page` (its canvas has pixels that are not white). */
async function drawnPage(element: Element, page = 1): Promise<HTMLElement> {
  await waitFor(() => shadow(element).querySelector<HTMLButtonElement>("[data-tool=select]")?.disabled === false, "the viewer to open its PDF");
  return waitFor(() => {
    const view = shadow(element).querySelector<HTMLElement>(`.page[data-page-number="${page}"]`);
    const canvas = view?.querySelector("canvas");
    if (!view || !canvas || canvas.width === 0 || view.dataset.loaded !== "true") return null;
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (!context) return null;
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    for (let index = 0; index < pixels.length; index += 4) {
      if (pixels[index]! < 250 || pixels[index + 1]! < 250 || pixels[index + 2]! < 250) return view;
    }
    return null;
  }, `page ${page} drawn`, 15_000);
}

function center(element: Element): [number, number] {
  const box = element.getBoundingClientRect();
  return [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)];
}

async function clickOn(element: Element): Promise<void> {
  element.scrollIntoView({ block: "nearest" });
  await sendMouse({ type: "click", position: center(element) });
}

/** The editor layer of a page, once the tool's mode is on (pdf.js draws it then). */
function editorLayer(page: HTMLElement): Promise<HTMLElement> {
  return waitFor(() => page.querySelector<HTMLElement>(".annotationEditorLayer:not(.disabled)"), "the editor layer");
}

async function chooseTool(element: Element, tool: string): Promise<void> {
  const toolButton = button(element, `[data-tool=${tool}]`);
  await clickOn(toolButton);
  await waitFor(() => toolButton.getAttribute("aria-pressed") === "true", `«${toolButton.textContent}» pressed`);
}

/** Presses a tool's button of a viewer rendered inside another element's shadow root (the cart's dialog). */
async function chooseToolIn(viewer: HTMLElement, tool: string): Promise<void> {
  const toolButton = viewer.querySelector<HTMLButtonElement>(`[data-tool=${tool}]`)!;
  await clickOn(toolButton);
  await waitFor(() => toolButton.getAttribute("aria-pressed") === "true", `«${toolButton.textContent}» pressed`);
}

/** Types a comment with the free-text tool at (x, y) of the page, then leaves the tool. */
async function addFreeText(element: Element, page: HTMLElement, text: string): Promise<void> {
  await chooseTool(element, "text");
  const layer = await editorLayer(page);
  const box = layer.getBoundingClientRect();
  await sendMouse({ type: "click", position: [Math.round(box.left + box.width * 0.3), Math.round(box.top + box.height * 0.3)] });
  const input = await waitFor(() => layer.querySelector<HTMLElement>(".freeTextEditor [contenteditable=true]"), "the text box");
  await waitFor(() => shadow(element).activeElement === input, "the text box focused");
  await sendKeys({ type: text });
  await chooseTool(element, "select");
  await waitFor(() => (layer.querySelector(".freeTextEditor")?.textContent ?? "").includes(text), "the committed text");
}

/** Draws a stroke with the ink tool across the page, then leaves the tool. */
async function drawInk(element: Element, page: HTMLElement): Promise<void> {
  await chooseTool(element, "ink");
  const layer = await editorLayer(page);
  const box = layer.getBoundingClientRect();
  const at = (x: number, y: number): [number, number] => [Math.round(box.left + box.width * x), Math.round(box.top + box.height * y)];
  await sendMouse({ type: "move", position: at(0.55, 0.6) });
  await sendMouse({ type: "down" });
  for (const [x, y] of [
    [0.6, 0.65],
    [0.7, 0.7],
    [0.8, 0.65],
    [0.85, 0.55],
  ] as const) {
    await sendMouse({ type: "move", position: at(x, y) });
  }
  await sendMouse({ type: "up" });
  await chooseTool(element, "select");
  await waitFor(() => layer.querySelector(".inkEditor"), "the drawing");
}

/** Clicks «Сохранить» and waits for ottisk-pdf-saved. */
/** Draws a small PNG (40×20, green) and gives it to the viewer's image field as the file picker would. */
async function pickStampImage(element: Element): Promise<void> {
  const canvas = document.createElement("canvas");
  canvas.width = 40;
  canvas.height = 20;
  const context = canvas.getContext("2d")!;
  context.fillStyle = "#0a7";
  context.fillRect(0, 0, 40, 20);
  const png = await new Promise<Blob>((resolve) => canvas.toBlob((blob) => resolve(blob!), "image/png"));
  const field = shadow(element).querySelector<HTMLInputElement>("input[type=file]")!;
  const transfer = new DataTransfer();
  transfer.items.add(new File([png], "arrow.png", { type: "image/png" }));
  field.files = transfer.files;
  field.dispatchEvent(new Event("change", { bubbles: true }));
}

async function save(element: Element): Promise<CustomEvent<{ fileId: number | null; url: string | null; designId: number | null }>> {
  const events = await collectEvents<{ fileId: number | null; url: string | null; designId: number | null }>("ottisk-pdf-saved", async () => {
    await clickOn(button(element, "[part~=save]"));
    await waitFor(() => !button(element, "[part~=save]").disabled && shadow(element).querySelector("[part~=alert]"), "the save to end");
  });
  expect(events, "one ottisk-pdf-saved").to.have.length(1);
  return events[0]!;
}

interface FoundAnnotation {
  subtype: string;
  text: string;
  /** Whether its rectangle has an area (pdf.js shows none of an annotation without). */
  sized: boolean;
}

/** The annotations pdf.js reads from the saved file, page by page. */
async function annotationsOf(bytes: Uint8Array): Promise<FoundAnnotation[][]> {
  const document = await openPdf(bytes);
  try {
    const pages: FoundAnnotation[][] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const annotations = (await (await document.getPage(number)).getAnnotations()) as { subtype: string; contentsObj?: { str?: string }; rect: number[] }[];
      pages.push(
        annotations.map(({ subtype, contentsObj, rect: [left = 0, bottom = 0, right = 0, top = 0] }) => ({ subtype, text: contentsObj?.str ?? "", sized: right > left && top > bottom })),
      );
    }
    return pages;
  } finally {
    await document.destroy();
  }
}

/** The hand-drawn strokes in the saved file: each Ink annotation's paths, the marker's (intent InkHighlight) apart. */
async function inkStrokesOf(bytes: Uint8Array): Promise<{ ink: number; marker: number }> {
  const document = await openPdf(bytes);
  try {
    const counts = { ink: 0, marker: 0 };
    for (let number = 1; number <= document.numPages; number++) {
      const annotations = (await (await document.getPage(number)).getAnnotations()) as { subtype: string; it?: string; inkLists?: unknown[] }[];
      for (const annotation of annotations) {
        if (annotation.subtype !== "Ink") continue;
        counts[annotation.it === "InkHighlight" ? "marker" : "ink"] += annotation.inkLists?.length ?? 0;
      }
    }
    return counts;
  } finally {
    await document.destroy();
  }
}

/**
 * Each FreeText annotation of the saved file: its text as pdf.js extracts it from the appearance
 * stream, and the fonts of that appearance (name, whether a font file is embedded).
 */
async function freeTextAppearances(bytes: Uint8Array): Promise<{ text: string; fonts: { name: string; embedded: boolean }[] }[]> {
  const { PDFArray, PDFDict, PDFDocument, PDFName, PDFStream } = await import("pdf-lib");
  const pdf = await PDFDocument.load(bytes);
  const document = await openPdf(bytes);
  try {
    const found: { text: string; fonts: { name: string; embedded: boolean }[] }[] = [];
    const pages = pdf.getPages();
    for (let number = 1; number <= document.numPages; number++) {
      const shown = ((await (await document.getPage(number)).getAnnotations()) as { subtype: string; textContent?: string[] }[]).filter((annotation) => annotation.subtype === "FreeText");
      const annots = pages[number - 1]!.node.lookupMaybe(PDFName.of("Annots"), PDFArray);
      const dicts = annots ? Array.from({ length: annots.size() }, (_, index) => annots.lookupMaybe(index, PDFDict)).filter((annot) => annot?.get(PDFName.of("Subtype")) === PDFName.of("FreeText")) : [];
      shown.forEach((_, index) => {
        const annot = dicts[index];
        const appearance = annot?.lookupMaybe(PDFName.of("AP"), PDFDict)?.lookup(PDFName.of("N"));
        const fontDict = appearance instanceof PDFStream ? appearance.dict.lookupMaybe(PDFName.of("Resources"), PDFDict)?.lookupMaybe(PDFName.of("Font"), PDFDict) : undefined;
        const fonts = (fontDict?.keys() ?? []).map((key) => {
          const font = fontDict!.lookup(key, PDFDict);
          const descendant = font.lookupMaybe(PDFName.of("DescendantFonts"), PDFArray)?.lookupMaybe(0, PDFDict) ?? font;
          const descriptor = descendant.lookupMaybe(PDFName.of("FontDescriptor"), PDFDict);
          const embedded = ["FontFile", "FontFile2", "FontFile3"].some((key) => descriptor?.has(PDFName.of(key)) === true);
          return { name: String(font.get(PDFName.of("BaseFont"))), embedded };
        });
        found.push({ text: (shown[index]?.textContent ?? []).join("\n"), fonts });
      });
    }
    return found;
  } finally {
    await document.destroy();
  }
}

afterEach(() => resetPage());

describe("<ottisk-pdf-viewer> loading", () => {
  // First in the file: nothing else has loaded pdf.js on this page yet.
  it("loads no pdf.js code until a viewer with a PDF is on the page", async () => {
    expect(customElements.get("ottisk-pdf-viewer"), "the element is defined").to.not.equal(undefined);
    expect(pdfjsResources()).to.deep.equal([]);
    const empty = mount("ottisk-pdf-viewer");
    await findText(empty, "Файл PDF не выбран");
    expect(pdfjsResources(), "an empty viewer loads nothing").to.deep.equal([]);
    empty.remove();

    await drawnPage(viewerWith(cardPdf()));
    const loaded = pdfjsResources();
    expect(loaded.some((name) => name.includes("pdf-engine")), "the viewer's half").to.equal(true);
    expect(loaded.some((name) => name.includes("pdfjs-dist")), "pdf.js").to.equal(true);
  });

  it("shows an empty state without src and file, with the tools disabled", async () => {
    const element = mount("ottisk-pdf-viewer");
    await findText(element, "Файл PDF не выбран");
    expect(button(element, "[data-tool=text]").disabled).to.equal(true);
    expect(button(element, "[part~=save]").disabled).to.equal(true);
    expect(shadow(element).querySelector<HTMLElement>("[part~=frame]")!.hidden).to.equal(true);
    await expectAccessible(element);
  });

  it("says in Russian that a file is not a PDF, is damaged or is password-protected", async () => {
    const cases: [string, string][] = [
      ["hostile-jpeg-named-pdf.pdf", "Файл не открывается как PDF: он повреждён или это не PDF"],
      ["hostile-empty.pdf", "Файл не открывается как PDF: он повреждён или это не PDF"],
      ["hostile-encrypted.pdf", "PDF защищён паролем: снимите защиту и откройте файл снова"],
    ];
    for (const [file, message] of cases) {
      const bytes = await corpusBytes(file);
      const events = await collectEvents<{ stage: string; messageUI: string }>("ottisk-pdf-error", async () => {
        const element = viewerWith(bytes);
        const shown = await find(element, "[part~=error]");
        expect(shown.textContent, file).to.include(message);
        expect(shown.getAttribute("role")).to.equal("alert");
        expect(button(element, "[part~=save]").disabled).to.equal(true);
        await expectAccessible(element);
        element.remove();
      });
      expect(events.map((event) => event.detail), file).to.deep.equal([{ stage: "open", messageUI: message }]);
    }
  });

  it("shows the API's message when src cannot be downloaded", async () => {
    const element = mount("ottisk-pdf-viewer", { src: `${apiBase}/file/999999999` });
    const shown = await find(element, "[part~=error]");
    expect(shown.textContent).to.include("Файл не найден");
    expect(shown.textContent).to.include("Повторить");
  });
});

describe("<ottisk-pdf-viewer> viewing", () => {
  it("draws page 1, pages through a three-page file and zooms", async () => {
    const element = viewerWith(await corpusBytes("1163-three-pages-want-two.pdf"));
    await drawnPage(element, 1);
    await findText(element, "из 3");
    const input = await find<HTMLInputElement>(element, "[part~=page-input]");
    expect(input.value).to.equal("1");
    expect(button(element, "[part~=page-prev]").disabled).to.equal(true);

    await clickOn(button(element, "[part~=page-next]"));
    await waitFor(() => input.value === "2", "page 2");
    await drawnPage(element, 2);

    // The page number typed in and confirmed with Enter.
    input.focus();
    input.select();
    await sendKeys({ type: "3" });
    await sendKeys({ press: "Enter" });
    await waitFor(() => input.value === "3", "page 3");
    await drawnPage(element, 3);
    expect(button(element, "[part~=page-next]").disabled).to.equal(true);

    // An impossible page number goes back to the current one.
    input.select();
    await sendKeys({ type: "9" });
    await sendKeys({ press: "Enter" });
    await waitFor(() => input.value === "3", "the page number restored");

    const zoom = await find(element, "[part~=zoom]");
    const percent = () => Number(/(\d+) %/.exec(zoom.textContent ?? "")?.[1]);
    const fitted = percent();
    expect(fitted).to.be.greaterThan(0);
    await clickOn(button(element, "[part~=zoom-in]"));
    await waitFor(() => percent() > fitted, "a larger zoom");
    const canvasWidth = () => shadow(element).querySelector<HTMLElement>('.page[data-page-number="3"]')!.getBoundingClientRect().width;
    const zoomedWidth = canvasWidth();
    await clickOn(button(element, "[part~=zoom-out]"));
    await clickOn(button(element, "[part~=zoom-out]"));
    await waitFor(() => percent() < fitted, "a smaller zoom");
    await waitFor(() => canvasWidth() < zoomedWidth, "a smaller page");
    await clickOn(button(element, "[part~=fit-width]"));
    await waitFor(() => percent() === fitted, "the page width again");
    await expectAccessible(element);
  });

  it("switches every tool on and off, one pressed at a time", async () => {
    const element = viewerWith(cardPdf());
    await drawnPage(element);
    const pressed = () => Array.from(shadow(element).querySelectorAll("[part~=tool][aria-pressed=true]"), (tool) => tool.textContent);
    expect(pressed()).to.deep.equal(["Выделить"]);
    for (const [tool, label] of [
      ["text", "Текст"],
      ["highlight", "Маркер"],
      ["ink", "Рисунок"],
      ["select", "Выделить"],
    ] as const) {
      await chooseTool(element, tool);
      expect(pressed()).to.deep.equal([label]);
    }
    await expectAccessible(element);
  });
});

describe("<ottisk-pdf-viewer> on a phone", () => {
  afterEach(() => setViewport({ width: 800, height: 600 }));

  it("fits 375 px: the toolbar wraps, the targets are 44 px, the page fits the width", async () => {
    await setViewport({ width: 375, height: 740 });
    const element = viewerWith(await corpusBytes("1198-a4.pdf"));
    const page = await drawnPage(element);
    const viewer = shadow(element).querySelector<HTMLElement>("[part~=viewer]")!;
    expect(viewer.scrollWidth, "nothing wider than the screen").to.be.at.most(375);
    expect(element.getBoundingClientRect().right).to.be.at.most(375);
    for (const control of shadow(element).querySelectorAll<HTMLElement>("[part~=toolbar] button, [part~=page-input]")) {
      const box = control.getBoundingClientRect();
      expect(box.height, control.textContent ?? control.getAttribute("aria-label") ?? "").to.be.at.least(44);
      expect(box.right, control.textContent ?? "").to.be.at.most(375);
    }
    const frame = shadow(element).querySelector<HTMLElement>("[part~=frame]")!;
    expect(page.getBoundingClientRect().width).to.be.at.most(frame.getBoundingClientRect().width);
    await expectAccessible(element);
  });
});

describe("<ottisk-pdf-viewer> annotating", () => {
  it("adds free text and a drawing through the UI, and they survive save and reload", async () => {
    const element = viewerWith(cardPdf());
    const page = await drawnPage(element);
    await addFreeText(element, page, "Крупнее логотип");
    await drawInk(element, page);
    await findText(element, "Есть несохранённые пометки");

    const saved = await save(element);
    expect(saved.detail).to.deep.equal({ fileId: null, url: null, designId: null });
    await findText(element, "PDF с пометками готов: скачайте его");
    const link = await find<HTMLAnchorElement>(element, "[part~=download]");
    expect(link.download).to.equal("maket (с пометками).pdf");
    expect(shadow(element).textContent).to.not.include("Есть несохранённые пометки");
    const bytes = new Uint8Array(await (await fetch(link.href)).arrayBuffer());

    const [annotations] = await annotationsOf(bytes);
    expect(annotations!.map((annotation) => annotation.subtype).sort()).to.deep.equal(["FreeText", "Ink"]);
    expect(annotations!.find((annotation) => annotation.subtype === "FreeText")).to.deep.equal({ subtype: "FreeText", text: "Крупнее логотип", sized: true });
    expect(annotations!.every((annotation) => annotation.sized)).to.equal(true);

    // Opened again: the annotations are part of the PDF now.
    element.remove();
    const reopened = viewerWith(bytes);
    const reopenedPage = await drawnPage(reopened);
    const shownText = await waitFor(() => reopenedPage.querySelector(".annotationLayer .freeTextAnnotation"), "the saved text in the annotation layer");
    expect(shownText.textContent).to.include("Крупнее логотип");
    await waitFor(() => reopenedPage.querySelector(".annotationLayer .inkAnnotation"), "the saved drawing in the annotation layer");
    await expectAccessible(reopened);
  });

  it("selects an annotation with a click, deletes it with Delete and brings it back with Ctrl+Z", async () => {
    const element = viewerWith(cardPdf());
    const page = await drawnPage(element);
    await addFreeText(element, page, "Убрать");
    await chooseTool(element, "ink");
    const editor = await waitFor(() => page.querySelector<HTMLElement>(".freeTextEditor"), "the text box");
    await clickOn(editor);
    await waitFor(() => editor.classList.contains("selectedEditor"), "the text box selected");
    await sendKeys({ press: "Delete" });
    await waitFor(() => !page.querySelector(".freeTextEditor"), "the text box deleted");
    await sendKeys({ press: "Control+z" });
    await waitFor(() => (page.querySelector(".freeTextEditor")?.textContent ?? "").includes("Убрать"), "the text box back");
  });

  it("puts a text box in the page from the keyboard", async () => {
    const element = viewerWith(cardPdf());
    const page = await drawnPage(element);
    button(element, "[data-tool=text]").focus();
    await sendKeys({ press: "Enter" });
    const input = await waitFor(() => page.querySelector<HTMLElement>(".freeTextEditor [contenteditable=true]"), "the text box");
    await waitFor(() => shadow(element).activeElement === input, "the text box focused");
    await sendKeys({ type: "Без рамки" });
    button(element, "[data-tool=select]").focus();
    await sendKeys({ press: "Enter" });
    await waitFor(() => (page.querySelector(".freeTextEditor")?.textContent ?? "").includes("Без рамки"), "the committed text");
  });

  it("highlights by hand with the marker and stamps a chosen image", async () => {
    const element = viewerWith(cardPdf());
    const page = await drawnPage(element);
    await chooseTool(element, "highlight");
    const box = page.getBoundingClientRect();
    await sendMouse({ type: "move", position: [Math.round(box.left + box.width * 0.2), Math.round(box.top + box.height * 0.5)] });
    await sendMouse({ type: "down" });
    await sendMouse({ type: "move", position: [Math.round(box.left + box.width * 0.5), Math.round(box.top + box.height * 0.52)] });
    await sendMouse({ type: "move", position: [Math.round(box.left + box.width * 0.7), Math.round(box.top + box.height * 0.5)] });
    await sendMouse({ type: "up" });
    await waitFor(() => page.querySelector(".highlightEditor"), "the highlight");

    await pickStampImage(element);
    await waitFor(() => button(element, "[data-tool=image]").getAttribute("aria-pressed") === "true", "«Изображение» pressed");
    await waitFor(() => page.querySelector(".stampEditor canvas"), "the stamped image");

    await save(element);
    const link = await find<HTMLAnchorElement>(element, "[part~=download]");
    const [annotations] = await annotationsOf(new Uint8Array(await (await fetch(link.href)).arrayBuffer()));
    // pdf.js writes a hand-drawn marker stroke as an Ink annotation (intent InkHighlight, translucent).
    expect(annotations!.map((annotation) => annotation.subtype).sort()).to.deep.equal(["Ink", "Stamp"]);
    expect(annotations!.every((annotation) => annotation.sized)).to.equal(true);
  });
});

describe("<ottisk-pdf-viewer> issue 16", () => {
  it("writes a Russian note with an embedded Cyrillic font, its text extractable", async () => {
    const element = viewerWith(cardPdf());
    const page = await drawnPage(element);
    await addFreeText(element, page, "Крупнее логотип");
    await save(element);
    const link = await find<HTMLAnchorElement>(element, "[part~=download]");
    const notes = await freeTextAppearances(new Uint8Array(await (await fetch(link.href)).arrayBuffer()));
    expect(notes).to.have.length(1);
    expect(notes[0]!.text).to.equal("Крупнее логотип");
    expect(notes[0]!.fonts).to.have.length(1);
    expect(notes[0]!.fonts[0]!.name).to.match(/DejaVuSans/);
    expect(notes[0]!.fonts[0]!.embedded, "the font file embedded").to.equal(true);
  });

  it("shows no «Alt text» button on an image stamp", async () => {
    const element = viewerWith(cardPdf());
    const page = await drawnPage(element);
    await pickStampImage(element);
    const stamp = await waitFor(() => page.querySelector<HTMLElement>(".stampEditor"), "the stamped image");
    await waitFor(() => stamp.querySelector(".editToolbar"), "the stamp's toolbar");
    await clickOn(stamp);
    // The toolbar is drawn (its delete button is visible), the alt-text button is not.
    await waitFor(() => [...stamp.querySelectorAll<HTMLElement>(".editToolbar button")].some((control) => control.checkVisibility()), "the stamp's toolbar shown");
    const visible = [...shadow(element).querySelectorAll<HTMLElement>("button, [role=button]")].filter((control) => control.checkVisibility());
    expect(visible.filter((control) => /alt text/i.test(control.textContent ?? "") || control.classList.contains("altText")).length).to.equal(0);
    expect(shadow(element).querySelector<HTMLElement>(".altText")?.checkVisibility() ?? false).to.equal(false);
  });

  it("keeps every ink stroke and note when all four tools are used in one session", async () => {
    const element = viewerWith(cardPdf());
    const page = await drawnPage(element);
    const stroke = async (x: number, y: number) => {
      const box = page.getBoundingClientRect();
      const at = (dx: number, dy: number): [number, number] => [Math.round(box.left + box.width * (x + dx)), Math.round(box.top + box.height * (y + dy))];
      await sendMouse({ type: "move", position: at(0, 0) });
      await sendMouse({ type: "down" });
      for (const step of [0.03, 0.06, 0.09]) await sendMouse({ type: "move", position: at(step, step / 2) });
      await sendMouse({ type: "up" });
    };
    // A stroke, then a text box on the page that has it: pdf.js moved the focused new box among the
    // page's notes, which blurred it inside the shadow root (an uncaught NotFoundError, notes lost).
    await chooseTool(element, "ink");
    await stroke(0.6, 0.1);
    await addFreeText(element, page, "Текст");
    await chooseTool(element, "ink");
    await stroke(0.6, 0.6);
    await chooseTool(element, "highlight");
    await stroke(0.1, 0.8);
    const png = await new Promise<Blob>((resolve) => {
      const canvas = document.createElement("canvas");
      canvas.width = 30;
      canvas.height = 30;
      canvas.getContext("2d")!.fillRect(0, 0, 30, 30);
      canvas.toBlob((blob) => resolve(blob!), "image/png");
    });
    const field = shadow(element).querySelector<HTMLInputElement>("input[type=file]")!;
    const transfer = new DataTransfer();
    transfer.items.add(new File([png], "square.png", { type: "image/png" }));
    field.files = transfer.files;
    field.dispatchEvent(new Event("change", { bubbles: true }));
    await waitFor(() => page.querySelector(".stampEditor canvas"), "the stamped image");
    await chooseTool(element, "ink");
    await stroke(0.8, 0.3);
    await save(element);
    const link = await find<HTMLAnchorElement>(element, "[part~=download]");
    const bytes = new Uint8Array(await (await fetch(link.href)).arrayBuffer());
    expect(await inkStrokesOf(bytes)).to.deep.equal({ ink: 3, marker: 1 });
    const [annotations] = await annotationsOf(bytes);
    expect(annotations!.filter((annotation) => annotation.subtype === "FreeText").map((annotation) => annotation.text)).to.deep.equal(["Текст"]);
    expect(annotations!.filter((annotation) => annotation.subtype === "Stamp")).to.have.length(1);
  });
});

describe("<ottisk-pdf-viewer> with a design order", () => {
  /** A fresh visitor with a business card line, its layout uploaded and a design order for it; the page shares the session. */
  async function designOrderWithLayout(): Promise<{ api: Api; designId: number; fileUrl: string }> {
    const token: { value: string | null } = { value: null };
    const api = testApi(token);
    const productId = await businessCardId(api);
    const cart = await api.addCartProduct({ productId, quantity: 100 });
    const line = cart.orderProduct[0];
    const detailName = line?.layouts[0]?.detailName;
    if (!line || !detailName) throw new Error("The business card line needs no layout");
    const layout = await api.uploadLayout({ file: new Blob([cardPdf() as Uint8Array<ArrayBuffer>], { type: "application/pdf" }), fileName: "Визитка.pdf", orderProductId: line.id, detailName });
    const design = await api.createDesignOrder({ orderProductId: line.id, detailName });
    if (!token.value) throw new Error("The API opened no session");
    writeText(STORAGE_KEYS.session(apiBase), token.value);
    return { api, designId: design.designId, fileUrl: layout.fileUrl };
  }

  it("opens the private layout, and attaches the annotated PDF to the design order", async () => {
    const { api, designId, fileUrl } = await designOrderWithLayout();
    const element = mount("ottisk-pdf-viewer", { src: fileUrl, "design-id": String(designId) });
    const page = await drawnPage(element);
    await addFreeText(element, page, "Телефон жирнее");

    const saved = await save(element);
    await findText(element, "Пометки сохранены и переданы дизайнеру");
    expect(saved.detail.designId).to.equal(designId);
    expect(saved.detail.fileId).to.be.a("number");
    expect(shadow(element).querySelector("[part~=download]"), "no download offered").to.equal(null);

    const design = (await api.getCart()).orderProduct.flatMap((line) => line.layouts).find((layout) => layout.design?.designId === designId)?.design;
    expect(design?.annotatedFileId).to.equal(saved.detail.fileId);
    expect(design?.annotatedFileUrl).to.be.a("string");
    const [annotations] = await annotationsOf(await api.downloadFile(design!.annotatedFileUrl!));
    expect(annotations).to.deep.include({ subtype: "FreeText", text: "Телефон жирнее", sized: true });
    await expectAccessible(element);
  });

  it("in the cart: one compact page-navigation row, and reopening keeps the earlier notes and adds to them (issue 16)", async function () {
    this.timeout(60_000);
    const { api, designId, fileUrl } = await designOrderWithLayout();
    const first = mount("ottisk-pdf-viewer", { src: fileUrl, "design-id": String(designId) });
    await addFreeText(first, await drawnPage(first), "Первая пометка");
    await save(first);
    first.remove();

    const cart = mount("ottisk-cart");
    const open = await waitFor(() => [...shadow(cart).querySelectorAll<HTMLButtonElement>("button")].find((control) => control.textContent?.trim() === "Проверить и утвердить макеты"), "the line's layouts button");
    open.click();
    // «Дополнить…» once annotated («Добавить…» before issue 16, when the bare layout was opened again).
    const annotate = await waitFor(
      () => [...shadow(cart).querySelectorAll<HTMLButtonElement>("dialog[open] button")].find((control) => /^(Дополнить пометки на макете|Добавить пометки на макет)$/.test(control.textContent?.trim() ?? "")),
      "«Дополнить пометки на макете»",
      20_000,
    );
    annotate.click();
    const viewer = await waitFor(() => shadow(cart).querySelector<HTMLElement>("dialog.ottisk-layout-design__dialog[open] .ottisk-pdf-viewer"), "the viewer in the cart", 20_000);
    await waitFor(() => viewer.querySelector<HTMLButtonElement>("[data-tool=select]")?.disabled === false, "the viewer to open its PDF", 20_000);

    // ‹ «Страница» [1] «из 1» › on one row, the number field narrow.
    const pages = viewer.querySelector<HTMLElement>("[part~=pages]")!;
    const parts = ["[part~=page-prev]", ".ottisk-pdf-viewer__page-label", "[part~=page-input]", "[part~=page-count]", "[part~=page-next]"].map((selector) => pages.querySelector<HTMLElement>(selector)!.getBoundingClientRect());
    const input = parts[2]!;
    expect(input.width, "the page field's width").to.be.at.most(90);
    const middle = (box: DOMRect) => box.top + box.height / 2;
    for (const box of parts) expect(Math.abs(middle(box) - middle(input)), "on the page field's row").to.be.at.most(4);
    for (let index = 1; index < parts.length; index++) expect(parts[index]!.left, "left to right").to.be.greaterThan(parts[index - 1]!.left);
    expect(pages.getBoundingClientRect().height).to.be.at.most(60);

    expect(annotate.textContent?.trim()).to.equal("Дополнить пометки на макете");
    // The annotated PDF was opened: the earlier note is there.
    const page = await waitFor(() => viewer.querySelector<HTMLElement>('.page[data-page-number="1"][data-loaded="true"]'), "page 1", 15_000);
    await waitFor(() => (page.textContent ?? "").includes("Первая пометка"), "the earlier note on the page", 15_000);
    await chooseToolIn(viewer, "text");
    const layer = await editorLayer(page);
    const box = layer.getBoundingClientRect();
    await sendMouse({ type: "click", position: [Math.round(box.left + box.width * 0.6), Math.round(box.top + box.height * 0.7)] });
    await waitFor(() => layer.querySelector<HTMLElement>(".freeTextEditor [contenteditable=true]:focus"), "the new text box focused");
    await sendKeys({ type: "Вторая пометка" });
    await chooseToolIn(viewer, "select");
    const saveButton = viewer.querySelector<HTMLButtonElement>("[part~=save]")!;
    await clickOn(saveButton);
    await waitFor(() => !shadow(cart).querySelector("dialog.ottisk-layout-design__dialog[open]"), "the dialog closed after saving", 20_000);
    const design = (await api.getCart()).orderProduct.flatMap((line) => line.layouts).find((layout) => layout.design?.designId === designId)?.design;
    const [annotations] = await annotationsOf(await api.downloadFile(design!.annotatedFileUrl!));
    expect(annotations!.filter((annotation) => annotation.subtype === "FreeText").map((annotation) => annotation.text).sort()).to.deep.equal(["Вторая пометка", "Первая пометка"]);
  });

  it("shows the API's refusal and keeps the annotations when the design order is not the visitor's", async () => {
    const { designId, fileUrl } = await designOrderWithLayout();
    // The file comes with the session; the design order id is someone else's (none has this id).
    const element = mount("ottisk-pdf-viewer", { src: fileUrl, "design-id": String(designId + 100000) });
    const page = await drawnPage(element);
    await addFreeText(element, page, "Не потеряется");
    const events = await collectEvents<{ stage: string; messageUI: string }>("ottisk-pdf-error", async () => {
      await clickOn(button(element, "[part~=save]"));
      await waitFor(() => shadow(element).querySelector("[part~=alert-negative]"), "the refusal");
    });
    expect(events).to.have.length(1);
    expect(events[0]!.detail.stage).to.equal("save");
    expect(shadow(element).querySelector("[part~=alert-negative]")!.textContent).to.include(events[0]!.detail.messageUI);
    expect(page.querySelector(".freeTextEditor")?.textContent).to.include("Не потеряется");
    await findText(element, "Есть несохранённые пометки");
  });
});
