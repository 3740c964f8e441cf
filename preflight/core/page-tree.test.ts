import { describe, expect, it } from "vitest";
import { isName } from "./objects";
import { DEFAULT_MEDIA_BOX, readRotate } from "./page-tree";
import { openDocument } from "./reader";
import { buildPdf, testBudget, type TestObject } from "./testing";

const open = (objects: TestObject[]) => openDocument(buildPdf(objects), testBudget());
const catalog: TestObject = { num: 1, body: "<< /Type /Catalog /Pages 2 0 R >>" };

describe("page tree", () => {
  it("ends a tree whose kids point at themselves and at their parents, counting each page once", () => {
    const doc = open([
      catalog,
      { num: 2, body: "<< /Type /Pages /Kids [3 0 R 2 0 R 5 0 R] /Count 3 >>" },
      { num: 3, body: "<< /Type /Pages /Kids [4 0 R 3 0 R 2 0 R 4 0 R] /Count 1 /Parent 2 0 R >>" },
      { num: 4, body: "<< /Type /Page /Parent 3 0 R >>" },
      { num: 5, body: "<< /Type /Page /Parent 2 0 R >>" },
    ]);
    expect(doc.pageCount).toBe(2);
    expect(doc.pages.map((p) => p.number)).toEqual([1, 2]);
    expect(doc.pages[0]!.dict).toBe(doc.resolve({ kind: "ref", num: 4, gen: 0 }));
  });

  it("counts the pages found, not /Count, and keeps their order through nested nodes", () => {
    const doc = open([
      catalog,
      { num: 2, body: "<< /Type /Pages /Kids [3 0 R 6 0 R 9 0 R] /Count 17 >>" },
      { num: 3, body: "<< /Type /Pages /Kids [4 0 R 5 0 R] /Count 2 >>" },
      { num: 4, body: "<< /Type /Page /Label 1 >>" },
      { num: 5, body: "<< /Label 2 >>" }, // no /Type: still a page
      { num: 6, body: "<< /Type /Page /Label 3 >>" },
      { num: 9, body: "<< /Type /Pages /Count 0 >>" }, // a node without kids holds no pages
    ]);
    expect(doc.pageCount).toBe(3);
    expect(doc.pages.map((p) => p.dict.entries.get("Label"))).toEqual([1, 2, 3]);
    expect(isName(doc.pages[0]!.dict.entries.get("Type"), "Page")).toBe(true);
  });

  it("inherits /Resources, /MediaBox, /CropBox and /Rotate; a page's own values win", () => {
    const doc = open([
      catalog,
      { num: 2, body: "<< /Type /Pages /Kids [3 0 R] /Resources << /Font << /F1 9 0 R >> >> /MediaBox [0 0 600 800] /Rotate -90 >>" },
      { num: 3, body: "<< /Type /Pages /Kids [4 0 R 5 0 R] /CropBox [10 10 590 790] >>" },
      { num: 4, body: "<< /Type /Page >>" },
      { num: 5, body: "<< /Type /Page /Resources 6 0 R /MediaBox [0 0 300 400] /Rotate 450 >>" },
      { num: 6, body: "<< /ProcSet [/PDF] >>" },
      { num: 9, body: "<< /Type /Font >>" },
    ]);
    const [inherited, own] = doc.pages;
    expect(inherited!.resources.entries.has("Font")).toBe(true);
    expect(inherited!.mediaBox).toEqual([0, 0, 600, 800]);
    expect(inherited!.cropBox).toEqual([10, 10, 590, 790]);
    expect(inherited!.rotate).toBe(270);
    expect(own!.resources.entries.has("ProcSet")).toBe(true);
    expect(own!.mediaBox).toEqual([0, 0, 300, 400]);
    // The inherited crop box is clipped to this page's smaller media box.
    expect(own!.cropBox).toEqual([10, 10, 300, 400]);
    expect(own!.rotate).toBe(90);
  });

  it("normalises boxes, reads indirect numbers, and uses US Letter only when no MediaBox is found anywhere", () => {
    const doc = open([
      catalog,
      { num: 2, body: "<< /Type /Pages /Kids [3 0 R 4 0 R] >>" },
      { num: 3, body: "<< /Type /Page /MediaBox [612 792 0 7 0 R] /TrimBox [20 20 10 10] /BleedBox [5 5 30 30] /CropBox [1000 1000 2000 2000] >>" },
      { num: 4, body: "<< /Type /Page /MediaBox [0 0 bad 1] >>" },
      { num: 7, body: "0" },
    ]);
    const [a, b] = doc.pages;
    expect(a!.mediaBox).toEqual([0, 0, 612, 792]);
    expect(a!.trimBox).toEqual([10, 10, 20, 20]);
    expect(a!.bleedBox).toEqual([5, 5, 30, 30]);
    expect(a!.cropBox).toEqual(a!.mediaBox); // a crop box outside the media box is ignored
    expect(a!.rotate).toBe(0);
    expect(b!.mediaBox).toEqual(DEFAULT_MEDIA_BOX);
    expect(b!.trimBox).toBeNull();
    expect(b!.bleedBox).toBeNull();
    expect(b!.resources.entries.size).toBe(0);
  });

  it("reads /Contents as one stream or an array, and /Annots as dictionaries", () => {
    const doc = open([
      catalog,
      { num: 2, body: "<< /Type /Pages /Kids [3 0 R 4 0 R] /MediaBox [0 0 10 10] >>" },
      { num: 3, body: "<< /Type /Page /Contents 5 0 R /Annots 8 0 R >>" },
      { num: 4, body: "<< /Type /Page /Contents [5 0 R 99 0 R 6 0 R] /Annots [<< /Subtype /Link >> 9 0 R 98 0 R] >>" },
      { num: 5, body: "<< >>", stream: "q Q" },
      { num: 6, body: "<< >>", stream: "BT ET" },
      { num: 8, body: "[9 0 R]" },
      { num: 9, body: "<< /Subtype /Widget /F 4 >>" },
    ]);
    const [one, many] = doc.pages;
    expect(one!.contents).toHaveLength(1);
    expect(many!.contents.map((s) => new TextDecoder().decode(doc.decodeStream(s)))).toEqual(["q Q", "BT ET"]);
    expect(one!.annotations.map((a) => a.entries.get("F"))).toEqual([4]);
    expect(many!.annotations).toHaveLength(2);
  });

  it("normalises /Rotate to 0, 90, 180 or 270", () => {
    expect([0, 90, -90, 180, -180, 270, 360, 450, -450, 720, 89].map(readRotate)).toEqual([0, 90, 270, 180, 180, 270, 0, 90, 270, 0, 90]);
    expect(readRotate(null)).toBeNull();
  });

  it("gives no pages when the catalog's /Pages is not a tree", () => {
    const doc = open([catalog, { num: 2, body: "<< /Type /Pages /Kids [] >>" }]);
    expect(doc.pageCount).toBe(0);
  });
});
