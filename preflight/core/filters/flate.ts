import { Inflate, inflateSync } from "fflate";
import { PreflightError } from "../errors";
import type { OutputSink } from "./sink";

/*
 * FlateDecode (§7.4.4) with fflate's streaming inflater. The input is pushed in small pieces so the
 * output of one push stays small (deflate expands at most ~1032:1), and the sink's cap stops a zip
 * bomb after at most one piece past the limit. A truncated or corrupt stream yields what was
 * inflated before the damage, as readers do.
 *
 * A stream too small to exceed the cap even at deflate's largest ratio is inflated in one call
 * (the streaming inflater's fixed buffers would dominate the cost of thousands of small content
 * streams); if that fails on damaged data, the streaming path recovers what it can.
 */

/** Deflate's largest expansion (a 258-byte match in 2 bits) with some margin. */
const MAX_RATIO = 1100;

export function flateDecode(data: Uint8Array, sink: OutputSink): void {
  let start = 0;
  // A zlib header (CMF/FLG, §7.4.4.1) is skipped; some producers write raw deflate without one.
  if (data.length >= 2 && (data[0]! & 0x0f) === 8 && (data[0]! >> 4) <= 7 && ((data[0]! << 8) | data[1]!) % 31 === 0) {
    start = (data[1]! & 0x20) !== 0 ? 6 : 2; // FDICT: a preset dictionary id follows
  }
  const body = data.subarray(start);
  if (body.length * MAX_RATIO <= sink.room) {
    let whole: Uint8Array | null = null;
    try {
      whole = inflateSync(body);
    } catch {
      // Damaged: the streaming path below keeps what precedes the damage.
    }
    if (whole) {
      sink.pushBytes(whole);
      return;
    }
  }
  // Input per push: its output (≤ MAX_RATIO × input) stays within the room left, between 4 KB and 64 KB of input.
  const piece = Math.max(4096, Math.min(65536, Math.floor(sink.room / MAX_RATIO)));
  let overflow: PreflightError | null = null;
  const inflater = new Inflate((chunk) => {
    if (overflow || chunk.length === 0) return;
    try {
      sink.pushBytes(chunk);
    } catch (error) {
      if (error instanceof PreflightError) overflow = error;
      else throw error;
    }
  });
  try {
    for (let p = start; p < data.length; p += piece) {
      inflater.push(data.subarray(p, Math.min(p + piece, data.length)), false);
      if (overflow) throw overflow;
    }
    inflater.push(new Uint8Array(0), true);
  } catch (error) {
    if (error instanceof PreflightError) throw error;
    // Corrupt or truncated data (fflate's "invalid …" / "unexpected EOF"): keep what came out.
  }
  if (overflow) throw overflow;
}
