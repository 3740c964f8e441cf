import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { MessageChannel, receiveMessageOnPort, Worker } from "node:worker_threads";
import type { MessagePort } from "node:worker_threads";
import { decodeJpeg, jpegReduction, readJpegHeader } from "../render/jpeg";
import type { DecodedJpeg, JpegDecoder, JpegHeader, JpegSize } from "../render/jpeg";
import type { NativeJpegReply, NativeJpegRequest, NativeJpegThreadData } from "./native-jpeg-thread";

/*
 * DCTDecode natively on the server: libjpeg-turbo inside libvips, through sharp (native-jpeg-thread.ts),
 * behind the engine's synchronous JpegDecoder. sharp answers asynchronously and the engine is
 * synchronous (the same code runs in the browser), so the decoding runs in a helper thread of its
 * own and the engine's thread waits for each image on a shared flag (Atomics.wait), then takes the
 * answer off the port with receiveMessageOnPort: the engine stays one synchronous call.
 *
 * It answers what decodeJpeg answers — the same size, the same components, samples as the DCTDecode filter outputs them — and hands every
 * JPEG it does not take on to decodeJpeg itself: colour transforms libjpeg would decide otherwise
 * than the PDF (a /ColorTransform against the file's markers, three components named R, G, B),
 * frames decodeJpeg refuses, and any JPEG libvips cannot read (truncated or damaged: decodeJpeg
 * reads what is there, as viewers do). Chroma-subsampled JPEGs differ by a few levels in places
 * (libjpeg upsamples smoothly, decodeJpeg by nearest neighbour); see preflight/README.md.
 *
 * Only FULL-SIZE decodes go native. sharp decodes a JPEG at full size only (its shrink-on-load is
 * reachable only through a resize, never for a reduction of exactly 2, and never with CMYK kept),
 * and measured in CPU on the bench's 1 500 × 1 000 CMYK photos: full size libvips 31 ms against
 * decodeJpeg's 60 ms; at ½ size (the 300 ppi photos on a 150 dpi raster) libvips 50 ms (full decode
 * and block means) against decodeJpeg's 23 ms; at ¼ 40 against 12.
 */

/** How long one image (the first: with the thread's start) may take before decodeJpeg takes over for good. */
const WAIT_MS = 10_000;
/**
 * Smaller JPEGs stay with decodeJpeg: a 1-megapixel CMYK image takes it ~40 ms, and the helper
 * thread's start (loading sharp and libvips, ~100 ms) must pay for itself within a file.
 */
const MIN_NATIVE_PIXELS = 1024 * 1024;
/** decodeJpeg's own cap (a hostile JPEG must not make either decoder allocate without bound). */
const MAX_PIXELS = 64 * 1024 * 1024;

export interface NativeJpegDecoder {
  decode: JpegDecoder;
  /** JPEGs decoded natively and by decodeJpeg so far. */
  readonly counts: { native: number; fallback: number };
  /** Ends the helper thread. */
  close(): Promise<void>;
}

/** The helper thread's entry: the built sibling in dist/preflight/, else the source through tsx (as node-pool.ts does). */
function threadSource(): { source: string | URL; eval: boolean } {
  const built = new URL("./native-jpeg-thread.js", import.meta.url);
  if (!import.meta.url.endsWith(".ts") && existsSync(fileURLToPath(built))) return { source: built, eval: false };
  const script = new URL("./native-jpeg-thread.ts", import.meta.url);
  const tsxRoot = dirname(createRequire(import.meta.url).resolve("tsx/package.json"));
  const tsxApi = pathToFileURL(join(tsxRoot, "dist", "esm", "api", "index.mjs")).href;
  return {
    source: `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(script.href)}); });`,
    eval: true,
  };
}

/**
 * Whether libjpeg reads this JPEG's colours as the PDF filter does, and whether libvips will have
 * inverted its CMYK (it does whenever the Adobe marker is there). null: leave it to decodeJpeg.
 */
export function nativePlan(header: JpegHeader, colorTransform: number | null): { components: 1 | 3 | 4; invert: boolean } | null {
  if (!header.supported || !(header.width > 0 && header.height > 0) || header.width * header.height > MAX_PIXELS) return null;
  const adobe = header.adobeTransform;
  switch (header.components) {
    case 1:
      return { components: 1, invert: false };
    case 3: {
      // The PDF: the Adobe marker, else /ColorTransform, else YCbCr. libjpeg: YCbCr unless the Adobe marker says 0 or the ids are R, G, B.
      const pdfYcc = (adobe ?? colorTransform ?? 1) !== 0;
      const rgbIds = header.ids[0] === 0x52 && header.ids[1] === 0x47 && header.ids[2] === 0x42;
      const libjpegYcc = adobe !== null ? adobe !== 0 : !rgbIds || header.jfif;
      return pdfYcc && libjpegYcc ? { components: 3, invert: false } : null;
    }
    case 4: {
      // The PDF: YCCK when the Adobe marker (else /ColorTransform) says 2. libjpeg: YCCK when the Adobe marker says 2.
      const pdfYcck = (adobe ?? colorTransform ?? 0) === 2;
      return pdfYcck === (adobe === 2) ? { components: 4, invert: adobe !== null } : null;
    }
    default:
      return null;
  }
}

/**
 * The decoder; its helper thread starts with the first JPEG it takes (a file without a large
 * full-size photo costs nothing), and it falls back to decodeJpeg for good if the thread or sharp fails.
 */
export function createNativeJpegDecoder(): NativeJpegDecoder {
  let thread: { worker: Worker; port: MessagePort } | null = null;
  let broken = false;
  const start = (): { worker: Worker; port: MessagePort } => {
    const { port1, port2 } = new MessageChannel();
    const { source, eval: isEval } = threadSource();
    const worker = new Worker(source, {
      eval: isEval,
      workerData: { port: port2 } satisfies NativeJpegThreadData,
      transferList: [port2],
      resourceLimits: { maxOldGenerationSizeMb: 128 },
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.pipe(process.stderr, { end: false });
    worker.unref();
    port1.unref();
    worker.on("error", () => {
      broken = true;
    });
    worker.on("exit", () => {
      broken = true;
    });
    return { worker, port: port1 };
  };
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const counts = { native: 0, fallback: 0 };
  let nextId = 1;

  const fallback = (bytes: Uint8Array, colorTransform: number | null, size?: JpegSize): DecodedJpeg => {
    counts.fallback += 1;
    return decodeJpeg(bytes, colorTransform, size);
  };

  const decode: JpegDecoder = (bytes, colorTransform, size) => {
    const header = broken ? null : readJpegHeader(bytes);
    const plan = header === null ? null : nativePlan(header, colorTransform);
    if (header === null || plan === null) return fallback(bytes, colorTransform, size);
    const scale = jpegReduction(header.width, header.height, size);
    // Reduced, decodeJpeg is the faster: its scaled inverse DCT skips what libvips decodes in full (see the header).
    if (scale !== 1 || header.width * header.height < MIN_NATIVE_PIXELS) return fallback(bytes, colorTransform, size);
    thread ??= start();
    const port1 = thread.port;
    const id = nextId++;
    Atomics.store(signal, 0, 0);
    // A copy: `bytes` is a view into the whole file, which stays with the engine.
    port1.postMessage({ id, bytes: bytes.slice(), components: plan.components, invert: plan.invert, signal } satisfies NativeJpegRequest);
    if (Atomics.wait(signal, 0, 0, WAIT_MS) === "timed-out") {
      broken = true;
      return fallback(bytes, colorTransform, size);
    }
    let reply: NativeJpegReply | null = null;
    // Answers of earlier requests (none, unless one timed out) are dropped.
    for (let message = receiveMessageOnPort(port1); message !== undefined; message = receiveMessageOnPort(port1)) {
      const candidate = message.message as NativeJpegReply;
      if (candidate.id === id) reply = candidate;
    }
    if (reply === null || "error" in reply) return fallback(bytes, colorTransform, size);
    if (reply.width !== header.width || reply.height !== header.height) return fallback(bytes, colorTransform, size);
    counts.native += 1;
    return { width: reply.width, height: reply.height, components: plan.components, data: reply.data, scale: 1 };
  };

  return {
    decode,
    counts,
    async close() {
      broken = true;
      const running = thread;
      thread = null;
      if (running === null) return;
      running.port.close();
      await running.worker.terminate();
    },
  };
}
