/*
 * The predictors of FlateDecode and LZWDecode (§7.4.4.4): TIFF predictor 2 and the PNG predictors
 * (10–15, one filter-type byte per row). The output is never longer than the input, so no cap is
 * needed here; odd parameters are clamped to what the data can hold.
 */

export interface PredictorParams {
  readonly predictor: number;
  readonly colors: number;
  readonly bitsPerComponent: number;
  readonly columns: number;
}

export function applyPredictor(data: Uint8Array, params: PredictorParams): Uint8Array {
  const colors = clampInt(params.colors, 1, 32, 1);
  const bpc = [1, 2, 4, 8, 16].includes(params.bitsPerComponent) ? params.bitsPerComponent : 8;
  const columns = clampInt(params.columns, 1, 1 << 24, 1);
  if (params.predictor === 2) return tiffPredictor(data, colors, bpc, columns);
  if (params.predictor >= 10) return pngPredictor(data, colors, bpc, columns);
  return data;
}

function clampInt(value: number, min: number, max: number, fallback: number): number {
  if (!Number.isFinite(value)) return fallback;
  const v = Math.floor(value);
  return v < min ? fallback : Math.min(v, max);
}

function pngPredictor(data: Uint8Array, colors: number, bpc: number, columns: number): Uint8Array {
  const rowBytes = Math.ceil((colors * bpc * columns) / 8);
  const bpp = Math.max(1, Math.ceil((colors * bpc) / 8));
  const rows = Math.ceil(data.length / (rowBytes + 1));
  const out = new Uint8Array(Math.min(rows * rowBytes, data.length));
  let inPos = 0;
  let outPos = 0;
  let prevRow = -1; // where the row above starts in `out`, -1 for the first row (all zeros)
  while (inPos < data.length) {
    const type = data[inPos++]!;
    const n = Math.min(rowBytes, data.length - inPos, out.length - outPos);
    const rowStart = outPos;
    for (let i = 0; i < n; i++) {
      const raw = data[inPos + i]!;
      const left = i >= bpp ? out[rowStart + i - bpp]! : 0;
      const up = prevRow >= 0 ? out[prevRow + i]! : 0;
      const upLeft = prevRow >= 0 && i >= bpp ? out[prevRow + i - bpp]! : 0;
      let v: number;
      switch (type) {
        case 1: v = raw + left; break;
        case 2: v = raw + up; break;
        case 3: v = raw + ((left + up) >> 1); break;
        case 4: {
          const p = left + up - upLeft;
          const pa = Math.abs(p - left);
          const pb = Math.abs(p - up);
          const pc = Math.abs(p - upLeft);
          v = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
          break;
        }
        default: v = raw; // 0 (None) and unknown types
      }
      out[rowStart + i] = v & 0xff;
    }
    inPos += n;
    outPos += n;
    prevRow = rowStart;
    if (n < rowBytes) break; // a truncated last row
  }
  return outPos === out.length ? out : out.slice(0, outPos);
}

function tiffPredictor(data: Uint8Array, colors: number, bpc: number, columns: number): Uint8Array {
  const out = Uint8Array.from(data);
  const rowBytes = Math.ceil((colors * bpc * columns) / 8);
  if (rowBytes === 0) return out;
  for (let row = 0; row < out.length; row += rowBytes) {
    const end = Math.min(row + rowBytes, out.length);
    if (bpc === 8) {
      for (let i = row + colors; i < end; i++) out[i] = (out[i]! + out[i - colors]!) & 0xff;
    } else if (bpc === 16) {
      for (let i = row + 2 * colors; i + 1 < end; i += 2) {
        const v = ((out[i]! << 8) | out[i + 1]!) + ((out[i - 2 * colors]! << 8) | out[i - 2 * colors + 1]!);
        out[i] = (v >> 8) & 0xff;
        out[i + 1] = v & 0xff;
      }
    } else {
      // 1, 2 or 4 bits: components are unpacked, summed modulo 2^bpc and packed back in place.
      const mask = (1 << bpc) - 1;
      const prev = new Array<number>(colors).fill(0);
      const samples = Math.min(colors * columns, Math.floor(((end - row) * 8) / bpc));
      for (let s = 0; s < samples; s++) {
        const bit = s * bpc;
        const byteIndex = row + (bit >> 3);
        const shift = 8 - bpc - (bit & 7);
        const c = s % colors;
        const v = (((out[byteIndex]! >> shift) & mask) + prev[c]!) & mask;
        prev[c] = v;
        out[byteIndex] = (out[byteIndex]! & ~(mask << shift)) | (v << shift);
      }
    }
  }
  return out;
}
