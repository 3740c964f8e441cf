import type { OutputSink } from "./sink";

/*
 * LZWDecode (§7.4.4): 9- to 12-bit codes, 256 clears the table, 257 ends the data. Every table
 * entry is an earlier stretch of the output, so an entry is kept as (offset, length) into the sink
 * and expanded by copying — no per-entry arrays. EarlyChange 1 (the default) widens the code one
 * entry early, as the spec's encoder does.
 */
export function lzwDecode(data: Uint8Array, sink: OutputSink, earlyChange: number): void {
  const early = earlyChange === 0 ? 0 : 1;
  const offsets = new Int32Array(4096);
  const lengths = new Int32Array(4096);
  let nextCode = 258;
  let width = 9;
  let prevCode = -1;
  let bitBuf = 0;
  let bitCount = 0;
  let p = 0;
  for (;;) {
    while (bitCount < width && p < data.length) {
      bitBuf = ((bitBuf << 8) | data[p++]!) & 0xffffff;
      bitCount += 8;
    }
    if (bitCount < width) break; // end of data without EOD
    const code = (bitBuf >>> (bitCount - width)) & ((1 << width) - 1);
    bitCount -= width;
    if (code === 256) {
      nextCode = 258;
      width = 9;
      prevCode = -1;
      continue;
    }
    if (code === 257) break;
    const writeAt = sink.length;
    if (code < 256) sink.push(code);
    else if (code < nextCode) sink.copyFromSelf(offsets[code]!, lengths[code]!);
    else if (code === nextCode && prevCode >= 0) {
      // The code being defined right now: the previous string and its own first byte.
      const from = prevCode < 256 ? -1 : offsets[prevCode]!;
      if (from < 0) sink.push(prevCode);
      else sink.copyFromSelf(from, lengths[prevCode]!);
      sink.push(sink.at(writeAt));
    } else break; // a code that cannot be: the data is corrupt, keep what was decoded
    if (prevCode >= 0 && nextCode < 4096) {
      const prevLength = prevCode < 256 ? 1 : lengths[prevCode]!;
      // The new entry is the previous string followed by the first byte of this one, which the output holds contiguously.
      offsets[nextCode] = writeAt - prevLength;
      lengths[nextCode] = prevLength + 1;
      nextCode++;
    }
    prevCode = code;
    if (nextCode + early >= 512 && width === 9) width = 10;
    else if (nextCode + early >= 1024 && width === 10) width = 11;
    else if (nextCode + early >= 2048 && width === 11) width = 12;
  }
}
