import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { businessCardPdf } from "../../preflight/core/testing";
import type { Cart } from "../../shared/contracts/index";
import { DEFAULT_CITY_KLADR_ID } from "../../shared/domain/index";
import { startBucket } from "./bucket";
import type { Bucket } from "./bucket";
import { heavyLayoutPdf } from "./heavy-layout";
import { JobsWatch, TERMINAL_STATES } from "./jobs-watch";
import { freePortsIn, logTail, signalService, sleep, startService, stopService, waitForLine } from "./processes";
import type { Service } from "./processes";
import { onNode, Shopper } from "./shopper";

/*
 * npm run test:scale — the shop as several nodes on one PostgreSQL (issue 18), over real HTTP:
 *
 *  1. start: an empty database (a fresh one on the server DATABASE_URL names; `npm run test:scale`
 *     gets a throwaway cluster from tests/server/with-postgres.sh --run), an S3-compatible server
 *     (s3rver), and two API nodes and one check worker spawned at the same moment, each with a data
 *     folder of its own (so nothing can be shared through a local disk);
 *  2. checks: shoppers (cookie sessions with the shop's Origin, as a browser; a bearer one, as a
 *     widget) add products through both nodes, upload layouts through both, and start checks —
 *     a slow one first, one started through both nodes at once;
 *  3. kill: while the slow check runs, the worker gets SIGKILL and a new worker starts; every check
 *     must then finish exactly once (its row done or failed, never changing again), the layouts
 *     carry the results, nothing stays queued or running, one row per started layout;
 *  4. files: every layout, a catalogue photo and site uploads read the same from both nodes, and the
 *     stored files are in the bucket;
 *  5. orders: the same order placed through both nodes at once (one idempotency key, a double
 *     submit) is one order with one invoice, read the same from both nodes;
 *  6. catalogue: the catalogue employee raises a tier price through A; the product's answer and
 *     page on A and B show it on the next load (the caches are dropped on every node).
 *
 * Prints each phase's time and every failed assertion with the children's logs; exit 1 on a failure.
 * Ports 19300–19399 for the nodes. Settings (env): SCALE_START_TIMEOUT_S (90), SCALE_CHECK_TIMEOUT_S
 * (OTTISK_PREFLIGHT_TIMEOUT_S of the processes, 15), SCALE_SLOW_PAGES (pages of the slow layout, 8).
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/**
 * The shop's public address, as behind a load balancer: the same for both nodes (the addresses they
 * build). A `.localhost` name (always loopback): the processes run on this machine, so the
 * production check of a public shop (server/production-check.ts) does not apply.
 */
const PUBLIC_ORIGIN = "http://shop.ottisk-scale.localhost";
const START_TIMEOUT_MS = Number(process.env.SCALE_START_TIMEOUT_S ?? 90) * 1000;
const CHECK_TIMEOUT_S = Number(process.env.SCALE_CHECK_TIMEOUT_S ?? 15);
const SLOW_PAGES = Number(process.env.SCALE_SLOW_PAGES ?? 8);
const NODE_READY = "Ottisk is ready";
const WORKER_READY = "Ottisk worker is ready";

// ---------------------------------------------------------------- bookkeeping

const failures: string[] = [];
const timings: { phase: string; ms: number; ok: boolean }[] = [];
/** Set by SIGINT / SIGTERM: the scenario's remaining steps then fail quietly while the children are stopped. */
let interrupted = false;

function expectThat(ok: boolean, message: string): void {
  if (interrupted) return;
  if (ok) console.log(`  ✓ ${message}`);
  else {
    console.log(`  ✗ ${message}`);
    failures.push(message);
  }
}

/** Runs a phase; a thrown error fails it (and is recorded), the run goes on when `optional`. */
async function phase(name: string, body: () => Promise<void>): Promise<boolean> {
  if (interrupted) return false;
  console.log(`\n▶ ${name}`);
  const started = performance.now();
  let ok = true;
  const before = failures.length;
  try {
    await body();
  } catch (error) {
    ok = false;
    if (interrupted) return false;
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.log(`  ✗ ${name} stopped: ${text}`);
    failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  timings.push({ phase: name, ms: performance.now() - started, ok: ok && failures.length === before });
  return ok;
}

function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await sleep(100);
  }
}

// ---------------------------------------------------------------- the cluster

const services: Service[] = [];
let tempDir: string | null = null;
let bucket: Bucket | null = null;
let admin: pg.Client | null = null;
let db: pg.Client | null = null;
let databaseName: string | null = null;
let watch: JobsWatch | null = null;

let cleaning: Promise<void> | null = null;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    await watch?.stop().catch(() => undefined);
    await Promise.all(services.map((service) => stopService(service)));
    await db?.end().catch(() => undefined);
    if (admin && databaseName) await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch((error: unknown) => console.warn(`could not drop ${databaseName}: ${String(error)}`));
    await admin?.end().catch(() => undefined);
    await bucket?.close().catch(() => undefined);
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  })();
  return cleaning;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.log(`\n${signal}: stopping the nodes and workers, removing the temporary files…`);
    void cleanUp().finally(() => process.exit(130));
  });
}

/** The environment of a node or worker: the runner's own without the shop's settings, then `extra`. */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (name.startsWith("OTTISK_") || name === "PORT" || name === "HOST" || name === "DATABASE_URL") continue;
    env[name] = value;
  }
  return { ...env, NODE_ENV: "production", ...extra };
}

// ---------------------------------------------------------------- the scenario

interface StartedCheck {
  label: string;
  shopper: Shopper;
  cartQuery: { companyId?: number };
  pitstopDesignId: number;
  layoutId: number;
  fileUrl: string;
  sha256: string;
  slow: boolean;
}

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    throw new Error("DATABASE_URL is not set: run `npm run test:scale` (a throwaway PostgreSQL), or set DATABASE_URL to a PostgreSQL server where this may create a database");
  }
  tempDir = await mkdtemp(join(tmpdir(), "ottisk-scale-"));
  const [portA, portB] = await freePortsIn(19300, 19399, 2);
  const nodeA = `http://127.0.0.1:${portA}`;
  const nodeB = `http://127.0.0.1:${portB}`;
  let databaseUrl = "";
  const handoffSecret = randomBytes(32).toString("hex");
  const startWorker = (name: string) =>
    startService(
      name,
      "server/worker.ts",
      childEnv({
        DATABASE_URL: databaseUrl,
        OTTISK_DATA_DIR: join(tempDir!, name),
        OTTISK_PUBLIC_URL: PUBLIC_ORIGIN,
        OTTISK_PREFLIGHT_WORKERS: "1",
        OTTISK_PREFLIGHT_TIMEOUT_S: String(CHECK_TIMEOUT_S),
        ...bucket!.env,
      }),
      ROOT,
    );
  const startNode = (name: string, port: number) =>
    startService(
      name,
      "server/server.ts",
      childEnv({
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: databaseUrl,
        OTTISK_DATA_DIR: join(tempDir!, name),
        OTTISK_PUBLIC_URL: PUBLIC_ORIGIN,
        OTTISK_HANDOFF_SECRET: handoffSecret,
        OTTISK_PREFLIGHT_WORKERS: "0",
        OTTISK_PREFLIGHT_TIMEOUT_S: String(CHECK_TIMEOUT_S),
        OTTISK_LOG_LEVEL: "info",
        ...bucket!.env,
      }),
      ROOT,
    );

  const started = await phase("start: an empty database, S3, two API nodes and a worker at once", async () => {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    databaseName = `ottisk_scale_${randomBytes(6).toString("hex")}`;
    await admin.query(`CREATE DATABASE ${databaseName}`);
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    bucket = await startBucket();
    console.log(`  database ${databaseName}, S3 ${bucket.env.OTTISK_S3_ENDPOINT}, nodes ${nodeA} and ${nodeB}, files in ${tempDir}`);
    // Spawned in one go: the three processes migrate and seed the same empty database at the same moment.
    const first = [startNode("node-a", portA!), startNode("node-b", portB!), startWorker("worker-1")];
    services.push(...first);
    const results = await Promise.allSettled(first.map((service) => waitForLine(service, service.name.startsWith("node") ? NODE_READY : WORKER_READY, START_TIMEOUT_MS)));
    for (const [index, result] of results.entries()) {
      expectThat(result.status === "fulfilled", `${first[index]!.name} started on the empty database${result.status === "rejected" ? `: ${String(result.reason)}` : ""}`);
    }
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    watch = new JobsWatch(db);
    watch.start();
    if (results.some((result) => result.status === "rejected")) throw new Error("not every process started");
    // Each migration applied once, and the demo catalogue there, whichever process got to it.
    const journal = JSON.parse(await readFile(join(ROOT, "server/db/migrations/meta/_journal.json"), "utf8")) as { entries: unknown[] };
    const applied = await db.query<{ applied: string; distinct: string }>('SELECT count(*) AS applied, count(DISTINCT hash) AS "distinct" FROM drizzle.__drizzle_migrations');
    const migrations = applied.rows[0];
    expectThat(
      Number(migrations?.applied) === journal.entries.length && migrations?.applied === migrations?.distinct,
      `the ${journal.entries.length} migrations were applied once each (${migrations?.applied ?? "?"} rows, ${migrations?.distinct ?? "?"} distinct)`,
    );
    const products = await db.query<{ n: string }>("SELECT count(*) AS n FROM product");
    expectThat(Number(products.rows[0]?.n) > 0, `the demo catalogue was seeded (${products.rows[0]?.n ?? 0} products)`);
  });
  if (!started) return;

  const [workerOne] = services.filter((service) => service.name === "worker-1");
  const checks: StartedCheck[] = [];
  const visitor = new Shopper("visitor (cookie)", "cookie");
  const partnerVisitor = new Shopper("partner-site visitor (bearer)", "bearer");
  const client = new Shopper("demo client (cookie)", "cookie");
  let romashka = 0;
  let businessCard = 0;

  /** Uploads `bytes` as the layout of a detail of `line` through `uploadNode` and answers what was stored. */
  async function upload(shopper: Shopper, uploadNode: string, lineId: number, detailName: string, bytes: Uint8Array) {
    const layout = await shopper.on(uploadNode).uploadLayout({ file: new Blob([bytes.slice().buffer]), fileName: `layout-${lineId}.pdf`, orderProductId: lineId, detailName });
    return { layoutId: layout.id, fileUrl: layout.fileUrl, sha256: sha256(bytes) };
  }

  const checksStarted = await phase("checks: shoppers upload layouts through both nodes and start checks", async () => {
    const anonymous = new Shopper("anonymous", "bearer").on(nodeA);
    const vizitki = (await anonymous.getProductCategories()).find((category) => category.slug === "vizitki");
    if (!vizitki) throw new Error("the demo catalogue has no «vizitki» category");
    const card = (await anonymous.getProducts({ categoryId: vizitki.id, sort: "NameAsc", limit: 1 })).items[0];
    if (!card) throw new Error("the demo catalogue has no business card");
    businessCard = card.id;

    // A visitor's slow check, first, so that the one worker thread is busy with it.
    const visitorCart = await visitor.on(nodeB).addCartProduct({ productId: businessCard, quantity: 100 });
    expectThat(visitor.hasSession, "a visitor's first cart line through node B opens a session (a temporary account)");
    const slowLine = visitorCart.orderProduct[0];
    const slowDetail = slowLine?.layouts[0]?.detailName;
    if (!slowLine || !slowDetail || visitorCart.id === null) throw new Error("the visitor's cart has no line with a layout to upload");
    const slowBytes = await heavyLayoutPdf(SLOW_PAGES);
    const slowUpload = await upload(visitor, nodeA, slowLine.id, slowDetail, slowBytes);
    const slowStart = await visitor.on(nodeB).startCheck(visitorCart.id, slowLine.id, slowDetail);
    checks.push({ label: `slow check (${SLOW_PAGES} pages; uploaded through A, started through B)`, shopper: visitor, cartQuery: {}, pitstopDesignId: slowStart.pitstopDesignId, ...slowUpload, slow: true });
    await until("the slow check to be running", 30_000, async () => (watch!.latest.get(slowStart.pitstopDesignId)?.state === "running" ? true : null));
    console.log(`  the slow check ${slowStart.pitstopDesignId} is running`);

    // The demo client: two lines in «Ромашка»'s cart, added, uploaded and checked through different nodes.
    const grant = await client.on(nodeA).login({ email: "client@example.com", password: "client12345", rememberMe: false });
    const company = grant.profile.companies.find((item) => item.name.includes("Ромашка"));
    if (!company) throw new Error("the demo client has no «ООО «Ромашка»»");
    romashka = company.id;
    let cart: Cart = await client.on(nodeB).getCart({ companyId: romashka });
    for (const delivery of cart.deliveries) cart = await client.on(nodeB).removeCartDelivery(delivery.id);
    for (const line of cart.orderProduct) cart = await client.on(nodeA).removeCartProduct(line.id);
    await client.on(nodeA).addCartProduct({ productId: businessCard, quantity: 100, companyId: romashka });
    cart = await client.on(nodeB).addCartProduct({ productId: businessCard, quantity: 200, companyId: romashka });
    const cartId = cart.id;
    if (cartId === null || cart.orderProduct.length !== 2) throw new Error(`the client's cart should hold 2 lines, it holds ${cart.orderProduct.length}`);
    let variant = 0;
    for (const [index, line] of cart.orderProduct.entries()) {
      for (const layout of line.layouts) {
        variant += 1;
        const bytes = businessCardPdf(`0 0 0 1 k ${10 + variant} 10 60 30 re f`);
        const stored = await upload(client, index === 0 ? nodeA : nodeB, line.id, layout.detailName, bytes);
        let pitstopDesignId: number;
        if (index === 0) {
          pitstopDesignId = (await client.on(nodeB).startCheck(cartId, line.id, layout.detailName)).pitstopDesignId;
        } else {
          // Impatient clicks that reach both nodes at once (two each): one check.
          const all = await Promise.all([nodeA, nodeB, nodeA, nodeB].map((node) => client.on(node).startCheck(cartId, line.id, layout.detailName)));
          const ids = new Set(all.map((item) => item.pitstopDesignId));
          expectThat(ids.size === 1, `the check of «${layout.detailName}» started 4 times at once through both nodes is one check (${[...ids].join(", ")})`);
          pitstopDesignId = all[0]!.pitstopDesignId;
        }
        checks.push({ label: `client's line ${index + 1} «${layout.detailName}»`, shopper: client, cartQuery: { companyId: romashka }, pitstopDesignId, ...stored, slow: false });
      }
    }

    // A visitor on a partner's site (bearer token), through both nodes.
    const partnerCart = await partnerVisitor.on(nodeA).addCartProduct({ productId: businessCard, quantity: 500 });
    const partnerLine = partnerCart.orderProduct[0];
    const partnerDetail = partnerLine?.layouts[0]?.detailName;
    if (!partnerLine || !partnerDetail || partnerCart.id === null) throw new Error("the partner visitor's cart has no line with a layout");
    const partnerUpload = await upload(partnerVisitor, nodeB, partnerLine.id, partnerDetail, businessCardPdf("0 0 0 1 k 20 20 40 20 re f"));
    const partnerStart = await partnerVisitor.on(nodeA).startCheck(partnerCart.id, partnerLine.id, partnerDetail);
    checks.push({ label: "partner visitor's check (uploaded through B, started through A)", shopper: partnerVisitor, cartQuery: {}, pitstopDesignId: partnerStart.pitstopDesignId, ...partnerUpload, slow: false });
    console.log(`  ${checks.length} checks started: ${checks.map((check) => check.pitstopDesignId).join(", ")}`);
  });

  const slow = checks.find((check) => check.slow);
  if (checksStarted && slow && workerOne) {
    await phase("kill: SIGKILL the worker mid-check, start another", async () => {
      const before = await watch!.read();
      expectThat(before.get(slow.pitstopDesignId)?.state === "running", `the slow check is still running when the worker is killed (it is ${before.get(slow.pitstopDesignId)?.state ?? "missing"}; make it slower with SCALE_SLOW_PAGES if it finished)`);
      signalService(workerOne, "SIGKILL");
      console.log(`  worker-1: ${await workerOne.exited}`);
      const after = await watch!.read();
      expectThat(after.get(slow.pitstopDesignId)?.state === "running", "the killed worker's check is left running (nobody finished it)");
      const workerTwo = startWorker("worker-2");
      services.push(workerTwo);
      await waitForLine(workerTwo, WORKER_READY, START_TIMEOUT_MS);
    });

    await phase("finish: every check finishes exactly once", async () => {
      const ids = checks.map((check) => check.pitstopDesignId);
      // The dead worker's lease must run out (about the check's time limit and a margin), then the check runs again.
      const waitMs = (CHECK_TIMEOUT_S * 4 + 30) * 1000;
      await until("every check to finish", waitMs, async () => {
        const rows = await watch!.read();
        const open = [...rows.values()].filter((row) => !TERMINAL_STATES.has(row.state));
        return ids.every((id) => TERMINAL_STATES.has(rows.get(id)?.state ?? "")) && open.length === 0 ? true : null;
      }).catch((error: unknown) => {
        const states = ids.map((id) => `${id}: ${watch!.latest.get(id)?.state ?? "missing"}`).join(", ");
        throw new Error(`${error instanceof Error ? error.message : String(error)} (${states})`);
      });
      // A little longer: a second run of a check would finish it again now.
      await sleep(1_500);
      const rows = await watch!.read();
      const byLayout = new Map<number, number>();
      for (const row of rows.values()) byLayout.set(row.layoutId, (byLayout.get(row.layoutId) ?? 0) + 1);
      for (const check of checks) {
        const row = rows.get(check.pitstopDesignId);
        expectThat(row !== undefined && TERMINAL_STATES.has(row.state), `${check.label}: check ${check.pitstopDesignId} ended ${row?.state ?? "missing"}${row?.error ? ` («${row.error}»)` : ""}`);
        const changes = watch!.changesAfterFinishing(check.pitstopDesignId);
        expectThat(changes.length === 0, `${check.pitstopDesignId} finished once${changes.length ? `; afterwards: ${changes.join(" → ")}` : ""}`);
        expectThat(byLayout.get(check.layoutId) === 1, `layout ${check.layoutId} has one check row (${byLayout.get(check.layoutId) ?? 0})`);
        if (check.slow && row && row.attempts !== null) expectThat(row.attempts >= 2, `the killed check was taken again by the new worker (attempts ${row.attempts})`);
        if (!row) continue;
        // The result as both nodes tell it, and on the layout in the cart.
        const told = await Promise.all([nodeA, nodeB].map((node) => check.shopper.on(node).getCheck(check.pitstopDesignId)));
        expectThat(
          told.every((answer) => answer.state === row.state && JSON.stringify(answer.findings) === JSON.stringify(told[0]!.findings)),
          `${check.pitstopDesignId}: both nodes answer ${row.state} with the same findings`,
        );
        const carts = await Promise.all([nodeA, nodeB].map((node) => check.shopper.on(node).getCart(check.cartQuery)));
        const layouts = carts.map((cart) => cart.orderProduct.flatMap((line) => line.layouts).find((layout) => layout.layoutId === check.layoutId));
        if (row.state === "done") {
          expectThat(
            layouts.every((layout) => layout !== undefined && layout.findings !== null && JSON.stringify(layout.findings) === JSON.stringify(told[0]!.findings)),
            `layout ${check.layoutId} carries the check's ${row.findings?.length ?? 0} findings (${layouts.map((layout) => layout?.status ?? "missing").join(", ")})`,
          );
          if (check.slow) expectThat((row.findings?.length ?? 0) > 0, "the slow layout's findings are there (it is made to have some)");
        } else {
          expectThat(layouts.every((layout) => layout?.status === "error" || layout?.status === "failed"), `layout ${check.layoutId} shows its failed check (${layouts.map((layout) => layout?.status ?? "missing").join(", ")})`);
        }
      }
      const open = [...rows.values()].filter((row) => !TERMINAL_STATES.has(row.state));
      expectThat(open.length === 0, `nothing is left queued or running (${open.map((row) => `${row.id}: ${row.state}`).join(", ") || "none"})`);
      expectThat(watch!.readError === null, `the table could be watched throughout${watch!.readError ? `: ${watch!.readError}` : ""}`);
    });
  }

  await phase("files: every file reads the same from both nodes", async () => {
    for (const check of checks) {
      const copies = await Promise.all([nodeA, nodeB].map((node) => check.shopper.download(node, check.fileUrl).then(sha256, (error: unknown) => `error: ${String(error)}`)));
      expectThat(copies.every((copy) => copy === check.sha256), `${check.label}: the layout reads the same from A and B (${copies.map((copy) => copy.slice(0, 12)).join(", ")})`);
    }
    const bucketHashes = await bucket!.objectHashes();
    const stored = await db!.query<{ kind: string; sha256: string }>("SELECT kind, sha256 FROM stored_file");
    const missing = stored.rows.filter((row) => !bucketHashes.has(row.sha256));
    expectThat(stored.rows.length > 0 && missing.length === 0, `the ${stored.rows.length} stored files are in the bucket (${missing.length} not: ${missing.map((row) => row.kind).join(", ") || "none"})`);

    // A catalogue photo: public, seeded by whichever process seeded the empty database.
    const anonymous = new Shopper("anonymous", "bearer");
    const products = await anonymous.on(nodeA).getProducts({ limit: 5 });
    const photo = products.items.map((item) => item.photoUrl).find((url) => url !== null);
    if (!photo) throw new Error("no product has a photo");
    const photos = await Promise.all([nodeA, nodeB].map((node) => anonymous.download(node, photo).then(sha256, (error: unknown) => `error: ${String(error)}`)));
    expectThat(photos[0] === photos[1] && !photos[0]!.startsWith("error"), `the catalogue photo ${new URL(photo).pathname} reads the same from A and B (${photos.map((copy) => copy.slice(0, 40)).join(", ")})`);
    expectThat(bucketHashes.has(photos[0] ?? ""), "the catalogue photo is in the bucket");

    // Site uploads by an employee through one node, read through the other.
    const manager = new Shopper("manager (cookie)", "cookie");
    await manager.on(nodeB).login({ email: "manager@example.com", password: "manager12345", rememberMe: false });
    for (const [through, readBack] of [[nodeA, nodeB], [nodeB, nodeA]] as const) {
      const svg = new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><title>${randomUUID()}</title><rect width="10" height="10"/></svg>`);
      const uploaded = await manager.on(through).uploadWebsiteFile({ file: new Blob([svg], { type: "image/svg+xml" }), fileName: "scale.svg" });
      const copies = await Promise.all([through, readBack].map((node) => anonymous.download(node, onNode(node, uploaded.url)).then(sha256, (error: unknown) => `error: ${String(error)}`)));
      expectThat(copies.every((copy) => copy === sha256(svg)), `a site upload through ${through === nodeA ? "A" : "B"} reads the same from both nodes (${copies.map((copy) => copy.slice(0, 40)).join(", ")})`);
    }
  });

  await phase("orders: one order and one invoice for a double submit through both nodes", async () => {
    if (romashka === 0) throw new Error("the client's cart was not prepared (the checks phase failed)");
    const points = await client.on(nodeA).getSelfPickupPoints();
    const point = points.items.find((item) => item.cityKladrId === DEFAULT_CITY_KLADR_ID) ?? points.items[0];
    if (!point) throw new Error("no self-pickup point");
    const cart = await client
      .on(nodeA)
      .addCartDelivery({ companyId: romashka, deliveryType: "SelfPickup", cityKladrId: point.cityKladrId, deliveryMethod: "SelfPickup", pickupPointCode: String(point.id) });
    expectThat(cart.readyToOrder, `the client's cart is ready to order (${cart.problems.map((problem) => problem.code).join(", ") || "no problems"})`);
    const invoicesBefore = Number((await db!.query<{ n: string }>("SELECT count(*) AS n FROM stored_file WHERE kind = 'invoice'")).rows[0]?.n ?? 0);
    const idempotencyKey = randomUUID();
    const placed = await Promise.all([nodeA, nodeB].map((node) => client.on(node).placeOrder({ companyId: romashka, paymentType: "Invoice", idempotencyKey })));
    expectThat(placed[0]!.id === placed[1]!.id, `both nodes answer the same order (${placed.map((order) => order.number).join(" and ")})`);
    const orders = await db!.query<{ n: string }>("SELECT count(*) AS n FROM client_order WHERE idempotency_key = $1", [idempotencyKey]);
    expectThat(orders.rows[0]?.n === "1", `one order row for the key (${orders.rows[0]?.n ?? "?"})`);
    const order = placed[0]!;
    const invoices = await Promise.all([nodeA, nodeB].map((node) => client.download(node, `${node}/api/client-order/${order.id}/invoice`)));
    expectThat(invoices.every((bytes) => new TextDecoder().decode(bytes.subarray(0, 5)) === "%PDF-"), "the invoice is a PDF from both nodes");
    expectThat(sha256(invoices[0]!) === sha256(invoices[1]!), "the invoice has the same bytes from A and B");
    const invoiceUrl = order.payment.type === "Invoice" ? order.payment.invoiceUrl : null;
    if (invoiceUrl) {
      const files = await Promise.all([nodeA, nodeB].map((node) => client.download(node, invoiceUrl).then(sha256)));
      expectThat(files.every((hash) => hash === sha256(invoices[0]!)), "the order's invoice file reads the same from both nodes");
    }
    const invoicesAfter = Number((await db!.query<{ n: string }>("SELECT count(*) AS n FROM stored_file WHERE kind = 'invoice'")).rows[0]?.n ?? 0);
    expectThat(invoicesAfter - invoicesBefore === 1, `one invoice file was stored (${invoicesAfter - invoicesBefore})`);
    const linked = await db!.query<{ invoice_file_id: number | null }>("SELECT invoice_file_id FROM client_order WHERE id = $1", [order.id]);
    expectThat(linked.rows[0]?.invoice_file_id != null, "the order names its invoice file");
  });
  await phase("catalogue: a tier price raised through A shows on B's product page on the next load", async () => {
    // The catalogue employee of the demo data, as a bearer session (issue 29's back office).
    const login = await fetch(`${nodeA}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "catalog@example.com", password: "catalog12345", rememberMe: false }),
    });
    if (!login.ok) throw new Error(`the catalogue employee could not sign in: ${login.status} ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const staff = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const list = (await (await fetch(`${nodeA}/api/employee/product?limit=1`, { headers: staff })).json()) as { items: { id: number }[] };
    const id = list.items[0]?.id;
    if (id === undefined) throw new Error("the back office lists no product");
    // Both nodes have the product's public answer and page in their caches before the change.
    const publicBefore = (await (await fetch(`${nodeB}/api/public/product/${id}`)).json()) as { category: { slug: string }; priceTiers: { minQuantity: number; unitPrice: number }[] };
    const pagePath = `/catalog/${publicBefore.category.slug}/${id}`;
    await Promise.all([nodeA, nodeB].map((node) => fetch(`${node}${pagePath}`).then((response) => response.text())));
    const product = (await (await fetch(`${nodeA}/api/employee/product/${id}`, { headers: staff })).json()) as { tiers: { minQuantity: number; unitPrice: number }[] };
    const first = product.tiers[0];
    if (!first) throw new Error("the product has no tier");
    const raised = Math.round((first.unitPrice + 7.5) * 100) / 100;
    first.unitPrice = raised;
    const saved = await fetch(`${nodeA}/api/employee/product/${id}`, { method: "PUT", headers: staff, body: JSON.stringify(product) });
    expectThat(saved.ok, `the raised price is saved through A (${saved.status})`);
    for (const [name, node] of [["A", nodeA], ["B", nodeB]] as const) {
      const publicAfter = (await (await fetch(`${node}/api/public/product/${id}`)).json()) as { priceTiers: { minQuantity: number; unitPrice: number }[] };
      const tier = publicAfter.priceTiers.find((item) => item.minQuantity === first.minQuantity);
      expectThat(tier?.unitPrice === raised, `${name}'s product answer has the raised price at once (${tier?.unitPrice} vs ${raised})`);
      const html = await (await fetch(`${node}${pagePath}`)).text();
      expectThat(html.includes(`"unitPrice":${raised}`), `${name}'s product page carries the raised price on the next load`);
    }
  });
}

const startedAt = performance.now();
let crashed: unknown = null;
try {
  await main();
} catch (error) {
  crashed = error;
}
if (interrupted) await new Promise<never>(() => undefined); // the signal's handler cleans up and exits
if (services.length > 0) {
  console.log("\n▶ logs: no process logged an error");
  for (const service of services) {
    expectThat(service.problems.length === 0, `${service.name} logged no error${service.problems.length ? `: ${service.problems.length} lines, first: ${service.problems.slice(0, 3).join(" | ")}` : ""}`);
  }
}
if (crashed !== null) {
  failures.push(crashed instanceof Error ? crashed.message : String(crashed));
  console.log(`\n✗ ${crashed instanceof Error ? (crashed.stack ?? crashed.message) : String(crashed)}`);
}
if (failures.length > 0) for (const service of services) console.log(`\n${logTail(service)}`);
await cleanUp();

console.log("\nnpm run test:scale — phases:");
for (const { phase: name, ms, ok } of timings) console.log(`  ${ok ? "✓" : "✗"} ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);
console.log(`  total ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
if (failures.length > 0) {
  console.log(`\n${failures.length} failed:`);
  for (const failure of failures) console.log(`  ✗ ${failure}`);
  process.exit(1);
}
console.log("\nAll passed: two nodes and a worker on one PostgreSQL and one bucket.");
process.exit(0);
