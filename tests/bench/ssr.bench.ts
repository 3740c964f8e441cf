// First: React's production build, as npm start runs it (server/production-env.ts).
import "../../server/production-env";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createElement } from "react";
import type { ReactNode } from "react";
import { buildApp } from "../../server/app";
import { openDatabase } from "../../server/db/client";
import { seedDemoData } from "../../server/seed/seed";
import { createFileStorages } from "../../server/storage/file-storage";
import { clientAssets, hostSite } from "../../server/plugins/host-site";
import { InProcessResponse, inProcessFetch } from "../../server/plugins/in-process-fetch";
import { PRODUCT_LIST_DEFAULT_LIMIT, productListPageSchema, SESSION_COOKIE, sessionGrantSchema } from "../../shared/contracts/index";
import type { HostSiteRender } from "../../shared/contracts/index";
import { printGoalTable } from "./goal-table";
import type { GoalRow } from "./goal-table";
import { seedScale } from "./scale-seed";

/*
 * npm run bench:ssr — the host site's server render of the main page, the catalogue, a category, a
 * product and the cart, anonymous and signed in, each through the whole request (Fastify, the
 * render's reads and in-process API calls, the database, React, the document), with the API's
 * anonymous JSON cache (publicCache) emptied before every request. Beside each page, in the same process and the same rounds,
 * the reference: React's renderToString of a plain element tree as large as the page (every element,
 * attribute and text node of its HTML, the inline scripts' bytes). Prints ms per page and the ratios,
 * then issue 31's goal table: the whole request's CPU time (process.cpuUsage: Fastify, services,
 * PGlite, React, the document) ÷ the reference's CPU time, measured in alternation in the same rounds
 * (requests per CPU-second vs renderToStrings per CPU-second); exits non-zero when a page's ratio is
 * above TARGET_RATIO (the issue's "≤ 8×").
 *
 * It runs on a copy of dist/host-site taken at the start (a build meanwhile cannot change what is
 * measured) and with NODE_ENV=production, as `npm start` does (React's production build).
 * BENCH_SSR_SCALE=1000 grows the demo catalogue first (tests/bench/scale-seed.ts); BENCH_ROUNDS,
 * BENCH_SSR_PAGES (comma-separated names) keep a run short while developing; BENCH_SSR_CPU_PROFILE=<file>
 * writes a V8 CPU profile of the measured rounds only (not the seeding); BENCH_SSR_RENDER_ONLY=1 skips
 * the whole requests, to profile the render alone. The render keeps the anonymous product and
 * listing pages in memory like the site's chrome (server/plugins/render-reads.ts), so a repeated
 * page measures them warm, as a visitor after the first gets them; BENCH_SSR_COLD=1 sends the
 * catalogue's `ottisk_cache` notice before every request instead (those pages and the categories
 * loaded afresh each time, as after every catalogue write).
 */

const root = fileURLToPath(new URL("../..", import.meta.url));
/** Issue 31: the whole request per CPU-second within 8× a plain renderToString of the same tree. */
const TARGET_RATIO = 8;
/** Pages of the issue's table (anonymous): the others are printed against the same goal, marked as not in the table. */
const ISSUE_PAGES: Record<string, string> = { catalog: "/catalog", category: "a category", product: "a product" };
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
const SCALE = Number(process.env.BENCH_SSR_SCALE ?? 1);
const ONLY = process.env.BENCH_SSR_PAGES?.split(",").filter(Boolean);
const CPU_PROFILE = process.env.BENCH_SSR_CPU_PROFILE;
/** BENCH_SSR_RENDER_ONLY=1: measure (and profile) the render step alone, for finding its costs. */
const RENDER_ONLY = process.env.BENCH_SSR_RENDER_ONLY === "1";
/** BENCH_SSR_COLD=1: every request after a catalogue notice (the render's kept catalogue pages dropped). */
const COLD = process.env.BENCH_SSR_COLD === "1";
/** The render and the reference take a few milliseconds: this many times the rounds of whole requests. */
const RENDER_ROUNDS_FACTOR = 5;

if (process.env.NODE_ENV !== "production") {
  console.error(`bench:ssr measures React's production build, as npm start runs it: unset NODE_ENV (it is ${process.env.NODE_ENV}).`);
  process.exit(2);
}
const { renderToString } = await import("react-dom/server");

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
const RAW_TEXT = new Set(["script", "style"]);
const RENAMED: Record<string, string> = { class: "className", for: "htmlFor", charset: "charSet", "http-equiv": "httpEquiv" };

interface Counted {
  tree: ReactNode;
  elements: number;
  texts: number;
}

/**
 * A plain React tree with the elements, attributes and text nodes of an HTML document: the
 * reference's input. Styles become attributes left out (React wants an object); inline scripts keep
 * their bytes as raw HTML.
 */
function plainTree(html: string): Counted {
  interface Open {
    tag: string;
    props: Record<string, unknown>;
    children: ReactNode[];
  }
  const top: Open = { tag: "html-root", props: {}, children: [] };
  const stack: Open[] = [top];
  let elements = 0;
  let texts = 0;
  const token = /<!--[\s\S]*?-->|<!doctype[^>]*>|<(\/?)([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>|([^<]+)/gi;
  let match: RegExpExecArray | null;
  while ((match = token.exec(html))) {
    const [, closing, tagName, attributeText, text] = match;
    const current = stack[stack.length - 1] ?? top;
    if (text !== undefined) {
      current.children.push(text);
      texts += 1;
      continue;
    }
    if (!tagName) continue;
    const tag = tagName.toLowerCase();
    if (closing) {
      const open = stack.pop();
      if (!open) continue;
      const parent = stack[stack.length - 1] ?? top;
      parent.children.push(createElement(open.tag, open.props, ...open.children));
      continue;
    }
    elements += 1;
    const props: Record<string, unknown> = {};
    for (const attribute of (attributeText ?? "").matchAll(/([^\s=>/]+)(?:="([^"]*)")?/g)) {
      const name = (attribute[1] ?? "").toLowerCase();
      if (name === "style" || name.startsWith("on")) continue;
      props[RENAMED[name] ?? name] = attribute[2] ?? "";
    }
    if (RAW_TEXT.has(tag)) {
      const end = html.indexOf(`</${tag}>`, token.lastIndex);
      const body = html.slice(token.lastIndex, end < 0 ? html.length : end);
      token.lastIndex = end < 0 ? html.length : end + tag.length + 3;
      current.children.push(createElement(tag, { ...props, dangerouslySetInnerHTML: { __html: body } }));
      continue;
    }
    if (VOID.has(tag)) {
      current.children.push(createElement(tag, props));
      continue;
    }
    stack.push({ tag, props, children: [] });
  }
  while (stack.length > 1) {
    const open = stack.pop();
    if (!open) break;
    (stack[stack.length - 1] ?? top).children.push(createElement(open.tag, open.props, ...open.children));
  }
  return { tree: createElement("div", null, ...top.children), elements, texts };
}

/** CPU time (user + system, every thread of the process) of one call, in ms. */
async function cpuMs(run: () => unknown): Promise<number> {
  const started = process.cpuUsage();
  await run();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

// Inside the repository, so the copied render finds node_modules (react, jotai) as the original does.
await mkdir(join(root, ".tmp"), { recursive: true });
const work = await mkdtemp(join(root, ".tmp", "bench-ssr-"));
try {
  // The render as it was built when the run started: a build meanwhile cannot change it.
  const distDir = join(work, "dist");
  await cp(join(root, "dist", "host-site"), join(distDir, "host-site"), { recursive: true });
  if (!existsSync(join(distDir, "host-site", "server", "entry-server.js"))) throw new Error("dist/host-site is not built: run npm run build first");

  const database = await openDatabase({ dataDir: join(work, "data") });
  await seedDemoData(database.db, createFileStorages({ filesDir: join(work, "files") }).publicFiles);
  if (SCALE > 1) {
    const grown = await seedScale(database.db, SCALE);
    console.log(`catalogue ×${SCALE}: ${grown.products} products, ${grown.orderLines} order lines (seeded in ${(grown.ms / 1000).toFixed(1)} s)`);
  }
  const app = await buildApp({ database: database.db, databaseSql: database.sql, filesDir: join(work, "files"), logger: false, publicUrl: "http://localhost" });
  await app.register(hostSite, { distDir });
  await app.ready();

  const login = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email: "client@example.com", password: "client12345", rememberMe: false } });
  if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
  const token = sessionGrantSchema.parse(login.json()).token;

  const firstPage = productListPageSchema.parse((await app.inject({ url: `/api/public/product?limit=${PRODUCT_LIST_DEFAULT_LIMIT}` })).json());
  const sample = firstPage.items[0];
  if (!sample) throw new Error("The catalogue is empty");
  const pages = [
    { name: "main", url: "/" },
    { name: "catalog", url: "/catalog" },
    { name: "category", url: `/catalog/${sample.category.slug}` },
    { name: "product", url: `/catalog/${sample.category.slug}/${sample.id}` },
    { name: "cart", url: "/cart" },
  ].filter((page) => !ONLY || ONLY.includes(page.name));
  const visitors: { name: string; headers: Record<string, string> }[] = [
    { name: "anonymous", headers: {} },
    { name: "signed in", headers: { cookie: `${SESSION_COOKIE}=${token}` } },
  ];

  // The render called directly, with the answers of its API calls at hand (recorded from the real
  // in-process calls once, replayed from memory): what the render itself costs, without the database.
  const ssr = (await import(pathToFileURL(join(distDir, "host-site", "server", "entry-server.js")).href)) as HostSiteRender;
  const assets = await clientAssets(join(distDir, "host-site", "client"));
  const liveFetch = inProcessFetch(app);
  const recorded = new Map<string, { status: number; headers: [string, string][]; body: ArrayBuffer }>();
  const urlOf = (input: Parameters<typeof fetch>[0]) => (typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
  const recordingFetch: typeof fetch = async (input, init) => {
    const answer = await liveFetch(input, init);
    recorded.set(urlOf(input), { status: answer.status, headers: [...answer.headers], body: await answer.clone().arrayBuffer() });
    return answer;
  };
  const replayFetch: typeof fetch = async (input) => {
    const answer = recorded.get(urlOf(input));
    if (!answer) throw new Error(`Not recorded: ${urlOf(input)}`);
    // The same kind of answer the server's in-process fetch gives (server/plugins/in-process-fetch.ts).
    return new InProcessResponse(Buffer.from(answer.body), { status: answer.status, headers: new Headers(answer.headers) });
  };

  console.log(`bench:ssr — ${ROUNDS} rounds after ${WARMUP} warm-up, catalogue ×${SCALE}, NODE_ENV=${process.env.NODE_ENV}${COLD ? ", cold (catalogue notice before every request)" : ""}`);
  console.log(
    COLD
      ? "request: GET through Fastify after a catalogue notice (the render's kept catalogue pages and categories loaded afresh, the database included);"
      : "request: GET through Fastify, the API's JSON cache emptied (the render's kept anonymous catalogue pages and chrome warm, as for every visitor after the first);",
  );
  console.log("render: the render with its API answers at hand; ref: renderToString of a plain tree as large as the page.");
  console.log("request CPU: CPU time of the same request, with the reference's CPU time measured in alternation (the goal's figure).");
  console.log("page       visitor      KB  elements texts  request ms  render ms  ref ms  request/ref  render/ref  req CPU ms  ref CPU ms  CPU ratio");
  const goalRows: GoalRow[] = [];
  const inspector = CPU_PROFILE ? new Session() : null;
  if (inspector) {
    inspector.connect();
    await inspector.post("Profiler.enable");
    await inspector.post("Profiler.start");
  }
  for (const page of pages) {
    for (const visitor of visitors) {
      const requestOnce = async () => {
        app.publicCache.clear();
        if (COLD) await app.cacheInvalidation.invalidate("catalog");
        const started = performance.now();
        const response = await app.inject({ method: "GET", url: page.url, headers: { ...visitor.headers, accept: "text/html" } });
        const ms = performance.now() - started;
        if (response.statusCode !== 200) throw new Error(`${page.url} (${visitor.name}): ${response.statusCode}`);
        return { ms, html: response.body };
      };
      const renderRequest = { url: page.url, origin: "http://localhost", apiBase: "http://localhost/api", headers: visitor.headers, assets };
      app.publicCache.clear();
      recorded.clear();
      await ssr.render({ ...renderRequest, fetch: recordingFetch });
      const renderOnce = async () => {
        const started = performance.now();
        const result = await ssr.render({ ...renderRequest, fetch: replayFetch });
        const ms = performance.now() - started;
        if (result.status !== 200) throw new Error(`${page.url} (${visitor.name}): render ${result.status}`);
        return ms;
      };
      const { html } = await requestOnce();
      const reference = plainTree(html);
      const referenceOnce = () => {
        const started = performance.now();
        renderToString(reference.tree);
        return performance.now() - started;
      };
      for (let round = 0; round < WARMUP; round += 1) {
        if (!RENDER_ONLY) await requestOnce();
        await renderOnce();
        referenceOnce();
      }
      // The whole requests first, then the render and the reference in turn (cheap, so more rounds):
      // a request's garbage is not collected in the middle of the render's timing.
      // The goal's figure: CPU per whole request beside CPU per reference render, alternating round by round.
      const requests: number[] = [];
      const requestCpu: number[] = [];
      const referenceCpu: number[] = [];
      if (!RENDER_ONLY) {
        for (let round = 0; round < ROUNDS; round += 1) {
          requestCpu.push(await cpuMs(async () => requests.push((await requestOnce()).ms)));
          for (let turn = 0; turn < RENDER_ROUNDS_FACTOR; turn += 1) referenceCpu.push(await cpuMs(referenceOnce));
        }
      }
      const renders: number[] = [];
      const refs: number[] = [];
      for (let round = 0; round < ROUNDS * RENDER_ROUNDS_FACTOR; round += 1) {
        renders.push(await renderOnce());
        refs.push(referenceOnce());
      }
      const ref = median(refs);
      const requestRatio = median(requests) / ref;
      const renderRatio = median(renders) / ref;
      const cpuRatio = median(requestCpu) / median(referenceCpu);
      if (!RENDER_ONLY) {
        const inTable = visitor.name === "anonymous" && page.name in ISSUE_PAGES;
        goalRows.push({
          figure: `SSR ${ISSUE_PAGES[page.name] ?? page.url} (${visitor.name}), whole request per CPU-s vs renderToString of the same tree${inTable ? "" : " — not in the issue's table"}`,
          measured: `${median(requestCpu).toFixed(2)} ms CPU`,
          reference: `${median(referenceCpu).toFixed(2)} ms CPU (renderToString)`,
          ratio: cpuRatio,
          goal: "≤ 8×",
          met: cpuRatio <= TARGET_RATIO,
        });
      }
      console.log(
        [
          page.name.padEnd(10),
          visitor.name.padEnd(10),
          (Buffer.byteLength(html) / 1024).toFixed(0).padStart(5),
          String(reference.elements).padStart(9),
          String(reference.texts).padStart(5),
          median(requests).toFixed(2).padStart(11),
          median(renders).toFixed(2).padStart(10),
          ref.toFixed(2).padStart(7),
          `${requestRatio.toFixed(1)}×`.padStart(12),
          `${renderRatio.toFixed(1)}×`.padStart(11),
          median(requestCpu).toFixed(2).padStart(11),
          median(referenceCpu).toFixed(2).padStart(11),
          `${cpuRatio.toFixed(1)}×`.padStart(10),
        ].join(" "),
      );
    }
  }
  if (inspector && CPU_PROFILE) {
    const { profile } = await inspector.post("Profiler.stop");
    await writeFile(CPU_PROFILE, JSON.stringify(profile));
    inspector.disconnect();
  }
  const met = printGoalTable(`bench:ssr — catalogue ×${SCALE}${COLD ? ", cold (catalogue notice before every request)" : ""}, median of ${ROUNDS} rounds`, goalRows);
  await app.close();
  await database.close();
  process.exitCode = met ? 0 : 1;
} finally {
  await rm(work, { recursive: true, force: true });
}
