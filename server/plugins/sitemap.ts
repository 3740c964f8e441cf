import type { FastifyInstance, FastifyReply } from "fastify";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import type { HostSiteRender } from "../../shared/contracts/index";
import { preferredEncoding } from "../services/catalog/public-response-cache";
import type { EncodedResponse } from "../services/catalog/public-response-cache";

/*
 * The sitemap at any size of catalogue (issue 17): /sitemap.xml is a sitemaps.org index of
 * /sitemap-1.xml (the main page, the website's pages, the catalogue and its categories) and
 * /sitemap-2.xml … (the products by id, SITEMAP_FILE_URLS each, read by keyset: every file is one
 * index walk from where the last one ended, never an offset). The render (host-site) writes the
 * XML; each answer is kept in memory for SITEMAP_TTL_MS — the catalogue changes through the admin
 * panel or an import, and crawlers come rarely — and one build serves every request that arrives
 * while it runs. A write to the catalogue or the pages that says so (services/cache-invalidation.ts)
 * drops the kept files on every node. Each file is compressed once when it is built (gzip and brotli,
 * off the event loop) and answered in the encoding the crawler accepts: a product file of 50,000
 * addresses is about 3.5 MB of XML, which the per-request compression of plugins/compression.ts
 * took hundreds of milliseconds to squeeze on every warm request (server/docs/performance.md "Growth").
 */

/** sitemaps.org allows 50,000 addresses per file. */
export const SITEMAP_FILE_URLS = 50_000;
/** How long a built file is answered again: as long as the answer's own max-age. */
export const SITEMAP_TTL_MS = 10 * 60 * 1000;
/** More files than this means a catalogue of 50 million products; the cache stays bounded anyway. */
const SITEMAP_CACHE_ENTRIES = 200;

const XML = "application/xml; charset=utf-8";

export interface SitemapOptions {
  ssr: Pick<HostSiteRender, "sitemap" | "sitemapIndex">;
  /** Addresses per product file (tests use a few); SITEMAP_FILE_URLS by default. */
  fileUrls?: number;
  now?: () => number;
}

export function registerSitemap(app: FastifyInstance, options: SitemapOptions): void {
  const now = options.now ?? Date.now;
  const fileUrls = options.fileUrls ?? SITEMAP_FILE_URLS;
  const cache = new Map<string, { xml: Promise<string>; encoded?: Promise<EncodedResponse>; expiresAt: number }>();
  // A build already running when this comes still answers the requests waiting for it, and is not kept.
  app.cacheInvalidation.onInvalidate(["catalog", "pages"], () => cache.clear());

  function cached(key: string, build: () => Promise<string>): Promise<string> {
    const hit = cache.get(key);
    if (hit && hit.expiresAt > now()) return hit.xml;
    if (cache.size >= SITEMAP_CACHE_ENTRIES) {
      for (const [oldKey, entry] of cache) if (entry.expiresAt <= now()) cache.delete(oldKey);
      const oldest = cache.keys().next();
      if (cache.size >= SITEMAP_CACHE_ENTRIES && !oldest.done) cache.delete(oldest.value);
    }
    const entry: { xml: Promise<string>; encoded?: Promise<EncodedResponse>; expiresAt: number } = { xml: build(), expiresAt: now() + SITEMAP_TTL_MS };
    cache.set(key, entry);
    // A failed build is not kept: the next crawler's request tries again.
    entry.xml.catch(() => {
      if (cache.get(key) === entry) cache.delete(key);
    });
    return entry.xml;
  }

  /** A file as the crawler gets it: built (cached), then compressed once per build, kept with its text. */
  function cachedFile(key: string, build: () => Promise<string>): Promise<EncodedResponse> {
    const xml = cached(key, build);
    const entry = cache.get(key);
    if (!entry || entry.xml !== xml) return xml.then(encodeXml);
    entry.encoded ??= xml.then(encodeXml);
    return entry.encoded;
  }

  /** The last product id of each product file (file 2 ends at bounds[0] …), shared by the index and the files. */
  const productBounds = () =>
    cached("bounds", async () => JSON.stringify(await app.catalog.sitemapProductBounds(fileUrls))).then(
      (text) => JSON.parse(text) as number[],
    );

  app.get("/sitemap.xml", async (request, reply) => {
    const origin = request.publicOrigin;
    const file = await cachedFile(`index ${origin}`, async () => {
      const bounds = await productBounds();
      const files = Array.from({ length: 1 + bounds.length }, (_, index) => `/sitemap-${index + 1}.xml`);
      return options.ssr.sitemapIndex({ origin, files });
    });
    return sendEncoded(reply, request.headers["accept-encoding"], file);
  });

  app.get<{ Params: { file: string } }>("/sitemap-:file", async (request, reply) => {
    const number = /^([1-9][0-9]{0,6})\.xml$/.exec(request.params.file)?.[1];
    if (number === undefined) return reply.callNotFound();
    const file = Number(number);
    const origin = request.publicOrigin;
    const bounds = await productBounds();
    if (file > 1 + bounds.length) return reply.callNotFound();
    const encodedFile = await cachedFile(`${file} ${origin}`, async () => {
      if (file === 1) {
        const [pages, categories] = await Promise.all([app.pages.sitemapPages(), app.catalog.listCategories(origin)]);
        return options.ssr.sitemap({ origin, withRoots: true, pages, categorySlugs: categories.map((category) => category.slug), products: [] });
      }
      const after = file === 2 ? 0 : (bounds[file - 3] ?? 0);
      const products = await app.catalog.sitemapProducts(after, fileUrls);
      return options.ssr.sitemap({ origin, withRoots: false, pages: [], categorySlugs: [], products });
    });
    return sendEncoded(reply, request.headers["accept-encoding"], encodedFile);
  });
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** The XML in UTF-8, gzip (level 6) and brotli (quality 5: nearly 11's size for text like this, at a fraction of the time). */
async function encodeXml(xml: string): Promise<EncodedResponse> {
  const identity = Buffer.from(xml, "utf8");
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(identity, { level: 6 }),
    brotliAsync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
  ]);
  return { identity, gzip: gzipped, br: brotli };
}

/** The file in the encoding the request accepts; plugins/compression.ts leaves an answer with a Content-Encoding alone. */
function sendEncoded(reply: FastifyReply, acceptEncoding: string | undefined, file: EncodedResponse) {
  const encoding = preferredEncoding(acceptEncoding);
  reply.header("content-type", XML).header("cache-control", "public, max-age=600").header("vary", "accept-encoding");
  if (encoding !== "identity") reply.header("content-encoding", encoding);
  return reply.send(file[encoding]);
}
