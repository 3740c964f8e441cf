import type { PdfDocument } from "../core/document";
import type { Finding } from "../report";
import { finding } from "./common";

/*
 * 3244 layers: a non-empty /OCProperties /OCGs in the catalog. Measured: how many layers there are
 * (entries of /OCGs that resolve to a dictionary; a dangling reference is no layer).
 */
export function checkLayers(doc: Pick<PdfDocument, "catalog" | "resolveArray" | "resolveDict">): Finding[] {
  const props = doc.resolveDict(doc.catalog.entries.get("OCProperties"));
  const ocgs = props ? doc.resolveArray(props.entries.get("OCGs")) : null;
  if (!ocgs) return [];
  let layers = 0;
  for (const entry of ocgs) if (doc.resolveDict(entry)) layers++;
  return layers > 0 ? [finding(3244, null, null, layers)] : [];
}
