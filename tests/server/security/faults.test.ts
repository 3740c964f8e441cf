import { spawn, spawnSync } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { healthDetailsSchema, healthSchema, serverErrorSchema } from "../../../shared/contracts/index";
import { freePort } from "../../free-port";

/*
 * Finding 7 of issue 14, on the whole shop as `npm start` runs it (server.ts, real HTTP, the embedded
 * database in a data folder of its own): the data folder loses write permission while the shop
 * runs and gets it back, and a data folder that cannot be written at start.
 *
 * Permissions must bind the server: a root process ignores them, so as root the server runs without
 * the capabilities that override them (setpriv); as anyone else they bind already.
 */

const root = join(import.meta.dirname, "..", "..", "..");
const tsx = join(root, "node_modules", ".bin", "tsx");
const isRoot = process.getuid?.() === 0;

function commandOf(args: string[]): [string, string[]] {
  return isRoot ? ["setpriv", ["--bounding-set", "-dac_override,-dac_read_search,-fowner", ...args]] : [args[0]!, args.slice(1)];
}

function serverEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    OTTISK_DATA_DIR: dataDir,
    OTTISK_LOG_LEVEL: "warn",
    // The scenario makes a few hundred visitors' accounts from one address, as the attack did.
    OTTISK_RATE_LIMITS: "temp-account=100000/10m",
  };
}

/** chmod -R: a-w (false) or u+w (true) on every folder and file under `path`. */
async function setWritable(path: string, writable: boolean): Promise<void> {
  const info = await stat(path);
  const mode = writable ? info.mode | 0o200 : info.mode & ~0o222;
  if (info.isDirectory()) {
    // Going read-only, the children first (the folder must still be listable); back, the folder first.
    if (writable) await chmod(path, mode);
    for (const entry of await readdir(path)) await setWritable(join(path, entry), writable);
    if (!writable) await chmod(path, mode);
  } else {
    await chmod(path, mode);
  }
}

describe("the data folder's faults (finding 7)", () => {
  let dataDir: string;
  let child: ChildProcess | null = null;
  let base: string;
  const output: string[] = [];

  beforeAll(async () => {
    if (!existsSync(join(root, "dist", "host-site", "server", "entry-server.js"))) throw new Error("tests/server/security/faults.test.ts runs the built shop: run `npm run build` first");
    dataDir = await mkdtemp(join(tmpdir(), "ottisk-faults-"));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const [command, args] = commandOf([tsx, join(root, "server", "server.ts")]);
    child = spawn(command, args, { cwd: root, env: serverEnv(dataDir, port), stdio: ["ignore", "pipe", "pipe"] });
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the shop stopped at start:\n${output.join("")}`);
      const health = await fetch(`${base}/api/health`).catch(() => null);
      if (health?.status === 200) break;
      if (Date.now() > deadline) throw new Error(`the shop did not start in 90 s:\n${output.join("")}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    if (dataDir) {
      await setWritable(dataDir, true).catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  /** A visitor's favourite: a new temporary account, its session and the favourite row. */
  const favourite = (productId: number) =>
    fetch(`${base}/api/public/product/to-favorite/${productId}`, { method: "PUT", headers: { origin: base } });

  async function health() {
    const response = await fetch(`${base}/api/health`);
    return { status: response.status, body: healthSchema.parse(await response.json()) };
  }

  async function waitForHealth(status: number) {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const answer = await health();
      if (answer.status === status || Date.now() > deadline) return answer;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it("answers 503 with words while the folder refuses writes, says so at /api/health, and takes writes again once it is writable, without a restart", async () => {
    // Warm: the tables' files are open and growing, as on a shop that has been running.
    for (let i = 0; i < 100; i += 1) expect((await favourite((i % 5) + 1)).status).toBe(200);

    await setWritable(dataDir, false);
    const statuses = new Map<number, number>();
    let lastError: unknown = null;
    for (let i = 0; i < 400; i += 1) {
      const response = await favourite((i % 5) + 1);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status !== 200) lastError = await response.json();
    }
    // Writes may land in memory for a while; once the disk is needed they fail, never as a 500.
    expect([...statuses.keys()].filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(statuses.get(503)).toBeGreaterThan(0);
    const error = serverErrorSchema.parse(lastError);
    expect(error).toMatchObject({ statusCode: 503, code: "STORAGE_UNAVAILABLE" });
    expect(error.messageUI).toMatch(/[А-Яа-я]/);

    const failing = await waitForHealth(503);
    expect(failing.status).toBe(503);
    expect(failing.body.status).toBe("failing");
    expect(failing.body.checks.database.ok).toBe(false);
    expect(failing.body.checks.publicFiles.ok).toBe(false);
    expect(failing.body.failing).toEqual(expect.arrayContaining(["database", "publicFiles"]));
    expect(failing.body.messageUI).toMatch(/[А-Яа-я]/);
    // Issue 28, finding 5: which parts, not why or where; this computer (loopback, no proxy) reads the details.
    expect(JSON.stringify(failing.body)).not.toMatch(/EACCES|permission|\/|ottisk-faults/);
    const details = healthDetailsSchema.parse(await (await fetch(`${base}/api/health/details`)).json());
    expect(details.checks.publicFiles).toMatchObject({ ok: false, code: "EACCES" });
    expect(details.checks.publicFiles.error).toContain(dataDir);
    // A check that does not write would say ok here: the VAT rate is a constant.
    expect((await fetch(`${base}/api/nds`)).status).toBe(200);

    await setWritable(dataDir, true);
    const healthy = await waitForHealth(200);
    expect(healthy.body).toMatchObject({ status: "ok", checks: { database: { ok: true }, storage: { ok: true }, publicFiles: { ok: true } } });
    const after = [];
    for (let i = 0; i < 20; i += 1) after.push((await favourite((i % 5) + 1)).status);
    expect(after).toEqual(Array.from({ length: 20 }, () => 200));
    expect(child?.exitCode).toBeNull();
  }, 120_000);

  it("refuses to start on a data folder it cannot write, in one sentence", async () => {
    const readOnly = await mkdtemp(join(tmpdir(), "ottisk-readonly-"));
    try {
      await setWritable(readOnly, false);
      const [command, args] = commandOf([tsx, join(root, "server", "server.ts")]);
      const result = spawnSync(command, args, { cwd: root, env: serverEnv(readOnly, await freePort()), encoding: "utf8", timeout: 60_000 });
      expect(result.status).toBe(1);
      const lines = result.stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Ottisk cannot start: the data folder .* cannot be written \(EACCES at .*\); .* OTTISK_DATA_DIR .* \/ папка данных .* недоступна для записи/);
      expect(lines[0]!.length).toBeLessThan(600);
    } finally {
      await setWritable(readOnly, true);
      await rm(readOnly, { recursive: true, force: true });
    }
  }, 90_000);
});
