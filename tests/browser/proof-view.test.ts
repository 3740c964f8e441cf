/// <reference types="mocha" />
import { expect } from "chai";
import { createElement, useState } from "react";
import type { ReactElement } from "react";
import { createRoot } from "react-dom/client";
import type { Root } from "react-dom/client";
import { BUSINESS_CARD_PROFILE, buildPdf, businessCardPdf } from "../../preflight/core/testing";
import { applyFixup, fixAdvice, offerFixups } from "../../preflight/fixups/index";
import type { FixupId, FixupOffer } from "../../preflight/fixups/index";
import type { CheckCode, Finding, PreflightProfile, Report } from "../../preflight/report";
import { checkLayout } from "../../preflight/runtime/browser";
import { preflightCodeMessages } from "../../shared/contracts/files";
import { LAYOUT_SAFE_ZONE_MM } from "../../shared/domain/index";
import baseCss from "../../shared/ui/base.css?inline";
import { openPdf } from "../../widgets/pdfjs";
import { corpus, corpusBytes, corpusEntry, corpusMissing } from "./corpus";
import { expectAccessible, waitFor } from "./support";
import { FindingsReport, LAYOUT_CHECKER_STYLES, ProofView } from "../../widgets/layout-checker/index";
import type { FindingsReportProps, ProofViewProps } from "../../widgets/layout-checker/index";

/*
 * The layout checker's two presentational pieces, mounted bare with React in a shadow root that
 * holds the same styles as the element: ProofView draws real PDFs with pdf.js and puts the engine's
 * boxes and findings over them; FindingsReport shows real reports of the engine (checkLayout in its
 * worker) over files written here and the engine's corpus (/.tmp/preflight-corpus/).
 */

const PT_PER_MM = 72 / 25.4;
const mm = (value: number) => ((value * 72) / 25.4).toFixed(2);

interface Mounted {
  host: HTMLElement;
  shadowRoot: ShadowRoot;
  render(node: ReactElement): void;
}

const mounted: Root[] = [];

/** A shadow root with the element's styles, `width` CSS pixels wide, and a React root inside it. */
function mountComponent(width = 480): Mounted {
  const host = document.createElement("div");
  host.style.width = `${width}px`;
  document.body.append(host);
  const shadowRoot = host.attachShadow({ mode: "open" });
  shadowRoot.adoptedStyleSheets = [baseCss, ...LAYOUT_CHECKER_STYLES].map((text) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    return sheet;
  });
  const container = document.createElement("div");
  container.className = "ottisk-root";
  shadowRoot.append(container);
  const root = createRoot(container);
  mounted.push(root);
  return { host, shadowRoot, render: (node) => root.render(node) };
}

function query<E extends Element>(view: Mounted, selector: string): E | null {
  return view.shadowRoot.querySelector<E>(selector);
}

const waitForSelector = <E extends Element>(view: Mounted, selector: string) => waitFor(() => query<E>(view, selector), selector);
const waitForText = (view: Mounted, text: string) => waitFor(() => (view.shadowRoot.textContent ?? "").includes(text), `«${text}»`);

/** The engine's report on a copy of the bytes (checkLayout transfers what it is given). */
const reportOf = (bytes: Uint8Array, profile: PreflightProfile = BUSINESS_CARD_PROFILE): Promise<Report> => checkLayout(bytes.slice(), profile);

/** Waits until the page is drawn, and gives the canvas. */
async function drawnCanvas(view: Mounted): Promise<HTMLCanvasElement> {
  await waitForSelector(view, '.ottisk-proof__frame[aria-busy="false"]');
  const canvas = query<HTMLCanvasElement>(view, "canvas");
  if (!canvas) throw new Error("no canvas");
  return canvas;
}

interface SvgRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

function rectOf(view: Mounted, selector: string): SvgRect {
  const rect = query<SVGRectElement>(view, `${selector} .ottisk-proof__stroke`);
  if (!rect) throw new Error(`no ${selector}`);
  return { x: rect.x.baseVal.value, y: rect.y.baseVal.value, width: rect.width.baseVal.value, height: rect.height.baseVal.value };
}

function expectRect(actual: SvgRect, expected: SvgRect, what: string): void {
  for (const key of ["x", "y", "width", "height"] as const) expect(actual[key], `${what}.${key}`).to.be.closeTo(expected[key], 0.05);
}

function viewBoxOf(view: Mounted): [number, number] {
  const box = query<SVGSVGElement>(view, ".ottisk-proof__overlay")?.viewBox.baseVal;
  if (!box) throw new Error("no overlay");
  return [box.width, box.height];
}

/** The canvas pixel under a point of the overlay (its viewBox units). */
function pixelAt(canvas: HTMLCanvasElement, viewBoxWidth: number, x: number, y: number): [number, number, number] {
  const scale = canvas.width / viewBoxWidth;
  const data = canvas.getContext("2d")?.getImageData(Math.floor(x * scale), Math.floor(y * scale), 1, 1).data;
  if (!data) throw new Error("no pixels");
  return [data[0] ?? 0, data[1] ?? 0, data[2] ?? 0];
}

function inkedPixels(canvas: HTMLCanvasElement): number {
  const data = canvas.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray();
  let inked = 0;
  for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 240 || (data[i + 1] ?? 255) < 240 || (data[i + 2] ?? 255) < 240) inked++;
  return inked;
}

const proof = (props: ProofViewProps) => createElement(ProofView, props);

/** A one-page, 94 × 54 mm card (2 mm bleed round a 90 × 50 mm TrimBox) turned by /Rotate. */
function rotatedCard(content: string, rotate: number): Uint8Array {
  return buildPdf(
    [
      { num: 1, body: "<< /Type /Catalog /Pages 2 0 R >>" },
      { num: 2, body: "<< /Type /Pages /Kids [3 0 R] /Count 1 >>" },
      { num: 3, body: `<< /Type /Page /Parent 2 0 R /Rotate ${rotate} /MediaBox [0 0 ${mm(94)} ${mm(54)}] /TrimBox [${mm(2)} ${mm(2)} ${mm(92)} ${mm(52)}] /Contents 4 0 R >>` },
      { num: 4, body: "<< >>", stream: content },
    ],
    { version: "1.3" },
  );
}

/** Two 94 × 54 mm pages: a CMYK one, then one with a DeviceRGB rectangle. */
function twoPageCard(): Uint8Array {
  return buildPdf(
    [
      { num: 1, body: "<< /Type /Catalog /Pages 2 0 R >>" },
      { num: 2, body: `<< /Type /Pages /Kids [3 0 R 5 0 R] /Count 2 /MediaBox [0 0 ${mm(94)} ${mm(54)}] >>` },
      { num: 3, body: "<< /Type /Page /Parent 2 0 R /Contents 4 0 R >>" },
      { num: 4, body: "<< >>", stream: "0 1 1 0 k 20 30 100 40 re f" },
      { num: 5, body: "<< /Type /Page /Parent 2 0 R /Contents 6 0 R >>" },
      { num: 6, body: "<< >>", stream: "1 0 0 rg 140 60 60 50 re f" },
    ],
    { version: "1.3" },
  );
}

/** A red DeviceRGB rectangle from (20, 30) to (120, 70) on the business card. */
const RGB_CONTENT = "0 0 0 0.2 k 0 0 300 200 re f 1 0 0 rg 20 30 100 40 re f";

afterEach(() => {
  for (const root of mounted.splice(0)) root.unmount();
  document.body.replaceChildren();
});

describe("ProofView", () => {
  it("draws the page and places the bleed, trim and safe-zone lines and the finding's outline where the boxes say", async () => {
    const pdf = businessCardPdf(RGB_CONTENT);
    const report = await reportOf(pdf);
    expect(report.findings.map((finding) => finding.code)).to.deep.equal([2078]);
    expect(report.findings[0]?.bbox).to.deep.equal([20, 30, 120, 70]);
    const counts: number[] = [];
    const view = mountComponent();
    view.render(proof({ pdf, pages: report.pages, findings: report.findings, label: "Пробный оттиск: Лицевая сторона", onPageCountKnown: (n) => counts.push(n) }));

    const canvas = await drawnCanvas(view);
    expect(counts).to.deep.equal([1]);
    expect(canvas.getAttribute("role")).to.equal("img");
    expect(canvas.getAttribute("aria-label")).to.equal("Пробный оттиск: Лицевая сторона");
    expect(canvas.width, "drawn at the box's width").to.be.within(470, 490 * window.devicePixelRatio);
    expect(inkedPixels(canvas), "the page is drawn").to.be.greaterThan(1000);
    expect(query(view, ".ottisk-proof__overlay")?.getAttribute("aria-hidden")).to.equal("true");

    // 94 × 54 mm at scale 1 (points), top-left origin; the trim 2 mm inside the edge on each side.
    const [width, height] = viewBoxOf(view);
    expect(width).to.be.closeTo(94 * PT_PER_MM, 0.05);
    expect(height).to.be.closeTo(54 * PT_PER_MM, 0.05);
    expectRect(rectOf(view, '[data-line="trim"]'), { x: 2 * PT_PER_MM, y: 2 * PT_PER_MM, width: 90 * PT_PER_MM, height: 50 * PT_PER_MM }, "trim");
    expectRect(rectOf(view, '[data-line="bleed"]'), { x: 0, y: 0, width: 94 * PT_PER_MM, height: 54 * PT_PER_MM }, "bleed");
    const safe = 2 + LAYOUT_SAFE_ZONE_MM;
    expectRect(rectOf(view, '[data-line="safe"]'), { x: safe * PT_PER_MM, y: safe * PT_PER_MM, width: (94 - 2 * safe) * PT_PER_MM, height: (54 - 2 * safe) * PT_PER_MM }, "safe");

    // The outline: x 20…120, y 30…70 in PDF space → top 153.07 − 70 in the viewport.
    const outline = rectOf(view, '[data-finding="1"]');
    expectRect(outline, { x: 20, y: height - 70, width: 100, height: 40 }, "outline");
    expect(query(view, '[data-finding="1"] text')?.textContent).to.equal("1");
    // And the canvas has the red rectangle exactly there.
    const [r, g, b] = pixelAt(canvas, width, outline.x + outline.width / 2, outline.y + outline.height / 2);
    expect(r).to.be.greaterThan(200);
    expect(g).to.be.lessThan(60);
    expect(b).to.be.lessThan(60);

    const legend = query(view, ".ottisk-proof__legend")?.textContent ?? "";
    for (const text of ["Линия реза", "Вылет под обрез", "Безопасная зона", "Замечание"]) expect(legend).to.include(text);
    await expectAccessible(view.host);
  });

  it("makes the highlighted finding stand out", async () => {
    const pdf = businessCardPdf(RGB_CONTENT);
    const report = await reportOf(pdf);
    expect(report.findings.length).to.equal(1);
    // A second finding as the server could report it (a low-resolution image there).
    const findings: Finding[] = [report.findings[0] as Finding, { code: 4781, message: "", page: 1, bbox: [150, 80, 190, 100], measured: 150 }];
    const view = mountComponent();
    const props = { pdf, pages: report.pages, findings, label: "Оттиск" };
    view.render(proof({ ...props, highlighted: null }));
    await drawnCanvas(view);
    expect(view.shadowRoot.querySelectorAll(".ottisk-proof__finding--highlighted").length).to.equal(0);
    // A copy of the finding (as after a re-render of the parent) counts as the same one.
    view.render(proof({ ...props, highlighted: { ...(findings[1] as Finding) } }));
    const highlighted = await waitForSelector(view, ".ottisk-proof__finding--highlighted");
    expect(highlighted.getAttribute("data-finding")).to.equal("2");
    expect(highlighted.parentElement?.lastElementChild, "drawn over the others").to.equal(highlighted);
  });

  it("draws the page without lines while the boxes are unknown", async () => {
    const view = mountComponent();
    view.render(proof({ pdf: businessCardPdf(RGB_CONTENT), pages: null, findings: [], label: "Оттиск" }));
    const canvas = await drawnCanvas(view);
    expect(inkedPixels(canvas)).to.be.greaterThan(1000);
    expect(query(view, "[data-line]")).to.equal(null);
  });

  it("follows /Rotate 90: the page shown upright-turned, lines and outline turned with it", async () => {
    const pdf = rotatedCard("1 0 0 rg 20 30 100 40 re f", 90);
    const report = await reportOf(pdf);
    expect(report.pages[0]?.rotate).to.equal(90);
    const view = mountComponent(300);
    view.render(proof({ pdf, pages: report.pages, findings: report.findings, label: "Оттиск" }));
    const canvas = await drawnCanvas(view);

    // Shown 54 × 94 mm; /Rotate 90 turns the page clockwise: (x, y) → (y, x) from the top left.
    const [width, height] = viewBoxOf(view);
    expect(width).to.be.closeTo(54 * PT_PER_MM, 0.05);
    expect(height).to.be.closeTo(94 * PT_PER_MM, 0.05);
    expect(canvas.height, "a portrait canvas").to.be.greaterThan(canvas.width);
    expectRect(rectOf(view, '[data-line="trim"]'), { x: 2 * PT_PER_MM, y: 2 * PT_PER_MM, width: 50 * PT_PER_MM, height: 90 * PT_PER_MM }, "trim");
    const outline = rectOf(view, '[data-finding="1"]');
    expectRect(outline, { x: 30, y: 20, width: 40, height: 100 }, "outline");
    const [r, g, b] = pixelAt(canvas, width, outline.x + outline.width / 2, outline.y + outline.height / 2);
    expect([r > 200, g < 60, b < 60]).to.deep.equal([true, true, true]);
  });

  it("places the lines of the corpus's rotated page as pdf.js's own viewport does", async () => {
    const pdf = await corpusBytes("1198-rotated-page.pdf");
    const report = await reportOf(pdf);
    const boxes = report.pages[0];
    expect(boxes?.rotate).to.equal(90);
    const view = mountComponent();
    view.render(proof({ pdf, pages: report.pages, findings: report.findings, label: "Оттиск" }));
    await drawnCanvas(view);

    const doc = await openPdf(pdf);
    try {
      const viewport = (await doc.getPage(1)).getViewport({ scale: 1 });
      const [width, height] = viewBoxOf(view);
      expect(width).to.be.closeTo(viewport.width, 0.001);
      expect(height).to.be.closeTo(viewport.height, 0.001);
      expect(viewport.height).to.be.greaterThan(viewport.width);
      for (const [line, box] of [
        ["trim", boxes?.trimBox],
        ["bleed", boxes?.bleedBox],
      ] as const) {
        const [x0, y0, x1, y1] = viewport.convertToViewportRectangle([...(box ?? [])]) as number[];
        expectRect(rectOf(view, `[data-line="${line}"]`), { x: Math.min(x0 ?? 0, x1 ?? 0), y: Math.min(y0 ?? 0, y1 ?? 0), width: Math.abs((x1 ?? 0) - (x0 ?? 0)), height: Math.abs((y1 ?? 0) - (y0 ?? 0)) }, line);
      }
    } finally {
      await doc.destroy();
    }
  });

  it("turns the pages of a multi-page file, and turns to the page of a highlighted finding", async () => {
    const threePages = await corpusBytes("1163-three-pages-want-two.pdf");
    const counts: number[] = [];
    const view = mountComponent();
    view.render(proof({ pdf: threePages, pages: null, findings: [], label: "Оттиск", onPageCountKnown: (n) => counts.push(n) }));
    await drawnCanvas(view);
    expect(counts).to.deep.equal([3]);
    await waitForText(view, "Страница 1 из 3");
    expect(query(view, "canvas")?.getAttribute("aria-label")).to.equal("Оттиск, страница 1 из 3");
    const [previous, next] = Array.from(view.shadowRoot.querySelectorAll<HTMLButtonElement>(".ottisk-proof__turn"));
    expect(previous?.textContent).to.include("Предыдущая страница");
    expect(previous?.disabled).to.equal(true);
    next?.click();
    await waitForText(view, "Страница 2 из 3");
    next?.click();
    await waitForText(view, "Страница 3 из 3");
    expect(next?.disabled).to.equal(true);
    await waitFor(() => query(view, "canvas")?.getAttribute("aria-label") === "Оттиск, страница 3 из 3", "page 3's name");
    previous?.click();
    await waitForText(view, "Страница 2 из 3");
    await drawnCanvas(view);
    await expectAccessible(view.host);

    // A two-sided file: the RGB finding sits on page 2; highlighting it turns there.
    const twoPages = twoPageCard();
    const report = await reportOf(twoPages, { ...BUSINESS_CARD_PROFILE, pages: 2 });
    const rgb = report.findings.find((finding) => finding.code === 2078);
    expect(rgb?.page).to.equal(2);
    const second = mountComponent();
    const props = { pdf: twoPages, pages: report.pages, findings: report.findings, label: "Оттиск" };
    second.render(proof({ ...props, highlighted: null }));
    await drawnCanvas(second);
    await waitForText(second, "Страница 1 из 2");
    expect(query(second, "[data-finding]"), "no outline on page 1").to.equal(null);
    second.render(proof({ ...props, highlighted: rgb ?? null }));
    await waitForText(second, "Страница 2 из 2");
    const outline = await waitForSelector(second, ".ottisk-proof__finding--highlighted");
    expect(outline.getAttribute("data-finding")).to.equal(String(report.findings.indexOf(rgb as Finding) + 1));
  });

  it("shows both sides at once; replacing one side's file leaves the other's document working", async () => {
    const front = businessCardPdf(RGB_CONTENT);
    const back = businessCardPdf("0 0 0 1 k 30 30 60 60 re f");
    const view = mountComponent();
    const sides = (frontPdf: Uint8Array) =>
      createElement("div", null, proof({ pdf: frontPdf, pages: null, findings: [], label: "Лицевая сторона" }), proof({ pdf: back, pages: null, findings: [], label: "Оборотная сторона" }));
    view.render(sides(front));
    await waitFor(() => view.shadowRoot.querySelectorAll('.ottisk-proof__frame[aria-busy="false"]').length === 2, "both sides drawn");
    // A fixed file for the front: its old document is closed while the new one opens at once.
    view.render(sides(businessCardPdf("0 1 0 0 k 20 30 100 40 re f")));
    await waitFor(() => view.shadowRoot.querySelectorAll('.ottisk-proof__frame[aria-busy="false"]').length === 2, "both sides drawn again");
    // The back's document still draws: a narrower box redraws it.
    const backCanvas = view.shadowRoot.querySelectorAll("canvas")[1];
    const before = backCanvas?.width ?? 0;
    view.host.style.width = "300px";
    await waitFor(() => (backCanvas?.width ?? 0) < before && (backCanvas?.width ?? 0) > 0, "the back redrawn narrower");
    expect(query(view, '[role="alert"]')).to.equal(null);
    expect(inkedPixels(backCanvas as HTMLCanvasElement)).to.be.greaterThan(1000);
  });

  it("says in Russian when pdf.js cannot open the file", async () => {
    const view = mountComponent();
    view.render(proof({ pdf: new TextEncoder().encode("это не PDF"), pages: null, findings: [], label: "Оттиск" }));
    const alert = await waitForSelector(view, '[role="alert"]');
    expect(alert.textContent).to.include("Не удалось показать макет: файл не читается как PDF");
    expect(alert.textContent).to.include("Отчёт проверки при этом в силе");
    await expectAccessible(view.host);
  });

  it("shows a loading state until the page is drawn", async () => {
    const view = mountComponent();
    // The first commit is the loading state (pdf.js answers asynchronously): record what each commit showed.
    const seen: { status: string | null; canvas: boolean }[] = [];
    const observer = new MutationObserver(() => seen.push({ status: query(view, '[role="status"]')?.textContent ?? null, canvas: query(view, "canvas") !== null }));
    observer.observe(view.shadowRoot, { childList: true, subtree: true, characterData: true });
    view.render(proof({ pdf: businessCardPdf(RGB_CONTENT), pages: null, findings: [], label: "Оттиск" }));
    await drawnCanvas(view);
    observer.disconnect();
    expect(seen[0]).to.deep.equal({ status: "Готовим пробный оттиск…", canvas: false });
    expect(query(view, ".ottisk-proof__loading")).to.equal(null);
  });
});

/** The measured figure in words the report must show for each code's first corpus file. */
const MEASURED: Record<CheckCode, RegExp> = {
  1120: /в файле версия 1\.[4-7]/,
  1163: /страниц: 3/,
  1198: /размер с вылетами: [\d,]+×[\d,]+ мм/,
  2078: /цветовое пространство: DeviceRGB/,
  2088: /сжатие: JPEG \(DCTDecode\)/,
  3159: /краска: PANTONE 185 C/,
  3171: /профиль вывода \(OutputIntent\): \S+/,
  3244: /слоёв: 1/,
  4731: /до 3\d\d(,\d)? %/,
  4752: /шрифт: \S+/,
  4781: /150 ppi/,
};

const report = (props: FindingsReportProps) => createElement(FindingsReport, props);
const noop = () => undefined;

function reportProps(findings: Finding[], overrides: Partial<FindingsReportProps> = {}): FindingsReportProps {
  return { findings, offers: [], advice: fixAdvice, busyFixup: null, onApplyFixup: noop, highlighted: null, onHighlight: noop, sourceLabel: "Проверка в браузере", ...overrides };
}

function itemsOf(view: Mounted): HTMLLIElement[] {
  return Array.from(view.shadowRoot.querySelectorAll<HTMLLIElement>(".ottisk-findings__item"));
}

describe("FindingsReport", () => {
  const files = corpus ?? [];
  it("finds the corpus", () => {
    expect(files.length, corpusMissing).to.be.greaterThan(0);
  });

  for (const code of Object.keys(MEASURED).map(Number) as CheckCode[]) {
    // A file with this code alone where there is one.
    const entry = files.find((candidate) => candidate.expected?.length === 1 && candidate.expected[0] === code) ?? files.find((candidate) => candidate.expected?.includes(code));
    it(`shows ${code} with its message, measured figure, page and advice (${entry?.file ?? "no corpus file"})`, async function () {
      this.timeout(25_000);
      if (!entry) throw new Error(`The corpus has no file with ${code}`);
      const bytes = await corpusBytes(entry.file);
      const result = await reportOf(bytes, entry.profile);
      const view = mountComponent(375);
      view.render(report(reportProps(result.findings)));
      await waitForSelector(view, ".ottisk-findings__item");

      const items = itemsOf(view);
      expect(items.map((item) => Number(item.dataset.code))).to.deep.equal(result.findings.map((finding) => finding.code));
      const index = result.findings.findIndex((finding) => finding.code === code);
      const item = items[index];
      const text = item?.textContent ?? "";
      expect(item?.querySelector(".ottisk-findings__number")?.textContent, "numbered as on the proof").to.equal(String(index + 1));
      expect(text).to.include(`${code} · ${preflightCodeMessages[code]}`);
      expect(text).to.match(MEASURED[code]);
      expect(text).to.include(result.findings[index]?.page === null ? "весь документ" : `стр. ${result.findings[index]?.page}`);
      expect(text).to.include(fixAdvice[code]);
      await expectAccessible(view.host);
    });
  }

  it("says «и ещё N таких же» for collapsed repeats", async () => {
    const view = mountComponent();
    view.render(report(reportProps([{ code: 4752, message: "", page: 1, bbox: [10, 10, 50, 20], measured: "Arial", count: 4 }])));
    await waitForText(view, "шрифт: Arial · стр. 1 · и ещё 3 таких же");
  });

  it("says plainly that a clean file is ready for print, and what was checked", async () => {
    const result = await reportOf(businessCardPdf("0 0.5 1 0 k 20 20 100 60 re f"));
    expect(result.findings).to.deep.equal([]);
    const view = mountComponent(375);
    view.render(report(reportProps(result.findings, { sourceLabel: "Проверка на сервере" })));
    const clean = await waitForSelector(view, ".ottisk-findings__clean");
    expect(clean.textContent).to.include("Макет готов к печати");
    expect(clean.textContent).to.include("Проверено: версия PDF");
    expect(view.shadowRoot.textContent).to.include("Проверка на сервере");
    expect(itemsOf(view)).to.deep.equal([]);
    await expectAccessible(view.host);
  });

  it("offers fix-ups: a button calls back, a blocked one is disabled with its reason, the result is announced", async () => {
    const findings: Finding[] = [
      { code: 1120, message: "", page: null, bbox: null, measured: "1.7" },
      { code: 3244, message: "", page: null, bbox: null, measured: 2 },
      { code: 2078, message: "", page: 1, bbox: [20, 30, 120, 70], measured: "DeviceRGB" },
    ];
    const offers: FixupOffer[] = [
      { id: "flatten-layers", label: "Свести слои", description: "Убирает скрытые слои, видимое остаётся.", clears: [3244], blockedBy: null },
      { id: "pdf-version", label: "Сохранить как PDF 1.3", description: "Меняет только версию.", clears: [1120], blockedBy: "Сначала сведите слои кнопкой «Свести слои»" },
      { id: "rgb-to-cmyk", label: "Перевести RGB в CMYK", description: "Векторные цвета.", clears: [2078], blockedBy: null },
    ];
    const applied: FixupId[] = [];
    const view = mountComponent(375);
    const props = reportProps(findings, { offers, onApplyFixup: (id) => applied.push(id) });
    view.render(report(props));
    const buttons = await waitFor(() => {
      const found = Array.from(view.shadowRoot.querySelectorAll<HTMLButtonElement>("[data-fixup]"));
      return found.length === 3 ? found : null;
    }, "three fix-up buttons");
    const [flatten, version, rgb] = buttons;
    expect(version?.disabled).to.equal(true);
    const reasonId = version?.getAttribute("aria-describedby") ?? "";
    expect(view.shadowRoot.getElementById(reasonId)?.textContent).to.include("Недоступно: Сначала сведите слои");
    expect(flatten?.disabled).to.equal(false);
    expect(flatten?.textContent).to.equal("Свести слои");
    expect(itemsOf(view)[1]?.textContent).to.include("Можно исправить кнопкой «Свести слои» выше");
    await expectAccessible(view.host);

    flatten?.click();
    expect(applied).to.deep.equal(["flatten-layers"]);
    // The parent applies it: that button shows progress, the others wait.
    view.render(report({ ...props, busyFixup: "flatten-layers" }));
    await waitFor(() => flatten?.getAttribute("aria-busy") === "true", "the busy button");
    expect(flatten?.disabled).to.equal(true);
    expect(rgb?.disabled).to.equal(true);
    expect(flatten?.textContent).to.include("исправляем");
    // The re-check's findings arrive: 3244 is gone.
    const afterFlatten = findings.filter((finding) => finding.code !== 3244);
    view.render(report({ ...props, findings: afterFlatten, busyFixup: null }));
    await waitFor(() => view.shadowRoot.querySelector('[role="status"]')?.textContent === "Исправлено: 3244.", "«Исправлено: 3244»");

    // A fix-up that leaves its code (an RGB image stays RGB): said so.
    const rgbButton = await waitForSelector<HTMLButtonElement>(view, '[data-fixup="rgb-to-cmyk"]');
    rgbButton.click();
    view.render(report({ ...props, findings: afterFlatten, busyFixup: "rgb-to-cmyk" }));
    view.render(report({ ...props, findings: [...afterFlatten], busyFixup: null }));
    await waitFor(() => (view.shadowRoot.querySelector('[role="status"]')?.textContent ?? "").startsWith("Замечание 2078 осталось: "), "«Замечание 2078 осталось»");
    expect(applied).to.deep.equal(["flatten-layers", "rgb-to-cmyk"]);
  });
});

describe("FindingsReport with ProofView", () => {
  it("applies a real fix-up to the corpus's layered file, and the re-check clears the finding", async () => {
    const original = await corpusBytes("3244-ocgs.pdf");
    const profile = corpusEntry("3244-ocgs.pdf").profile;
    const first = await reportOf(original, profile);
    expect(first.findings.map((finding) => finding.code)).to.deep.equal([3244]);
    const firstOffers = await offerFixups(original.slice(), first);
    /** A checker's part in a few lines: apply, check again with the engine, show the new report. */
    function Checker() {
      const [state, setState] = useState<{ pdf: Uint8Array; report: Report; offers: FixupOffer[]; busy: FixupId | null }>({ pdf: original, report: first, offers: firstOffers, busy: null });
      const onApplyFixup = (id: FixupId) => {
        setState((current) => ({ ...current, busy: id }));
        void (async () => {
          const fixed = await applyFixup(state.pdf.slice(), id);
          const next = await reportOf(fixed, profile);
          setState({ pdf: fixed, report: next, offers: await offerFixups(fixed.slice(), next), busy: null });
        })();
      };
      return createElement(
        "div",
        null,
        createElement(ProofView, { pdf: state.pdf, pages: state.report.pages, findings: state.report.findings, label: "Оттиск" }),
        createElement(FindingsReport, reportProps(state.report.findings, { offers: state.offers, busyFixup: state.busy, onApplyFixup })),
      );
    }
    const view = mountComponent(375);
    view.render(createElement(Checker));
    const button = await waitForSelector<HTMLButtonElement>(view, '[data-fixup="flatten-layers"]');
    expect(button.disabled).to.equal(false);
    button.click();
    await waitFor(() => view.shadowRoot.querySelector('[role="status"]')?.textContent === "Исправлено: 3244.", "«Исправлено: 3244»");
    expect(query(view, ".ottisk-findings__clean")?.textContent).to.include("Макет готов к печати");
    await drawnCanvas(view);
    await expectAccessible(view.host);
  });

  it("highlights a finding's outline when the finding gets the keyboard's focus or the pointer", async () => {
    const pdf = businessCardPdf(RGB_CONTENT);
    const result = await reportOf(pdf);
    const findings: Finding[] = [{ code: 1120, message: "", page: null, bbox: null, measured: "1.7" }, ...result.findings];
    function Checker() {
      const [highlighted, setHighlighted] = useState<Finding | null>(null);
      return createElement(
        "div",
        null,
        createElement(ProofView, { pdf, pages: result.pages, findings, highlighted, label: "Оттиск" }),
        createElement(FindingsReport, reportProps(findings, { highlighted, onHighlight: setHighlighted })),
      );
    }
    const view = mountComponent(375);
    view.render(createElement(Checker));
    await drawnCanvas(view);
    const items = itemsOf(view);
    expect(items.length).to.equal(2);
    expect(query(view, '[data-finding="1"]'), "the document's finding has no outline").to.equal(null);
    expect(query(view, '[data-finding="2"]'), "the RGB fill is outline 2, finding 2").to.not.equal(null);

    items[1]?.focus();
    await waitFor(() => query(view, '[data-finding="2"]')?.classList.contains("ottisk-proof__finding--highlighted"), "outline 2 highlighted");
    expect(items[1]?.classList.contains("ottisk-findings__item--highlighted")).to.equal(true);
    items[1]?.blur();
    await waitFor(() => query(view, ".ottisk-proof__finding--highlighted") === null, "no highlight after blur");
    items[1]?.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
    await waitFor(() => query(view, ".ottisk-proof__finding--highlighted"), "outline highlighted on hover");
    await expectAccessible(view.host);
  });
});
