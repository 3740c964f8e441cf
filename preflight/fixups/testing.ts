import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument, PDFRawStream, decodePDFRawStream } from "pdf-lib";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { buildPdf } from "../core/testing";
import type { TestObject } from "../core/testing";
import { runPreflight } from "../engine";
import type { CheckCode, PreflightProfile } from "../report";

/*
 * Helpers of the fix-ups' tests (Node only; not used by the fix-ups): hand-made cards with
 * resources, the codes the engine answers, every stream's decoded text, and the two outside
 * readers every result must satisfy — `qpdf --check` and pdf.js.
 */

export interface CardOptions {
  /** The page's /Resources dictionary, e.g. "<< /ColorSpace << /CS0 [/Indexed /DeviceRGB 1 <FF00000000FF>] >> >>". */
  resources?: string;
  /** Extra catalog entries, e.g. "/OCProperties << … >>". */
  catalog?: string;
  /** Extra page entries, e.g. "/Annots [12 0 R]". */
  page?: string;
  /** More objects, numbered from 10. */
  objects?: TestObject[];
  version?: string;
  xref?: "table" | "stream";
  trailer?: string;
}

/** A 94 × 54 mm page (the business-card profile's size) drawing `content`: objects 1–4, yours from 10. */
export function cardPdf(content: string, options: CardOptions = {}): Uint8Array {
  const objects: TestObject[] = [
    { num: 1, body: `<< /Type /Catalog /Pages 2 0 R ${options.catalog ?? ""} >>` },
    { num: 2, body: "<< /Type /Pages /Kids [3 0 R] /Count 1 >>" },
    { num: 3, body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 266.46 153.07] /Resources ${options.resources ?? "<< >>"} /Contents 4 0 R ${options.page ?? ""} >>` },
    { num: 4, body: "<< >>", stream: content },
    ...(options.objects ?? []),
  ];
  const compressed = options.xref === "stream" ? objects.filter((o) => o.stream === undefined).map((o) => o.num) : [];
  return buildPdf(objects, { version: options.version ?? "1.3", xref: options.xref ?? "table", compressed, trailer: options.trailer ?? "/Root 1 0 R" });
}

export function codesOf(bytes: Uint8Array, profile: PreflightProfile): CheckCode[] {
  return [...new Set(runPreflight(bytes, profile).findings.map((f) => f.code))].sort((a, b) => a - b);
}

/** Every stream of the file, decoded, as latin1 text, joined (for "is this operator still there"). */
export async function streamsText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  let text = "";
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const data = decodePDFRawStream(object).decode();
    for (const b of data) text += String.fromCharCode(b);
    text += "\n%%stream-end\n";
  }
  return text;
}

/** The file as latin1 text (dictionaries are readable in the saved files: no object streams). */
export const fileText = (bytes: Uint8Array): string => Array.from(bytes, (b) => String.fromCharCode(b)).join("");

/** qpdf --check's exit code: 0 clean, 3 warnings only, 2 errors. */
export function qpdfCheck(bytes: Uint8Array): { status: number | null; output: string } {
  const dir = mkdtempSync(join(tmpdir(), "ottisk-fixup-"));
  try {
    const file = join(dir, "out.pdf");
    writeFileSync(file, bytes);
    const run = spawnSync("qpdf", ["--check", file], { encoding: "utf8" });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Opens the file with pdf.js and lists each page's operator count (pdf.js throws on what it cannot read). */
export async function pdfjsOperators(bytes: Uint8Array): Promise<number[]> {
  const doc = await getDocument({ data: bytes.slice(), verbosity: 0 }).promise;
  try {
    const counts: number[] = [];
    for (let i = 1; i <= doc.numPages; i++) counts.push((await (await doc.getPage(i)).getOperatorList()).fnArray.length);
    return counts;
  } finally {
    await doc.destroy();
  }
}
