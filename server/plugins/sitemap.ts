import type { FastifyInstance } from "fastify";
import type { HostSiteRender } from "../../shared/contracts/index";

/*
 * The sitemap at any size of catalogue (issue 17): /sitemap.xml is a sitemaps.org index of
 * /sitemap-1.xml (the main page, the website's pages, the catalogue and its categories) and
 * /sitemap-2.xml … (the products by id, SITEMAP_FILE_URLS each, read by keyset: every file is one
 * index walk from where the last one ended, never an offset). The render (host-site) writes the
 * XML; each answer is kept in memory for SITEMAP_TTL_MS — the catalogue changes through the admin
 * panel or an import, and crawlers come rarely — and one build serves every request that arrives
 * while it runs. A write to the catalogue or the pages that says so (services/cache-invalidation.ts)
 * drops the kept files on every node.
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
  const cache = new Map<string, { xml: Promise<string>; expiresAt: number }>();
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
    const entry = { xml: build(), expiresAt: now() + SITEMAP_TTL_MS };
    cache.set(key, entry);
    // A failed build is not kept: the next crawler's request tries again.
    entry.xml.catch(() => {
      if (cache.get(key) === entry) cache.delete(key);
    });
    return entry.xml;
  }

  /** The last product id of each product file (file 2 ends at bounds[0] …), shared by the index and the files. */
  const productBounds = () =>
    cached("bounds", async () => JSON.stringify(await app.catalog.sitemapProductBounds(fileUrls))).then(
      (text) => JSON.parse(text) as number[],
    );

  app.get("/sitemap.xml", async (request, reply) => {
    const origin = request.publicOrigin;
    const xml = await cached(`index ${origin}`, async () => {
      const bounds = await productBounds();
      const files = Array.from({ length: 1 + bounds.length }, (_, index) => `/sitemap-${index + 1}.xml`);
      return options.ssr.sitemapIndex({ origin, files });
    });
    return reply.header("content-type", XML).header("cache-control", "public, max-age=600").send(xml);
  });

  app.get<{ Params: { file: string } }>("/sitemap-:file", async (request, reply) => {
    const number = /^([1-9][0-9]{0,6})\.xml$/.exec(request.params.file)?.[1];
    if (number === undefined) return reply.callNotFound();
    const file = Number(number);
    const origin = request.publicOrigin;
    const bounds = await productBounds();
    if (file > 1 + bounds.length) return reply.callNotFound();
    const xml = await cached(`${file} ${origin}`, async () => {
      if (file === 1) {
        const [pages, categories] = await Promise.all([app.pages.sitemapPages(), app.catalog.listCategories(origin)]);
        return options.ssr.sitemap({ origin, withRoots: true, pages, categorySlugs: categories.map((category) => category.slug), products: [] });
      }
      const after = file === 2 ? 0 : (bounds[file - 3] ?? 0);
      const products = await app.catalog.sitemapProducts(after, fileUrls);
      return options.ssr.sitemap({ origin, withRoots: false, pages: [], categorySlugs: [], products });
    });
    return reply.header("content-type", XML).header("cache-control", "public, max-age=600").send(xml);
  });
}
