import { describe, expect, it } from "vitest";
import type { PdfArray, PdfDict, PdfObject, PdfStream } from "../core/objects";
import { isArray, isDict, isRef, isStream, pdfName, pdfRef } from "../core/objects";
import { checkOutputIntents, createIccCheck } from "./3171-icc";
import { cmyk, dict, iccCmyk, iccRgb, indexed, page, separation, stream } from "./test-fixtures";

function doc(catalog: PdfDict, objects: Record<number, PdfObject> = {}, pages = [page()]) {
  const resolve = (v: PdfObject | undefined): PdfObject => (isRef(v) ? (objects[v.num] ?? null) : (v ?? null));
  return {
    catalog,
    pages,
    resolve,
    resolveDict: (v: PdfObject | undefined): PdfDict | null => { const r = resolve(v); return isDict(r) ? r : null; },
    resolveArray: (v: PdfObject | undefined): PdfArray | null => { const r = resolve(v); return isArray(r) ? r : null; },
    resolveStream: (v: PdfObject | undefined): PdfStream | null => { const r = resolve(v); return isStream(r) ? r : null; },
  };
}

const latin = (s: string) => ({ kind: "string" as const, bytes: new TextEncoder().encode(s) });

describe("3171 ICC profile: OutputIntents", () => {
  it("passes an OutputIntent that only names its condition (PDF/X-1a)", () => {
    const intent = dict({ Type: pdfName("OutputIntent"), S: pdfName("GTS_PDFX"), OutputConditionIdentifier: latin("FOGRA39"), RegistryName: latin("http://www.color.org") });
    expect(checkOutputIntents(doc(dict({ OutputIntents: [intent] })))).toEqual([]);
    expect(checkOutputIntents(doc(dict()))).toEqual([]);
  });

  it("passes an intent whose /DestOutputProfile does not resolve to a stream", () => {
    expect(checkOutputIntents(doc(dict({ OutputIntents: [dict({ DestOutputProfile: pdfRef(9, 0) })] })))).toEqual([]);
  });

  it("fails an embedded /DestOutputProfile, measuring the condition", () => {
    const intent = dict({ S: pdfName("GTS_PDFX"), OutputConditionIdentifier: latin("FOGRA39"), DestOutputProfile: pdfRef(4, 0) });
    expect(checkOutputIntents(doc(dict({ OutputIntents: pdfRef(3, 0) }), { 3: [intent], 4: stream({ N: 4 }) }))).toEqual([
      { code: 3171, message: "Макет содержит ICC-профиль: удалите его", page: null, bbox: null, measured: "FOGRA39" },
    ]);
    expect(checkOutputIntents(doc(dict({ OutputIntents: [dict({ DestOutputProfile: stream({ N: 4 }) })] })))[0]?.measured).toBe("OutputIntent");
  });

  it("looks at a page's own OutputIntents (PDF 2.0) too", () => {
    const p = page({ number: 1, dict: dict({ OutputIntents: [dict({ DestOutputProfile: stream({ N: 4 }) })] }) });
    expect(checkOutputIntents(doc(dict(), {}, [p]))[0]?.page).toBe(1);
  });
});

describe("3171 ICC profile: ICCBased spaces used", () => {
  it("finds ICCBased spaces, directly and under Indexed, but not a Separation's alternate", () => {
    const check = createIccCheck({ page: page() });
    check.colorSpaceUsed?.(cmyk, "fill", null);
    check.colorSpaceUsed?.(separation("Gold", iccCmyk), "fill", null);
    check.colorSpaceUsed?.(iccCmyk, "image", [0, 0, 10, 10]);
    check.colorSpaceUsed?.(indexed(iccRgb), "image", null);
    expect(check.findings().map((f) => [f.bbox, f.measured])).toEqual([
      [[0, 0, 10, 10], "ICCBased CMYK"],
      [null, "ICCBased RGB"],
    ]);
  });
});
