import { ContentLexer } from "../content/lexer";
import type { ContentOp } from "../content/lexer";
import { isArray, isDict, isName, isRef, isString } from "../core/objects";
import type { PdfObject } from "../core/objects";

/*
 * Rewriting content streams operator by operator. The engine's content lexer tokenises; an
 * operator the fix-up keeps is copied byte for byte (its operands, the whitespace and comments
 * before it, an inline image's data), so nothing it does not touch changes — not even the way a
 * number was written. Dropped operators vanish; replaced ones are written by the serialiser below.
 */

/** What to do with one operator: keep its bytes, drop it, or write these operators instead. */
export type OpAction = "keep" | "drop" | ReplacementOp[];

export interface ReplacementOp {
  operands: PdfObject[];
  op: string;
}

const REGULAR_EXCLUDED = new Set("()<>[]{}/%#".split("").map((c) => c.charCodeAt(0)));

/** A number without exponent notation, to at most 10 decimals, trailing zeros trimmed. */
export function formatPdfNumber(value: number): string {
  if (!Number.isFinite(value)) return "0";
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
  const clamped = Math.max(-1e15, Math.min(1e15, value));
  const text = clamped.toFixed(10).replace(/0+$/, "").replace(/\.$/, "");
  return text === "-0" ? "0" : text;
}

function nameText(name: string): string {
  let out = "/";
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i) & 0xff;
    if (c <= 32 || c >= 127 || REGULAR_EXCLUDED.has(c)) out += `#${c.toString(16).padStart(2, "0")}`;
    else out += String.fromCharCode(c);
  }
  return out;
}

function stringText(bytes: Uint8Array): string {
  let out = "(";
  for (const b of bytes) {
    if (b === 40 || b === 41 || b === 92) out += `\\${String.fromCharCode(b)}`;
    else if (b < 32 || b >= 127) out += `\\${b.toString(8).padStart(3, "0")}`;
    else out += String.fromCharCode(b);
  }
  return `${out})`;
}

/** One object in PDF syntax (content-stream operands: no references, no streams). */
export function serializeObject(value: PdfObject): string {
  if (value === null) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return formatPdfNumber(value);
  if (isArray(value)) return `[${value.map(serializeObject).join(" ")}]`;
  if (isName(value)) return nameText(value.name);
  if (isString(value)) return stringText(value.bytes);
  if (isDict(value)) {
    const parts: string[] = [];
    for (const [key, item] of value.entries) parts.push(`${nameText(key)} ${serializeObject(item)}`);
    return `<<${parts.join(" ")}>>`;
  }
  if (isRef(value)) return `${value.num} ${value.gen} R`;
  // A stream cannot be an operand; write null rather than bytes no reader expects.
  return "null";
}

export function serializeOp(op: ReplacementOp): string {
  return [...op.operands.map(serializeObject), op.op].join(" ");
}

const encode = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);

export interface RewriteResult {
  bytes: Uint8Array;
  /** Whether any operator was dropped or replaced. */
  changed: boolean;
}

/**
 * Runs `decide` over every operator of `data` (in order; it may keep state) and assembles the
 * result. `onWork` counts operators against a budget.
 */
export function rewriteContent(data: Uint8Array, decide: (op: ContentOp) => OpAction, onWork?: (units: number) => void): RewriteResult {
  const lexer = new ContentLexer(data, onWork ? { onWork } : {});
  const parts: Uint8Array[] = [];
  let changed = false;
  let start = 0;
  for (;;) {
    const op = lexer.nextOp();
    const end = lexer.position;
    if (op === null) {
      if (end > start) parts.push(data.subarray(start, end));
      break;
    }
    onWork?.(1);
    const action = decide(op);
    if (action === "keep") {
      parts.push(data.subarray(start, end));
    } else {
      changed = true;
      if (action !== "drop" && action.length > 0) parts.push(encode(`\n${action.map(serializeOp).join("\n")}`));
    }
    start = end;
  }
  if (!changed) return { bytes: data, changed };
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return { bytes: out, changed };
}
