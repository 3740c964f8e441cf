import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessCardPdf } from "../../preflight/core/testing";
import type { Order } from "../../shared/contracts/index";
import { createApi } from "../../shared/http/index";
import type { Api } from "../../shared/http/index";
import { freePort } from "../free-port";
import { runServerCli } from "./support/server-cli";
import type { CliRun } from "./support/server-cli";

/*
 * Issue 28, "a shop must be able to lose a machine": `npm run backup` while the shop runs and takes
 * orders, `npm run restore` into a fresh data folder, and the shop started there finds every order
 * acknowledged before the backup began, with its layouts and invoice byte for byte — all real
 * processes (server.ts, the two CLIs) and real HTTP, on the embedded database. Also: backup refuses
 * an existing FILE, restore a non-empty folder and a damaged archive, each in one sentence, exit 1.
 *
 * With DATABASE_URL set (`npm run test:postgres`) the same on PostgreSQL: the shop on a database of
 * its own on that server, pg_dump's backup restored by psql into another, empty one.
 */

const root = join(import.meta.dirname, "..", "..");
const tsx = join(root, "node_modules", ".bin", "tsx");
const CLIENT = { email: "client@example.com", password: "client12345" };

/** PostgreSQL's server for the PostgreSQL variant (`npm run test:postgres`), else undefined: the embedded database. */
const serverUrl = process.env.DATABASE_URL;
const kind = serverUrl ? "postgresql" : "pglite";

/** Where a shop or a CLI keeps its data: a data folder, and on PostgreSQL a database of its own. */
interface Place {
  dataDir: string;
  databaseUrl?: string | undefined;
}

async function adminQuery(statement: string): Promise<number> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return (await admin.query(statement)).rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

/** A new empty database on the PostgreSQL server; its URL. */
async function createDatabase(name: string): Promise<string> {
  await adminQuery(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl ?? "");
  url.pathname = `/${name}`;
  return url.href;
}

/** Tables outside PostgreSQL's own schemas in the database at `url`. */
async function tableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')");
    return result.rows[0]?.n ?? -1;
  } finally {
    await client.end();
  }
}

function shopEnv(place: Place, port = 0): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: place.dataDir,
    // The shop's links name the address the test calls it at (they come from OTTISK_PUBLIC_URL alone).
    ...(port ? { PORT: String(port), OTTISK_PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
    ...(place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : {}),
    HOST: "127.0.0.1",
    OTTISK_DATA_DIR: place.dataDir,
    OTTISK_LOG_LEVEL: "warn",
    OTTISK_QUOTA_UPLOADS_PER_HOUR: "100000",
    OTTISK_RATE_LIMITS: "upload=100000/1h",
  };
}

/** A CLI of server/cli/ run to its end, with the shop's settings for `place`. */
function runCli(script: "backup" | "restore", args: string[], place: Place): Promise<CliRun> {
  return runServerCli(script, args, shopEnv(place));
}

interface Shop {
  base: string;
  child: ChildProcess;
  output: string[];
}

async function startShop(place: Place): Promise<Shop> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(tsx, [join(root, "server", "server.ts")], { cwd: root, env: shopEnv(place, port), stdio: ["ignore", "pipe", "pipe"] });
  const output: string[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const deadline = Date.now() + 90_000;
  const fail = async (message: string): Promise<never> => {
    // A shop that did not get ready is stopped here: the caller never holds it to stop it later.
    await stopShop({ base, child, output });
    throw new Error(message);
  };
  for (;;) {
    if (child.exitCode !== null) return fail(`the shop stopped at start:\n${output.join("")}`);
    const health = await fetch(`${base}/api/health`).catch(() => null);
    // Ready when it answers and (embedded database) has written the file through which `npm run backup` finds it.
    if (health?.status === 200 && (place.databaseUrl || existsSync(join(place.dataDir, "backup-endpoint.json")))) return { base, child, output };
    if (Date.now() > deadline) {
      if (health?.status === 200) return fail(`the shop answers but wrote no ${join(place.dataDir, "backup-endpoint.json")} in 90 s: npm run backup cannot reach its database`);
      return fail(`the shop did not start in 90 s:\n${output.join("")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function stopShop(shop: Shop | null): Promise<void> {
  if (!shop || shop.child.exitCode !== null) return;
  const exited = new Promise((resolve) => shop.child.once("exit", resolve));
  shop.child.kill("SIGTERM");
  await exited;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

interface PlacedOrder {
  order: Order;
  /** Each uploaded layout: where the API serves it and the SHA-256 of the bytes sent. */
  layouts: { fileUrl: string; sha256: string }[];
  invoiceSha256: string;
}

describe(`backup and restore of a running shop on ${kind === "pglite" ? "the embedded database" : "PostgreSQL"} (issue 28)`, () => {
  let work: string;
  /** The running shop's, the restored one's, the damaged archives' targets. */
  let source: Place;
  let target: Place;
  const damagedTargets = new Map<string, Place>();
  const databases: string[] = [];
  let shop: Shop | null = null;
  let restored: Shop | null = null;
  let token: string | null = null;
  const api = (base: string): Api => createApi({ baseURL: `${base}/api`, sessionToken: { get: () => token, set: (next) => (token = next ?? token) } });

  beforeAll(async () => {
    if (!existsSync(join(root, "dist", "host-site", "server", "entry-server.js"))) throw new Error("tests/server/backup.test.ts runs the built shop: run `npm run build` first");
    work = await mkdtemp(join(tmpdir(), "ottisk-backup-"));
    const suffix = randomUUID().replaceAll("-", "").slice(0, 12);
    const place = async (folder: string): Promise<Place> => {
      if (!serverUrl) return { dataDir: join(work, folder) };
      const name = `ottisk_backup_${suffix}_${folder.replace(/\W/g, "_")}`;
      databases.push(name);
      return { dataDir: join(work, folder), databaseUrl: await createDatabase(name) };
    };
    source = await place("shop");
    target = await place("restored");
    for (const name of ["flipped.tar.gz", "tampered.tar.gz"]) damagedTargets.set(name, await place(`into-${name}`));
    shop = await startShop(source);
  }, 120_000);

  afterAll(async () => {
    await stopShop(shop);
    await stopShop(restored);
    if (work) await rm(work, { recursive: true, force: true });
    for (const name of databases) await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  it("restores every order acknowledged before the backup began, with its files byte for byte, while orders kept coming", async () => {
    const live = shop!;
    const grant = await api(live.base).login({ email: CLIENT.email, password: CLIENT.password, rememberMe: false });
    token = grant.token;
    const company = grant.profile.companies.find((item) => item.name.includes("Ромашка"));
    if (!company) throw new Error("the demo client has no «Ромашка»");
    const anonymous = createApi({ baseURL: `${live.base}/api` });
    const vizitki = (await anonymous.getProductCategories()).find((category) => category.slug === "vizitki");
    const card = (await anonymous.getProducts({ categoryId: vizitki?.id, sort: "NameAsc", limit: 1 })).items[0];
    if (!card) throw new Error("the demo catalogue has no business card");
    const point = (await anonymous.getSelfPickupPoints()).items[0];
    if (!point) throw new Error("no self-pickup point");
    let cart = await api(live.base).getCart({ companyId: company.id });
    for (const line of cart.orderProduct) cart = await api(live.base).removeCartProduct(line.id);

    let serial = 0;
    /** One order through the API as the storefront places it: a line, its layouts uploaded, a delivery, an invoice. */
    const placeOrder = async (): Promise<PlacedOrder> => {
      serial += 1;
      const client = api(live.base);
      const withLine = await client.addCartProduct({ productId: card.id, quantity: 100, companyId: company.id });
      const line = withLine.orderProduct[0];
      if (!line || line.layouts.length === 0) throw new Error("the business card line has no layouts to upload");
      const layouts = [];
      for (const [index, detail] of line.layouts.entries()) {
        const bytes = businessCardPdf(`0 0 0 1 k ${serial} ${10 + index} 60 30 re f`);
        const uploaded = await client.uploadLayout({ file: new Blob([bytes.slice().buffer]), fileName: `order-${serial}-${index}.pdf`, orderProductId: line.id, detailName: detail.detailName });
        layouts.push({ fileUrl: uploaded.fileUrl, sha256: sha256(bytes) });
      }
      await client.addCartDelivery({ companyId: company.id, deliveryType: "SelfPickup", cityKladrId: point.cityKladrId, deliveryMethod: "SelfPickup", pickupPointCode: String(point.id) });
      const order = await client.placeOrder({ companyId: company.id, paymentType: "Invoice", idempotencyKey: randomUUID() });
      const invoice = await client.downloadFile(`${live.base}/api/client-order/${order.id}/invoice`);
      return { order, layouts, invoiceSha256: sha256(invoice) };
    };

    if (kind === "pglite") {
      // The running shop's dump: on 127.0.0.1 only, not its public port, behind the token of a file only its user reads.
      const endpointFile = join(source.dataDir, "backup-endpoint.json");
      expect((await stat(endpointFile)).mode & 0o777).toBe(0o600);
      const endpoint = JSON.parse(await readFile(endpointFile, "utf8")) as { port: number; token: string };
      expect(`http://127.0.0.1:${endpoint.port}`).not.toBe(live.base);
      expect((await fetch(`http://127.0.0.1:${endpoint.port}/database`)).status).toBe(401);
      expect((await fetch(`http://127.0.0.1:${endpoint.port}/database`, { headers: { authorization: `Bearer ${"0".repeat(64)}` } })).status).toBe(401);
      const onPublicPort = await fetch(`${live.base}/database`, { headers: { authorization: `Bearer ${endpoint.token}` } });
      expect(onPublicPort.headers.get("content-type"), "the public port serves no dump, token or not").not.toMatch(/gzip/);
    }

    const acknowledged: PlacedOrder[] = [];
    for (let i = 0; i < 3; i += 1) acknowledged.push(await placeOrder());

    // The backup starts; orders keep coming until it has ended.
    const archive = join(work, "shop.tar.gz");
    const during: PlacedOrder[] = [];
    let backupDone = false;
    const backup = runCli("backup", [archive], source).finally(() => (backupDone = true));
    const traffic = (async () => {
      while (!backupDone) during.push(await placeOrder());
    })();
    const result = await backup;
    await traffic;
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      kind === "pglite"
        ? /backup: database: embedded, dumped by the running shop \(pid \d+\), migration \d{4}_\w+: [\d.]+ [KM]?B/
        : /backup: database: PostgreSQL \(DATABASE_URL\) by pg_dump, migration \d{4}_\w+: [\d.]+ [KM]?B of SQL/,
    );
    expect(result.stdout).toMatch(/backup: files: \d+ from .* \([\d.]+ [KM]?B\)/);
    expect(during.length, "orders were placed while the backup ran").toBeGreaterThan(0);
    expect((await stat(archive)).mode & 0o077, "the archive is readable by its owner only").toBe(0);

    const check = await runCli("restore", [archive, "--check"], { dataDir: join(work, "unused") });
    expect(check.code, check.stderr).toBe(0);
    expect(check.stdout).toMatch(new RegExp(`is whole: ${kind} database .* every SHA-256 matches`));
    expect(existsSync(join(work, "unused")), "--check writes nothing").toBe(false);

    const restore = await runCli("restore", [archive], target);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(kind === "pglite" ? /restore: database: embedded, .* migration \d{4}_\w+/ : /restore: database: PostgreSQL .* loaded by psql .* migration \d{4}_\w+/);
    await stopShop(shop);
    shop = null;
    expect(existsSync(join(source.dataDir, "backup-endpoint.json")), "the shop removes its endpoint file when it stops").toBe(false);

    restored = await startShop(target);
    // The session the client had is in the restored database too.
    const after = api(restored.base);
    for (const placed of acknowledged) {
      // The same order; only the addresses of its files name the other shop.
      expect(await after.getOrder(placed.order.id)).toEqual(JSON.parse(JSON.stringify(placed.order).replaceAll(live.base, restored.base)));
      for (const layout of placed.layouts) expect(sha256(await after.downloadFile(`${restored.base}${new URL(layout.fileUrl, restored.base).pathname}`))).toBe(layout.sha256);
      expect(sha256(await after.downloadFile(`${restored.base}/api/client-order/${placed.order.id}/invoice`))).toBe(placed.invoiceSha256);
    }
    // An order placed while the backup ran is either missing whole or there with every file: the database was dumped before the files were copied.
    const ids = new Set((await after.getOrders({ limit: 100 })).items.map((item) => item.id));
    for (const placed of during.filter((item) => ids.has(item.order.id))) {
      for (const layout of placed.layouts) expect(sha256(await after.downloadFile(`${restored.base}${new URL(layout.fileUrl, restored.base).pathname}`))).toBe(layout.sha256);
    }
  }, 150_000);

  it("refuses to overwrite: an existing FILE for backup, a non-empty data folder for restore; one sentence, exit code 1", async () => {
    const archive = join(work, "shop.tar.gz");
    const before = await readFile(archive);
    const again = await runCli("backup", [archive], target);
    expect(again.code).toBe(1);
    expect(again.stderr.trim().split("\n")).toHaveLength(1);
    expect(again.stderr).toMatch(/^backup: .*shop\.tar\.gz already exists; .* \/ файл .* уже существует/);
    expect(Buffer.compare(await readFile(archive), before)).toBe(0);

    const into = await runCli("restore", [archive], target);
    expect(into.code).toBe(1);
    expect(into.stderr.trim().split("\n")).toHaveLength(1);
    expect(into.stderr).toMatch(
      kind === "pglite"
        ? /^restore: the data folder .*restored is not empty; .* OTTISK_DATA_DIR .* \/ папка данных .* не пуста/
        : /^restore: the database of DATABASE_URL is not empty \(\d+ tables\); .* \/ база DATABASE_URL не пуста/,
    );
  });

  it("refuses a damaged archive, whether gzip or the manifest's hashes catch it, and leaves the folder empty", async () => {
    const good = await readFile(join(work, "shop.tar.gz"));
    // A byte flipped in the compressed stream: gzip's CRC, or the tar read before it, refuses it.
    const flipped = Buffer.from(good);
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    await writeFile(join(work, "flipped.tar.gz"), flipped);
    // A byte changed inside a stored file and compressed again: only the manifest's SHA-256 can tell.
    const tar = gunzipSync(good);
    const marker = tar.indexOf("files/");
    const content = marker + 512 + 10;
    tar[content] = tar[content]! ^ 0x01;
    await writeFile(join(work, "tampered.tar.gz"), gzipSync(tar));

    for (const [name, why] of [
      ["flipped.tar.gz", /gzip|tar header|ends in the middle/],
      ["tampered.tar.gz", /"files\/.*" does not match its SHA-256 in the manifest/],
    ] as const) {
      const into = damagedTargets.get(name)!;
      const folder = into.dataDir;
      const run = await runCli("restore", [join(work, name)], into);
      expect(run.code, run.stdout).toBe(1);
      expect(run.stderr.trim().split("\n")).toHaveLength(1);
      expect(run.stderr).toMatch(/^restore: the archive .* is damaged \(/);
      expect(run.stderr).toMatch(why);
      expect(run.stderr).toMatch(/архив .* повреждён/);
      expect(existsSync(folder) ? await readdir(folder) : []).toEqual([]);
      if (into.databaseUrl) expect(await tableCount(into.databaseUrl), "the database stays empty").toBe(0);
      const check = await runCli("restore", [join(work, name), "--check"], into);
      expect(check.code).toBe(1);
    }
  });
});
