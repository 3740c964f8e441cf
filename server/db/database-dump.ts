import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { MIGRATIONS_DIR, PGLITE_FOLDER } from "./client";

/*
 * The database's side of backups (services/backup/): where the schema stands (the last migration
 * applied), and the embedded database's data folder dumped and loaded by a process that owns it.
 * A running shop dumps its own PGlite (OpenDatabase.dumpEmbedded); PostgreSQL is dumped by pg_dump.
 */

/** The last migration applied: its tag in `db/migrations/meta/_journal.json` and how many were applied. */
export interface MigrationLevel {
  tag: string;
  applied: number;
}

interface JournalEntry {
  tag: string;
  when: number;
}

/** The migrations this code knows, in order. */
export function knownMigrations(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as { entries: JournalEntry[] };
  return journal.entries;
}

const LEVEL_QUERY = "SELECT count(*)::int AS applied, max(created_at)::text AS last FROM drizzle.__drizzle_migrations";

function levelOf(row: { applied: number; last: string | null } | undefined): MigrationLevel {
  const applied = Number(row?.applied ?? 0);
  const last = row?.last === null || row?.last === undefined ? null : Number(row.last);
  const entry = knownMigrations().find((item) => item.when === last);
  return { tag: entry?.tag ?? (applied === 0 ? "none" : `unknown (${last})`), applied };
}

/** The migration level of a database, read with any `executeSql`-like function. */
export async function migrationLevel(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<MigrationLevel> {
  const result = await query(LEVEL_QUERY);
  return levelOf(result.rows[0] as { applied: number; last: string | null } | undefined);
}

/** The migration level of the PostgreSQL at `databaseUrl` (one short connection). */
export async function postgresMigrationLevel(databaseUrl: string): Promise<MigrationLevel> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await migrationLevel((text) => client.query(text));
  } finally {
    await client.end();
  }
}

/** How many tables the PostgreSQL at `databaseUrl` holds outside the system's schemas: 0 for an empty database. */
export async function postgresTableCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')");
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/** PGlite's own lock-like file: there while an instance has the folder open (or after one crashed). */
export function embeddedDatabaseInUse(dataDir: string): boolean {
  return existsSync(join(dataDir, PGLITE_FOLDER, "postmaster.pid"));
}

/** Whether the data folder holds an embedded database. */
export function embeddedDatabaseExists(dataDir: string): boolean {
  return existsSync(join(dataDir, PGLITE_FOLDER, "PG_VERSION"));
}

/**
 * The embedded database of a data folder no process has open: opened (without migrating), checkpointed,
 * dumped as PGlite's gzipped tar of its data folder, closed.
 */
export async function dumpEmbeddedFolder(dataDir: string): Promise<{ dump: Blob; level: MigrationLevel }> {
  const db = await PGlite.create(join(dataDir, PGLITE_FOLDER), { extensions: { pg_trgm } });
  try {
    const level = await migrationLevel((text) => db.query(text));
    await db.query("CHECKPOINT");
    return { dump: await db.dumpDataDir("gzip"), level };
  } finally {
    await db.close();
  }
}

/** Creates the embedded database of an empty data folder from a dump (dumpEmbeddedFolder's or a running shop's); answers its migration level. */
export async function loadEmbeddedFolder(dataDir: string, dump: Blob): Promise<MigrationLevel> {
  const db = await PGlite.create(join(dataDir, PGLITE_FOLDER), { extensions: { pg_trgm }, loadDataDir: dump });
  try {
    return await migrationLevel((text) => db.query(text));
  } finally {
    await db.close();
  }
}
