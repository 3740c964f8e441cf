import QRCode from "qrcode";
import type { DesignQrContent } from "../../../shared/contracts/index";

/*
 * QR codes: the text a code says (a link, `tel:` for a phone, a vCard 3.0 contact card) and its
 * module matrix (qrcode's `create()`, error correction M, UTF-8 bytes). The element's size is the
 * symbol's own modules: the quiet zone around it is the design's (keep the code on a light area).
 */

/** vCard 3.0 text value escaping (RFC 2426): backslash, comma, semicolon and line breaks. */
function vcardValue(value: string): string {
  return value.trim().replace(/\\/g, "\\\\").replace(/,/g, "\\,").replace(/;/g, "\\;").replace(/\r\n|\r|\n/g, "\\n");
}

/** A phone number as a `tel:` URI: digits with a leading «+» kept, everything else dropped. */
export function telUri(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/[^0-9]/g, "");
  return `tel:${trimmed.startsWith("+") ? "+" : ""}${digits}`;
}

/** A link as given, with `https://` added when it names no scheme («ottisk.ru» → «https://ottisk.ru»). */
export function linkUri(url: string): string {
  const trimmed = url.trim();
  if (trimmed === "" || /^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return trimmed;
  return `https://${trimmed}`;
}

/** What the code says. */
export function qrContentText(content: DesignQrContent): string {
  if (content.type === "url") return linkUri(content.url);
  if (content.type === "phone") return telUri(content.phone);
  const lines = ["BEGIN:VCARD", "VERSION:3.0"];
  const name = content.name.trim().split(/\s+/).filter((part) => part !== "");
  // «Иван Петров»: the family name last, as Russian cards write it; one word is the family name.
  const family = name.length > 0 ? (name[name.length - 1] ?? "") : "";
  const given = name.slice(0, -1).join(" ");
  lines.push(`N:${vcardValue(family)};${vcardValue(given)};;;`);
  lines.push(`FN:${vcardValue(content.name)}`);
  if (content.company.trim() !== "") lines.push(`ORG:${vcardValue(content.company)}`);
  if (content.position.trim() !== "") lines.push(`TITLE:${vcardValue(content.position)}`);
  if (content.phone.trim() !== "") lines.push(`TEL;TYPE=WORK,VOICE:${vcardValue(content.phone)}`);
  if (content.email.trim() !== "") lines.push(`EMAIL;TYPE=INTERNET:${vcardValue(content.email)}`);
  if (content.site.trim() !== "") lines.push(`URL:${vcardValue(linkUri(content.site))}`);
  if (content.address.trim() !== "") lines.push(`ADR;TYPE=WORK:;;${vcardValue(content.address)};;;;`);
  lines.push("END:VCARD");
  return lines.join("\r\n");
}

export interface QrMatrix {
  /** Modules a side. */
  size: number;
  /** Row-major, `size × size`: 1 dark, 0 light. */
  modules: Uint8Array;
}

/** The module matrix of the code's text (an empty text encodes as a single space: a code is always drawable). */
export function qrMatrix(content: DesignQrContent): QrMatrix {
  const text = qrContentText(content);
  const code = QRCode.create(text === "" ? " " : text, { errorCorrectionLevel: "M" });
  const size = code.modules.size;
  const modules = new Uint8Array(size * size);
  for (let row = 0; row < size; row++) for (let col = 0; col < size; col++) modules[row * size + col] = code.modules.get(row, col) ? 1 : 0;
  return { size, modules };
}

/**
 * The dark modules merged into rectangles: each row's runs of dark modules, and a run joined with
 * the identical runs in the rows below it. [col, row, width, height] in modules.
 */
export function qrRectangles(matrix: QrMatrix): [number, number, number, number][] {
  const { size, modules } = matrix;
  const rects: [number, number, number, number][] = [];
  const open = new Map<string, [number, number, number, number]>();
  for (let row = 0; row < size; row++) {
    const runs: [number, number][] = [];
    for (let col = 0; col < size; ) {
      if (modules[row * size + col] !== 1) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && modules[row * size + col] === 1) col++;
      runs.push([start, col - start]);
    }
    const next = new Map<string, [number, number, number, number]>();
    for (const [start, width] of runs) {
      const key = `${start}:${width}`;
      const above = open.get(key);
      if (above !== undefined) {
        above[3] += 1;
        next.set(key, above);
        open.delete(key);
      } else {
        const rect: [number, number, number, number] = [start, row, width, 1];
        rects.push(rect);
        next.set(key, rect);
      }
    }
    open.clear();
    for (const [key, rect] of next) open.set(key, rect);
  }
  return rects;
}
