import { execFileSync } from "node:child_process";
import { cpus } from "node:os";
import { existsSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { openDatabase } from "../../server/db/client";
import type { DatabaseOptions } from "../../server/db/client";
import { seedDemoData } from "../../server/seed/seed";
import { createFileStorages } from "../../server/storage/file-storage";
import { categoryListSchema, productListPageSchema, SESSION_COOKIE } from "../../shared/contracts/index";
import { interleavedP50, measureLatency, startShop, startStallProbe, stopShop, timedRequest } from "./scale-measure";
import type { Latency, LoadSettings } from "./scale-measure";
import { startThrowawayPostgres } from "./scale-postgres";
import { fetchJson, signInDemoClient, signInDemoEmployee } from "./scale-session";
import { printGoalTable } from "./goal-table";
import type { GoalRow } from "./goal-table";
import type { ThrowawayPostgres } from "./scale-postgres";
import { seedScale } from "./scale-seed";

/*
 * npm run bench:scale — how the shop's answers grow with the catalogue (issue 17). For each factor
 * (1×, 10×, 100×, 1000× the demo catalogue: 31 → 31,000 products, 300 → 300,000 order lines) on the
 * embedded PGlite (what `npm start` uses) and on a throwaway PostgreSQL 15, it seeds the size
 * (tests/bench/scale-seed.ts, incremental: one database grows from factor to factor), starts the shop
 * in a process of its own (NODE_ENV=production, a copy of dist/), and measures p50/p99 of the API,
 * the sitemap and the server-rendered pages, anonymous and signed in (the demo client, with a cart of
 * 50 lines and the orders the seed gives it). It also times a cheap endpoint (/api/nds) while a heavy
 * request runs (a cold sitemap, a search load): PGlite answers every query on the event loop, so one
 * slow request can stall every other.
 *
 * Goal (issue 17): at the largest factor every endpoint's p99 within 2× of its p99 at 1×. On a
 * shared 2-core machine a few milliseconds are noise, so the 1× figure counts as at least
 * BENCH_SCALE_FLOOR_MS (10 ms): a row misses when p99(N×) > 2 × max(p99(1×), floor). The cold
 * sitemap rows and the stall rows are shown, not judged: their work grows with the catalogue by
 * nature; server/docs/performance.md ("Scale") discusses them. Exit 1 on a miss unless BENCH_REPORT_ONLY=1.
 *
 * Settings (env): BENCH_SCALE_FACTORS=1,10,100,1000 · BENCH_SCALE_DBS=pglite,postgres ·
 * BENCH_SCALE_DURATION_S=1 (per endpoint) · BENCH_SCALE_CONNECTIONS=4 · BENCH_SCALE_ROUNDS=1 · BENCH_SCALE_FLOOR_MS=10 ·
 * BENCH_REPORT_ONLY=1 · BENCH_SCALE_GOAL_REQUESTS=15 · BENCH_SCALE_ONLY=search,employee (only endpoints named so).
 * Ports 18550–18599 (the shop from 18550, PostgreSQL on 18599).
 *
 * Issue 31's goal table ends the output: search «визитки» and «печать листовок», the employee orders
 * list and a warm sitemap product file (asked with a crawler's Accept-Encoding), each the p50 of one
 * request at a time at the largest factor beside the smallest, interleaved (interleavedP50); goal ≤ 2×.
 */

const root = fileURLToPath(new URL("../..", import.meta.url));
const workDir = join(root, ".tmp", "bench-scale");
const FACTORS = (process.env.BENCH_SCALE_FACTORS ?? "1,10,100,1000").split(",").map((text) => Number(text.trim()));
const DBS = (process.env.BENCH_SCALE_DBS ?? "pglite,postgres").split(",").map((text) => text.trim());
const LOAD: LoadSettings = {
  durationS: Number(process.env.BENCH_SCALE_DURATION_S ?? 1),
  connections: Number(process.env.BENCH_SCALE_CONNECTIONS ?? 4),
};
const ROUNDS = Number(process.env.BENCH_SCALE_ROUNDS ?? 1);
const GOAL_REQUESTS = Number(process.env.BENCH_SCALE_GOAL_REQUESTS ?? 15);
const FLOOR_MS = Number(process.env.BENCH_SCALE_FLOOR_MS ?? 10);
const REPORT_ONLY = process.env.BENCH_REPORT_ONLY === "1";
const GOAL_RATIO = 2;
const CART_LINES = 50;
const SHOP_PORT = 18550;
const POSTGRES_PORT = 18599;
const SEARCH_TEXT = "визитки";
const SECOND_SEARCH_TEXT = "печать листовок";
/** What a crawler sends (Googlebot: "gzip, deflate, br"); the sitemap rows are measured with it. */
const CRAWLER_ENCODINGS = { "accept-encoding": "gzip, deflate, br" };
/** Issue 31's growth figures, measured one request at a time and interleaved for the goal table. */
const GOAL_ENDPOINTS = [`search «${SEARCH_TEXT}»`, `search «${SECOND_SEARCH_TEXT}»`, "employee orders list", "sitemap product file, warm"];
/** Only the endpoints whose names contain one of these (comma-separated), for a short run while developing. */
const ONLY = (process.env.BENCH_SCALE_ONLY ?? "").split(",").map((text) => text.trim()).filter((text) => text !== "");
const CATEGORY_SLUG = "vizitki";

for (const factor of FACTORS) if (!Number.isInteger(factor) || factor < 1) throw new Error(`BENCH_SCALE_FACTORS: ${factor} is not a whole number ≥ 1`);
if (FACTORS.length === 0 || [...FACTORS].sort((a, b) => a - b).join() !== FACTORS.join()) throw new Error("BENCH_SCALE_FACTORS: list them ascending");

/** A measured row: its label and whether the goal judges it. */
interface Figure {
  db: string;
  endpoint: string;
  factor: number;
  /** The larger factor measured in the same pass (the reference's figures belong to one pass each). */
  pass: number;
  latency: Latency;
  judged: boolean;
}
const figures: Figure[] = [];
/** The goal table's figures: one request at a time, interleaved between the two sizes (interleavedP50). */
const goalFigures: { db: string; endpoint: string; first: Latency; last: Latency }[] = [];
const stalls: { db: string; factor: number; during: string; heavyMs: number; count: number; p99Ms: number; maxMs: number }[] = [];

function record(db: string, factor: number, endpoint: string, latency: Latency, judged: boolean, pass: number) {
  figures.push({ db, endpoint, factor, pass, latency, judged });
  const failed = latency.failures > 0 ? `  ${latency.failures} FAILED` : "";
  console.log(
    `  ${`${factor}×`.padStart(5)} ${endpoint.padEnd(46)} p50 ${latency.p50Ms.toFixed(1).padStart(8)} ms  p99 ${latency.p99Ms.toFixed(1).padStart(8)} ms  ${latency.requestsPerSecond.toFixed(0).padStart(6)} req/s  ${latency.method}${failed}`,
  );
}

/** A single request's time as a row (a cold sitemap happens once per start). */
function single(ms: number, status: number): Latency {
  const failed = status < 200 || status >= 400;
  return { p50Ms: ms, p99Ms: ms, requestsPerSecond: 1000 / ms, failures: failed ? 1 : 0, method: failed ? `single (cold), HTTP ${status}` : "single (cold)" };
}

/** The sitemap's first chunk when /sitemap.xml is an index (sitemap protocol ≤ 50,000 URLs a file); null for a single file. */
function firstChunk(xml: string, shop: string): string | null {
  if (!xml.includes("<sitemapindex")) return null;
  const loc = /<loc>([^<]+)<\/loc>/.exec(xml)?.[1];
  if (!loc) return null;
  const url = new URL(loc.replaceAll("&amp;", "&"));
  return `${shop}${url.pathname}${url.search}`;
}

interface Endpoint {
  name: string;
  url: string;
  headers: Record<string, string>;
}

/** What a shop answers at its present size: found from the shop itself (category, a product, the total). */
async function endpointsOf(shop: string, token: string, employeeToken: string, chunkUrl: string | null): Promise<Endpoint[]> {
  const bearer = { authorization: `Bearer ${token}` };
  const employee = { authorization: `Bearer ${employeeToken}` };
  const cookie = { cookie: `${SESSION_COOKIE}=${token}` };
  const categories = await fetchJson(categoryListSchema, `${shop}/api/public/product/category`);
  const category = categories.find((row) => row.slug === CATEGORY_SLUG) ?? categories[0];
  if (!category) throw new Error("no categories");
  const firstPage = await fetchJson(productListPageSchema, `${shop}/api/public/product?categoryId=${category.id}&limit=1`);
  const product = firstPage.items[0];
  if (!product) throw new Error(`no products in ${category.slug}`);
  const all = await fetchJson(productListPageSchema, `${shop}/api/public/product?limit=1`);
  const deepOffset = Math.max(0, Math.floor(all.total * 0.9));
  const productPage = `/catalog/${category.slug}/${product.id}`;
  const rows: [string, string, Record<string, string>][] = [
    ["GET /api/nds (cheapest)", `${shop}/api/nds`, {}],
    ["product list, first page (anonymous, cached)", `${shop}/api/public/product?limit=12`, {}],
    ["product list, first page (signed in)", `${shop}/api/public/product?limit=12`, bearer],
    ["product list, page at 90 % (signed in)", `${shop}/api/public/product?limit=12&offset=${deepOffset}`, bearer],
    ["category listing (signed in)", `${shop}/api/public/product?categoryId=${category.id}&limit=12`, bearer],
    ["product by id (signed in)", `${shop}/api/public/product/${product.id}`, bearer],
    [`search «${SEARCH_TEXT}»`, `${shop}/api/public/website/search?search=${encodeURIComponent(SEARCH_TEXT)}`, {}],
    [`search «${SECOND_SEARCH_TEXT}»`, `${shop}/api/public/website/search?search=${encodeURIComponent(SECOND_SEARCH_TEXT)}`, {}],
    ["employee orders list", `${shop}/api/employee/order`, employee],
    ["categories with counts", `${shop}/api/public/product/category`, {}],
    ["category tree", `${shop}/api/product-category`, {}],
    [`cart of ${CART_LINES} lines (signed in)`, `${shop}/api/client-cart`, bearer],
    ["client's orders (signed in)", `${shop}/api/client-order`, bearer],
    ["sitemap.xml, warm", `${shop}/sitemap.xml`, CRAWLER_ENCODINGS],
    ...(chunkUrl ? [["sitemap chunk, warm", chunkUrl, CRAWLER_ENCODINGS] satisfies [string, string, Record<string, string>]] : []),
    ["sitemap product file, warm", `${shop}/sitemap-2.xml`, CRAWLER_ENCODINGS],
    ["SSR / (anonymous)", `${shop}/`, {}],
    ["SSR /catalog (anonymous)", `${shop}/catalog`, {}],
    [`SSR /catalog/{category} (anonymous)`, `${shop}/catalog/${category.slug}`, {}],
    ["SSR product page (anonymous)", `${shop}${productPage}`, {}],
    ["SSR / (signed in)", `${shop}/`, cookie],
    ["SSR /catalog (signed in)", `${shop}/catalog`, cookie],
    [`SSR /catalog/{category} (signed in)`, `${shop}/catalog/${category.slug}`, cookie],
    ["SSR product page (signed in)", `${shop}${productPage}`, cookie],
  ];
  return rows
    .filter(([name]) => ONLY.length === 0 || ONLY.some((part) => name.includes(part)))
    .map(([name, url, headers]) => ({ name, url, headers }));
}

/** A shop just started: its cold sitemap (with /api/nds asked meanwhile), then the endpoints to load. */
async function coldStart(
  db: string,
  factor: number,
  pass: number,
  shop: { url: string; token: string; employeeToken: string },
  recordStalls: boolean,
): Promise<Endpoint[]> {
  const { url: shopUrl } = shop;
  const probe = startStallProbe(`${shopUrl}/api/nds`);
  const index = await timedRequest(`${shopUrl}/sitemap.xml`);
  const chunkUrl = firstChunk(index.body, shopUrl);
  const chunk = chunkUrl ? await timedRequest(chunkUrl) : null;
  const duringSitemap = await probe.stop();
  if (recordStalls) stalls.push({ db, factor, during: "cold sitemap", heavyMs: index.ms + (chunk?.ms ?? 0), ...duringSitemap });
  record(db, factor, "sitemap.xml, cold", single(index.ms, index.status), false, pass);
  if (chunk) record(db, factor, "sitemap chunk, cold", single(chunk.ms, chunk.status), false, pass);
  return endpointsOf(shopUrl, shop.token, shop.employeeToken, chunkUrl);
}

/** A search load with /api/nds asked meanwhile: does one kind of slow request hold up the cheap ones? */
async function searchStall(db: string, factor: number, shop: string) {
  const probe = startStallProbe(`${shop}/api/nds`);
  const searchLoad = await measureLatency(`${shop}/api/public/website/search?search=${encodeURIComponent(SEARCH_TEXT)}`, {}, LOAD);
  stalls.push({ db, factor, during: `search load (${LOAD.connections} connections)`, heavyMs: searchLoad.p99Ms, ...(await probe.stop()) });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** Of several runs of one endpoint, the one with the median p99 (a load's figures belong together). */
function medianRun(runs: Latency[]): Latency {
  const p99 = median(runs.map((run) => run.p99Ms));
  return runs.find((run) => run.p99Ms === p99) ?? runs[0] ?? { p50Ms: NaN, p99Ms: NaN, requestsPerSecond: NaN, failures: 1, method: "none" };
}

/** A database the benchmark seeds: the reference (the smallest factor, kept) or the one that grows. */
interface Store {
  dataDir: string;
  options: DatabaseOptions;
}

async function prepareStore(dataDir: string, databaseUrl: string | null): Promise<Store> {
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  const store: Store = { dataDir, options: databaseUrl ? { databaseUrl } : { dataDir } };
  const opened = await openDatabase(store.options);
  await seedDemoData(opened.db, createFileStorages({ filesDir: join(dataDir, "files") }).publicFiles);
  await opened.close();
  return store;
}

async function grow(db: string, store: Store, factor: number) {
  const opened = await openDatabase(store.options);
  const seeded = await seedScale(opened.db, factor);
  await opened.close();
  console.log(
    `\n${db} ${factor}×: ${seeded.products} products, ${seeded.orders} orders, ${seeded.orderLines} order lines, ${seeded.checks} checks (seeded in ${(seeded.ms / 1000).toFixed(1)} s)`,
  );
}

async function startStore(store: Store, distDir: string, port: number) {
  const url = "databaseUrl" in store.options ? [store.options.databaseUrl] : [];
  const shop = await startShop([store.dataDir, distDir, String(port), ...url]);
  try {
    return { ...shop, token: await signInDemoClient(shop.url, CART_LINES), employeeToken: await signInDemoEmployee(shop.url) };
  } catch (error) {
    await stopShop(shop.child);
    throw error;
  }
}

/**
 * One database kind through every factor. The smallest factor is the reference: a database of its
 * own, started again beside each larger one, and every endpoint is loaded on both in turn, so the
 * growth ratio compares figures taken within seconds of each other on the same busy machine.
 */
async function runDatabase(db: string, distDir: string, urls: { base: string; grown: string } | null) {
  const [first = 1, ...larger] = FACTORS;
  const base = await prepareStore(join(workDir, `${db}-base`), urls?.base ?? null);
  await grow(db, base, first);
  const grown = larger.length > 0 ? await prepareStore(join(workDir, `${db}-grown`), urls?.grown ?? null) : null;
  const pairs: (number | null)[] = larger.length > 0 ? larger : [null];
  for (const [pass, factor] of pairs.entries()) {
    if (grown && factor !== null) await grow(db, grown, factor);
    const reference = await startStore(base, distDir, SHOP_PORT);
    const measured = grown && factor !== null ? await startStore(grown, distDir, SHOP_PORT + 1) : null;
    try {
      console.log(`${db} ${first}× (reference)${measured ? ` and ${factor}×` : ""}:`);
      const baseEndpoints = await coldStart(db, first, factor ?? first, reference, pass === 0);
      const grownEndpoints = measured && factor !== null ? await coldStart(db, factor, factor, measured, true) : [];
      for (const [index, endpoint] of baseEndpoints.entries()) {
        const other = grownEndpoints.find((candidate) => candidate.name === endpoint.name) ?? grownEndpoints[index];
        const baseRuns: Latency[] = [];
        const grownRuns: Latency[] = [];
        for (let round = 0; round < ROUNDS; round += 1) {
          baseRuns.push(await measureLatency(endpoint.url, endpoint.headers, LOAD));
          if (other) grownRuns.push(await measureLatency(other.url, other.headers, LOAD));
        }
        record(db, first, endpoint.name, medianRun(baseRuns), true, factor ?? first);
        if (other && factor !== null) record(db, factor, other.name, medianRun(grownRuns), true, factor);
      }
      if (measured && factor !== null && factor === FACTORS[FACTORS.length - 1]) {
        for (const endpoint of baseEndpoints.filter((candidate) => GOAL_ENDPOINTS.includes(candidate.name))) {
          const other = grownEndpoints.find((candidate) => candidate.name === endpoint.name);
          if (!other) continue;
          const pair = await interleavedP50(endpoint, other, GOAL_REQUESTS);
          goalFigures.push({ db, endpoint: endpoint.name, first: pair.a, last: pair.b });
          console.log(`  ${endpoint.name}: one at a time, interleaved: p50 ${pair.a.p50Ms.toFixed(1)} ms at ${first}×, ${pair.b.p50Ms.toFixed(1)} ms at ${factor}×`);
        }
      }
      if (pass === 0) await searchStall(db, first, reference.url);
      if (measured && factor !== null) await searchStall(db, factor, measured.url);
    } finally {
      await stopShop(reference.child);
      if (measured) await stopShop(measured.child);
    }
  }
  await rm(base.dataDir, { recursive: true, force: true });
  if (grown) await rm(grown.dataDir, { recursive: true, force: true });
}

/** A copy of dist/ taken under the build lock, so a build running meanwhile cannot change the measured pages. */
async function copyDist(): Promise<string> {
  const lock = "/tmp/ottisk-build.lock";
  if (!existsSync(join(root, "dist", "host-site", "server", "entry-server.js"))) {
    console.log("dist/ is missing: building it (flock /tmp/ottisk-build.lock npm run build)…");
    execFileSync("flock", [lock, "npm", "run", "build"], { cwd: root, stdio: "inherit" });
  }
  const copy = join(workDir, "dist");
  await rm(copy, { recursive: true, force: true });
  execFileSync("flock", [lock, "cp", "-r", join(root, "dist"), copy]);
  return copy;
}

function printGrowthTable() {
  const first = FACTORS[0] ?? 1;
  const last = FACTORS[FACTORS.length - 1] ?? 1;
  console.log(
    `\nGrowth of p99 (ms) with the catalogue. «${first}× beside» is the ${first}× reference loaded in turn with ${last}× (the ${first}× column: the median over every pass); ` +
      `goal: ${last}× within ${GOAL_RATIO}× of it, the reference counted as ≥ ${FLOOR_MS} ms; «—» not judged`,
  );
  console.log(`| database | endpoint | ${FACTORS.map((factor) => `${factor}×`).join(" | ")} | ${first}× beside | ${last}×/${first}× | goal |`);
  console.log(`|---|---|${FACTORS.map(() => "---:").join("|")}|---:|---:|---|`);
  const misses: string[] = [];
  const keys = [...new Set(figures.map((figure) => `${figure.db}\u0000${figure.endpoint}`))];
  for (const key of keys) {
    const [db = "", endpoint = ""] = key.split("\u0000");
    const row = figures.filter((figure) => figure.db === db && figure.endpoint === endpoint);
    const references = row.filter((figure) => figure.factor === first);
    const cell = (factor: number) => {
      const values = (factor === first ? references : row.filter((figure) => figure.factor === factor)).map((figure) => figure.latency.p99Ms);
      return values.length > 0 ? median(values).toFixed(1) : "";
    };
    const beside = references.find((figure) => figure.pass === last);
    const top = row.find((figure) => figure.factor === last);
    const ratio = beside && top ? top.latency.p99Ms / beside.latency.p99Ms : NaN;
    const failed = row.some((figure) => figure.latency.failures > 0);
    const judged = row.every((figure) => figure.judged);
    let verdict = "—";
    if (failed) verdict = "ERRORS";
    else if (judged && beside && top && last !== first) verdict = top.latency.p99Ms > GOAL_RATIO * Math.max(beside.latency.p99Ms, FLOOR_MS) ? "**over**" : "ok";
    if (verdict === "ERRORS" || verdict === "**over**") misses.push(`${db} ${endpoint}`);
    const cells = FACTORS.map(cell);
    console.log(
      `| ${db} | ${endpoint} | ${cells.join(" | ")} | ${beside && last !== first ? beside.latency.p99Ms.toFixed(1) : ""} | ${Number.isFinite(ratio) && last !== first ? `${ratio.toFixed(1)}×` : ""} | ${verdict} |`,
    );
  }
  console.log("\n/api/nds one request after another while a heavy request runs (ms):");
  console.log("| database | factor | during | heavy request | nds answers | nds p99 | nds worst |");
  console.log("|---|---:|---|---:|---:|---:|---:|");
  for (const stall of stalls) {
    console.log(
      `| ${stall.db} | ${stall.factor}× | ${stall.during} | ${stall.heavyMs.toFixed(0)} | ${stall.count} | ${stall.p99Ms.toFixed(1)} | ${stall.maxMs.toFixed(1)} |`,
    );
  }
  return misses;
}

const DB_NAMES: Record<string, string> = { pglite: "PGlite", postgres: "PostgreSQL" };

function goalRows(): GoalRow[] {
  const first = FACTORS[0] ?? 1;
  const last = FACTORS[FACTORS.length - 1] ?? 1;
  return goalFigures.map((figure) => {
    const failed = figure.first.failures + figure.last.failures > 0;
    const ratio = figure.last.p50Ms / figure.first.p50Ms;
    return {
      figure: `growth ${first}×→${last}× p50, ${figure.endpoint} (${DB_NAMES[figure.db] ?? figure.db})`,
      measured: `${figure.last.p50Ms.toFixed(2)} ms at ${last}×${failed ? " (ERRORS)" : ""}`,
      reference: `${figure.first.p50Ms.toFixed(2)} ms at ${first}×`,
      ratio,
      goal: "≤ 2×",
      met: !failed && ratio <= GOAL_RATIO,
    };
  });
}

await mkdir(workDir, { recursive: true });
const started = performance.now();
console.log(
  `bench:scale on ${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, ${new Date().toISOString()}; factors ${FACTORS.join(", ")}; ${LOAD.connections} connections × ${LOAD.durationS} s per endpoint`,
);
const distDir = await copyDist();
let postgres: ThrowawayPostgres | null = null;
const cleanup = () => postgres?.stop();
process.once("SIGINT", () => {
  cleanup();
  process.exit(130);
});
try {
  for (const db of DBS) {
    if (db === "pglite") await runDatabase("pglite", distDir, null);
    else if (db === "postgres") {
      postgres = startThrowawayPostgres(POSTGRES_PORT);
      if (!postgres) continue;
      console.log(`\n${postgres.version} on port ${POSTGRES_PORT}`);
      const admin = new pg.Client({ connectionString: postgres.url });
      await admin.connect();
      await admin.query("CREATE DATABASE bench_base");
      await admin.query("CREATE DATABASE bench_grown");
      await admin.end();
      const at = (name: string) => postgres?.url.replace(/\/postgres$/, `/${name}`) ?? "";
      await runDatabase("postgres", distDir, { base: at("bench_base"), grown: at("bench_grown") });
      postgres.stop();
      postgres = null;
    } else throw new Error(`BENCH_SCALE_DBS: unknown database ${db} (pglite, postgres)`);
  }
} finally {
  cleanup();
  await rm(workDir, { recursive: true, force: true });
}
const misses = printGrowthTable();
console.log(`\nwhole run ${((performance.now() - started) / 1000).toFixed(0)} s`);
const goalsMet = printGoalTable("bench:scale — growth of the catalogue (issue 31)", goalRows());
if (!goalsMet) misses.push("the goal table (p50)");
if (misses.length > 0) {
  console.error(`\n${misses.length} row(s) miss the goal: ${misses.join("; ")}`);
  if (!REPORT_ONLY) process.exit(1);
}
