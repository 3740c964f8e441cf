import autocannon from "autocannon";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "../../server/db/client";
import { seedDemoData } from "../../server/db/seed";
import { memoryMb, startBenchServer } from "./bench-process";

/*
 * npm run bench:api — requests per second and p99 latency of GET /api/public/product (the
 * catalogue's first page, as a shopper opens it) against a bare Fastify route measured in the same
 * run on the same machine, and the API process's peak memory. Each server runs in a process of its
 * own and autocannon drives it from this one, in rounds taken in turn (medians reported), so a busy
 * machine slows both alike. Besides req/s it reads each server's CPU time from /proc, because on a
 * 2-core machine autocannon itself becomes the limit for answers of a few kilobytes. Target: the
 * listing reaches 60 % of the bare route's rate per second of server CPU.
 */

const root = fileURLToPath(new URL("../..", import.meta.url));
const TARGET_RATIO = 0.6;
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

async function load(url: string, duration = DURATION_S): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, duration, headers: BROWSER_HEADERS });
}

interface Target {
  name: string;
  url: string;
  pid: number | undefined;
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
  const result = await load(target.url);
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
    await seedDemoData(opened.db, join(dataDir, "files"));
  } finally {
    await opened.close();
  }
  return dataDir;
}

const dataDir = await prepareDatabase();
const bareServer = await startBenchServer("tests/bench/bare-server.ts", []);
const apiServer = await startBenchServer("tests/bench/api-server.ts", [dataDir]);
const targets: Target[] = [
  { name: "bare Fastify route", url: `${bareServer.url}/bare`, pid: bareServer.child.pid },
  { name: "GET /api/public/product", url: `${apiServer.url}/api/public/product`, pid: apiServer.child.pid },
  {
    name: "GET /api/public/product?sort=TimesOrderedDesc&discount=true&limit=12",
    url: `${apiServer.url}/api/public/product?sort=TimesOrderedDesc&discount=true&limit=12`,
    pid: apiServer.child.pid,
  },
];
const rows: Measured[] = [];
try {
  console.log(`autocannon: ${CONNECTIONS} connections; ${ROUNDS} rounds of ${DURATION_S} s per route, taken in turn so each sees the same machine; medians\n`);
  for (const target of targets) await load(target.url, 2); // warm-up: JIT, caches, database pages
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

const [bare, listing] = rows;
if (!bare || !listing) throw new Error("nothing measured");
const pad = (text: string, width: number) => text.padEnd(width);
console.log(pad("route", 72) + pad("req/s", 9) + pad("p99 ms", 8) + pad("non-2xx", 9) + pad("server CPU", 12) + pad("req/CPU·s", 11) + "peak RSS MiB");
for (const row of rows) {
  console.log(
    pad(row.name, 72) +
      pad(row.requestsPerSecond.toFixed(0), 9) +
      pad(row.p99Ms.toFixed(1), 8) +
      pad(String(row.non2xx + row.errors), 9) +
      pad(`${row.serverCpuPct.toFixed(0)} %`, 12) +
      pad(row.requestsPerCpuSecond.toFixed(0), 11) +
      row.peakRssMb.toFixed(0),
  );
}
// On two cores the load generator (one JS thread) saturates before the server does once answers
// carry a few kilobytes, so req/s alone measures autocannon. Requests per second of the server's own
// CPU time measure the server; both ratios are printed, the target is judged on the second.
const rawRatio = listing.requestsPerSecond / bare.requestsPerSecond;
const ratio = listing.requestsPerCpuSecond / bare.requestsPerCpuSecond;
console.log(`\nlisting / bare, req/s:             ${(rawRatio * 100).toFixed(1)} %  (bounded by the load generator when the server is below 100 % CPU)`);
console.log(`listing / bare, req per CPU·s:     ${(ratio * 100).toFixed(1)} %  (target ≥ ${TARGET_RATIO * 100} %)`);
await rm(dataDir, { recursive: true, force: true });
if (listing.non2xx + listing.errors > 0) {
  console.error("The listing answered with errors during the run.");
  process.exit(1);
}
if (ratio < TARGET_RATIO) {
  console.error("BELOW TARGET");
  process.exit(1);
}
