/*
 * What an uploaded file is, judged by its bytes only: never by its name or the type the browser
 * declared, both of which the sender chooses.
 */

export interface SniffedType {
  contentType: string;
  extension: string;
}

/**
 * The first and last bytes of a file: all that sniffing reads, so an upload streamed to disk is
 * judged without reading it back (multipart.ts keeps them while the upload goes by).
 */
export interface FileEnds {
  head: Uint8Array;
  tail: Uint8Array;
}

/** How many bytes of each end sniffing needs: the PDF header window and an SVG's prolog; the PDF trailer window. */
export const SNIFF_HEAD_BYTES = 4096;
export const SNIFF_TAIL_BYTES = 2048;

/** The ends of a whole file held in memory (an invoice, a test's bytes). */
export function fileEndsOf(bytes: Uint8Array): FileEnds {
  return { head: bytes.subarray(0, SNIFF_HEAD_BYTES), tail: bytes.subarray(Math.max(0, bytes.length - SNIFF_TAIL_BYTES)) };
}

const endsOf = (file: Uint8Array | FileEnds): FileEnds => (file instanceof Uint8Array ? fileEndsOf(file) : file);

const ascii = (bytes: Uint8Array, from: number, to: number): string => String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

const PDF_HEADER_WINDOW = 1024;
const PDF_TRAILER_WINDOW = 2048;

/** A PDF as readers accept it: `%PDF-` within the first 1024 bytes (Acrobat's rule); null otherwise. */
export function sniffPdf(file: Uint8Array | FileEnds): { complete: boolean } | null {
  const ends = endsOf(file);
  const head = Buffer.from(ends.head.buffer, ends.head.byteOffset, Math.min(ends.head.length, PDF_HEADER_WINDOW));
  if (head.indexOf("%PDF-", 0, "latin1") === -1) return null;
  // A PDF ends with %%EOF (followed at most by some bytes); without it the file was cut short.
  const tailStart = Math.max(0, ends.tail.length - PDF_TRAILER_WINDOW);
  const tail = Buffer.from(ends.tail.buffer, ends.tail.byteOffset + tailStart, ends.tail.length - tailStart);
  return { complete: tail.indexOf("%%EOF", 0, "latin1") !== -1 };
}

/** Images the website shows (PNG, JPEG, WebP, SVG) or a PDF; null for anything else. */
export function sniffWebsiteFile(file: Uint8Array | FileEnds): SniffedType | null {
  const bytes = endsOf(file).head;
  if (bytes.length >= 8 && ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return { contentType: "image/png", extension: ".png" };
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { contentType: "image/jpeg", extension: ".jpg" };
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return { contentType: "image/webp", extension: ".webp" };
  if (sniffPdf(file)) return { contentType: "application/pdf", extension: ".pdf" };
  if (isSvg(bytes)) return { contentType: "image/svg+xml", extension: ".svg" };
  return null;
}

/** An SVG document: XML text whose root element is <svg>, after an optional BOM, prolog, comments and doctype. */
function isSvg(bytes: Uint8Array): boolean {
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, "");
  const rest = text.replace(/^(\s+|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)*/i, "");
  return /^<svg[\s>]/i.test(rest);
}
