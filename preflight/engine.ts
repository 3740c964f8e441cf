import { interpretPage } from "./content/interpreter";
import type { PdfDocument, PdfPage } from "./core/document";
import { createBudget } from "./core/budget";
import type { Budget } from "./core/budget";
import { DEFAULT_LIMITS } from "./core/errors";
import type { Limits } from "./core/errors";
import { openDocument } from "./core/reader";
import { createInkDevice } from "./render/ink-device";
import type { InkResult } from "./render/ink-device";
import type { JpegDecoder } from "./render/jpeg";
import { checkVersion, effectiveVersion } from "./checks/1120-version";
import { checkPageCount } from "./checks/1163-pages";
import { pageBoxes } from "./checks/1198-size";
import { checkOutputIntents } from "./checks/3171-icc";
import { checkLayers } from "./checks/3244-layers";
import type { InkObject, TacRaster } from "./checks/4731-tac";
import { collapseFindings, sortFindings } from "./checks/common";
import { composeDevices } from "./checks/compose";
import { createPageChecks } from "./checks/page-checks";
import type { Finding, PreflightProfile, ProgressEvent, Report } from "./report";

/*
 * The engine's entry: one PDF's bytes and a profile in, a report out — the same call in a browser
 * Web Worker and a Node worker thread. The document checks run on the read document; then every
 * page is walked ONCE by the content interpreter, through one composite device that fans the events
 * out to the page checks and the total-ink renderer. Files that cannot be read, and files that run
 * out of the budget, end in the reader's / budget's PreflightError (with its Russian message).
 */

export interface RunOptions {
  /** The clock for the deadline; defaults to Date.now (there in every runtime). */
  now?: () => number;
  /** Overrides of DEFAULT_LIMITS. */
  limits?: Partial<Limits>;
  /**
   * Called as each page's check begins ({ page, pages, fraction: pages done / pages }) and once at
   * the end with fraction 1.
   */
  onProgress?: (event: ProgressEvent) => void;
  /**
   * The DCTDecode decoder of the total-ink renderer: render/jpeg.ts's decodeJpeg by default (the
   * browser); the Node runtime passes a native one (runtime/native-jpeg.ts) giving the same samples.
   */
  decodeJpeg?: JpegDecoder;
}

/** The finest raster the total-ink renderer uses (and the one for a profile without a minimum area). */
export const INK_DPI = 150;
/** The coarsest: below it hairlines (painted at least a pixel wide) and small type would swell too much. */
export const INK_MIN_DPI = 72;
/** Pixels across the side of the minimum area's square, at least (see inkDpi). */
const PIXELS_PER_MIN_SIDE = 4;
const MM_PER_INCH = 25.4;

/**
 * The render resolution for rule 4731, from the profile's minimum area instead of a fixed dpi: the
 * coarsest raster that still finds an over-limit area of `tacMinAreaMm2`. Pixels are sampled at
 * their centres, so an axis-aligned square of side L covers ⌊L/p⌋ or ⌈L/p⌉ pixels a side at pixel
 * size p. With p = L / k for a whole k, a square of exactly the minimum area covers at least k × k
 * pixels = L² and is always found, wherever it sits; a smaller square covers at most its side
 * rounded up to whole pixels, so nothing under ((k − 1) / k)² of the minimum (56 % at k = 4) is
 * ever reported. k = 4 is the least that keeps that margin; it grows (the raster gets finer) until
 * the dpi reaches INK_MIN_DPI, and the result is capped at INK_DPI. The total-ink limit and its
 * tolerance do not enter: a pixel's value is the exact ink at its centre, at any resolution.
 * tacMinAreaMm2 1 → 4 pixels of 0.25 mm → 101.6 dpi; 100 mm² (a 10 mm square) → 29 pixels → 73.7 dpi;
 * 0.25 mm² or less → 150 dpi.
 */
export function inkDpi(profile: Pick<PreflightProfile, "tacMinAreaMm2">): number {
  const side = Math.sqrt(profile.tacMinAreaMm2);
  if (!(side > 0) || !Number.isFinite(side)) return INK_DPI;
  const k = Math.max(PIXELS_PER_MIN_SIDE, Math.ceil((side * INK_MIN_DPI) / MM_PER_INCH - 1e-9));
  const dpi = (k * MM_PER_INCH) / side;
  return dpi > INK_DPI ? INK_DPI : dpi;
}

export function runPreflight(bytes: Uint8Array, profile: PreflightProfile, options: RunOptions = {}): Report {
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits, now: options.now ?? options.limits?.now ?? (() => Date.now()) };
  const budget = createBudget(limits);
  const doc = openDocument(bytes, budget);

  const findings: Finding[] = [...checkVersion(doc, profile), ...checkPageCount(doc, profile), ...checkOutputIntents(doc), ...checkLayers(doc)];

  const pages = doc.pages;
  const total = pages.length;
  pages.forEach((page, i) => {
    options.onProgress?.({ page: page.number, pages: total, fraction: i / total });
    budget.checkDeadline();
    // One by one: a spread of a huge array as arguments would overflow the stack.
    for (const f of checkPage(doc, page, profile, budget, options.decodeJpeg)) findings.push(f);
  });
  options.onProgress?.({ page: total, pages: total, fraction: 1 });

  const out = sortFindings(collapseFindings(findings));
  return {
    ok: out.length === 0,
    findings: out,
    pageCount: doc.pageCount,
    version: effectiveVersion(doc),
    pages: pages.map((page) => pageBoxes(page, profile.bleedMm)),
  };
}

function checkPage(doc: PdfDocument, page: PdfPage, profile: PreflightProfile, budget: Budget, decodeJpeg: JpegDecoder | undefined): Finding[] {
  const ink = createInkDevice({ page, dpi: inkDpi(profile), budget, doc, ...(decodeJpeg === undefined ? {} : { decodeJpeg }) });
  const checks = createPageChecks({ page, profile }, () => inkInput(ink.result()), () => budget.checkDeadline());
  interpretPage(doc, page, composeDevices([...checks.devices, ink]), budget, { annotations: true });
  return checks.findings();
}

/**
 * The ink renderer's result as the 4731 check takes it: the raster, and the objects the renderer
 * estimated per object (text is not among them — the check counts text itself from the events).
 */
function inkInput(result: InkResult): { raster: TacRaster; objects: readonly InkObject[] } {
  return { raster: result, objects: result.objects };
}
