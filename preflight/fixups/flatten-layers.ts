import { PDFArray, PDFDict, PDFStream } from "pdf-lib";
import type { PDFDocument } from "pdf-lib";
import type { ContentOp } from "../content/lexer";
import { isName } from "../core/objects";
import type { PdfObject } from "../core/objects";
import { rewriteContent } from "./content";
import type { OpAction } from "./content";
import { FixupError } from "./errors";
import { Visibility } from "./optional-content";
import { dictOf, fixupBudget, getDict, key, resolve, walkContents, withinBudget } from "./pdf";
import type { ContentTarget } from "./pdf";

/*
 * «Свести слои» (3244): what the default configuration shows (as printed — see optional-content.ts)
 * becomes plain content, what it hides is gone, and the catalog's /OCProperties with it.
 *
 *  - `/OC /name BDC … EMC` sections: a visible one loses its BDC/EMC pair and keeps its content; a
 *    hidden one loses its painting but keeps its graphics-state changes, as a viewer does when it
 *    hides content: path painting becomes `n` (a clip set inside still applies), `Tj`/`TJ` go, `'`
 *    and `"` keep their line feed (and spacing), `Do`, `sh` and inline images go. Marked content of
 *    other kinds (/Span, /Artifact …) stays as it is.
 *  - XObjects with a hidden /OC are no longer drawn (their `Do` is dropped); annotations with a
 *    hidden /OC are removed from the page. Every /OC key left goes, and /Properties entries that
 *    name a layer.
 *
 * Limits: a text advance inside a hidden section that a visible show on the same line relies on is
 * lost (designers' layers hold whole objects, so this does not happen in practice); a content
 * stream the filters cannot decode makes the fix-up fail rather than leave its layers in place.
 */

const PAINTING = new Set(["S", "s", "f", "F", "f*", "B", "B*", "b", "b*"]);
const DROPPED_WHEN_HIDDEN = new Set(["Tj", "TJ", "Do", "sh", "BI"]);

type Mark = "keep" | "layer" | "hidden-layer" | "inside-hidden";

function nameOperand(value: PdfObject | undefined): string | null {
  return isName(value) ? value.name : null;
}

function flattenStream(target: ContentTarget, visibility: Visibility, doc: PDFDocument, onWork: (n: number) => void, propertyDicts: Set<PDFDict>): void {
  const context = doc.context;
  const properties = target.resources ? getDict(context, target.resources, "Properties") : undefined;
  const xobjects = target.resources ? getDict(context, target.resources, "XObject") : undefined;
  const marks: Mark[] = [];
  let hidden = 0;

  const layerVisible = (operand: PdfObject | undefined): boolean => {
    const name = nameOperand(operand);
    if (name !== null) return visibility.isVisible(properties?.get(key(name)));
    // An inline property list is no optional-content dictionary: it hides nothing.
    return true;
  };

  const decide = (op: ContentOp): OpAction => {
    switch (op.op) {
      case "BMC":
      case "BDC": {
        if (hidden > 0) {
          marks.push("inside-hidden");
          return "drop";
        }
        if (op.op === "BDC" && nameOperand(op.operands[0]) === "OC") {
          if (layerVisible(op.operands[1])) {
            marks.push("layer");
          } else {
            marks.push("hidden-layer");
            hidden++;
          }
          return "drop";
        }
        marks.push("keep");
        return "keep";
      }
      case "EMC": {
        const mark = marks.pop();
        if (mark === undefined || mark === "keep") return "keep";
        if (mark === "hidden-layer") hidden--;
        return "drop";
      }
      default:
        break;
    }
    if (hidden > 0) {
      if (PAINTING.has(op.op)) return [{ operands: [], op: "n" }];
      if (DROPPED_WHEN_HIDDEN.has(op.op)) return "drop";
      if (op.op === "'") return [{ operands: [], op: "T*" }];
      if (op.op === '"') {
        const [aw, ac] = op.operands;
        return typeof aw === "number" && typeof ac === "number"
          ? [
              { operands: [aw], op: "Tw" },
              { operands: [ac], op: "Tc" },
              { operands: [], op: "T*" },
            ]
          : "drop";
      }
      return "keep";
    }
    if (op.op === "Do") {
      const name = nameOperand(op.operands[op.operands.length - 1]);
      const xobject = name === null ? undefined : dictOf(context, xobjects?.get(key(name)));
      const oc = xobject?.get(key("OC"));
      if (oc !== undefined && !visibility.isVisible(oc)) return "drop";
    }
    return "keep";
  };

  const result = rewriteContent(target.data, decide, onWork);
  if (result.changed) target.write(result.bytes);
  if (properties) propertyDicts.add(properties);
}

export function flattenLayers(doc: PDFDocument): void {
  const context = doc.context;
  const catalog = doc.catalog;
  const visibility = new Visibility(context, catalog);
  const budget = fixupBudget();
  // Resources may be shared by pages and forms: their layer entries go only once every stream is done.
  const propertyDicts = new Set<PDFDict>();
  withinBudget(() => {
    const { undecodable } = walkContents(doc, budget, (target) => flattenStream(target, visibility, doc, (n) => budget.tick(n), propertyDicts));
    if (undecodable > 0) throw new FixupError("FAILED", `${undecodable} content streams could not be decoded`);
  });
  for (const properties of propertyDicts) for (const [name, value] of properties.entries()) if (visibility.isOptionalContent(value)) properties.delete(name);

  for (const page of doc.getPages()) {
    const node = page.node;
    const annots = resolve(context, node.get(key("Annots")));
    if (!(annots instanceof PDFArray)) continue;
    const kept = annots.asArray().filter((item) => {
      const annot = dictOf(context, item);
      const oc = annot?.get(key("OC"));
      if (!annot || oc === undefined) return true;
      if (!visibility.isVisible(oc)) return false;
      annot.delete(key("OC"));
      return true;
    });
    if (kept.length !== annots.size()) node.set(key("Annots"), context.obj(kept));
  }
  for (const [, object] of context.enumerateIndirectObjects()) {
    const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : undefined;
    if (dict?.has(key("OC"))) dict.delete(key("OC"));
  }
  catalog.delete(key("OCProperties"));
}
