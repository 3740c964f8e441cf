import { randomBytes } from "node:crypto";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase } from "../../../server/db/client";
import type { Database, OpenDatabase, SqlExecutor } from "../../../server/db/client";
import type { DatabaseNotifications } from "../../../server/db/notifications";

/** What the global setup prepared: a PGlite template to copy, or a PostgreSQL server to create databases on. */
export type TestDatabaseSetup =
  | { kind: "pglite"; templateDir: string; runDir: string }
  | {
      kind: "postgres";
      databaseUrl: string;
      /** The migrated and seeded database each test file's database is created from (CREATE DATABASE … TEMPLATE). */
      templateDatabase: string;
      /** The template's seeded files, copied for each database. */
      templateFilesDir: string;
    };

/** A migrated database with the demo catalogue, private to one test file. */
export interface TestDatabase {
  db: Database;
  /** Plain SQL on the same database (OpenDatabase.sql), for the check queue. */
  sql: SqlExecutor;
  /** Notices to every node on this database (OpenDatabase.notifications). */
  notifications: DatabaseNotifications;
  /**
   * Another node's own connections to this same database: a second pool and listening connection on
   * PostgreSQL; on PGlite (one process) this database's own. close() closes them.
   */
  openNode(): Promise<TestNodeDatabase>;
  /** The seeded photos (catalog/*.svg) live here. */
  filesDir: string;
  /** "PGlite" or "PostgreSQL", for test names. */
  engine: string;
  /** The PostgreSQL database's URL (another process may connect to it); undefined for PGlite. */
  url?: string;
  /** Closes the database and deletes it with its files. */
  close(): Promise<void>;
}

/** What one node opens of the database. */
export type TestNodeDatabase = Pick<OpenDatabase, "db" | "sql" | "notifications">;

async function openPgliteCopy(setup: { templateDir: string; runDir: string }): Promise<TestDatabase> {
  const dataDir = join(setup.runDir, `copy-${randomBytes(6).toString("hex")}`);
  await cp(setup.templateDir, dataDir, { recursive: true });
  const opened = await openDatabase({ dataDir });
  return {
    db: opened.db,
    sql: opened.sql,
    notifications: opened.notifications,
    openNode: async () => opened,
    filesDir: join(dataDir, "files"),
    engine: "PGlite",
    close: async () => {
      await opened.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** One statement on the server's own database (CREATE and DROP DATABASE). */
export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The URL of the database `name` on the server of `serverUrl`. */
export function databaseUrlOf(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Each test file gets a database of its own on the server, so files can run in parallel: a copy of
 * the run's seeded template (global-setup.ts), as PGlite's files get a copy of its data folder. A
 * copy takes a fraction of a second; migrating and seeding a new database took seconds per file.
 */
async function openPostgresDatabase(setup: { databaseUrl: string; templateDatabase: string; templateFilesDir: string }): Promise<TestDatabase> {
  const serverUrl = setup.databaseUrl;
  const name = `ottisk_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${name}" TEMPLATE "${setup.templateDatabase}"`);
  const url = new URL(databaseUrlOf(serverUrl, name));
  const filesDir = await mkdtemp(join(tmpdir(), "ottisk-test-files-"));
  const drop = async () => {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await rm(filesDir, { recursive: true, force: true });
  };
  let opened: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    await cp(setup.templateFilesDir, filesDir, { recursive: true });
    opened = await openDatabase({ databaseUrl: url.toString() });
  } catch (error) {
    await opened?.close();
    await drop();
    throw error;
  }
  const { db, close } = opened;
  const nodes: OpenDatabase[] = [];
  return {
    db,
    sql: opened.sql,
    notifications: opened.notifications,
    openNode: async () => {
      const node = await openDatabase({ databaseUrl: url.toString() });
      nodes.push(node);
      return node;
    },
    filesDir,
    engine: "PostgreSQL",
    url: url.toString(),
    close: async () => {
      await Promise.all(nodes.map((node) => node.close()));
      await close();
      await drop();
    },
  };
}

export async function openTestDatabase(): Promise<TestDatabase> {
  const setup = inject("testDatabase");
  return setup.kind === "postgres" ? openPostgresDatabase(setup) : openPgliteCopy(setup);
}

/** A seeded database for an API node in another process (tests/server/support/api-node.ts): its environment, its files folder. */
export interface ChildDatabase {
  /** OTTISK_TEST_NODE_DATA_DIR (a copy of the embedded template), or DATABASE_URL and OTTISK_TEST_NODE_FILES_DIR. */
  env: Record<string, string>;
  filesDir: string;
  /** Deletes the database and its files (after the child has stopped). */
  close(): Promise<void>;
}

export async function childDatabase(): Promise<ChildDatabase> {
  const setup = inject("testDatabase");
  if (setup.kind === "postgres") {
    const database = await openPostgresDatabase(setup);
    if (!database.url) throw new Error("no URL of the test database");
    return { env: { DATABASE_URL: database.url, OTTISK_TEST_NODE_FILES_DIR: database.filesDir }, filesDir: database.filesDir, close: database.close };
  }
  // The embedded database is one process's: the child opens a copy nobody else has open.
  const dataDir = join(setup.runDir, `child-${randomBytes(6).toString("hex")}`);
  await cp(setup.templateDir, dataDir, { recursive: true });
  return { env: { OTTISK_TEST_NODE_DATA_DIR: dataDir }, filesDir: join(dataDir, "files"), close: () => rm(dataDir, { recursive: true, force: true }) };
}
