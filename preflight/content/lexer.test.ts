import { describe, expect, it } from "vitest";
import { isDict, isName, isString } from "../core/objects";
import { ContentLexer, parseObject } from "./lexer";
import type { ContentOp } from "./lexer";

const bytes = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff);
const ops = (s: string | Uint8Array): ContentOp[] => {
  const lexer = new ContentLexer(typeof s === "string" ? bytes(s) : s);
  const out: ContentOp[] = [];
  for (let op = lexer.nextOp(); op !== null; op = lexer.nextOp()) out.push(op);
  return out;
};

describe("content lexer", () => {
  it("reads operands and operators", () => {
    const result = ops("q 1 0 0 1 -5.5 .25 cm /F1 12 Tf [(A) -120 <4142>] TJ Q % comment\n0 g");
    expect(result.map((o) => o.op)).toEqual(["q", "cm", "Tf", "TJ", "Q", "g"]);
    expect(result[1]?.operands).toEqual([1, 0, 0, 1, -5.5, 0.25]);
    const tj = result[3]?.operands[0];
    expect(Array.isArray(tj) && tj.length).toBe(3);
  });

  it("reads literal strings with escapes and nesting, names with #xx", () => {
    const [op] = ops("(a\\(b\\) (c) \\101\\n) /A#20B BDC");
    const str = op?.operands[0];
    expect(isString(str) && String.fromCharCode(...str.bytes)).toBe("a(b) (c) A\n");
    expect(isName(op?.operands[1], "A B")).toBe(true);
  });

  it("reads an inline dictionary operand", () => {
    const [op] = ops("/OC << /Type /OCMD /P /AllOn >> BDC");
    expect(op?.op).toBe("BDC");
    const d = op?.operands[1];
    expect(isDict(d) && isName(d.entries.get("P"), "AllOn")).toBe(true);
  });

  it("cuts an unfiltered inline image by W×H×BPC×components, even when its data holds ' EI '", () => {
    // 2×1 RGB = 6 bytes of data, the data itself containing " EI " .
    const data = " EI \x00\xff";
    const result = ops(`q BI /W 2 /H 1 /BPC 8 /CS /RGB ID ${data} EI Q`);
    expect(result.map((o) => o.op)).toEqual(["q", "BI", "Q"]);
    const inline = result[1]?.inline;
    expect(inline?.data.length).toBe(6);
    expect(Array.from(inline?.data ?? [])).toEqual([32, 69, 73, 32, 0, 255]);
  });

  it("finds EI by whitespace + EI + whitespace for a filtered inline image", () => {
    const result = ops("BI /W 4 /H 4 /F /AHx ID 00ff00ffEIx 00 > \nEI 1 g");
    expect(result.map((o) => o.op)).toEqual(["BI", "g"]);
    expect(String.fromCharCode(...(result[0]?.inline?.data ?? []))).toBe("00ff00ffEIx 00 > ");
  });

  it("accepts an EI glued to filtered data when none follows whitespace", () => {
    const result = ops("BI /W 1 /H 1 /F /Fl ID \x01\x02EI Q");
    expect(result.map((o) => o.op)).toEqual(["BI", "Q"]);
    expect(Array.from(result[0]?.inline?.data ?? [])).toEqual([1, 2]);
  });

  it("never throws on garbage and makes progress", () => {
    const garbage = new Uint8Array(5000);
    for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919) % 256;
    expect(() => ops(garbage)).not.toThrow();
    expect(ops(") ] >> 1.2.3 g").map((o) => o.op)).toEqual([")", "]", ">>", "1.2.3", "g"]);
  });

  it("flattens nesting deeper than the limit", () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000) + " 1 g";
    const lexer = new ContentLexer(bytes(deep), { maxDepth: 64 });
    const op = lexer.nextOp();
    expect(op?.op).toBe("g");
  });

  it("parses object syntax with references", () => {
    const obj = parseObject("<< /Kids [3 0 R 4 0 R] /Count 2 >>");
    expect(isDict(obj) && obj.entries.get("Kids")).toEqual([
      { kind: "ref", num: 3, gen: 0 },
      { kind: "ref", num: 4, gen: 0 },
    ]);
  });
});
