import { randomBytes } from "node:crypto";
import type { Health, HealthCheckDetails, HealthDetails, HealthPart } from "../../shared/contracts/index";
import type { FileStorage } from "../storage/file-storage";
import type { RateLimitService } from "./rate-limit.service";

/*
 * The health check behind GET /api/health. It does what a shopper's order does, in small: a write
 * to the database (a counter row), a file written to, read back from and removed from the private
 * files' storage and from the public files' one (each on disk or in S3). A read-only check would report
 * "ok" while every order fails. A node answers at most one probe per CACHE_MS and the others get
 * that result, so the check costs the same whoever calls it how often.
 *
 * What failed and why (the error's text, its code, the path it names) is for the operator: it goes
 * to the log (`onFailure`, a warning per failed probe) and to GET /api/health/details; the
 * anonymous GET /api/health names the failing parts only (publicHealth), since an error's text
 * tells a stranger where the shop keeps its files and what is wrong with them (issue 28, finding 5).
 */

const CACHE_MS = 2000;
/** A probe that hangs (a stuck disk, an S3 that does not answer) fails after this long. */
const PROBE_TIMEOUT_MS = 5000;

export interface HealthService {
  /** The probes' results with each failure's text and code (cached CACHE_MS). */
  check(): Promise<HealthDetails>;
}

export interface HealthSources {
  limits: RateLimitService;
  /** The private files' storage (layouts, invoices): `checks.storage`. */
  storage: FileStorage;
  /** The public files' storage (served at /files/): `checks.publicFiles`. */
  publicFiles: FileStorage;
  /** The embedded database's folder probe, which also reopens it after a fault (OpenDatabase.probeStorage). */
  probeDatabaseStorage?: () => Promise<void>;
  /** Told of each failed probe, with the error itself (app.ts logs it as a warning). */
  onFailure?: (part: HealthPart, error: unknown) => void;
}

const FAILING_UI = "Магазин временно не может сохранять данные. Мы уже знаем об этом; попробуйте чуть позже.";

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function timed(part: HealthPart, probe: () => Promise<void>, onFailure: HealthSources["onFailure"]): Promise<HealthCheckDetails> {
  const started = performance.now();
  try {
    await withTimeout(probe());
    return { ok: true, ms: Math.round(performance.now() - started) };
  } catch (error) {
    onFailure?.(part, error);
    const code = typeof error === "object" && error !== null && "code" in error && error.code !== undefined ? { code: String(error.code) } : {};
    const message = (error instanceof Error ? error.message.split("\n", 1)[0] : String(error)) ?? "";
    return { ok: false, ms: Math.round(performance.now() - started), error: message, ...code };
  }
}

/** What anyone may see of a check: each part ok or not, how long it took, which parts fail; no error text, code or path. */
export function publicHealth(details: HealthDetails): Health {
  const part = ({ ok, ms }: HealthCheckDetails) => ({ ok, ms });
  return {
    status: details.status,
    checkedAt: details.checkedAt,
    checks: { database: part(details.checks.database), storage: part(details.checks.storage), publicFiles: part(details.checks.publicFiles) },
    failing: details.failing,
    ...(details.messageUI ? { messageUI: details.messageUI } : {}),
  };
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
  let last: { at: number; result: Promise<HealthDetails> } | null = null;

  const probe = async (): Promise<HealthDetails> => {
    const [database, storage, publicFiles] = await Promise.all([
      timed(
        "database",
        async () => {
          await sources.probeDatabaseStorage?.();
          await sources.limits.hit(`health:${node}`, 60_000);
        },
        sources.onFailure,
      ),
      timed("storage", () => probeStorage(sources.storage, node), sources.onFailure),
      timed("publicFiles", () => probeStorage(sources.publicFiles, node), sources.onFailure),
    ]);
    const checks = { database, storage, publicFiles };
    const failing = (Object.keys(checks) as HealthPart[]).filter((part) => !checks[part].ok);
    return {
      status: failing.length === 0 ? "ok" : "failing",
      checkedAt: new Date().toISOString(),
      checks,
      failing,
      ...(failing.length === 0 ? {} : { messageUI: FAILING_UI }),
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
