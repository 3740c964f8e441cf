import { describe, expect, it } from "vitest";
import type { PdfArray, PdfDict, PdfObject, PdfStream } from "../core/objects";
import { isArray, isDict, isStream, pdfName, pdfRef } from "../core/objects";
import { checkLayers } from "./3244-layers";
import { dict } from "./test-fixtures";

/** A document view over a few numbered objects, as the reader would resolve them. */
function doc(catalog: PdfDict, objects: Record<number, PdfObject> = {}) {
  const resolve = (v: PdfObject | undefined): PdfObject => (v && typeof v === "object" && !Array.isArray(v) && "kind" in v && v.kind === "ref" ? (objects[v.num] ?? null) : (v ?? null));
  return {
    catalog,
    resolveDict: (v: PdfObject | undefined): PdfDict | null => { const r = resolve(v); return isDict(r) ? r : null; },
    resolveArray: (v: PdfObject | undefined): PdfArray | null => { const r = resolve(v); return isArray(r) ? r : null; },
    resolveStream: (v: PdfObject | undefined): PdfStream | null => { const r = resolve(v); return isStream(r) ? r : null; },
  };
}

describe("3244 layers", () => {
  it("passes without /OCProperties, and with an empty /OCGs", () => {
    expect(checkLayers(doc(dict()))).toEqual([]);
    expect(checkLayers(doc(dict({ OCProperties: dict({ OCGs: [], D: dict() }) })))).toEqual([]);
  });

  it("fails a non-empty /OCGs, measuring the number of layers (references followed)", () => {
    const ocg = dict({ Type: pdfName("OCG"), Name: null });
    const found = checkLayers(doc(dict({ OCProperties: pdfRef(5, 0) }), { 5: dict({ OCGs: pdfRef(6, 0) }), 6: [pdfRef(7, 0), pdfRef(8, 0)], 7: ocg, 8: ocg }));
    expect(found).toEqual([{ code: 3244, message: "В документе есть слои: сведите их", page: null, bbox: null, measured: 2 }]);
  });

  it("does not count dangling references as layers", () => {
    expect(checkLayers(doc(dict({ OCProperties: dict({ OCGs: [pdfRef(9, 0)] }) })))).toEqual([]);
  });
});
