import type { ClipEntry, Device, ImageDraw, PaintColor, PaintState, Path, ShadingDraw, TextDraw } from "../content/device";
import type { Budget } from "../core/budget";
import type { PdfDocument, PdfPage, Rect } from "../core/document";
import { inkPaint, tacPct } from "./cmyk";
import { createInkImage, ImageUnreadable } from "./image";
import type { JpegDecoder } from "./jpeg";
import type { ImageReach, InkImage } from "./image";
import { INK_SCALE } from "./palette";
import type { Palette } from "./palette";
import { buildClipMask, centreX, centreY, EdgeList, invert, makeGrid, parallelogramEdges, pathEdges, scanEdges, toPixelX, toPixelY } from "./raster";
import type { ClipMask, Grid, PixelRect } from "./raster";
import { createShadingSampler, ShadingUnreadable } from "./shading";

/*
 * The total-ink renderer of rule 4731: a Device that paints the page into four ink planes (C, M,
 * Y, K; Uint16, 0…65535 = 0…100 %, white = 0) over its MediaBox, simulating overprint (see
 * render/cmyk.ts `inkPaint` for which plates a paint changes), and answers the total ink per pixel.
 *
 * - Fills: scanline polygons sampled at pixel centres, non-zero or even-odd.
 * - Strokes: each segment a rectangle of the line width, each vertex (joins and ends) a regular
 *   octagon of that diameter — round joins and caps whatever the file says (a little more ink at
 *   miter corners' tips missing, a little more at butt ends: neither matters for total ink). Line
 *   widths are taken in page units; thinner than a pixel counts as one pixel.
 * - Clips: the clip in force is the intersection of every clip path the interpreter lists (`all`;
 *   without it, the one path given), kept as a byte mask over their common pixel bounds; the last
 *   few masks are cached by the list's identity, since a Q hands an earlier list back.
 * - Images: each covered pixel is mapped back through the image's ctm into its samples (nearest
 *   neighbour), see render/image.ts; the overprint mode does not apply to sampled images (it does to
 *   image masks, which paint the fill colour).
 * - Shadings: render/shading.ts, painted over the draw's bbox within the clip.
 * - Text is not rendered: its colour counts per object (`textMaxTacPct`, `textBbox`); the check
 *   (checks/4731-tac.ts) keeps its own list of text objects, so `objects` holds only the OTHER
 *   per-object estimates (an image mask that could not be decoded: its fill colour over its bbox).
 * - Memory: a page whose raster would pass `maxBytes` (default 200 MB at 16 bytes a pixel: four
 *   planes, the total-ink raster, clip masks) is rendered at a lower dpi; `result().dpi` says which.
 * Every scanned row of pixels ticks the budget with its work (edges crossed, pixels per thousand).
 */

/** An object counted per object rather than rendered: its colour's total ink over its bbox. */
export interface InkObject {
  bbox: Rect;
  tacPct: number;
}

export interface InkResult {
  /** The dpi the page was rendered at (lower than asked for a huge page). */
  dpi: number;
  /** The raster (the shape checks/4731-tac.ts's TacRaster reads): C+M+Y+K in percent, row 0 at the top of `area`. */
  width: number;
  height: number;
  area: Rect;
  tac: Float32Array;
  /** The highest total ink of the raster, in percent. */
  maxTacPct: number;
  /** The area (mm²) of the pixels whose total ink is over `limitPct` (strictly). */
  areaOverMm2(limitPct: number): number;
  /** The bounds (page coordinates) of those pixels, or null when there are none. */
  bboxOver(limitPct: number): Rect | null;
  /** Text, counted per object: the highest total ink of a text object (0 without text) and its bbox. */
  textMaxTacPct: number;
  textBbox: Rect | null;
  /** Other objects counted per object (see above). */
  objects: InkObject[];
  /** Objects neither rendered nor estimated: images it cannot decode (JPX, JBIG2, CCITT, broken), unreadable shadings. */
  unrendered: number;
}

export interface InkDeviceOptions {
  page: PdfPage;
  doc: PdfDocument;
  budget: Budget;
  /** 150 by default. */
  dpi?: number;
  /** The raster's memory cap in bytes; 200 MB by default. */
  maxBytes?: number;
  /** The DCTDecode decoder; render/jpeg.ts's decodeJpeg by default (the Node runtime passes a native one). */
  decodeJpeg?: JpegDecoder;
}

export type InkDevice = Device & { result(): InkResult };

/** Four Uint16 planes, the Float32 total-ink raster, up to four clip masks (three cached, one being built). */
const BYTES_PER_PIXEL = 16;
const DEFAULT_MAX_BYTES = 200 * 1024 * 1024;
const CLIP_CACHE = 3;
const MM_PER_POINT = 25.4 / 72;
const clamp01 = (v: number): number => (v > 0 ? (v < 1 ? v : 1) : 0);

/** The dpi that keeps a raster over `area` within `maxBytes`. */
export function fittingDpi(area: Rect, dpi: number, maxBytes: number): number {
  let d = dpi;
  for (let i = 0; i < 8; i++) {
    const g = makeGrid(area, d);
    const bytes = g.width * g.height * BYTES_PER_PIXEL;
    if (bytes <= maxBytes) return d;
    d = d * Math.sqrt(maxBytes / bytes) * 0.995;
  }
  return d;
}

export function createInkDevice(options: InkDeviceOptions): InkDevice {
  const { page, doc, budget } = options;
  const dpi = fittingDpi(page.mediaBox, options.dpi ?? 150, options.maxBytes ?? DEFAULT_MAX_BYTES);
  const grid: Grid = makeGrid(page.mediaBox, dpi);
  const area: Rect = grid.area;
  const W = grid.width;
  const H = grid.height;
  const planes = [new Uint16Array(W * H), new Uint16Array(W * H), new Uint16Array(W * H), new Uint16Array(W * H)] as const;
  const [C, M, Y, K] = planes;
  const full: PixelRect = { x0: 0, y0: 0, x1: W, y1: H };
  const tick = (work = 1) => budget.tick(work);

  let clip: ClipMask | null = null;
  const clipCache: Array<{ key: object | null; evenOdd: boolean; mask: ClipMask }> = [];
  let textMaxTacPct = 0;
  let textBbox: Rect | null = null;
  const objects: InkObject[] = [];
  let unrendered = 0;
  /** The pixels painted so far (rows y0…y1−1, columns x0…x1−1): outside it every plane is still white. */
  const dirty = { x0: W, y0: H, x1: 0, y1: 0 };
  const markPainted = (row: number, x0: number, x1: number) => {
    if (row < dirty.y0) dirty.y0 = row;
    if (row + 1 > dirty.y1) dirty.y1 = row + 1;
    if (x0 < dirty.x0) dirty.x0 = x0;
    if (x1 > dirty.x1) dirty.x1 = x1;
  };
  /** The total-ink raster of the last result(), dropped by any paint after it. */
  let cached: { tac: Float32Array | null; max: number } | null = null;

  /**
   * Ink images made on this page, by image stream: a picture drawn again (a logo forty times) is
   * decoded once, unless it is now drawn larger than it was made for. Image masks paint the fill
   * colour of each draw and inline images are new streams each time: those are not kept.
   */
  const inkImages = new WeakMap<object, { reach: ImageReach; overprint: boolean; opm: 0 | 1; img: InkImage }>();
  const inkImage = (image: ImageDraw, reach: ImageReach): InkImage => {
    const known = image.imageMask ? undefined : inkImages.get(image.stream);
    const { fillOverprint: overprint, overprintMode: opm } = image.state;
    if (known !== undefined && known.overprint === overprint && known.opm === opm && known.reach.width >= reach.width && known.reach.height >= reach.height) return known.img;
    const img = createInkImage(doc, image, budget, reach, options.decodeJpeg);
    if (!image.imageMask) inkImages.set(image.stream, { reach, overprint, opm, img });
    return img;
  };

  /** A span's sample indices (one row of the raster at most), reused by every image. */
  const spanSamples = new Int32Array(W);

  /** Paints pixels base + x0 … base + x1 − 1 from the image samples `idx[x]` (−1: not painted). */
  const paintSamples = (img: InkImage, idx: Int32Array, base: number, x0: number, x1: number) => {
    switch (img.kind) {
      case "cmyk": {
        const { data } = img;
        const [l0, l1, l2, l3] = img.lut as [Uint16Array, Uint16Array, Uint16Array, Uint16Array];
        for (let i = x0; i < x1; i++) {
          const s = idx[i] as number;
          if (s < 0) continue;
          const p = base + i;
          const e = s * 4;
          C[p] = l0[data[e] as number] as number;
          M[p] = l1[data[e + 1] as number] as number;
          Y[p] = l2[data[e + 2] as number] as number;
          K[p] = l3[data[e + 3] as number] as number;
        }
        return;
      }
      case "gray": {
        const { data } = img;
        const l0 = img.lut[0] as Uint16Array;
        for (let i = x0; i < x1; i++) {
          const s = idx[i] as number;
          if (s < 0) continue;
          const p = base + i;
          C[p] = 0;
          M[p] = 0;
          Y[p] = 0;
          K[p] = l0[data[s] as number] as number;
        }
        return;
      }
      case "rgb": {
        // content/colorspace.ts rgbToCmyk: K = 1 − max(R, G, B), C = (1 − R − K) / (1 − K) …
        const { data } = img;
        const [d0, d1, d2] = img.decoded as [Float64Array, Float64Array, Float64Array];
        for (let i = x0; i < x1; i++) {
          const s = idx[i] as number;
          if (s < 0) continue;
          const p = base + i;
          const e = s * 3;
          const R = clamp01(d0[data[e] as number] as number);
          const G = clamp01(d1[data[e + 1] as number] as number);
          const B = clamp01(d2[data[e + 2] as number] as number);
          const k = 1 - (R > G ? (R > B ? R : B) : G > B ? G : B);
          if (k >= 1) {
            C[p] = 0;
            M[p] = 0;
            Y[p] = 0;
            K[p] = INK_SCALE;
            continue;
          }
          const f = INK_SCALE / (1 - k);
          C[p] = Math.round((1 - R - k) * f);
          M[p] = Math.round((1 - G - k) * f);
          Y[p] = Math.round((1 - B - k) * f);
          K[p] = Math.round(k * INK_SCALE);
        }
        return;
      }
      case "ink": {
        const { ink, plates } = img;
        for (let i = x0; i < x1; i++) {
          const s = idx[i] as number;
          if (s < 0) continue;
          const p = base + i;
          const e = s * 4;
          const pl = plates === null ? 15 : (plates[s] as number);
          if (pl === 0) continue;
          if (pl & 1) C[p] = ink[e] as number;
          if (pl & 2) M[p] = ink[e + 1] as number;
          if (pl & 4) Y[p] = ink[e + 2] as number;
          if (pl & 8) K[p] = ink[e + 3] as number;
        }
        return;
      }
    }
  };

  const bounds = (): PixelRect => (clip === null ? full : clip.rect);

  /** Whether pixel (i, row) is inside the clip; `clipRow` is the row's offset into the mask minus its x0. */
  const clipRowOffset = (row: number): number => (clip === null ? 0 : (row - clip.rect.y0) * (clip.rect.x1 - clip.rect.x0) - clip.rect.x0);

  /** Paints one flat colour over the covered pixels. */
  const fillEdges = (edges: EdgeList, evenOdd: boolean, color: PaintColor, overprint: boolean, opm: 0 | 1) => {
    if (color.space.family === "Pattern") return; // the pattern's own drawing is reported with its colours
    const { cmyk, plates } = inkPaint(color, overprint, opm);
    if (plates === 0) return;
    cached = null;
    const v = cmyk.map((x) => Math.round(x * INK_SCALE)) as [number, number, number, number];
    const mask = clip;
    scanEdges(edges, evenOdd, bounds(), tick, (row, x0, x1) => {
      markPainted(row, x0, x1);
      const base = row * W;
      if (mask === null) {
        if (plates & 1) C.fill(v[0], base + x0, base + x1);
        if (plates & 2) M.fill(v[1], base + x0, base + x1);
        if (plates & 4) Y.fill(v[2], base + x0, base + x1);
        if (plates & 8) K.fill(v[3], base + x0, base + x1);
        return;
      }
      const off = clipRowOffset(row);
      for (let i = x0; i < x1; i++) {
        if (mask.data[off + i] !== 1) continue;
        const p = base + i;
        if (plates & 1) C[p] = v[0];
        if (plates & 2) M[p] = v[1];
        if (plates & 4) Y[p] = v[2];
        if (plates & 8) K[p] = v[3];
      }
    });
  };

  /** Paints a colour per covered pixel: `at(x, y)` (page point of the pixel's centre) gives its palette entry, −1 for none. */
  const fillPerPixel = (edges: EdgeList, palette: Palette, at: (x: number, y: number) => number) => {
    cached = null;
    const mask = clip;
    const pv = palette.values;
    scanEdges(edges, false, bounds(), tick, (row, x0, x1) => {
      markPainted(row, x0, x1);
      const base = row * W;
      const off = clipRowOffset(row);
      const y = centreY(grid, row);
      for (let i = x0; i < x1; i++) {
        if (mask !== null && mask.data[off + i] !== 1) continue;
        const e = at(centreX(grid, i), y);
        if (e < 0) continue;
        const plates = pv[e * 5 + 4] as number;
        const p = base + i;
        if (plates & 1) C[p] = pv[e * 5] as number;
        if (plates & 2) M[p] = pv[e * 5 + 1] as number;
        if (plates & 4) Y[p] = pv[e * 5 + 2] as number;
        if (plates & 8) K[p] = pv[e * 5 + 3] as number;
      }
    });
  };

  /** Whether edges can reach a pixel inside the current clip at all (so nothing is decoded for nothing). */
  const visible = (edges: EdgeList): boolean => {
    const b = bounds();
    return edges.size > 0 && edges.maxX >= b.x0 && edges.minX <= b.x1 && edges.maxY >= b.y0 && edges.minY <= b.y1 && b.x1 > b.x0 && b.y1 > b.y0;
  };

  const strokeEdges = (path: Path, lineWidth: number): EdgeList => {
    const edges = new EdgeList();
    // Half the width in pixels, at least half a pixel: a hairline prints as one device pixel.
    const hw = Math.max(((Number.isFinite(lineWidth) ? Math.abs(lineWidth) : 0) * (grid.sx + grid.sy)) / 4, 0.5);
    const ccw = (pts: Array<readonly [number, number]>) => {
      let s = 0;
      for (let i = 0; i < pts.length; i++) {
        const a = pts[i] as readonly [number, number];
        const b = pts[(i + 1) % pts.length] as readonly [number, number];
        s += a[0] * b[1] - b[0] * a[1];
      }
      // Same orientation for every piece, so the non-zero rule gives their union.
      edges.addPolygon(s < 0 ? pts.reverse() : pts);
    };
    const dot = (x: number, y: number) => {
      const pts: Array<readonly [number, number]> = [];
      for (let k = 0; k < 8; k++) pts.push([x + hw * Math.cos((k * Math.PI) / 4 + Math.PI / 8), y + hw * Math.sin((k * Math.PI) / 4 + Math.PI / 8)]);
      ccw(pts);
    };
    for (const sp of path.subpaths) {
      const pts = sp.points.map(([x, y]) => [toPixelX(grid, x), toPixelY(grid, y)] as const);
      if (pts.length === 0) continue;
      const segs = sp.closed && pts.length > 2 ? pts.length : pts.length - 1;
      for (let i = 0; i < segs; i++) {
        tick();
        const a = pts[i] as readonly [number, number];
        const b = pts[(i + 1) % pts.length] as readonly [number, number];
        const dx = b[0] - a[0];
        const dy = b[1] - a[1];
        const len = Math.hypot(dx, dy);
        if (!(len > 0)) continue;
        const nx = (-dy / len) * hw;
        const ny = (dx / len) * hw;
        ccw([
          [a[0] + nx, a[1] + ny],
          [b[0] + nx, b[1] + ny],
          [b[0] - nx, b[1] - ny],
          [a[0] - nx, a[1] - ny],
        ]);
      }
      for (const [x, y] of pts) dot(x, y);
    }
    return edges;
  };

  const device: InkDevice = {
    fillPath(path: Path, color: PaintColor, evenOdd: boolean, state: PaintState) {
      fillEdges(pathEdges(grid, path), evenOdd, color, state.fillOverprint, state.overprintMode);
    },

    strokePath(path: Path, color: PaintColor, state: PaintState) {
      fillEdges(strokeEdges(path, state.lineWidth), false, color, state.strokeOverprint, state.overprintMode);
    },

    drawImage(image: ImageDraw, bbox: [number, number, number, number]) {
      const edges = parallelogramEdges(grid, image.ctm);
      const inv = invert(image.ctm);
      if (inv === null || !visible(edges)) return;
      // The page pixels the image's width and height span: its samples finer than that are not needed.
      const [a, b, c, d] = image.ctm;
      const reach: ImageReach = { width: Math.hypot(a * grid.sx, b * grid.sy), height: Math.hypot(c * grid.sx, d * grid.sy) };
      let img: InkImage;
      try {
        img = inkImage(image, reach);
      } catch (error) {
        if (!(error instanceof ImageUnreadable)) throw error;
        unrendered++;
        if (image.imageMask && image.fill !== null) objects.push({ bbox: [...bbox], tacPct: tacPct(inkPaint(image.fill, false, 0).cmyk) });
        return;
      }
      cached = null;
      const { width: w, height: h } = img;
      const mask = clip;
      // Each covered page pixel's centre mapped back into the image's unit square (row 0 at v = 1,
      // ISO 32000-1 §8.9.4), stepping along the row: the sample index of each pixel of a span goes
      // into `spanSamples` (−1 outside the clip), then one loop per kind converts and paints them.
      const du = (inv[0] as number) / grid.sx;
      const dv = (inv[1] as number) / grid.sx;
      const idx = spanSamples;
      scanEdges(edges, false, bounds(), tick, (row, x0, x1) => {
        markPainted(row, x0, x1);
        const base = row * W;
        const off = clipRowOffset(row);
        const x = centreX(grid, x0);
        const y = centreY(grid, row);
        let u = (inv[0] * x + inv[2] * y + inv[4]) * w;
        let v = (1 - (inv[1] * x + inv[3] * y + inv[5])) * h;
        const su = du * w;
        const sv = -dv * h;
        for (let i = x0; i < x1; i++, u += su, v += sv) {
          if (mask !== null && mask.data[off + i] !== 1) {
            idx[i] = -1;
            continue;
          }
          const col = u < 0 ? 0 : u >= w ? w - 1 : Math.floor(u);
          const r = v < 0 ? 0 : v >= h ? h - 1 : Math.floor(v);
          idx[i] = r * w + col;
        }
        paintSamples(img, idx, base, x0, x1);
      });
    },

    drawShading(draw: ShadingDraw) {
      const [x0, y0, x1, y1] = draw.bbox;
      const edges = parallelogramEdges(grid, [x1 - x0, 0, 0, y1 - y0, x0, y0]);
      if (!visible(edges)) return;
      let sampler;
      try {
        sampler = createShadingSampler(doc, draw, (n) => budget.tick(n));
      } catch (error) {
        if (!(error instanceof ShadingUnreadable)) throw error;
        unrendered++;
        return;
      }
      fillPerPixel(edges, sampler.palette, sampler.at);
    },

    showText(text: TextDraw) {
      const mode = text.renderMode;
      const fills = mode === 0 || mode === 2 || mode === 4 || mode === 6;
      const strokes = mode === 1 || mode === 2 || mode === 5 || mode === 6;
      const pct = Math.max(fills ? tacPct(inkPaint(text.fill, false, 0).cmyk) : 0, strokes ? tacPct(inkPaint(text.stroke, false, 0).cmyk) : 0);
      if ((fills || strokes) && (textBbox === null || pct > textMaxTacPct)) {
        textMaxTacPct = pct;
        textBbox = [...text.bbox];
      }
    },

    clip(path: Path | null, evenOdd: boolean, all?: readonly ClipEntry[]) {
      const entries: readonly ClipEntry[] = all ?? (path === null ? [] : [{ path, evenOdd }]);
      if (entries.length === 0) {
        clip = null;
        return;
      }
      // The interpreter hands the same list object back when a Q restores it: keep the last few masks.
      const key = all ?? path;
      const hit = clipCache.findIndex((c) => c.key === key && c.evenOdd === evenOdd);
      if (hit >= 0) {
        const [entry] = clipCache.splice(hit, 1);
        if (entry !== undefined) {
          clipCache.push(entry);
          clip = entry.mask;
          return;
        }
      }
      clip = buildClipMask(grid, entries.map((e) => ({ edges: pathEdges(grid, e.path), evenOdd: e.evenOdd })), tick);
      clipCache.push({ key, evenOdd, mask: clip });
      if (clipCache.length > CLIP_CACHE) clipCache.shift();
    },

    result(): InkResult {
      // In hundredths of a percent, rounded: the planes' 1/65535 steps must not lift a total that is
      // exactly at a limit (4 × 75 % = 300 %) above it.
      const toCentiPct = 10000 / INK_SCALE;
      const roundPct = (sum: number) => Math.round(sum * toCentiPct) / 100;
      if (cached === null) {
        // The highest total from whole-number sums over the painted pixels, without a raster: most
        // pages stay under the limit, and then the check never asks for the raster (rounding is
        // monotonic, so the highest sum rounds to the highest total).
        let maxSum = 0;
        for (let r = dirty.y0; r < dirty.y1; r++) {
          tick(1 + ((dirty.x1 - dirty.x0) >> 10));
          const base = r * W;
          for (let i = base + dirty.x0; i < base + dirty.x1; i++) {
            const sum = (C[i] as number) + (M[i] as number) + (Y[i] as number) + (K[i] as number);
            if (sum > maxSum) maxSum = sum;
          }
        }
        cached = { tac: null, max: roundPct(maxSum) };
      }
      const state = cached;
      const tacPlane = (): Float32Array => {
        if (state.tac === null) {
          // Outside the painted pixels every plane is white: 0 there, as the array starts.
          const plane = new Float32Array(W * H);
          for (let r = dirty.y0; r < dirty.y1; r++) {
            tick(1 + ((dirty.x1 - dirty.x0) >> 10));
            const base = r * W;
            for (let i = base + dirty.x0; i < base + dirty.x1; i++) {
              const sum = (C[i] as number) + (M[i] as number) + (Y[i] as number) + (K[i] as number);
              if (sum !== 0) plane[i] = roundPct(sum);
            }
          }
          state.tac = plane;
        }
        return state.tac;
      };
      const max = state.max;
      const pixelMm2 = (MM_PER_POINT / grid.sx) * (MM_PER_POINT / grid.sy);
      const result: InkResult = {
        dpi,
        width: W,
        height: H,
        area,
        get tac() {
          return tacPlane();
        },
        maxTacPct: max,
        areaOverMm2(limitPct) {
          if (!(max > limitPct)) return 0;
          const tac = tacPlane();
          let count = 0;
          for (let i = 0; i < tac.length; i++) if ((tac[i] as number) > limitPct) count++;
          return count * pixelMm2;
        },
        bboxOver(limitPct) {
          if (!(max > limitPct)) return null;
          const tac = tacPlane();
          let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
          for (let r = 0; r < H; r++) {
            const base = r * W;
            for (let i = 0; i < W; i++) {
              if (!((tac[base + i] as number) > limitPct)) continue;
              if (i < minX) minX = i;
              if (i > maxX) maxX = i;
              if (r < minY) minY = r;
              if (r > maxY) maxY = r;
            }
          }
          if (maxX < 0) return null;
          return [area[0] + minX / grid.sx, area[3] - (maxY + 1) / grid.sy, area[0] + (maxX + 1) / grid.sx, area[3] - minY / grid.sy];
        },
        textMaxTacPct,
        textBbox,
        objects: [...objects],
        unrendered,
      };
      return result;
    },
  };
  return device;
}
