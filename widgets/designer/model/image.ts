import type { DesignImageElement } from "../../../shared/contracts/index";
import { coverCrop } from "./from-template";

/*
 * A picture's crop as the properties panel edits it: «Масштаб» (how much of the picture the frame
 * shows: 1 the whole cover crop, 2 half of it…) and the crop's position (0–1 across the part that is
 * left over). The crop always keeps the frame's proportions (coverCrop), so nothing is stretched.
 */

/** The largest zoom the panel offers. */
export const MAX_CROP_ZOOM = 4;

/** The current zoom: the cover crop's size over the crop's. */
export function cropZoom(element: DesignImageElement): number {
  const cover = coverCrop({ ...element, crop: { x: 0, y: 0, width: 1, height: 1 } });
  return element.crop.width > 0 ? Math.max(1, cover.width / element.crop.width) : 1;
}

/** The crop zoomed to `zoom` (1…MAX_CROP_ZOOM) around its centre. */
export function zoomedCrop(element: DesignImageElement, zoom: number): DesignImageElement["crop"] {
  const cover = coverCrop({ ...element, crop: { x: 0, y: 0, width: 1, height: 1 } });
  const z = Math.min(MAX_CROP_ZOOM, Math.max(1, zoom));
  const width = cover.width / z;
  const height = cover.height / z;
  const centreX = element.crop.x + element.crop.width / 2;
  const centreY = element.crop.y + element.crop.height / 2;
  return clampCrop({ x: centreX - width / 2, y: centreY - height / 2, width, height });
}

/** The crop moved to a position: fx, fy from 0 (left, top) to 1 (right, bottom) of the room it has. */
export function pannedCrop(element: DesignImageElement, fx: number, fy: number): DesignImageElement["crop"] {
  const { width, height } = element.crop;
  return clampCrop({ x: (1 - width) * fx, y: (1 - height) * fy, width, height });
}

/** The crop's position as the panel shows it (0–1 each; 0.5 when there is no room to move). */
export function cropPosition(element: DesignImageElement): { fx: number; fy: number } {
  const roomX = 1 - element.crop.width;
  const roomY = 1 - element.crop.height;
  return { fx: roomX > 1e-6 ? element.crop.x / roomX : 0.5, fy: roomY > 1e-6 ? element.crop.y / roomY : 0.5 };
}

function clampCrop(crop: DesignImageElement["crop"]): DesignImageElement["crop"] {
  const width = Math.min(1, Math.max(1e-4, crop.width));
  const height = Math.min(1, Math.max(1e-4, crop.height));
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  return { x: round(Math.min(1 - width, Math.max(0, crop.x))), y: round(Math.min(1 - height, Math.max(0, crop.y))), width: round(width), height: round(height) };
}

/** The picture's effective resolution in its frame (the lower of the two directions), or null for an empty frame. */
export function imagePpi(element: DesignImageElement): number | null {
  if (!element.source || element.width <= 0 || element.height <= 0) return null;
  const across = (element.source.widthPx * element.crop.width) / (element.width / 25.4);
  const down = (element.source.heightPx * element.crop.height) / (element.height / 25.4);
  return Math.floor(Math.min(across, down));
}

/** The resolution under which the designer warns (and the shop's profile flags). */
export const MIN_PPI = 300;

/** The frame shrunk (about its top-left corner) so that the picture reaches `ppi`; the element itself when it already does. */
export function frameAtPpi(element: DesignImageElement, ppi: number = MIN_PPI): DesignImageElement {
  const current = imagePpi(element);
  if (current === null || current >= ppi) return element;
  const scale = current / ppi;
  return { ...element, width: Math.floor(element.width * scale * 100) / 100, height: Math.floor(element.height * scale * 100) / 100 };
}
