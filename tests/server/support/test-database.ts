import { randomBytes } from "node:crypto";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase } from "../../../server/db/client";
import type { Database } from "../../../server/db/client";
import { seedDemoData } from "../../../server/db/seed";

/** What the global setup prepared: a PGlite template to copy, or a PostgreSQL server to create databases on. */
export type TestDatabaseSetup =
  | { kind: "pglite"; templateDir: string; runDir: string }
  | { kind: "postgres"; databaseUrl: string };

/** A migrated database with the demo catalogue, private to one test file. */
export interface TestDatabase {
  db: Database;
  /** The seeded photos (catalog/*.svg) live here. */
  filesDir: string;
  /** "PGlite" or "PostgreSQL", for test names. */
  engine: string;
  /** Closes the database and deletes it with its files. */
  close(): Promise<void>;
}

async function openPgliteCopy(setup: { templateDir: string; runDir: string }): Promise<TestDatabase> {
  const dataDir = join(setup.runDir, `copy-${randomBytes(6).toString("hex")}`);
  await cp(setup.templateDir, dataDir, { recursive: true });
  const opened = await openDatabase({ dataDir });
  return {
    db: opened.db,
    filesDir: join(dataDir, "files"),
    engine: "PGlite",
    close: async () => {
      await opened.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Each test file gets a database of its own on the server, so files can run in parallel. */
async function openPostgresDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `ottisk_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const filesDir = await mkdtemp(join(tmpdir(), "ottisk-test-files-"));
  const drop = async () => {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await rm(filesDir, { recursive: true, force: true });
  };
  let opened: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    opened = await openDatabase({ databaseUrl: url.toString() });
    await seedDemoData(opened.db, filesDir);
  } catch (error) {
    await opened?.close();
    await drop();
    throw error;
  }
  const { db, close } = opened;
  return {
    db,
    filesDir,
    engine: "PostgreSQL",
    close: async () => {
      await close();
      await drop();
    },
  };
}

export async function openTestDatabase(): Promise<TestDatabase> {
  const setup = inject("testDatabase");
  return setup.kind === "postgres" ? openPostgresDatabase(setup.databaseUrl) : openPgliteCopy(setup);
}
