import { spawn } from "node:child_process";
import { BackupRefusal } from "./manifest";

/** A PostgreSQL client program the backup and the restore run: pg_dump or psql. */
export type PostgresTool = "pg_dump" | "psql";

const MISSING: Record<PostgresTool, { english: string; russian: string }> = {
  pg_dump: {
    english: "pg_dump is not installed: install PostgreSQL's client tools of the server's version or newer (Debian: apt-get install postgresql-client) and run the backup again",
    russian: "не найден pg_dump: установите клиентские программы PostgreSQL той же или более новой версии, что и сервер, и запустите копирование снова",
  },
  psql: {
    english: "psql is not installed: install PostgreSQL's client tools (Debian: apt-get install postgresql-client) and run the restore again",
    russian: "не найден psql: установите клиентские программы PostgreSQL и запустите восстановление снова",
  },
};

/**
 * Runs `tool` with `args` against the database at `databaseUrl` (given as `--dbname`, without its
 * password, which travels in PGPASSWORD rather than on the command line). A missing program is a
 * BackupRefusal; a failure is an Error with what the program wrote to stderr.
 */
export async function runPostgresTool(tool: PostgresTool, args: readonly string[], databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  const child = spawn(tool, [...args, "--dbname", url.href], {
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const errors: string[] = [];
  child.stderr.on("data", (chunk: Buffer) => errors.push(chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  }).catch((error: unknown) => {
    if (error instanceof Error && "code" in error && error.code === "ENOENT") throw new BackupRefusal(MISSING[tool].english, MISSING[tool].russian);
    throw error;
  });
  if (code !== 0) throw new Error(`${tool} failed (exit code ${code}): ${errors.join("").trim()}`);
}
