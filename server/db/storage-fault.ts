import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

/*
 * A storage fault: the disk under the database or the files said no (permission lost, read-only,
 * full, an I/O error). Such a failure is not the caller's mistake and not our bug: the API answers
 * 503 with words for the shopper, the health check reports it, and the embedded database reopens
 * once the folder can be written again (pglite-supervisor.ts).
 */

/** Node's codes for a disk that refuses to be written. */
const FILE_SYSTEM_CODES = new Set(["EACCES", "EPERM", "EROFS", "ENOSPC", "EDQUOT", "EIO"]);

/**
 * PostgreSQL's codes for the same (class 58 "system error", 53100 disk_full, 53200 out of memory
 * is not one). A "could not create/open/write/extend … file" with 42501 is a refused file too.
 */
function isPostgresStorageCode(code: string, message: string): boolean {
  if (code.startsWith("58") || code === "53100") return true;
  return code === "42501" && /could not (create|open|write|extend|fsync|truncate)/i.test(message);
}

function isWasmAbort(error: unknown): boolean {
  return error instanceof WebAssembly.RuntimeError || (error instanceof Error && /^(Aborted|PGlite is closed)/.test(error.message));
}

/** True when the error or one of its causes is a storage fault. */
export function isStorageFault(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if (isWasmAbort(current)) return true;
    if (typeof current === "object" && current !== null) {
      const record = current as { code?: unknown; message?: unknown; cause?: unknown };
      const code = typeof record.code === "string" ? record.code : "";
      const message = typeof record.message === "string" ? record.message : "";
      if (FILE_SYSTEM_CODES.has(code) || isPostgresStorageCode(code, message)) return true;
      current = record.cause;
    } else {
      return false;
    }
  }
  return false;
}

/**
 * The first of the folders that exists and refuses a write (a small file created and removed), with
 * the error's code; null when every one takes writes. A folder that is missing is created when it
 * can be, so a fresh data folder passes and one under a read-only parent does not.
 */
export async function firstUnwritableFolder(folders: string[]): Promise<{ folder: string; code: string } | null> {
  for (const folder of folders) {
    try {
      await mkdir(folder, { recursive: true });
      const probe = join(folder, `.ottisk-write-probe-${process.pid}`);
      await writeFile(probe, "probe");
      await rm(probe, { force: true });
    } catch (error) {
      const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "EIO";
      return { folder, code };
    }
  }
  return null;
}
