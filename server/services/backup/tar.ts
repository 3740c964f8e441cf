import { createHash } from "node:crypto";
import type { Readable, Writable } from "node:stream";

/*
 * The backup archive's container: a POSIX ustar stream (the tar every system reads: `tar -xzf
 * backup.tar.gz`), gzip-compressed by the caller with Node's zlib. Only what a backup needs: regular
 * files, names up to 255 bytes (ustar's prefix + name), sizes up to 8 GiB (11 octal digits), written
 * and read as streams so no file is ever whole in memory.
 *
 * Why not a package: node-tar is not installed, and tar-stream arrives only through the browsers'
 * test tools (puppeteer); declaring it would make it and the ten packages it pulls (streamx,
 * fast-fifo, b4a, text-decoder, bare-fs, bare-stream, bare-path, bare-events …; 2.8 MB in
 * node_modules, measured with du) dependencies of the shop, for what is 200 lines here.
 */

const BLOCK = 512;

/** A tar header's bytes for a regular file `name` of `size` bytes. */
function header(name: string, size: number, mtime: Date): Buffer {
  const bytes = Buffer.from(name, "utf8");
  let prefix = Buffer.alloc(0);
  let rest = bytes;
  if (bytes.length > 100) {
    // Split at a slash: prefix (≤ 155 bytes) / name (≤ 100 bytes).
    const slash = name.lastIndexOf("/", name.length - 1);
    const cut = slash > 0 ? Buffer.byteLength(name.slice(0, slash), "utf8") : -1;
    if (cut < 0 || cut > 155 || bytes.length - cut - 1 > 100) throw new Error(`The archive cannot hold the name "${name}" (longer than ustar allows)`);
    prefix = bytes.subarray(0, cut);
    rest = bytes.subarray(cut + 1);
  }
  if (size > 0o77777777777) throw new Error(`The archive cannot hold "${name}": ${size} bytes is more than 8 GiB`);
  const block = Buffer.alloc(BLOCK, 0);
  rest.copy(block, 0);
  block.write("0000600\0", 100, "ascii");
  block.write("0000000\0", 108, "ascii");
  block.write("0000000\0", 116, "ascii");
  block.write(`${size.toString(8).padStart(11, "0")}\0`, 124, "ascii");
  block.write(`${Math.floor(mtime.getTime() / 1000).toString(8).padStart(11, "0")}\0`, 136, "ascii");
  block.write("        ", 148, "ascii");
  block.write("0", 156, "ascii");
  block.write("ustar\u000000", 257, "binary");
  prefix.copy(block, 345);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
  return block;
}

/** Writes to a stream and waits while it is full. */
async function write(out: Writable, chunk: Buffer): Promise<void> {
  if (!out.write(chunk)) await new Promise<void>((resolve, reject) => {
    const done = () => {
      out.off("error", failed);
      resolve();
    };
    const failed = (error: Error) => {
      out.off("drain", done);
      reject(error);
    };
    out.once("drain", done);
    out.once("error", failed);
  });
}

export interface WrittenEntry {
  name: string;
  sizeBytes: number;
  sha256: string;
}

/** A tar stream being written into `out` (a gzip stream, usually). */
export class TarWriter {
  constructor(private readonly out: Writable) {}

  /**
   * Adds a file of exactly `sizeBytes` bytes read from `body`; answers its SHA-256. A body that ends
   * early or runs long is an error (the entry would not match its header).
   */
  async add(name: string, sizeBytes: number, body: Readable | Uint8Array, mtime = new Date()): Promise<WrittenEntry> {
    await write(this.out, header(name, sizeBytes, mtime));
    const hash = createHash("sha256");
    let written = 0;
    const chunks: Iterable<Uint8Array> | AsyncIterable<Uint8Array> = body instanceof Uint8Array ? [body] : (body as AsyncIterable<Uint8Array>);
    for await (const chunk of chunks) {
      written += chunk.length;
      if (written > sizeBytes) throw new Error(`"${name}" grew while it was archived (more than ${sizeBytes} bytes)`);
      hash.update(chunk);
      await write(this.out, Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length));
    }
    if (written !== sizeBytes) throw new Error(`"${name}" ended after ${written} of ${sizeBytes} bytes while it was archived`);
    const padding = (BLOCK - (sizeBytes % BLOCK)) % BLOCK;
    if (padding > 0) await write(this.out, Buffer.alloc(padding, 0));
    return { name, sizeBytes, sha256: hash.digest("hex") };
  }

  /** The two zero blocks that end a tar, then the end of `out`. */
  async finish(): Promise<void> {
    await write(this.out, Buffer.alloc(BLOCK * 2, 0));
    await new Promise<void>((resolve, reject) => {
      this.out.once("error", reject);
      this.out.end(() => resolve());
    });
  }
}

/** The archive is not a tar this code wrote, or it is cut short. */
export class DamagedArchiveError extends Error {
  override readonly name = "DamagedArchiveError";
}

/** Reads exact byte counts from a stream of chunks. */
class ByteReader {
  private buffered: Buffer[] = [];
  private length = 0;
  private done = false;
  private readonly iterator: AsyncIterator<Buffer>;

  constructor(source: AsyncIterable<Buffer>) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  private async fill(wanted: number): Promise<void> {
    while (this.length < wanted && !this.done) {
      const next = await this.iterator.next();
      if (next.done) this.done = true;
      else {
        this.buffered.push(next.value);
        this.length += next.value.length;
      }
    }
  }

  /** Up to `max` bytes (fewer only at the end), or null at the end. */
  async some(max: number): Promise<Buffer | null> {
    await this.fill(1);
    if (this.length === 0) return null;
    const first = this.buffered[0]!;
    const taken = first.length <= max ? first : first.subarray(0, max);
    if (taken === first) this.buffered.shift();
    else this.buffered[0] = first.subarray(max);
    this.length -= taken.length;
    return taken;
  }

  /** Exactly `count` bytes, or null when the stream ends first. */
  async exactly(count: number): Promise<Buffer | null> {
    await this.fill(count);
    if (this.length < count) return null;
    const all = Buffer.concat(this.buffered);
    this.buffered = all.length > count ? [all.subarray(count)] : [];
    this.length -= count;
    return all.subarray(0, count);
  }
}

function octal(block: Buffer, start: number, length: number): number {
  const text = block.toString("ascii", start, start + length).replace(/\0.*$/s, "").trim();
  if (!/^[0-7]+$/.test(text)) throw new DamagedArchiveError("a tar header holds a number that is not octal");
  return Number.parseInt(text, 8);
}

export interface ReadEntry {
  name: string;
  sizeBytes: number;
  /** The entry's bytes in chunks; must be read to its end before the next entry. */
  body: AsyncIterable<Buffer>;
}

/** The files of a tar stream, one after another (a gunzipped stream, usually). */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<ReadEntry> {
  const reader = new ByteReader(source);
  for (;;) {
    const block = await reader.exactly(BLOCK);
    if (block === null) throw new DamagedArchiveError("it ends in the middle (no end-of-archive blocks)");
    if (block.every((byte) => byte === 0)) return;
    const stored = octal(block, 148, 8);
    let sum = 0;
    for (let index = 0; index < BLOCK; index += 1) sum += index >= 148 && index < 156 ? 32 : block[index]!;
    if (sum !== stored) throw new DamagedArchiveError("a tar header's checksum does not match");
    const name = block.toString("utf8", 0, 100).replace(/\0.*$/s, "");
    const prefix = block.toString("utf8", 345, 500).replace(/\0.*$/s, "");
    const type = String.fromCharCode(block[156] ?? 0);
    const sizeBytes = octal(block, 124, 12);
    const fullName = prefix ? `${prefix}/${name}` : name;
    let left = sizeBytes;
    const body = async function* (): AsyncGenerator<Buffer> {
      while (left > 0) {
        const chunk = await reader.some(Math.min(left, 1 << 20));
        if (chunk === null) throw new DamagedArchiveError(`it ends in the middle of "${fullName}"`);
        left -= chunk.length;
        yield chunk;
      }
    };
    if (type !== "0" && type !== "\0") throw new DamagedArchiveError(`it holds "${fullName}", which is not a regular file`);
    yield { name: fullName, sizeBytes, body: body() };
    // Whatever the caller did not read is skipped.
    for await (const chunk of body()) void chunk;
    const padding = (BLOCK - (sizeBytes % BLOCK)) % BLOCK;
    if (padding > 0 && (await reader.exactly(padding)) === null) throw new DamagedArchiveError(`it ends in the middle of "${fullName}"`);
  }
}
