import { createReadStream } from "node:fs";
import { mkdir, open, rm } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "../../server/db/client";
import { seedDemoData } from "../../server/seed/seed";
import { createFileStorages } from "../../server/storage/file-storage";
import { DEMO_ACCOUNTS } from "../../server/seed/demo-data";
import { memoryMb, startBenchServer } from "./bench-process";
import { FACE, accountIdOf, cartLine, minimalPdf, productWithDetails } from "../server/support/files-fixtures";

/*
 * npm run bench:uploads — the API process's memory while it takes layout uploads. The API runs in
 * a process of its own (tests/bench/api-server.ts, as `npm start` runs it); this one sends, as the
 * demo client, first one small layout (the reference: the process warmed up, every route loaded),
 * then four 99 MB layouts at once, each streamed from a file so the sender holds none of them.
 * The server's resident memory (VmRSS) is sampled every 10 ms and its peak (VmHWM) read after
 * each phase. Uploads streamed to disk keep the growth far below the bytes in flight (4 × 99 MB);
 * held in memory they took the process to 1.8 GB. Target: growth under MAX_GROWTH_MB.
 */

const root = fileURLToPath(new URL("../..", import.meta.url));
const MB = 1024 * 1024;
const PARALLEL = Number(process.env.BENCH_UPLOADS ?? 4);
const FILE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 99);
const MAX_GROWTH_MB = Number(process.env.BENCH_MAX_GROWTH_MB ?? 150);

/** Runs `work` while sampling the process's resident memory; answers the highest sample. */
async function peakDuring(pid: number, work: () => Promise<void>): Promise<number> {
  let peak = await memoryMb(pid, "VmRSS");
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, await memoryMb(pid, "VmRSS"));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  try {
    await work();
  } finally {
    running = false;
    await sampler;
  }
  return Math.max(peak, await memoryMb(pid, "VmRSS"));
}

/** A file that passes the layout route's content checks (PDF header, %%EOF at the end): `%PDF-1.4`, padding, `%%EOF`. */
async function writeLargePdf(path: string, sizeMb: number): Promise<number> {
  const file = await open(path, "w");
  try {
    await file.write("%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n", null, "latin1");
    const chunk = Buffer.alloc(MB, " ");
    for (let written = 0; written < sizeMb; written += 1) await file.write(chunk);
    await file.write("\n%%EOF\n");
    return (await file.stat()).size;
  } finally {
    await file.close();
  }
}

/** A multipart upload whose file part streams from disk (Content-Length known, so nothing is buffered here either). */
function upload(url: string, token: string, orderProductId: number, file: { path: string; size: number } | { bytes: Uint8Array }): Promise<number> {
  const boundary = `----ottisk-bench-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="orderProductId"\r\n\r\n${orderProductId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="detailName"\r\n\r\n${FACE}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="layout.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    "utf8",
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, "utf8");
  const size = "path" in file ? file.size : file.bytes.length;
  return new Promise((resolve, reject) => {
    const sent = httpRequest(`${url}/api/file/upload/layout`, {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": String(head.length + size + tail.length), authorization: `Bearer ${token}` },
    });
    sent.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => (response.statusCode === 200 ? resolve(response.statusCode) : reject(new Error(`upload answered ${response.statusCode}: ${Buffer.concat(chunks).toString()}`))));
    });
    sent.on("error", reject);
    sent.write(head);
    if ("bytes" in file) {
      sent.end(Buffer.concat([file.bytes, tail]));
      return;
    }
    const body = createReadStream(file.path);
    body.on("error", reject);
    body.on("end", () => sent.end(tail));
    body.pipe(sent, { end: false });
  });
}

const dataDir = join(root, ".tmp", "bench-uploads");
await rm(dataDir, { recursive: true, force: true });
await mkdir(dataDir, { recursive: true });
const opened = await openDatabase({ dataDir });
const lines: number[] = [];
try {
  await seedDemoData(opened.db, createFileStorages({ filesDir: join(dataDir, "files") }).publicFiles);
  const productId = await productWithDetails(opened.db);
  const clientId = await accountIdOf(opened.db, DEMO_ACCOUNTS.client.email);
  for (let index = 0; index <= PARALLEL; index += 1) lines.push((await cartLine(opened.db, clientId, productId)).orderProductId);
} finally {
  await opened.close();
}
const source = join(dataDir, "large.pdf");
const size = await writeLargePdf(source, FILE_MB);

const api = await startBenchServer("tests/bench/api-server.ts", [dataDir]);
const pid = api.child.pid ?? 0;
try {
  const login = await fetch(`${api.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: DEMO_ACCOUNTS.client.email, password: DEMO_ACCOUNTS.client.password, rememberMe: false }),
  });
  const { token } = (await login.json()) as { token: string };
  const [referenceLine, ...largeLines] = lines;
  if (referenceLine === undefined) throw new Error("no lines");

  const reference = await peakDuring(pid, async () => {
    await upload(api.url, token, referenceLine, { bytes: minimalPdf() });
  });
  const referenceHwm = await memoryMb(pid, "VmHWM");
  const started = Date.now();
  const large = await peakDuring(pid, async () => {
    await Promise.all(largeLines.slice(0, PARALLEL).map((line) => upload(api.url, token, line, { path: source, size })));
  });
  const seconds = (Date.now() - started) / 1000;
  const largeHwm = await memoryMb(pid, "VmHWM");

  const growth = large - reference;
  const inFlight = (PARALLEL * size) / MB;
  console.log(`API process resident memory (${PARALLEL} parallel uploads of ${(size / MB).toFixed(0)} MB = ${inFlight.toFixed(0)} MB in flight)\n`);
  console.log(`reference, one small upload:   peak RSS ${reference.toFixed(0)} MiB (VmHWM ${referenceHwm.toFixed(0)} MiB)`);
  console.log(`${PARALLEL} × ${FILE_MB} MB in parallel:       peak RSS ${large.toFixed(0)} MiB (VmHWM ${largeHwm.toFixed(0)} MiB), ${seconds.toFixed(1)} s, ${(inFlight / seconds).toFixed(0)} MB/s`);
  console.log(`growth:                        ${growth.toFixed(0)} MiB = ${((growth / inFlight) * 100).toFixed(1)} % of the bytes in flight (target < ${MAX_GROWTH_MB} MiB)`);
  if (growth >= MAX_GROWTH_MB) {
    console.error("ABOVE TARGET: the uploads are held in memory");
    process.exitCode = 1;
  }
} finally {
  api.child.kill("SIGTERM");
  await new Promise((resolve) => api.child.once("exit", resolve));
  await rm(dataDir, { recursive: true, force: true });
}
