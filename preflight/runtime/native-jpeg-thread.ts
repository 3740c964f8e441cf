import { parentPort, workerData } from "node:worker_threads";
import type { MessagePort } from "node:worker_threads";
import type { Sharp, SharpOptions } from "sharp";

/*
 * The native JPEG decoder's thread (runtime/native-jpeg.ts): libvips through sharp, which answers
 * asynchronously, so it runs here while the engine's thread waits on a shared flag. One request at
 * a time: `{ id, bytes, components, invert, signal }` in; `{ id, width, height, data }` or
 * `{ id, error }` out on the port, THEN the flag set and notified (so the waiting side finds the
 * answer on the port when it wakes).
 *
 * Samples as the PDF DCTDecode filter gives them, at full size: no colour management (ICC profiles
 * ignored, CMYK kept as CMYK), and libvips's inversion of Adobe CMYK undone (`invert`).
 */

export interface NativeJpegRequest {
  id: number;
  bytes: Uint8Array;
  components: 1 | 3 | 4;
  invert: boolean;
  signal: Int32Array;
}

export type NativeJpegReply = { id: number; width: number; height: number; data: Uint8Array } | { id: number; error: string };

export interface NativeJpegThreadData {
  port: MessagePort;
}

type SharpFactory = ((input: Uint8Array, options?: SharpOptions) => Sharp) & { concurrency(threads: number): number; cache(enabled: boolean): unknown };

/** sharp, or the reason it does not load (then every request is answered with it and decodeJpeg takes over). */
const loaded: SharpFactory | string = await import("sharp").then(
  (module) => module.default as SharpFactory,
  (error: unknown) => `sharp does not load: ${error instanceof Error ? error.message : String(error)}`,
);
if (typeof loaded !== "string") {
  // The engine's thread waits for each answer: libvips's own threads would only compete for the cores.
  loaded.concurrency(1);
  loaded.cache(false);
}

function pipeline(sharp: SharpFactory, request: NativeJpegRequest): Sharp {
  const image = sharp(request.bytes, { ignoreIcc: true, failOn: "error", limitInputPixels: 64 * 1024 * 1024 });
  if (request.components === 4) return image.pipelineColourspace("cmyk").toColourspace("cmyk");
  if (request.components === 1) return image.toColourspace("b-w");
  return image;
}

async function answer(port: MessagePort, request: NativeJpegRequest): Promise<void> {
  try {
    if (typeof loaded === "string") throw new Error(loaded);
    const { data, info } = await pipeline(loaded, request).raw().toBuffer({ resolveWithObject: true });
    if (info.channels !== request.components) throw new Error(`libvips gave ${info.channels} channels for ${request.components} components`);
    const out = new Uint8Array(info.width * info.height * info.channels);
    if (request.invert) for (let i = 0; i < out.length; i++) out[i] = 255 - (data[i] as number);
    else out.set(data.subarray(0, out.length));
    port.postMessage({ id: request.id, width: info.width, height: info.height, data: out } satisfies NativeJpegReply, [out.buffer]);
  } catch (error) {
    port.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies NativeJpegReply);
  } finally {
    Atomics.store(request.signal, 0, 1);
    Atomics.notify(request.signal, 0);
  }
}

if (!parentPort) throw new Error("preflight/runtime/native-jpeg-thread runs only as a worker thread");
const { port } = workerData as NativeJpegThreadData;
port.on("message", (request: NativeJpegRequest) => void answer(port, request));
