import type { Matrix, Path } from "../content/device";

/*
 * Scan conversion for the ink renderer: polygons (paths, stroke outlines, image parallelograms)
 * become runs of covered pixels, sampled at pixel centres, with the non-zero or even-odd rule.
 * Pixel coordinates: x to the right from the raster's left edge, y DOWN from its top edge (page
 * y grows upwards); pixel (i, r) covers [i, i+1) × [r, r+1) and is covered when its centre is.
 */

/** Page (points) ↔ pixel mapping of a raster over `area` = [x0, y0, x1, y1] in points. */
export interface Grid {
  width: number;
  height: number;
  area: [number, number, number, number];
  /** Pixels per point along x and along y. */
  sx: number;
  sy: number;
}

/**
 * The raster over `area` at exactly `dpi`: whole pixels from the area's top-left corner, the last
 * column and row reaching a little past its right and bottom edges; `area` of the grid is that
 * extended rectangle (so pixel size = area / count, as checks/4731-tac.ts computes it).
 */
export function makeGrid(area: [number, number, number, number], dpi: number): Grid {
  const s = dpi / 72;
  const w = Math.max(1, Math.ceil((area[2] - area[0]) * s - 1e-9));
  const h = Math.max(1, Math.ceil((area[3] - area[1]) * s - 1e-9));
  return { width: w, height: h, area: [area[0], area[3] - h / s, area[0] + w / s, area[3]], sx: s, sy: s };
}

export const toPixelX = (g: Grid, x: number): number => (x - g.area[0]) * g.sx;
export const toPixelY = (g: Grid, y: number): number => (g.area[3] - y) * g.sy;
/** The page point at the centre of pixel column i / row r. */
export const centreX = (g: Grid, i: number): number => g.area[0] + (i + 0.5) / g.sx;
export const centreY = (g: Grid, r: number): number => g.area[3] - (r + 0.5) / g.sy;

/**
 * Polygon edges in pixel coordinates, struct-of-arrays: each edge has its upper end (y0 < y1), the
 * x at y0, the slope dx/dy and its winding direction (+1 downwards in page space, −1 upwards).
 */
export class EdgeList {
  y0: number[] = [];
  y1: number[] = [];
  x0: number[] = [];
  slope: number[] = [];
  dir: number[] = [];
  minY = Infinity;
  maxY = -Infinity;
  minX = Infinity;
  maxX = -Infinity;

  get size(): number {
    return this.y0.length;
  }

  /** Adds the segment (ax, ay) → (bx, by) in pixel coordinates; horizontal segments cross no scanline. */
  add(ax: number, ay: number, bx: number, by: number): void {
    if (!(Number.isFinite(ax) && Number.isFinite(ay) && Number.isFinite(bx) && Number.isFinite(by))) return;
    if (ax < this.minX) this.minX = ax;
    if (bx < this.minX) this.minX = bx;
    if (ax > this.maxX) this.maxX = ax;
    if (bx > this.maxX) this.maxX = bx;
    if (ay === by) return;
    const down = ay < by;
    const top = down ? ay : by;
    const bottom = down ? by : ay;
    this.y0.push(top);
    this.y1.push(bottom);
    this.x0.push(down ? ax : bx);
    this.slope.push((bx - ax) / (by - ay));
    this.dir.push(down ? 1 : -1);
    if (top < this.minY) this.minY = top;
    if (bottom > this.maxY) this.maxY = bottom;
  }

  /** Adds a closed polygon given by page points (already transformed to pixels by the caller). */
  addPolygon(points: ReadonlyArray<readonly [number, number]>): void {
    const n = points.length;
    if (n < 2) return;
    for (let i = 0; i < n; i++) {
      const a = points[i] as readonly [number, number];
      const b = points[(i + 1) % n] as readonly [number, number];
      this.add(a[0], a[1], b[0], b[1]);
    }
  }
}

/** A path's subpaths, each closed for filling (ISO 32000-1 §8.5.3.1), in pixel coordinates. */
export function pathEdges(g: Grid, path: Path): EdgeList {
  const edges = new EdgeList();
  for (const sp of path.subpaths) {
    const pts = sp.points.map(([x, y]) => [toPixelX(g, x), toPixelY(g, y)] as const);
    edges.addPolygon(pts);
  }
  return edges;
}

/** The unit square under `ctm` (an image's or a rectangle's outline) in pixel coordinates. */
export function parallelogramEdges(g: Grid, ctm: Matrix): EdgeList {
  const [a, b, c, d, e, f] = ctm;
  const corners: Array<[number, number]> = [
    [e, f],
    [a + e, b + f],
    [a + c + e, b + d + f],
    [c + e, d + f],
  ];
  const edges = new EdgeList();
  edges.addPolygon(corners.map(([x, y]) => [toPixelX(g, x), toPixelY(g, y)] as const));
  return edges;
}

/** Pixel rows/columns a span callback may be limited to (a clip's bounds). */
export interface PixelRect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Calls `span(row, x0, x1)` for each run of covered pixels [x0, x1) of the polygon, rows top to
 * bottom, limited to `bounds`. `tick` is told the work of each scanned row (one plus its active edges),
 * so a row crossing thousands of edges counts as what it costs and the deadline is checked in time.
 */
export function scanEdges(edges: EdgeList, evenOdd: boolean, bounds: PixelRect, tick: (work: number) => void, span: (row: number, x0: number, x1: number) => void): void {
  const n = edges.size;
  if (n === 0) return;
  const rowStart = Math.max(bounds.y0, Math.floor(edges.minY));
  const rowEnd = Math.min(bounds.y1, Math.ceil(edges.maxY));
  if (rowStart >= rowEnd) return;
  // Edges sorted by their top; an edge is active on the rows whose centre lies in [y0, y1).
  const order = Array.from({ length: n }, (_, i) => i).sort((p, q) => (edges.y0[p] as number) - (edges.y0[q] as number));
  let next = 0;
  let active: number[] = [];
  const xs: number[] = [];
  const ws: number[] = [];
  const idx: number[] = [];
  for (let row = rowStart; row < rowEnd; row++) {
    tick(1 + active.length);
    const yc = row + 0.5;
    while (next < n && (edges.y0[order[next] as number] as number) <= yc) active.push(order[next++] as number);
    if (active.length === 0) {
      if (next >= n) break;
      continue;
    }
    active = active.filter((e) => (edges.y1[e] as number) > yc);
    xs.length = 0;
    ws.length = 0;
    idx.length = 0;
    for (const e of active) {
      if ((edges.y0[e] as number) > yc) continue;
      xs.push((edges.x0[e] as number) + ((edges.slope[e] as number) * (yc - (edges.y0[e] as number))));
      ws.push(edges.dir[e] as number);
      idx.push(idx.length);
    }
    if (idx.length < 2) continue;
    idx.sort((p, q) => (xs[p] as number) - (xs[q] as number));
    let winding = 0;
    for (let k = 0; k < idx.length - 1; k++) {
      const i = idx[k] as number;
      winding += ws[i] as number;
      const inside = evenOdd ? (winding & 1) !== 0 : winding !== 0;
      if (!inside) continue;
      const xa = xs[i] as number;
      const xb = xs[idx[k + 1] as number] as number;
      // Pixel i is covered when its centre i + 0.5 lies in [xa, xb).
      const from = Math.max(bounds.x0, Math.ceil(xa - 0.5));
      const to = Math.min(bounds.x1, Math.ceil(xb - 0.5));
      if (from < to) span(row, from, to);
    }
  }
}

/** The current clip, kept only over its pixel bounds: 1 = inside. */
export interface ClipMask {
  rect: PixelRect;
  /** (rect.x1 − rect.x0) × (rect.y1 − rect.y0) bytes, row-major. */
  data: Uint8Array;
}

const EMPTY_CLIP: ClipMask = { rect: { x0: 0, y0: 0, x1: 0, y1: 0 }, data: new Uint8Array(0) };

/** The intersection of clip paths (each with its own rule) as a mask over their common pixel bounds. */
export function buildClipMask(g: Grid, paths: ReadonlyArray<{ edges: EdgeList; evenOdd: boolean }>, tick: (work: number) => void): ClipMask {
  if (paths.length === 0) return EMPTY_CLIP;
  const rect: PixelRect = { x0: 0, y0: 0, x1: g.width, y1: g.height };
  for (const { edges } of paths) {
    if (edges.size === 0) return EMPTY_CLIP;
    rect.x0 = Math.max(rect.x0, Math.floor(edges.minX));
    rect.y0 = Math.max(rect.y0, Math.floor(edges.minY));
    rect.x1 = Math.min(rect.x1, Math.ceil(edges.maxX) + 1);
    rect.y1 = Math.min(rect.y1, Math.ceil(edges.maxY) + 1);
  }
  if (rect.x1 <= rect.x0 || rect.y1 <= rect.y0) return EMPTY_CLIP;
  const w = rect.x1 - rect.x0;
  const data = new Uint8Array(w * (rect.y1 - rect.y0));
  paths.forEach(({ edges, evenOdd }, k) => {
    // The first path marks its pixels 1; each further one keeps (via 2) only the marked pixels it covers too.
    scanEdges(edges, evenOdd, rect, tick, (row, x0, x1) => {
      const off = (row - rect.y0) * w - rect.x0;
      if (k === 0) data.fill(1, off + x0, off + x1);
      else for (let i = off + x0; i < off + x1; i++) if (data[i] === 1) data[i] = 2;
    });
    if (k > 0) {
      tick(1 + (data.length >> 10));
      for (let i = 0; i < data.length; i++) data[i] = data[i] === 2 ? 1 : 0;
    }
  });
  return { rect, data };
}

/** The inverse of an affine matrix, or null when it is singular. */
export function invert(m: Matrix): Matrix | null {
  const [a, b, c, d, e, f] = m;
  const det = a * d - b * c;
  if (!Number.isFinite(det) || Math.abs(det) < 1e-12) return null;
  return [d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det];
}
