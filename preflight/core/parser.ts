import type { Budget } from "./budget";
import { PreflightError } from "./errors";
import { Lexer, ascii, indexOfBytes, type Token } from "./lexer";
import { isDict, isName, isNumber, isRef, pdfName, pdfRef, type PdfDict, type PdfObject, type PdfRef, type PdfStream } from "./objects";

/*
 * Objects from tokens (ISO 32000-1 §7.3): containers are built with an explicit stack, never by
 * recursion, so 100 000 nested arrays end in TOO_COMPLEX at `maxDepth` instead of a RangeError.
 * `a b R` is recognised with two tokens of lookahead. Broken structure is closed leniently: an
 * `endobj` inside an open array closes everything that is open.
 */

type Frame = { readonly kind: "array"; readonly items: PdfObject[] } | { readonly kind: "dict"; readonly entries: Map<string, PdfObject>; key: string | null };

/** Keywords that end any object being read: a container still open when one comes is closed. */
const STRUCTURAL = new Set(["obj", "endobj", "stream", "endstream", "xref", "trailer", "startxref"]);

/** Tokens between two budget ticks: the lexer's work is counted without a call per token. */
const TOKENS_PER_TICK = 1024;

export class Parser {
  readonly lexer: Lexer;
  private readonly maxDepth: number;
  private readonly budget: Budget | null;
  private readonly lookahead: Token[] = [];
  private tokens = 0;

  constructor(lexer: Lexer, maxDepth: number, budget: Budget | null = null) {
    this.lexer = lexer;
    this.maxDepth = maxDepth;
    this.budget = budget;
  }

  nextToken(): Token {
    const buffered = this.lookahead.shift();
    if (buffered) return buffered;
    if (this.budget && ++this.tokens >= TOKENS_PER_TICK) {
      this.tokens = 0;
      this.budget.tick(1);
    }
    return this.lexer.next();
  }

  peekToken(k = 0): Token {
    while (this.lookahead.length <= k) {
      if (this.budget && ++this.tokens >= TOKENS_PER_TICK) {
        this.tokens = 0;
        this.budget.tick(1);
      }
      this.lookahead.push(this.lexer.next());
    }
    return this.lookahead[k]!;
  }

  /** Moves to `pos` and forgets any lookahead. */
  seek(pos: number): void {
    this.lookahead.length = 0;
    this.lexer.pos = pos;
  }

  /** Where the next unread token starts (lookahead included). */
  get position(): number {
    return this.lookahead[0]?.start ?? this.lexer.pos;
  }

  /**
   * Reads one object. A keyword that is not a value (an operator, `endobj`) is left unread and
   * null returned; at the end of the data, null.
   */
  readObject(): PdfObject {
    const stack: Frame[] = [];
    for (;;) {
      const tok = this.nextToken();
      let value: PdfObject | undefined;
      switch (tok.type) {
        case "num":
          if (tok.isInt && tok.value >= 0) {
            const t1 = this.peekToken(0);
            if (t1.type === "num" && t1.isInt && t1.value >= 0) {
              const t2 = this.peekToken(1);
              if (t2.type === "kw" && t2.value === "R") {
                this.lookahead.splice(0, 2);
                value = pdfRef(tok.value, t1.value);
                break;
              }
            }
          }
          value = tok.value;
          break;
        case "name":
          value = pdfName(tok.value);
          break;
        case "str":
          value = { kind: "string", bytes: tok.value };
          break;
        case "kw":
          if (tok.value === "true") value = true;
          else if (tok.value === "false") value = false;
          else if (tok.value === "null") value = null;
          else if (stack.length === 0) {
            this.lookahead.unshift(tok);
            return null;
          } else if (STRUCTURAL.has(tok.value)) {
            this.lookahead.unshift(tok);
            return closeAll(stack);
          } else continue; // junk inside a container is skipped
          break;
        case "[":
        case "<<":
          if (stack.length >= this.maxDepth) throw new PreflightError("TOO_COMPLEX", `Objects nested deeper than ${this.maxDepth}`);
          stack.push(tok.type === "[" ? { kind: "array", items: [] } : { kind: "dict", entries: new Map(), key: null });
          continue;
        case "]":
        case ">>": {
          const top = stack[stack.length - 1];
          // A closer that matches nothing open is skipped.
          if (!top || (top.kind === "array") !== (tok.type === "]")) continue;
          stack.pop();
          value = frameValue(top);
          break;
        }
        case "{":
        case "}":
          continue;
        case "eof":
          return closeAll(stack);
      }
      if (stack.length === 0) return value;
      deliver(stack[stack.length - 1]!, value);
    }
  }
}

function frameValue(frame: Frame): PdfObject {
  return frame.kind === "array" ? frame.items : { kind: "dict", entries: frame.entries };
}

function deliver(frame: Frame, value: PdfObject): void {
  if (frame.kind === "array") {
    frame.items.push(value);
    return;
  }
  if (frame.key === null) {
    // A key must be a name; anything else in a key's place is skipped.
    if (isName(value)) frame.key = value.name;
    return;
  }
  // A null value is the same as an absent entry (§7.3.7).
  if (value !== null) frame.entries.set(frame.key, value);
  frame.key = null;
}

function closeAll(stack: Frame[]): PdfObject {
  let value: PdfObject = null;
  while (stack.length > 0) {
    value = frameValue(stack.pop()!);
    const parent = stack[stack.length - 1];
    if (parent) deliver(parent, value);
  }
  return value;
}

export interface IndirectObject {
  readonly num: number;
  readonly gen: number;
  readonly value: PdfObject;
  /** Just past `endobj` (or where the object's text ended). */
  readonly end: number;
}

export interface IndirectOptions {
  readonly maxDepth: number;
  readonly budget: Budget | null;
  /** The value of an indirect /Length, or null when it cannot be had (the data is then delimited by `endstream`). */
  readonly resolveLength: (ref: PdfRef) => number | null;
}

const ENDSTREAM = ascii("endstream");
const ENDOBJ = ascii("endobj");

/** Reads `num gen obj … endobj` at `offset`, or null when no object header is there. */
export function parseIndirectObject(bytes: Uint8Array, offset: number, options: IndirectOptions): IndirectObject | null {
  if (offset < 0 || offset >= bytes.length) return null;
  const lexer = new Lexer(bytes, offset);
  const parser = new Parser(lexer, options.maxDepth, options.budget);
  const t1 = parser.nextToken();
  const t2 = parser.nextToken();
  const t3 = parser.nextToken();
  if (t1.type !== "num" || !t1.isInt || t2.type !== "num" || !t2.isInt || t3.type !== "kw" || t3.value !== "obj") return null;
  const num = t1.value;
  const gen = t2.value;
  const value = parser.readObject();
  const after = parser.nextToken();
  if (isDict(value) && after.type === "kw" && after.value === "stream") {
    const { stream, end } = readStreamData(bytes, value, after.end, pdfRef(num, gen), options);
    parser.seek(end);
    const closing = parser.peekToken();
    let objEnd = end;
    if (closing.type === "kw" && closing.value === "endobj") objEnd = closing.end;
    return { num, gen, value: stream, end: objEnd };
  }
  const end = after.type === "kw" && after.value === "endobj" ? after.end : after.start;
  return { num, gen, value, end };
}

/** The stream's data after the `stream` keyword: /Length when it is right, else up to `endstream`. */
function readStreamData(bytes: Uint8Array, dict: PdfDict, keywordEnd: number, ref: PdfRef, options: IndirectOptions): { stream: PdfStream; end: number } {
  // The keyword is followed by CRLF or LF (§7.3.8.1); a lone CR and trailing spaces are tolerated.
  let start = keywordEnd;
  let p = start;
  while (bytes[p] === 0x20 || bytes[p] === 0x09) p++;
  if (bytes[p] === 0x0d && bytes[p + 1] === 0x0a) start = p + 2;
  else if (bytes[p] === 0x0a || bytes[p] === 0x0d) start = p + 1;

  const lengthValue = dict.entries.get("Length");
  let length: number | null = null;
  if (isNumber(lengthValue)) length = lengthValue;
  else if (isRef(lengthValue)) length = options.resolveLength(lengthValue);

  if (length !== null && Number.isInteger(length) && length >= 0 && start + length <= bytes.length) {
    let q = start + length;
    while (q < bytes.length && (bytes[q] === 0x20 || bytes[q] === 0x0a || bytes[q] === 0x0d || bytes[q] === 0x09 || bytes[q] === 0x0c || bytes[q] === 0x00)) q++;
    if (matchesAt(bytes, q, ENDSTREAM)) {
      return { stream: { kind: "stream", dict, raw: bytes.subarray(start, start + length), ref }, end: q + ENDSTREAM.length };
    }
  }

  // The length is missing or wrong: the data ends at `endstream` (or `endobj`, or the end of a truncated file).
  // An `endobj` before the next `endstream` means this stream lost its `endstream`: stopping there
  // keeps the next objects from being swallowed.
  const endstream = indexOfBytes(bytes, ENDSTREAM, start);
  const endobj = indexOfBytes(bytes, ENDOBJ, start, endstream >= 0 ? endstream : bytes.length);
  let stop: number;
  let end: number;
  if (endobj >= 0) {
    stop = endobj;
    end = endobj;
  } else if (endstream >= 0) {
    stop = endstream;
    end = endstream + ENDSTREAM.length;
  } else {
    stop = bytes.length;
    end = stop;
  }
  let dataEnd = stop;
  if (bytes[dataEnd - 1] === 0x0a) dataEnd--;
  if (bytes[dataEnd - 1] === 0x0d) dataEnd--;
  if (dataEnd < start) dataEnd = start;
  return { stream: { kind: "stream", dict, raw: bytes.subarray(start, dataEnd), ref }, end };
}

export function matchesAt(bytes: Uint8Array, pos: number, needle: Uint8Array): boolean {
  if (pos + needle.length > bytes.length) return false;
  for (let i = 0; i < needle.length; i++) if (bytes[pos + i] !== needle[i]) return false;
  return true;
}

/** Parses one object from text, e.g. a test's `<< /A [1 2 R] >>` (no indirect objects, no streams). */
export function parseObjectText(bytes: Uint8Array, maxDepth: number, budget: Budget | null = null): PdfObject {
  return new Parser(new Lexer(bytes), maxDepth, budget).readObject();
}
