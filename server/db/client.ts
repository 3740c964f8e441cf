import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { openSupervisedPglite } from "./pglite-supervisor";
import * as schema from "./schema";

/**
 * The database as services see it: the same Drizzle API whether PGlite or PostgreSQL answers.
 * Services must use only what both drivers share (the pg-core query builder, `sql`).
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface OpenDatabase {
  db: Database;
  /** Closes the pool or stops PGlite, flushing its data folder; call once on shutdown. */
  close(): Promise<void>;
  /**
   * Checks that the database's own folder takes a write (the embedded database; PostgreSQL's
   * server watches its own disk) and reopens the embedded database after a fault that has cleared.
   * Throws the file system's error while the folder refuses writes.
   */
  probeStorage(): Promise<void>;
}

export type DatabaseOptions =
  /**
   * The embedded PGlite in the shop's data folder (created when missing). PGlite keeps its files
   * in `dataDir/pglite`, so the same folder can hold `files/` beside them without PostgreSQL's
   * data directory ever mixing with uploads.
   */
  | { dataDir: string }
  /** A PostgreSQL server, e.g. `postgres://user:password@host:5432/ottisk`. */
  | { databaseUrl: string };

/** Both drivers run this one folder, so a PGlite install and a PostgreSQL one never drift apart. */
export const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations", import.meta.url));

/** The subfolder of the data folder that PGlite owns. */
export const PGLITE_FOLDER = "pglite";

/** Opens the database and brings its schema up to date before anything reads it. */
export async function openDatabase(options: DatabaseOptions): Promise<OpenDatabase> {
  if ("databaseUrl" in options) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl });
    // PostgreSQL may end an idle connection (a restart, a failover, DROP DATABASE … FORCE): the pool
    // drops it and opens a new one on the next query. Unheard, the pool's 'error' would crash the process.
    pool.on("error", (error) => {
      process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`, { code: "OTTISK_DB_IDLE_CONNECTION_CLOSED" });
    });
    const db = drizzleNodePostgres({ client: pool, schema });
    try {
      await migrateNodePostgres(db, { migrationsFolder: MIGRATIONS_DIR });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db, close: () => pool.end(), probeStorage: async () => undefined };
  }

  const pgliteDir = join(resolve(options.dataDir), PGLITE_FOLDER);
  await mkdir(pgliteDir, { recursive: true });
  const supervised = await openSupervisedPglite(pgliteDir, {
    onRecovered: () =>
      process.emitWarning(`the embedded database in ${pgliteDir} was reopened: its folder takes writes again after a storage fault`, { code: "OTTISK_DB_REOPENED" }),
  });
  const db = drizzlePglite({ client: supervised.client, schema });
  try {
    await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  } catch (error) {
    await supervised.close();
    throw error;
  }
  return {
    db,
    close: () => supervised.close(),
    probeStorage: async () => {
      await supervised.recover();
      await supervised.probeFolder();
    },
  };
}
