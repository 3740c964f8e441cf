import type { PdfDocument } from "../core/document";
import { isArray, isName, isNumber, isStream, isString } from "../core/objects";
import type { PdfDict, PdfObject } from "../core/objects";
import { PreflightError } from "../core/errors";
import type { ColorSpace, PaintColor, TintTransform } from "./device";
import { compileFunction } from "./functions";

/*
 * Colour spaces (ISO 32000-1 §8.6): resolving a colour-space operand or entry into a ColorSpace,
 * the number of components and initial colour of each, and a naive conversion of any colour to
 * CMYK for the ink estimate.
 */

/** A colour space that cannot be read (unknown name, malformed array, a cycle). */
export class ColorSpaceError extends Error {
  override readonly name = "ColorSpaceError";
}

/** The process colorants that map straight onto the CMYK plates. */
export const PROCESS_COLORANTS = ["Cyan", "Magenta", "Yellow", "Black"] as const;

const DEVICE_GRAY: ColorSpace = { family: "DeviceGray" };
const DEVICE_RGB: ColorSpace = { family: "DeviceRGB" };
const DEVICE_CMYK: ColorSpace = { family: "DeviceCMYK" };

/** Inline-image abbreviations (§8.9.7 Table 94) of the device spaces and Indexed. */
const ABBREVIATIONS: Record<string, string> = { G: "DeviceGray", RGB: "DeviceRGB", CMYK: "DeviceCMYK", I: "Indexed" };

/**
 * Resolves a colour space given as a name (a device family, `Pattern`, or a key of the resources'
 * /ColorSpace) or an array (§8.6.3 ff.). Throws ColorSpaceError when it cannot be read; the
 * caller skips the operator or object. Results are cached per array object.
 */
export function resolveColorSpace(doc: PdfDocument, value: PdfObject | undefined, resources: PdfDict | null): ColorSpace {
  return resolveInner(doc, value, resources, 0);
}

/** `resolveColorSpace`, null instead of an error. */
export function tryResolveColorSpace(doc: PdfDocument, value: PdfObject | undefined, resources: PdfDict | null): ColorSpace | null {
  try {
    return resolveColorSpace(doc, value, resources);
  } catch (error) {
    if (error instanceof PreflightError) throw error;
    return null;
  }
}

const cache = new WeakMap<object, ColorSpace>();

function resolveInner(doc: PdfDocument, value: PdfObject | undefined, resources: PdfDict | null, depth: number): ColorSpace {
  if (depth > 8) throw new ColorSpaceError("colour spaces nested too deeply or in a cycle");
  const resolved = doc.resolve(value);
  if (isName(resolved)) {
    const name = ABBREVIATIONS[resolved.name] ?? resolved.name;
    switch (name) {
      case "DeviceGray":
        return DEVICE_GRAY;
      case "DeviceRGB":
        return DEVICE_RGB;
      case "DeviceCMYK":
        return DEVICE_CMYK;
      case "Pattern":
        return { family: "Pattern", base: null };
      default: {
        const named = resources === null ? null : doc.resolveDict(doc.get(resources, "ColorSpace"));
        const entry = named === null ? undefined : named.entries.get(resolved.name);
        if (entry === undefined) throw new ColorSpaceError(`unknown colour space /${resolved.name}`);
        // A named space's definition does not refer to other named resources (§8.6.3); nothing to look up.
        return resolveInner(doc, entry, null, depth + 1);
      }
    }
  }
  if (isArray(resolved)) {
    const cached = cache.get(resolved);
    if (cached !== undefined) return cached;
    const space = resolveArray(doc, resolved, resources, depth);
    cache.set(resolved, space);
    return space;
  }
  throw new ColorSpaceError("a colour space must be a name or an array");
}

function resolveArray(doc: PdfDocument, array: readonly PdfObject[], resources: PdfDict | null, depth: number): ColorSpace {
  const familyObject = doc.resolve(array[0]);
  if (!isName(familyObject)) throw new ColorSpaceError("a colour space array starts with its family name");
  const family = ABBREVIATIONS[familyObject.name] ?? familyObject.name;
  switch (family) {
    case "DeviceGray":
    case "DeviceRGB":
    case "DeviceCMYK":
      // `[/DeviceRGB]` is seen in the wild.
      return resolveInner(doc, { kind: "name", name: family }, null, depth + 1);
    case "CalGray":
    case "CalRGB":
    case "Lab":
      return { family };
    case "ICCBased": {
      const stream = doc.resolveStream(array[1]);
      if (stream === null) throw new ColorSpaceError("ICCBased without its profile stream");
      const nValue = doc.get(stream.dict, "N");
      const alternateValue = stream.dict.entries.get("Alternate");
      let alternate: ColorSpace | null = null;
      if (alternateValue !== undefined) {
        try {
          alternate = resolveInner(doc, alternateValue, resources, depth + 1);
        } catch (error) {
          if (!(error instanceof ColorSpaceError)) throw error;
        }
      }
      let n = isNumber(nValue) && [1, 3, 4].includes(nValue) ? nValue : null;
      if (n === null && alternate !== null) n = componentCount(alternate);
      if (n === null) throw new ColorSpaceError("ICCBased without a valid /N");
      return { family: "ICCBased", n, alternate, profile: stream };
    }
    case "Indexed": {
      const base = resolveInner(doc, array[1], resources, depth + 1);
      if (base.family === "Indexed" || base.family === "Pattern") throw new ColorSpaceError("Indexed over Indexed or Pattern");
      const hivalValue = doc.resolve(array[2]);
      const hival = isNumber(hivalValue) ? Math.max(0, Math.min(255, Math.floor(hivalValue))) : 0;
      const lookupValue = doc.resolve(array[3]);
      let lookup: Uint8Array;
      if (isString(lookupValue)) lookup = lookupValue.bytes;
      else if (isStream(lookupValue)) lookup = doc.decodeStream(lookupValue);
      else throw new ColorSpaceError("Indexed without its lookup table");
      return { family: "Indexed", base, hival, lookup };
    }
    case "Separation": {
      const nameValue = doc.resolve(array[1]);
      if (!isName(nameValue)) throw new ColorSpaceError("Separation without its colorant name");
      const alternate = resolveInner(doc, array[2], resources, depth + 1);
      const tint = tintTransform(doc, array[3], 1, alternate);
      return { family: "Separation", colorant: nameValue.name, alternate, tint };
    }
    case "DeviceN": {
      const namesValue = doc.resolveArray(array[1]);
      if (namesValue === null || namesValue.length === 0) throw new ColorSpaceError("DeviceN without colorant names");
      const colorants: string[] = [];
      for (const n of namesValue) {
        const name = doc.resolve(n);
        if (!isName(name)) throw new ColorSpaceError("DeviceN colorant that is not a name");
        colorants.push(name.name);
      }
      const alternate = resolveInner(doc, array[2], resources, depth + 1);
      const tint = tintTransform(doc, array[3], colorants.length, alternate);
      return { family: "DeviceN", colorants, alternate, tint };
    }
    case "Pattern": {
      const base = array.length > 1 ? resolveInner(doc, array[1], resources, depth + 1) : null;
      return { family: "Pattern", base };
    }
    default:
      throw new ColorSpaceError(`unknown colour space family /${family}`);
  }
}

/** A tint transform that never fails: an unreadable function gives the alternate space's colour of "tint × full ink". */
function tintTransform(doc: PdfDocument, value: PdfObject | undefined, inputs: number, alternate: ColorSpace): TintTransform {
  const fn = compileFunction(doc, value);
  const outputs = componentCount(alternate);
  return (input) => {
    const out = fn === null ? null : fn(input.slice(0, inputs));
    if (out !== null && out.length >= outputs) return out.slice(0, outputs);
    // Unreadable: the largest tint as that much black, so ink is neither lost nor invented.
    const t = Math.max(0, ...input.map((v) => clamp01(v)));
    if (alternate.family === "Lab" || (alternate.family === "ICCBased" && alternate.alternate?.family === "Lab")) return [100 * (1 - t), 0, 0];
    if (outputs === 1) return [1 - t];
    if (outputs === 3) return [1 - t, 1 - t, 1 - t];
    return [0, 0, 0, t];
  };
}

/** The number of colour components of a space (a Pattern without base: 0). */
export function componentCount(space: ColorSpace): number {
  switch (space.family) {
    case "DeviceGray":
    case "CalGray":
    case "Indexed":
    case "Separation":
      return 1;
    case "DeviceRGB":
    case "CalRGB":
    case "Lab":
      return 3;
    case "DeviceCMYK":
      return 4;
    case "ICCBased":
      return space.n;
    case "DeviceN":
      return space.colorants.length;
    case "Pattern":
      return space.base === null ? 0 : componentCount(space.base);
  }
}

/** The initial colour when a space is selected with cs/CS (§8.6.8 Table 74 and §8.6.6). */
export function initialColor(space: ColorSpace): number[] {
  switch (space.family) {
    case "DeviceCMYK":
      return [0, 0, 0, 1];
    case "Separation":
    case "DeviceN":
      return new Array<number>(componentCount(space)).fill(1);
    case "Lab":
      return [0, 0, 0];
    case "Pattern":
      return [];
    default:
      return new Array<number>(componentCount(space)).fill(0);
  }
}

/** True when the space is RGB for print purposes: DeviceRGB, CalRGB, ICCBased N=3, or Indexed over one. */
export function isRgbSpace(space: ColorSpace): boolean {
  switch (space.family) {
    case "DeviceRGB":
    case "CalRGB":
      return true;
    case "ICCBased":
      return space.n === 3 && !(space.alternate !== null && space.alternate.family === "Lab");
    case "Indexed":
      return isRgbSpace(space.base);
    default:
      return false;
  }
}

const clamp01 = (v: number | undefined): number => (v === undefined || !Number.isFinite(v) ? 0 : v < 0 ? 0 : v > 1 ? 1 : v);

/**
 * RGB → CMYK, the naive conversion: K = 1 − max(R, G, B); C = (1 − R − K) / (1 − K), likewise M
 * from G and Y from B; pure black gives (0, 0, 0, 1). Colour management is out of scope: the
 * figure serves the total-ink estimate, and this formula is what a RIP without profiles does.
 */
export function rgbToCmyk(r: number, g: number, b: number): [number, number, number, number] {
  const R = clamp01(r);
  const G = clamp01(g);
  const B = clamp01(b);
  const k = 1 - Math.max(R, G, B);
  if (k >= 1) return [0, 0, 0, 1];
  return [(1 - R - k) / (1 - k), (1 - G - k) / (1 - k), (1 - B - k) / (1 - k), k];
}

/**
 * CIE L*a*b* (D50) → sRGB → CMYK: Lab → XYZ (D50 white 0.9642, 1, 0.8249), XYZ → linear sRGB by the
 * Bradford-adapted D50 matrix, the sRGB gamma, then `rgbToCmyk`.
 */
export function labToCmyk(L: number, a: number, bb: number): [number, number, number, number] {
  const fy = (L + 16) / 116;
  const fx = fy + a / 500;
  const fz = fy - bb / 200;
  const inv = (t: number) => (t > 6 / 29 ? t * t * t : 3 * (6 / 29) * (6 / 29) * (t - 4 / 29));
  const X = 0.9642 * inv(fx);
  const Y = inv(fy);
  const Z = 0.8249 * inv(fz);
  const lr = 3.1338561 * X - 1.6168667 * Y - 0.4906146 * Z;
  const lg = -0.9787684 * X + 1.9161415 * Y + 0.033454 * Z;
  const lb = 0.0719453 * X - 0.2289914 * Y + 1.4052427 * Z;
  const gamma = (v: number) => (v <= 0.0031308 ? 12.92 * v : 1.055 * Math.pow(Math.max(0, v), 1 / 2.4) - 0.055);
  return rgbToCmyk(gamma(lr), gamma(lg), gamma(lb));
}

/**
 * Any colour → [C, M, Y, K], each 0…1:
 * - DeviceGray / CalGray / ICC N=1: K = 1 − gray;
 * - DeviceRGB / CalRGB / ICC N=3: `rgbToCmyk`; Lab (and ICC N=3 over Lab): `labToCmyk`;
 * - DeviceCMYK / ICC N=4: as given;
 * - Indexed: the lookup table's entry (bytes scaled to the base space's range), then the base;
 * - Separation / DeviceN: a colorant named Cyan, Magenta, Yellow or Black puts its tint on that
 *   plate; All on every plate; None nowhere; any other (spot) colorant goes through the tint
 *   transform into the alternate space (with the process colorants set to zero) and is added;
 * - Pattern: the uncoloured pattern's base colour, else nothing (its own drawing reports its colours).
 */
export function toCmyk(color: PaintColor): [number, number, number, number] {
  return convert(color.space, color.components, 0);
}

function convert(space: ColorSpace, c: number[], depth: number): [number, number, number, number] {
  if (depth > 8) return [0, 0, 0, 0];
  switch (space.family) {
    case "DeviceGray":
    case "CalGray":
      return [0, 0, 0, 1 - clamp01(c[0])];
    case "DeviceRGB":
    case "CalRGB":
      return rgbToCmyk(c[0] ?? 0, c[1] ?? 0, c[2] ?? 0);
    case "Lab":
      return labToCmyk(c[0] ?? 0, c[1] ?? 0, c[2] ?? 0);
    case "DeviceCMYK":
      return [clamp01(c[0]), clamp01(c[1]), clamp01(c[2]), clamp01(c[3])];
    case "ICCBased":
      if (space.alternate !== null && space.alternate.family === "Lab") return convert(space.alternate, c, depth + 1);
      if (space.n === 1) return [0, 0, 0, 1 - clamp01(c[0])];
      if (space.n === 3) return rgbToCmyk(c[0] ?? 0, c[1] ?? 0, c[2] ?? 0);
      return [clamp01(c[0]), clamp01(c[1]), clamp01(c[2]), clamp01(c[3])];
    case "Indexed": {
      const n = componentCount(space.base);
      const index = Math.max(0, Math.min(space.hival, Math.round(c[0] ?? 0)));
      const base: number[] = [];
      for (let i = 0; i < n; i++) {
        const byte = space.lookup[index * n + i] ?? 0;
        if (space.base.family === "Lab") base.push(i === 0 ? (byte * 100) / 255 : byte - 128);
        else base.push(byte / 255);
      }
      return convert(space.base, base, depth + 1);
    }
    case "Separation":
      return colorants(space, [space.colorant], c, depth);
    case "DeviceN":
      return colorants(space, space.colorants, c, depth);
    case "Pattern":
      return space.base === null ? [0, 0, 0, 0] : convert(space.base, c, depth + 1);
  }
}

function colorants(space: Extract<ColorSpace, { family: "Separation" | "DeviceN" }>, names: string[], c: number[], depth: number): [number, number, number, number] {
  const out: [number, number, number, number] = [0, 0, 0, 0];
  const spotInput: number[] = [];
  let spots = false;
  names.forEach((name, i) => {
    const tint = clamp01(c[i]);
    const plate = (PROCESS_COLORANTS as readonly string[]).indexOf(name);
    if (plate >= 0) {
      out[plate] = (out[plate] ?? 0) + tint;
      spotInput.push(0);
    } else if (name === "All") {
      for (let p = 0; p < 4; p++) out[p] = (out[p] ?? 0) + tint;
      spotInput.push(0);
    } else if (name === "None") {
      spotInput.push(0);
    } else {
      spots = spots || tint > 0;
      spotInput.push(tint);
    }
  });
  if (spots) {
    const alt = convert(space.alternate, space.tint(spotInput), depth + 1);
    for (let p = 0; p < 4; p++) out[p] = (out[p] ?? 0) + (alt[p] ?? 0);
  }
  return [clamp01(out[0]), clamp01(out[1]), clamp01(out[2]), clamp01(out[3])];
}

/** The colorants of a Separation or DeviceN space that are spot colours (not process, None or All). */
export function spotColorants(space: ColorSpace): string[] {
  const names = space.family === "Separation" ? [space.colorant] : space.family === "DeviceN" ? space.colorants : [];
  return names.filter((n) => !(PROCESS_COLORANTS as readonly string[]).includes(n) && n !== "None" && n !== "All");
}

