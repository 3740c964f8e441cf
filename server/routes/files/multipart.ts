import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyRequest } from "fastify";
import type { UploadedPart } from "../../services/files/file.service";
import { SNIFF_HEAD_BYTES, SNIFF_TAIL_BYTES } from "../../services/files/file-sniff";
import { fileTooLarge } from "../../services/files/layout.service";
import { storageQuotaExceeded } from "../../services/files/quota.service";
import type { UploadMeter } from "../../services/files/quota.service";
import { ShopError } from "../../services/shop-error";
import { isStorageFault } from "../../db/storage-fault";

/*
 * Reads an upload form (multipart/form-data): one file in the field `file` and a few text fields.
 * The file is never held in memory: it streams to a temporary file in the incoming folder while
 * its size, SHA-256 and first and last bytes (for sniffing) are taken on the way. Past the limit
 * (the largest file, or the bytes the account may still store) the upload stops with 413 and the
 * temporary file goes. The account's byte budgets count the bytes as they arrive (`meter`): past
 * one the upload stops there too. A form that cannot be read is a 400, never a 500; a disk that
 * refuses the temporary file (full, read-only, an I/O error) is the storage fault's 503, not the
 * shopper's mistake. The route hands the file to storage (a rename on the same disk) inside
 * `withUploadForm`, which removes whatever is left.
 */

export interface UploadForm {
  file: UploadedPart | null;
  fields: Record<string, string>;
}

export interface UploadLimits {
  /** The largest file the form takes (OTTISK_MAX_LAYOUT_MB, or the website files' 20 MB). */
  maxFileBytes: number;
  /** The bytes the account may still store (its quota); null when it has none (staff). */
  roomBytes: number | null;
  /** The quota itself, for the message when `roomBytes` runs out. */
  quotaBytes: number | null;
  /** Counts the file against the account's (and address's) byte budgets as it streams; absent or null without a quota (staff). */
  meter?: UploadMeter | null;
}

const badForm = (messageUI: string, message: string) => new ShopError({ statusCode: 400, code: "BAD_UPLOAD_FORM", messageUI, message });

/** Temporary files older than this in the incoming folder were left by a stopped process. */
const STALE_UPLOAD_MS = 60 * 60 * 1000;

/** Streams one file part to `path`, answering its size, hash and ends; `truncated` when the limit cut it. */
async function streamToFile(source: Readable & { truncated?: boolean }, path: string, meter: UploadMeter | null): Promise<{ sizeBytes: number; sha256: string; head: Uint8Array; tail: Uint8Array; truncated: boolean }> {
  const hash = createHash("sha256");
  let sizeBytes = 0;
  let head = Buffer.alloc(0);
  let tail = Buffer.alloc(0);
  const sink = createWriteStream(path, { flags: "wx" });
  try {
    await pipeline(
      source,
      async function* inspect(chunks: AsyncIterable<Buffer | string>) {
        for await (const piece of chunks) {
          const chunk = typeof piece === "string" ? Buffer.from(piece) : piece;
          // Counted before it is written: past a budget the stream stops here (413) and the file goes.
          await meter?.add(chunk.length);
          hash.update(chunk);
          sizeBytes += chunk.length;
          if (head.length < SNIFF_HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, SNIFF_HEAD_BYTES - head.length)]);
          tail = chunk.length >= SNIFF_TAIL_BYTES ? Buffer.from(chunk.subarray(chunk.length - SNIFF_TAIL_BYTES)) : Buffer.concat([tail, chunk]).subarray(-SNIFF_TAIL_BYTES);
          yield chunk;
        }
      },
      sink,
    );
  } catch (error) {
    // A stream stopped early (a budget's 413) may still be opening its file: the caller removes the
    // file once this answers, so it must not appear after that.
    if (!sink.closed) await new Promise<void>((resolve) => sink.once("close", () => resolve()));
    throw error;
  }
  return { sizeBytes, sha256: hash.digest("hex"), head: new Uint8Array(head), tail: new Uint8Array(tail), truncated: source.truncated === true };
}

export async function readUploadForm(request: FastifyRequest, limits: UploadLimits, incomingDir: string): Promise<UploadForm> {
  if (!request.isMultipart()) throw badForm("Отправьте файл формой multipart/form-data", "The request is not multipart/form-data");
  const fields: Record<string, string> = {};
  let file: UploadedPart | null = null;
  // The room the quota leaves is the limit when it is the smaller one; going past it is then the quota's 413.
  const quotaBinds = limits.roomBytes !== null && limits.roomBytes < limits.maxFileBytes;
  const fileSize = quotaBinds && limits.roomBytes !== null ? limits.roomBytes : limits.maxFileBytes;
  const tooLarge = (): ShopError => (quotaBinds && limits.quotaBytes !== null ? storageQuotaExceeded(limits.quotaBytes) : fileTooLarge(limits.maxFileBytes));
  const written: string[] = [];
  try {
    await mkdir(incomingDir, { recursive: true });
    // A file cut at the limit is seen on its stream (`truncated`) and answered here.
    for await (const part of request.parts({ limits: { fileSize, files: 1, fields: 20, fieldSize: 10_000 } })) {
      if (part.type === "file") {
        const path = join(incomingDir, `${randomUUID()}.upload`);
        written.push(path);
        const streamed = await streamToFile(part.file, path, limits.meter ?? null);
        if (streamed.truncated) throw tooLarge();
        if (part.fieldname === "file") {
          file = { fileName: part.filename, path, sizeBytes: streamed.sizeBytes, sha256: streamed.sha256, ends: { head: streamed.head, tail: streamed.tail } };
        } else {
          await rm(path, { force: true });
        }
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    await Promise.all(written.map((path) => rm(path, { force: true })));
    const code = error instanceof Error && "code" in error ? error.code : undefined;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    if (code === "FST_FILES_LIMIT") throw badForm("Отправьте один файл", "More than one file in the form");
    if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT") throw badForm("В форме слишком много полей", "Too many form fields");
    if (error instanceof ShopError) throw error;
    // The disk refused the temporary file (ENOSPC, EACCES, EROFS, EIO…): 503 STORAGE_UNAVAILABLE (plugins/errors.ts).
    if (isStorageFault(error)) throw error;
    throw badForm("Не удалось прочитать форму с файлом: попробуйте отправить её ещё раз", `Unreadable multipart form: ${String(error)}`);
  }
  return { file, fields };
}

/**
 * Reads the form, lets `handle` use it (store the file: storage moves it away), then removes the
 * temporary file whatever happened, so an answered upload never leaves one behind.
 */
export async function withUploadForm<T>(request: FastifyRequest, limits: UploadLimits, incomingDir: string, handle: (form: UploadForm) => Promise<T>): Promise<T> {
  const form = await readUploadForm(request, limits, incomingDir);
  try {
    return await handle(form);
  } finally {
    if (form.file) await rm(form.file.path, { force: true });
  }
}

/** The form's file, or 400 when it has none. */
export function requireFile(form: UploadForm): UploadedPart {
  if (!form.file || form.file.sizeBytes === 0) throw badForm("Выберите файл для загрузки", "The form has no file in the field `file`");
  return form.file;
}

/** Removes the temporary files a stopped process left in the incoming folder (older than an hour). */
export async function clearStaleUploads(incomingDir: string, now: number = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(incomingDir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const path = join(incomingDir, name);
    const info = await stat(path).catch(() => null);
    if (info?.isFile() && now - info.mtimeMs > STALE_UPLOAD_MS) {
      await rm(path, { force: true });
      removed += 1;
    }
  }
  return removed;
}
