import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { openDatabase } from "../../server/db/client";
import { DEMO_ACCOUNTS } from "../../server/seed/demo-data";
import { seedDemoData } from "../../server/seed/seed";
import { createFileStorages } from "../../server/storage/file-storage";
import { memoryMb, startBenchServer } from "./bench-process";

/*
 * npm run bench:import — the catalogue's CSV import on a big catalogue, the whole path: a fresh
 * embedded database with the demo catalogue, the API in a process of its own (tests/bench/api-server.ts,
 * as `npm start` runs it), the demo catalogue exported through GET /api/employee/catalog/export and
 * copied into a file of BENCH_IMPORT_PRODUCTS (31,000) new products of the demo products' shapes
 * (their options, tiers and details), which is streamed from disk to POST /api/employee/catalog/import
 * as a text/csv body. Printed: rows/s, products/s, seconds and the server's peak resident memory
 * for the dry run (the reference in the same run: the checking pass alone), the real import (checking
 * and writing), and the export of the grown catalogue. No assertions on time: the figures are for reading.
 */

const root = fileURLToPath(new URL("../..", import.meta.url));
const PRODUCTS = Number(process.env.BENCH_IMPORT_PRODUCTS ?? 31_000);
const dataDir = join(root, ".tmp", "bench-import");

interface Measured {
  seconds: number;
  peakMb: number;
  body: string;
  status: number;
}

/** Runs `work` while sampling the server's resident memory every 20 ms. */
async function measured(pid: number, work: () => Promise<{ body: string; status: number }>): Promise<Measured> {
  let peak = await memoryMb(pid, "VmRSS");
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, await memoryMb(pid, "VmRSS"));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  try {
    const answer = await work();
    return { ...answer, seconds: (performance.now() - started) / 1000, peakMb: Math.max(peak, await memoryMb(pid, "VmRSS")) };
  } finally {
    running = false;
    await sampler;
  }
}

/** POSTs the file at `path` as a text/csv body streamed from disk. */
function sendFile(url: string, token: string, path: string, size: number): Promise<{ body: string; status: number }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { method: "POST", headers: { "content-type": "text/csv", "content-length": String(size), authorization: `Bearer ${token}` } });
    sent.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ body: Buffer.concat(chunks).toString(), status: response.statusCode ?? 0 }));
    });
    sent.on("error", reject);
    createReadStream(path).on("error", reject).pipe(sent);
  });
}

const field = (line: string, index: number): string => line.split(";")[index] ?? "";

await rm(dataDir, { recursive: true, force: true });
await mkdir(dataDir, { recursive: true });
const opened = await openDatabase({ dataDir });
try {
  await seedDemoData(opened.db, createFileStorages({ filesDir: join(dataDir, "files") }).publicFiles);
} finally {
  await opened.close();
}

const api = await startBenchServer("tests/bench/api-server.ts", [dataDir]);
const pid = api.child.pid ?? 0;
try {
  const login = await fetch(`${api.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: DEMO_ACCOUNTS.catalog.email, password: DEMO_ACCOUNTS.catalog.password, rememberMe: false }),
  });
  const { token } = (await login.json()) as { token: string };
  const demo = await (await fetch(`${api.url}/api/employee/catalog/export`, { headers: { authorization: `Bearer ${token}` } })).text();
  const [header = "", ...rows] = demo.replace(/^\uFEFF/, "").split("\r\n").filter((line) => line !== "");
  const columns = header.split(";");
  const productColumn = columns.indexOf("product");
  const nameColumn = columns.indexOf("name");
  // The demo products' rows by product (no field of the demo catalogue holds a ';', so a plain split reads them).
  const shapes = new Map<string, string[]>();
  for (const line of rows) {
    if (line.startsWith("category;")) continue;
    const key = `${field(line, 1)}/${field(line, productColumn)}`;
    shapes.set(key, [...(shapes.get(key) ?? []), line]);
  }
  const shapeList = [...shapes.values()];

  const file = join(dataDir, "catalog-31k.csv");
  const out = createWriteStream(file);
  let rowCount = 0;
  const write = async (text: string): Promise<void> => {
    if (!out.write(text)) await once(out, "drain");
  };
  await write(`\uFEFF${header}\r\n`);
  for (let index = 0; index < PRODUCTS; index += 1) {
    for (const line of shapeList[index % shapeList.length] ?? []) {
      const fields = line.split(";");
      fields[productColumn] = `bench-${index}`;
      if (line.startsWith("product;")) fields[nameColumn] = `${fields[nameColumn]} №${index + 1}`;
      await write(`${fields.join(";")}\r\n`);
      rowCount += 1;
    }
  }
  out.end();
  await once(out, "finish");
  const size = (await stat(file)).size;
  console.log(`catalogue file: ${PRODUCTS.toLocaleString("en")} products, ${rowCount.toLocaleString("en")} rows, ${(size / 2 ** 20).toFixed(1)} MB (from ${shapeList.length} demo products' shapes)\n`);

  const idle = await memoryMb(pid, "VmRSS");
  const report = (label: string, run: Measured, products: number, rowsDone: number): void => {
    console.log(
      `${label.padEnd(34)} ${run.seconds.toFixed(1).padStart(7)} s  ${(rowsDone / run.seconds).toFixed(0).padStart(7)} rows/s  ${(products / run.seconds).toFixed(0).padStart(6)} products/s  peak RSS ${run.peakMb.toFixed(0)} MiB (+${(run.peakMb - idle).toFixed(0)})`,
    );
  };
  console.log(`server idle RSS: ${idle.toFixed(0)} MiB\n`);

  const dry = await measured(pid, () => sendFile(`${api.url}/api/employee/catalog/import?dryRun=true`, token, file, size));
  if (dry.status !== 200) throw new Error(`dry run answered ${dry.status}: ${dry.body.slice(0, 500)}`);
  const dryResult = JSON.parse(dry.body) as { errorsTotal: number; counts: { productsCreated: number } };
  if (dryResult.errorsTotal > 0) throw new Error(`dry run found errors: ${dry.body.slice(0, 500)}`);
  report("dry run (reference: checking pass)", dry, dryResult.counts.productsCreated, rowCount);

  const real = await measured(pid, () => sendFile(`${api.url}/api/employee/catalog/import?dryRun=false`, token, file, size));
  if (real.status !== 200) throw new Error(`import answered ${real.status}: ${real.body.slice(0, 500)}`);
  const realResult = JSON.parse(real.body) as { applied: boolean; counts: { productsCreated: number } };
  if (!realResult.applied) throw new Error(`import not applied: ${real.body.slice(0, 500)}`);
  report("import (check + write)", real, realResult.counts.productsCreated, rowCount);

  const exported = await measured(pid, async () => {
    const response = await fetch(`${api.url}/api/employee/catalog/export`, { headers: { authorization: `Bearer ${token}` } });
    let bytes = 0;
    const reader = response.body?.getReader();
    for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) bytes += part.value.length;
    return { status: response.status, body: String(bytes) };
  });
  report("export of the grown catalogue", exported, PRODUCTS + shapeList.length, rowCount + rows.length);
  console.log(`\nexported ${(Number(exported.body) / 2 ** 20).toFixed(1)} MB; server VmHWM ${(await memoryMb(pid, "VmHWM")).toFixed(0)} MiB`);
} finally {
  api.child.kill("SIGTERM");
  await new Promise((resolve) => api.child.once("exit", resolve));
  await rm(dataDir, { recursive: true, force: true });
}
