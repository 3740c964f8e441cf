import { open } from "node:fs/promises";
import type { FileEnds } from "../files/file-sniff";

/*
 * A designer's picture as its bytes say: a PNG or a JPEG (never by the name or the type the
 * browser declared), and its pixel size read from the header — the PNG's IHDR chunk, the JPEG's
 * start-of-frame segment — without decoding the picture or reading the file whole: the upload is
 * on disk (streamed there, routes/files/multipart.ts) and only the segment headers before the frame
 * are read, a few bytes each.
 */

export interface ImageHeader {
  contentType: "image/png" | "image/jpeg";
  extension: ".png" | ".jpg";
  widthPx: number;
  heightPx: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** How far into a JPEG the start-of-frame is looked for (EXIF, ICC profiles and thumbnails come before it). */
const JPEG_HEADER_SEARCH_BYTES = 4 * 1024 * 1024;

/** The type by the first bytes: PNG, JPEG, or null for anything else. */
export function sniffDesignImage(ends: FileEnds): "image/png" | "image/jpeg" | null {
  const head = ends.head;
  if (head.length >= 8 && PNG_SIGNATURE.every((byte, index) => head[index] === byte)) return "image/png";
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "image/jpeg";
  return null;
}

/** A PNG's size from its first chunk, which must be IHDR (PNG spec §5.3); null when it is not there. */
export function pngSize(head: Uint8Array): { widthPx: number; heightPx: number } | null {
  if (head.length < 24) return null;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const type = String.fromCharCode(head[12] ?? 0, head[13] ?? 0, head[14] ?? 0, head[15] ?? 0);
  if (type !== "IHDR") return null;
  const widthPx = view.getUint32(16);
  const heightPx = view.getUint32(20);
  return widthPx > 0 && heightPx > 0 ? { widthPx, heightPx } : null;
}

/** Start-of-frame markers: SOF0–SOF3, SOF5–SOF7, SOF9–SOF11, SOF13–SOF15 (C4 DHT, C8 JPG, CC DAC are not frames). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/**
 * A JPEG's size from its start-of-frame segment, walking the segments from the file's start
 * (ITU T.81 B.1.1): `read(offset, length)` answers the bytes there (fewer at the end of the file).
 */
export async function jpegSize(read: (offset: number, length: number) => Promise<Uint8Array>): Promise<{ widthPx: number; heightPx: number } | null> {
  let offset = 2;
  while (offset < JPEG_HEADER_SEARCH_BYTES) {
    const bytes = await read(offset, 10);
    if (bytes.length < 4 || bytes[0] !== 0xff) return null;
    const marker = bytes[1] ?? 0;
    // Fill bytes: a marker may be preceded by any number of 0xFF.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    // Markers without a length: TEM, RST0–RST7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    // The end of the image or the start of the scan before any frame: not a picture we can use.
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (bytes.length < 9) return null;
      // Length (2), precision (1), height (2), width (2).
      const heightPx = ((bytes[5] ?? 0) << 8) | (bytes[6] ?? 0);
      const widthPx = ((bytes[7] ?? 0) << 8) | (bytes[8] ?? 0);
      return widthPx > 0 && heightPx > 0 ? { widthPx, heightPx } : null;
    }
    offset += 2 + length;
  }
  return null;
}

/** The picture's type and size, from the upload's first bytes and (for a JPEG) its segment headers on disk; null when it is neither a readable PNG nor JPEG. */
export async function readImageHeader(path: string, ends: FileEnds): Promise<ImageHeader | null> {
  const type = sniffDesignImage(ends);
  if (type === "image/png") {
    const size = pngSize(ends.head);
    return size ? { contentType: type, extension: ".png", ...size } : null;
  }
  if (type !== "image/jpeg") return null;
  const file = await open(path, "r");
  try {
    const size = await jpegSize(async (offset, length) => {
      const buffer = new Uint8Array(length);
      const { bytesRead } = await file.read(buffer, 0, length, offset);
      return buffer.subarray(0, bytesRead);
    });
    return size ? { contentType: type, extension: ".jpg", ...size } : null;
  } finally {
    await file.close();
  }
}
