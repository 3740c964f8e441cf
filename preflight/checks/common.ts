import type { ColorSpace, Device } from "../content/device";
import type { PdfPage, Rect } from "../core/document";
import type { CheckCode, Finding, PreflightProfile } from "../report";
import { checkMessages } from "../report";

/*
 * What the checks share: the page-check shape, the finding constructor, the collapse of repeats and
 * the walk over the colour spaces a use really touches.
 */

export type BBox = [number, number, number, number];

/** What a page check is given: the page it watches and the thresholds. */
export interface PageCheckContext {
  page: PdfPage;
  profile: PreflightProfile;
}

/** A page check: a device fed the page's events, then asked for its findings once the page is done. */
export interface PageCheck extends Device {
  findings(): Finding[];
}

export function finding(code: CheckCode, page: number | null, bbox: BBox | null, measured: number | string | null): Finding {
  return { code, message: checkMessages[code], page, bbox: bbox === null ? null : roundBBox(bbox), measured };
}

/** Bounding boxes travel to the storefront; a hundredth of a point is far below what it can show. */
function roundBBox(bbox: BBox): BBox {
  const r = (v: number) => Math.round(v * 100) / 100;
  return [r(bbox[0]), r(bbox[1]), r(bbox[2]), r(bbox[3])];
}

/**
 * Identical repeats — the same code and the same measured figure on the same page (a logo drawn 40
 * times, every line of a text in one font) — collapse into the FIRST of them, which keeps its bbox
 * and gets `count`, the number of findings it stands for (set only when more than one). Order is kept.
 */
export function collapseFindings(findings: readonly Finding[]): Finding[] {
  const out: Finding[] = [];
  const byKey = new Map<string, Finding>();
  for (const f of findings) {
    const key = collapseKey(f.page, f.code, f.measured);
    const first = byKey.get(key);
    if (first) {
      first.count = (first.count ?? 1) + (f.count ?? 1);
      continue;
    }
    const copy: Finding = { ...f };
    delete copy.count;
    if (f.count !== undefined && f.count > 1) copy.count = f.count;
    byKey.set(key, copy);
    out.push(copy);
  }
  return out;
}

const collapseKey = (page: number | null, code: CheckCode, measured: number | string | null): string => `${page ?? ""}|${code}|${typeof measured}|${String(measured)}`;

/**
 * A page check's findings, collapsed as they come (see `collapseFindings`): a hostile page of ten
 * million RGB fills costs one finding and a counter, not ten million objects.
 */
export interface FindingList {
  add(code: CheckCode, page: number | null, bbox: BBox | null, measured: number | string | null): void;
  readonly items: Finding[];
}

export function createFindingList(): FindingList {
  const byKey = new Map<string, Finding>();
  const items: Finding[] = [];
  return {
    items,
    add(code, page, bbox, measured) {
      const key = collapseKey(page, code, measured);
      const first = byKey.get(key);
      if (first) {
        first.count = (first.count ?? 1) + 1;
        return;
      }
      const f = finding(code, page, bbox, measured);
      byKey.set(key, f);
      items.push(f);
    },
  };
}

/** Findings in report order: document findings (page null) first, then by page, then by code; stable otherwise. */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  return findings
    .map((f, i) => ({ f, i }))
    .sort((a, b) => (a.f.page ?? 0) - (b.f.page ?? 0) || a.f.code - b.f.code || a.i - b.i)
    .map(({ f }) => f);
}

export const MM_PER_POINT = 25.4 / 72;
export const pointsToMm = (pt: number): number => pt * MM_PER_POINT;

/** A number for a message: at most `decimals` decimals, no trailing zeros ("91", "90.5"). */
export function formatNumber(value: number, decimals = 1): string {
  const f = 10 ** decimals;
  return String(Math.round(value * f) / f);
}

export function intersectRect(a: Rect, b: Rect): Rect | null {
  const r: Rect = [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
  return r[0] <= r[2] && r[1] <= r[3] ? r : null;
}

/**
 * The colour spaces a use of `space` really touches: the space itself, an Indexed space's base and
 * an uncoloured pattern's base (their colours are painted in them) — but NOT a Separation's or
 * DeviceN's alternate, which only stands in for the colorants on devices that lack them (rule 2078).
 */
export function usedSpaces(space: ColorSpace): ColorSpace[] {
  const out: ColorSpace[] = [];
  let current: ColorSpace | null = space;
  // Indexed over Indexed and Pattern over Pattern are not valid PDF, but a hostile file may nest them; four levels cover every valid case.
  for (let depth = 0; current !== null && depth < 4; depth++) {
    out.push(current);
    current = current.family === "Indexed" ? current.base : current.family === "Pattern" ? current.base : null;
  }
  return out;
}
