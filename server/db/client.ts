import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { createLocalNotifications, createPostgresNotifications } from "./notifications";
import type { DatabaseNotifications } from "./notifications";
import { openSupervisedPglite } from "./pglite-supervisor";
import { ORDER_STATUS_COUNTS_SQL } from "./order-status-counts";
import * as schema from "./schema";

/**
 * The database as services see it: the same Drizzle API whether PGlite or PostgreSQL answers.
 * Services must use only what both drivers share (the pg-core query builder, `sql`).
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The transaction Drizzle hands to `db.transaction(async (tx) => …)`; usable wherever a Database is. */
export type DatabaseTransaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Plain SQL with `$1` parameters on the same connections as `db`, for libraries that bring their
 * own statements (the check queue, pg-boss). A text without parameters may hold several statements.
 */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface OpenDatabase {
  db: Database;
  sql: SqlExecutor;
  /**
   * Runs `work` while holding the database's set-up lock (a PostgreSQL advisory lock): nodes that
   * start at the same moment migrate and seed one after another, never at once. PGlite is one
   * process, so there it just runs `work`.
   */
  underSetupLock<T>(work: () => Promise<T>): Promise<T>;
  /** Notices to every process on this database (LISTEN/NOTIFY; in memory on PGlite): db/notifications.ts. */
  notifications: DatabaseNotifications;
  /** Closes the pool or stops PGlite, flushing its data folder; call once on shutdown. */
  close(): Promise<void>;
  /**
   * Checks that the database's own folder takes a write (the embedded database; PostgreSQL's
   * server watches its own disk) and reopens the embedded database after a fault that has cleared.
   * Throws the file system's error while the folder refuses writes.
   */
  probeStorage(): Promise<void>;
  /**
   * The embedded database's data folder as PGlite dumps it (a gzipped tar), taken between
   * transactions while the shop runs (services/backup/backup-endpoint.ts); null on PostgreSQL,
   * which pg_dump reads from outside.
   */
  dumpEmbedded: (() => Promise<Blob>) | null;
}

export type DatabaseOptions =
  /**
   * The embedded PGlite in the shop's data folder (created when missing). PGlite keeps its files
   * in `dataDir/pglite`, so the same folder can hold `files/` beside them without PostgreSQL's
   * data directory ever mixing with uploads.
   */
  | { dataDir: string }
  /**
   * A PostgreSQL server, e.g. `postgres://user:password@host:5432/ottisk`, with at most `poolSize`
   * connections from this process (default 10; OTTISK_DB_POOL_SIZE).
   */
  | { databaseUrl: string; poolSize?: number };

/** The pool's size when none is given: pg's own default. */
export const DEFAULT_POOL_SIZE = 10;

/**
 * The advisory lock key every Ottisk process takes around migrations and the demo seed
 * (pg_advisory_lock is per database, so shops on other databases of the server do not wait).
 * The bytes of "ottisk:1" read as a bigint.
 */
const SETUP_LOCK_KEY = "8031357394862291505";

/** Holds the set-up lock on one connection of the pool while `work` runs on the others. */
async function withAdvisoryLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const holder = await pool.connect();
  try {
    await holder.query("SELECT pg_advisory_lock($1::bigint)", [SETUP_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await holder.query("SELECT pg_advisory_unlock($1::bigint)", [SETUP_LOCK_KEY]);
    }
  } finally {
    holder.release();
  }
}

/** Both drivers run this one folder, so a PGlite install and a PostgreSQL one never drift apart. */
export const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations", import.meta.url));

/** The subfolder of the data folder that PGlite owns. */
export const PGLITE_FOLDER = "pglite";

/** Opens the database and brings its schema up to date before anything reads it. */
export async function openDatabase(options: DatabaseOptions): Promise<OpenDatabase> {
  if ("databaseUrl" in options) {
    // Two connections at least: the set-up lock holds one while the migrations run on another.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: Math.max(2, options.poolSize ?? DEFAULT_POOL_SIZE) });
    // PostgreSQL may end an idle connection (a restart, a failover, DROP DATABASE … FORCE): the pool
    // drops it and opens a new one on the next query. Unheard, the pool's 'error' would crash the process.
    pool.on("error", (error) => {
      process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`, { code: "OTTISK_DB_IDLE_CONNECTION_CLOSED" });
    });
    const db = drizzleNodePostgres({ client: pool, schema });
    const underSetupLock = <T>(work: () => Promise<T>): Promise<T> => withAdvisoryLock(pool, work);
    try {
      // Under the lock: two nodes started at once on an empty database would both create the tables.
      await underSetupLock(async () => {
        await migrateNodePostgres(db, { migrationsFolder: MIGRATIONS_DIR });
        const connection = await pool.connect();
        try {
          await connection.query("BEGIN");
          await connection.query(ORDER_STATUS_COUNTS_SQL);
          await connection.query("COMMIT");
        } catch (error) {
          await connection.query("ROLLBACK");
          throw error;
        } finally {
          connection.release();
        }
      });
    } catch (error) {
      await pool.end();
      throw error;
    }
    const sqlExecutor: SqlExecutor = { executeSql: (text, values) => pool.query(text, values) };
    const notifications = createPostgresNotifications(pool, options.databaseUrl, (error) =>
      process.emitWarning(`The connection that listens for other nodes' notices was lost (${error.message}); it is being made again`, { code: "OTTISK_DB_LISTEN_LOST" }),
    );
    const close = async () => {
      await notifications.close();
      await pool.end();
    };
    return { db, sql: sqlExecutor, underSetupLock, notifications, close, probeStorage: async () => undefined, dumpEmbedded: null };
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
    await supervised.client.transaction(async (tx) => {
      await tx.exec(ORDER_STATUS_COUNTS_SQL);
    });
  } catch (error) {
    await supervised.close();
    throw error;
  }
  const client = supervised.client;
  const sqlExecutor: SqlExecutor = {
    async executeSql(text, values) {
      if (values !== undefined && values.length > 0) return client.query(text, values);
      // exec() takes several statements; like pg, one statement answers its result and several a list.
      const results = await client.exec(text);
      return results.length === 1 && results[0] ? results[0] : { rows: results.flatMap((result) => result.rows) };
    },
  };
  return {
    db,
    sql: sqlExecutor,
    underSetupLock: (work) => work(),
    notifications: createLocalNotifications(),
    close: () => supervised.close(),
    probeStorage: async () => {
      await supervised.recover();
      await supervised.probeFolder();
    },
    dumpEmbedded: async () => {
      // A checkpoint first, so the dump needs little WAL replay; then no transaction is open while the files are read.
      await client.query("CHECKPOINT");
      return client._runExclusiveTransaction(() => client.dumpDataDir("gzip"));
    },
  };
}
