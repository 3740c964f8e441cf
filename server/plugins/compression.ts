import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/*
 * Text answers compressed as the browser accepts (brotli, else gzip): the host site's pages, its
 * /assets/, the widgets' bundle, /api JSON and SVG files. Registered on the root before any route,
 * because the plugin attaches itself to each route as it is declared. Only text types are touched:
 * PDFs, images and other downloads (also application/octet-stream, which the plugin would compress
 * by default) go out as they are, and so do ranges (206) and answers that come compressed already
 * (the anonymous catalogue pages of services/catalog/public-response-cache.ts). Request bodies are not
 * decompressed: a client that sends Content-Encoding gets the same treatment as before.
 */

/** text/* except server-sent events, JSON, JavaScript, XML and SVG (+xml), web manifests. */
const COMPRESSIBLE = /^(?:text\/(?!event-stream)|application\/(?:[\w.+-]+\+)?(?:json|javascript|xml)(?:;|$)|image\/svg\+xml(?:;|$)|application\/manifest\+json)/u;

export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    globalCompression: true,
    globalDecompression: false,
    encodings: ["br", "gzip"],
    customTypes: COMPRESSIBLE,
    // Under a kilobyte, the saving does not pay for the work (and most such answers fit in one packet).
    threshold: 1024,
  });
}
