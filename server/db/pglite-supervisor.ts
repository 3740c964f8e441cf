import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { randomBytes } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { preparedQuery } from "./pglite-prepared";
import { isStorageFault } from "./storage-fault";

/*
 * The embedded database, reopened after a storage fault. When its folder stops taking writes
 * (permission lost, disk full) PGlite's in-process file system keeps a wrong picture of the folder:
 * a file it failed to create stays "existing" in its cache, so every later write fails even after
 * the folder is writable again. So on a fault this keeps the instance for reads and, at most once
 * per RETRY_MS, checks whether the folder takes a write again; when it does, it closes the broken
 * instance and opens a new one on the same folder (PostgreSQL's recovery replays the WAL). Callers
 * hold one proxy for the whole life of the process and never see the swap.
 */

const RETRY_MS = 1000;

/** PGlite loads contrib extensions only when asked; the migrations create pg_trgm (0008_search). */
const openPglite = (folder: string): Promise<PGlite> => PGlite.create(folder, { extensions: { pg_trgm } });

export interface SupervisedPglite {
  /** Stands for the current instance: hand it to Drizzle once. */
  client: PGlite;
  /** Writes and removes a small file in the folder; throws the file system's error when it cannot. */
  probeFolder(): Promise<void>;
  /** Reopens now if a fault was seen and the folder takes writes again (the health check calls it). */
  recover(): Promise<void>;
  /** Whether a storage fault was seen and the instance has not been reopened since. */
  readonly faulted: boolean;
  close(): Promise<void>;
}

export async function openSupervisedPglite(folder: string, options: { onRecovered?: () => void } = {}): Promise<SupervisedPglite> {
  let current = await openPglite(folder);
  let faulted = false;
  let lastAttempt = 0;
  let reopening: Promise<void> | null = null;

  const probeFolder = async () => {
    const probe = join(folder, `.ottisk-write-probe-${randomBytes(4).toString("hex")}`);
    await writeFile(probe, "probe", { flag: "wx" });
    await rm(probe, { force: true });
  };

  const reopen = async () => {
    try {
      await probeFolder();
    } catch {
      return;
    }
    try {
      await current.close();
    } catch {
      // The broken instance may fail to flush: the WAL on disk is what the new one starts from.
    }
    current = await openPglite(folder);
    faulted = false;
    options.onRecovered?.();
  };

  const recover = (force: boolean): Promise<void> => {
    if (!faulted) return Promise.resolve();
    if (reopening) return reopening;
    if (!force && Date.now() - lastAttempt < RETRY_MS) return Promise.resolve();
    lastAttempt = Date.now();
    reopening = reopen()
      .catch(() => undefined)
      .finally(() => {
        reopening = null;
      });
    return reopening;
  };

  const noteFault = (error: unknown): never => {
    if (isStorageFault(error)) faulted = true;
    throw error;
  };

  // Drizzle's PGlite session calls only query, exec and transaction; everything else reads through.
  const supervised: Record<string, (...args: never[]) => Promise<unknown>> = {
    // Through a prepared statement where it can (db/pglite-prepared.ts): one round trip, no re-planning.
    query: async (...[text, params, options]: Parameters<PGlite["query"]>) => {
      await recover(false);
      return preparedQuery(current, text, params, options).catch(noteFault);
    },
    exec: async (...args: Parameters<PGlite["exec"]>) => {
      await recover(false);
      return current.exec(...args).catch(noteFault);
    },
    transaction: async (...args: Parameters<PGlite["transaction"]>) => {
      await recover(false);
      return current.transaction(...args).catch(noteFault);
    },
  };

  const client = new Proxy(current, {
    get(_target, property) {
      if (typeof property === "string" && Object.hasOwn(supervised, property)) return supervised[property];
      const value: unknown = Reflect.get(current, property, current);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(current) : value;
    },
  });

  return {
    client,
    probeFolder,
    recover: () => recover(true),
    get faulted() {
      return faulted;
    },
    close: async () => {
      await reopening;
      await current.close();
    },
  };
}
