import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { demoCsp } from "./security-headers";

/*
 * The embeddable bundle under /widgets/ and the demo pages under /demo/. The demo pages stand for
 * a partner's site: they load the bundle from the shop's public address, written into them as
 * {{OTTISK_ORIGIN}}, so opening them on another host name shows a real cross-origin embed.
 */

const DEMO_FILE = /^[a-z0-9-]+\.(html|js|css)$/;
const DEMO_TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
};

export async function staticSite(
  app: FastifyInstance,
  options: { distDir: string; demoDir: string; shopOrigin: string },
): Promise<void> {
  await app.register(fastifyStatic, {
    root: join(options.distDir, "widgets"),
    prefix: "/widgets/",
    decorateReply: false,
    // The bundle's name is stable for partners' script tags, so caches must ask again.
    cacheControl: false,
    setHeaders: (reply, path) => {
      // Chunks, the workers' scripts (assets/) and the designer's fonts (fonts/) carry a content hash
      // in their names: cached for good. The loader's name is stable.
      reply.header("cache-control", /[\\/](chunks|assets|fonts)[\\/]/.test(path) ? "public, max-age=31536000, immutable" : "no-cache");
      reply.header("access-control-allow-origin", "*");
    },
  });

  app.get("/demo", (_request, reply) => reply.redirect("/demo/partner.html"));
  app.get("/demo/", (_request, reply) => reply.redirect("/demo/partner.html"));
  app.get<{ Params: { page: string } }>("/demo/:page", async (request, reply) => {
    const { page } = request.params;
    const match = DEMO_FILE.exec(page);
    if (!match?.[1]) return reply.callNotFound();
    let text: string;
    try {
      text = await readFile(join(options.demoDir, page), "utf8");
    } catch {
      return reply.callNotFound();
    }
    return reply
      .header("content-type", DEMO_TYPES[match[1]])
      .header("cache-control", "no-cache")
      .header("content-security-policy", demoCsp(options.shopOrigin))
      .send(text.replaceAll("{{OTTISK_ORIGIN}}", options.shopOrigin));
  });
}
