import { deflateSync, zlibSync } from "fflate";
import { describe, expect, it } from "vitest";
import type { Budget } from "./budget";
import { DEFAULT_FILTER_PARAMS, canonicalFilterName, decodeFilters, filterSteps, type FilterParams } from "./filters";
import { parseObjectText } from "./parser";
import { isDict } from "./objects";
import { openDocument } from "./reader";
import { buildPdf, latin1, preflightErrorCode, testBudget } from "./testing";

const decode = (data: Uint8Array, name: string, params: Partial<FilterParams> = {}, budget: Budget = testBudget()) =>
  decodeFilters(data, [{ name, params: { ...DEFAULT_FILTER_PARAMS, ...params } }], budget);
const text = (bytes: Uint8Array) => new TextDecoder("latin1").decode(bytes);

/** Some compressible but not trivial bytes. */
function sample(n: number): Uint8Array {
  const out = new Uint8Array(n);
  let x = 7;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    out[i] = i % 7 === 0 ? (x >> 16) & 0xff : 0x41 + (i % 13);
  }
  return out;
}


describe("FlateDecode", () => {
  it("inflates zlib data, and raw deflate without a zlib header", () => {
    const data = sample(200_000);
    expect(decode(zlibSync(data), "FlateDecode").bytes).toEqual(data);
    expect(decode(deflateSync(data), "FlateDecode").bytes).toEqual(data);
    expect(decode(zlibSync(data), "Fl").bytes).toEqual(data);
  });

  it("returns what was inflated from a truncated or damaged stream", () => {
    const data = sample(300_000);
    const z = zlibSync(data);
    const out = decode(z.subarray(0, z.length >> 1), "FlateDecode").bytes;
    expect(out.length).toBeGreaterThan(50_000);
    expect(out.length).toBeLessThan(data.length);
    expect(out).toEqual(data.subarray(0, out.length));
    const damaged = z.slice();
    damaged.fill(0xff, z.length >> 1);
    // Deflate cannot tell damage at once, so what follows it may be garbage; what precedes it is intact.
    const partial = decode(damaged, "FlateDecode").bytes;
    expect(partial.length).toBeGreaterThan(20_000);
    expect(partial.subarray(0, 20_000)).toEqual(data.subarray(0, 20_000));
    expect(decode(latin1("not deflate at all"), "FlateDecode").bytes.length).toBeLessThan(100);
  });

  it("stops a zip bomb at maxStreamBytes with TOO_LARGE, without inflating it all", () => {
    // 64 MB of zeros deflate to ~64 KB; read with a 16 MB cap, counting what is inflated.
    const bomb = zlibSync(new Uint8Array(64 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(200_000);
    let inflated = 0;
    const counting = (budget: Budget): Budget => ({
      ...budget,
      tick: (n) => budget.tick(n),
      checkDeadline: () => budget.checkDeadline(),
      addDecodedBytes(n) {
        inflated += n;
        budget.addDecodedBytes(n);
      },
    });
    expect(preflightErrorCode(() => decode(bomb, "FlateDecode", {}, counting(testBudget({ maxStreamBytes: 16 * 1024 * 1024 }))))).toBe("TOO_LARGE");
    expect(inflated).toBeLessThanOrEqual(17 * 1024 * 1024);
    // The same through a document's stream.
    const pdf = buildPdf([
      { num: 1, body: "<< /Type /Catalog /Pages 2 0 R >>" },
      { num: 2, body: "<< /Type /Pages /Kids [3 0 R] /Count 1 >>" },
      { num: 3, body: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] /Contents 4 0 R >>" },
      { num: 4, body: "<< /Filter /FlateDecode >>", stream: bomb },
    ]);
    inflated = 0;
    const doc = openDocument(pdf, counting(testBudget({ maxStreamBytes: 16 * 1024 * 1024 })));
    expect(preflightErrorCode(() => doc.decodeStream(doc.pages[0]!.contents[0]!))).toBe("TOO_LARGE");
    const once = inflated;
    expect(once).toBeLessThanOrEqual(17 * 1024 * 1024);
    // Asked again (a form drawn many times), it fails at once instead of inflating again.
    for (let i = 0; i < 1000; i++) expect(preflightErrorCode(() => doc.decodeStream(doc.pages[0]!.contents[0]!))).toBe("TOO_LARGE");
    expect(inflated).toBe(once);
    // A content stream has a cap of its own, below the images' one.
    inflated = 0;
    const contentDoc = openDocument(pdf, counting(testBudget({ maxContentStreamBytes: 4 * 1024 * 1024 })));
    expect(preflightErrorCode(() => contentDoc.decodeStream(contentDoc.pages[0]!.contents[0]!, { maxBytes: 4 * 1024 * 1024 }))).toBe("TOO_LARGE");
    expect(inflated).toBeLessThanOrEqual(5 * 1024 * 1024);
  });

  it("counts decoded bytes against the document-wide total", () => {
    const budget = testBudget({ maxTotalDecodedBytes: 150_000 });
    const z = zlibSync(sample(100_000));
    expect(decode(z, "FlateDecode", {}, budget).bytes.length).toBe(100_000);
    expect(preflightErrorCode(() => decode(z, "FlateDecode", {}, budget))).toBe("TOO_LARGE");
  });
});

/** LZW as the spec describes it, for round trips (codes widen when the decoder's table reaches 511 − early…). */
function lzwEncode(data: Uint8Array, early: number): Uint8Array {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  let width = 9;
  const write = (code: number) => {
    acc = (acc << width) | code;
    bits += width;
    while (bits >= 8) {
      out.push((acc >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
    acc &= (1 << bits) - 1;
  };
  const table = new Map<string, number>();
  let next = 258;
  const widthFor = (decoderNext: number) => (decoderNext + early >= 2048 ? 12 : decoderNext + early >= 1024 ? 11 : decoderNext + early >= 512 ? 10 : 9);
  write(256);
  let w = "";
  for (const byte of data) {
    const wc = w + String.fromCharCode(byte);
    if (wc.length === 1 || table.has(wc)) {
      w = wc;
      continue;
    }
    write(w.length === 1 ? w.charCodeAt(0) : table.get(w)!);
    if (next < 4096) table.set(wc, next++);
    else {
      write(256);
      table.clear();
      next = 258;
    }
    // The decoder adds its entries one code later than the encoder.
    width = table.size === 0 ? 9 : widthFor(next - 1);
    w = String.fromCharCode(byte);
  }
  if (w) {
    write(w.length === 1 ? w.charCodeAt(0) : table.get(w)!);
    width = widthFor(next);
  }
  write(257);
  if (bits > 0) out.push((acc << (8 - bits)) & 0xff);
  return Uint8Array.from(out);
}

describe("LZWDecode", () => {
  it("decodes the example of ISO 32000-1 §7.4.4.2", () => {
    const encoded = Uint8Array.from([0x80, 0x0b, 0x60, 0x50, 0x22, 0x0c, 0x0c, 0x85, 0x01]);
    expect(Array.from(decode(encoded, "LZWDecode").bytes)).toEqual([45, 45, 45, 45, 45, 65, 45, 45, 45, 66]);
  });

  it("round-trips with wide codes and a full table, with EarlyChange 1 and 0", () => {
    const data = sample(60_000);
    expect(decode(lzwEncode(data, 1), "LZWDecode").bytes).toEqual(data);
    expect(decode(lzwEncode(data, 0), "LZWDecode", { earlyChange: 0 }).bytes).toEqual(data);
    expect(decode(lzwEncode(data, 0), "LZWDecode").bytes).not.toEqual(data);
  });

  it("applies a predictor after LZW", () => {
    // PNG Up predictor, 2 columns: rows [1 2] [1 1] → [1 2] [2 3].
    const encoded = lzwEncode(Uint8Array.from([2, 1, 2, 2, 1, 1]), 1);
    expect(Array.from(decode(encoded, "LZWDecode", { predictor: 12, columns: 2 }).bytes)).toEqual([1, 2, 2, 3]);
  });
});

describe("ASCII and run-length filters", () => {
  it("ASCIIHexDecode", () => {
    expect(text(decode(latin1("48 65 6c\n6C 6f>ignored"), "ASCIIHexDecode").bytes)).toBe("Hello");
    expect(Array.from(decode(latin1("901FA>"), "AHx").bytes)).toEqual([0x90, 0x1f, 0xa0]);
  });

  it("ASCII85Decode, with z, white space, a final partial group and <~ ~>", () => {
    expect(text(decode(latin1("87cURD_*#TDfTZ)+T~>"), "ASCII85Decode").bytes)).toBe("Hello, world!");
    expect(text(decode(latin1("<~9jqo^~>"), "A85").bytes)).toBe("Man ");
    expect(text(decode(latin1("9j\nn~>"), "A85").bytes)).toBe("Ma");
    expect(Array.from(decode(latin1("z9jqo^~>"), "A85").bytes)).toEqual([0, 0, 0, 0, 77, 97, 110, 32]);
  });

  it("RunLengthDecode, capped like every filter", () => {
    expect(text(decode(Uint8Array.from([2, 0x61, 0x62, 0x63, 0xfe, 0x7a, 128, 0x41]), "RunLengthDecode").bytes)).toBe("abczzz");
    const runs = new Uint8Array(20_000).fill(0x81); // each pair repeats a byte 128 times
    expect(preflightErrorCode(() => decode(runs, "RL", {}, testBudget({ maxStreamBytes: 100_000 })))).toBe("TOO_LARGE");
  });
});

/** PNG row filters, as an encoder writes them. */
function pngEncode(rows: number[][], type: number, bpp: number): Uint8Array {
  const out: number[] = [];
  rows.forEach((row, r) => {
    out.push(type);
    row.forEach((v, i) => {
      const left = i >= bpp ? row[i - bpp]! : 0;
      const up = r > 0 ? rows[r - 1]![i]! : 0;
      const upLeft = r > 0 && i >= bpp ? rows[r - 1]![i - bpp]! : 0;
      const p = left + up - upLeft;
      const paeth = Math.abs(p - left) <= Math.abs(p - up) && Math.abs(p - left) <= Math.abs(p - upLeft) ? left : Math.abs(p - up) <= Math.abs(p - upLeft) ? up : upLeft;
      const pred = [0, left, up, (left + up) >> 1, paeth][type]!;
      out.push((v - pred) & 0xff);
    });
  });
  return Uint8Array.from(out);
}

describe("predictors", () => {
  const rows = [
    [10, 20, 30, 200, 210, 220],
    [11, 25, 250, 5, 0, 255],
    [0, 0, 0, 128, 128, 128],
  ];
  it.each([0, 1, 2, 3, 4])("PNG filter type %i (Colors 3, 1 pixel of 3 bytes to the left)", (type) => {
    const encoded = zlibSync(pngEncode(rows, type, 3));
    const out = decode(encoded, "FlateDecode", { predictor: 10 + type, colors: 3, columns: 2 }).bytes;
    expect(Array.from(out)).toEqual(rows.flat());
  });

  it("PNG filters may change per row; a truncated last row is kept", () => {
    const mixed = [...pngEncode([rows[0]!], 1, 3), ...pngEncode(rows.slice(0, 2), 4, 3).subarray(7, 14)];
    const out = decode(zlibSync(Uint8Array.from(mixed)), "FlateDecode", { predictor: 15, colors: 3, columns: 2 }).bytes;
    expect(Array.from(out)).toEqual([...rows[0]!, ...rows[1]!]);
    const cut = decode(zlibSync(pngEncode(rows, 2, 3).subarray(0, 17)), "FlateDecode", { predictor: 12, colors: 3, columns: 2 }).bytes;
    // 17 bytes: two whole rows of 1 + 6, then a tag and 2 bytes of the third.
    expect(Array.from(cut)).toEqual([...rows[0]!, ...rows[1]!, ...rows[2]!.slice(0, 2)]);
  });

  it("PNG predictor with 16-bit components uses 2-byte pixels", () => {
    const r = [[1, 2, 3, 4]];
    const out = decode(zlibSync(pngEncode(r, 1, 2)), "FlateDecode", { predictor: 11, bitsPerComponent: 16, columns: 2 }).bytes;
    expect(Array.from(out)).toEqual([1, 2, 3, 4]);
  });

  it("TIFF predictor 2 at 8, 16 and 1 bits per component", () => {
    const tiff = (data: number[], params: Partial<FilterParams>) =>
      Array.from(decode(zlibSync(Uint8Array.from(data)), "FlateDecode", { predictor: 2, ...params }).bytes);
    expect(tiff([10, 1, 1, 1, 20, 2, 2, 2], { columns: 4 })).toEqual([10, 11, 12, 13, 20, 22, 24, 26]);
    expect(tiff([1, 2, 3, 1, 1, 1], { colors: 3, columns: 2 })).toEqual([1, 2, 3, 2, 3, 4]);
    expect(tiff([0x01, 0x00, 0x00, 0xff], { bitsPerComponent: 16, columns: 2 })).toEqual([0x01, 0x00, 0x01, 0xff]);
    expect(tiff([0x80, 0xc0], { bitsPerComponent: 1, columns: 8 })).toEqual([0xff, 0x80]);
  });
});

describe("filter chains", () => {
  it("reads /Filter and /DecodeParms as names, arrays and arrays with null", () => {
    const dict = parseObjectText(latin1("<< /Filter [/ASCIIHexDecode /FlateDecode] /DecodeParms [null << /Predictor 12 /Columns 4 >>] >>"), 8);
    if (!isDict(dict)) throw new Error("dict expected");
    const steps = filterSteps(dict, (v) => v ?? null);
    expect(steps.map((s) => s.name)).toEqual(["ASCIIHexDecode", "FlateDecode"]);
    expect(steps[0]!.params).toEqual(DEFAULT_FILTER_PARAMS);
    expect(steps[1]!.params).toMatchObject({ predictor: 12, columns: 4 });
  });

  it("stops in front of an image codec and says which", () => {
    const jpegish = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const hex = latin1(Array.from(zlibSync(jpegish), (b) => b.toString(16).padStart(2, "0")).join("") + ">");
    const steps = ["AHx", "FlateDecode", "DCTDecode"].map((name) => ({ name, params: DEFAULT_FILTER_PARAMS }));
    const result = decodeFilters(hex, steps, testBudget());
    expect(result.codec).toBe("DCTDecode");
    expect(result.bytes).toEqual(jpegish);
    expect(decodeFilters(jpegish, [{ name: "JPXDecode", params: DEFAULT_FILTER_PARAMS }], testBudget())).toEqual({ bytes: jpegish, codec: "JPXDecode" });
    expect(decodeFilters(jpegish, [{ name: "CCF", params: DEFAULT_FILTER_PARAMS }], testBudget()).codec).toBe("CCITTFaxDecode");
  });

  it("through a document: image codecs, unknown filters, and one decode per stream", () => {
    const pdf = buildPdf([
      { num: 1, body: "<< /Type /Catalog /Pages 2 0 R >>" },
      { num: 2, body: "<< /Type /Pages /Kids [3 0 R] /Count 1 >>" },
      { num: 3, body: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] /Contents [4 0 R 5 0 R] /Resources << /XObject << /Im 6 0 R >> >> >>" },
      { num: 4, body: "<< /Filter /FlateDecode >>", stream: zlibSync(sample(50_000)) },
      { num: 5, body: "<< /Filter /NoSuchFilter >>", stream: "abc" },
      { num: 6, body: "<< /Subtype /Image /Filter [/FlateDecode /DCTDecode] /DecodeParms [7 0 R null] >>", stream: zlibSync(latin1("JPEG")) },
      { num: 7, body: "<< >>" },
    ]);
    let counted = 0;
    const inner = testBudget();
    const budget: Budget = { ...inner, limits: inner.limits, addDecodedBytes: (n) => { counted += n; inner.addDecodedBytes(n); } };
    const doc = openDocument(pdf, budget);
    const [content, unknown] = doc.pages[0]!.contents;
    for (let i = 0; i < 1000; i++) expect(doc.decodeStream(content!).length).toBe(50_000);
    expect(counted).toBe(50_000);
    expect(doc.decodeStream(unknown!).length).toBe(0);
    expect(doc.decodeStreamUntilImageCodec(unknown!)).toEqual({ bytes: latin1("abc"), codec: "NoSuchFilter" });
    const image = doc.resolveStream(doc.resolveDict(doc.pages[0]!.resources.entries.get("XObject"))!.entries.get("Im"));
    expect(doc.decodeStreamUntilImageCodec(image!)).toEqual({ bytes: latin1("JPEG"), codec: "DCTDecode" });
    expect(text(doc.decodeStream(image!))).toBe("JPEG");
  });
});

describe("canonicalFilterName", () => {
  it("expands an inline image's abbreviations and keeps every other name, Object's own members included", () => {
    expect(canonicalFilterName("Fl")).toBe("FlateDecode");
    expect(canonicalFilterName("DCT")).toBe("DCTDecode");
    expect(canonicalFilterName("FlateDecode")).toBe("FlateDecode");
    expect(canonicalFilterName("constructor")).toBe("constructor");
    expect(canonicalFilterName("__proto__")).toBe("__proto__");
    expect(canonicalFilterName("toString")).toBe("toString");
  });
});
