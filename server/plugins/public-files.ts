import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isStorageKey } from "../storage/file-storage";
import type { FileStorage, StoredObject } from "../storage/file-storage";
import { sendNotFound } from "./errors";

/*
 * GET and HEAD /files/<key>: the public files (catalogue photos, the website's documents and
 * uploads) from the public storage, on disk or in the S3 bucket, so every node serves the same
 * files. Streamed, never read whole into memory. A path that is not a storage key (`..`, a dot
 * file, a folder, an empty segment, a private file) is the same 404 «Файл не найден» as a file that
 * is not there. Files keep their names while they live: a day fresh, then revalidated by ETag or
 * Last-Modified (304). Every answer keeps the security headers of plugins/security-headers.ts, and
 * a served file gets the sandboxing policy below on top.
 */

/** Uploaded SVGs and PDFs must never run scripts on the shop's origin when opened directly. */
export const PUBLIC_FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";
const CACHE_CONTROL = "public, max-age=86400";

/** Whether the client's copy is current: If-None-Match (weak comparison), else If-Modified-Since. */
function notModified(request: FastifyRequest, file: StoredObject): boolean {
  const ifNoneMatch = request.headers["if-none-match"];
  if (ifNoneMatch !== undefined) {
    const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
    return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(file.etag));
  }
  const ifModifiedSince = request.headers["if-modified-since"];
  if (ifModifiedSince === undefined || file.lastModified === null) return false;
  const since = Date.parse(ifModifiedSince);
  // HTTP dates have whole seconds.
  return !Number.isNaN(since) && Math.floor(file.lastModified.getTime() / 1000) * 1000 <= since;
}

async function serve(storage: FileStorage, request: FastifyRequest<{ Params: { "*": string } }>, reply: FastifyReply) {
  const key = request.params["*"];
  const file = isStorageKey(key) ? await storage.open(key) : null;
  if (!file) return sendNotFound(request, reply);
  reply.header("content-security-policy", PUBLIC_FILE_CSP);
  reply.header("cache-control", CACHE_CONTROL);
  reply.header("etag", file.etag);
  if (file.lastModified) reply.header("last-modified", file.lastModified.toUTCString());
  if (notModified(request, file)) {
    file.body.destroy();
    return reply.code(304).send();
  }
  reply.type(file.contentType);
  if (file.sizeBytes !== null) reply.header("content-length", String(file.sizeBytes));
  if (request.method === "HEAD") {
    file.body.destroy();
    return reply.send();
  }
  return reply.send(file.body);
}

/** Registers /files/* on the app: the public storage's files, by key. */
export function publicFilesRoutes(app: FastifyInstance, storage: FileStorage): void {
  app.route<{ Params: { "*": string } }>({
    method: ["GET", "HEAD"],
    url: "/files/*",
    // Not Fastify's automatic HEAD, which reads the whole file to throw it away.
    exposeHeadRoute: false,
    // Files, not the API: the OpenAPI document leaves them out, as it always did.
    schema: { hide: true },
    handler: (request, reply) => serve(storage, request, reply),
  });
}
