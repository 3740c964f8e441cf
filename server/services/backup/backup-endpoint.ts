import { randomBytes, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { migrationLevel } from "../../db/database-dump";
import type { MigrationLevel } from "../../db/database-dump";
import type { OpenDatabase } from "../../db/client";

/*
 * How `npm run backup` dumps the embedded database of a running shop (see "Backup and restore" in
 * server/docs/deployment.md). PGlite belongs to one process: while `npm start` has the data folder
 * open, no other process may open it. So the shop serves its own dump — not on its public port, but
 * on a second listener bound to 127.0.0.1 on a port the system picks, and only to a caller that
 * shows the token the shop writes at start into `OTTISK_DATA_DIR/backup-endpoint.json` (mode 0600:
 * readable by the user running the shop and root). A proxy in front of the shop never reaches this
 * listener, and another user of the machine cannot read the token.
 */

/** The file in the data folder that tells `npm run backup` where the running shop's dump is. */
export const BACKUP_ENDPOINT_FILE = "backup-endpoint.json";
/** The answer's header that carries the dumped database's migration level (JSON). */
export const MIGRATION_LEVEL_HEADER = "x-ottisk-migration-level";

export interface BackupEndpointFile {
  pid: number;
  port: number;
  token: string;
}

export interface BackupEndpoint {
  port: number;
  close(): Promise<void>;
}

/**
 * Starts the dump listener of an embedded database and writes the endpoint file; null on PostgreSQL
 * (pg_dump reads it from outside). `close()` stops it and removes the file.
 */
export async function startBackupEndpoint(options: { dataDir: string; database: OpenDatabase }): Promise<BackupEndpoint | null> {
  const dumpEmbedded = options.database.dumpEmbedded;
  if (!dumpEmbedded) return null;
  const token = randomBytes(32).toString("hex");
  const expected = Buffer.from(`Bearer ${token}`);
  const server = createServer((request, response) => {
    const given = Buffer.from(request.headers.authorization ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      response.writeHead(401, { "content-type": "text/plain" }).end("a backup token is required\n");
      return;
    }
    if (request.method !== "GET" || request.url !== "/database") {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
      return;
    }
    void (async () => {
      try {
        const level = await migrationLevel((text) => options.database.sql.executeSql(text));
        const dump = await dumpEmbedded();
        response.writeHead(200, {
          "content-type": "application/gzip",
          "content-length": String(dump.size),
          [MIGRATION_LEVEL_HEADER]: JSON.stringify(level),
        });
        Readable.fromWeb(dump.stream() as WebReadableStream<Uint8Array>).pipe(response);
      } catch (error) {
        response.writeHead(500, { "content-type": "text/plain" }).end(`the dump failed: ${error instanceof Error ? error.message : String(error)}\n`);
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ host: "127.0.0.1", port: 0 }, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const file = join(options.dataDir, BACKUP_ENDPOINT_FILE);
  // A file left by a shop that was killed is replaced; a new file is created 0600 (writeFile keeps an existing file's mode).
  await rm(file, { force: true });
  const contents: BackupEndpointFile = { pid: process.pid, port, token };
  await writeFile(file, `${JSON.stringify(contents)}\n`, { mode: 0o600, flag: "wx" });
  return {
    port,
    close: async () => {
      // A folder that refuses writes (a disk fault) must not keep the shop from stopping; a stale file is recognised by its dead pid.
      await rm(file, { force: true }).catch(() => undefined);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Whether a process with this id is alive (it may belong to another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && "code" in error && error.code === "EPERM";
  }
}

/** The running shop's dump endpoint, from the data folder's file; null when no shop that wrote one is alive. */
export async function runningShopEndpoint(dataDir: string): Promise<BackupEndpointFile | null> {
  let text: string;
  try {
    text = await readFile(join(dataDir, BACKUP_ENDPOINT_FILE), "utf8");
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "ENOENT") return null;
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<BackupEndpointFile>;
  if (typeof parsed.pid !== "number" || typeof parsed.port !== "number" || typeof parsed.token !== "string") return null;
  return alive(parsed.pid) ? { pid: parsed.pid, port: parsed.port, token: parsed.token } : null;
}

/** Asks the running shop for its database's dump: the answer's body (a gzipped tar) and the migration level. */
export async function dumpThroughShop(endpoint: BackupEndpointFile): Promise<{ body: Readable; sizeBytes: number; level: MigrationLevel }> {
  const response = await fetch(`http://127.0.0.1:${endpoint.port}/database`, { headers: { authorization: `Bearer ${endpoint.token}` } });
  if (!response.ok || !response.body) throw new Error(`the running shop (pid ${endpoint.pid}) answered ${response.status}: ${(await response.text()).trim()}`);
  const level = JSON.parse(response.headers.get(MIGRATION_LEVEL_HEADER) ?? "null") as MigrationLevel | null;
  const sizeBytes = Number(response.headers.get("content-length"));
  if (!level || !Number.isSafeInteger(sizeBytes)) throw new Error(`the running shop (pid ${endpoint.pid}) did not say the dump's size and migration level`);
  return { body: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), sizeBytes, level };
}
