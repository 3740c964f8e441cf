/*
 * `npm run geo:import -- <file.csv>`: loads cities from a CSV in the layout of the HFLabs city data
 * set into the shop's database — the one `npm start` uses (OTTISK_DATA_DIR or DATABASE_URL, see
 * server/config.ts). Cities are upserted by KLADR id; preset cities keep their delivery providers'
 * ids; bad rows are listed with their line numbers and skipped. Exit codes: 0 imported (maybe with
 * skipped rows), 1 the import could not run, 2 wrong arguments.
 */
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ConfigError, readConfig } from "../config";
import { openDatabase } from "../db/client";
import type { DatabaseOptions, OpenDatabase } from "../db/client";
import { CityImportError, readCityCsv, writeCities } from "../services/geo/city-import";
import type { CityCsv } from "../services/geo/city-import";

export interface GeoImportIo {
  args: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  /** Where the database settings are resolved from; npm runs scripts from the project root. */
  cwd: string;
  out(line: string): void;
  err(line: string): void;
  /** How the database is opened; `openDatabase` (migrating it) unless a test hands in its own. */
  openDatabase?: (options: DatabaseOptions) => Promise<Pick<OpenDatabase, "db" | "close">>;
}

const USAGE = "Usage: npm run geo:import -- <cities.csv>   (the layout of the HFLabs city data set, header row first)";

/** Runs the command and gives its exit code; never throws. */
export async function runGeoImport(io: GeoImportIo): Promise<number> {
  const files = io.args.filter((arg) => arg !== "--");
  if (files.length !== 1 || files[0] === "-h" || files[0] === "--help") {
    io.err(USAGE);
    return 2;
  }
  // npm changes to the project root; a path the operator typed is relative to where they were.
  const file = resolve(io.env.INIT_CWD ?? io.cwd, files[0] ?? "");

  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    io.err(`geo:import: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    return 1;
  }

  let database: Pick<OpenDatabase, "db" | "close"> | undefined;
  try {
    const config = readConfig(io.env, io.cwd);
    // The file is read before the database is opened: a file that cannot be imported touches nothing.
    const parsed: CityCsv = readCityCsv(text);
    const target = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}`;
    io.out(`geo:import: ${file} → ${target}`);
    const open = io.openDatabase ?? openDatabase;
    database = await open(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
    const report = await writeCities(database.db, parsed);
    for (const problem of report.skipped) io.err(`line ${problem.line}: ${problem.message} — skipped`);
    io.out(
      `geo:import: ${report.rows} rows: ${report.inserted} new, ${report.updated} updated, ${report.unchanged} unchanged, ${report.skipped.length} skipped`,
    );
    return 0;
  } catch (error) {
    const known = error instanceof ConfigError || error instanceof CityImportError;
    io.err(`geo:import: ${known ? (error as Error).message : `the import failed, nothing was written: ${error instanceof Error ? error.message : String(error)}`}`);
    return 1;
  } finally {
    await database?.close().catch(() => undefined);
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await runGeoImport({
    args: process.argv.slice(2),
    env: process.env,
    cwd: process.cwd(),
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
}
