import { createHash, createHmac } from "node:crypto";
import { createReadStream } from "node:fs";
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, resolve, sep } from "node:path";
import { ofetch } from "ofetch";

/*
 * Where private files (layouts, invoices, annotated proofs) are kept: a folder on the server's
 * disk, or an S3-compatible bucket. Keys are relative paths such as `layout/2025/ab12….pdf`;
 * callers never see where the bytes live. Public files (product photos, website uploads) do NOT
 * go through here: they are written under the public files folder and served at /files/.
 */

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
  /** The bytes under the key, or null when nothing is stored there. */
  get(key: string): Promise<Uint8Array | null>;
  /** Forgets the key; removing a key that is not there is not an error. */
  remove(key: string): Promise<void>;
}

/** A key is `segment/segment/name`: letters, digits, `-`, `_`, `.`; no empty, `.` or `..` segments. */
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split("/").some((segment) => segment === "." || segment === "..")) {
    throw new Error(`Invalid storage key "${key}"`);
  }
}

/**
 * Files in a folder of the server's disk. The shop's default is `OTTISK_DATA_DIR/files/private`,
 * which the public /files/ route refuses to serve (see PRIVATE_FILES_FOLDER in app.ts).
 */
export function createLocalFileStorage(rootDir: string): FileStorage {
  const root = resolve(rootDir);
  const pathOf = (key: string): string => {
    assertStorageKey(key);
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw new Error(`Storage key "${key}" leaves the storage folder`);
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written beside the target and renamed, so a reader never sees half a file.
      const temporary = `${path}.${process.pid}.${Date.now()}.part`;
      await writeFile(temporary, bytes);
      await rename(temporary, path);
    },
    async putFile(key, source) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      try {
        await rename(source, path);
      } catch (error) {
        // Another disk (EXDEV): copied beside the target, then renamed into place.
        if (!(error instanceof Error && "code" in error && error.code === "EXDEV")) throw error;
        const temporary = `${path}.${process.pid}.${Date.now()}.part`;
        await copyFile(source, temporary);
        await rename(temporary, path);
      }
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if (isMissingFile(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && "code" in error && (error.code === "ENOENT" || error.code === "ENOTDIR");
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
 * Signature Version 4 (header form, payload hash signed).
 */
export function createS3FileStorage(config: S3StorageConfig): FileStorage {
  const endpoint = new URL(config.endpoint);
  const basePath = endpoint.pathname.replace(/\/+$/, "");
  const objectUrl = (key: string): URL => {
    assertStorageKey(key);
    const url = new URL(endpoint.origin);
    url.pathname = `${basePath}/${encodeS3Segment(config.bucket)}/${key.split("/").map(encodeS3Segment).join("/")}`;
    return url;
  };
  /** A body in memory, or a file streamed from disk with its length and SHA-256 known beforehand. */
  type Body = Uint8Array | { path: string; sizeBytes: number; sha256: string };
  const send = async (method: "PUT" | "GET" | "DELETE", key: string, body?: Body, contentType?: string) => {
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
    return ofetch.raw(url.href, {
      method,
      headers,
      // A file goes as a stream (S3 wants its Content-Length, which is signed above), never whole in memory.
      ...(fromFile ? { body: createReadStream(fromFile.path) } : body ? { body } : {}),
      responseType: "arrayBuffer",
      timeout: config.timeoutMs ?? 30_000,
      retry: 0,
      ignoreResponseError: true,
    });
  };
  const fail = (method: string, key: string, status: number): Error => new Error(`S3 ${method} ${key} answered ${status}`);
  return {
    async put(key, bytes, contentType) {
      const response = await send("PUT", key, bytes, contentType);
      if (!response.ok) throw fail("PUT", key, response.status);
    },
    async putFile(key, path, contentType, sha256) {
      const { size } = await stat(path);
      const response = await send("PUT", key, { path, sizeBytes: size, sha256 }, contentType);
      if (!response.ok) throw fail("PUT", key, response.status);
    },
    async get(key) {
      const response = await send("GET", key);
      if (response.status === 404) return null;
      if (!response.ok || !response._data) throw fail("GET", key, response.status);
      return new Uint8Array(response._data);
    },
    async remove(key) {
      const response = await send("DELETE", key);
      // S3 answers 204 for a key that is not there too; some compatibles answer 404.
      if (!response.ok && response.status !== 404) throw fail("DELETE", key, response.status);
    },
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
