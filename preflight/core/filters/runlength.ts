import type { OutputSink } from "./sink";

/* RunLengthDecode (§7.4.5): 0–127 copy n+1 bytes, 129–255 repeat the next byte 257−n times, 128 ends. */
export function runLengthDecode(data: Uint8Array, sink: OutputSink): void {
  let i = 0;
  while (i < data.length) {
    const n = data[i++]!;
    if (n === 128) break;
    if (n < 128) {
      const end = Math.min(i + n + 1, data.length);
      sink.pushBytes(data.subarray(i, end));
      i = end;
    } else {
      if (i >= data.length) break;
      sink.fill(data[i++]!, 257 - n);
    }
  }
}
