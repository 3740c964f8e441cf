/*
 * The tokens of PDF's object syntax (ISO 32000-1 §7.2): numbers, names with #xx escapes, literal
 * and hex strings, keywords and the delimiters of arrays and dictionaries. Lenient where producers
 * are sloppy (stray characters, odd hex digits, doubled signs), because a customer's file that
 * Acrobat opens should be read, and never throwing: malformed input becomes the nearest sensible token.
 */

export type Token =
  | { readonly type: "num"; readonly value: number; readonly isInt: boolean; readonly start: number; readonly end: number }
  | { readonly type: "name"; readonly value: string; readonly start: number; readonly end: number }
  | { readonly type: "str"; readonly value: Uint8Array; readonly start: number; readonly end: number }
  | { readonly type: "kw"; readonly value: string; readonly start: number; readonly end: number }
  | { readonly type: "[" | "]" | "<<" | ">>" | "{" | "}"; readonly start: number; readonly end: number }
  | { readonly type: "eof"; readonly start: number; readonly end: number };

/** 1: white space, 2: delimiter, 0: regular character (§7.2.2, Table 1 and 2). */
export const CHAR_CLASS = (() => {
  const table = new Uint8Array(256);
  for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) table[c] = 1;
  for (const c of "()<>[]{}/%") table[c.charCodeAt(0)] = 2;
  return table;
})();

export const isWhite = (c: number): boolean => CHAR_CLASS[c] === 1;
export const isRegular = (c: number): boolean => CHAR_CLASS[c] === 0;

/** A hex digit's value, -1 for any other byte. */
export const hexValue = (c: number): number => {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
};

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Names are bytes; they are kept as UTF-8 text when they are valid UTF-8 (spot colour names in Cyrillic), else byte for byte. */
export function bytesToName(bytes: Uint8Array): string {
  let ascii = true;
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! >= 0x80) { ascii = false; break; }
  if (!ascii) {
    try {
      return utf8.decode(bytes);
    } catch {
      // Not UTF-8: fall through to one character per byte.
    }
  }
  let out = "";
  for (let i = 0; i < bytes.length; i++) out += String.fromCharCode(bytes[i]!);
  return out;
}

export class Lexer {
  readonly bytes: Uint8Array;
  /** Where the next token starts to be looked for; callers may move it (stream data, inline images). */
  pos: number;
  readonly end: number;

  constructor(bytes: Uint8Array, pos = 0, end = bytes.length) {
    this.bytes = bytes;
    this.pos = pos;
    this.end = Math.min(end, bytes.length);
  }

  /** Skips white space and comments. */
  skipWhite(): void {
    const b = this.bytes;
    let p = this.pos;
    const end = this.end;
    while (p < end) {
      const c = b[p]!;
      if (CHAR_CLASS[c] === 1) p++;
      else if (c === 0x25 /* % */) {
        while (p < end && b[p] !== 0x0a && b[p] !== 0x0d) p++;
      } else break;
    }
    this.pos = p;
  }

  next(): Token {
    this.skipWhite();
    const b = this.bytes;
    const start = this.pos;
    if (start >= this.end) return { type: "eof", start, end: start };
    const c = b[start]!;
    switch (c) {
      case 0x5b: // [
        this.pos++;
        return { type: "[", start, end: this.pos };
      case 0x5d: // ]
        this.pos++;
        return { type: "]", start, end: this.pos };
      case 0x7b: // {
        this.pos++;
        return { type: "{", start, end: this.pos };
      case 0x7d: // }
        this.pos++;
        return { type: "}", start, end: this.pos };
      case 0x3c: // <
        if (b[start + 1] === 0x3c) {
          this.pos += 2;
          return { type: "<<", start, end: this.pos };
        }
        return this.hexString();
      case 0x3e: // >
        if (b[start + 1] === 0x3e) {
          this.pos += 2;
          return { type: ">>", start, end: this.pos };
        }
        // A lone '>' is not a token; read it as an empty keyword so the parser can skip it.
        this.pos++;
        return { type: "kw", value: ">", start, end: this.pos };
      case 0x28: // (
        return this.literalString();
      case 0x29: // ) stray
        this.pos++;
        return { type: "kw", value: ")", start, end: this.pos };
      case 0x2f: // /
        return this.name();
      default:
        break;
    }
    if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e) return this.number();
    let p = start;
    while (p < this.end && CHAR_CLASS[b[p]!] === 0) p++;
    this.pos = p;
    let value = "";
    for (let i = start; i < p; i++) value += String.fromCharCode(b[i]!);
    return { type: "kw", value, start, end: p };
  }

  private number(): Token {
    const b = this.bytes;
    const start = this.pos;
    let p = start;
    let negative = false;
    // Doubled or mixed signs ("--5", "+-5") occur in the wild; any minus makes it negative.
    while (p < this.end && (b[p] === 0x2d || b[p] === 0x2b)) {
      if (b[p] === 0x2d) negative = true;
      p++;
    }
    let intPart = 0;
    let digits = 0;
    while (p < this.end && b[p]! >= 0x30 && b[p]! <= 0x39) {
      intPart = intPart * 10 + (b[p]! - 0x30);
      p++;
      digits++;
    }
    let value = intPart;
    let isInt = true;
    if (p < this.end && b[p] === 0x2e) {
      isInt = false;
      p++;
      let scale = 0.1;
      while (p < this.end && b[p]! >= 0x30 && b[p]! <= 0x39) {
        value += (b[p]! - 0x30) * scale;
        scale /= 10;
        p++;
        digits++;
      }
    }
    // The rest of a malformed run ("1.2.3", "12abc", "5-") belongs to this token and is ignored.
    while (p < this.end && CHAR_CLASS[b[p]!] === 0) {
      isInt = false;
      p++;
    }
    this.pos = p;
    if (digits === 0) value = 0;
    if (negative) value = -value;
    if (!Number.isFinite(value)) value = 0;
    return { type: "num", value, isInt: isInt && digits > 0, start, end: p };
  }

  private name(): Token {
    const b = this.bytes;
    const start = this.pos;
    let p = start + 1;
    // The common case, plain ASCII without #: one string from the bytes, no copies.
    let plain = "";
    while (p < this.end) {
      const c = b[p]!;
      if (CHAR_CLASS[c] !== 0) {
        this.pos = p;
        return { type: "name", value: plain, start, end: p };
      }
      if (c === 0x23 || c >= 0x80) break;
      plain += String.fromCharCode(c);
      p++;
    }
    if (p >= this.end) {
      this.pos = p;
      return { type: "name", value: plain, start, end: p };
    }
    p = start + 1;
    const out: number[] = [];
    while (p < this.end) {
      const c = b[p]!;
      if (CHAR_CLASS[c] !== 0) break;
      if (c === 0x23 /* # */) {
        const h1 = hexValue(b[p + 1] ?? -1);
        const h2 = hexValue(b[p + 2] ?? -1);
        if (h1 >= 0 && h2 >= 0 && p + 2 < this.end) {
          out.push(h1 * 16 + h2);
          p += 3;
          continue;
        }
      }
      out.push(c);
      p++;
    }
    this.pos = p;
    return { type: "name", value: bytesToName(Uint8Array.from(out)), start, end: p };
  }

  private literalString(): Token {
    const b = this.bytes;
    const start = this.pos;
    const end = this.end;
    let p = start + 1;
    let depth = 1;
    let buf = new Uint8Array(64);
    let n = 0;
    const push = (v: number) => {
      if (n === buf.length) {
        const grown = new Uint8Array(buf.length * 2);
        grown.set(buf);
        buf = grown;
      }
      buf[n++] = v;
    };
    while (p < end) {
      const c = b[p++]!;
      if (c === 0x28) {
        depth++;
        push(c);
      } else if (c === 0x29) {
        if (--depth === 0) break;
        push(c);
      } else if (c === 0x5c /* \ */) {
        if (p >= end) break;
        p = readStringEscape(b, p, end, push);
      } else if (c === 0x0d) {
        // An end of line inside a string reads as a single LF (§7.3.4.2).
        if (b[p] === 0x0a) p++;
        push(0x0a);
      } else push(c);
    }
    this.pos = p;
    return { type: "str", value: buf.slice(0, n), start, end: p };
  }

  private hexString(): Token {
    const start = this.pos;
    const { value, end } = readHexString(this.bytes, start + 1, this.end);
    this.pos = end;
    return { type: "str", value, start, end };
  }
}

/**
 * The escape after a backslash in a literal string (§7.3.4.2, Table 3), `p` at the byte after the
 * backslash (p < end): gives the byte it stands for to `push` (none for a backslash before an end
 * of line, where the line continues) and returns the position after the escape. Shared by this
 * lexer and the content lexer.
 */
export function readStringEscape(b: Uint8Array, p: number, end: number, push: (byte: number) => void): number {
  const e = b[p++]!;
  switch (e) {
    case 0x6e: push(0x0a); break; // n
    case 0x72: push(0x0d); break; // r
    case 0x74: push(0x09); break; // t
    case 0x62: push(0x08); break; // b
    case 0x66: push(0x0c); break; // f
    case 0x0d: // backslash-EOL: the line continues, nothing is added
      if (b[p] === 0x0a) p++;
      break;
    case 0x0a:
      break;
    default:
      if (e >= 0x30 && e <= 0x37) {
        let v = e - 0x30;
        for (let k = 0; k < 2 && p < end && b[p]! >= 0x30 && b[p]! <= 0x37; k++) v = v * 8 + (b[p++]! - 0x30);
        push(v & 0xff);
      } else push(e); // \( \) \\ and unknown escapes: the character itself
  }
  return p;
}

/**
 * A hex string (§7.3.4.3) from `p`, just after its `<`, to its `>` or `end`: its bytes, and the
 * position after the `>`. Shared by this lexer and the content lexer.
 */
export function readHexString(b: Uint8Array, p: number, end: number): { value: Uint8Array; end: number } {
  const out: number[] = [];
  let high = -1;
  while (p < end) {
    const c = b[p++]!;
    if (c === 0x3e) break;
    const v = hexValue(c);
    if (v < 0) continue; // white space and junk are ignored
    if (high < 0) high = v;
    else {
      out.push(high * 16 + v);
      high = -1;
    }
  }
  if (high >= 0) out.push(high * 16); // an odd final digit is followed by an assumed 0
  return { value: Uint8Array.from(out), end: p };
}

/** The first offset ≥ from where `needle` occurs, or -1. */
export function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, from = 0, to = haystack.length): number {
  const first = needle[0]!;
  const last = Math.min(to, haystack.length) - needle.length;
  let i = from;
  while (i <= last) {
    i = haystack.indexOf(first, i);
    if (i < 0 || i > last) return -1;
    let k = 1;
    while (k < needle.length && haystack[i + k] === needle[k]) k++;
    if (k === needle.length) return i;
    i++;
  }
  return -1;
}

/** The last offset < before where `needle` starts, or -1. */
export function lastIndexOfBytes(haystack: Uint8Array, needle: Uint8Array, before = haystack.length, notBefore = 0): number {
  for (let i = Math.min(before, haystack.length) - needle.length; i >= notBefore; i--) {
    let k = 0;
    while (k < needle.length && haystack[i + k] === needle[k]) k++;
    if (k === needle.length) return i;
  }
  return -1;
}

export const ascii = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0));
