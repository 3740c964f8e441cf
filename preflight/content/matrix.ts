import type { Matrix } from "./device";

/*
 * Affine matrices and boxes as PDF uses them (ISO 32000-1 §8.3.4): a point is a row vector, so
 * "first A, then B" is `multiply(A, B)`, and `cm M` makes the CTM `multiply(M, ctm)`.
 */

export type BBox = [number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** `a` applied first, then `b`. */
export function multiply(a: Matrix, b: Matrix): Matrix {
  return [
    a[0] * b[0] + a[1] * b[2],
    a[0] * b[1] + a[1] * b[3],
    a[2] * b[0] + a[3] * b[2],
    a[2] * b[1] + a[3] * b[3],
    a[4] * b[0] + a[5] * b[2] + b[4],
    a[4] * b[1] + a[5] * b[3] + b[5],
  ];
}

export function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** The inverse, or null for a singular matrix. */
export function invert(m: Matrix): Matrix | null {
  const det = m[0] * m[3] - m[1] * m[2];
  if (!Number.isFinite(det) || Math.abs(det) < 1e-12) return null;
  const a = m[3] / det;
  const b = -m[1] / det;
  const c = -m[2] / det;
  const d = m[0] / det;
  return [a, b, c, d, -(m[4] * a + m[5] * c), -(m[4] * b + m[5] * d)];
}

/** The bounding box of a rectangle [x0 y0 x1 y1] after `m`. */
export function transformRect(rect: BBox, m: Matrix): BBox {
  const pts = [apply(m, rect[0], rect[1]), apply(m, rect[2], rect[1]), apply(m, rect[0], rect[3]), apply(m, rect[2], rect[3])];
  return boundsOf(pts);
}

export function boundsOf(points: ReadonlyArray<readonly [number, number]>): BBox {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [x, y] of points) {
    if (x < x0) x0 = x;
    if (y < y0) y0 = y;
    if (x > x1) x1 = x;
    if (y > y1) y1 = y;
  }
  return x0 <= x1 ? [x0, y0, x1, y1] : [0, 0, 0, 0];
}

export function intersect(a: BBox, b: BBox): BBox | null {
  const r: BBox = [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
  return r[0] <= r[2] && r[1] <= r[3] ? r : null;
}

export function normalizeRect(values: readonly number[]): BBox | null {
  if (values.length < 4) return null;
  const [a, b, c, d] = values as [number, number, number, number];
  if (![a, b, c, d].every(Number.isFinite)) return null;
  return [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
}

/** How much `m` scales lengths on average (the square root of |det|), for line widths. */
export function meanScale(m: Matrix): number {
  return Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]));
}
