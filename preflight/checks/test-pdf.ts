import { buildPdf, latin1 } from "../core/testing";

/*
 * Minimal PDFs of pages written by hand for the unit tests (only tests import this): objects
 * numbered from 1 in the order given, written by core/testing.ts's buildPdf.
 */

/** An object body that is a stream: the dictionary's entries (without << >>) and the data. */
export function streamObject(dictEntries: string, data: string | Uint8Array): { dict: string; data: Uint8Array } {
  return { dict: dictEntries, data: typeof data === "string" ? latin1(data) : data };
}

export type ObjectBody = string | { dict: string; data: Uint8Array };

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
  const numbered = objects.map((body, i) => (typeof body === "string" ? { num: i + 1, body } : { num: i + 1, body: `<< ${body.dict} >>`, stream: body.data }));
  return buildPdf(numbered, { version: options.header ?? "1.3" });
}

/** The number the first of `extra` gets in a pagesPdf of `pageCount` pages. */
export const firstExtra = (pageCount: number): number => 3 + 2 * pageCount;
