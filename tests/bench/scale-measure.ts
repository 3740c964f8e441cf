import autocannon from "autocannon";
import type { ChildProcess } from "node:child_process";
import { Agent, get as httpGet } from "node:http";
import { startBenchServer } from "./bench-process";

/*
 * How `npm run bench:scale` measures one server: latency percentiles under a short autocannon load,
 * single timed requests for what is too slow to load (a cold sitemap), and a probe that asks a cheap
 * endpoint again and again while something heavy runs, to see whether one slow request stalls the rest.
 */


export interface Latency {
  p50Ms: number;
  p99Ms: number;
  requestsPerSecond: number;
  /** Answers that were not 2xx/3xx, and connection errors or timeouts. */
  failures: number;
  /** How it was measured: "load" (autocannon) or "timed ×n" (sequential requests, too slow to load). */
  method: string;
}

export interface LoadSettings {
  connections: number;
  durationS: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** One request, its wall time and status; the body is read to the end (a page is only served when it is all sent). */
export async function timedRequest(url: string, headers: Record<string, string> = {}): Promise<{ ms: number; status: number; body: string }> {
  const started = performance.now();
  const answer = await fetch(url, { headers, redirect: "manual" });
  const body = await answer.text();
  return { ms: performance.now() - started, status: answer.status, body };
}

const ok = (status: number) => status >= 200 && status < 400;

/**
 * p50/p99 of `url` under `connections` concurrent connections for `durationS` seconds. Three requests
 * first warm it (JIT, caches); when even the fastest of them takes more than a quarter of the run, a
 * load would hold too few answers for a percentile, so those three are the figures (p50 the median,
 * p99 the slowest): a request of seconds is slow enough to read without a percentile.
 */
export async function measureLatency(url: string, headers: Record<string, string>, settings: LoadSettings): Promise<Latency> {
  const warm = [await timedRequest(url, headers), await timedRequest(url, headers), await timedRequest(url, headers)];
  if (Math.min(...warm.map((run) => run.ms)) > (settings.durationS * 1000) / 4) {
    const times = warm.map((run) => run.ms).sort((a, b) => a - b);
    const total = times.reduce((sum, ms) => sum + ms, 0);
    return {
      p50Ms: percentile(times, 50),
      p99Ms: times[times.length - 1] ?? NaN,
      requestsPerSecond: (warm.length * 1000) / total,
      failures: warm.filter((run) => !ok(run.status)).length,
      method: `timed ×${warm.length}`,
    };
  }
  const result = await autocannon({ url, headers, connections: settings.connections, duration: settings.durationS, timeout: 120 });
  return {
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requestsPerSecond: result.requests.average,
    failures: result.non2xx + result.errors + result.timeouts,
    method: "load",
  };
}

export interface StallProbe {
  /** Stops asking and gives the latencies seen: p99 and the worst. */
  stop(): Promise<{ count: number; p99Ms: number; maxMs: number }>;
}

/** Asks `url` one request after another until stopped, timing each: what a shopper sees while something heavy runs. */
export function startStallProbe(url: string): StallProbe {
  const times: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) times.push((await timedRequest(url)).ms);
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const sorted = [...times].sort((a, b) => a - b);
      return { count: sorted.length, p99Ms: percentile(sorted, 99), maxMs: sorted[sorted.length - 1] ?? NaN };
    },
  };
}

/**
 * Starts the shop (tests/bench/site-server.ts) as `npm start` runs it, NODE_ENV=production, on the
 * database the benchmark has already seeded (BENCH_PRESEEDED: the measured process never pays for
 * seeding), and waits for its "LISTENING <url>" line.
 */
export function startShop(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  return startBenchServer("tests/bench/site-server.ts", args, { ...process.env, NODE_ENV: "production", BENCH_PRESEEDED: "1" });
}

/** Ends the shop's process and waits until it has closed its database. */
export async function stopShop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolveExit) => child.once("exit", () => resolveExit()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  await exited;
  clearTimeout(timer);
}

/** One request over node:http, its wall time until the last byte of the body as sent (a compressed body is not decompressed). */
export function timedRawRequest(url: string, headers: Record<string, string>): Promise<{ ms: number; status: number }> {
  return new Promise((resolveRequest, rejectRequest) => {
    const started = performance.now();
    const request = httpGet(url, { headers, agent: keepAlive }, (answer) => {
      answer.on("data", () => undefined);
      answer.on("end", () => resolveRequest({ ms: performance.now() - started, status: answer.statusCode ?? 0 }));
      answer.on("error", rejectRequest);
    });
    request.on("error", rejectRequest);
  });
}
const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });

/**
 * The p50 of one request at a time on each of two servers, interleaved (a, b, a, b …) after two
 * warming requests each: what one request costs when nothing queues, the two sides taken within
 * milliseconds of each other on the same busy machine. The goal table's figures (issue 31).
 */
export async function interleavedP50(
  a: { url: string; headers: Record<string, string> },
  b: { url: string; headers: Record<string, string> },
  requests: number,
): Promise<{ a: Latency; b: Latency }> {
  for (const side of [a, b]) for (let warm = 0; warm < 2; warm += 1) await timedRawRequest(side.url, side.headers);
  const times: { a: number[]; b: number[]; failuresA: number; failuresB: number } = { a: [], b: [], failuresA: 0, failuresB: 0 };
  for (let round = 0; round < requests; round += 1) {
    const first = await timedRawRequest(a.url, a.headers);
    times.a.push(first.ms);
    if (!ok(first.status)) times.failuresA += 1;
    const second = await timedRawRequest(b.url, b.headers);
    times.b.push(second.ms);
    if (!ok(second.status)) times.failuresB += 1;
  }
  const latencyOf = (values: number[], failures: number): Latency => {
    const sorted = [...values].sort((x, y) => x - y);
    const total = values.reduce((sum, ms) => sum + ms, 0);
    return { p50Ms: percentile(sorted, 50), p99Ms: sorted[sorted.length - 1] ?? NaN, requestsPerSecond: (values.length * 1000) / total, failures, method: `interleaved ×${values.length}` };
  };
  return { a: latencyOf(times.a, times.failuresA), b: latencyOf(times.b, times.failuresB) };
}
