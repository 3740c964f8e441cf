/*
 * `npm run restore -- FILE [--check]`: the archive of `npm run backup` restored into an empty data
 * folder (OTTISK_DATA_DIR) or an empty database (DATABASE_URL), read with the same settings as the
 * server; `--check` only verifies the archive (every entry against its manifest's SHA-256) and
 * writes nothing. A line per step on stdout; a refusal (target not empty, archive damaged) is one
 * sentence on stderr. Exit codes: 0 restored (or whole), 1 refused or failed. See "Backup and
 * restore" in server/docs/deployment.md.
 */
import { readConfigOrExit } from "../config";
import { BackupRefusal } from "../services/backup/manifest";
import { restoreBackup } from "../services/backup/restore.service";

const USAGE = "usage: npm run restore -- FILE [--check]   (--check: verify the archive, restore nothing)";

const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
const check = args.includes("--check");
const files = args.filter((arg) => arg !== "--check");
const [file] = files;
if (!file || files.length > 1 || file.startsWith("-")) {
  console.error(`restore: name one archive file / укажите один файл архива\n${USAGE}`);
  process.exit(1);
}

const config = readConfigOrExit(process.env, "Ottisk restore");
try {
  await restoreBackup({ dataDir: config.dataDir, filesDir: config.filesDir, databaseUrl: config.databaseUrl, s3: config.s3 }, file, { check }, (line) => console.log(line));
} catch (error) {
  if (error instanceof BackupRefusal) console.error(`restore: ${error.message}`);
  else console.error(`restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
