import type { ColorSpace, UseSite } from "../content/device";
import type { PdfDocument } from "../core/document";
import type { PdfDict, PdfObject } from "../core/objects";
import { isName, isString } from "../core/objects";
import type { Finding } from "../report";
import type { BBox, PageCheck, PageCheckContext } from "./common";
import { createFindingList, finding, usedSpaces } from "./common";

/*
 * 3171 ICC profile, two parts:
 *   - the document: an OutputIntent (the catalog's /OutputIntents, and a page's, which PDF 2.0
 *     allows) with an embedded /DestOutputProfile stream. One that only names its condition
 *     (/OutputConditionIdentifier, as valid PDF/X-1a files carry) or points at an external profile
 *     (/DestOutputProfileRef) passes. Measured: the intent's condition identifier, else "OutputIntent".
 *   - the pages: any ICCBased colour space used (an Indexed or pattern base included, a
 *     Separation's alternate not — the same notion of use as rule 2078). ICC data inside JPEG
 *     streams is not looked at. Measured: "ICCBased" with the number of components, e.g. "ICCBased CMYK".
 */

type DocView = Pick<PdfDocument, "catalog" | "resolveArray" | "resolveDict" | "resolveStream" | "resolve">;

function latin1(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length && i < 200; i++) s += String.fromCharCode(bytes[i] ?? 0);
  return s;
}

function intentsWithProfile(doc: DocView, holder: PdfDict, page: number | null): Finding[] {
  const intents = doc.resolveArray(holder.entries.get("OutputIntents"));
  if (!intents) return [];
  const out: Finding[] = [];
  for (const entry of intents) {
    const intent = doc.resolveDict(entry);
    if (!intent || !doc.resolveStream(intent.entries.get("DestOutputProfile"))) continue;
    const id: PdfObject = doc.resolve(intent.entries.get("OutputConditionIdentifier"));
    const name = isString(id) ? latin1(id.bytes) : isName(id) ? id.name : "";
    out.push(finding(3171, page, null, name.trim() === "" ? "OutputIntent" : name.trim()));
  }
  return out;
}

/** The document part: OutputIntents of the catalog and of the pages that embed a profile. */
export function checkOutputIntents(doc: DocView & Pick<PdfDocument, "pages">): Finding[] {
  const out = intentsWithProfile(doc, doc.catalog, null);
  for (const page of doc.pages) out.push(...intentsWithProfile(doc, page.dict, page.number));
  return out;
}

const componentNames: Record<number, string> = { 1: "Gray", 3: "RGB", 4: "CMYK" };

/** The page part: ICCBased spaces used. */
export function createIccCheck({ page }: Pick<PageCheckContext, "page">): PageCheck {
  const found = createFindingList();
  return {
    colorSpaceUsed(space: ColorSpace, _site: UseSite, bbox: BBox | null) {
      for (const s of usedSpaces(space)) {
        if (s.family !== "ICCBased") continue;
        found.add(3171, page.number, bbox, `ICCBased ${componentNames[s.n] ?? String(s.n)}`);
        break;
      }
    },
    findings: () => found.items,
  };
}
