import autocannon from "autocannon";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "../../server/db/client";
import { seedDemoData } from "../../server/seed/seed";
import { createFileStorages } from "../../server/storage/file-storage";
import { cartSchema } from "../../shared/contracts/index";
import { memoryMb, startBenchServer } from "./bench-process";
import { printGoalTable } from "./goal-table";
import { fetchJson, signInDemoClient } from "./scale-session";

/*
 * npm run bench:api — requests per second and p99 latency of GET /api/public/product (the
 * catalogue's first page, as a shopper opens it) against a bare Fastify route measured in the same
 * run on the same machine, and the API process's peak memory. Each server runs in a process of its
 * own and autocannon drives it from this one, in rounds taken in turn (medians reported), so a busy
 * machine slows both alike. Besides req/s it reads each server's CPU time from /proc, because on a
 * 2-core machine autocannon itself becomes the limit for answers of a few kilobytes.
 *
 * Two paths are measured. Anonymous: the listing as a visitor opens it, answered from the 30 s public
 * cache after the first request. Signed in: the demo client (a real POST /api/auth/login, its session
 * sent as `Authorization: Bearer`, a cart of CART_LINES lines) asking for the same listing and its cart;
 * these are never cached, so every request looks the session up and runs the queries.
 *
 * Goals (issue 31), each in CPU per request against the bare route of the same run (the ratio is
 * the bare route's requests per CPU·s ÷ the route's):
 * - the signed-in uncached listing ≤ 40×;
 * - the cart GET with CART_LINES lines ≤ 100×;
 * - the anonymous cached listing ≥ 60 % of the bare route's requests per CPU·s (≤ 1.67×: a cache hit
 *   should cost little more than the bare answer).
 * GET /bench/one-query (one trivial statement on the same app and database, api-server.ts) is printed
 * beside them: what a single PGlite round trip costs, the floor of any uncached answer.
 */

const root = fileURLToPath(new URL("../..", import.meta.url));
const ANONYMOUS_TARGET_RATIO = 0.6;
const SIGNED_IN_GOAL = 40;
const CART_GOAL = 100;
const CART_LINES = 10;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

interface Measured {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  peakRssMb: number;
  /** The server process's CPU use during the run, in % of one core. */
  serverCpuPct: number;
  /** Requests answered per second of the server's own CPU time: what the server can do, whoever drives it. */
  requestsPerCpuSecond: number;
}

/** The process's CPU time so far (user + system), in seconds; the clock ticks at 100 Hz on Linux. */
async function cpuSeconds(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** What a shopper's browser sends with every fetch; both servers get it, the bare route ignores it. */
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br, zstd", accept: "application/json" };

async function load(url: string, headers: Record<string, string>, duration = DURATION_S): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, duration, headers: { ...BROWSER_HEADERS, ...headers } });
}

interface Target {
  name: string;
  url: string;
  pid: number | undefined;
  headers: Record<string, string>;
}

interface Sample {
  requestsPerSecond: number;
  p99Ms: number;
  failures: number;
  serverCpuPct: number;
  requestsPerCpuSecond: number;
}

async function measureOnce(target: Target): Promise<Sample> {
  const pid = target.pid ?? 0;
  const cpuBefore = await cpuSeconds(pid);
  const result = await load(target.url, target.headers);
  const serverCpu = (await cpuSeconds(pid)) - cpuBefore;
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors,
    serverCpuPct: (serverCpu / result.duration) * 100,
    requestsPerCpuSecond: result.requests.total / serverCpu,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

async function prepareDatabase(): Promise<string> {
  const dataDir = join(root, ".tmp", "bench-api");
  await rm(dataDir, { recursive: true, force: true });
  const opened = await openDatabase({ dataDir });
  try {
    await seedDemoData(opened.db, createFileStorages({ filesDir: join(dataDir, "files") }).publicFiles);
  } finally {
    await opened.close();
  }
  return dataDir;
}

const dataDir = await prepareDatabase();
const bareServer = await startBenchServer("tests/bench/bare-server.ts", []);
const apiServer = await startBenchServer("tests/bench/api-server.ts", [dataDir]);
const signedIn = { authorization: `Bearer ${await signInDemoClient(apiServer.url, CART_LINES)}` };
const benchCart = await fetchJson(cartSchema, `${apiServer.url}/api/client-cart`, { headers: signedIn });
if (benchCart.orderProduct.length !== CART_LINES) throw new Error(`the bench's cart has ${benchCart.orderProduct.length} lines, not ${CART_LINES}`);
const targets: Target[] = [
  { name: "bare Fastify route", url: `${bareServer.url}/bare`, pid: bareServer.child.pid, headers: {} },
  { name: "one trivial query, same app and database (reference)", url: `${apiServer.url}/bench/one-query`, pid: apiServer.child.pid, headers: {} },
  { name: "GET /api/public/product (anonymous, cached)", url: `${apiServer.url}/api/public/product`, pid: apiServer.child.pid, headers: {} },
  {
    name: "GET /api/public/product (signed in, uncached)",
    url: `${apiServer.url}/api/public/product`,
    pid: apiServer.child.pid,
    headers: signedIn,
  },
  {
    name: "GET /api/public/product?sort=TimesOrderedDesc&discount=true&limit=12 (anonymous)",
    url: `${apiServer.url}/api/public/product?sort=TimesOrderedDesc&discount=true&limit=12`,
    pid: apiServer.child.pid,
    headers: {},
  },
  {
    name: `GET /api/client-cart, ${CART_LINES} lines (signed in, uncached)`,
    url: `${apiServer.url}/api/client-cart`,
    pid: apiServer.child.pid,
    headers: signedIn,
  },
];
const rows: Measured[] = [];
try {
  console.log(`autocannon: ${CONNECTIONS} connections; ${ROUNDS} rounds of ${DURATION_S} s per route, taken in turn so each sees the same machine; medians\n`);
  for (const target of targets) await load(target.url, target.headers, 2); // warm-up: JIT, caches, database pages
  const samples = targets.map(() => [] as Sample[]);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, target] of targets.entries()) samples[index]?.push(await measureOnce(target));
  }
  for (const [index, target] of targets.entries()) {
    const runs = samples[index] ?? [];
    rows.push({
      name: target.name,
      requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
      p99Ms: median(runs.map((run) => run.p99Ms)),
      non2xx: runs.reduce((sum, run) => sum + run.failures, 0),
      errors: 0,
      peakRssMb: target.pid ? await memoryMb(target.pid, "VmHWM") : NaN,
      serverCpuPct: median(runs.map((run) => run.serverCpuPct)),
      requestsPerCpuSecond: median(runs.map((run) => run.requestsPerCpuSecond)),
    });
  }
} finally {
  bareServer.child.kill("SIGTERM");
  apiServer.child.kill("SIGTERM");
}

const [bare, oneQuery, listing, signedInListing, , cartRow] = rows;
if (!bare || !oneQuery || !listing || !signedInListing || !cartRow) throw new Error("nothing measured");
const pad = (text: string, width: number) => text.padEnd(width);
console.log(pad("route", 84) + pad("req/s", 9) + pad("p99 ms", 8) + pad("non-2xx", 9) + pad("server CPU", 12) + pad("req/CPU·s", 11) + pad("CPU/req vs bare", 16) + "peak RSS MiB");
for (const row of rows) {
  console.log(
    pad(row.name, 84) +
      pad(row.requestsPerSecond.toFixed(0), 9) +
      pad(row.p99Ms.toFixed(1), 8) +
      pad(String(row.non2xx + row.errors), 9) +
      pad(`${row.serverCpuPct.toFixed(0)} %`, 12) +
      pad(row.requestsPerCpuSecond.toFixed(0), 11) +
      pad(row === bare ? "" : `${(bare.requestsPerCpuSecond / row.requestsPerCpuSecond).toFixed(1)}×`, 16) +
      row.peakRssMb.toFixed(0),
  );
}
// On two cores the load generator (one JS thread) saturates before the server does once answers
// carry a few kilobytes, so req/s alone measures autocannon. Requests per second of the server's own
// CPU time measure the server: the goals are judged on those.
const cpuMicros = (row: Measured) => `${(1e6 / row.requestsPerCpuSecond).toFixed(0)} µs CPU/req`;
/** CPU per request of `row` ÷ that of the bare route, i.e. the bare route's req/CPU·s ÷ the row's. */
const timesBare = (row: Measured) => bare.requestsPerCpuSecond / row.requestsPerCpuSecond;
const bareReference = `${cpuMicros(bare)} (bare Fastify route)`;
console.log(`\nlisting / bare, req/s: ${((listing.requestsPerSecond / bare.requestsPerSecond) * 100).toFixed(1)} %  (bounded by the load generator when the server is below 100 % CPU)`);
console.log(`one trivial statement, same app: ${cpuMicros(oneQuery)} = ${timesBare(oneQuery).toFixed(1)}× the bare route (the floor of any answer that reads the database)`);
const anonymousMet = listing.requestsPerCpuSecond / bare.requestsPerCpuSecond >= ANONYMOUS_TARGET_RATIO;
const signedInMet = timesBare(signedInListing) <= SIGNED_IN_GOAL;
printGoalTable("bench:api — the API, CPU per request against a bare Fastify route (same run)", [
  {
    figure: "signed-in uncached listing (GET /api/public/product), CPU per request vs a bare Fastify route",
    measured: cpuMicros(signedInListing),
    reference: bareReference,
    ratio: timesBare(signedInListing),
    goal: `≤ ${SIGNED_IN_GOAL}×`,
    met: signedInMet,
  },
  {
    figure: `cart GET (${CART_LINES} lines), CPU per request vs the bare route`,
    measured: cpuMicros(cartRow),
    reference: bareReference,
    ratio: timesBare(cartRow),
    goal: `≤ ${CART_GOAL}×`,
    met: timesBare(cartRow) <= CART_GOAL,
  },
  {
    figure: "anonymous cached listing, CPU per request vs the bare route",
    measured: cpuMicros(listing),
    reference: bareReference,
    ratio: timesBare(listing),
    goal: `≤ ${(1 / ANONYMOUS_TARGET_RATIO).toFixed(2)}× (≥ ${ANONYMOUS_TARGET_RATIO * 100} % of its req per CPU·s)`,
    met: anonymousMet,
  },
]);
await rm(dataDir, { recursive: true, force: true });
const failing = rows.filter((row) => row.non2xx + row.errors > 0);
if (failing.length > 0) {
  console.error(`Errors during the run: ${failing.map((row) => row.name).join("; ")}`);
  process.exit(1);
}
// The listings were judged before issue 31 (the signed-in one against the one-statement route); the cart was not, and still only prints.
if (!anonymousMet || !signedInMet) {
  console.error("BELOW TARGET");
  process.exit(1);
}
