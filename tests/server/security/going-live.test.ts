import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartSchema, productListPageSchema, serverErrorSchema, sessionGrantSchema } from "../../../shared/contracts/index";
import { DEMO_ACCOUNTS } from "../../../server/seed/demo-data";
import { freePort } from "../../free-port";
import { minimalPdf, multipartBody } from "../support/files-fixtures";

/*
 * Issue 28 ("Going live safely") on the whole shop as `npm start` runs it (tsx server/server.ts, real
 * HTTP, the embedded database in a data folder of its own) and `npm run doctor`: the production check
 * refuses a public configuration that is not ready and names every problem, doctor prints the same;
 * a ready public shop has no test payment page and no dev mail page; a shop on this machine listens
 * on loopback only; SIGTERM with an upload stuck mid-body ends the process (exit 0) once
 * OTTISK_SHUTDOWN_S is over.
 */

const root = join(import.meta.dirname, "..", "..", "..");

interface Finished {
  code: number | null;
  output: string;
}

/** A public configuration with everything the production check asks for (card payments off instead of YooKassa's keys). */
const READY_PUBLIC = {
  OTTISK_PUBLIC_URL: "https://ottisk.example",
  OTTISK_PAYMENTS: "invoice,balance",
  // Nothing listens there: no letter is sent in these tests.
  OTTISK_SMTP_URL: "smtp://shop:password@127.0.0.1:9",
  OTTISK_HANDOFF_SECRET: "a-secret-of-at-least-32-characters-0123456789",
};

/** A public configuration that lacks everything. */
const BARE_PUBLIC = { OTTISK_PUBLIC_URL: "http://shop.example" };

/** The problems' variables, in the order the check names them. */
const PROBLEM_VARIABLES = [/^- OTTISK_PUBLIC_URL is http:\/\/shop\.example: .*https/m, /^- card payments have no YooKassa keys.*OTTISK_PAYMENTS=invoice,balance/m, /^- OTTISK_SMTP_URL is not set/m, /^- OTTISK_HANDOFF_SECRET is not set/m];

const dataDirs: string[] = [];
const children: ChildProcess[] = [];

async function freshDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "ottisk-going-live-"));
  dataDirs.push(dir);
  return dir;
}

function baseEnv(dataDir: string, port: number, extra: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: dataDir, PORT: String(port), OTTISK_DATA_DIR: dataDir, OTTISK_LOG_LEVEL: "info", ...extra };
}

/** Starts a script of the shop with `env` (`tsx script`, in one process: node with tsx's loader); `finished` settles when it exits. */
function run(script: string, env: NodeJS.ProcessEnv): { child: ChildProcess; output: string[]; finished: Promise<Finished> } {
  const child = spawn(process.execPath, ["--import", "tsx", join(root, script)], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  const output: string[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const finished = new Promise<Finished>((resolve) => child.once("exit", (code) => resolve({ code, output: output.join("") })));
  return { child, output, finished };
}

/** Starts server.ts and waits until /api/health answers 200 on 127.0.0.1. */
async function startShop(extra: Record<string, string>): Promise<{ child: ChildProcess; output: string[]; finished: Promise<Finished>; base: string; dataDir: string }> {
  const dataDir = await freshDataDir();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const shop = run("server/server.ts", baseEnv(dataDir, port, extra));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (shop.child.exitCode !== null) throw new Error(`the shop stopped at start:\n${shop.output.join("")}`);
    const health = await fetch(`${base}/api/health`).catch(() => null);
    if (health?.status === 200) break;
    if (Date.now() > deadline) throw new Error(`the shop did not start in 90 s:\n${shop.output.join("")}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { ...shop, base, dataDir };
}

beforeAll(() => {
  if (!existsSync(join(root, "dist", "host-site", "server", "entry-server.js"))) throw new Error("tests/server/security/going-live.test.ts runs the built shop: run `npm run build` first");
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

describe("the production check at start and `npm run doctor` (issue 28, finding 1)", () => {
  it("refuses to start a public shop that is not ready, naming every problem in English and Russian, and doctor lists the same with exit code 1", async () => {
    const dataDir = await freshDataDir();
    const refused = await run("server/server.ts", baseEnv(dataDir, await freePort(), BARE_PUBLIC)).finished;
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output).toMatch(/^Ottisk cannot start: http:\/\/shop\.example is not a loopback address/m);
    for (const problem of PROBLEM_VARIABLES) expect(refused.output).toMatch(problem);
    const problems = refused.output.split("\n").filter((line) => line.startsWith("- "));
    expect(problems).toHaveLength(PROBLEM_VARIABLES.length);
    for (const problem of problems) expect(problem).toMatch(/ \/ .*[а-я].*\.$/);
    // It stopped before it made anything: no database in the data folder.
    expect(await readdir(dataDir)).toEqual([]);
    // `npm run worker` reads the same environment and applies the same check.
    const worker = await run("server/worker.ts", baseEnv(dataDir, 8080, BARE_PUBLIC)).finished;
    expect(worker.code, worker.output).toBe(1);
    expect(worker.output).toMatch(/^Ottisk worker cannot start: http:\/\/shop\.example is not a loopback address/m);
    expect(worker.output.split("\n").filter((line) => line.startsWith("- "))).toEqual(problems);

    const doctor = await run("server/cli/doctor.ts", baseEnv(dataDir, 8080, BARE_PUBLIC)).finished;
    expect(doctor.code, doctor.output).toBe(1);
    expect(doctor.output).toContain("public URL:  http://shop.example (public)");
    for (const found of ["listens on:  0.0.0.0:8080", "database:    embedded PGlite in", "payments:    card WITHOUT YooKassa keys, invoice, balance", "mail:        .eml files in", "secret:      none set"]) {
      expect(doctor.output).toContain(found);
    }
    expect(doctor.output).toContain("NOT READY: http://shop.example is public and 4 things are missing:");
    // The same sentences as the refusal at start.
    expect(doctor.output.split("\n").filter((line) => line.startsWith("- "))).toEqual(problems);
  });

  it("doctor says a ready public configuration and a shop on this machine are fine (exit code 0)", async () => {
    const dataDir = await freshDataDir();
    const ready = await run("server/cli/doctor.ts", baseEnv(dataDir, 8080, READY_PUBLIC)).finished;
    expect(ready.code, ready.output).toBe(0);
    expect(ready.output).toContain("payments:    invoice, balance");
    expect(ready.output).toContain("mail:        SMTP at 127.0.0.1:9");
    expect(ready.output).toContain("secret:      OTTISK_HANDOFF_SECRET is set");
    expect(ready.output).toContain("OK: ready to run in public.");
    expect(ready.output).not.toContain("password");
    const local = await run("server/cli/doctor.ts", baseEnv(dataDir, 8080, {})).finished;
    expect(local.code, local.output).toBe(0);
    expect(local.output).toContain("listens on:  127.0.0.1:8080");
    expect(local.output).toContain("OK: a shop on this machine (loopback)");
  });

  it("refuses OTTISK_TRUST_PROXY without OTTISK_PUBLIC_URL at start (finding 2)", async () => {
    const refused = await run("server/server.ts", baseEnv(await freshDataDir(), await freePort(), { OTTISK_TRUST_PROXY: "loopback" })).finished;
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output).toMatch(/^Ottisk cannot start: OTTISK_TRUST_PROXY is set but OTTISK_PUBLIC_URL is not.* \/ задан OTTISK_TRUST_PROXY, но не задан OTTISK_PUBLIC_URL/m);
  });
});

describe("a ready public shop (issue 28, finding 1)", () => {
  let shop: Awaited<ReturnType<typeof startShop>>;
  beforeAll(async () => {
    // Listening on loopback for the test; a public shop's default is every interface (config.test.ts).
    shop = await startShop({ ...READY_PUBLIC, HOST: "127.0.0.1" });
  }, 120_000);
  afterAll(async () => {
    if (shop.child.exitCode === null) {
      shop.child.kill("SIGTERM");
      await shop.finished;
    }
  });

  it("has no test payment page and no dev mail page at all, and offers no card payment", async () => {
    for (const [method, path] of [
      ["GET", `/api/payment/test/test-${randomUUID()}`],
      ["POST", `/api/payment/test/test-${randomUUID()}`],
      ["GET", "/api/dev/mail"],
      ["GET", "/api/dev/mail.json"],
    ] as const) {
      const response = await fetch(`${shop.base}${path}`, method === "POST" ? { method, headers: { "content-type": "application/json" }, body: '{"action":"pay"}' } : { method });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(serverErrorSchema.parse(await response.json()).code).toBe("ROUTE_NOT_FOUND");
    }
    const cart = cartSchema.parse(await (await fetch(`${shop.base}/api/client-cart`)).json());
    expect(cart.paymentTypes).toEqual(["InternalBalance"]);
  });
});

describe("a shop on this machine (issue 28, finding 7)", () => {
  let shop: Awaited<ReturnType<typeof startShop>>;
  beforeAll(async () => {
    // No HOST: the default. A short deadline for the requests in flight.
    shop = await startShop({ OTTISK_SHUTDOWN_S: "2" });
  }, 120_000);

  it("listens on loopback only by default", async () => {
    expect(shop.output.join("")).toContain(`Server listening at ${shop.base}`);
    expect(shop.output.join("")).not.toContain("0.0.0.0");
    const port = new URL(shop.base).port;
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((address) => address !== undefined && address.family === "IPv4" && !address.internal);
    if (outside) {
      // The machine's own address on its network: nobody listens there.
      const reached = await fetch(`http://${outside.address}:${port}/api/health`).then(
        () => "answered",
        (error: unknown) => (error instanceof Error && error.cause instanceof Error && "code" in error.cause ? String(error.cause.code) : String(error)),
      );
      expect(reached).toBe("ECONNREFUSED");
    }
  });

  it("on SIGTERM with an upload stuck mid-body, cuts it after OTTISK_SHUTDOWN_S and exits 0", async () => {
    // A client's cart line whose layout is uploaded: the demo client, over the API.
    const login = await fetch(`${shop.base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: DEMO_ACCOUNTS.client.email, password: DEMO_ACCOUNTS.client.password }),
    });
    const { token } = sessionGrantSchema.parse(await login.json());
    const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const products = productListPageSchema.parse(await (await fetch(`${shop.base}/api/public/product?limit=20`)).json());
    let line: { id: number; detailName: string } | undefined;
    for (const product of products.items) {
      const added = await fetch(`${shop.base}/api/client-cart/product`, { method: "POST", headers: auth, body: JSON.stringify({ productId: product.id, quantity: 100 }) });
      const answer: unknown = await added.json();
      expect(added.status, JSON.stringify(answer)).toBe(200);
      const cart = cartSchema.parse(answer);
      const withLayout = cart.orderProduct.find((item) => item.product.id === product.id && item.layouts.length > 0);
      if (withLayout?.layouts[0]) {
        line = { id: withLayout.id, detailName: withLayout.layouts[0].detailName };
        break;
      }
    }
    if (!line) throw new Error("no demo product takes a layout");

    // The upload: all but the last bytes sent, then nothing more.
    const body = multipartBody({ orderProductId: String(line.id), detailName: line.detailName }, { name: "slow.pdf", contentType: "application/pdf", bytes: minimalPdf("1.3", 2 * 1024 * 1024) });
    const upload = httpRequest(`${shop.base}/api/file/upload/layout`, {
      method: "POST",
      headers: { ...body.headers, "content-length": String(body.payload.length), authorization: `Bearer ${token}` },
    });
    const uploadEnded = new Promise<string>((resolve) => {
      upload.on("response", (response) => resolve(`answered ${response.statusCode ?? 0}`));
      upload.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
    upload.write(body.payload.subarray(0, body.payload.length - 64 * 1024));
    // Wait until the server is writing the file: the request is in flight.
    const incoming = join(shop.dataDir, "files", "private", ".incoming");
    for (let attempt = 0; attempt < 400; attempt += 1) {
      const files = await readdir(incoming).catch(() => []);
      if (files.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(await readdir(incoming), "the upload is being written").not.toEqual([]);

    shop.child.kill("SIGTERM");
    const exit = await shop.finished;
    expect(exit.code, exit.output).toBe(0);
    expect(exit.output).toContain("SIGTERM: closing; requests in flight have 2 s");
    expect(exit.output).toContain("closing the connections still open");
    // The stuck upload's socket was cut, not answered.
    expect(await uploadEnded).toMatch(/^(ECONNRESET|EPIPE|socket hang up)$/);
  }, 60_000);
});
