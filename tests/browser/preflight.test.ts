/// <reference types="mocha" />
import { expect } from "chai";
import { checkLayout, LayoutCheckError } from "../../preflight/runtime/browser";
import { BUSINESS_CARD_PROFILE, businessCardPdf } from "../../preflight/core/testing";
import { corpus, corpusBytes, corpusMissing } from "./corpus";
import type { CorpusEntry } from "./corpus";
import type { CheckCode, ProgressEvent } from "../../preflight/report";

/*
 * The instant layout check in Chromium: checkLayout runs the engine in a module Web Worker that is
 * loaded only by the first check. First on PDFs written here by hand (one page each), then on every
 * file of the engine's corpus (tests/preflight/make-corpus.ts, `npm run preflight:corpus`), served
 * by the test server from .tmp/preflight-corpus/: the exact codes (or error) the corpus expects,
 * the same the Node tests assert.
 */


/** A CMYK rectangle: nothing to object to. */
const cleanPdf = () => businessCardPdf("0 0.5 1 0 k 20 20 100 60 re f");
/** The same rectangle in DeviceRGB. */
const rgbPdf = () => businessCardPdf("1 0 0 rg 20 20 100 60 re f");
/** A header, the start of a page object and an end marker: no catalog, no cross-reference, no trailer. */
const brokenPdf = () => new TextEncoder().encode("%PDF-1.3\n4 0 obj\n<< /Type /Page /MediaBox [0 0 100 100] /Contents 5 0 R\n%%EOF\n");

/**
 * What the page has fetched of the worker's script or the engine's modules (not the dev server's
 * `?worker&url` module, which only holds the worker's address).
 */
function engineResources(): string[] {
  return performance
    .getEntriesByType("resource")
    .map((entry) => entry.name)
    .filter((name) => !name.endsWith("?worker&url") && /\/preflight\/(engine|runtime\/browser-worker|core\/(parser|lexer|reader)|checks\/)/.test(name));
}

describe("checkLayout (preflight in a Web Worker)", () => {
  it("loads neither the worker nor the engine's code before the first check", () => {
    expect(engineResources()).to.deep.equal([]);
  });

  it("passes a clean CMYK page and reports its progress", async () => {
    const progress: ProgressEvent[] = [];
    const report = await checkLayout(cleanPdf(), BUSINESS_CARD_PROFILE, { onProgress: (event) => progress.push(event) });
    expect(report).to.include({ ok: true, pageCount: 1, version: "1.3" });
    expect(report.findings).to.deep.equal([]);
    expect(progress.length, "progress events").to.be.greaterThan(0);
    for (const event of progress) {
      expect(event.pages).to.equal(1);
      expect(event.fraction).to.be.within(0, 1);
    }
    // The worker's script is fetched only now, by the first check.
    expect(engineResources().some((name) => name.includes("browser-worker"))).to.equal(true);
  });

  it("finds DeviceRGB (2078) on its page, and transfers the bytes instead of copying them", async () => {
    const bytes = rgbPdf();
    const report = await checkLayout(bytes, BUSINESS_CARD_PROFILE);
    expect(report.ok).to.equal(false);
    expect(report.findings.map((finding) => finding.code)).to.deep.equal([2078]);
    expect(report.findings[0]).to.include({ page: 1, message: "RGB-цвета недопустимы: используйте CMYK" });
    expect(bytes.byteLength, "the buffer went to the worker").to.equal(0);
  });

  it("rejects a damaged file with DAMAGED and the Russian message", async () => {
    const failure: unknown = await checkLayout(brokenPdf(), BUSINESS_CARD_PROFILE).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).to.be.instanceOf(LayoutCheckError);
    expect(failure).to.include({ code: "DAMAGED", messageUI: "Файл PDF повреждён и не читается: сохраните макет заново" });
  });

  it("ends the check when it is aborted, and the next check still works", async () => {
    const controller = new AbortController();
    const pending = checkLayout(cleanPdf(), BUSINESS_CARD_PROFILE, { signal: controller.signal });
    controller.abort();
    const failure: unknown = await pending.then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).to.be.instanceOf(DOMException);
    expect((failure as DOMException).name).to.equal("AbortError");
    expect((await checkLayout(cleanPdf(), BUSINESS_CARD_PROFILE)).ok).to.equal(true);
  });

  it("checks several files at once, each answered on its own", async () => {
    const [clean, rgb, broken] = await Promise.allSettled([checkLayout(cleanPdf(), BUSINESS_CARD_PROFILE), checkLayout(rgbPdf(), BUSINESS_CARD_PROFILE), checkLayout(brokenPdf(), BUSINESS_CARD_PROFILE)]);
    expect(clean.status === "fulfilled" && clean.value.ok).to.equal(true);
    expect(rgb.status === "fulfilled" && rgb.value.findings.map((finding) => finding.code)).to.deep.equal([2078]);
    expect(broken.status === "rejected" && (broken.reason as LayoutCheckError).code).to.equal("DAMAGED");
  });
});

/** What the check answered, in the corpus's terms: the sorted codes, or the error's code. */
async function outcomeOf(entry: CorpusEntry): Promise<{ codes: CheckCode[] } | { error: string }> {
  const bytes = await corpusBytes(entry.file);
  try {
    const report = await checkLayout(bytes, entry.profile);
    return { codes: [...new Set(report.findings.map((finding) => finding.code))].sort((a, b) => a - b) };
  } catch (error) {
    if (error instanceof LayoutCheckError) return { error: error.code };
    throw error;
  }
}

describe("checkLayout over the engine's corpus, as in Node", () => {
  const files = corpus;
  if (!files) {
    it("finds the corpus", () => {
      throw new Error(corpusMissing);
    });
    return;
  }

  it("has files that pass, files with findings and files that cannot be checked", () => {
    expect(files.some((entry) => entry.expected?.length === 0)).to.equal(true);
    expect(files.some((entry) => (entry.expected?.length ?? 0) > 0)).to.equal(true);
    expect(files.some((entry) => entry.expectedError !== undefined)).to.equal(true);
  });

  for (const entry of files) {
    const wanted = entry.expectedError !== undefined ? { error: entry.expectedError } : { codes: entry.expected ?? [] };
    it(`${entry.file} → ${"error" in wanted ? wanted.error : `[${wanted.codes.join(", ")}]`}`, async function () {
      // Hostile files end by the engine's own 4.5 s deadline at worst; the worker's limit is 20 s.
      this.timeout(25_000);
      expect(await outcomeOf(entry), entry.why).to.deep.equal(wanted);
    });
  }
});
