/*
 * `npm run backup -- FILE`: one archive (a gzipped tar) of the shop's database and stored files,
 * made while the shop runs, with the same settings as the server (OTTISK_DATA_DIR, DATABASE_URL,
 * OTTISK_S3_*). A line per step on stdout; a refusal (FILE exists, no database there) is one
 * sentence on stderr. Exit codes: 0 written, 1 refused or failed. See "Backup and restore" in
 * server/docs/deployment.md.
 */
import { readConfigOrExit } from "../config";
import { createBackup } from "../services/backup/backup.service";
import { BackupRefusal } from "../services/backup/manifest";

const USAGE = "usage: npm run backup -- FILE   (e.g. npm run backup -- /backups/ottisk-$(date +%F).tar.gz)";

const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
const [file, ...rest] = args;
if (!file || rest.length > 0 || file.startsWith("-")) {
  console.error(`backup: name one archive file to write / укажите один файл архива\n${USAGE}`);
  process.exit(1);
}

const config = readConfigOrExit(process.env, "Ottisk backup");
try {
  await createBackup({ dataDir: config.dataDir, filesDir: config.filesDir, databaseUrl: config.databaseUrl, s3: config.s3 }, file, (line) => console.log(line));
} catch (error) {
  if (error instanceof BackupRefusal) console.error(`backup: ${error.message}`);
  else console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
