import { zlibSync } from "fflate";
import { createBudget, type Budget } from "./budget";
import { DEFAULT_LIMITS, PreflightError, type Limits, type PreflightErrorCode } from "./errors";
import type { PreflightProfile } from "../report";

/*
 * Hand-made PDFs for unit tests: objects in, a file with correct offsets out — a classic table, a
 * cross-reference stream with an object stream, or no cross-reference at all. Used by the tests of
 * core/ (and usable by other parts' tests); not used by the engine itself.
 */

export interface TestObject {
  readonly num: number;
  /** The object's text, e.g. "<< /Type /Catalog /Pages 2 0 R >>"; for a stream, its dictionary without /Length. */
  readonly body: string;
  /** Stream data; /Length is added to the dictionary. */
  readonly stream?: Uint8Array | string;
}

export interface BuildOptions {
  readonly version?: string;
  /** The trailer's entries (besides /Size), e.g. "/Root 1 0 R". */
  readonly trailer?: string;
  /** "table" (default), "stream" (a cross-reference stream, objects listed in `compressed` in an object stream), or "none". */
  readonly xref?: "table" | "stream" | "none";
  /** Object numbers stored in an object stream (xref "stream" only). */
  readonly compressed?: readonly number[];
  /** Added to the real startxref offset (a broken file). */
  readonly startxrefDelta?: number;
}

export const latin1 = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);

/** The parts one after another, text as latin1 bytes: a file put together from pieces. */
export function concatBytes(parts: readonly (Uint8Array | string)[]): Uint8Array {
  const arrays = parts.map((p) => (typeof p === "string" ? latin1(p) : p));
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
}

function objectBytes(o: TestObject): Uint8Array {
  if (o.stream === undefined) return latin1(`${o.num} 0 obj\n${o.body}\nendobj\n`);
  const data = typeof o.stream === "string" ? latin1(o.stream) : o.stream;
  const dict = o.body.replace(/>>\s*$/, ` /Length ${data.length} >>`);
  return concatBytes([`${o.num} 0 obj\n${dict}\nstream\n`, data, "\nendstream\nendobj\n"]);
}

export function buildPdf(objects: readonly TestObject[], options: BuildOptions = {}): Uint8Array {
  const parts: Uint8Array[] = [latin1(`%PDF-${options.version ?? "1.4"}\n%\xe2\xe3\xcf\xd3\n`)];
  let length = parts[0]!.length;
  const offsets = new Map<number, number>();
  const compressed = new Set(options.xref === "stream" ? (options.compressed ?? []) : []);
  const add = (bytes: Uint8Array, num: number | null) => {
    if (num !== null) offsets.set(num, length);
    parts.push(bytes);
    length += bytes.length;
  };
  for (const o of objects) if (!compressed.has(o.num)) add(objectBytes(o), o.num);
  const maxNum = Math.max(0, ...objects.map((o) => o.num));
  const trailerEntries = options.trailer ?? "/Root 1 0 R";

  if (options.xref === "none") return concatBytes(parts);

  if (options.xref === "stream") {
    const inStream = objects.filter((o) => compressed.has(o.num));
    const stmNum = maxNum + 1;
    const xrefNum = maxNum + 2;
    const index = new Map<number, number>();
    if (inStream.length > 0) {
      let header = "";
      let body = "";
      inStream.forEach((o, i) => {
        index.set(o.num, i);
        header += `${o.num} ${body.length} `;
        body += `${o.body}\n`;
      });
      const data = zlibSync(latin1(header + body));
      add(objectBytes({ num: stmNum, body: `<< /Type /ObjStm /N ${inStream.length} /First ${header.length} /Filter /FlateDecode >>`, stream: data }), stmNum);
    }
    const xrefOffset = length;
    offsets.set(xrefNum, xrefOffset);
    const size = xrefNum + 1;
    const rows = new Uint8Array(size * 7);
    for (let n = 0; n < size; n++) {
      const row = rows.subarray(n * 7, n * 7 + 7);
      const off = offsets.get(n);
      const at = index.get(n);
      if (at !== undefined) row.set([2, 0, 0, (stmNum >> 8) & 0xff, stmNum & 0xff, (at >> 8) & 0xff, at & 0xff]);
      else if (off !== undefined) row.set([1, (off >>> 24) & 0xff, (off >>> 16) & 0xff, (off >>> 8) & 0xff, off & 0xff, 0, 0]);
      else row.set([0, 0, 0, 0, 0, 0xff, 0xff]);
    }
    add(objectBytes({ num: xrefNum, body: `<< /Type /XRef /Size ${size} /W [1 4 2] ${trailerEntries} >>`, stream: rows }), null);
    add(latin1(`startxref\n${xrefOffset + (options.startxrefDelta ?? 0)}\n%%EOF\n`), null);
    return concatBytes(parts);
  }

  const xrefOffset = length;
  let table = `xref\n0 ${maxNum + 1}\n0000000000 65535 f \n`;
  for (let n = 1; n <= maxNum; n++) {
    const off = offsets.get(n);
    table += off === undefined ? "0000000000 65535 f \n" : `${String(off).padStart(10, "0")} 00000 n \n`;
  }
  table += `trailer\n<< /Size ${maxNum + 1} ${trailerEntries} >>\nstartxref\n${xrefOffset + (options.startxrefDelta ?? 0)}\n%%EOF\n`;
  add(latin1(table), null);
  return concatBytes(parts);
}

/** A catalog, a page tree of `pages` pages, each with a small content stream — objects 1…. */
export function simpleDocument(pages = 1): TestObject[] {
  const objects: TestObject[] = [{ num: 1, body: "<< /Type /Catalog /Pages 2 0 R >>" }];
  const kids = Array.from({ length: pages }, (_, i) => `${3 + 2 * i} 0 R`).join(" ");
  objects.push({ num: 2, body: `<< /Type /Pages /Kids [${kids}] /Count ${pages} /MediaBox [0 0 595 842] >>` });
  for (let i = 0; i < pages; i++) {
    objects.push({ num: 3 + 2 * i, body: `<< /Type /Page /Parent 2 0 R /Contents ${4 + 2 * i} 0 R >>` });
    objects.push({ num: 4 + 2 * i, body: "<< >>", stream: `0 0 m ${i + 1} ${i + 1} l S` });
  }
  return objects;
}

export function testBudget(overrides: Partial<Limits> = {}): Budget {
  return createBudget({ ...DEFAULT_LIMITS, now: () => Date.now(), ...overrides });
}

/** The code of the PreflightError `fn` throws, null when it throws none; any other error is thrown on. */
export function preflightErrorCode(fn: () => unknown): PreflightErrorCode | null {
  try {
    fn();
    return null;
  } catch (error) {
    if (error instanceof PreflightError) return error.code;
    throw error;
  }
}

const mmToPt = (mm: number) => ((mm * 72) / 25.4).toFixed(2);

/** The profile of one side of a 90 × 50 mm business card with 2 mm bleed (the demo shop's business cards have it): the runtimes' tests' base. */
export const BUSINESS_CARD_PROFILE: PreflightProfile = {
  pdfVersion: "1.3",
  pages: 1,
  trimMm: [90, 50],
  bleedMm: 2,
  sizeToleranceMm: 0.5,
  minPpi: 300,
  ppiTolerancePct: 5,
  compression: "lossy",
  maxTacPct: 300,
  tacTolerancePct: 1,
  tacMinAreaMm2: 1,
};

/** A one-page PDF sized for BUSINESS_CARD_PROFILE (a 94 × 54 mm MediaBox around a 90 × 50 mm TrimBox) that draws `content`. */
export function businessCardPdf(content: string, version = "1.3"): Uint8Array {
  return buildPdf(
    [
      { num: 1, body: "<< /Type /Catalog /Pages 2 0 R >>" },
      { num: 2, body: "<< /Type /Pages /Kids [3 0 R] /Count 1 >>" },
      {
        num: 3,
        body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${mmToPt(94)} ${mmToPt(54)}] /TrimBox [${mmToPt(2)} ${mmToPt(2)} ${mmToPt(92)} ${mmToPt(52)}] /Contents 4 0 R >>`,
      },
      { num: 4, body: "<< >>", stream: content },
    ],
    { version },
  );
}

/**
 * A profile that passes almost any A4-sized page: for the tests that run the engine over foreign
 * files (the veraPDF samples, cut-off copies of them), where what matters is how the engine
 * answers, not what it finds.
 */
export const PERMISSIVE_PROFILE: PreflightProfile = {
  pdfVersion: "1.7",
  pages: 1,
  trimMm: [210, 297],
  bleedMm: 0,
  sizeToleranceMm: 1000,
  minPpi: 1,
  ppiTolerancePct: 0,
  compression: "lossy",
  maxTacPct: 400,
  tacTolerancePct: 0,
  tacMinAreaMm2: 1,
};
