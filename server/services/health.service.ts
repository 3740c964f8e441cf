import { randomBytes } from "node:crypto";
import type { Health, HealthCheck } from "../../shared/contracts/index";
import type { FileStorage } from "../storage/file-storage";
import type { RateLimitService } from "./rate-limit.service";

/*
 * The health check behind GET /api/health. It does what a shopper's order does, in small: a write
 * to the database (a counter row), a file written to, read back from and removed from the private
 * files' storage and from the public files' one (each on disk or in S3). A read-only check would report
 * "ok" while every order fails. A node answers at most one probe per CACHE_MS and the others get
 * that result, so the check costs the same whoever calls it how often.
 */

const CACHE_MS = 2000;
/** A probe that hangs (a stuck disk, an S3 that does not answer) fails after this long. */
const PROBE_TIMEOUT_MS = 5000;

export interface HealthService {
  check(): Promise<Health>;
}

export interface HealthSources {
  limits: RateLimitService;
  /** The private files' storage (layouts, invoices): `checks.storage`. */
  storage: FileStorage;
  /** The public files' storage (served at /files/): `checks.publicFiles`. */
  publicFiles: FileStorage;
  /** The embedded database's folder probe, which also reopens it after a fault (OpenDatabase.probeStorage). */
  probeDatabaseStorage?: () => Promise<void>;
}

const FAILING_UI = "Магазин временно не может сохранять данные. Мы уже знаем об этом; попробуйте чуть позже.";

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function timed(probe: () => Promise<void>): Promise<HealthCheck> {
  const started = performance.now();
  try {
    await withTimeout(probe());
    return { ok: true, ms: Math.round(performance.now() - started) };
  } catch (error) {
    const code = typeof error === "object" && error !== null && "code" in error ? ` (${String(error.code)})` : "";
    const message = error instanceof Error ? error.message.split("\n", 1)[0] : String(error);
    return { ok: false, ms: Math.round(performance.now() - started), error: `${message}${code}` };
  }
}

/** Writes a small file, reads it back and removes it. */
async function probeStorage(storage: FileStorage, node: string): Promise<void> {
  const key = `health/probe-${node}.txt`;
  const bytes = new TextEncoder().encode(`ottisk health ${Date.now()}`);
  await storage.put(key, bytes, "text/plain");
  const back = await storage.get(key);
  await storage.remove(key);
  if (!back || Buffer.compare(Buffer.from(back), Buffer.from(bytes)) !== 0) throw new Error("the probe file read back differs");
}

export function createHealthService(sources: HealthSources): HealthService {
  const node = randomBytes(6).toString("hex");
  let last: { at: number; result: Promise<Health> } | null = null;

  const probe = async (): Promise<Health> => {
    const [database, storage, publicFiles] = await Promise.all([
      timed(async () => {
        await sources.probeDatabaseStorage?.();
        await sources.limits.hit(`health:${node}`, 60_000);
      }),
      timed(() => probeStorage(sources.storage, node)),
      timed(() => probeStorage(sources.publicFiles, node)),
    ]);
    const ok = database.ok && storage.ok && publicFiles.ok;
    return {
      status: ok ? "ok" : "failing",
      checkedAt: new Date().toISOString(),
      checks: { database, storage, publicFiles },
      ...(ok ? {} : { messageUI: FAILING_UI }),
    };
  };

  return {
    check() {
      const now = Date.now();
      if (last && now - last.at < CACHE_MS) return last.result;
      const result = probe();
      last = { at: now, result };
      return result;
    },
  };
}
