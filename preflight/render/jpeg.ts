/*
 * DCTDecode for the ink renderer: a small baseline + progressive JPEG decoder of its own (pure
 * TypeScript, runs unchanged in a browser and in Node) that decodes at a REDUCED size when the page
 * raster needs fewer pixels than the image has. The result is what a PDF DCTDecode filter outputs
 * (ISO 32000-1 §7.4.8), at that size: one byte per component per pixel — gray / RGB (YCbCr
 * converted, as /ColorTransform and the Adobe marker say) / CMYK as stored (YCCK converted back to
 * it) — the samples the image's /Decode array then maps. Adobe's inverted CMYK stays inverted, as
 * Acrobat, Ghostscript and pdf.js read it (producers write /Decode [1 0 1 0 1 0 1 0] for it).
 *
 * Reduced size (DCT scaling, as libjpeg's scale_num/scale_denom): the entropy-coded data is read in
 * full, but each 8 × 8 block goes through an S-point inverse DCT of its S × S lowest frequencies,
 * S = 8, 4, 2 or 1 (1: the DC coefficient alone, the block's mean) — 1/1, 1/2, 1/4 or 1/8 of the
 * size, each output sample the block region's low-pass value. The scale is the smallest that still
 * gives at least `minWidth` × `minHeight` samples. A progressive JPEG is read scan by scan, so its
 * DC scans give the 1/8 image at the cost of their few bits (AC scans are still read through).
 *
 * Huffman decoding uses a 9-bit lookup table (longer codes by the canonical code limits); chroma
 * subsampled components are upsampled by nearest neighbour. Lossless, hierarchical and
 * arithmetic-coded JPEGs are refused (no PDF producer writes them). A scan that ends early (a
 * truncated stream) leaves the rest of its coefficients zero rather than failing, as viewers do.
 */

export interface DecodedJpeg {
  width: number;
  height: number;
  components: number;
  /** width × height × components bytes, row-major, components interleaved. */
  data: Uint8Array;
  /** The reduction: 1, 2, 4 or 8 (width = ⌈image width / scale⌉). */
  scale: number;
}

export interface JpegSize {
  /** The fewest samples across and down the caller needs; the decoder reduces no further. */
  minWidth: number;
  minHeight: number;
}

/**
 * A DCTDecode decoder as the ink renderer calls it: decodeJpeg's signature and answer. The Node
 * runtime hands the engine a native one (runtime/native-jpeg.ts, libvips through sharp) that gives
 * the same samples at the same reduced size; the browser uses decodeJpeg itself.
 */
export type JpegDecoder = (bytes: Uint8Array, colorTransform: number | null, size?: JpegSize) => DecodedJpeg;

/** What a JPEG's header says, read without decoding (readJpegHeader). */
export interface JpegHeader {
  width: number;
  height: number;
  components: number;
  /** The component identifiers of the frame, in order. */
  ids: number[];
  /** The APP14 "Adobe" marker's transform (0, 1, 2), null without the marker. */
  adobeTransform: number | null;
  /** A JFIF (APP0) marker was seen. */
  jfif: boolean;
  /** 8-bit baseline, extended or progressive Huffman (the frames decodeJpeg reads). */
  supported: boolean;
}

/** A hostile JPEG must not make the decoder allocate without bound. */
const MAX_PIXELS = 64 * 1024 * 1024;

const ZIGZAG = Int32Array.from([
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45,
  38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
]);

/**
 * A Huffman table: `fast[9 bits]` = length << 8 | value (0 when the code is longer), the canonical
 * limits per length, and for AC tables `fastAc[9 bits]`: a code AND its extra bits that fit in 9
 * bits decoded at once (stb_image's trick) as value × 65536 + run × 256 + bits used (0: not fast).
 */
interface Huffman {
  fast: Uint16Array;
  fastAc: Int32Array;
  maxCode: Int32Array;
  valPtr: Int32Array;
  values: Uint8Array;
}

const FAST_BITS = 9;

function buildHuffman(counts: Uint8Array, values: Uint8Array): Huffman {
  const fast = new Uint16Array(1 << FAST_BITS);
  const maxCode = new Int32Array(18).fill(-1);
  const valPtr = new Int32Array(18);
  let code = 0;
  let k = 0;
  for (let len = 1; len <= 16; len++) {
    const n = counts[len - 1] as number;
    valPtr[len] = k - code;
    for (let i = 0; i < n; i++, k++, code++) {
      if (len <= FAST_BITS) {
        const lo = code << (FAST_BITS - len);
        const hi = (code + 1) << (FAST_BITS - len);
        for (let j = lo; j < hi && j < fast.length; j++) fast[j] = (len << 8) | (values[k] ?? 0);
      }
    }
    if (n > 0) maxCode[len] = code - 1;
    code <<= 1;
  }
  maxCode[17] = 0x7fffffff;
  const fastAc = new Int32Array(1 << FAST_BITS);
  for (let i = 0; i < fastAc.length; i++) {
    const e = fast[i] as number;
    if (e === 0) continue;
    const len = e >> 8;
    const rs = e & 255;
    const run = rs >> 4;
    const size = rs & 15;
    if (size === 0 || len + size > FAST_BITS) continue;
    let v = (i >> (FAST_BITS - len - size)) & ((1 << size) - 1);
    if (v < 1 << (size - 1)) v += 1 - (1 << size);
    fastAc[i] = v * 65536 + run * 256 + (len + size);
  }
  return { fast, fastAc, maxCode, valPtr, values };
}

interface Component {
  id: number;
  h: number;
  v: number;
  tq: number;
  /** Blocks that hold image data, and the blocks stored (padded to whole MCUs). */
  blocksPerLine: number;
  blocksPerColumn: number;
  blocksPerLineP: number;
  blocksPerColumnP: number;
  /** Coefficients in natural order, 64 a block, row-major over the padded blocks. */
  coef: Int16Array;
  pred: number;
  dc: Huffman | null;
  ac: Huffman | null;
  /** Where its samples go (set before the first scan of a baseline frame, which is turned into samples block by block). */
  target: Target | null;
}

/** A component's destination: sample (x, y) at out[at + y × rowStride + x × step]; its dequantisation tables. */
interface Target {
  out: Uint8Array;
  at: number;
  rowStride: number;
  step: number;
  q: Uint16Array;
  /** `q` prescaled for the AAN transform. */
  qs: Float64Array;
  tmp: Float64Array;
}

interface Frame {
  progressive: boolean;
  width: number;
  height: number;
  hMax: number;
  vMax: number;
  mcusPerLine: number;
  mcusPerColumn: number;
  components: Component[];
  /** Output samples per block side: 8 / the reduction. */
  S: number;
}

/** The entropy-coded data's bit reader: stuffed 0xFF 0x00 read as 0xFF, zeros fed past a marker or the end. */
class BitReader {
  pos: number;
  buf = 0;
  bits = 0;
  /** Zero bytes fed past the end of the data (a truncated stream). */
  padded = 0;
  constructor(
    private readonly data: Uint8Array,
    start: number,
  ) {
    this.pos = start;
  }

  fill(): void {
    const data = this.data;
    while (this.bits <= 24) {
      let b = 0;
      if (this.pos >= data.length) this.padded++;
      else {
        b = data[this.pos] as number;
        if (b === 0xff) {
          const next = data[this.pos + 1];
          if (next === 0) this.pos += 2;
          else b = 0; // a marker: stay before it, feed zeros
        } else this.pos++;
      }
      this.buf = (this.buf << 8) | b;
      this.bits += 8;
    }
  }

  decode(t: Huffman): number {
    if (this.bits < 16) this.fill();
    const e = t.fast[(this.buf >>> (this.bits - FAST_BITS)) & ((1 << FAST_BITS) - 1)] as number;
    if (e !== 0) {
      this.bits -= e >> 8;
      return e & 255;
    }
    for (let len = FAST_BITS + 1; len <= 16; len++) {
      const code = (this.buf >>> (this.bits - len)) & ((1 << len) - 1);
      if (code <= (t.maxCode[len] as number)) {
        this.bits -= len;
        return t.values[(t.valPtr[len] as number) + code] ?? 0;
      }
    }
    // No such code: corrupt data; skip a bit and go on (the block reads as garbage, not as a crash).
    this.bits -= 1;
    return 0;
  }

  receive(n: number): number {
    if (n === 0) return 0;
    if (this.bits < n) this.fill();
    this.bits -= n;
    return (this.buf >>> this.bits) & ((1 << n) - 1);
  }

  extend(n: number): number {
    if (n === 0) return 0;
    if (this.bits < n) this.fill();
    this.bits -= n;
    const v = (this.buf >>> this.bits) & ((1 << n) - 1);
    return v < 1 << (n - 1) ? v - (1 << n) + 1 : v;
  }

  bit(): number {
    if (this.bits < 1) this.fill();
    this.bits -= 1;
    return (this.buf >>> this.bits) & 1;
  }

  /** Past a restart marker: the bits of the previous interval are dropped. */
  restart(): void {
    this.buf = 0;
    this.bits = 0;
    const data = this.data;
    while (this.pos + 1 < data.length) {
      if (data[this.pos] === 0xff) {
        const m = data[this.pos + 1] as number;
        if (m >= 0xd0 && m <= 0xd7) {
          this.pos += 2;
          return;
        }
        if (m !== 0 && m !== 0xff) return; // another marker: the scan is over
      }
      this.pos++;
    }
  }
}

interface ScanParams {
  components: Component[];
  ss: number;
  se: number;
  ah: number;
  al: number;
  restartInterval: number;
}

function decodeScan(data: Uint8Array, start: number, frame: Frame, scan: ScanParams): number {
  const reader = new BitReader(data, start);
  const { components, ss, se, ah, al } = scan;
  const progressive = frame.progressive;
  let eobrun = 0;

  const baseline = (c: Component, o: number) => {
    const coef = c.coef;
    const t = reader.decode(c.dc as Huffman);
    c.pred += reader.extend(t);
    coef[o] = c.pred;
    const ac = c.ac as Huffman;
    const fastAc = ac.fastAc;
    for (let k = 1; k < 64; ) {
      if (reader.bits < 16) reader.fill();
      const f = fastAc[(reader.buf >>> (reader.bits - FAST_BITS)) & ((1 << FAST_BITS) - 1)] as number;
      if (f !== 0) {
        reader.bits -= f & 255;
        k += (f >> 8) & 15;
        if (k > 63) break;
        coef[o + (ZIGZAG[k] as number)] = f >> 16;
        k++;
        continue;
      }
      const rs = reader.decode(ac);
      const s = rs & 15;
      const r = rs >> 4;
      if (s === 0) {
        if (r < 15) break;
        k += 16;
        continue;
      }
      k += r;
      if (k > 63) break;
      coef[o + (ZIGZAG[k] as number)] = reader.extend(s);
      k++;
    }
  };
  const dcFirst = (c: Component, o: number) => {
    const t = reader.decode(c.dc as Huffman);
    c.pred += reader.extend(t);
    c.coef[o] = c.pred * (1 << al);
  };
  const dcRefine = (c: Component, o: number) => {
    if (reader.bit()) c.coef[o] = (c.coef[o] as number) | (1 << al);
  };
  const acFirst = (c: Component, o: number) => {
    if (eobrun > 0) {
      eobrun--;
      return;
    }
    const coef = c.coef;
    const ac = c.ac as Huffman;
    for (let k = ss; k <= se; ) {
      const rs = reader.decode(ac);
      const s = rs & 15;
      const r = rs >> 4;
      if (s === 0) {
        if (r < 15) {
          eobrun = (1 << r) - 1 + reader.receive(r);
          break;
        }
        k += 16;
        continue;
      }
      k += r;
      if (k > 63) break;
      coef[o + (ZIGZAG[k] as number)] = reader.extend(s) * (1 << al);
      k++;
    }
  };
  const acRefine = (c: Component, o: number) => {
    // libjpeg's decode_mcu_AC_refine.
    const coef = c.coef;
    const p1 = 1 << al;
    const m1 = -1 << al;
    let k = ss;
    const refine = (z: number) => {
      const v = coef[z] as number;
      if (reader.bit() && (v & p1) === 0) coef[z] = v >= 0 ? v + p1 : v + m1;
    };
    if (eobrun === 0) {
      const ac = c.ac as Huffman;
      for (; k <= se; k++) {
        const rs = reader.decode(ac);
        let r = rs >> 4;
        let s = rs & 15;
        if (s !== 0) s = reader.bit() ? p1 : m1;
        else if (r !== 15) {
          eobrun = (1 << r) + reader.receive(r);
          break;
        }
        while (k <= se) {
          const z = o + (ZIGZAG[k] as number);
          if (coef[z] !== 0) refine(z);
          else if (--r < 0) break;
          k++;
        }
        if (s !== 0 && k <= se) coef[o + (ZIGZAG[k] as number)] = s;
      }
    }
    if (eobrun > 0) {
      for (; k <= se; k++) {
        const z = o + (ZIGZAG[k] as number);
        if (coef[z] !== 0) refine(z);
      }
      eobrun--;
    }
  };

  const decodeBlock = !progressive ? baseline : ss === 0 ? (ah === 0 ? dcFirst : dcRefine) : ah === 0 ? acFirst : acRefine;
  const blockOffset = (c: Component, row: number, col: number) => (progressive ? (row * c.blocksPerLineP + col) * 64 : 0);
  const S = frame.S;

  let mcus: number;
  let mcuAt: (n: number) => void;
  if (components.length === 1) {
    // A non-interleaved scan: the component's own blocks, left to right, top to bottom.
    const c = components[0] as Component;
    mcus = c.blocksPerLine * c.blocksPerColumn;
    mcuAt = (n) => {
      const row = Math.floor(n / c.blocksPerLine);
      const col = n - row * c.blocksPerLine;
      decodeBlock(c, blockOffset(c, row, col));
      if (!progressive) emitBlock(c, S, row, col);
    };
  } else {
    mcus = frame.mcusPerLine * frame.mcusPerColumn;
    mcuAt = (n) => {
      const mcuRow = Math.floor(n / frame.mcusPerLine);
      const mcuCol = n - mcuRow * frame.mcusPerLine;
      for (const c of components)
        for (let y = 0; y < c.v; y++)
          for (let x = 0; x < c.h; x++) {
            decodeBlock(c, blockOffset(c, mcuRow * c.v + y, mcuCol * c.h + x));
            if (!progressive) emitBlock(c, S, mcuRow * c.v + y, mcuCol * c.h + x);
          }
    };
  }
  const interval = scan.restartInterval > 0 ? scan.restartInterval : mcus;
  for (let n = 0; n < mcus; n++) {
    if (n > 0 && n % interval === 0) {
      reader.restart();
      eobrun = 0;
      for (const c of components) c.pred = 0;
    }
    mcuAt(n);
    if (reader.padded > 64) break; // a truncated stream: the rest stays zero
  }
  return nextMarker(data, reader.pos);
}

/** The next marker from `p` on that is not a restart marker: skips what is left of entropy-coded data. */
function nextMarker(data: Uint8Array, from: number): number {
  let p = from;
  while (p + 1 < data.length && !(data[p] === 0xff && data[p + 1] !== 0 && data[p + 1] !== 0xff && !((data[p + 1] as number) >= 0xd0 && (data[p + 1] as number) <= 0xd7))) p++;
  return p;
}

/** The coarsest reduction (8, 4, 2 or 1) that still gives the samples asked for. */
export function jpegReduction(width: number, height: number, size: JpegSize | undefined): number {
  if (size === undefined) return 1;
  for (const s of [8, 4, 2]) if (Math.ceil(width / s) >= size.minWidth && Math.ceil(height / s) >= size.minHeight) return s;
  return 1;
}

/**
 * S-point inverse DCT matrices: output sample x of S is the mean of the 8-point basis over the
 * r = 8 / S pixels it stands for, m[x * S + u] = ½ C(u) · mean over j < r of cos((2(r·x + j) + 1)uπ / 16),
 * C(0) = 1/√2 — for S = 8 the plain IDCT, for S = 1 the block's mean (DC / 8).
 */
const IDCT: Record<number, Float64Array> = {};
for (const S of [1, 2, 4, 8]) {
  const m = new Float64Array(S * S);
  const r = 8 / S;
  for (let x = 0; x < S; x++)
    for (let u = 0; u < S; u++) {
      let sum = 0;
      for (let j = 0; j < r; j++) sum += Math.cos(((2 * (r * x + j) + 1) * u * Math.PI) / 16);
      m[x * S + u] = 0.5 * (u === 0 ? Math.SQRT1_2 : 1) * (sum / r);
    }
  IDCT[S] = m;
}

/** AAN scale factors (libjpeg's jidctflt.c): 1 for k = 0, cos(kπ/16)·√2 otherwise. */
const AAN = Float64Array.from({ length: 8 }, (_, k) => (k === 0 ? 1 : Math.cos((k * Math.PI) / 16) * Math.SQRT2));

/** Rounds and clamps an IDCT output (already level-shifted) to a sample. */
const sample8 = (v: number): number => (v <= 0 ? 0 : v >= 255 ? 255 : (v + 0.5) | 0);

/**
 * The full 8 × 8 inverse DCT: libjpeg's floating-point AAN (jidctflt.c), its dequantisation table
 * prescaled by the AAN factors and 1/8; columns into `ws`, then rows into the plane.
 */
function idct8(coef: Int16Array, o: number, qs: Float64Array, ws: Float64Array, plane: Uint8Array, out0: number, stride: number, step: number): void {
  for (let c = 0; c < 8; c++) {
    const d0 = (coef[o + c] as number) * (qs[c] as number);
    if (coef[o + 8 + c] === 0 && coef[o + 16 + c] === 0 && coef[o + 24 + c] === 0 && coef[o + 32 + c] === 0 && coef[o + 40 + c] === 0 && coef[o + 48 + c] === 0 && coef[o + 56 + c] === 0) {
      for (let r = 0; r < 8; r++) ws[r * 8 + c] = d0;
      continue;
    }
    const t0 = d0;
    const t1 = (coef[o + 16 + c] as number) * (qs[16 + c] as number);
    const t2 = (coef[o + 32 + c] as number) * (qs[32 + c] as number);
    const t3 = (coef[o + 48 + c] as number) * (qs[48 + c] as number);
    const e10 = t0 + t2;
    const e11 = t0 - t2;
    const e13 = t1 + t3;
    const e12 = (t1 - t3) * 1.414213562 - e13;
    const a0 = e10 + e13;
    const a3 = e10 - e13;
    const a1 = e11 + e12;
    const a2 = e11 - e12;
    const t4 = (coef[o + 8 + c] as number) * (qs[8 + c] as number);
    const t5 = (coef[o + 24 + c] as number) * (qs[24 + c] as number);
    const t6 = (coef[o + 40 + c] as number) * (qs[40 + c] as number);
    const t7 = (coef[o + 56 + c] as number) * (qs[56 + c] as number);
    const z13 = t6 + t5;
    const z10 = t6 - t5;
    const z11 = t4 + t7;
    const z12 = t4 - t7;
    const b7 = z11 + z13;
    const b11 = (z11 - z13) * 1.414213562;
    const z5 = (z10 + z12) * 1.847759065;
    const b10 = 1.0823922 * z12 - z5;
    const b12 = -2.61312593 * z10 + z5;
    const b6 = b12 - b7;
    const b5 = b11 - b6;
    const b4 = b10 + b5;
    ws[c] = a0 + b7;
    ws[56 + c] = a0 - b7;
    ws[8 + c] = a1 + b6;
    ws[48 + c] = a1 - b6;
    ws[16 + c] = a2 + b5;
    ws[40 + c] = a2 - b5;
    ws[32 + c] = a3 + b4;
    ws[24 + c] = a3 - b4;
  }
  for (let r = 0; r < 8; r++) {
    const w = r * 8;
    const e10 = (ws[w] as number) + (ws[w + 4] as number);
    const e11 = (ws[w] as number) - (ws[w + 4] as number);
    const e13 = (ws[w + 2] as number) + (ws[w + 6] as number);
    const e12 = ((ws[w + 2] as number) - (ws[w + 6] as number)) * 1.414213562 - e13;
    const a0 = e10 + e13 + 128;
    const a3 = e10 - e13 + 128;
    const a1 = e11 + e12 + 128;
    const a2 = e11 - e12 + 128;
    const z13 = (ws[w + 5] as number) + (ws[w + 3] as number);
    const z10 = (ws[w + 5] as number) - (ws[w + 3] as number);
    const z11 = (ws[w + 1] as number) + (ws[w + 7] as number);
    const z12 = (ws[w + 1] as number) - (ws[w + 7] as number);
    const b7 = z11 + z13;
    const b11 = (z11 - z13) * 1.414213562;
    const z5 = (z10 + z12) * 1.847759065;
    const b10 = 1.0823922 * z12 - z5;
    const b12 = -2.61312593 * z10 + z5;
    const b6 = b12 - b7;
    const b5 = b11 - b6;
    const b4 = b10 + b5;
    const p = out0 + r * stride;
    plane[p] = sample8(a0 + b7);
    plane[p + 7 * step] = sample8(a0 - b7);
    plane[p + step] = sample8(a1 + b6);
    plane[p + 6 * step] = sample8(a1 - b6);
    plane[p + 2 * step] = sample8(a2 + b5);
    plane[p + 5 * step] = sample8(a2 - b5);
    plane[p + 4 * step] = sample8(a3 + b4);
    plane[p + 3 * step] = sample8(a3 - b4);
  }
}

/** The 4-point reduced inverse DCT of the block's 4 × 4 lowest frequencies, by the matrix above (unrolled). */
function idct4(coef: Int16Array, o: number, q: Uint16Array, m: Float64Array, tmp: Float64Array, plane: Uint8Array, out0: number, stride: number, step: number): void {
  const m00 = m[0] as number, m01 = m[1] as number, m02 = m[2] as number, m03 = m[3] as number;
  const m10 = m[4] as number, m11 = m[5] as number, m12 = m[6] as number, m13 = m[7] as number;
  const m20 = m[8] as number, m21 = m[9] as number, m22 = m[10] as number, m23 = m[11] as number;
  const m30 = m[12] as number, m31 = m[13] as number, m32 = m[14] as number, m33 = m[15] as number;
  for (let v = 0; v < 4; v++) {
    const k = o + v * 8;
    const d0 = (coef[k] as number) * (q[v * 8] as number);
    const d1 = (coef[k + 1] as number) * (q[v * 8 + 1] as number);
    const d2 = (coef[k + 2] as number) * (q[v * 8 + 2] as number);
    const d3 = (coef[k + 3] as number) * (q[v * 8 + 3] as number);
    tmp[v * 4] = m00 * d0 + m01 * d1 + m02 * d2 + m03 * d3;
    tmp[v * 4 + 1] = m10 * d0 + m11 * d1 + m12 * d2 + m13 * d3;
    tmp[v * 4 + 2] = m20 * d0 + m21 * d1 + m22 * d2 + m23 * d3;
    tmp[v * 4 + 3] = m30 * d0 + m31 * d1 + m32 * d2 + m33 * d3;
  }
  for (let x = 0; x < 4; x++) {
    const t0 = tmp[x] as number, t1 = tmp[4 + x] as number, t2 = tmp[8 + x] as number, t3 = tmp[12 + x] as number;
    const p = out0 + x * step;
    plane[p] = sample8(128 + m00 * t0 + m01 * t1 + m02 * t2 + m03 * t3);
    plane[p + stride] = sample8(128 + m10 * t0 + m11 * t1 + m12 * t2 + m13 * t3);
    plane[p + 2 * stride] = sample8(128 + m20 * t0 + m21 * t1 + m22 * t2 + m23 * t3);
    plane[p + 3 * stride] = sample8(128 + m30 * t0 + m31 * t1 + m32 * t2 + m33 * t3);
  }
}

/** The 2-point reduced inverse DCT of the block's 2 × 2 lowest frequencies. */
function idct2(coef: Int16Array, o: number, q: Uint16Array, m: Float64Array, plane: Uint8Array, out0: number, stride: number, step: number): void {
  const a = m[0] as number, b = m[1] as number, c = m[2] as number, d = m[3] as number;
  const d00 = (coef[o] as number) * (q[0] as number), d01 = (coef[o + 1] as number) * (q[1] as number);
  const d10 = (coef[o + 8] as number) * (q[8] as number), d11 = (coef[o + 9] as number) * (q[9] as number);
  const r00 = a * d00 + b * d01, r01 = c * d00 + d * d01;
  const r10 = a * d10 + b * d11, r11 = c * d10 + d * d11;
  plane[out0] = sample8(128 + a * r00 + b * r10);
  plane[out0 + step] = sample8(128 + a * r01 + b * r11);
  plane[out0 + stride] = sample8(128 + c * r00 + d * r10);
  plane[out0 + stride + step] = sample8(128 + c * r01 + d * r11);
}

/** A destination for a component's samples (see Target). */
function makeTarget(q: Uint16Array, out: Uint8Array, at: number, rowStride: number, step: number): Target {
  const qs = new Float64Array(64);
  for (let k = 0; k < 64; k++) qs[k] = ((q[k] as number) * (AAN[k >> 3] as number) * (AAN[k & 7] as number)) / 8;
  return { out, at, rowStride, step, q, qs, tmp: new Float64Array(64) };
}

/** Block (by, bx)'s S × S (reduced) inverse DCT, from its coefficients at `o`, into the component's target. */
function idctBlock(c: Component, t: Target, S: number, by: number, bx: number, o: number): void {
  const coef = c.coef;
  const out = t.out;
  const out0 = t.at + by * S * t.rowStride + bx * S * t.step;
  // A block with no AC coefficient among the S × S used is flat: its mean, DC / 8.
  let flat = true;
  for (let v = 0; v < S && flat; v++) for (let u = v === 0 ? 1 : 0; u < S; u++) if (coef[o + v * 8 + u] !== 0) flat = false;
  if (flat) {
    const val = sample8(((coef[o] as number) * (t.q[0] as number)) / 8 + 128);
    for (let y = 0; y < S; y++) for (let x = 0; x < S; x++) out[out0 + y * t.rowStride + x * t.step] = val;
  } else if (S === 8) idct8(coef, o, t.qs, t.tmp, out, out0, t.rowStride, t.step);
  else if (S === 4) idct4(coef, o, t.q, IDCT[4] as Float64Array, t.tmp, out, out0, t.rowStride, t.step);
  else idct2(coef, o, t.q, IDCT[2] as Float64Array, out, out0, t.rowStride, t.step);
}

/** A baseline block just decoded (its coefficients at 0): into samples, and the coefficients cleared for the next. */
function emitBlock(c: Component, S: number, by: number, bx: number): void {
  const t = c.target;
  if (t === null) return;
  idctBlock(c, t, S, by, bx, 0);
  c.coef.fill(0);
}

/** Every block of a (progressive) component into its target. */
function componentSamples(c: Component, t: Target, S: number): void {
  for (let by = 0; by < c.blocksPerColumnP; by++) for (let bx = 0; bx < c.blocksPerLineP; bx++) idctBlock(c, t, S, by, bx, (by * c.blocksPerLineP + bx) * 64);
}

/**
 * The output laid out over the padded blocks (whole MCUs) — components at full resolution straight
 * into it, interleaved; subsampled ones into planes of their own — and each component's target.
 */
function prepareTargets(frame: Frame, quant: readonly (Uint16Array | undefined)[]): { padded: Uint8Array; padW: number; padH: number; planes: (Uint8Array | null)[] } {
  const { components, hMax, vMax, S } = frame;
  const n = components.length;
  const padW = frame.mcusPerLine * hMax * S;
  const padH = frame.mcusPerColumn * vMax * S;
  if (padW * padH * n > MAX_PIXELS * 4) throw new Error("JPEG size out of range");
  const padded = new Uint8Array(padW * padH * n);
  const planes = components.map((c, j) => {
    const q = quant[c.tq];
    if (q === undefined) throw new Error("JPEG without its quantisation table");
    if (c.h === hMax && c.v === vMax) {
      c.target = makeTarget(q, padded, j, padW * n, n);
      return null;
    }
    const cw = c.blocksPerLineP * S;
    const plane = new Uint8Array(cw * c.blocksPerColumnP * S);
    c.target = makeTarget(q, plane, 0, cw, 1);
    return plane;
  });
  return { padded, padW, padH, planes };
}

const clamp8 = sample8;

/**
 * Decodes a DCT stream into PDF samples. `colorTransform` is the filter's /ColorTransform (null:
 * the default — the Adobe marker decides, else 1 for three components). `size`: the fewest samples
 * needed across and down (none: full size). Throws on a JPEG it cannot read.
 */
export function decodeJpeg(bytes: Uint8Array, colorTransform: number | null, size?: JpegSize): DecodedJpeg {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error("Not a JPEG");
  const quant: Uint16Array[] = [];
  const dcTables: Huffman[] = [];
  const acTables: Huffman[] = [];
  let frame: Frame | null = null;
  let adobeTransform: number | null = null;
  let restartInterval = 0;
  let scale = 1;
  let layout: ReturnType<typeof prepareTargets> | null = null;
  let at = 2;
  const u16 = (p: number) => (((bytes[p] ?? 0) << 8) | (bytes[p + 1] ?? 0)) >>> 0;

  scanning: while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) {
      at++; // garbage between segments: skip to the next marker, as viewers do
      continue;
    }
    const marker = bytes[at + 1] as number;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd9) break;
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    const length = u16(at + 2);
    if (length < 2) throw new Error("Bad JPEG segment length");
    const seg = at + 4;
    const end = at + 2 + length;
    switch (marker) {
      case 0xdb: // DQT
        for (let p = seg; p < end; ) {
          const pq = (bytes[p] as number) >> 4;
          const tq = (bytes[p] as number) & 15;
          p++;
          const table = new Uint16Array(64);
          for (let k = 0; k < 64; k++, p += pq ? 2 : 1) table[ZIGZAG[k] as number] = pq ? u16(p) : (bytes[p] ?? 0);
          quant[tq] = table;
        }
        break;
      case 0xc4: // DHT
        for (let p = seg; p + 17 <= end; ) {
          const tc = (bytes[p] as number) >> 4;
          const th = (bytes[p] as number) & 15;
          const counts = bytes.slice(p + 1, p + 17);
          let total = 0;
          for (const n of counts) total += n;
          const values = bytes.slice(p + 17, p + 17 + total);
          (tc === 0 ? dcTables : acTables)[th] = buildHuffman(counts, values);
          p += 17 + total;
        }
        break;
      case 0xdd: // DRI
        restartInterval = u16(seg);
        break;
      case 0xee: // APP14 "Adobe"
        if (length >= 14 && bytes[seg] === 0x41 && bytes[seg + 1] === 0x64 && bytes[seg + 2] === 0x6f && bytes[seg + 3] === 0x62 && bytes[seg + 4] === 0x65) adobeTransform = bytes[seg + 11] ?? 0;
        break;
      case 0xc0:
      case 0xc1:
      case 0xc2: {
        if (frame !== null) throw new Error("JPEG with two frames");
        if (bytes[seg] !== 8) throw new Error(`JPEG with ${bytes[seg]}-bit samples`);
        const height = u16(seg + 1);
        const width = u16(seg + 3);
        const n = bytes[seg + 5] ?? 0;
        if (!(width > 0 && height > 0 && n > 0) || width * height > MAX_PIXELS) throw new Error("JPEG size out of range");
        const comps: Component[] = [];
        for (let i = 0; i < n; i++) {
          const p = seg + 6 + 3 * i;
          const hv = bytes[p + 1] ?? 0x11;
          comps.push({ id: bytes[p] ?? 0, h: Math.max(1, hv >> 4), v: Math.max(1, hv & 15), tq: (bytes[p + 2] ?? 0) & 3, blocksPerLine: 0, blocksPerColumn: 0, blocksPerLineP: 0, blocksPerColumnP: 0, coef: new Int16Array(0), pred: 0, dc: null, ac: null, target: null });
        }
        const hMax = Math.max(...comps.map((c) => c.h));
        const vMax = Math.max(...comps.map((c) => c.v));
        const mcusPerLine = Math.ceil(width / (8 * hMax));
        const mcusPerColumn = Math.ceil(height / (8 * vMax));
        for (const c of comps) {
          c.blocksPerLine = Math.ceil(Math.ceil((width * c.h) / hMax) / 8);
          c.blocksPerColumn = Math.ceil(Math.ceil((height * c.v) / vMax) / 8);
          c.blocksPerLineP = mcusPerLine * c.h;
          c.blocksPerColumnP = mcusPerColumn * c.v;
          // A baseline frame is turned into samples block by block: one block of coefficients is enough.
          c.coef = new Int16Array(marker === 0xc2 ? c.blocksPerLineP * c.blocksPerColumnP * 64 : 64);
        }
        scale = jpegReduction(width, height, size);
        frame = { progressive: marker === 0xc2, width, height, hMax, vMax, mcusPerLine, mcusPerColumn, components: comps, S: 8 / scale };
        break;
      }
      case 0xda: {
        // SOS
        if (frame === null) throw new Error("JPEG scan before its frame");
        const ns = bytes[seg] ?? 0;
        const scanComps: Component[] = [];
        for (let i = 0; i < ns; i++) {
          const id = bytes[seg + 1 + 2 * i];
          const tables = bytes[seg + 2 + 2 * i] ?? 0;
          const c = frame.components.find((x) => x.id === id);
          if (c === undefined) throw new Error("JPEG scan names an unknown component");
          c.dc = dcTables[tables >> 4] ?? c.dc;
          c.ac = acTables[tables & 15] ?? c.ac;
          scanComps.push(c);
        }
        const p = seg + 1 + 2 * ns;
        const ss = bytes[p] ?? 0;
        const se = Math.min(63, bytes[p + 1] ?? 63);
        const ah = (bytes[p + 2] ?? 0) >> 4;
        const al = (bytes[p + 2] ?? 0) & 15;
        const progressive = frame.progressive;
        for (const c of scanComps) {
          const needsDc = !progressive || (ss === 0 && ah === 0);
          const needsAc = !progressive || ss > 0;
          if ((needsDc && c.dc === null) || (needsAc && c.ac === null)) throw new Error("JPEG scan without its Huffman table");
        }
        for (const c of scanComps) c.pred = 0;
        // At 1/8 only the DC coefficients count: a progressive file's AC scans are skipped unread.
        if (progressive && ss > 0 && scale === 8) {
          at = nextMarker(bytes, end);
          continue scanning;
        }
        if (!progressive) layout ??= prepareTargets(frame, quant);
        at = decodeScan(bytes, end, frame, { components: scanComps, ss: progressive ? ss : 0, se: progressive ? se : 63, ah, al, restartInterval });
        continue scanning;
      }
      default:
        // Lossless, hierarchical and arithmetic-coded frames: not read.
        if (marker >= 0xc3 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) throw new Error("Unsupported JPEG process");
    }
    at = end;
  }
  if (frame === null) throw new Error("JPEG without a frame");

  const { width: W, height: H, hMax, vMax, components } = frame;
  const n = components.length;
  const S = 8 / scale;
  const outW = Math.ceil(W / scale);
  const outH = Math.ceil(H / scale);
  // A progressive frame's coefficients are all in now: into samples (a baseline frame's already are).
  if (layout === null) {
    layout = prepareTargets(frame, quant);
    for (const c of components) componentSamples(c, c.target as Target, S);
  }
  const { padded, padW, padH, planes } = layout;
  components.forEach((c, j) => {
    const plane = planes[j];
    if (plane === null || plane === undefined) return;
    // A subsampled component: each output sample takes the nearest of its plane.
    const cw = c.blocksPerLineP * S;
    const cols = new Int32Array(padW);
    for (let x = 0; x < padW; x++) cols[x] = Math.floor((x * c.h) / hMax);
    for (let y = 0; y < padH; y++) {
      const base = Math.floor((y * c.v) / vMax) * cw;
      let o = y * padW * n + j;
      for (let x = 0; x < padW; x++, o += n) padded[o] = plane[base + (cols[x] as number)] as number;
    }
  });
  let data = padded;
  if (padW !== outW || padH !== outH) {
    for (let y = 1; y < outH; y++) padded.copyWithin(y * outW * n, y * padW * n, y * padW * n + outW * n);
    data = padded.slice(0, outW * outH * n);
  }
  const transform = adobeTransform !== null ? adobeTransform : colorTransform === null ? (n === 3 ? 1 : 0) : colorTransform;
  if ((n === 3 && transform !== 0) || (n === 4 && transform === 2)) {
    // YCbCr → RGB (JFIF); for YCCK the first three are YCbCr of 255 − C, 255 − M, 255 − Y (libjpeg, pdf.js).
    const invert = n === 4;
    for (let o = 0; o < data.length; o += n) {
      const Y = data[o] as number;
      const cb = (data[o + 1] as number) - 128;
      const cr = (data[o + 2] as number) - 128;
      const r = clamp8(Y + 1.402 * cr);
      const g = clamp8(Y - 0.344136 * cb - 0.714136 * cr);
      const b = clamp8(Y + 1.772 * cb);
      data[o] = invert ? 255 - r : r;
      data[o + 1] = invert ? 255 - g : g;
      data[o + 2] = invert ? 255 - b : b;
    }
  }
  if (n !== 1 && n !== 3 && n !== 4) throw new Error(`Unsupported JPEG with ${n} components`);
  return { width: outW, height: outH, components: n, data, scale };
}

/**
 * The header of a JPEG up to its first scan (frame size, components, the Adobe and JFIF markers),
 * or null when there is no frame before the first scan. Reads markers only: no entropy data.
 */
export function readJpegHeader(bytes: Uint8Array): JpegHeader | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const u16 = (p: number) => (((bytes[p] ?? 0) << 8) | (bytes[p + 1] ?? 0)) >>> 0;
  let adobeTransform: number | null = null;
  let jfif = false;
  let at = 2;
  let frame: Omit<JpegHeader, "adobeTransform" | "jfif"> | null = null;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) {
      at++;
      continue;
    }
    const marker = bytes[at + 1] as number;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) break;
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    const length = u16(at + 2);
    if (length < 2) return null;
    const seg = at + 4;
    if (marker === 0xee && length >= 14 && bytes[seg] === 0x41 && bytes[seg + 1] === 0x64 && bytes[seg + 2] === 0x6f && bytes[seg + 3] === 0x62 && bytes[seg + 4] === 0x65) adobeTransform = bytes[seg + 11] ?? 0;
    if (marker === 0xe0 && bytes[seg] === 0x4a && bytes[seg + 1] === 0x46 && bytes[seg + 2] === 0x49 && bytes[seg + 3] === 0x46) jfif = true;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc && frame === null) {
      const n = bytes[seg + 5] ?? 0;
      const ids: number[] = [];
      for (let i = 0; i < n; i++) ids.push(bytes[seg + 6 + 3 * i] ?? 0);
      frame = { width: u16(seg + 3), height: u16(seg + 1), components: n, ids, supported: (marker === 0xc0 || marker === 0xc1 || marker === 0xc2) && bytes[seg] === 8 };
    }
    at += 2 + length;
  }
  return frame === null ? null : { ...frame, adobeTransform, jfif };
}
