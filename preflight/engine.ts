import { interpretPage } from "./content/interpreter";
import type { PdfDocument, PdfPage } from "./core/document";
import { createBudget } from "./core/budget";
import type { Budget } from "./core/budget";
import { DEFAULT_LIMITS } from "./core/errors";
import type { Limits } from "./core/errors";
import { openDocument } from "./core/reader";
import { createInkDevice } from "./render/ink-device";
import type { InkResult } from "./render/ink-device";
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
}

/** Total ink is rendered at 150 dpi, the lowest the rule allows: a pixel is 0.17 mm, finer than any minimum area in use. */
export const INK_DPI = 150;

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
    for (const f of checkPage(doc, page, profile, budget)) findings.push(f);
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

function checkPage(doc: PdfDocument, page: PdfPage, profile: PreflightProfile, budget: Budget): Finding[] {
  const ink = createInkDevice({ page, dpi: INK_DPI, budget, doc });
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
