import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { PRERENDER_ATTRIBUTES } from "../../shared/contracts/index";
import type { ClientAssets, HostSiteRender, PrerenderTag } from "../../shared/contracts/index";
import { ACCOUNT_BASE } from "../../shared/domain/index";
import { inProcessFetch } from "./in-process-fetch";
import { registerSitemap } from "./sitemap";
import { withOneSessionLookup } from "./in-process-session";
import { renderReads } from "./render-reads";

/*
 * Serves the host site from its build (dist/host-site): the server-side render for page addresses
 * and the hashed client files under /assets/. The server knows the render only through its
 * contract in shared/contracts/host-render.ts, never host-site's source.
 */

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

const CLIENT_ENTRY = "host-site/entry-client.tsx";
const CLIENT_BOOT = "host-site/boot.ts";
/** Addresses that belong to other parts of the server; a miss there is a 404, not a page. */
const NOT_PAGES = /^\/(api|files|widgets|demo|assets)(\/|$)/;
/** A missing file (favicon.ico, an old bundle) gets a 404 rather than the main page. */
const FILE_LIKE = /\.[a-z0-9]{1,8}$/i;

/** The built client's files from Vite's manifest (also read by tests/bench/ssr.bench.ts to call the render directly). */
export async function clientAssets(clientDir: string): Promise<ClientAssets> {
  const manifestPath = join(clientDir, ".vite", "manifest.json");
  let manifestText: string;
  try {
    manifestText = await readFile(manifestPath, "utf8");
  } catch (error) {
    throw new Error(`The host site is not built (${manifestPath} is missing): run npm run build, or npm start which builds first`, {
      cause: error,
    });
  }
  const manifest = JSON.parse(manifestText) as Record<string, ManifestChunk>;
  const entry = manifest[CLIENT_ENTRY];
  const boot = manifest[CLIENT_BOOT];
  if (!entry || !boot) throw new Error(`The client build has no ${CLIENT_ENTRY} or ${CLIENT_BOOT}: run npm run build`);
  const entryFile = `/${entry.file}`;
  // Every chunk the entry imports, those its imports import too: else the browser finds them only
  // once the first ones have arrived, a round trip later.
  const entryLoaded = new Set([entryFile]);
  const preloads = (entry.imports ?? []).flatMap((name) => chunkFiles(manifest, name, entryLoaded));
  const pageChunks = Object.fromEntries(
    (entry.dynamicImports ?? []).map((name) => [name, chunkFiles(manifest, name, new Set(entryLoaded))]),
  );
  return { boot: `/${boot.file}`, entry: entryFile, styles: (entry.css ?? []).map((file) => `/${file}`), preloads, pageChunks };
}

/**
 * A chunk's file and those of the chunks it imports statically, leaving out the files in `loaded`:
 * imports first (depth first), so each file comes after everything it imports and the boot script
 * can evaluate them in this order, one at a time.
 */
function chunkFiles(manifest: Record<string, ManifestChunk>, name: string, loaded: Set<string>): string[] {
  const chunk = manifest[name];
  if (!chunk || loaded.has(`/${chunk.file}`)) return [];
  loaded.add(`/${chunk.file}`);
  return [...(chunk.imports ?? []).flatMap((imported) => chunkFiles(manifest, imported, loaded)), `/${chunk.file}`];
}

function forwardedHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  if (request.headers.cookie) headers.cookie = request.headers.cookie;
  if (request.headers.authorization) headers.authorization = request.headers.authorization;
  if (request.headers["accept-language"]) headers["accept-language"] = request.headers["accept-language"];
  return headers;
}

/** `/admin` and everything under it: the account area, or the operator's own panel (OTTISK_ADMIN_URL). */
const ACCOUNT_AREA = new RegExp(`^${ACCOUNT_BASE}(/|$)`);

export interface HostSiteOptions {
  distDir: string;
  /** The operator's admin panel: /admin/… is answered with a redirect to the same path under it; undefined → the built-in account area. */
  adminUrl?: string | undefined;
}

export async function hostSite(app: FastifyInstance, options: HostSiteOptions): Promise<void> {
  const clientDir = join(options.distDir, "host-site", "client");
  const serverEntry = join(options.distDir, "host-site", "server", "entry-server.js");
  const assets = await clientAssets(clientDir);
  const ssr = (await import(pathToFileURL(serverEntry).href)) as HostSiteRender;
  const fetchInProcess = inProcessFetch(app);
  const readsFor = renderReads(app);

  await app.register(fastifyStatic, {
    root: join(clientDir, "assets"),
    prefix: "/assets/",
    decorateReply: false,
    immutable: true,
    maxAge: "365d",
    // The build writes brotli and gzip copies beside each file (vite.config.ts, client build).
    preCompressed: true,
  });

  /*
   * The host site's service worker (host-site/sw.ts → client/sw.js), from the root so it controls
   * every page. It is prefixed with this build (the entry's hashed name and the files the pages
   * link), so each new build changes the script's bytes: that is how open tabs find an update.
   */
  const serviceWorker = await readFile(join(clientDir, "sw.js"), "utf8").catch(() => null);
  if (serviceWorker !== null) {
    const build = JSON.stringify({ version: assets.entry, assets: [assets.boot, assets.entry, ...assets.styles, ...assets.preloads] });
    const script = `self.__OTTISK_BUILD__ = ${build};\n${serviceWorker}`;
    app.get("/sw.js", (_request, reply) =>
      reply
        .header("content-type", "text/javascript; charset=utf-8")
        .header("cache-control", "no-cache")
        .header("service-worker-allowed", "/")
        .send(script),
    );
  }

  /*
   * For search engines: robots.txt and the sitemap (an index of files of ≤ 50,000 addresses, kept in
   * memory: sitemap.ts), written by the render from the catalogue and the published pages, with the
   * shop's public address (OTTISK_PUBLIC_URL; never the request's Host).
   */
  app.get("/robots.txt", (request, reply) =>
    reply.header("content-type", "text/plain; charset=utf-8").header("cache-control", "public, max-age=3600").send(ssr.robots(request.publicOrigin)),
  );
  registerSitemap(app, { ssr });

  const renderPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split("?", 1)[0] ?? "/";
    if (NOT_PAGES.test(path) || FILE_LIKE.test(path)) return reply.callNotFound();
    if (options.adminUrl !== undefined && ACCOUNT_AREA.test(path)) {
      // The storefront's links keep pointing at /admin/…: the operator's panel answers them.
      return reply.redirect(`${options.adminUrl}${request.url.slice(ACCOUNT_BASE.length)}`, 302);
    }
    // Canonical, og:url, JSON-LD and the API's absolute URLs: the shop's configured address, never the request's Host.
    const origin = request.publicOrigin;
    // The render reads from the services in process (render-reads.ts) and calls the API in process
    // for anything else; both carry the visitor's session, looked up once for the whole page.
    const headers = forwardedHeaders(request);
    const result = await withOneSessionLookup(() =>
      ssr.render({
        url: request.url,
        origin,
        apiBase: `${origin}/api`,
        fetch: fetchInProcess,
        headers,
        assets,
        reads: readsFor(origin, headers),
      }),
    );
    if ("redirect" in result) return reply.redirect(result.redirect, result.status);
    return reply
      .code(result.status)
      .header("content-type", "text/html; charset=utf-8")
      // A page may carry the visitor's account (the header's account area): never in a shared cache.
      .header("cache-control", "private, no-cache")
      .send(result.html);
  };
  app.get("/", renderPage);
  app.get("/*", renderPage);

  /*
   * An embedded element's first paint (widgets/prerender.ts): public, anonymous data only, so any
   * site may read it and caches may keep it for a little while.
   */
  app.get<{ Params: { tag: string }; Querystring: Record<string, string | undefined> }>("/widgets/prerender/:tag", async (request, reply) => {
    reply.header("access-control-allow-origin", "*").header("cache-control", "public, max-age=30");
    const { tag } = request.params;
    if (!(tag in PRERENDER_ATTRIBUTES)) {
      return reply.code(404).send({ statusCode: 404, code: "NOT_FOUND", messageUI: "Этот элемент не рисуется на сервере.", message: `No prerender for <${tag}>` });
    }
    const prerenderTag = tag as PrerenderTag;
    const attributes: Record<string, string> = {};
    for (const name of PRERENDER_ATTRIBUTES[prerenderTag]) {
      const value = request.query[name];
      if (typeof value === "string" && value.length <= 500) attributes[name] = value;
    }
    const origin = request.publicOrigin;
    const drawn = await ssr.prerenderWidget({ tag: prerenderTag, attributes, origin, apiBase: `${origin}/api`, fetch: fetchInProcess });
    if (!drawn) return reply.code(204).send();
    return reply.send(drawn);
  });
}
