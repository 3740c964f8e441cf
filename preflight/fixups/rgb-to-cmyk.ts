import { PDFArray, PDFDict, PDFHexString, PDFName, PDFNumber, PDFStream, PDFString } from "pdf-lib";
import type { PDFContext, PDFDocument, PDFObject } from "pdf-lib";
import type { ContentOp } from "../content/lexer";
import type { Budget } from "../core/budget";
import { isName, pdfName } from "../core/objects";
import type { PdfObject } from "../core/objects";
import { rewriteContent } from "./content";
import type { OpAction, ReplacementOp } from "./content";
import { decodeStream, fixupBudget, get, getDict, getNumber, key, resolve, walkContents, withinBudget } from "./pdf";
import type { ContentTarget } from "./pdf";

/*
 * «Перевести RGB в CMYK» (2078, vector content): colours set in content streams — pages, forms,
 * tiling patterns, annotation appearances, Type3 glyphs — and the colours of RGB shadings.
 *
 *  - `r g b rg` → `c m y k k`, `RG` → `K`;
 *  - `cs`/`CS` naming /DeviceRGB, or a resource colour space that is DeviceRGB, CalRGB or ICCBased
 *    with N 3 (an sRGB fill is RGB to the press as much as DeviceRGB is) → `/DeviceCMYK cs`, and the
 *    `sc`/`scn` after it converted;
 *  - an Indexed space over one of those, used by vectors: `cs` → `/DeviceCMYK cs`, each `i sc` → the
 *    palette entry converted (the palette itself is left alone: an image may share it);
 *  - an uncoloured tiling pattern over RGB ([/Pattern /DeviceRGB]): a resource [/Pattern /DeviceCMYK]
 *    is added and named instead, the components before the pattern name converted;
 *  - shadings (their own, and those of shading patterns) in an RGB space whose /Function is a
 *    Type 2 (exponential: C0, C1) or a Type 3 stitching of Type 2s: the functions' outputs and
 *    /Background are converted and the space becomes /DeviceCMYK (new function dictionaries — a
 *    function may be shared). Sampled (Type 0) and PostScript (Type 4) functions, per-component
 *    function arrays and mesh shadings without a function are left in RGB.
 *
 * RGB images (image XObjects and inline images, Indexed RGB ones too) are NOT converted: that needs
 * a colour-managed conversion in Photoshop. Forms that inherit an RGB space set by their caller and
 * set only components are left as they are.
 *
 * The conversion is the naive one, without a profile: K = 1 − max(r, g, b); C = (1 − r − K) / (1 − K),
 * M = (1 − g − K) / (1 − K), Y = (1 − b − K) / (1 − K); black (0 0 0) → 0 0 0 1, white → 0 0 0 0;
 * components clamped to 0…1 and rounded to 4 decimals.
 */

export function rgbToCmyk(r: number, g: number, b: number): [number, number, number, number] {
  const clamp = (v: number) => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0);
  const [rr, gg, bb] = [clamp(r), clamp(g), clamp(b)];
  const k = 1 - Math.max(rr, gg, bb);
  if (k >= 1 - 1e-9) return [0, 0, 0, 1];
  const round = (v: number) => Math.round(clamp(v) * 10_000) / 10_000;
  return [round((1 - rr - k) / (1 - k)), round((1 - gg - k) / (1 - k)), round((1 - bb - k) / (1 - k)), round(k)];
}

type SpaceKind =
  | { kind: "rgb" }
  | { kind: "indexed"; palette: Array<[number, number, number, number]> }
  | { kind: "pattern-rgb" }
  | { kind: "other" };

const OTHER: SpaceKind = { kind: "other" };
const RGB: SpaceKind = { kind: "rgb" };
const PATTERN_CMYK = "OttiskPatternCMYK";

function isRgbSpace(context: PDFContext, value: PDFObject | undefined): boolean {
  const space = resolve(context, value);
  if (space instanceof PDFName) return space.decodeText() === "DeviceRGB";
  if (!(space instanceof PDFArray)) return false;
  const family = resolve(context, space.get(0));
  const name = family instanceof PDFName ? family.decodeText() : "";
  if (name === "DeviceRGB" || name === "CalRGB") return true;
  if (name !== "ICCBased") return false;
  const profile = resolve(context, space.get(1));
  return profile instanceof PDFStream && getNumber(context, profile.dict, "N") === 3;
}

function lookupBytes(context: PDFContext, value: PDFObject | undefined, budget: Budget): Uint8Array | null {
  const v = resolve(context, value);
  if (v instanceof PDFStream) return decodeStream(context, v, budget);
  if (v instanceof PDFString || v instanceof PDFHexString) return v.asBytes();
  return null;
}

function classify(context: PDFContext, value: PDFObject | undefined, budget: Budget): SpaceKind {
  if (isRgbSpace(context, value)) return RGB;
  const space = resolve(context, value);
  if (!(space instanceof PDFArray)) return OTHER;
  const family = resolve(context, space.get(0));
  const name = family instanceof PDFName ? family.decodeText() : "";
  if (name === "Pattern") return space.size() > 1 && isRgbSpace(context, space.get(1)) ? { kind: "pattern-rgb" } : OTHER;
  if ((name !== "Indexed" && name !== "I") || space.size() < 4 || !isRgbSpace(context, space.get(1))) return OTHER;
  const hival = resolve(context, space.get(2));
  const bytes = lookupBytes(context, space.get(3), budget);
  if (!(hival instanceof PDFNumber) || bytes === null) return OTHER;
  const palette: Array<[number, number, number, number]> = [];
  for (let i = 0; i <= Math.min(255, hival.asNumber()); i++) {
    palette.push(rgbToCmyk((bytes[i * 3] ?? 0) / 255, (bytes[i * 3 + 1] ?? 0) / 255, (bytes[i * 3 + 2] ?? 0) / 255));
  }
  return { kind: "indexed", palette };
}

const numbers = (operands: PdfObject[]): number[] | null => (operands.every((o) => typeof o === "number") ? (operands as number[]) : null);

interface ColorState {
  fill: SpaceKind;
  stroke: SpaceKind;
}

function convertStream(target: ContentTarget, context: PDFContext, budget: Budget): void {
  const resources = target.resources;
  const spaces = resources ? getDict(context, resources, "ColorSpace") : undefined;
  let state: ColorState = { fill: OTHER, stroke: OTHER };
  const stack: ColorState[] = [];

  const spaceOf = (operand: PdfObject | undefined): SpaceKind => {
    if (!isName(operand)) return OTHER;
    if (operand.name === "DeviceRGB") return RGB;
    if (operand.name === "DeviceCMYK" || operand.name === "DeviceGray" || operand.name === "Pattern") return OTHER;
    return classify(context, spaces?.get(key(operand.name)), budget);
  };

  const patternSpaceName = (): string | null => {
    if (!resources) return null;
    let dict = getDict(context, resources, "ColorSpace");
    if (!dict) {
      dict = context.obj({});
      resources.set(key("ColorSpace"), dict);
    }
    if (!dict.has(key(PATTERN_CMYK))) dict.set(key(PATTERN_CMYK), context.obj([key("Pattern"), key("DeviceCMYK")]));
    return PATTERN_CMYK;
  };

  const setComponents = (kind: SpaceKind, op: ContentOp): OpAction => {
    if (kind.kind === "rgb") {
      const n = numbers(op.operands);
      if (n === null || n.length !== 3) return "keep";
      return [{ operands: rgbToCmyk(n[0] ?? 0, n[1] ?? 0, n[2] ?? 0), op: op.op }];
    }
    if (kind.kind === "indexed") {
      const n = numbers(op.operands);
      if (n === null || n.length !== 1) return "keep";
      const entry = kind.palette[Math.max(0, Math.min(kind.palette.length - 1, Math.round(n[0] ?? 0)))];
      return entry ? [{ operands: entry, op: op.op }] : "keep";
    }
    if (kind.kind === "pattern-rgb") {
      const last = op.operands[op.operands.length - 1];
      const n = numbers(op.operands.slice(0, -1));
      if (!isName(last) || n === null || n.length !== 3) return "keep";
      return [{ operands: [...rgbToCmyk(n[0] ?? 0, n[1] ?? 0, n[2] ?? 0), last], op: op.op }];
    }
    return "keep";
  };

  const setSpace = (op: ContentOp, fill: boolean): OpAction => {
    const kind = spaceOf(op.operands[op.operands.length - 1]);
    if (fill) state = { ...state, fill: kind };
    else state = { ...state, stroke: kind };
    const setter = fill ? "sc" : "SC";
    if (kind.kind === "rgb") return [{ operands: [pdfName("DeviceCMYK")], op: op.op }];
    if (kind.kind === "indexed") {
      const out: ReplacementOp[] = [{ operands: [pdfName("DeviceCMYK")], op: op.op }];
      // Setting an Indexed space makes index 0 current; /DeviceCMYK would make black current.
      const first = kind.palette[0];
      if (first) out.push({ operands: first, op: setter });
      return out;
    }
    if (kind.kind === "pattern-rgb") {
      const name = patternSpaceName();
      return name === null ? "keep" : [{ operands: [pdfName(name)], op: op.op }];
    }
    return "keep";
  };

  const decide = (op: ContentOp): OpAction => {
    switch (op.op) {
      case "q":
        if (stack.length < 1024) stack.push(state);
        return "keep";
      case "Q":
        state = stack.pop() ?? state;
        return "keep";
      case "rg":
      case "RG": {
        const n = numbers(op.operands);
        if (op.op === "rg") state = { ...state, fill: OTHER };
        else state = { ...state, stroke: OTHER };
        if (n === null || n.length !== 3) return "keep";
        return [{ operands: rgbToCmyk(n[0] ?? 0, n[1] ?? 0, n[2] ?? 0), op: op.op === "rg" ? "k" : "K" }];
      }
      case "g":
      case "k":
        state = { ...state, fill: OTHER };
        return "keep";
      case "G":
      case "K":
        state = { ...state, stroke: OTHER };
        return "keep";
      case "cs":
        return setSpace(op, true);
      case "CS":
        return setSpace(op, false);
      case "sc":
      case "scn":
        return setComponents(state.fill, op);
      case "SC":
      case "SCN":
        return setComponents(state.stroke, op);
      default:
        return "keep";
    }
  };

  const result = rewriteContent(target.data, decide, (n) => budget.tick(n));
  if (result.changed) target.write(result.bytes);
}

/** A converted copy of a Type 2 function, or of a Type 3 stitching of them; null when it cannot be converted. */
function convertFunction(context: PDFContext, value: PDFObject | undefined, depth = 0): PDFDict | null {
  const fn = resolve(context, value);
  if (!(fn instanceof PDFDict) || depth > 8) return null;
  const type = getNumber(context, fn, "FunctionType");
  if (type === 2) {
    const read = (name: string, fallback: number): number[] | null => {
      const v = get(context, fn, name);
      if (v === undefined) return [fallback, fallback, fallback];
      if (!(v instanceof PDFArray) || v.size() !== 3) return null;
      const out = v.asArray().map((x) => resolve(context, x));
      return out.every((x) => x instanceof PDFNumber) ? out.map((x) => (x as PDFNumber).asNumber()) : null;
    };
    const c0 = read("C0", 0);
    const c1 = read("C1", 1);
    if (!c0 || !c1) return null;
    const copy = fn.clone(context);
    copy.set(key("C0"), context.obj(rgbToCmyk(c0[0] ?? 0, c0[1] ?? 0, c0[2] ?? 0)));
    copy.set(key("C1"), context.obj(rgbToCmyk(c1[0] ?? 0, c1[1] ?? 0, c1[2] ?? 0)));
    copy.delete(key("Range"));
    return copy;
  }
  if (type === 3) {
    const parts = get(context, fn, "Functions");
    if (!(parts instanceof PDFArray)) return null;
    const converted: PDFDict[] = [];
    for (const part of parts.asArray()) {
      const c = convertFunction(context, part, depth + 1);
      if (!c) return null;
      converted.push(c);
    }
    const copy = fn.clone(context);
    copy.set(key("Functions"), context.obj(converted.map((c) => context.register(c))));
    copy.delete(key("Range"));
    return copy;
  }
  return null;
}

function convertShading(context: PDFContext, value: PDFObject | undefined, done: Set<PDFDict>): void {
  const object = resolve(context, value);
  const shading = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : undefined;
  if (!shading || done.has(shading)) return;
  done.add(shading);
  if (!isRgbSpace(context, shading.get(key("ColorSpace"))) || !shading.has(key("Function"))) return;
  const fn = convertFunction(context, shading.get(key("Function")));
  if (!fn) return;
  shading.set(key("Function"), context.register(fn));
  shading.set(key("ColorSpace"), key("DeviceCMYK"));
  const background = get(context, shading, "Background");
  if (background instanceof PDFArray && background.size() === 3) {
    const [r, g, b] = background.asArray().map((x) => {
      const v = resolve(context, x);
      return v instanceof PDFNumber ? v.asNumber() : 0;
    });
    shading.set(key("Background"), context.obj(rgbToCmyk(r ?? 0, g ?? 0, b ?? 0)));
  }
}

export function convertRgbToCmyk(doc: PDFDocument): void {
  const context = doc.context;
  const budget = fixupBudget();
  const shadings = new Set<PDFDict>();
  withinBudget(() =>
    walkContents(doc, budget, (target) => {
      convertStream(target, context, budget);
      const resources = target.resources;
      if (!resources) return;
      for (const [, value] of getDict(context, resources, "Shading")?.entries() ?? []) convertShading(context, value, shadings);
      for (const [, value] of getDict(context, resources, "Pattern")?.entries() ?? []) {
        const pattern = resolve(context, value);
        const dict = pattern instanceof PDFStream ? pattern.dict : pattern instanceof PDFDict ? pattern : undefined;
        if (dict && getNumber(context, dict, "PatternType") === 2) convertShading(context, dict.get(key("Shading")), shadings);
      }
    }),
  );
}
