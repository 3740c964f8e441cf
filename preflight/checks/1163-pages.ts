import type { PdfDocument } from "../core/document";
import type { Finding, PreflightProfile } from "../report";
import { finding } from "./common";

/* 1163 pages: the page tree's count (the reader walks it with a cycle guard) must equal `pages`. */
export function checkPageCount(doc: Pick<PdfDocument, "pageCount">, profile: Pick<PreflightProfile, "pages">): Finding[] {
  return doc.pageCount === profile.pages ? [] : [finding(1163, null, null, doc.pageCount)];
}
