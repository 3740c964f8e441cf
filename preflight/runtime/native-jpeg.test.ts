import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { buildPdf, BUSINESS_CARD_PROFILE } from "../core/testing";
import { runPreflight } from "../engine";
import { decodeJpeg, readJpegHeader } from "../render/jpeg";
import { createNativeJpegDecoder } from "./native-jpeg";

/*
 * The native decoder against the engine's own decodeJpeg on real libjpeg JPEGs (made by sharp):
 * the same size and components, samples as the DCTDecode filter gives them (Adobe CMYK as stored,
 * inverted), and the same report from the engine on a page drawing a large CMYK photo.
 */

const SIDE = 1024;

/** A JPEG of SIDE × SIDE noise in `space`, no chroma subsampling. */
async function noiseJpeg(space: "cmyk" | "srgb" | "b-w", mean: number): Promise<Uint8Array> {
  const noise = sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: { r: mean, g: mean, b: mean }, noise: { type: "gaussian", mean, sigma: 60 } } });
  const buffer = await noise.toColourspace(space).jpeg({ quality: 90, chromaSubsampling: "4:4:4" }).toBuffer();
  return new Uint8Array(buffer);
}

function largestDifference(a: Uint8Array, b: Uint8Array): number {
  let most = 0;
  for (let i = 0; i < a.length; i++) most = Math.max(most, Math.abs((a[i] as number) - (b[i] as number)));
  return most;
}

const native = createNativeJpegDecoder();
afterAll(() => native.close());
/** Decoding megapixels in JavaScript on a loaded 2-core machine takes its time. */
const SLOW = 90_000;
let cmyk: Promise<Uint8Array> | null = null;
const cmykJpeg = () => (cmyk ??= noiseJpeg("cmyk", 90));

describe("the native JPEG decoder", () => {
  it("gives an Adobe CMYK JPEG's samples as stored (inverted), as decodeJpeg does, within the IDCTs' rounding", async () => {
    const jpeg = await cmykJpeg();
    expect(readJpegHeader(jpeg)).toMatchObject({ width: SIDE, height: SIDE, components: 4, adobeTransform: 0 });
    const before = native.counts.native;
    const ours = decodeJpeg(jpeg, null);
    const theirs = native.decode(jpeg, null);
    expect(native.counts.native).toBe(before + 1);
    expect({ ...theirs, data: null }).toEqual({ ...ours, data: null });
    expect(largestDifference(theirs.data, ours.data)).toBeLessThanOrEqual(1);
  }, SLOW);

  it("decodes gray and RGB JPEGs to decodeJpeg's components and samples (RGB: the YCbCr conversions round differently)", async () => {
    for (const [space, most] of [
      ["b-w", 1],
      ["srgb", 3],
    ] as const) {
      const jpeg = await noiseJpeg(space, 128);
      const ours = decodeJpeg(jpeg, null);
      const theirs = native.decode(jpeg, null);
      expect({ ...theirs, data: null }).toEqual({ ...ours, data: null });
      expect(largestDifference(theirs.data, ours.data)).toBeLessThanOrEqual(most);
    }
  }, SLOW);

  it("leaves reduced sizes, small images and what it cannot read to decodeJpeg, with its very answer", async () => {
    const jpeg = await cmykJpeg();
    const before = { ...native.counts };
    const size = { minWidth: SIDE / 2, minHeight: SIDE / 2 };
    const truncated = jpeg.slice(0, jpeg.length >> 1);
    for (const [bytes, asked] of [
      [jpeg, size],
      [truncated, undefined],
    ] as const) {
      const theirs = native.decode(bytes, null, asked);
      const ours = decodeJpeg(bytes, null, asked);
      expect({ ...theirs, data: null }).toEqual({ ...ours, data: null });
      // Buffer's compare: vitest's deep equality walks megabytes element by element.
      expect(Buffer.from(theirs.data).equals(Buffer.from(ours.data))).toBe(true);
    }
    expect(native.counts.native).toBe(before.native);
    expect(native.counts.fallback).toBe(before.fallback + 2);
  }, SLOW);

  it("gives the engine the same report on a page with a large CMYK photo over the ink limit", async () => {
    // Waves of all four inks together, from none to full: a third of the page over 300 %.
    const raw = new Uint8Array(SIDE * SIDE * 4);
    for (let y = 0; y < SIDE; y++) for (let x = 0; x < SIDE; x++) raw.fill(Math.round(128 + 127 * Math.sin(x / 37) * Math.sin(y / 53)), (y * SIDE + x) * 4, (y * SIDE + x) * 4 + 4);
    const jpeg = new Uint8Array(
      await sharp(raw, { raw: { width: SIDE, height: SIDE, channels: 4 } })
        .pipelineColourspace("cmyk")
        .toColourspace("cmyk")
        .jpeg({ quality: 90, chromaSubsampling: "4:4:4" })
        .toBuffer(),
    );
    const pdf = buildPdf(
      [
        { num: 1, body: "<< /Type /Catalog /Pages 2 0 R >>" },
        { num: 2, body: "<< /Type /Pages /Kids [3 0 R] /Count 1 >>" },
        { num: 3, body: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im0 5 0 R >> >> /Contents 4 0 R >>" },
        { num: 4, body: "<< >>", stream: "q 595 0 0 842 0 0 cm /Im0 Do Q" },
        { num: 5, body: `<< /Type /XObject /Subtype /Image /Width ${SIDE} /Height ${SIDE} /ColorSpace /DeviceCMYK /BitsPerComponent 8 /Filter /DCTDecode >>`, stream: jpeg },
      ],
      { version: "1.3" },
    );
    const before = native.counts.native;
    // A generous deadline: a loaded machine must not turn this comparison into two TIMEOUTs.
    const limits = { deadlineMs: SLOW };
    const withNative = runPreflight(pdf, BUSINESS_CARD_PROFILE, { decodeJpeg: native.decode, limits });
    expect(native.counts.native).toBe(before + 1);
    const report = runPreflight(pdf, BUSINESS_CARD_PROFILE, { limits });
    expect(report.findings.some((finding) => finding.code === 4731)).toBe(true);
    expect(withNative).toEqual(report);
  }, SLOW);
});
