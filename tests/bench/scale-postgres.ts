import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/*
 * A throwaway PostgreSQL cluster for `npm run bench:scale`, started the way
 * tests/server/with-postgres.sh starts one: initdb and pg_ctl in a temporary folder on the given
 * port, durability off, as the postgres user when running as root (initdb refuses root). The
 * benchmark stops it and deletes the folder when it ends, also on Ctrl-C.
 */

export interface ThrowawayPostgres {
  url: string;
  version: string;
  stop(): void;
}

/** The newest PostgreSQL's bin folder under /usr/lib/postgresql, else the one on PATH; null when there is none. */
function findPgBin(): string | null {
  const base = "/usr/lib/postgresql";
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const bin = join(base, version, "bin");
      if (existsSync(join(bin, "initdb")) && existsSync(join(bin, "pg_ctl"))) return bin;
    }
  }
  const found = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" });
  const initdb = found.stdout.trim();
  return initdb ? initdb.replace(/\/initdb$/, "") : null;
}

/** Starts the cluster; null (with the reason on stderr) when PostgreSQL is not installed. */
export function startThrowawayPostgres(port: number): ThrowawayPostgres | null {
  const bin = findPgBin();
  if (!bin) {
    console.error("bench:scale: PostgreSQL (initdb, pg_ctl) is not installed; measuring PGlite only. Debian: apt-get install postgresql");
    return null;
  }
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? ["runuser", "-u", "postgres", "--"] : [];
  const run = (tool: string, args: string[]) => {
    const [command, ...rest] = [...owner, join(bin, tool), ...args];
    execFileSync(command ?? tool, rest, { stdio: ["ignore", "ignore", "inherit"] });
  };
  const workDir = mkdtempSync(join(tmpdir(), "ottisk-bench-postgres."));
  if (asRoot) {
    const ids = execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim();
    const group = execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim();
    chownSync(workDir, Number(ids), Number(group));
  }
  const dataDir = join(workDir, "data");
  let started = false;
  const stop = () => {
    if (started) {
      try {
        run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } catch {
        // Already gone: nothing to stop.
      }
      started = false;
    }
    rmSync(workDir, { recursive: true, force: true });
  };
  try {
    run("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8"]);
    const options = `-p ${port} -k ${workDir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100`;
    run("pg_ctl", ["-D", dataDir, "-l", join(workDir, "postgres.log"), "-w", "-t", "60", "-o", options, "start"]);
    started = true;
  } catch (error) {
    stop();
    throw error;
  }
  const version = execFileSync(join(bin, "postgres"), ["--version"], { encoding: "utf8" }).trim();
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, version, stop };
}
