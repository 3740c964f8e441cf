import type { PdfDocument } from "../core/document";
import { isArray, isDict, isNumber, isStream } from "../core/objects";
import type { PdfDict, PdfObject } from "../core/objects";
import { PreflightError } from "../core/errors";
import { ContentLexer } from "./lexer";

/*
 * PDF functions (ISO 32000-1 §7.10) for the tint transforms of Separation and DeviceN spaces:
 * type 0 (sampled, nearest sample — the ink estimate does not need interpolation), type 2
 * (exponential), type 3 (stitching) and type 4 (PostScript calculator). A function that cannot be
 * read evaluates to null and the caller falls back to something neutral; evaluation never throws.
 */

export type PdfFunction = (input: number[]) => number[] | null;

const numbers = (value: PdfObject): number[] | null => {
  if (!isArray(value)) return null;
  const out: number[] = [];
  for (const v of value) {
    if (!isNumber(v)) return null;
    out.push(v);
  }
  return out;
};

const clamp = (v: number, lo: number, hi: number): number => (v < lo ? lo : v > hi ? hi : v);

/** Builds a function from its object; null when it is not a readable function. */
export function compileFunction(doc: PdfDocument, value: PdfObject | undefined, depth = 0): PdfFunction | null {
  if (depth > 8) return null;
  const resolved = doc.resolve(value);
  if (isArray(resolved)) {
    // An array of 1-output functions, one per output (allowed for shadings, seen in tint transforms).
    const parts = resolved.map((f) => compileFunction(doc, f, depth + 1));
    if (parts.some((p) => p === null)) return null;
    return (input) => {
      const out: number[] = [];
      for (const p of parts) {
        const r = (p as PdfFunction)(input);
        if (r === null) return null;
        out.push(r[0] ?? 0);
      }
      return out;
    };
  }
  const dict = isStream(resolved) ? resolved.dict : isDict(resolved) ? resolved : null;
  if (dict === null) return null;
  const type = doc.get(dict, "FunctionType");
  const domain = numbers(doc.resolve(doc.get(dict, "Domain"))) ?? [0, 1];
  const range = numbers(doc.resolve(doc.get(dict, "Range")));
  const clipIn = (input: number[]): number[] => input.map((v, i) => clamp(Number.isFinite(v) ? v : 0, domain[2 * i] ?? 0, domain[2 * i + 1] ?? 1));
  const clipOut = (out: number[]): number[] => (range === null ? out : out.map((v, i) => clamp(v, range[2 * i] ?? 0, range[2 * i + 1] ?? 1)));
  try {
    if (type === 2) {
      const c0 = numbers(doc.resolve(doc.get(dict, "C0"))) ?? [0];
      const c1 = numbers(doc.resolve(doc.get(dict, "C1"))) ?? [1];
      const nValue = doc.get(dict, "N");
      const n = isNumber(nValue) ? nValue : 1;
      return (input) => {
        const x = clipIn(input)[0] ?? 0;
        const p = Math.pow(x, n);
        const out = c0.map((c, i) => c + p * ((c1[i] ?? 0) - c));
        return clipOut(out.map((v) => (Number.isFinite(v) ? v : 0)));
      };
    }
    if (type === 3) {
      const fns = doc.resolveArray(doc.get(dict, "Functions")) ?? [];
      const parts = fns.map((f) => compileFunction(doc, f, depth + 1));
      const bounds = numbers(doc.resolve(doc.get(dict, "Bounds"))) ?? [];
      const encode = numbers(doc.resolve(doc.get(dict, "Encode"))) ?? [];
      if (parts.length === 0 || parts.some((p) => p === null)) return null;
      return (input) => {
        const x = clipIn(input)[0] ?? 0;
        let k = 0;
        while (k < bounds.length && x >= (bounds[k] as number)) k++;
        k = Math.min(k, parts.length - 1);
        const lo = k === 0 ? (domain[0] ?? 0) : (bounds[k - 1] as number);
        const hi = k === bounds.length ? (domain[1] ?? 1) : (bounds[k] as number);
        const e0 = encode[2 * k] ?? 0;
        const e1 = encode[2 * k + 1] ?? 1;
        const t = hi === lo ? e0 : e0 + ((x - lo) * (e1 - e0)) / (hi - lo);
        const r = (parts[k] as PdfFunction)([t]);
        return r === null ? null : clipOut(r);
      };
    }
    if (type === 0 && isStream(resolved) && range !== null) return sampledFunction(doc, dict, resolved, domain, range, clipIn);
    if (type === 4 && isStream(resolved) && range !== null) {
      const program = compilePostScript(doc.decodeStream(resolved));
      if (program === null) return null;
      return (input) => {
        const out = runPostScript(program, clipIn(input), range.length / 2);
        return out === null ? null : clipOut(out);
      };
    }
  } catch (error) {
    if (error instanceof PreflightError) throw error;
    return null;
  }
  return null;
}

function sampledFunction(
  doc: PdfDocument,
  dict: PdfDict,
  stream: Parameters<PdfDocument["decodeStream"]>[0],
  domain: number[],
  range: number[],
  clipIn: (input: number[]) => number[],
): PdfFunction | null {
  const size = numbers(doc.resolve(doc.get(dict, "Size")));
  const bpsValue = doc.get(dict, "BitsPerSample");
  const bps = isNumber(bpsValue) ? bpsValue : 8;
  if (size === null || size.length === 0 || ![1, 2, 4, 8, 12, 16, 24, 32].includes(bps)) return null;
  const outputs = range.length / 2;
  const encode = numbers(doc.resolve(doc.get(dict, "Encode"))) ?? size.flatMap((s) => [0, s - 1]);
  const decode = numbers(doc.resolve(doc.get(dict, "Decode"))) ?? range;
  const data = doc.decodeStream(stream);
  const max = Math.pow(2, bps) - 1;
  const sample = (index: number): number => {
    // Read `bps` bits at bit offset index * bps.
    let bit = index * bps;
    let v = 0;
    for (let k = 0; k < bps; k++, bit++) {
      const byte = data[bit >> 3] ?? 0;
      v = v * 2 + ((byte >> (7 - (bit & 7))) & 1);
    }
    return v;
  };
  return (input) => {
    const x = clipIn(input);
    let offset = 0;
    let stride = 1;
    for (let i = 0; i < size.length; i++) {
      const d0 = domain[2 * i] ?? 0;
      const d1 = domain[2 * i + 1] ?? 1;
      const e0 = encode[2 * i] ?? 0;
      const e1 = encode[2 * i + 1] ?? 0;
      const s = size[i] as number;
      const xi = x[i] ?? d0;
      const e = d1 === d0 ? e0 : e0 + ((xi - d0) * (e1 - e0)) / (d1 - d0);
      const idx = clamp(Math.round(e), 0, s - 1);
      offset += idx * stride;
      stride *= s;
    }
    const out: number[] = [];
    for (let j = 0; j < outputs; j++) {
      const v = sample(offset * outputs + j);
      const r0 = decode[2 * j] ?? 0;
      const r1 = decode[2 * j + 1] ?? 1;
      out.push(r0 + (v * (r1 - r0)) / max);
    }
    return out.map((v, j) => clamp(v, range[2 * j] ?? 0, range[2 * j + 1] ?? 1));
  };
}

/* ---- Type 4: the PostScript calculator (§7.10.5) ---- */

type PsOp = number | boolean | string | { ifTrue: PsOp[]; ifFalse: PsOp[] | null };

const MAX_PS_TOKENS = 10_000;

/** Parses `{ … }` into nested procedures; null when the program is not well formed. */
export function compilePostScript(bytes: Uint8Array): PsOp[] | null {
  const lexer = new ContentLexer(bytes);
  const tokens: Array<number | boolean | string> = [];
  // The content lexer reads PostScript tokens too: numbers as operands, words and braces as operators.
  for (;;) {
    const op = lexer.nextOp();
    if (op === null) break;
    for (const operand of op.operands) {
      if (typeof operand === "number" || typeof operand === "boolean") tokens.push(operand);
      else return null;
    }
    tokens.push(op.op);
    if (tokens.length > MAX_PS_TOKENS) return null;
  }
  let i = 0;
  const block = (): PsOp[] | null => {
    if (tokens[i] !== "{") return null;
    i++;
    const out: PsOp[] = [];
    while (i < tokens.length) {
      const t = tokens[i] as number | boolean | string;
      if (t === "}") {
        i++;
        return out;
      }
      if (t === "{") {
        const first = block();
        if (first === null) return null;
        if (tokens[i] === "{") {
          const second = block();
          if (second === null || tokens[i] !== "ifelse") return null;
          i++;
          out.push({ ifTrue: first, ifFalse: second });
        } else {
          if (tokens[i] !== "if") return null;
          i++;
          out.push({ ifTrue: first, ifFalse: null });
        }
        continue;
      }
      out.push(t);
      i++;
    }
    return null;
  };
  return block();
}

/** Runs a compiled program; no loops exist in the language, so its time is bounded by its size. */
export function runPostScript(program: PsOp[], input: number[], outputs: number): number[] | null {
  const stack: Array<number | boolean> = [...input];
  const num = (): number => {
    const v = stack.pop();
    return typeof v === "number" ? v : v === true ? 1 : 0;
  };
  const run = (ops: PsOp[]): boolean => {
    for (const op of ops) {
      if (stack.length > 1000) return false;
      if (typeof op === "number" || typeof op === "boolean") {
        stack.push(op);
        continue;
      }
      if (typeof op === "object") {
        const cond = stack.pop();
        if (cond === true) {
          if (!run(op.ifTrue)) return false;
        } else if (op.ifFalse !== null && !run(op.ifFalse)) return false;
        continue;
      }
      switch (op) {
        case "add": { const b = num(); stack.push(num() + b); break; }
        case "sub": { const b = num(); stack.push(num() - b); break; }
        case "mul": { const b = num(); stack.push(num() * b); break; }
        case "div": { const b = num(); const a = num(); stack.push(b === 0 ? 0 : a / b); break; }
        case "idiv": { const b = Math.trunc(num()); const a = Math.trunc(num()); stack.push(b === 0 ? 0 : Math.trunc(a / b)); break; }
        case "mod": { const b = Math.trunc(num()); const a = Math.trunc(num()); stack.push(b === 0 ? 0 : a % b); break; }
        case "neg": stack.push(-num()); break;
        case "abs": stack.push(Math.abs(num())); break;
        case "ceiling": stack.push(Math.ceil(num())); break;
        case "floor": stack.push(Math.floor(num())); break;
        case "round": stack.push(Math.round(num())); break;
        case "truncate": stack.push(Math.trunc(num())); break;
        case "sqrt": stack.push(Math.sqrt(Math.max(0, num()))); break;
        case "sin": stack.push(Math.sin((num() * Math.PI) / 180)); break;
        case "cos": stack.push(Math.cos((num() * Math.PI) / 180)); break;
        case "atan": { const b = num(); const a = num(); let deg = (Math.atan2(a, b) * 180) / Math.PI; if (deg < 0) deg += 360; stack.push(deg); break; }
        case "exp": { const b = num(); stack.push(Math.pow(num(), b)); break; }
        case "ln": stack.push(Math.log(Math.max(1e-300, num()))); break;
        case "log": stack.push(Math.log10(Math.max(1e-300, num()))); break;
        case "cvi": stack.push(Math.trunc(num())); break;
        case "cvr": stack.push(num()); break;
        case "true": stack.push(true); break;
        case "false": stack.push(false); break;
        case "eq": { const b = stack.pop(); const a = stack.pop(); stack.push(a === b); break; }
        case "ne": { const b = stack.pop(); const a = stack.pop(); stack.push(a !== b); break; }
        case "gt": { const b = num(); stack.push(num() > b); break; }
        case "ge": { const b = num(); stack.push(num() >= b); break; }
        case "lt": { const b = num(); stack.push(num() < b); break; }
        case "le": { const b = num(); stack.push(num() <= b); break; }
        case "and": case "or": case "xor": {
          const b = stack.pop();
          const a = stack.pop();
          if (typeof a === "boolean" && typeof b === "boolean") stack.push(op === "and" ? a && b : op === "or" ? a || b : a !== b);
          else {
            const x = Number(a ?? 0) | 0;
            const y = Number(b ?? 0) | 0;
            stack.push(op === "and" ? x & y : op === "or" ? x | y : x ^ y);
          }
          break;
        }
        case "not": { const a = stack.pop(); stack.push(typeof a === "boolean" ? !a : ~(Number(a ?? 0) | 0)); break; }
        case "bitshift": { const s = Math.trunc(num()); const a = Math.trunc(num()) | 0; stack.push(s >= 0 ? a << s : a >> -s); break; }
        case "pop": stack.pop(); break;
        case "exch": { const b = stack.pop(); const a = stack.pop(); if (b !== undefined) stack.push(b); if (a !== undefined) stack.push(a); break; }
        case "dup": { const a = stack[stack.length - 1]; if (a !== undefined) stack.push(a); break; }
        case "copy": {
          const n = Math.trunc(num());
          if (n < 0 || n > stack.length) return false;
          stack.push(...stack.slice(stack.length - n));
          break;
        }
        case "index": {
          const n = Math.trunc(num());
          const a = stack[stack.length - 1 - n];
          if (n < 0 || a === undefined) return false;
          stack.push(a);
          break;
        }
        case "roll": {
          const j = Math.trunc(num());
          const n = Math.trunc(num());
          if (n < 0 || n > stack.length) return false;
          if (n === 0) break;
          const part = stack.splice(stack.length - n, n);
          const shift = ((j % n) + n) % n;
          stack.push(...part.slice(n - shift), ...part.slice(0, n - shift));
          break;
        }
        default:
          return false;
      }
    }
    return true;
  };
  if (!run(program)) return null;
  if (stack.length < outputs) return null;
  return stack.slice(stack.length - outputs).map((v) => (typeof v === "number" && Number.isFinite(v) ? v : v === true ? 1 : 0));
}
