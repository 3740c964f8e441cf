import { useEffect, useRef, useState } from "react";
import type { PointerEvent as ReactPointerEvent } from "react";
import type { DesignDocument, DesignElement, DesignImageSource } from "../../shared/contracts/index";
import type { Command } from "./model/edits";
import { findElement, replaceElement } from "./model/edits";
import { elementBox, movedElement } from "./model/geometry";
import { resizedElement, resizeHandle } from "./model/resize";
import { SNAP_MM, snapMove, snapPoint, snapTargets } from "./model/snapping";
import type { SnapGuide } from "./model/snapping";
import type { TextShaper } from "./text-shaper";
import { SideView } from "./SideView";

/*
 * The canvas: the side drawn big (SideView) with the guides, the selection and its resize handle.
 * A pointer (mouse, pen or finger) selects an element and drags it; the handle resizes it; both
 * snap (model/snapping.ts) and are one undo step each. A locked element is not picked: the pointer
 * goes through to the background. The background drags the view (pan); Ctrl+wheel and two fingers
 * zoom. The keyboard way is the layers list and the arrows (Designer.tsx).
 */

/** CSS pixels per millimetre at zoom 1. */
export const PX_PER_MM = 4;
export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 8;

export interface DesignCanvasProps {
  document: DesignDocument;
  sideIndex: number;
  selectedId: string | null;
  zoom: number;
  guides: boolean;
  shaper: TextShaper;
  imageHref: (source: DesignImageSource) => string | null;
  label: string;
  onSelect: (id: string | null) => void;
  onEdit: (command: Command, merge: string | null) => void;
  onEndGesture: () => void;
  onZoom: (zoom: number) => void;
}

type Gesture =
  | { kind: "move"; pointerId: number; key: string; start: { x: number; y: number }; original: DesignElement }
  | { kind: "resize"; pointerId: number; key: string; original: DesignElement }
  | { kind: "pan"; pointerId: number; clientX: number; clientY: number; scrollLeft: number; scrollTop: number };

let gestureCount = 0;

export function clampZoom(zoom: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(zoom * 100) / 100));
}

export function DesignCanvas({ document, sideIndex, selectedId, zoom, guides, shaper, imageHref, label, onSelect, onEdit, onEndGesture, onZoom }: DesignCanvasProps) {
  const svg = useRef<SVGSVGElement | null>(null);
  const scroller = useRef<HTMLDivElement | null>(null);
  const gesture = useRef<Gesture | null>(null);
  const touches = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; zoom: number } | null>(null);
  const [snapGuides, setSnapGuides] = useState<SnapGuide[]>([]);
  const zoomRef = useRef(zoom);
  zoomRef.current = zoom;
  const onZoomRef = useRef(onZoom);
  onZoomRef.current = onZoom;

  // Ctrl+wheel (and a trackpad's pinch, which browsers send as one) zooms; a plain wheel scrolls.
  useEffect(() => {
    const node = scroller.current;
    if (!node) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      onZoomRef.current(clampZoom(zoomRef.current * Math.exp(-event.deltaY / 300)));
    };
    node.addEventListener("wheel", onWheel, { passive: false });
    return () => node.removeEventListener("wheel", onWheel);
  }, []);

  const width = (document.trimMm[0] + 2 * document.bleedMm) * PX_PER_MM * zoom;
  const selected = findElement(document, sideIndex, selectedId);
  const side = document.sides[sideIndex];

  /** The pointer's position in the side's millimetres. */
  const toMm = (clientX: number, clientY: number): { x: number; y: number } => {
    const matrix = svg.current?.getScreenCTM();
    if (!matrix) return { x: 0, y: 0 };
    const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    return { x: point.x, y: point.y };
  };

  const targetsWithout = (id: string) => snapTargets(document, (side?.elements ?? []).filter((element) => element.id !== id).map((element) => elementBox(element, shaper.height)));

  const onPointerDown = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (event.pointerType === "touch") {
      touches.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (touches.current.size === 2) {
        // A second finger: the gesture becomes a pinch.
        if (gesture.current && gesture.current.kind !== "pan") onEndGesture();
        gesture.current = null;
        pinch.current = { distance: fingerDistance(touches.current), zoom };
        return;
      }
    }
    if (event.button !== 0) return;
    // The arrows then move what was picked (the keys reach the editor from the focused frame).
    scroller.current?.focus({ preventScroll: true });
    const target = event.target instanceof Element ? event.target : null;
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A pointer already gone (lifted before this handler ran) cannot be captured: the drag still follows its events.
    }
    if (target?.closest("[data-handle]") && selected && !selected.locked) {
      event.preventDefault();
      gesture.current = { kind: "resize", pointerId: event.pointerId, key: `resize:${(gestureCount += 1)}`, original: selected };
      return;
    }
    const id = target?.closest("[data-element-id]")?.getAttribute("data-element-id") ?? null;
    const element = findElement(document, sideIndex, id);
    if (element && !element.locked) {
      event.preventDefault();
      onSelect(element.id);
      gesture.current = { kind: "move", pointerId: event.pointerId, key: `move:${(gestureCount += 1)}`, start: toMm(event.clientX, event.clientY), original: element };
      return;
    }
    onSelect(null);
    const node = scroller.current;
    if (node) gesture.current = { kind: "pan", pointerId: event.pointerId, clientX: event.clientX, clientY: event.clientY, scrollLeft: node.scrollLeft, scrollTop: node.scrollTop };
  };

  const onPointerMove = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (event.pointerType === "touch" && touches.current.has(event.pointerId)) {
      touches.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (pinch.current && touches.current.size === 2) {
        onZoom(clampZoom((pinch.current.zoom * fingerDistance(touches.current)) / pinch.current.distance));
        return;
      }
    }
    const current = gesture.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const tolerance = SNAP_MM / zoom;
    if (current.kind === "pan") {
      const node = scroller.current;
      if (node) {
        node.scrollLeft = current.scrollLeft - (event.clientX - current.clientX);
        node.scrollTop = current.scrollTop - (event.clientY - current.clientY);
      }
      return;
    }
    const point = toMm(event.clientX, event.clientY);
    if (current.kind === "move") {
      const box = elementBox(current.original, shaper.height);
      const snapped = snapMove(box, point.x - current.start.x, point.y - current.start.y, targetsWithout(current.original.id), tolerance);
      setSnapGuides(snapped.guides);
      onEdit(replaceElement(sideIndex, movedElement(current.original, snapped.dx, snapped.dy)), current.key);
    } else {
      const snapped = snapPoint(point.x, point.y, targetsWithout(current.original.id), tolerance);
      setSnapGuides(snapped.guides);
      onEdit(replaceElement(sideIndex, resizedElement(current.original, snapped.x, snapped.y)), current.key);
    }
  };

  const onPointerEnd = (event: ReactPointerEvent<SVGSVGElement>) => {
    touches.current.delete(event.pointerId);
    if (touches.current.size < 2) pinch.current = null;
    if (gesture.current?.pointerId !== event.pointerId) return;
    if (gesture.current.kind !== "pan") onEndGesture();
    gesture.current = null;
    setSnapGuides([]);
  };

  const pxPerMm = PX_PER_MM * zoom;
  const box = selected ? elementBox(selected, shaper.height) : null;
  const handle = selected && box ? resizeHandle(selected, box.height) : null;
  // A handle at least 24 CSS px across, so a finger can take it.
  const handleMm = 24 / pxPerMm;
  const bleed = document.bleedMm;
  const [trimWidth, trimHeight] = document.trimMm;

  return (
    <div className="ottisk-designer-scroller" ref={scroller} part="canvas" role="region" aria-label="Холст: выберите элемент в списке слоёв, стрелки двигают его" tabIndex={0}>
      <SideView
        svgRef={(node) => {
          svg.current = node;
        }}
        className="ottisk-designer-canvas"
        document={document}
        sideIndex={sideIndex}
        shaper={shaper}
        imageHref={imageHref}
        guides={guides}
        width={width}
        label={label}
        svgProps={{ onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd }}
      >
        {box && selected ? (
          <g className="ottisk-designer-selection" pointerEvents="none">
            <rect x={box.x} y={box.y} width={Math.max(box.width, 0.01)} height={Math.max(box.height, 0.01)} fill="none" vectorEffect="non-scaling-stroke" />
          </g>
        ) : null}
        {handle && selected && !selected.locked ? (
          <g data-handle="resize" className="ottisk-designer-handle">
            <rect x={handle.x - handleMm / 2} y={handle.y - handleMm / 2} width={handleMm} height={handleMm} fill="transparent" />
            <rect className="ottisk-designer-handle-mark" x={handle.x - handleMm / 6} y={handle.y - handleMm / 6} width={handleMm / 3} height={handleMm / 3} vectorEffect="non-scaling-stroke" />
          </g>
        ) : null}
        {snapGuides.map((guide) =>
          guide.axis === "x" ? (
            <line key={`x${guide.at}`} className="ottisk-designer-snap" x1={guide.at} x2={guide.at} y1={-bleed} y2={trimHeight + bleed} vectorEffect="non-scaling-stroke" />
          ) : (
            <line key={`y${guide.at}`} className="ottisk-designer-snap" y1={guide.at} y2={guide.at} x1={-bleed} x2={trimWidth + bleed} vectorEffect="non-scaling-stroke" />
          ),
        )}
      </SideView>
    </div>
  );
}

function fingerDistance(points: Map<number, { x: number; y: number }>): number {
  const [a, b] = [...points.values()];
  if (!a || !b) return 1;
  return Math.max(1, Math.hypot(a.x - b.x, a.y - b.y));
}
