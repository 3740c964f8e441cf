import type { DesignDocument } from "../../../shared/contracts/index";
import type { Box } from "./geometry";

/*
 * Snapping while an element is dragged or resized: its left, centre and right edges (and top,
 * middle, bottom) are pulled to the nearest line within the tolerance — the trim's edges, the safe
 * zone's, the trim's centre lines, and the edges and centres of the side's other elements. The
 * tolerance is 1 mm as seen at zoom 1: `SNAP_MM / zoom` millimetres, so zoomed in it is finer.
 */

export const SNAP_MM = 1;

/** A snapped line, to draw as a guide while dragging. */
export interface SnapGuide {
  axis: "x" | "y";
  at: number;
}

export interface SnapTargets {
  x: number[];
  y: number[];
}

/** The lines an element may snap to: the trim, the safe zone, the centre lines and the other elements' boxes. */
export function snapTargets(document: DesignDocument, others: readonly Box[]): SnapTargets {
  const [width, height] = document.trimMm;
  const safe = document.safeMm;
  const x = [0, safe, width / 2, width - safe, width];
  const y = [0, safe, height / 2, height - safe, height];
  for (const box of others) {
    x.push(box.x, box.x + box.width / 2, box.x + box.width);
    y.push(box.y, box.y + box.height / 2, box.y + box.height);
  }
  return { x, y };
}

/** The nearest correction of any of `edges` to a target within the tolerance, or null. */
function nearest(edges: readonly number[], targets: readonly number[], tolerance: number): { delta: number; at: number } | null {
  let best: { delta: number; at: number } | null = null;
  for (const edge of edges) {
    for (const target of targets) {
      const delta = target - edge;
      if (Math.abs(delta) <= tolerance && (best === null || Math.abs(delta) < Math.abs(best.delta))) best = { delta, at: target };
    }
  }
  return best;
}

/**
 * A move of `box` by dx, dy, snapped: returns the corrected move and the guides it snapped to.
 * `tolerance` in millimetres (SNAP_MM / zoom).
 */
export function snapMove(box: Box, dx: number, dy: number, targets: SnapTargets, tolerance: number): { dx: number; dy: number; guides: SnapGuide[] } {
  const left = box.x + dx;
  const top = box.y + dy;
  const snapX = nearest([left, left + box.width / 2, left + box.width], targets.x, tolerance);
  const snapY = nearest([top, top + box.height / 2, top + box.height], targets.y, tolerance);
  const guides: SnapGuide[] = [];
  if (snapX) guides.push({ axis: "x", at: snapX.at });
  if (snapY) guides.push({ axis: "y", at: snapY.at });
  return { dx: dx + (snapX?.delta ?? 0), dy: dy + (snapY?.delta ?? 0), guides };
}

/** A resize's moving corner (the right and bottom edges) at x, y, snapped. */
export function snapPoint(x: number, y: number, targets: SnapTargets, tolerance: number): { x: number; y: number; guides: SnapGuide[] } {
  const snapX = nearest([x], targets.x, tolerance);
  const snapY = nearest([y], targets.y, tolerance);
  const guides: SnapGuide[] = [];
  if (snapX) guides.push({ axis: "x", at: snapX.at });
  if (snapY) guides.push({ axis: "y", at: snapY.at });
  return { x: x + (snapX?.delta ?? 0), y: y + (snapY?.delta ?? 0), guides };
}
