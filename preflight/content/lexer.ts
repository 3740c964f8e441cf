import { hexValue, readHexString, readStringEscape } from "../core/lexer";
import { isName } from "../core/objects";
import type { PdfDict, PdfObject } from "../core/objects";

/*
 * The lexer of content streams (ISO 32000-1 §7.8.2): operands (numbers, names, strings, arrays,
 * dictionaries, booleans, null) followed by an operator keyword, and inline images
 * (`BI … ID <data> EI`, §8.9.7) whose binary data is cut out here so the operators after it are
 * read correctly. The same lexer parses loose object syntax (with `n g R` references) for tests.
 *
 * It never throws on bad input: an unreadable byte becomes part of an operator keyword the
 * interpreter does not know and skips, and nesting deeper than `maxDepth` is flattened away.
 */

export interface ContentOp {
  op: string;
  operands: PdfObject[];
  /** For `BI`: the image's dictionary (keys as written, abbreviations not yet expanded) and its data. */
  inline?: { dict: PdfDict; data: Uint8Array };
}

const WHITESPACE = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32]) WHITESPACE[c] = 1;
const DELIMITER = new Uint8Array(256);
for (const c of "()<>[]{}/%") DELIMITER[c.charCodeAt(0)] = 1;

const isWhite = (c: number | undefined): boolean => c !== undefined && WHITESPACE[c] === 1;
const isDelim = (c: number | undefined): boolean => c !== undefined && DELIMITER[c] === 1;
const isRegular = (c: number | undefined): boolean => c !== undefined && WHITESPACE[c] === 0 && DELIMITER[c] === 0;

/** A keyword token (operator, `]`, `>>`, `R` …) as opposed to an operand value. */
interface Keyword {
  readonly keyword: string;
}

type Token = { value: PdfObject } | Keyword | null;

const latin1 = (bytes: Uint8Array, start: number, end: number): string => {
  let s = "";
  for (let i = start; i < end; i++) s += String.fromCharCode(bytes[i] ?? 0);
  return s;
};

export interface LexerOptions {
  /** Nesting of arrays and dictionaries (deeper levels are dropped). */
  maxDepth?: number;
  /** Parse `n g R` as references (object syntax, not content streams). */
  refs?: boolean;
  /** Called with a byte count for long scans (inline image data), so a budget can count them. */
  onWork?: (units: number) => void;
}

/** Components per pixel of an inline image's colour space, when it can be known without resources. */
const INLINE_COMPONENTS: Record<string, number> = { G: 1, DeviceGray: 1, CalGray: 1, RGB: 3, DeviceRGB: 3, CalRGB: 3, CMYK: 4, DeviceCMYK: 4, I: 1, Indexed: 1 };

export class ContentLexer {
  private pos = 0;
  private readonly maxDepth: number;
  private readonly refs: boolean;
  private readonly onWork: ((units: number) => void) | undefined;

  constructor(
    private readonly data: Uint8Array,
    options: LexerOptions = {},
  ) {
    this.maxDepth = options.maxDepth ?? 256;
    this.refs = options.refs ?? false;
    this.onWork = options.onWork;
  }

  get position(): number {
    return this.pos;
  }

  /** The next operator with its operands, or null at the end of the data. */
  nextOp(): ContentOp | null {
    const operands: PdfObject[] = [];
    for (;;) {
      const token = this.token(0);
      if (token === null) {
        // Operands left without an operator at the end are ignored (§7.8.2 makes them an error).
        return null;
      }
      if ("value" in token) {
        // A hostile stream of a million operands without an operator must not grow without bound.
        if (operands.length < 4096) operands.push(token.value);
        continue;
      }
      const op = token.keyword;
      if (op === "BI") return this.inlineImage();
      return { op, operands };
    }
  }

  /** One object (object syntax), or null at the end. */
  nextObject(): PdfObject | undefined {
    const token = this.token(0);
    if (token === null) return undefined;
    return "value" in token ? token.value : null;
  }

  private skipWhitespaceAndComments(): void {
    const d = this.data;
    while (this.pos < d.length) {
      const c = d[this.pos];
      if (isWhite(c)) {
        this.pos++;
      } else if (c === 37 /* % */) {
        while (this.pos < d.length && d[this.pos] !== 10 && d[this.pos] !== 13) this.pos++;
      } else {
        break;
      }
    }
  }

  private token(depth: number): Token {
    this.skipWhitespaceAndComments();
    const d = this.data;
    if (this.pos >= d.length) return null;
    const c = d[this.pos] as number;
    if (c === 47 /* / */) return { value: this.name() };
    if (c === 40 /* ( */) return { value: this.literalString() };
    if (c === 60 /* < */) {
      if (d[this.pos + 1] === 60) {
        this.pos += 2;
        return { value: this.dictBody(depth) };
      }
      return { value: this.hexString() };
    }
    if (c === 62 /* > */) {
      if (d[this.pos + 1] === 62) {
        this.pos += 2;
        return { keyword: ">>" };
      }
      this.pos++;
      return { keyword: ">" };
    }
    if (c === 91 /* [ */) {
      this.pos++;
      return { value: this.arrayBody(depth) };
    }
    if (c === 93 /* ] */) {
      this.pos++;
      return { keyword: "]" };
    }
    if (c === 123 || c === 125 /* { } */) {
      this.pos++;
      return { keyword: String.fromCharCode(c) };
    }
    if ((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46) {
      const number = this.number();
      if (number !== null) return { value: number };
    }
    const start = this.pos;
    while (this.pos < d.length && isRegular(d[this.pos])) this.pos++;
    if (this.pos === start) {
      // A stray delimiter such as ')' : make it an unknown keyword so the interpreter skips it.
      this.pos++;
    }
    const word = latin1(d, start, this.pos);
    if (word === "true") return { value: true };
    if (word === "false") return { value: false };
    if (word === "null") return { value: null };
    return { keyword: word };
  }

  private number(): number | null {
    const d = this.data;
    const start = this.pos;
    let i = this.pos;
    let sign = 1;
    if (d[i] === 43 || d[i] === 45) {
      if (d[i] === 45) sign = -1;
      i++;
      // Some producers write "--5" or "-+5"; read the rest as the number.
      while (d[i] === 43 || d[i] === 45) i++;
    }
    let intPart = 0;
    let digits = 0;
    while (i < d.length && (d[i] as number) >= 48 && (d[i] as number) <= 57) {
      intPart = intPart * 10 + ((d[i] as number) - 48);
      i++;
      digits++;
    }
    let frac = 0;
    let scale = 1;
    if (d[i] === 46) {
      i++;
      while (i < d.length && (d[i] as number) >= 48 && (d[i] as number) <= 57) {
        if (scale < 1e15) {
          frac = frac * 10 + ((d[i] as number) - 48);
          scale *= 10;
        }
        i++;
        digits++;
      }
    }
    if (digits === 0) {
      this.pos = start;
      return null;
    }
    // "12.5.3" or "3a": not a number; let it be a keyword so the operator using it is skipped.
    if (isRegular(d[i]) && d[i] !== 43 && d[i] !== 45) {
      this.pos = start;
      return null;
    }
    this.pos = i;
    const value = sign * (intPart + frac / scale);
    return Number.isFinite(value) ? value : 0;
  }

  private name(): PdfObject {
    const d = this.data;
    this.pos++;
    let s = "";
    while (this.pos < d.length && isRegular(d[this.pos])) {
      const c = d[this.pos] as number;
      if (c === 35 /* # */ && this.pos + 2 < d.length + 0) {
        const h1 = hexValue(d[this.pos + 1] ?? 0);
        const h2 = hexValue(d[this.pos + 2] ?? 0);
        if (h1 >= 0 && h2 >= 0) {
          s += String.fromCharCode(h1 * 16 + h2);
          this.pos += 3;
          continue;
        }
      }
      s += String.fromCharCode(c);
      this.pos++;
    }
    return { kind: "name", name: s };
  }

  private literalString(): PdfObject {
    const d = this.data;
    this.pos++;
    const out: number[] = [];
    const push = (byte: number) => out.push(byte);
    let nesting = 1;
    while (this.pos < d.length) {
      const c = d[this.pos++] as number;
      if (c === 40) {
        nesting++;
        out.push(c);
      } else if (c === 41) {
        nesting--;
        if (nesting === 0) break;
        out.push(c);
      } else if (c === 92 /* \ */) {
        if (this.pos >= d.length) break;
        this.pos = readStringEscape(d, this.pos, d.length, push);
      } else {
        out.push(c);
      }
    }
    return { kind: "string", bytes: Uint8Array.from(out) };
  }

  private hexString(): PdfObject {
    const { value, end } = readHexString(this.data, this.pos + 1, this.data.length);
    this.pos = end;
    return { kind: "string", bytes: value };
  }

  private arrayBody(depth: number): PdfObject {
    return this.collect(depth, "]");
  }

  /**
   * The objects up to `close` (`]` or `>>`), references joined. Keywords inside an array or a
   * dictionary of a content stream are malformed; they end it, so an unclosed `[` or `<<` cannot
   * swallow the rest of the stream's operators.
   */
  private collect(depth: number, close: "]" | ">>"): PdfObject[] {
    const items: PdfObject[] = [];
    for (;;) {
      const token = depth + 1 > this.maxDepth ? this.skipNested() : this.token(depth + 1);
      if (token === null) break;
      if ("value" in token) {
        items.push(token.value);
        continue;
      }
      if (token.keyword === close) break;
      if (token.keyword === "R" && this.refs && this.makeRef(items)) continue;
      if (!this.refs) {
        this.pos -= token.keyword.length;
        break;
      }
    }
    return items;
  }

  private dictBody(depth: number): PdfObject {
    const items = this.collect(depth, ">>");
    const entries = new Map<string, PdfObject>();
    for (let i = 0; i + 1 < items.length; i += 2) {
      const key = items[i];
      if (isName(key)) entries.set(key.name, items[i + 1] ?? null);
    }
    return { kind: "dict", entries };
  }

  private makeRef(items: PdfObject[]): boolean {
    const gen = items[items.length - 1];
    const num = items[items.length - 2];
    if (typeof num !== "number" || typeof gen !== "number" || !Number.isInteger(num) || !Number.isInteger(gen)) return false;
    items.length -= 2;
    items.push({ kind: "ref", num, gen });
    return true;
  }

  /**
   * Past the depth limit: skip the nested structure's bytes to its matching close, counting
   * brackets only (strings inside are rare at such depths), and return it as null.
   */
  private skipNested(): Token {
    const d = this.data;
    this.skipWhitespaceAndComments();
    if (this.pos >= d.length) return null;
    const c = d[this.pos];
    if (c !== 91 && !(c === 60 && d[this.pos + 1] === 60)) return this.token(this.maxDepth);
    let level = 0;
    while (this.pos < d.length) {
      const b = d[this.pos];
      if (b === 91) level++;
      else if (b === 93) level--;
      else if (b === 60 && d[this.pos + 1] === 60) {
        level++;
        this.pos++;
      } else if (b === 62 && d[this.pos + 1] === 62) {
        level--;
        this.pos++;
      }
      this.pos++;
      if (level <= 0) break;
    }
    this.onWork?.(1);
    return { value: null };
  }

  /** After `BI`: key/value pairs up to `ID`, one whitespace byte, the data, then `EI` (§8.9.7). */
  private inlineImage(): ContentOp {
    const items: PdfObject[] = [];
    let sawId = false;
    for (;;) {
      const token = this.token(0);
      if (token === null) break;
      if ("value" in token) {
        if (items.length < 512) items.push(token.value);
        continue;
      }
      if (token.keyword === "ID") {
        sawId = true;
        break;
      }
      if (token.keyword === "EI") break;
      // Any other keyword: a broken image; the keyword is the next operator.
      this.pos -= token.keyword.length;
      break;
    }
    const entries = new Map<string, PdfObject>();
    for (let i = 0; i + 1 < items.length; i += 2) {
      const key = items[i];
      if (isName(key)) entries.set(key.name, items[i + 1] ?? null);
    }
    const dict: PdfDict = { kind: "dict", entries };
    if (!sawId) return { op: "BI", operands: [], inline: { dict, data: new Uint8Array(0) } };
    const d = this.data;
    // Exactly one whitespace byte follows ID (CR LF seen in the wild too).
    if (d[this.pos] === 13 && d[this.pos + 1] === 10) this.pos += 2;
    else if (isWhite(d[this.pos])) this.pos++;
    const start = this.pos;
    const expected = expectedInlineLength(entries);
    let end = -1;
    if (expected !== null && start + expected <= d.length) {
      let i = start + expected;
      while (i < d.length && isWhite(d[i])) i++;
      if (d[i] === 69 && d[i + 1] === 73 && (i + 2 >= d.length || isWhite(d[i + 2]) || isDelim(d[i + 2]))) {
        end = start + expected;
        this.pos = i + 2;
      }
    }
    if (end < 0) {
      // Scan for whitespace + "EI" + whitespace / delimiter / end of data.
      let i = start;
      const n = d.length;
      let scanned = 0;
      for (; i + 1 < n; i++) {
        if (d[i] === 69 && d[i + 1] === 73 && (i === start || isWhite(d[i - 1])) && (i + 2 >= n || isWhite(d[i + 2]) || isDelim(d[i + 2]))) break;
        if (++scanned === 65536) {
          this.onWork?.(16);
          scanned = 0;
        }
      }
      if (i + 1 >= n) {
        // No EI after whitespace: accept one glued to the data ("…\x06EI Q"), else the image runs to the end.
        i = start;
        for (; i + 1 < n; i++) if (d[i] === 69 && d[i + 1] === 73 && (i + 2 >= n || isWhite(d[i + 2]) || isDelim(d[i + 2]))) break;
      }
      if (i + 1 >= n) {
        end = n;
        this.pos = n;
      } else {
        end = i > start && isWhite(d[i - 1]) ? i - 1 : i;
        this.pos = i + 2;
      }
    }
    return { op: "BI", operands: [], inline: { dict, data: d.subarray(start, end) } };
  }
}

/** The byte length of an unfiltered inline image from W × H × BPC × components, or null. */
function expectedInlineLength(entries: Map<string, PdfObject>): number | null {
  const get = (a: string, b: string) => entries.get(a) ?? entries.get(b);
  const filter = get("F", "Filter");
  if (filter !== undefined && filter !== null && !(Array.isArray(filter) && filter.length === 0)) return null;
  const w = get("W", "Width");
  const h = get("H", "Height");
  if (typeof w !== "number" || typeof h !== "number" || w <= 0 || h <= 0) return null;
  const mask = get("IM", "ImageMask") === true;
  const bpcValue = get("BPC", "BitsPerComponent");
  const bpc = mask ? 1 : typeof bpcValue === "number" ? bpcValue : 8;
  let comps = 1;
  if (!mask) {
    const cs = get("CS", "ColorSpace");
    if (isName(cs)) {
      const known = INLINE_COMPONENTS[cs.name];
      if (known === undefined) return null;
      comps = known;
    } else if (Array.isArray(cs)) {
      const family = cs[0];
      if (isName(family) && (family.name === "I" || family.name === "Indexed")) comps = 1;
      else return null;
    } else {
      return null;
    }
  }
  return Math.ceil((w * comps * bpc) / 8) * h;
}

/** Parses one object written in PDF syntax (tests and small helpers). */
export function parseObject(text: string | Uint8Array): PdfObject {
  const bytes = typeof text === "string" ? Uint8Array.from(text, (ch) => ch.charCodeAt(0) & 0xff) : text;
  return new ContentLexer(bytes, { refs: true }).nextObject() ?? null;
}

export { latin1 };
