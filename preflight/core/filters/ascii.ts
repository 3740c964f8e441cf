import type { OutputSink } from "./sink";

/* ASCIIHexDecode and ASCII85Decode (§7.4.2, §7.4.3): white space and stray bytes are skipped. */

export function asciiHexDecode(data: Uint8Array, sink: OutputSink): void {
  sink.ensure(data.length >> 1);
  let high = -1;
  for (let i = 0; i < data.length; i++) {
    const c = data[i]!;
    if (c === 0x3e) break; // '>' ends the data
    let v: number;
    if (c >= 0x30 && c <= 0x39) v = c - 0x30;
    else if (c >= 0x41 && c <= 0x46) v = c - 0x37;
    else if (c >= 0x61 && c <= 0x66) v = c - 0x57;
    else continue;
    if (high < 0) high = v;
    else {
      sink.push((high << 4) | v);
      high = -1;
    }
  }
  if (high >= 0) sink.push(high << 4); // an odd final digit is followed by an assumed 0
}

export function ascii85Decode(data: Uint8Array, sink: OutputSink): void {
  let i = 0;
  // A leading "<~" (as in PostScript) is tolerated.
  while (i < data.length && (data[i]! <= 0x20)) i++;
  if (data[i] === 0x3c && data[i + 1] === 0x7e) i += 2;
  let tuple = 0;
  let count = 0;
  for (; i < data.length; i++) {
    const c = data[i]!;
    if (c === 0x7e) break; // "~>" ends the data
    if (c === 0x7a && count === 0) {
      sink.fill(0, 4); // 'z': four zero bytes
      continue;
    }
    if (c < 0x21 || c > 0x75) continue;
    tuple = tuple * 85 + (c - 0x21);
    if (++count === 5) {
      sink.push((tuple >>> 24) & 0xff);
      sink.push((tuple >>> 16) & 0xff);
      sink.push((tuple >>> 8) & 0xff);
      sink.push(tuple & 0xff);
      tuple = 0;
      count = 0;
    }
  }
  if (count > 1) {
    // A final partial group of n characters is padded with 'u' and gives n - 1 bytes.
    for (let k = count; k < 5; k++) tuple = tuple * 85 + 84;
    for (let k = 0; k < count - 1; k++) sink.push((tuple >>> (24 - 8 * k)) & 0xff);
  }
}
