import { describe, expect, it } from "vitest";
import { isDict, isName, isStream, pdfRef } from "./objects";
import { openDocument } from "./reader";
import { buildPdf, concatBytes, latin1, preflightErrorCode, simpleDocument, testBudget, type TestObject } from "./testing";
import { findStartxref } from "./xref";

const open = (bytes: Uint8Array) => openDocument(bytes, testBudget());
const contentText = (bytes: Uint8Array, page = 0) => {
  const doc = open(bytes);
  return doc.pages[page]!.contents.map((s) => new TextDecoder().decode(doc.decodeStream(s))).join("|");
};

describe("openDocument: cross-reference data", () => {
  it("reads a classic file", () => {
    const doc = open(buildPdf(simpleDocument(3), { version: "1.3" }));
    expect(doc.headerVersion).toBe("1.3");
    expect(doc.recovered).toBe(false);
    expect(doc.pageCount).toBe(3);
    expect(isName(doc.catalog.entries.get("Type"), "Catalog")).toBe(true);
    expect(doc.trailer.entries.get("Root")).toEqual(pdfRef(1, 0));
    expect(doc.size).toBeGreaterThan(300);
    expect(contentText(buildPdf(simpleDocument(3)), 2)).toBe("0 0 m 3 3 l S");
    expect(isStream(doc.object(pdfRef(4, 0)))).toBe(true);
  });

  it("reads a cross-reference stream with an object stream", () => {
    const pdf = buildPdf(simpleDocument(2), { version: "1.5", xref: "stream", compressed: [1, 2, 3, 5] });
    const doc = open(pdf);
    expect(doc.recovered).toBe(false);
    expect(doc.headerVersion).toBe("1.5");
    expect(doc.pageCount).toBe(2);
    expect(isName(doc.trailer.entries.get("Type"), "XRef")).toBe(true);
    expect(contentText(pdf, 1)).toBe("0 0 m 2 2 l S");
    expect(doc.pages[1]!.mediaBox).toEqual([0, 0, 595, 842]);
  });

  it("recovers from a startxref that points at garbage, for tables and streams", () => {
    for (const xref of ["table", "stream"] as const) {
      const pdf = buildPdf(simpleDocument(2), { xref, compressed: [2, 3], startxrefDelta: 5 });
      const doc = open(pdf);
      expect(doc.recovered).toBe(true);
      expect(doc.pageCount).toBe(2);
      expect(contentText(pdf, 1)).toBe("0 0 m 2 2 l S");
    }
  });

  it("recovers a file without any cross-reference data or trailer, finding the catalog by its /Type", () => {
    const doc = open(buildPdf(simpleDocument(2), { xref: "none" }));
    expect(doc.recovered).toBe(true);
    expect(doc.pageCount).toBe(2);
    expect(doc.trailer.entries.get("Root")).toEqual(pdfRef(1, 0));
  });

  it("recovers when the table's offsets are wrong, looking for each object where it is", () => {
    const pdf = buildPdf(simpleDocument(1));
    const text = new TextDecoder("latin1").decode(pdf);
    // Shift every offset of the table by 3: each points into the middle of the previous line.
    const broken = text.replace(/(\d{10}) 00000 n/g, (_, off: string) => `${String(Number(off) + 3).padStart(10, "0")} 00000 n`);
    const doc = open(latin1(broken));
    expect(doc.pageCount).toBe(1);
    expect(doc.recovered).toBe(true);
  });

  it("reads a truncated file whose pages are whole (only its tail is gone)", () => {
    const pdf = buildPdf(simpleDocument(3));
    const table = new TextDecoder("latin1").decode(pdf).indexOf("xref");
    const cut = pdf.subarray(0, table + 30); // in the cross-reference table: no trailer, no %%EOF
    const doc = open(cut);
    expect(doc.recovered).toBe(true);
    expect(doc.pageCount).toBe(3);
    expect(contentText(cut, 0)).toBe("0 0 m 1 1 l S");
    expect(contentText(cut, 2)).toBe("0 0 m 3 3 l S");
  });

  it("reports DAMAGED for a file cut off inside what its pages draw: a content stream, an image, a page of the tree", () => {
    const image = "0".repeat(300);
    const objects: TestObject[] = [
      { num: 1, body: "<< /Type /Catalog /Pages 2 0 R >>" },
      { num: 2, body: "<< /Type /Pages /Kids [3 0 R 5 0 R] /Count 2 /MediaBox [0 0 595 842] >>" },
      { num: 3, body: "<< /Type /Page /Parent 2 0 R /Contents 4 0 R /Resources << /XObject << /Im0 7 0 R >> >> >>" },
      { num: 4, body: "<< >>", stream: "q 100 0 0 100 0 0 cm /Im0 Do Q" },
      { num: 5, body: "<< /Type /Page /Parent 2 0 R /Contents 6 0 R >>" },
      { num: 6, body: "<< >>", stream: "0 0 1 rg 0 0 100 100 re f" },
      { num: 7, body: "<< /Type /XObject /Subtype /Image /Width 10 /Height 10 /ColorSpace /DeviceCMYK /BitsPerComponent 8 /Filter /ASCIIHexDecode >>", stream: image },
    ];
    const pdf = buildPdf(objects);
    const text = new TextDecoder("latin1").decode(pdf);
    // Inside the image's data, inside page 2's content, right after the image's dictionary, and the first 60 %.
    const cuts = [text.indexOf(image) + 150, text.indexOf("0 0 1 rg") + 5, text.indexOf("stream", text.indexOf("7 0 obj")), Math.floor(text.indexOf("xref") * 0.6)];
    for (const at of cuts) expect([at, preflightErrorCode(() => open(pdf.subarray(0, at)))]).toEqual([at, "DAMAGED"]);
    // A page of the tree's /Count gone with the cut.
    const lostPage = buildPdf(objects.filter((o) => o.num !== 5 && o.num !== 6)).subarray(0, -40);
    expect(preflightErrorCode(() => open(lostPage))).toBe("DAMAGED");
    // The same file whole, and with only its table and trailer cut off, reads.
    expect(open(pdf).pageCount).toBe(2);
    expect(open(pdf.subarray(0, text.indexOf("trailer") - 5)).pageCount).toBe(2);
    // A complete ending (%%EOF) with a broken table is never taken for a cut-off file.
    const broken = buildPdf(objects.filter((o) => o.num !== 7), { startxrefDelta: 9 });
    expect(open(broken).pageCount).toBe(2);
  });

  it("reports DAMAGED when nothing usable remains", () => {
    expect(preflightErrorCode(() => open(latin1("%PDF-1.4\n1 0 obj\n<< /Type /Catalog")))).toBe("DAMAGED");
    expect(preflightErrorCode(() => open(latin1("%PDF-1.7\n%%EOF\n")))).toBe("DAMAGED");
    const noCatalog = buildPdf([{ num: 1, body: "<< /Type /Font >>" }]);
    expect(preflightErrorCode(() => open(noCatalog))).toBe("DAMAGED");
  });

  it("refuses empty files, files that are not PDF and encrypted files", () => {
    expect(preflightErrorCode(() => open(new Uint8Array(0)))).toBe("EMPTY_FILE");
    expect(preflightErrorCode(() => open(latin1("GIF89a not a pdf at all")))).toBe("NOT_A_PDF");
    expect(preflightErrorCode(() => open(concatBytes([" ".repeat(1100), buildPdf(simpleDocument(1))])))).toBe("NOT_A_PDF");
    const encrypted = [...simpleDocument(1), { num: 9, body: "<< /Filter /Standard /V 2 /R 3 /O <00> /U <00> /P -4 >>" }];
    expect(preflightErrorCode(() => open(buildPdf(encrypted, { trailer: "/Root 1 0 R /Encrypt 9 0 R" })))).toBe("ENCRYPTED");
    expect(preflightErrorCode(() => open(buildPdf(encrypted, { trailer: "/Root 1 0 R /Encrypt 9 0 R", startxrefDelta: 9 })))).toBe("ENCRYPTED");
    expect(preflightErrorCode(() => open(buildPdf(encrypted, { xref: "stream", trailer: "/Root 1 0 R /Encrypt 9 0 R" })))).toBe("ENCRYPTED");
  });

  it("reads the header version, also after junk before the header (offsets counted from it)", () => {
    expect(open(buildPdf(simpleDocument(1), { version: "2.0" })).headerVersion).toBe("2.0");
    const shifted = concatBytes(["junk before the header\n", buildPdf(simpleDocument(1), { version: "1.6" })]);
    const doc = open(shifted);
    expect(doc.headerVersion).toBe("1.6");
    expect(doc.pageCount).toBe(1);
    expect(doc.recovered).toBe(false);
    const odd = buildPdf(simpleDocument(1), { version: "x" });
    expect(open(odd).headerVersion).toBeNull();
  });

  it("follows /Prev: an incremental update's objects win, and a /Prev loop ends", () => {
    const base = buildPdf(simpleDocument(1));
    const oldXref = findStartxref(base)!;
    const objOffset = base.length;
    const update = "4 0 obj\n<< /Length 7 >>\nstream\nupdated\nendstream\nendobj\n";
    const xrefOffset = objOffset + update.length;
    const table = `xref\n0 1\n0000000000 65535 f \n4 1\n${String(objOffset).padStart(10, "0")} 00000 n \ntrailer\n<< /Size 5 /Prev ${oldXref} >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
    const updated = concatBytes([base, update, table]);
    const doc = open(updated);
    expect(doc.recovered).toBe(false);
    // /Root comes from the older trailer.
    expect(doc.pageCount).toBe(1);
    expect(new TextDecoder().decode(doc.decodeStream(doc.pages[0]!.contents[0]!))).toBe("updated");

    const loop = `xref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size 5 /Root 1 0 R /Prev ${base.length} >>\nstartxref\n${base.length}\n%%EOF\n`;
    const looped = open(concatBytes([base, loop]));
    expect(looped.pageCount).toBe(1);
  });

  it("reads a hybrid file: the table's /XRefStm lists the compressed objects", () => {
    const streamFile = buildPdf(simpleDocument(1), { xref: "stream", compressed: [1, 2, 3] });
    const xrefStm = findStartxref(streamFile)!;
    const table = `xref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size 7 /Root 1 0 R /XRefStm ${xrefStm} >>\nstartxref\n${streamFile.length}\n%%EOF\n`;
    const doc = open(concatBytes([streamFile, table]));
    expect(doc.recovered).toBe(false);
    expect(doc.pageCount).toBe(1);
    expect(doc.trailer.entries.has("XRefStm")).toBe(true);
  });

  it("reads a stream whose /Length is an indirect object", () => {
    const objects: TestObject[] = [
      { num: 1, body: "<< /Type /Catalog /Pages 2 0 R >>" },
      { num: 2, body: "<< /Type /Pages /Kids [3 0 R] /Count 1 >>" },
      { num: 3, body: "<< /Type /Page /Parent 2 0 R /Contents 4 0 R >>" },
      { num: 4, body: "<< /Length 5 0 R >>\nstream\n1 0 0 RG\nendstream" },
      { num: 5, body: "7" },
    ];
    expect(contentText(buildPdf(objects))).toBe("1 0 0 RG");
  });
});

describe("resolve", () => {
  const objects: TestObject[] = [
    ...simpleDocument(1),
    { num: 10, body: "11 0 R" },
    { num: 11, body: "10 0 R" },
    { num: 12, body: "13 0 R" },
    { num: 13, body: "14 0 R" },
    { num: 14, body: "<< /Found true >>" },
    { num: 16, body: "16 0 R" },
  ];
  const doc = open(buildPdf(objects));

  it("follows chains, and gives null for a missing or free object and for a cycle", () => {
    expect(isDict(doc.resolve(pdfRef(12, 0)))).toBe(true);
    expect(doc.resolveDict(pdfRef(12, 0))?.entries.get("Found")).toBe(true);
    expect(doc.resolve(pdfRef(15, 0))).toBeNull(); // free in the table
    expect(doc.resolve(pdfRef(999, 0))).toBeNull(); // not in the table
    expect(doc.resolve(pdfRef(10, 0))).toBeNull();
    expect(doc.resolve(pdfRef(16, 0))).toBeNull();
    expect(doc.resolve(undefined)).toBeNull();
    expect(doc.resolve(5)).toBe(5);
  });

  it("narrows with resolveDict, resolveArray, resolveStream and get", () => {
    expect(doc.resolveArray(doc.catalog.entries.get("Pages"))).toBeNull();
    expect(doc.resolveStream(pdfRef(4, 0))).not.toBeNull();
    expect(doc.resolveDict(pdfRef(4, 0))).toBeNull();
    const pages = doc.resolveDict(doc.catalog.entries.get("Pages"))!;
    expect(doc.resolveArray(pages.entries.get("Kids"))).toHaveLength(1);
    expect(doc.get(doc.catalog, "Pages")).toBe(pages);
    expect(doc.get(doc.catalog, "Nothing")).toBeNull();
    // Resolving twice gives the same object: caches and visited sets can rely on identity.
    expect(doc.resolve(pdfRef(14, 0))).toBe(doc.resolve(pdfRef(12, 0)));
  });
});

describe("hostile files", () => {
  it("ends 100 000 nested arrays in TOO_COMPLEX, through the table and through recovery", () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    const objects: TestObject[] = [
      { num: 1, body: "<< /Type /Catalog /Pages 2 0 R >>" },
      { num: 2, body: `<< /Type /Pages /Kids [] /Count 0 /Deep ${deep} >>` },
    ];
    // The depth guard answers before JS recursion could overflow its stack (a RangeError otherwise).
    for (const options of [{}, { startxrefDelta: 3 }]) expect(preflightErrorCode(() => open(buildPdf(objects, options)))).toBe("TOO_COMPLEX");
  });

  it("stops on its budget's deadline", () => {
    let clock = 0;
    const budget = testBudget({ deadlineMs: 10, now: () => (clock += 50) });
    expect(preflightErrorCode(() => openDocument(buildPdf(simpleDocument(3000)), budget))).toBe("TIMEOUT");
  });
});
