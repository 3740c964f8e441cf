import { describe, expect, it } from "vitest";
import { PreflightError } from "./errors";
import { isDict, isStream, pdfName, pdfRef, type PdfObject } from "./objects";
import { parseIndirectObject, parseObjectText } from "./parser";
import { latin1, testBudget } from "./testing";

const parse = (text: string): PdfObject => parseObjectText(latin1(text), 256);
const dictOf = (value: PdfObject) => {
  if (!isDict(value)) throw new Error("not a dict");
  return Object.fromEntries(value.entries);
};

describe("parser", () => {
  it("reads scalars, arrays and dictionaries", () => {
    expect(parse("[1 2.5 true false null /N (s) <41>]")).toEqual([1, 2.5, true, false, null, pdfName("N"), { kind: "string", bytes: latin1("s") }, { kind: "string", bytes: latin1("A") }]);
    expect(dictOf(parse("<< /Type /Page /Kids [1 0 R 2 0 R] /Sub << /X 3 >> >>"))).toEqual({
      Type: pdfName("Page"),
      Kids: [pdfRef(1, 0), pdfRef(2, 0)],
      Sub: { kind: "dict", entries: new Map([["X", 3]]) },
    });
  });

  it("tells references from number pairs", () => {
    expect(parse("[1 2 3 0 R 4]")).toEqual([1, 2, pdfRef(3, 0), 4]);
    expect(parse("[0 0 612 792]")).toEqual([0, 0, 612, 792]);
    expect(parse("<< /A 12 0 R /B 5 >>")).toEqual({ kind: "dict", entries: new Map<string, PdfObject>([["A", pdfRef(12, 0)], ["B", 5]]) });
    // "-1 0 R" and "1.5 0 R" are not references.
    expect(parse("[1.5 0 R]")).toEqual([1.5, 0]);
  });

  it("drops entries whose value is null and skips junk", () => {
    expect(dictOf(parse("<< /A null /B 1 >>"))).toEqual({ B: 1 });
    expect(dictOf(parse("<< 5 /A 1 >>"))).toEqual({ A: 1 });
    expect(parse("[1 ] ]")).toEqual([1]);
  });

  it("closes containers left open at the end of the data or at endobj", () => {
    expect(parse("[1 [2 << /A 3")).toEqual([1, [2, { kind: "dict", entries: new Map([["A", 3]]) }]]);
    expect(parse("[1 2 endobj")).toEqual([1, 2]);
  });

  it("ends 100 000 nested arrays in TOO_COMPLEX, without a stack overflow", () => {
    const deep = latin1("[".repeat(100_000) + "]".repeat(100_000));
    let error: unknown;
    try {
      parseObjectText(deep, 256);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PreflightError);
    expect((error as PreflightError).code).toBe("TOO_COMPLEX");
    // Exactly at the limit is still fine.
    expect(() => parseObjectText(latin1("[".repeat(256) + "]".repeat(256)), 256)).not.toThrow();
    expect(() => parseObjectText(latin1("<<".repeat(300)), 256)).toThrow(PreflightError);
  });
});

describe("indirect objects and streams", () => {
  const options = (lengths: Record<number, number> = {}) => ({
    maxDepth: 256,
    budget: testBudget(),
    resolveLength: (ref: { num: number }) => lengths[ref.num] ?? null,
  });

  it("reads an object and where it ends", () => {
    const bytes = latin1("12 0 obj\n<< /A 1 >>\nendobj\n13 0 obj 5 endobj");
    const first = parseIndirectObject(bytes, 0, options());
    expect(first).toMatchObject({ num: 12, gen: 0, end: 26 });
    expect(parseIndirectObject(bytes, first!.end + 1, options())).toMatchObject({ num: 13, value: 5 });
    expect(parseIndirectObject(bytes, 3, options())).toBeNull();
  });

  it("takes a stream's data by a direct or an indirect /Length", () => {
    const direct = parseIndirectObject(latin1("1 0 obj << /Length 5 >>\r\nstream\r\nab\ncdendstream\nendobj"), 0, options());
    expect(isStream(direct?.value) && Array.from(direct.value.raw)).toEqual(Array.from(latin1("ab\ncd")));
    const indirect = parseIndirectObject(latin1("1 0 obj << /Length 9 0 R >> stream\nabc\nendstream endobj"), 0, options({ 9: 3 }));
    expect(isStream(indirect?.value) && Array.from(indirect.value.raw)).toEqual(Array.from(latin1("abc")));
    expect(isStream(indirect?.value) && indirect.value.ref).toEqual(pdfRef(1, 0));
  });

  it("finds endstream when /Length is wrong or missing", () => {
    for (const dict of ["<< /Length 999 >>", "<< /Length 2 >>", "<< >>", "<< /Length 9 0 R >>"]) {
      const parsed = parseIndirectObject(latin1(`4 0 obj ${dict} stream\nhello world\nendstream\nendobj\n5 0 obj 1 endobj`), 0, options());
      expect(isStream(parsed?.value) && new TextDecoder().decode(parsed.value.raw)).toBe("hello world");
    }
  });

  it("stops a stream that lost its endstream at endobj, and a truncated one at the end of the file", () => {
    const lost = parseIndirectObject(latin1("4 0 obj << >> stream\nabc\nendobj\n5 0 obj << >> stream\nxyz\nendstream endobj"), 0, options());
    expect(isStream(lost?.value) && new TextDecoder().decode(lost.value.raw)).toBe("abc");
    const truncated = parseIndirectObject(latin1("4 0 obj << /Length 100 >> stream\nabc"), 0, options());
    expect(isStream(truncated?.value) && new TextDecoder().decode(truncated.value.raw)).toBe("abc");
  });
});
