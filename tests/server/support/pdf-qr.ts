import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import jsQR from "jsqr";
import { PNG } from "pngjs";

/*
 * What a bank's app does with the invoice, for tests: the PDF's first page drawn by Poppler at
 * 200 dpi (`pdftoppm -r 200 -png`), the QR code found and decoded by jsQR, its bytes read as UTF-8
 * (ГОСТ Р 56042-2014's ST00012 says UTF-8). Also the PDF's text by `pdftotext -layout`.
 */

const run = promisify(execFile);

async function withTempPdf<T>(bytes: Uint8Array, work: (dir: string, pdf: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), "ottisk-pdf-"));
  try {
    const pdf = join(dir, "document.pdf");
    await writeFile(pdf, bytes);
    return await work(dir, pdf);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text of the QR code on the PDF's last page, or null when none is found. */
export async function decodePdfQr(bytes: Uint8Array): Promise<string | null> {
  return withTempPdf(bytes, async (dir, pdf) => {
    await run("pdftoppm", ["-r", "200", "-png", pdf, join(dir, "page")]);
    const pages = (await readdir(dir)).filter((name) => name.endsWith(".png")).sort();
    for (const page of pages.reverse()) {
      const png = PNG.sync.read(await readFile(join(dir, page)));
      const found = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height);
      if (found) return new TextDecoder("utf-8").decode(new Uint8Array(found.binaryData));
    }
    return null;
  });
}

/** The PDF's text as Poppler's pdftotext lays it out. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return withTempPdf(bytes, async (_dir, pdf) => (await run("pdftotext", ["-layout", pdf, "-"])).stdout);
}

/** `ST00012|Name=…|…` → its fields; throws when the header is not ST00012. */
export function parseSt00012(text: string): Record<string, string> {
  const [header, ...pairs] = text.split("|");
  if (header !== "ST00012") throw new Error(`Not an ST00012 payment code: ${text.slice(0, 40)}`);
  return Object.fromEntries(pairs.map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]));
}
