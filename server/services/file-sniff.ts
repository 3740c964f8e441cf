/*
 * What an uploaded file is, judged by its bytes only: never by its name or the type the browser
 * declared, both of which the sender chooses.
 */

export interface SniffedType {
  contentType: string;
  extension: string;
}

const ascii = (bytes: Uint8Array, from: number, to: number): string => String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

const PDF_HEADER_WINDOW = 1024;
const PDF_TRAILER_WINDOW = 2048;

/** A PDF as readers accept it: `%PDF-` within the first 1024 bytes (Acrobat's rule); null otherwise. */
export function sniffPdf(bytes: Uint8Array): { complete: boolean } | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, PDF_HEADER_WINDOW));
  if (head.indexOf("%PDF-", 0, "latin1") === -1) return null;
  // A PDF ends with %%EOF (followed at most by some bytes); without it the file was cut short.
  const tailStart = Math.max(0, bytes.length - PDF_TRAILER_WINDOW);
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset + tailStart, bytes.length - tailStart);
  return { complete: tail.indexOf("%%EOF", 0, "latin1") !== -1 };
}

/** Images the website shows (PNG, JPEG, WebP, SVG) or a PDF; null for anything else. */
export function sniffWebsiteFile(bytes: Uint8Array): SniffedType | null {
  if (bytes.length >= 8 && ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return { contentType: "image/png", extension: ".png" };
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { contentType: "image/jpeg", extension: ".jpg" };
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return { contentType: "image/webp", extension: ".webp" };
  if (sniffPdf(bytes)) return { contentType: "application/pdf", extension: ".pdf" };
  if (isSvg(bytes)) return { contentType: "image/svg+xml", extension: ".svg" };
  return null;
}

/** An SVG document: XML text whose root element is <svg>, after an optional BOM, prolog, comments and doctype. */
function isSvg(bytes: Uint8Array): boolean {
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, "");
  const rest = text.replace(/^(\s+|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)*/i, "");
  return /^<svg[\s>]/i.test(rest);
}
