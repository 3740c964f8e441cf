/*
 * Minimal PDFs written by hand for the unit tests (only tests import this): objects numbered from 1
 * in the order given, a correct cross-reference table and trailer. Content is ASCII, so a string's
 * length is its byte length.
 */

/** An object body that is a stream: the dictionary's entries (without << >>) and the data. */
export function streamObject(dictEntries: string, data: string | Uint8Array): { dict: string; data: Uint8Array } {
  return { dict: dictEntries, data: typeof data === "string" ? latin1(data) : data };
}

function latin1(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff;
  return out;
}

export type ObjectBody = string | { dict: string; data: Uint8Array };

/** A PDF of `objects` (object i + 1 is objects[i]); the catalog is object `root`. */
export function buildPdf(objects: readonly ObjectBody[], options: { header?: string; root?: number } = {}): Uint8Array {
  const parts: Uint8Array[] = [];
  let length = 0;
  const push = (chunk: string | Uint8Array) => {
    const bytes = typeof chunk === "string" ? latin1(chunk) : chunk;
    parts.push(bytes);
    length += bytes.length;
  };
  push(`%PDF-${options.header ?? "1.3"}\n%\xe2\xe3\xcf\xd3\n`);
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    if (typeof body === "string") push(`${i + 1} 0 obj\n${body}\nendobj\n`);
    else {
      push(`${i + 1} 0 obj\n<< ${body.dict} /Length ${body.data.length} >>\nstream\n`);
      push(body.data);
      push(`\nendstream\nendobj\n`);
    }
  });
  const xref = length;
  push(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) push(`${String(offset).padStart(10, "0")} 00000 n \n`);
  push(`trailer\n<< /Size ${objects.length + 1} /Root ${options.root ?? 1} 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export interface TestPage {
  /** The page's content stream. */
  content?: string;
  /** The /Resources dictionary's text, e.g. "<< /Font << /F1 5 0 R >> >>" (objects referenced must be in `extra`). */
  resources?: string;
  /** Further page entries, e.g. "/MediaBox [0 0 100 100] /Rotate 90". */
  entries?: string;
}

/**
 * A document of pages: 1 catalog, 2 page tree, then per page its page object and content stream,
 * then `extra` objects (numbered from `firstExtra(pages.length)`).
 */
export function pagesPdf(pages: readonly TestPage[], options: { header?: string; catalog?: string; extra?: readonly ObjectBody[] } = {}): Uint8Array {
  const kids = pages.map((_, i) => `${3 + 2 * i} 0 R`).join(" ");
  const objects: ObjectBody[] = [`<< /Type /Catalog /Pages 2 0 R ${options.catalog ?? ""} >>`, `<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`];
  pages.forEach((p, i) => {
    const entries = p.entries ?? "/MediaBox [0 0 266.457 153.071]";
    objects.push(`<< /Type /Page /Parent 2 0 R ${entries} /Resources ${p.resources ?? "<< >>"} /Contents ${4 + 2 * i} 0 R >>`);
    objects.push(streamObject("", p.content ?? ""));
  });
  objects.push(...(options.extra ?? []));
  return buildPdf(objects, { header: options.header ?? "1.3" });
}

/** The number the first of `extra` gets in a pagesPdf of `pageCount` pages. */
export const firstExtra = (pageCount: number): number => 3 + 2 * pageCount;
