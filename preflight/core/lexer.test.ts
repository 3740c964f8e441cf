import { describe, expect, it } from "vitest";
import { Lexer, type Token } from "./lexer";
import { latin1 } from "./testing";

const tokens = (text: string): Token[] => {
  const lexer = new Lexer(latin1(text));
  const out: Token[] = [];
  for (let t = lexer.next(); t.type !== "eof"; t = lexer.next()) out.push(t);
  return out;
};
const values = (text: string) => tokens(text).map((t) => ("value" in t ? t.value : t.type));
const str = (text: string) => {
  const t = tokens(text)[0]!;
  if (t.type !== "str") throw new Error(`not a string: ${t.type}`);
  return Array.from(t.value);
};

describe("lexer", () => {
  it("reads numbers, integers and reals, signs and sloppy forms", () => {
    expect(values("123 -17 +4 0.5 -.002 34. 4.25")).toEqual([123, -17, 4, 0.5, -0.002, 34, 4.25]);
    const ints = tokens("7 7.0 .5").map((t) => (t.type === "num" ? t.isInt : null));
    expect(ints).toEqual([true, false, false]);
    // Producers write these; readers take the sensible value.
    expect(values("--5 5-")).toEqual([-5, 5]);
  });

  it("reads booleans, null and operators as keywords", () => {
    expect(tokens("true false null R obj BT").map((t) => (t.type === "kw" ? t.value : t.type))).toEqual(["true", "false", "null", "R", "obj", "BT"]);
  });

  it("decodes #xx in names and keeps UTF-8 names as text", () => {
    expect(values("/Name1 /A;Name_With-Various***Characters? /lime#20Green /paired#28#29parentheses /The_Key_of_F#23_Minor /")).toEqual([
      "Name1",
      "A;Name_With-Various***Characters?",
      "lime Green",
      "paired()parentheses",
      "The_Key_of_F#_Minor",
      "",
    ]);
    expect(values("/#D0#9F#D0#B0#D0#BD#D1#82#D0#BE#D0#BD")).toEqual(["Пантон"]);
    expect(values("/A/B")).toEqual(["A", "B"]);
  });

  it("reads literal strings: escapes, balanced parentheses, octal, line continuations", () => {
    expect(str("(a (b) c)")).toEqual(Array.from(latin1("a (b) c")));
    expect(str("(\\n\\r\\t\\b\\f\\(\\)\\\\\\q)")).toEqual([10, 13, 9, 8, 12, 40, 41, 92, 0x71]);
    expect(str("(\\053\\53\\0053)")).toEqual([0x2b, 0x2b, 0x05, 0x33]);
    expect(str("(line\\\nnext)")).toEqual(Array.from(latin1("linenext")));
    expect(str("(a\r\nb\rc)")).toEqual(Array.from(latin1("a\nb\nc")));
    // An unterminated string ends at the end of the data.
    expect(str("(open (")).toEqual(Array.from(latin1("open (")));
  });

  it("reads hex strings, ignoring white space and padding an odd digit", () => {
    expect(str("<48 65 6C6c6F>")).toEqual(Array.from(latin1("Hello")));
    expect(str("<901FA>")).toEqual([0x90, 0x1f, 0xa0]);
    expect(str("<>")).toEqual([]);
  });

  it("reads delimiters and skips comments", () => {
    expect(values("<< /A [1 2] >> % comment [ ]\n{ }")).toEqual(["<<", "A", "[", 1, 2, "]", ">>", "{", "}"]);
    const t = tokens("  %c\n  /X");
    expect(t[0]).toMatchObject({ type: "name", value: "X", start: 7, end: 9 });
  });
});
