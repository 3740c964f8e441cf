import type { Budget } from "../core/budget";
import type { PdfDocument, PdfPage } from "../core/document";
import { PreflightError } from "../core/errors";
import { canonicalFilterName } from "../core/filters/index";
import { isArray, isDict, isName, isNumber, isStream, isString } from "../core/objects";
import type { PdfDict, PdfObject, PdfStream } from "../core/objects";
import { componentCount, initialColor, resolveColorSpace } from "./colorspace";
import type { ClipEntry, ColorSpace, Device, ImageDraw, Matrix, PaintColor, PaintState, Path, UseSite } from "./device";
import { fontMetrics } from "./fonts";
import { ContentLexer } from "./lexer";
import type { ContentOp } from "./lexer";
import { IDENTITY, apply, boundsOf, intersect, invert, meanScale, multiply, normalizeRect, transformRect } from "./matrix";
import type { BBox } from "./matrix";
import { OptionalContent } from "./optional";

/*
 * The content-stream interpreter (ISO 32000-1 §8–9, §14.6, §12.5.5): it walks a page's content, the
 * forms it draws (their /Matrix composed with the CTM), tiling patterns used as fills, and the
 * appearance streams of printable annotations, and reports to a Device what is painted, in PAGE
 * coordinates. Optional content that is off is not reported.
 *
 * Hostile input: every operator ticks the budget; q nesting, form nesting (and a form drawing
 * itself) and pattern tiles are capped; a malformed operator is skipped, never a JS TypeError.
 * Only PreflightError (the budget's TOO_COMPLEX / TOO_LARGE / TIMEOUT) leaves this module.
 */

export interface InterpretOptions {
  /** Draw the appearance streams of printable annotations (default true). */
  annotations?: boolean;
}

/** q nesting beyond this is ignored (its Q too), so a stream of a million `q` cannot grow the stack. */
const MAX_STATE_DEPTH = 1024;
/** Segments per flattened Bézier curve. */
const CURVE_SEGMENTS = 8;
/** Tiles of one tiling-pattern fill; beyond them the rest of the area is left unpainted. */
const MAX_TILES = 4096;
/** Points kept in one path (a hostile path is cut, its painting still reported). */
const MAX_PATH_POINTS = 1_000_000;

interface GState {
  ctm: Matrix;
  fill: PaintColor;
  stroke: PaintColor;
  fillPattern: PdfDict | PdfStream | null;
  strokePattern: PdfDict | PdfStream | null;
  fillOverprint: boolean;
  strokeOverprint: boolean;
  overprintMode: 0 | 1;
  lineWidth: number;
  softMask: boolean;
  /** Inside an uncoloured tiling pattern: colour operators are ignored (§8.7.3.3). */
  colorLocked: boolean;
  clips: readonly ClipEntry[];
  clipBox: BBox | null;
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  leading: number;
  font: PdfDict | null;
  fontSize: number;
  renderMode: number;
  rise: number;
}

const DEVICE_GRAY: ColorSpace = { family: "DeviceGray" };
/** One shared empty clip list, so states without a clip compare equal by identity. */
const NO_CLIPS: readonly ClipEntry[] = [];

function initialState(ctm: Matrix): GState {
  return {
    ctm,
    fill: { space: DEVICE_GRAY, components: [0] },
    stroke: { space: DEVICE_GRAY, components: [0] },
    fillPattern: null,
    strokePattern: null,
    fillOverprint: false,
    strokeOverprint: false,
    overprintMode: 0,
    lineWidth: 1,
    softMask: false,
    colorLocked: false,
    clips: NO_CLIPS,
    clipBox: null,
    charSpacing: 0,
    wordSpacing: 0,
    hScale: 1,
    leading: 0,
    font: null,
    fontSize: 0,
    renderMode: 0,
    rise: 0,
  };
}

/** What one content stream being interpreted knows besides the graphics state. */
interface Frame {
  resources: PdfDict;
  /** Pattern space of this stream (§8.7.3.1): the page's default space, or a form's space. */
  baseMatrix: Matrix;
}

/** Something that hands out operators: a lexer over bytes, or a replay of parsed ones. */
interface OpSource {
  nextOp(): ContentOp | null;
}

/** Malformed operands: the operator is skipped (caught per operator, never escapes). */
class SkipOperator extends Error {
  override readonly name = "SkipOperator";
}

const num = (value: PdfObject | undefined): number => {
  if (typeof value !== "number" || !Number.isFinite(value)) throw new SkipOperator("expected a number");
  return value;
};

const nums = (operands: PdfObject[], count: number): number[] => {
  if (operands.length < count) throw new SkipOperator("too few operands");
  return operands.slice(operands.length - count).map(num);
};

const nameOf = (value: PdfObject | undefined): string => {
  if (!isName(value)) throw new SkipOperator("expected a name");
  return value.name;
};

/** Abbreviations of inline image keys (§8.9.7, Table 93; the filter names' are canonicalFilterName's). */
const INLINE_KEYS: Record<string, string> = {
  BPC: "BitsPerComponent",
  CS: "ColorSpace",
  D: "Decode",
  DP: "DecodeParms",
  F: "Filter",
  H: "Height",
  IM: "ImageMask",
  I: "Interpolate",
  W: "Width",
  L: "Length",
};

/** What a path-painting operator does (§8.5.3, Table 60): close the path first, fill (by the even-odd rule or not), stroke; `n` paints nothing (a pending W clip still applies). */
interface PathPainting {
  readonly close: boolean;
  readonly fill: boolean;
  readonly stroke: boolean;
  readonly evenOdd: boolean;
}

const PATH_PAINTING: Readonly<Record<"f" | "F" | "f*" | "S" | "s" | "B" | "B*" | "b" | "b*" | "n", PathPainting>> = {
  f: { close: false, fill: true, stroke: false, evenOdd: false },
  F: { close: false, fill: true, stroke: false, evenOdd: false },
  "f*": { close: false, fill: true, stroke: false, evenOdd: true },
  S: { close: false, fill: false, stroke: true, evenOdd: false },
  s: { close: true, fill: false, stroke: true, evenOdd: false },
  B: { close: false, fill: true, stroke: true, evenOdd: false },
  "B*": { close: false, fill: true, stroke: true, evenOdd: true },
  b: { close: true, fill: true, stroke: true, evenOdd: false },
  "b*": { close: true, fill: true, stroke: true, evenOdd: true },
  n: { close: false, fill: false, stroke: false, evenOdd: false },
};

/**
 * Interprets a page: its content streams, then (unless `options.annotations` is false) the normal
 * appearances of its printable annotations, reporting to `device` in page coordinates.
 */
export function interpretPage(doc: PdfDocument, page: PdfPage, device: Device, budget: Budget, options: InterpretOptions = {}): void {
  const interpreter = new Interpreter(doc, page, device, budget);
  interpreter.runPage();
  if (options.annotations ?? true) interpreter.runAnnotations();
}

class Interpreter {
  private state: GState = initialState(IDENTITY);
  private readonly stack: GState[] = [];
  /** q operators ignored past MAX_STATE_DEPTH, so their Q are ignored too. */
  private overflowQ = 0;
  /** The stack depth the running stream started at: its Q cannot pop its caller's states. */
  private floor = 0;
  /** Forms (by object) on the current drawing stack: a form that draws itself is skipped. */
  private readonly formStack = new Set<PdfStream>();
  private formDepth = 0;
  private readonly oc: OptionalContent;
  private readonly pageBox: BBox;
  private readonly patternOps = new Map<PdfStream, ContentOp[]>();

  constructor(
    private readonly doc: PdfDocument,
    private readonly page: PdfPage,
    private device: Device,
    private readonly budget: Budget,
  ) {
    this.oc = new OptionalContent(doc);
    this.pageBox = [...page.mediaBox];
  }

  runPage(): void {
    const parts: Uint8Array[] = [];
    let total = 0;
    for (const stream of this.page.contents) {
      const data = this.decode(stream);
      if (data === null) continue;
      parts.push(data);
      total += data.length + 1;
    }
    // The page's streams are one content stream split anywhere, even inside an operator (§7.8.2).
    const joined = new Uint8Array(total);
    let offset = 0;
    for (const part of parts) {
      joined.set(part, offset);
      offset += part.length;
      joined[offset++] = 10;
    }
    this.run(this.lexer(joined), { resources: this.page.resources, baseMatrix: IDENTITY });
  }

  runAnnotations(): void {
    for (const annot of this.page.annotations) {
      this.budget.tick();
      try {
        this.drawAnnotation(annot);
      } catch (error) {
        if (error instanceof PreflightError) throw error;
      }
    }
  }

  private drawAnnotation(annot: PdfDict): void {
    const doc = this.doc;
    const flags = doc.get(annot, "F");
    const f = isNumber(flags) ? flags : 0;
    // Bit 3 Print must be set and bit 2 Hidden clear (§12.5.3).
    if ((f & 4) === 0 || (f & 2) !== 0) return;
    if (annot.entries.has("OC") && !this.oc.isVisible(annot.entries.get("OC"))) return;
    const ap = doc.resolveDict(doc.get(annot, "AP"));
    if (ap === null) return;
    const normal = doc.resolve(ap.entries.get("N"));
    let form: PdfStream | null = null;
    if (isStream(normal)) form = normal;
    else if (isDict(normal)) {
      const as = doc.get(annot, "AS");
      if (isName(as)) form = doc.resolveStream(normal.entries.get(as.name));
    }
    if (form === null) return;
    const rect = this.rectOf(doc.get(annot, "Rect"));
    const bbox = this.rectOf(doc.get(form.dict, "BBox"));
    if (rect === null || bbox === null) return;
    const formMatrix = this.matrixOf(doc.get(form.dict, "Matrix")) ?? IDENTITY;
    // §12.5.5: the BBox transformed by /Matrix, fitted onto /Rect by scaling and translating (matrix A).
    const t = transformRect(bbox, formMatrix);
    const w = t[2] - t[0];
    const h = t[3] - t[1];
    if (w <= 0 || h <= 0) return;
    const sx = (rect[2] - rect[0]) / w;
    const sy = (rect[3] - rect[1]) / h;
    const a: Matrix = [sx, 0, 0, sy, rect[0] - t[0] * sx, rect[1] - t[1] * sy];
    // An appearance starts from the initial graphics state, not the page's leftovers.
    const saved = this.state;
    const savedStack = this.stack.length;
    this.state = initialState(a);
    this.setClipsFrom(saved, this.state);
    try {
      this.drawForm(form, { resources: this.page.resources, baseMatrix: IDENTITY });
    } finally {
      this.stack.length = savedStack;
      const inner = this.state;
      this.state = saved;
      this.setClipsFrom(inner, saved);
    }
  }

  /* ---------- running streams ---------- */

  private decode(stream: PdfStream): Uint8Array | null {
    try {
      return this.doc.decodeStream(stream, { maxBytes: this.budget.limits.maxContentStreamBytes });
    } catch (error) {
      // Budget errors end the check; a stream that cannot be decoded is drawn as empty.
      if (error instanceof PreflightError) throw error;
      return null;
    }
  }

  private lexer(data: Uint8Array): ContentLexer {
    return new ContentLexer(data, { maxDepth: this.budget.limits.maxDepth, onWork: (n) => this.budget.tick(n) });
  }

  /** Runs operators until the source ends; q/Q left unbalanced by the stream are undone here. */
  private run(source: OpSource, frame: Frame): void {
    const stackDepth = this.stack.length;
    const overflowAtStart = this.overflowQ;
    const floorAtStart = this.floor;
    this.floor = stackDepth;
    const ctx: StreamContext = {
      frame,
      path: { subpaths: [] },
      points: 0,
      current: null,
      pendingClip: null,
      marked: [],
      hidden: 0,
      tm: IDENTITY,
      tlm: IDENTITY,
      textClip: null,
    };
    for (;;) {
      const op = source.nextOp();
      if (op === null) break;
      this.budget.tick();
      try {
        this.exec(op, ctx);
      } catch (error) {
        if (error instanceof PreflightError) throw error;
        // A malformed operator (wrong operands, an unreadable resource) is skipped.
      }
    }
    this.overflowQ = overflowAtStart;
    while (this.stack.length > stackDepth) this.popState();
    this.floor = floorAtStart;
  }

  private pushState(): void {
    if (this.stack.length >= MAX_STATE_DEPTH) {
      this.overflowQ++;
      return;
    }
    this.stack.push(this.state);
    this.state = { ...this.state };
  }

  private popState(): void {
    if (this.overflowQ > 0) {
      this.overflowQ--;
      return;
    }
    if (this.stack.length <= this.floor) return;
    const previous = this.stack.pop();
    if (previous === undefined) return;
    const current = this.state;
    this.state = previous;
    this.setClipsFrom(current, previous);
  }

  /** Tells the device when the clip in force differs between two states. */
  private setClipsFrom(from: GState, to: GState): void {
    if (from.clips === to.clips) return;
    const last = to.clips[to.clips.length - 1];
    this.device.clip?.(last === undefined ? null : last.path, last === undefined ? false : last.evenOdd, to.clips);
  }

  private addClip(path: Path, evenOdd: boolean): void {
    const entry: ClipEntry = { path, evenOdd };
    const box = pathBox(path);
    this.state.clips = [...this.state.clips, entry];
    this.state.clipBox = this.state.clipBox === null ? box : (intersect(this.state.clipBox, box) ?? [box[0], box[1], box[0], box[1]]);
    this.device.clip?.(path, evenOdd, this.state.clips);
  }

  private paintState(): PaintState {
    const s = this.state;
    const scale = meanScale(s.ctm);
    return {
      fillOverprint: s.fillOverprint,
      strokeOverprint: s.strokeOverprint,
      overprintMode: s.overprintMode,
      // In page units: the user-space width scaled by the CTM (a zero width is the thinnest line).
      lineWidth: s.lineWidth * scale,
      softMask: s.softMask,
    };
  }

  /* ---------- operators ---------- */

  private exec(op: ContentOp, ctx: StreamContext): void {
    const o = op.operands;
    const s = this.state;
    switch (op.op) {
      // Graphics state
      case "q":
        this.pushState();
        return;
      case "Q":
        this.popState();
        return;
      case "cm": {
        const [a, b, c, d, e, f] = nums(o, 6) as Matrix;
        s.ctm = multiply([a, b, c, d, e, f], s.ctm);
        return;
      }
      case "w":
        s.lineWidth = Math.abs(nums(o, 1)[0] as number);
        return;
      case "J": case "j": case "M": case "d": case "ri": case "i":
        return;
      case "gs":
        this.extGState(nameOf(o[o.length - 1]), ctx.frame);
        return;

      // Path construction
      case "m": {
        const [x, y] = nums(o, 2) as [number, number];
        this.moveTo(ctx, apply(s.ctm, x, y));
        return;
      }
      case "l": {
        const [x, y] = nums(o, 2) as [number, number];
        this.lineTo(ctx, apply(s.ctm, x, y));
        return;
      }
      case "c": {
        const [x1, y1, x2, y2, x3, y3] = nums(o, 6) as Matrix;
        this.curveTo(ctx, apply(s.ctm, x1, y1), apply(s.ctm, x2, y2), apply(s.ctm, x3, y3));
        return;
      }
      case "v": {
        const [x2, y2, x3, y3] = nums(o, 4) as [number, number, number, number];
        const p0 = ctx.current;
        if (p0 === null) throw new SkipOperator("v without a current point");
        this.curveTo(ctx, p0, apply(s.ctm, x2, y2), apply(s.ctm, x3, y3));
        return;
      }
      case "y": {
        const [x1, y1, x3, y3] = nums(o, 4) as [number, number, number, number];
        const p3 = apply(s.ctm, x3, y3);
        this.curveTo(ctx, apply(s.ctm, x1, y1), p3, p3);
        return;
      }
      case "h":
        this.closePath(ctx);
        return;
      case "re": {
        const [x, y, w, h] = nums(o, 4) as [number, number, number, number];
        this.moveTo(ctx, apply(s.ctm, x, y));
        this.lineTo(ctx, apply(s.ctm, x + w, y));
        this.lineTo(ctx, apply(s.ctm, x + w, y + h));
        this.lineTo(ctx, apply(s.ctm, x, y + h));
        this.closePath(ctx);
        return;
      }

      // Path painting
      case "f": case "F": case "f*": case "S": case "s": case "B": case "B*": case "b": case "b*": case "n": {
        const painting = PATH_PAINTING[op.op];
        if (painting.close) this.closePath(ctx);
        this.paint(ctx, painting);
        return;
      }
      case "W":
        ctx.pendingClip = false;
        return;
      case "W*":
        ctx.pendingClip = true;
        return;

      // Colour
      case "g": case "G":
        this.setColor(op.op === "G", { space: { family: "DeviceGray" }, components: nums(o, 1) });
        return;
      case "rg": case "RG":
        this.setColor(op.op === "RG", { space: { family: "DeviceRGB" }, components: nums(o, 3) });
        return;
      case "k": case "K":
        this.setColor(op.op === "K", { space: { family: "DeviceCMYK" }, components: nums(o, 4) });
        return;
      case "cs": case "CS": {
        if (s.colorLocked) return;
        const space = resolveColorSpace(this.doc, o[o.length - 1] ?? null, ctx.frame.resources);
        this.setColor(op.op === "CS", { space, components: initialColor(space) });
        return;
      }
      case "sc": case "scn": case "SC": case "SCN":
        this.setComponents(op.op === "SC" || op.op === "SCN", o, ctx.frame);
        return;

      // XObjects, shadings, inline images
      case "Do":
        if (ctx.hidden === 0) this.doXObject(nameOf(o[o.length - 1]), ctx.frame);
        return;
      case "sh":
        if (ctx.hidden === 0) this.shade(nameOf(o[o.length - 1]), ctx.frame);
        return;
      case "BI":
        if (ctx.hidden === 0 && op.inline !== undefined) this.inlineImage(op.inline.dict, op.inline.data, ctx.frame);
        return;

      // Text
      case "BT":
        ctx.tm = IDENTITY;
        ctx.tlm = IDENTITY;
        ctx.textClip = null;
        return;
      case "ET":
        // Clipping render modes (4–7) add the glyphs shown to the clip at ET (§9.3.6); their boxes stand in for the outlines.
        if (ctx.textClip !== null && ctx.textClip.subpaths.length > 0) this.addClip(ctx.textClip, false);
        ctx.textClip = null;
        return;
      case "Tc":
        s.charSpacing = nums(o, 1)[0] as number;
        return;
      case "Tw":
        s.wordSpacing = nums(o, 1)[0] as number;
        return;
      case "Tz":
        s.hScale = (nums(o, 1)[0] as number) / 100;
        return;
      case "TL":
        s.leading = nums(o, 1)[0] as number;
        return;
      case "Ts":
        s.rise = nums(o, 1)[0] as number;
        return;
      case "Tr": {
        const mode = nums(o, 1)[0] as number;
        if (!Number.isInteger(mode) || mode < 0 || mode > 7) throw new SkipOperator("bad render mode");
        s.renderMode = mode;
        return;
      }
      case "Tf": {
        const size = num(o[o.length - 1]);
        const name = nameOf(o[o.length - 2]);
        const fonts = this.doc.resolveDict(this.doc.get(ctx.frame.resources, "Font"));
        s.font = fonts === null ? null : this.doc.resolveDict(fonts.entries.get(name));
        s.fontSize = size;
        return;
      }
      case "Td": {
        const [tx, ty] = nums(o, 2) as [number, number];
        ctx.tlm = multiply([1, 0, 0, 1, tx, ty], ctx.tlm);
        ctx.tm = ctx.tlm;
        return;
      }
      case "TD": {
        const [tx, ty] = nums(o, 2) as [number, number];
        s.leading = -ty;
        ctx.tlm = multiply([1, 0, 0, 1, tx, ty], ctx.tlm);
        ctx.tm = ctx.tlm;
        return;
      }
      case "Tm": {
        const m = nums(o, 6) as Matrix;
        ctx.tlm = [...m];
        ctx.tm = ctx.tlm;
        return;
      }
      case "T*":
        this.nextLine(ctx);
        return;
      case "Tj": {
        const str = o[o.length - 1];
        if (!isString(str)) throw new SkipOperator("Tj without a string");
        this.showText(ctx, "Tj", [str.bytes]);
        return;
      }
      case "'": {
        const str = o[o.length - 1];
        if (!isString(str)) throw new SkipOperator("' without a string");
        this.nextLine(ctx);
        this.showText(ctx, "'", [str.bytes]);
        return;
      }
      case "\"": {
        const str = o[o.length - 1];
        if (!isString(str) || o.length < 3) throw new SkipOperator("\" without its operands");
        const aw = num(o[o.length - 3]);
        const ac = num(o[o.length - 2]);
        s.wordSpacing = aw;
        s.charSpacing = ac;
        this.nextLine(ctx);
        this.showText(ctx, "\"", [str.bytes]);
        return;
      }
      case "TJ": {
        const arr = o[o.length - 1];
        if (!isArray(arr)) throw new SkipOperator("TJ without an array");
        const items: Array<Uint8Array | number> = [];
        for (const item of arr) {
          if (isString(item)) items.push(item.bytes);
          else if (isNumber(item)) items.push(item);
        }
        this.showText(ctx, "TJ", items);
        return;
      }

      // Marked content and optional content
      case "BMC":
        ctx.marked.push(false);
        return;
      case "BDC": {
        const hidden = this.markedHidden(o, ctx.frame);
        ctx.marked.push(hidden);
        if (hidden) ctx.hidden++;
        return;
      }
      case "EMC": {
        const hidden = ctx.marked.pop();
        if (hidden === true) ctx.hidden--;
        return;
      }
      case "MP": case "DP": case "BX": case "EX": case "d0": case "d1":
        return;
      default:
        // Unknown operators are allowed inside BX/EX and harmless outside; nothing to draw.
        return;
    }
  }

  /* ---------- paths ---------- */

  private moveTo(ctx: StreamContext, p: [number, number]): void {
    const last = ctx.path.subpaths[ctx.path.subpaths.length - 1];
    if (last !== undefined && last.points.length === 1 && !last.closed) last.points[0] = p;
    else if (ctx.points < MAX_PATH_POINTS) {
      ctx.path.subpaths.push({ points: [p], closed: false });
      ctx.points++;
    }
    ctx.current = p;
  }

  private lineTo(ctx: StreamContext, p: [number, number]): void {
    const last = ctx.path.subpaths[ctx.path.subpaths.length - 1];
    if (last === undefined || ctx.current === null) throw new SkipOperator("no current point");
    ctx.current = p;
    if (ctx.points >= MAX_PATH_POINTS) return;
    if (last.closed) {
      // After h, a new subpath starts at the closed one's start point (§8.5.2.1).
      const start = last.points[0] ?? p;
      ctx.path.subpaths.push({ points: [start, p], closed: false });
      ctx.points += 2;
    } else {
      last.points.push(p);
      ctx.points++;
    }
  }

  private curveTo(ctx: StreamContext, p1: [number, number], p2: [number, number], p3: [number, number]): void {
    const p0 = ctx.current;
    if (p0 === null) throw new SkipOperator("no current point");
    for (let i = 1; i <= CURVE_SEGMENTS; i++) {
      const t = i / CURVE_SEGMENTS;
      const u = 1 - t;
      const a = u * u * u;
      const b = 3 * u * u * t;
      const c = 3 * u * t * t;
      const d = t * t * t;
      this.lineTo(ctx, [a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]]);
    }
  }

  private closePath(ctx: StreamContext): void {
    const last = ctx.path.subpaths[ctx.path.subpaths.length - 1];
    if (last === undefined || last.closed) return;
    last.closed = true;
    ctx.current = last.points[0] ?? null;
  }

  private paint(ctx: StreamContext, { fill, stroke, evenOdd }: PathPainting): void {
    const path = ctx.path;
    const clip = ctx.pendingClip;
    ctx.path = { subpaths: [] };
    ctx.points = 0;
    ctx.current = null;
    ctx.pendingClip = null;
    const hasPoints = path.subpaths.some((sp) => sp.points.length > 0);
    if (hasPoints && ctx.hidden === 0) {
      const state = this.paintState();
      if (fill) this.fillPath(path, evenOdd, state, ctx.frame);
      if (stroke) this.strokePath(path, state, ctx.frame);
    }
    // A clip in hidden content still clips what follows (clipping is not drawing).
    if (clip !== null && hasPoints) this.addClip(path, clip);
  }

  private fillPath(path: Path, evenOdd: boolean, state: PaintState, frame: Frame): void {
    const s = this.state;
    const bbox = pathBox(path);
    if (s.fillPattern !== null) {
      this.paintPattern(s.fillPattern, s.fill, { path, evenOdd }, bbox, "fill", frame);
      return;
    }
    // The Pattern space selected but no pattern given: nothing can be painted.
    if (s.fill.space.family === "Pattern") return;
    this.device.colorSpaceUsed?.(s.fill.space, "fill", bbox);
    this.device.fillPath?.(path, s.fill, evenOdd, state, bbox);
  }

  private strokePath(path: Path, state: PaintState, frame: Frame): void {
    const s = this.state;
    const half = state.lineWidth / 2;
    const box = pathBox(path);
    const bbox: BBox = [box[0] - half, box[1] - half, box[2] + half, box[3] + half];
    if (s.strokePattern !== null) {
      this.paintPattern(s.strokePattern, s.stroke, { path: rectPath(bbox), evenOdd: false }, bbox, "stroke", frame);
      return;
    }
    if (s.stroke.space.family === "Pattern") return;
    this.device.colorSpaceUsed?.(s.stroke.space, "stroke", bbox);
    this.device.strokePath?.(path, s.stroke, state, bbox);
  }

  /* ---------- colour ---------- */

  private setColor(stroke: boolean, color: PaintColor): void {
    const s = this.state;
    if (s.colorLocked) return;
    if (color.components.length !== componentCount(color.space) && color.space.family !== "Pattern") throw new SkipOperator("wrong number of components");
    if (stroke) {
      s.stroke = color;
      s.strokePattern = null;
    } else {
      s.fill = color;
      s.fillPattern = null;
    }
  }

  private setComponents(stroke: boolean, o: PdfObject[], frame: Frame): void {
    const s = this.state;
    if (s.colorLocked) return;
    const current = stroke ? s.stroke : s.fill;
    const space = current.space;
    if (space.family === "Pattern") {
      const name = nameOf(o[o.length - 1]);
      const patterns = this.doc.resolveDict(this.doc.get(frame.resources, "Pattern"));
      const value = patterns === null ? null : this.doc.resolve(patterns.entries.get(name));
      const pattern = isStream(value) || isDict(value) ? value : null;
      if (pattern === null) throw new SkipOperator(`unknown pattern /${name}`);
      const n = space.base === null ? 0 : componentCount(space.base);
      const components = n === 0 ? [] : nums(o.slice(0, o.length - 1), n);
      if (stroke) {
        s.stroke = { space, components };
        s.strokePattern = pattern;
      } else {
        s.fill = { space, components };
        s.fillPattern = pattern;
      }
      return;
    }
    const n = componentCount(space);
    const components = nums(o, n);
    if (stroke) s.stroke = { space, components };
    else s.fill = { space, components };
  }

  private extGState(name: string, frame: Frame): void {
    const doc = this.doc;
    const all = doc.resolveDict(doc.get(frame.resources, "ExtGState"));
    const gs = all === null ? null : doc.resolveDict(all.entries.get(name));
    if (gs === null) throw new SkipOperator(`unknown ExtGState /${name}`);
    const s = this.state;
    const OP = doc.get(gs, "OP");
    const op = doc.get(gs, "op");
    if (typeof OP === "boolean") {
      s.strokeOverprint = OP;
      // /op defaults to /OP when absent (§8.4.5 Table 58).
      if (typeof op !== "boolean") s.fillOverprint = OP;
    }
    if (typeof op === "boolean") s.fillOverprint = op;
    const opm = doc.get(gs, "OPM");
    if (isNumber(opm)) s.overprintMode = opm === 1 ? 1 : 0;
    const lw = doc.get(gs, "LW");
    if (isNumber(lw)) s.lineWidth = Math.abs(lw);
    if (gs.entries.has("SMask")) {
      const smask = doc.get(gs, "SMask");
      s.softMask = !(isName(smask, "None") || smask === null);
    }
    const font = doc.resolveArray(doc.get(gs, "Font"));
    if (font !== null) {
      const dict = doc.resolveDict(font[0]);
      const size = doc.resolve(font[1]);
      if (dict !== null && isNumber(size)) {
        s.font = dict;
        s.fontSize = size;
      }
    }
  }

  /* ---------- patterns ---------- */

  /**
   * Paints `area` (the filled path, clipping) with a pattern: a shading pattern reports its shading,
   * a tiling pattern's cell is interpreted for every tile over the area (pattern matrix composed
   * with the stream's pattern space), an uncoloured one in the base colour.
   */
  private paintPattern(pattern: PdfDict | PdfStream, color: PaintColor, area: ClipEntry, bbox: BBox, site: UseSite, frame: Frame): void {
    const doc = this.doc;
    const dict = isStream(pattern) ? pattern.dict : pattern;
    const type = doc.get(dict, "PatternType");
    const patternMatrix = multiply(this.matrixOf(doc.get(dict, "Matrix")) ?? IDENTITY, frame.baseMatrix);
    const space = color.space.family === "Pattern" ? color.space : null;
    this.withClip(area, () => {
      if (type === 2) {
        const shading = doc.resolve(doc.get(dict, "Shading"));
        if (!isDict(shading) && !isStream(shading)) return;
        const shadingSpace = this.shadingSpace(shading, frame);
        if (shadingSpace === null) return;
        const clipped = this.state.clipBox === null ? bbox : (intersect(this.state.clipBox, bbox) ?? bbox);
        this.device.colorSpaceUsed?.(shadingSpace, "pattern", clipped);
        this.device.drawShading?.({ shading, space: shadingSpace, ctm: patternMatrix, bbox: clipped, state: this.paintState() });
        return;
      }
      if (type !== 1 || !isStream(pattern)) return;
      const paintType = doc.get(dict, "PaintType");
      const uncoloured = paintType === 2;
      if (uncoloured) {
        if (space === null || space.base === null) return;
        this.device.colorSpaceUsed?.(space.base, site === "text" ? "text" : site, bbox);
      }
      this.tilePattern(pattern, patternMatrix, bbox, uncoloured && space !== null && space.base !== null ? { space: space.base, components: color.components } : null, frame);
    });
  }

  private tilePattern(pattern: PdfStream, patternMatrix: Matrix, area: BBox, lockedColor: PaintColor | null, frame: Frame): void {
    const doc = this.doc;
    const cell = this.rectOf(doc.get(pattern.dict, "BBox"));
    const xStepValue = doc.get(pattern.dict, "XStep");
    const yStepValue = doc.get(pattern.dict, "YStep");
    if (cell === null || !isNumber(xStepValue) || !isNumber(yStepValue) || xStepValue === 0 || yStepValue === 0) return;
    if (this.formStack.has(pattern) || this.formDepth >= this.budget.limits.maxFormDepth) return;
    const inverse = invert(patternMatrix);
    if (inverse === null) return;
    const xStep = Math.abs(xStepValue);
    const yStep = Math.abs(yStepValue);
    // The area in pattern space gives the tile indices whose cells can touch it.
    const p = transformRect(area, inverse);
    const i0 = Math.floor((p[0] - cell[2]) / xStep);
    const i1 = Math.ceil((p[2] - cell[0]) / xStep);
    const j0 = Math.floor((p[1] - cell[3]) / yStep);
    const j1 = Math.ceil((p[3] - cell[1]) / yStep);
    const ops = this.patternOperators(pattern);
    if (ops === null) return;
    const resources = doc.resolveDict(doc.get(pattern.dict, "Resources")) ?? frame.resources;
    let tiles = 0;
    this.formStack.add(pattern);
    this.formDepth++;
    try {
      for (let j = j0; j <= j1 && tiles < MAX_TILES; j++) {
        for (let i = i0; i <= i1 && tiles < MAX_TILES; i++) {
          tiles++;
          this.budget.tick();
          const tileMatrix = multiply([1, 0, 0, 1, i * xStep, j * yStep], patternMatrix);
          const tileBox = transformRect(cell, tileMatrix);
          if (intersect(tileBox, area) === null) continue;
          const saved = this.state;
          const savedStack = this.stack.length;
          const fresh = initialState(tileMatrix);
          // A pattern cell starts from the initial graphics state (§8.7.3.1), inside the current clip.
          fresh.clips = saved.clips;
          fresh.clipBox = saved.clipBox;
          if (lockedColor !== null) {
            fresh.fill = lockedColor;
            fresh.stroke = lockedColor;
            fresh.colorLocked = true;
          }
          this.state = fresh;
          try {
            this.addClip(rectPathUnder(cell, tileMatrix), false);
            let index = 0;
            this.run({ nextOp: () => ops[index++] ?? null }, { resources, baseMatrix: tileMatrix });
          } finally {
            this.stack.length = savedStack;
            const inner = this.state;
            this.state = saved;
            this.setClipsFrom(inner, saved);
          }
        }
      }
    } finally {
      this.formDepth--;
      this.formStack.delete(pattern);
    }
  }

  private patternOperators(pattern: PdfStream): ContentOp[] | null {
    const cached = this.patternOps.get(pattern);
    if (cached !== undefined) return cached;
    const data = this.decode(pattern);
    if (data === null) return null;
    const lexer = this.lexer(data);
    const ops: ContentOp[] = [];
    for (let op = lexer.nextOp(); op !== null; op = lexer.nextOp()) {
      this.budget.tick();
      ops.push(op);
    }
    this.patternOps.set(pattern, ops);
    return ops;
  }

  /** Runs `body` with `area` pushed as a clip, restoring the clip after. */
  private withClip(area: ClipEntry, body: () => void): void {
    const saved = this.state;
    this.state = { ...saved };
    this.addClip(area.path, area.evenOdd);
    try {
      body();
    } finally {
      const inner = this.state;
      this.state = saved;
      this.setClipsFrom(inner, saved);
    }
  }

  /* ---------- shadings ---------- */

  private shadingSpace(shading: PdfDict | PdfStream, frame: Frame): ColorSpace | null {
    const dict = isStream(shading) ? shading.dict : shading;
    try {
      return resolveColorSpace(this.doc, dict.entries.get("ColorSpace"), frame.resources);
    } catch (error) {
      if (error instanceof PreflightError) throw error;
      return null;
    }
  }

  private shade(name: string, frame: Frame): void {
    const doc = this.doc;
    const shadings = doc.resolveDict(doc.get(frame.resources, "Shading"));
    const shading = shadings === null ? null : doc.resolve(shadings.entries.get(name));
    if (!isDict(shading) && !isStream(shading)) throw new SkipOperator(`unknown shading /${name}`);
    const space = this.shadingSpace(shading, frame);
    if (space === null) throw new SkipOperator("shading without a readable colour space");
    const dict = isStream(shading) ? shading.dict : shading;
    let bbox: BBox = this.state.clipBox ?? this.pageBox;
    const own = this.rectOf(doc.get(dict, "BBox"));
    if (own !== null) bbox = intersect(bbox, transformRect(own, this.state.ctm)) ?? [bbox[0], bbox[1], bbox[0], bbox[1]];
    this.device.colorSpaceUsed?.(space, "shading", bbox);
    this.device.drawShading?.({ shading, space, ctm: [...this.state.ctm], bbox, state: this.paintState() });
  }

  /* ---------- XObjects ---------- */

  private doXObject(name: string, frame: Frame): void {
    const doc = this.doc;
    const xobjects = doc.resolveDict(doc.get(frame.resources, "XObject"));
    const xobject = xobjects === null ? null : doc.resolveStream(xobjects.entries.get(name));
    if (xobject === null) throw new SkipOperator(`unknown XObject /${name}`);
    const subtype = doc.get(xobject.dict, "Subtype");
    if (xobject.dict.entries.has("OC") && !this.oc.isVisible(xobject.dict.entries.get("OC"))) return;
    if (isName(subtype, "Image")) this.image(xobject, xobject.dict, false, frame);
    else if (isName(subtype, "Form")) this.drawForm(xobject, frame);
    // PS XObjects and others draw nothing in a PDF consumer.
  }

  /** A form XObject (§8.10): /Matrix composed, clipped to /BBox, its own /Resources or the parent's. */
  private drawForm(form: PdfStream, parent: Frame): void {
    if (this.formStack.has(form) || this.formDepth >= this.budget.limits.maxFormDepth) return;
    const doc = this.doc;
    const data = this.decode(form);
    if (data === null) return;
    const matrix = this.matrixOf(doc.get(form.dict, "Matrix")) ?? IDENTITY;
    const bbox = this.rectOf(doc.get(form.dict, "BBox"));
    const resources = doc.resolveDict(doc.get(form.dict, "Resources")) ?? parent.resources;
    const saved = this.state;
    const savedStack = this.stack.length;
    this.state = { ...saved, ctm: multiply(matrix, saved.ctm) };
    this.formStack.add(form);
    this.formDepth++;
    try {
      if (bbox !== null) this.addClip(rectPathUnder(bbox, this.state.ctm), false);
      this.run(this.lexer(data), { resources, baseMatrix: this.state.ctm });
    } finally {
      this.formDepth--;
      this.formStack.delete(form);
      this.stack.length = savedStack;
      const inner = this.state;
      this.state = saved;
      this.setClipsFrom(inner, saved);
    }
  }

  /** An image XObject or inline image (§8.9): reported with its CTM, filters, size and colour space. */
  private image(stream: PdfStream, dict: PdfDict, inline: boolean, frame: Frame): void {
    const doc = this.doc;
    const width = doc.get(dict, "Width");
    const height = doc.get(dict, "Height");
    if (!isNumber(width) || !isNumber(height) || width <= 0 || height <= 0) throw new SkipOperator("image without a size");
    const imageMask = doc.get(dict, "ImageMask") === true;
    const filters = filterNames(doc, dict);
    const bpcValue = doc.get(dict, "BitsPerComponent");
    let bitsPerComponent = imageMask ? 1 : isNumber(bpcValue) ? bpcValue : 8;
    let space: ColorSpace | null = null;
    if (!imageMask) {
      const csValue = dict.entries.get("ColorSpace");
      if (csValue !== undefined) space = resolveColorSpace(doc, csValue, frame.resources);
      else if (filters.includes("JPXDecode")) {
        const jpx = jpxInfo(stream.raw);
        space = jpx.space;
        if (!isNumber(bpcValue) && jpx.bits !== null) bitsPerComponent = jpx.bits;
      }
      // Without any colour space the image is still judged for size and filters; gray is the neutral guess.
      space ??= DEVICE_GRAY;
    }
    const decodeValue = doc.resolveArray(doc.get(dict, "Decode"));
    const decode = decodeValue === null ? null : decodeValue.map((v) => doc.resolve(v)).filter(isNumber);
    const ctm: Matrix = [...this.state.ctm];
    const bbox = transformRect([0, 0, 1, 1], ctm);
    const smask = doc.get(dict, "SMask");
    const mask = doc.get(dict, "Mask");
    const s = this.state;
    const draw: ImageDraw = {
      stream,
      inline,
      width,
      height,
      bitsPerComponent,
      space,
      imageMask,
      filters,
      ctm,
      decode,
      hasSoftMask: isStream(smask) || isStream(mask) || isArray(mask),
      state: this.paintState(),
      fill: imageMask ? s.fill : null,
    };
    if (space !== null) this.device.colorSpaceUsed?.(space, inline ? "inline-image" : "image", bbox);
    else if (s.fillPattern !== null) this.paintPattern(s.fillPattern, s.fill, { path: rectPath(bbox), evenOdd: false }, bbox, "fill", frame);
    else if (s.fill.space.family !== "Pattern") this.device.colorSpaceUsed?.(s.fill.space, "fill", bbox);
    this.device.drawImage?.(draw, bbox);
  }

  private inlineImage(raw: PdfDict, data: Uint8Array, frame: Frame): void {
    const entries = new Map<string, PdfObject>();
    for (const [key, value] of raw.entries) {
      const full = INLINE_KEYS[key] ?? key;
      if (full === "Filter") {
        const expand = (v: PdfObject): PdfObject => (isName(v) ? { kind: "name", name: canonicalFilterName(v.name) } : v);
        entries.set(full, isArray(value) ? value.map(expand) : expand(value));
      } else {
        entries.set(full, value);
      }
    }
    if (!entries.has("Subtype")) entries.set("Subtype", { kind: "name", name: "Image" });
    const dict: PdfDict = { kind: "dict", entries };
    const stream: PdfStream = { kind: "stream", dict, raw: data, ref: null };
    this.image(stream, dict, true, frame);
  }

  /* ---------- text ---------- */

  private nextLine(ctx: StreamContext): void {
    ctx.tlm = multiply([1, 0, 0, 1, 0, -this.state.leading], ctx.tlm);
    ctx.tm = ctx.tlm;
  }

  /**
   * A text-showing operator (§9.4.3): advances the text matrix glyph by glyph with the font's
   * widths, and reports the text with an estimate of its box (advance × ascent/descent).
   */
  private showText(ctx: StreamContext, operator: string, items: Array<Uint8Array | number>): void {
    const s = this.state;
    const metrics = fontMetrics(this.doc, s.font);
    const fs = s.fontSize;
    const th = s.hScale;
    let x = 0;
    let minX = 0;
    let maxX = 0;
    let glyphs = 0;
    for (const item of items) {
      if (typeof item === "number") {
        x -= (item / 1000) * fs * th;
      } else {
        const step = metrics.codeLength;
        for (let i = 0; i + step <= item.length; i += step) {
          const code = step === 2 ? ((item[i] as number) << 8) | (item[i + 1] as number) : (item[i] as number);
          glyphs++;
          const w0 = metrics.width(code);
          // Word spacing applies to the single-byte code 32 only (§9.3.3).
          const tw = step === 1 && code === 32 ? s.wordSpacing : 0;
          const left = x;
          x += (w0 * fs + s.charSpacing + tw) * th;
          minX = Math.min(minX, left, x);
          maxX = Math.max(maxX, left, x);
        }
      }
      if (glyphs > 1_000_000) break;
    }
    this.budget.tick(Math.ceil(glyphs / 64));
    const trm = multiply(ctx.tm, s.ctm);
    const y0 = s.rise + metrics.descent * Math.abs(fs);
    const y1 = s.rise + metrics.ascent * Math.abs(fs);
    const bbox = transformRect([minX, Math.min(y0, y1), maxX, Math.max(y0, y1)], trm);
    ctx.tm = multiply([1, 0, 0, 1, x, 0], ctx.tm);
    if (glyphs > 0 && s.renderMode >= 4) {
      ctx.textClip ??= { subpaths: [] };
      const sub = rectPath(bbox).subpaths[0];
      if (sub !== undefined && ctx.textClip.subpaths.length < 10_000) ctx.textClip.subpaths.push(sub);
    }
    if (glyphs === 0 || ctx.hidden > 0) return;
    const subtypeValue = s.font === null ? null : this.doc.get(s.font, "Subtype");
    const fontSubtype = isName(subtypeValue) ? subtypeValue.name : null;
    const state = this.paintState();
    this.device.showText?.({ operator, font: s.font, fontSubtype, renderMode: s.renderMode, fill: s.fill, stroke: s.stroke, bbox, state });
    const mode = s.renderMode;
    if (metrics.subtype === "Type3" && mode !== 3 && mode !== 7 && s.font !== null) this.type3Glyphs(s.font, items, trm, ctx.frame);
    const fills = mode === 0 || mode === 2 || mode === 4 || mode === 6;
    const strokes = mode === 1 || mode === 2 || mode === 5 || mode === 6;
    if (fills) {
      if (s.fillPattern !== null) this.paintPattern(s.fillPattern, s.fill, { path: rectPath(bbox), evenOdd: false }, bbox, "text", ctx.frame);
      else if (s.fill.space.family !== "Pattern") this.device.colorSpaceUsed?.(s.fill.space, "text", bbox);
    }
    if (strokes) {
      if (s.strokePattern !== null) this.paintPattern(s.strokePattern, s.stroke, { path: rectPath(bbox), evenOdd: false }, bbox, "text", ctx.frame);
      else if (s.stroke.space.family !== "Pattern") this.device.colorSpaceUsed?.(s.stroke.space, "text", bbox);
    }
  }

  /**
   * The glyph procedures of a Type3 font are content streams (§9.6.5). A coloured glyph (d0) may
   * set its own colours and draw images: each distinct glyph of the show is interpreted once, and
   * only the colour spaces it uses are passed on — the text itself is reported by showText, so its
   * paths are not painted twice. Uncoloured glyphs (d1) paint in the text colour, already reported.
   */
  private type3Glyphs(font: PdfDict, items: Array<Uint8Array | number>, trm: Matrix, frame: Frame): void {
    const doc = this.doc;
    const charProcs = doc.resolveDict(doc.get(font, "CharProcs"));
    const encoding = doc.resolveDict(doc.get(font, "Encoding"));
    const differences = encoding === null ? null : doc.resolveArray(doc.get(encoding, "Differences"));
    if (charProcs === null || differences === null) return;
    const names = new Map<number, string>();
    let code = 0;
    for (const item of differences) {
      const v = doc.resolve(item);
      if (isNumber(v)) code = v;
      else if (isName(v)) names.set(code++, v.name);
    }
    const fontMatrix = this.matrixOf(doc.get(font, "FontMatrix")) ?? [0.001, 0, 0, 0.001, 0, 0];
    const s = this.state;
    const glyphMatrix = multiply(multiply(fontMatrix, [s.fontSize * s.hScale, 0, 0, s.fontSize, 0, s.rise]), trm);
    const resources = doc.resolveDict(doc.get(font, "Resources")) ?? frame.resources;
    const seen = new Set<number>();
    for (const item of items) {
      if (typeof item === "number") continue;
      for (const c of item) {
        if (seen.has(c)) continue;
        seen.add(c);
        const name = names.get(c);
        const proc = name === undefined ? null : doc.resolveStream(charProcs.entries.get(name));
        if (proc === null || this.formStack.has(proc) || this.formDepth >= this.budget.limits.maxFormDepth) continue;
        const ops = this.patternOperators(proc);
        if (ops === null || ops.find((op) => op.op === "d0" || op.op === "d1")?.op !== "d0") continue;
        const outer = this.device;
        const saved = this.state;
        const savedStack = this.stack.length;
        this.device = { colorSpaceUsed: (space, site, bbox) => outer.colorSpaceUsed?.(space, site, bbox) };
        this.state = { ...initialState(glyphMatrix), fill: saved.fill, stroke: saved.stroke, clips: saved.clips, clipBox: saved.clipBox };
        this.formStack.add(proc);
        this.formDepth++;
        try {
          let index = 0;
          this.run({ nextOp: () => ops[index++] ?? null }, { resources, baseMatrix: glyphMatrix });
        } finally {
          this.formDepth--;
          this.formStack.delete(proc);
          this.stack.length = savedStack;
          this.state = saved;
          this.device = outer;
        }
      }
    }
  }

  /* ---------- marked content ---------- */

  private markedHidden(o: PdfObject[], frame: Frame): boolean {
    if (o.length < 2 || !isName(o[o.length - 2], "OC")) return false;
    const props = o[o.length - 1];
    let dict: PdfObject | undefined = props;
    if (isName(props)) {
      const all = this.doc.resolveDict(this.doc.get(frame.resources, "Properties"));
      dict = all === null ? undefined : all.entries.get(props.name);
    }
    return !this.oc.isVisible(dict);
  }

  /* ---------- helpers ---------- */

  private rectOf(value: PdfObject): BBox | null {
    const arr = this.doc.resolveArray(value);
    if (arr === null) return null;
    const values = arr.map((v) => this.doc.resolve(v));
    if (!values.every(isNumber)) return null;
    return normalizeRect(values as number[]);
  }

  private matrixOf(value: PdfObject): Matrix | null {
    const arr = this.doc.resolveArray(value);
    if (arr === null || arr.length !== 6) return null;
    const values = arr.map((v) => this.doc.resolve(v));
    if (!values.every(isNumber)) return null;
    return values as Matrix;
  }
}

interface StreamContext {
  frame: Frame;
  path: Path;
  /** Points in `path`, capped at MAX_PATH_POINTS. */
  points: number;
  current: [number, number] | null;
  /** W or W* seen: the clip (even-odd when true) applies at the next painting operator. */
  pendingClip: boolean | null;
  /** Marked-content stack: true where that level is hidden optional content. */
  marked: boolean[];
  /** How many levels of the marked-content stack are hidden. */
  hidden: number;
  tm: Matrix;
  tlm: Matrix;
  /** Boxes of text shown in a clipping render mode since BT. */
  textClip: Path | null;
}

function pathBox(path: Path): BBox {
  const pts: Array<[number, number]> = [];
  for (const sp of path.subpaths) for (const p of sp.points) pts.push(p);
  return boundsOf(pts);
}

function rectPath(b: BBox): Path {
  return { subpaths: [{ points: [[b[0], b[1]], [b[2], b[1]], [b[2], b[3]], [b[0], b[3]]], closed: true }] };
}

/** The rectangle `r` of user space, as a path in page space under `m` (a parallelogram when rotated). */
function rectPathUnder(r: BBox, m: Matrix): Path {
  return { subpaths: [{ points: [apply(m, r[0], r[1]), apply(m, r[2], r[1]), apply(m, r[2], r[3]), apply(m, r[0], r[3])], closed: true }] };
}

function filterNames(doc: PdfDocument, dict: PdfDict): string[] {
  const value = doc.resolve(dict.entries.get("Filter"));
  if (isName(value)) return [value.name];
  if (isArray(value)) {
    const out: string[] = [];
    for (const v of value) {
      const r = doc.resolve(v);
      if (isName(r)) out.push(r.name);
    }
    return out;
  }
  return [];
}

/**
 * The colour space and bit depth of a JPEG 2000 image without /ColorSpace (§8.9.5: the codestream
 * carries them): the JP2 `colr` box's enumerated space (16 sRGB, 18 sYCC → RGB; 17 → gray; 12 →
 * CMYK), else the component count of the codestream's SIZ marker (1 gray, 3 RGB, 4 CMYK).
 */
export function jpxInfo(raw: Uint8Array): { space: ColorSpace | null; bits: number | null } {
  const limit = Math.min(raw.length, 65536);
  let space: ColorSpace | null = null;
  let bits: number | null = null;
  let components: number | null = null;
  for (let i = 0; i + 8 < limit; i++) {
    // "colr" box: method (1 byte), precedence, approximation, then EnumCS (4 bytes) when method is 1.
    if (space === null && raw[i] === 0x63 && raw[i + 1] === 0x6f && raw[i + 2] === 0x6c && raw[i + 3] === 0x72 && raw[i + 4] === 1) {
      const e = ((raw[i + 7] ?? 0) << 24) | ((raw[i + 8] ?? 0) << 16) | ((raw[i + 9] ?? 0) << 8) | (raw[i + 10] ?? 0);
      if (e === 16 || e === 18) space = { family: "DeviceRGB" };
      else if (e === 17) space = { family: "DeviceGray" };
      else if (e === 12) space = { family: "DeviceCMYK" };
    }
    // SIZ marker FF 51: Lsiz(2) Rsiz(2) 8 × 4 bytes of sizes, Csiz(2), then Ssiz per component.
    if (components === null && raw[i] === 0xff && raw[i + 1] === 0x51 && i + 42 < raw.length) {
      components = ((raw[i + 38] ?? 0) << 8) | (raw[i + 39] ?? 0);
      bits = ((raw[i + 40] ?? 0) & 0x7f) + 1;
    }
    if (space !== null && components !== null) break;
  }
  if (space === null && components !== null) {
    if (components === 1) space = { family: "DeviceGray" };
    else if (components === 3) space = { family: "DeviceRGB" };
    else if (components === 4) space = { family: "DeviceCMYK" };
  }
  return { space, bits };
}
