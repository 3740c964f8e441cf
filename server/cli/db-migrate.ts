/*
 * `npm run db:migrate`: brings the shop's database (DATABASE_URL, else the embedded one in
 * OTTISK_DATA_DIR) up to date — the migrations, then the start-up data (preset cities, demo
 * catalogue and accounts on an empty database) — and exits. The nodes do the same on start under
 * the database's set-up lock, so this step is optional: run it before a deploy to see a
 * migration's errors on their own instead of in the nodes' logs. Exit codes: 0 done, 1 failed.
 */
import { readConfig } from "../config";
import { openDatabase } from "../db/client";
import { seedDemoData } from "../seed/seed";
import { createFileStorages } from "../storage/file-storage";

try {
  const config = readConfig(process.env);
  const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl, poolSize: 2 } : { dataDir: config.dataDir });
  try {
    const { publicFiles } = createFileStorages({ filesDir: config.filesDir, s3: config.s3 });
    await database.underSetupLock(() => seedDemoData(database.db, publicFiles));
  } finally {
    await database.close();
  }
  console.log(`db:migrate: ${config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : config.dataDir} is up to date`);
} catch (error) {
  console.error(`db:migrate: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
