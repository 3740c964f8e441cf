import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { healthDetailsSchema, healthSchema } from "../../../shared/contracts/index";
import type { App } from "../../../server/app";
import { loggerOptions } from "../../../server/plugins/request-log";
import { DEMO_ACCOUNTS } from "../../../server/seed/demo-data";
import { createFileStorages } from "../../../server/storage/file-storage";
import { loginToken, problemOf } from "../support/api-calls";
import { startSecondNode, startTestApp } from "../support/test-app";
import type { TestApp } from "../support/test-app";

/*
 * Issue 28, finding 5: the anonymous GET /api/health told a stranger where the shop keeps its files
 * and what is wrong with them (`EACCES … /…/pglite/.ottisk-write-probe…`). A real storage fault:
 * the files folder is a plain file, so every probe's write fails with ENOTDIR and a path. The
 * anonymous answer names the failing parts only; the details (text, code, path) are in the log and
 * at GET /api/health/details for employees and for callers on this machine — by the socket's own
 * address, and only while no reverse proxy is trusted.
 */

const STRANGER = "203.0.113.44";
let work: string;
let blocked: string;
let plain: TestApp;
/** The same shop behind a trusted proxy on loopback (OTTISK_TRUST_PROXY=127.0.0.1). */
let proxied: App;
const lines: string[] = [];

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "ottisk-health-"));
  blocked = join(work, "files-is-a-file");
  await writeFile(blocked, "not a folder");
  const storages = createFileStorages({ filesDir: blocked });
  plain = await startTestApp({ storages, logger: loggerOptions("warn", { write: (line) => void lines.push(line) }) });
  proxied = await startSecondNode(plain, { storages, trustProxy: ["127.0.0.1"] });
});
afterAll(async () => {
  await proxied?.close();
  await plain?.close();
  await rm(work, { recursive: true, force: true });
});

describe("GET /api/health on a storage fault (finding 5)", () => {
  it("names the failing parts to anyone, with no error text, code or path", async () => {
    for (const [app, from] of [
      [plain.app, STRANGER],
      [plain.app, "127.0.0.1"],
      [proxied, "127.0.0.1"],
    ] as const) {
      const answer = await app.inject({ url: "/api/health", remoteAddress: from, headers: from === "127.0.0.1" ? {} : { "x-forwarded-for": STRANGER } });
      expect(answer.statusCode).toBe(503);
      expect(answer.body).not.toContain(work);
      expect(answer.body).not.toMatch(/ENOTDIR|not a directory|probe|error|code/i);
      const health = healthSchema.parse(answer.json());
      expect(health).toMatchObject({ status: "failing", failing: ["storage", "publicFiles"], checks: { database: { ok: true }, storage: { ok: false }, publicFiles: { ok: false } } });
      expect(health.messageUI).toMatch(/^Магазин временно не может сохранять данные/);
    }
  });

  it("writes what failed, its code and its path to the log as a warning", () => {
    const warnings = lines.map((line) => JSON.parse(line) as { level: number; msg: string; part?: string; err?: { code?: string; message?: string } });
    const storage = warnings.find((line) => line.msg === "health probe failed" && line.part === "storage");
    expect(storage?.level).toBe(40);
    expect(storage?.err?.code).toBe("ENOTDIR");
    expect(storage?.err?.message).toContain(blocked);
  });

  it("shows the details to a caller on this machine when no proxy is trusted", async () => {
    const local = await plain.app.inject({ url: "/api/health/details", remoteAddress: "127.0.0.1" });
    expect(local.statusCode).toBe(503);
    const details = healthDetailsSchema.parse(local.json());
    expect(details.failing).toEqual(["storage", "publicFiles"]);
    expect(details.checks.storage).toMatchObject({ ok: false, code: "ENOTDIR" });
    expect(details.checks.storage.error).toContain(blocked);
    expect(details.checks.database).toEqual({ ok: true, ms: expect.any(Number) });
  });

  it("shows them to an employee from anywhere, and to nobody else", async () => {
    const employee = await loginToken(plain.app, DEMO_ACCOUNTS.employee.email, DEMO_ACCOUNTS.employee.password);
    const client = await loginToken(plain.app, DEMO_ACCOUNTS.client.email, DEMO_ACCOUNTS.client.password);
    for (const app of [plain.app, proxied]) {
      const asEmployee = await app.inject({ url: "/api/health/details", remoteAddress: STRANGER, headers: { authorization: `Bearer ${employee}` } });
      expect(asEmployee.statusCode).toBe(503);
      expect(healthDetailsSchema.parse(asEmployee.json()).checks.publicFiles).toMatchObject({ ok: false, code: "ENOTDIR" });

      for (const headers of [{}, { authorization: `Bearer ${client}` }]) {
        const refused = await app.inject({ url: "/api/health/details", remoteAddress: STRANGER, headers });
        expect(refused.statusCode).toBe(403);
        expect(problemOf(refused)).toMatchObject({ code: "HEALTH_DETAILS_FORBIDDEN", messageUI: expect.stringMatching(/^Подробности о состоянии магазина/) });
        expect(refused.body).not.toContain(work);
      }
    }
  });

  it("does not take a loopback peer for this machine behind a trusted proxy, nor a request a proxy forwarded", async () => {
    // Behind a proxy on this host every caller's socket is loopback: only employees read the details.
    const throughProxy = await proxied.inject({ url: "/api/health/details", remoteAddress: "127.0.0.1", headers: { "x-forwarded-for": STRANGER } });
    expect(throughProxy.statusCode).toBe(403);
    expect((await proxied.inject({ url: "/api/health/details", remoteAddress: "127.0.0.1" })).statusCode).toBe(403);
    // An undeclared proxy on this host: its forwarding header gives it away.
    for (const headers of [{ "x-forwarded-for": STRANGER }, { forwarded: `for=${STRANGER}` }, { "x-real-ip": STRANGER }]) {
      expect((await plain.app.inject({ url: "/api/health/details", remoteAddress: "127.0.0.1", headers })).statusCode).toBe(403);
    }
    // X-Forwarded-For naming loopback does not make a stranger local.
    expect((await plain.app.inject({ url: "/api/health/details", remoteAddress: STRANGER, headers: { "x-forwarded-for": "127.0.0.1" } })).statusCode).toBe(403);
  });
});
