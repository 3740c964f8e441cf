import { createHash, createHmac } from "node:crypto";
import { createReadStream } from "node:fs";
import { copyFile, mkdir, open, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { ofetch } from "ofetch";

/*
 * Where the shop's files are kept: a folder on the server's disk, or an S3-compatible bucket.
 * Keys are relative paths such as `layout/2025/ab12….pdf`; callers never see where the bytes live.
 * There are two storages (createFileStorages): the public one, served to anyone at /files/<key>
 * (catalogue photos, the website's documents and uploads), and the private one, read only through
 * the API's checks (layouts, invoices, annotated proofs). With S3 both live in one bucket, so every
 * API node behind a load balancer sees the same files.
 */

/** A stored file opened for reading: its bytes as a stream (never whole in memory) and what HTTP needs to serve it. */
export interface StoredObject {
  /** The bytes; the reader must consume or destroy the stream. */
  body: Readable;
  /** Null when the service did not say. */
  sizeBytes: number | null;
  contentType: string;
  /** An entity tag as HTTP writes it (`"…"` or `W/"…"`): it changes whenever the bytes do. */
  etag: string;
  lastModified: Date | null;
}

export interface FileStorage {
  /** Stores the bytes under the key, replacing whatever was there. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /**
   * Stores a file of the server's disk under the key without reading it into memory (an upload
   * streamed to a temporary file): moved when the storage is a folder of the same disk, else
   * copied or streamed. The file may be gone afterwards; the caller removes it if it is not.
   * `sha256` is the file's hash (hex), already computed while it was written.
   */
  putFile(key: string, path: string, contentType: string, sha256: string): Promise<void>;
  /** The bytes under the key, or null when nothing is stored there. For small files (a PDF to stamp, a probe). */
  get(key: string): Promise<Uint8Array | null>;
  /** The file under the key as a stream with its size, type and entity tag, or null when nothing is stored there. */
  open(key: string): Promise<StoredObject | null>;
  /** Forgets the key; removing a key that is not there is not an error. */
  remove(key: string): Promise<void>;
}

/** A key is `segment/segment/name`: letters, digits, `-`, `_`, `.`; no empty, `.` or `..` segments. */
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Whether the text is a well-formed storage key (see KEY_PATTERN): what the /files/ route checks a path with. */
export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.split("/").some((segment) => segment === "." || segment === "..");
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`Invalid storage key "${key}"`);
}

/** The folder of the files folder that the local private storage keeps its files in; never served at /files/. */
export const PRIVATE_FILES_FOLDER = "private";
/** The key prefix of the public files in the S3 bucket; the private files' keys have none (as before public files moved there). */
export const PUBLIC_S3_PREFIX = "public";

/** What the key's first folder is, case-folded (a disk may not tell `Private` from `private`). */
const firstFolderOf = (key: string): string => (key.split("/", 1)[0] ?? "").toLowerCase();

interface StorageScope {
  /**
   * A first folder whose keys belong to the other storage: writing there is refused and reading
   * finds nothing (the public storage on disk holds the private one's folder; in the bucket, the
   * private storage holds the public prefix).
   */
  excludedFolder?: string;
}

/** Refuses writing to the excluded folder; answers whether a read of the key can find anything. */
function scopeCheck(scope: StorageScope): { readable(key: string): boolean; assertWritable(key: string): void } {
  const excluded = scope.excludedFolder?.toLowerCase();
  const inExcluded = (key: string) => excluded !== undefined && firstFolderOf(key) === excluded;
  return {
    readable: (key) => {
      assertStorageKey(key);
      return !inExcluded(key);
    },
    assertWritable: (key) => {
      assertStorageKey(key);
      if (inExcluded(key)) throw new Error(`Storage key "${key}" is in the folder of the other storage`);
    },
  };
}

/** Content types of the files the shop serves, by extension; the rest are downloads. */
const CONTENT_TYPES: Record<string, string> = {
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
  ico: "image/x-icon",
  pdf: "application/pdf",
  txt: "text/plain; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  json: "application/json",
  xml: "application/xml",
  woff2: "font/woff2",
  woff: "font/woff",
  ttf: "font/ttf",
  mp4: "video/mp4",
  webm: "video/webm",
  zip: "application/zip",
};

/** The content type a file of the disk is served with, from its name's extension. */
export function contentTypeOf(key: string): string {
  const dot = key.lastIndexOf(".");
  const extension = dot > key.lastIndexOf("/") ? key.slice(dot + 1).toLowerCase() : "";
  return CONTENT_TYPES[extension] ?? "application/octet-stream";
}

/**
 * Files in a folder of the server's disk: `OTTISK_DATA_DIR/files/private` for private files, the
 * files folder itself for public ones (with `excludedFolder: "private"`).
 */
export function createLocalFileStorage(rootDir: string, scope: StorageScope = {}): FileStorage {
  const root = resolve(rootDir);
  const check = scopeCheck(scope);
  const pathOf = (key: string): string => {
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw new Error(`Storage key "${key}" leaves the storage folder`);
    return path;
  };
  return {
    async put(key, bytes) {
      check.assertWritable(key);
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written beside the target and renamed, so a reader never sees half a file.
      const temporary = `${path}.${process.pid}.${Date.now()}.part`;
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, path);
      } catch (error) {
        // A full or failing disk: no half-written file stays behind (the caller answers the fault).
        await rm(temporary, { force: true }).catch(() => undefined);
        throw error;
      }
    },
    async putFile(key, source) {
      check.assertWritable(key);
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      try {
        await rename(source, path);
      } catch (error) {
        // Another disk (EXDEV): copied beside the target, then renamed into place.
        if (!(error instanceof Error && "code" in error && error.code === "EXDEV")) throw error;
        const temporary = `${path}.${process.pid}.${Date.now()}.part`;
        try {
          await copyFile(source, temporary);
          await rename(temporary, path);
        } catch (copyError) {
          // A full or failing disk: no half-written copy stays behind (the caller answers the fault).
          await rm(temporary, { force: true }).catch(() => undefined);
          throw copyError;
        }
      }
    },
    async get(key) {
      if (!check.readable(key)) return null;
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if (isMissingFile(error)) return null;
        throw error;
      }
    },
    async open(key) {
      if (!check.readable(key)) return null;
      let handle;
      try {
        handle = await open(pathOf(key), "r");
      } catch (error) {
        if (isMissingFile(error)) return null;
        throw error;
      }
      try {
        // The size and time of the file opened, not of whatever the name points at a moment later.
        const stats = await handle.stat();
        if (!stats.isFile()) {
          await handle.close();
          return null;
        }
        return {
          body: handle.createReadStream(),
          sizeBytes: stats.size,
          contentType: contentTypeOf(key),
          // As @fastify/static (send) made them before, so browsers' cached copies stay valid.
          etag: `W/"${stats.size.toString(16)}-${stats.mtime.getTime().toString(16)}"`,
          lastModified: stats.mtime,
        };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async remove(key) {
      check.assertWritable(key);
      await rm(pathOf(key), { force: true });
    },
  };
}

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && "code" in error && (error.code === "ENOENT" || error.code === "ENOTDIR" || error.code === "EISDIR");
}

export interface S3StorageConfig {
  /** The service's address, e.g. `https://storage.yandexcloud.net` or `http://127.0.0.1:9000`. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Per request; default 30 s. */
  timeoutMs?: number;
}

/**
 * Objects in an S3-compatible bucket (AWS, Yandex Object Storage, MinIO …), addressed path-style
 * (`endpoint/bucket/key`, which every S3-compatible service accepts) and signed with AWS
 * Signature Version 4 (header form, payload hash signed). With `keyPrefix` the storage's keys live
 * under that folder of the bucket (the public files under `public/`).
 */
export function createS3FileStorage(config: S3StorageConfig, scope: StorageScope & { keyPrefix?: string } = {}): FileStorage {
  const endpoint = new URL(config.endpoint);
  const basePath = endpoint.pathname.replace(/\/+$/, "");
  const check = scopeCheck(scope);
  const objectKey = (key: string): string => (scope.keyPrefix ? `${scope.keyPrefix}/${key}` : key);
  const objectUrl = (key: string): URL => {
    const url = new URL(endpoint.origin);
    url.pathname = `${basePath}/${encodeS3Segment(config.bucket)}/${objectKey(key).split("/").map(encodeS3Segment).join("/")}`;
    return url;
  };
  /** A body in memory, or a file streamed from disk with its length and SHA-256 known beforehand. */
  type Body = Uint8Array | { path: string; sizeBytes: number; sha256: string };
  /** The URL and the signed options of a request about the key (fetched by ofetch, never retried). */
  const signed = (method: "PUT" | "GET" | "DELETE", key: string, body?: Body, contentType?: string) => {
    const url = objectUrl(key);
    const fromFile = body !== undefined && !(body instanceof Uint8Array) ? body : null;
    const headers = signS3Request({
      method,
      url,
      body: fromFile ? { sha256: fromFile.sha256 } : (body ?? new Uint8Array()),
      extraHeaders: { ...(contentType ? { "content-type": contentType } : {}), ...(fromFile ? { "content-length": String(fromFile.sizeBytes) } : {}) },
      config,
      now: new Date(),
    });
    return {
      href: url.href,
      options: {
        method,
        headers,
        // A file goes as a stream (S3 wants its Content-Length, which is signed above), never whole in memory.
        ...(fromFile ? { body: createReadStream(fromFile.path) } : body ? { body } : {}),
        // Until the answer's headers arrive; a body being read is not cut off.
        timeout: config.timeoutMs ?? 30_000,
        retry: 0 as const,
        ignoreResponseError: true,
      },
    };
  };
  const send = (method: "PUT" | "GET" | "DELETE", key: string, body?: Body, contentType?: string) => {
    const request = signed(method, key, body, contentType);
    return ofetch.raw(request.href, { ...request.options, responseType: "arrayBuffer" });
  };
  const fail = (method: string, key: string, status: number): Error => new Error(`S3 ${method} ${objectKey(key)} answered ${status}`);
  return {
    async put(key, bytes, contentType) {
      check.assertWritable(key);
      const response = await send("PUT", key, bytes, contentType);
      if (!response.ok) throw fail("PUT", key, response.status);
    },
    async putFile(key, path, contentType, sha256) {
      check.assertWritable(key);
      const { size } = await stat(path);
      const response = await send("PUT", key, { path, sizeBytes: size, sha256 }, contentType);
      if (!response.ok) throw fail("PUT", key, response.status);
    },
    async get(key) {
      if (!check.readable(key)) return null;
      const response = await send("GET", key);
      if (response.status === 404) return null;
      if (!response.ok || !response._data) throw fail("GET", key, response.status);
      return new Uint8Array(response._data);
    },
    async open(key) {
      if (!check.readable(key)) return null;
      const request = signed("GET", key);
      const response = await ofetch.raw(request.href, { ...request.options, responseType: "stream" });
      const stream = response.body;
      if (!response.ok || !stream) {
        await stream?.cancel().catch(() => undefined);
        if (response.status === 404) return null;
        throw fail("GET", key, response.status);
      }
      const size = Number(response.headers.get("content-length"));
      const lastModified = response.headers.get("last-modified");
      return {
        body: Readable.fromWeb(stream as WebReadableStream<Uint8Array>),
        sizeBytes: response.headers.has("content-length") && Number.isSafeInteger(size) ? size : null,
        contentType: response.headers.get("content-type") ?? contentTypeOf(key),
        etag: response.headers.get("etag") ?? `"${objectKey(key)}"`,
        lastModified: lastModified === null || Number.isNaN(Date.parse(lastModified)) ? null : new Date(lastModified),
      };
    },
    async remove(key) {
      check.assertWritable(key);
      const response = await send("DELETE", key);
      // S3 answers 204 for a key that is not there too; some compatibles answer 404.
      if (!response.ok && response.status !== 404) throw fail("DELETE", key, response.status);
    },
  };
}

/**
 * Every object of the bucket, page by page (ListObjectsV2, 1000 keys a page): its key (with the
 * `public/` prefix of public files) and size. For `npm run backup`'s manifest of the bucket.
 */
export async function* listS3Objects(config: S3StorageConfig): AsyncGenerator<{ key: string; sizeBytes: number }> {
  const endpoint = new URL(config.endpoint);
  const basePath = endpoint.pathname.replace(/\/+$/, "");
  let continuation: string | null = null;
  do {
    const url = new URL(endpoint.origin);
    url.pathname = `${basePath}/${encodeS3Segment(config.bucket)}`;
    url.searchParams.set("list-type", "2");
    if (continuation) url.searchParams.set("continuation-token", continuation);
    const headers = signS3Request({ method: "GET", url, body: new Uint8Array(), extraHeaders: {}, config, now: new Date() });
    const response = await ofetch.raw(url.href, { method: "GET", headers, responseType: "text", retry: 0, timeout: config.timeoutMs ?? 30_000, ignoreResponseError: true });
    if (!response.ok) throw new Error(`S3 list of the bucket ${config.bucket} answered ${response.status}`);
    const xml = String(response._data ?? "");
    for (const [, contents] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
      const key = /<Key>([\s\S]*?)<\/Key>/.exec(contents ?? "")?.[1];
      const size = /<Size>(\d+)<\/Size>/.exec(contents ?? "")?.[1];
      if (key !== undefined && size !== undefined) yield { key: decodeXml(key), sizeBytes: Number(size) };
    }
    const truncated = /<IsTruncated>true<\/IsTruncated>/.test(xml);
    const next = /<NextContinuationToken>([\s\S]*?)<\/NextContinuationToken>/.exec(xml)?.[1];
    continuation = truncated && next ? decodeXml(next) : null;
  } while (continuation);
}

/** The five entities XML escapes. */
function decodeXml(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => ({ lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" })[name] ?? "");
}

export interface FileStorages {
  /** Served to anyone at /files/<key>: catalogue photos, the website's documents and uploads. */
  publicFiles: FileStorage;
  /** Read only through the API's checks (GET /api/file/{id} …): layouts, invoices, annotated PDFs. */
  privateFiles: FileStorage;
}

/**
 * The shop's two storages from its configuration:
 * - on disk (no OTTISK_S3_*): public files in `filesDir` itself, private ones in `filesDir/private`
 *   (the folders the shop always used, so an existing data folder keeps working);
 * - in the S3 bucket: public files under the `public/` prefix, private ones at the keys they always
 *   had (an existing bucket keeps working), so every node behind a load balancer sees the same files.
 */
export function createFileStorages(options: { filesDir: string; s3?: S3StorageConfig | undefined }): FileStorages {
  if (options.s3) {
    return {
      publicFiles: createS3FileStorage(options.s3, { keyPrefix: PUBLIC_S3_PREFIX }),
      privateFiles: createS3FileStorage(options.s3, { excludedFolder: PUBLIC_S3_PREFIX }),
    };
  }
  return {
    publicFiles: createLocalFileStorage(options.filesDir, { excludedFolder: PRIVATE_FILES_FOLDER }),
    privateFiles: createLocalFileStorage(join(options.filesDir, PRIVATE_FILES_FOLDER)),
  };
}

/** RFC 3986 encoding as SigV4 wants it: everything but unreserved characters. */
function encodeS3Segment(segment: string): string {
  return encodeURIComponent(segment).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

const sha256Hex = (data: Uint8Array | string): string => createHash("sha256").update(data).digest("hex");
const hmac = (key: Uint8Array | string, data: string): Buffer => createHmac("sha256", key).update(data).digest();

/**
 * The headers of a SigV4-signed S3 request: host, x-amz-date, x-amz-content-sha256, the extra
 * headers and `Authorization: AWS4-HMAC-SHA256 Credential=…/date/region/s3/aws4_request,
 * SignedHeaders=…, Signature=…`. Exported for the test's fake S3, which checks signatures.
 */
export function signS3Request(input: {
  method: string;
  url: URL;
  /** The payload, or its SHA-256 (hex) when it is streamed from a file. */
  body: Uint8Array | { sha256: string };
  extraHeaders: Record<string, string>;
  config: Pick<S3StorageConfig, "region" | "accessKeyId" | "secretAccessKey">;
  now: Date;
}): Record<string, string> {
  const amzDate = input.now.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  const day = amzDate.slice(0, 8);
  const payloadHash = input.body instanceof Uint8Array ? sha256Hex(input.body) : input.body.sha256;
  const headers: Record<string, string> = {
    host: input.url.host,
    "x-amz-content-sha256": payloadHash,
    "x-amz-date": amzDate,
  };
  for (const [name, value] of Object.entries(input.extraHeaders)) headers[name.toLowerCase()] = value.trim();
  const names = Object.keys(headers).sort();
  const canonicalQuery = [...input.url.searchParams.entries()]
    .map(([name, value]) => [encodeS3Segment(name), encodeS3Segment(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const canonicalRequest = [
    input.method,
    input.url.pathname,
    canonicalQuery,
    names.map((name) => `${name}:${headers[name]}\n`).join(""),
    names.join(";"),
    payloadHash,
  ].join("\n");
  const scope = `${day}/${input.config.region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256Hex(canonicalRequest)].join("\n");
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${input.config.secretAccessKey}`, day), input.config.region), "s3"), "aws4_request");
  const signature = createHmac("sha256", signingKey).update(stringToSign).digest("hex");
  // fetch sends Host itself (the same value: the URL's host and port).
  const sent = Object.fromEntries(Object.entries(headers).filter(([name]) => name !== "host"));
  return {
    ...sent,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.config.accessKeyId}/${scope}, SignedHeaders=${names.join(";")}, Signature=${signature}`,
  };
}
