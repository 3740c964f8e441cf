import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileEndsOf } from "../files/file-sniff";
import { jpegSize, pngSize, readImageHeader, sniffDesignImage } from "./image-size";

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "ottisk-image-size-"));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const reader = (bytes: Uint8Array) => async (offset: number, length: number) => bytes.subarray(offset, offset + length);

/** SOI, the given segments, a baseline or progressive frame of width × height, EOI. */
function jpeg(width: number, height: number, segments: Buffer[] = [], frameMarker = 0xc0): Uint8Array {
  const frame = Buffer.from([0xff, frameMarker, 0x00, 0x0b, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x01, 0x01, 0x11, 0x00]);
  return new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xd8]), ...segments, frame, Buffer.from([0xff, 0xda, 0x00, 0x02, 0xff, 0xd9])]));
}

function segment(marker: number, size: number): Buffer {
  const length = size + 2;
  return Buffer.concat([Buffer.from([0xff, marker, length >> 8, length & 0xff]), Buffer.alloc(size, 0x20)]);
}

describe("the designer's picture headers", () => {
  it("reads a PNG's size from IHDR", () => {
    const head = new Uint8Array(Buffer.from("89504e470d0a1a0a0000000d4948445200000280000001e00806000000", "hex"));
    expect(sniffDesignImage({ head, tail: head })).toBe("image/png");
    expect(pngSize(head)).toEqual({ widthPx: 640, heightPx: 480 });
  });

  it("walks a JPEG's segments to its frame: after APP segments, fill bytes and DHT, baseline and progressive", async () => {
    expect(await jpegSize(reader(jpeg(1200, 800)))).toEqual({ widthPx: 1200, heightPx: 800 });
    const withSegments = jpeg(3000, 2000, [segment(0xe0, 14), segment(0xe1, 60_000), Buffer.from([0xff, 0xff]), segment(0xc4, 30)], 0xc2);
    expect(await jpegSize(reader(withSegments))).toEqual({ widthPx: 3000, heightPx: 2000 });
  });

  it("refuses a JPEG without a frame before its scan, and bytes that are neither", async () => {
    const noFrame = new Uint8Array(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0xff, 0xd9]));
    expect(await jpegSize(reader(noFrame))).toBeNull();
    expect(await jpegSize(reader(new Uint8Array([0xff, 0xd8, 0xff])))).toBeNull();
    const gif = new TextEncoder().encode("GIF89a\u0001\u0000\u0001\u0000");
    expect(sniffDesignImage(fileEndsOf(gif))).toBeNull();
  });

  it("reads a JPEG on disk whose frame is past the sniffed head", async () => {
    const bytes = jpeg(4000, 3000, [segment(0xe1, 20_000)]);
    const path = join(folder, "photo.jpg");
    await writeFile(path, bytes);
    expect(await readImageHeader(path, fileEndsOf(bytes))).toEqual({ contentType: "image/jpeg", extension: ".jpg", widthPx: 4000, heightPx: 3000 });
  });
});
