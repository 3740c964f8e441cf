import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, readdir, rename, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { knownMigrations, loadEmbeddedFolder, postgresTableCount } from "../../db/database-dump";
import { PGLITE_FOLDER } from "../../db/client";
import { listS3Objects } from "../../storage/file-storage";
import type { BackupSource, Report } from "./backup.service";
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, BackupRefusal, DATABASE_ENTRY, FILES_PREFIX, MANIFEST_ENTRY, formatBytes, manifestSchema } from "./manifest";
import type { BackupManifest } from "./manifest";
import { runPostgresTool } from "./postgres-tools";
import { DamagedArchiveError, readTar } from "./tar";

/*
 * `npm run restore -- FILE [--check]` (server/cli/restore.ts): the archive of `npm run backup` read
 * once, every entry hashed against the manifest while it is unpacked into a staging folder inside
 * the target data folder; only a whole, matching archive is then put in place (the embedded database
 * loaded from its dump, or the SQL run by psql in one transaction; the files moved into `files/`).
 * `--check` reads and verifies the archive and writes nothing.
 */

const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;

function damaged(file: string, why: string): BackupRefusal {
  return new BackupRefusal(
    `the archive ${file} is damaged (${why}); nothing was restored: use another copy`,
    `архив ${file} повреждён (${why}); ничего не восстановлено: возьмите другую копию`,
  );
}

async function isEmptyFolder(path: string): Promise<boolean> {
  if (!existsSync(path)) return true;
  return (await readdir(path)).length === 0;
}

/** A name of the archive that may be written under the staging folder: no absolute paths, no `..`. */
function safeName(name: string): boolean {
  return !name.startsWith("/") && !name.includes("\\") && name.split("/").every((part) => part !== "" && part !== "." && part !== "..");
}

/** psql runs the dump in one transaction, stopping at the first error. */
function psql(databaseUrl: string, path: string): Promise<void> {
  return runPostgresTool("psql", ["--no-psqlrc", "--quiet", "--set", "ON_ERROR_STOP=1", "--single-transaction", "--file", path], databaseUrl);
}

/** Refuses a target that is not empty, before anything is read or written. */
async function assertEmptyTarget(target: BackupSource): Promise<void> {
  if (target.databaseUrl) {
    const tables = await postgresTableCount(target.databaseUrl);
    if (tables > 0) {
      throw new BackupRefusal(
        `the database of DATABASE_URL is not empty (${tables} tables); a restore never writes over data: create an empty database (createdb) and point DATABASE_URL at it`,
        `база DATABASE_URL не пуста (таблиц: ${tables}), а восстановление никогда не пишет поверх данных: создайте пустую базу (createdb) и укажите её в DATABASE_URL`,
      );
    }
    if (!target.s3 && !(await isEmptyFolder(target.filesDir))) {
      throw new BackupRefusal(
        `the files folder ${target.filesDir} is not empty; a restore never writes over files: set OTTISK_DATA_DIR to an empty or new folder`,
        `папка файлов ${target.filesDir} не пуста, а восстановление никогда не пишет поверх файлов: укажите в OTTISK_DATA_DIR пустую или новую папку`,
      );
    }
    return;
  }
  if (!(await isEmptyFolder(target.dataDir))) {
    throw new BackupRefusal(
      `the data folder ${target.dataDir} is not empty; a restore never writes over a shop: set OTTISK_DATA_DIR to an empty or new folder`,
      `папка данных ${target.dataDir} не пуста, а восстановление никогда не пишет поверх магазина: укажите в OTTISK_DATA_DIR пустую или новую папку`,
    );
  }
}

/** Reads the whole archive, hashing every entry; with `staging`, writes each entry there. Answers the verified manifest. */
async function readArchive(file: string, staging: string | null): Promise<BackupManifest> {
  const seen = new Map<string, { sizeBytes: number; sha256: string }>();
  let manifestText: string | null = null;
  const gunzip = createGunzip();
  const source = createReadStream(file);
  source.on("error", (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  try {
    for await (const entry of readTar(gunzip as AsyncIterable<Buffer>)) {
      if (!safeName(entry.name) || seen.has(entry.name)) throw new DamagedArchiveError(`it holds the name "${entry.name}" twice or out of place`);
      const hash = createHash("sha256");
      if (entry.name === MANIFEST_ENTRY) {
        if (entry.sizeBytes > MAX_MANIFEST_BYTES) throw new DamagedArchiveError("its manifest is too large");
        const chunks: Buffer[] = [];
        for await (const chunk of entry.body) chunks.push(chunk);
        manifestText = Buffer.concat(chunks).toString("utf8");
        continue;
      }
      if (staging) {
        const target = join(staging, entry.name);
        await mkdir(dirname(target), { recursive: true });
        const out = createWriteStream(target, { mode: 0o600 });
        await pipeline(
          entry.body,
          async function* (chunks: AsyncIterable<Buffer>) {
            for await (const chunk of chunks) {
              hash.update(chunk);
              yield chunk;
            }
          },
          out,
        );
      } else {
        for await (const chunk of entry.body) hash.update(chunk);
      }
      seen.set(entry.name, { sizeBytes: entry.sizeBytes, sha256: hash.digest("hex") });
    }
  } catch (error) {
    if (error instanceof DamagedArchiveError) throw damaged(file, error.message);
    if (error instanceof Error && "code" in error && typeof error.code === "string" && error.code.startsWith("Z_")) throw damaged(file, `gzip: ${error.message}`);
    throw error;
  } finally {
    source.destroy();
  }
  if (manifestText === null) throw damaged(file, "it has no manifest.json");
  let manifest: BackupManifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(manifestText));
  } catch {
    throw damaged(file, "its manifest.json is not an Ottisk backup's manifest");
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.version > BACKUP_FORMAT_VERSION) {
    throw new BackupRefusal(
      `${file} is a backup of format version ${manifest.version}, newer than this Ottisk reads (${BACKUP_FORMAT_VERSION}): restore it with the version that made it`,
      `${file} — копия формата ${manifest.version}, более нового, чем читает эта версия Оттиска (${BACKUP_FORMAT_VERSION}): восстановите её той версией, которая её сделала`,
    );
  }
  const expected = [manifest.database.entry, ...manifest.files];
  for (const entry of expected) {
    const found = seen.get(entry.name);
    if (!found) throw damaged(file, `"${entry.name}" of its manifest is missing`);
    if (found.sizeBytes !== entry.sizeBytes || found.sha256 !== entry.sha256) throw damaged(file, `"${entry.name}" does not match its SHA-256 in the manifest`);
  }
  if (seen.size !== expected.length) throw damaged(file, "it holds entries its manifest does not list");
  if (manifest.files.some((entry) => !entry.name.startsWith(FILES_PREFIX)) || manifest.database.entry.name !== DATABASE_ENTRY[manifest.database.kind]) {
    throw damaged(file, "its manifest names entries out of place");
  }
  return manifest;
}

/** Restores the archive into the configured, empty data folder or database; with `check`, only verifies it. Answers its manifest. */
export async function restoreBackup(target: BackupSource, file: string, options: { check: boolean }, report: Report): Promise<BackupManifest> {
  if (!existsSync(file)) throw new BackupRefusal(`${file} does not exist: name an archive written by npm run backup`, `файла ${file} нет: укажите архив, записанный npm run backup`);
  const started = Date.now();
  if (options.check) {
    const manifest = await readArchive(file, null);
    report(
      `restore --check: ${file} is whole: ${manifest.database.kind} database at migration ${manifest.database.migration.tag} (${formatBytes(manifest.database.entry.sizeBytes)}), ` +
        `${manifest.files.length} files (${formatBytes(manifest.files.reduce((sum, entry) => sum + entry.sizeBytes, 0))})${manifest.s3 ? `, a manifest of ${manifest.s3.objects.length} objects of the bucket ${manifest.s3.bucket}` : ""}, made ${manifest.createdAt}; every SHA-256 matches`,
    );
    return manifest;
  }
  await assertEmptyTarget(target);
  await mkdir(target.dataDir, { recursive: true });
  const staging = await mkdtemp(join(target.dataDir, ".restore-"));
  let createdPglite = false;
  try {
    const manifest = await readArchive(file, staging);
    const fileBytes = manifest.files.reduce((sum, entry) => sum + entry.sizeBytes, 0);
    report(`restore: ${file} read and verified: database ${formatBytes(manifest.database.entry.sizeBytes)}, ${manifest.files.length} files (${formatBytes(fileBytes)}), made ${manifest.createdAt}`);
    const kind = target.databaseUrl ? "postgresql" : "pglite";
    if (manifest.database.kind !== kind) {
      throw new BackupRefusal(
        `${file} holds ${manifest.database.kind === "pglite" ? "an embedded (PGlite) database" : "a PostgreSQL database"}, but the target is ${kind === "pglite" ? "the embedded database (DATABASE_URL unset)" : "PostgreSQL (DATABASE_URL)"}: restore it into the same kind`,
        `в ${file} ${manifest.database.kind === "pglite" ? "встроенная база (PGlite)" : "база PostgreSQL"}, а восстанавливается в ${kind === "pglite" ? "встроенную (DATABASE_URL не задан)" : "PostgreSQL (DATABASE_URL)"}: восстановите в базу того же вида`,
      );
    }
    if (!knownMigrations().some((entry) => entry.tag === manifest.database.migration.tag)) {
      throw new BackupRefusal(
        `${file} was made by a newer Ottisk (its database is at migration ${manifest.database.migration.tag}, which this version does not know): restore it with that version or a newer one`,
        `${file} сделан более новой версией Оттиска (миграция ${manifest.database.migration.tag} этой версии неизвестна): восстановите её той же или более новой версией`,
      );
    }
    if (manifest.files.length > 0 && target.s3) {
      throw new BackupRefusal(
        `${file} holds the files of a data folder, but OTTISK_S3_* point at a bucket: restore without OTTISK_S3_* (the files go to ${target.filesDir})`,
        `в ${file} файлы папки данных, а OTTISK_S3_* указывают на бакет: восстановите без OTTISK_S3_* (файлы лягут в ${target.filesDir})`,
      );
    }

    const databaseStarted = Date.now();
    const dumpPath = join(staging, manifest.database.entry.name);
    if (manifest.database.kind === "pglite") {
      createdPglite = true;
      const level = await loadEmbeddedFolder(target.dataDir, new Blob([await readFile(dumpPath)]));
      report(`restore: database: embedded, in ${join(target.dataDir, PGLITE_FOLDER)}, migration ${level.tag} (${level.applied} applied) in ${((Date.now() - databaseStarted) / 1000).toFixed(1)} s`);
    } else if (target.databaseUrl) {
      await psql(target.databaseUrl, dumpPath);
      report(`restore: database: PostgreSQL (DATABASE_URL) loaded by psql in one transaction, migration ${manifest.database.migration.tag}, in ${((Date.now() - databaseStarted) / 1000).toFixed(1)} s`);
    }

    if (manifest.files.length > 0) {
      await mkdir(dirname(target.filesDir), { recursive: true });
      await rename(join(staging, "files"), target.filesDir);
      report(`restore: files: ${manifest.files.length} (${formatBytes(fileBytes)}) in ${target.filesDir}`);
    }
    if (manifest.s3) await reportBucket(manifest.s3, target, report);
    report(`restore: done in ${((Date.now() - started) / 1000).toFixed(1)} s; start the shop with the same settings (npm start)`);
    return manifest;
  } catch (error) {
    // The target goes back to empty: nothing half-restored is left to start a shop on.
    if (createdPglite) await rm(join(target.dataDir, PGLITE_FOLDER), { recursive: true, force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** With S3 the archive holds the bucket's list, not its objects: compares the configured bucket with it. */
async function reportBucket(listed: NonNullable<BackupManifest["s3"]>, target: BackupSource, report: Report): Promise<void> {
  if (!target.s3) {
    report(`restore: files: the backup's files are in the bucket ${listed.bucket} (${listed.objects.length} objects), not in the archive: set OTTISK_S3_* to that bucket or a replica of it`);
    return;
  }
  const sizes = new Map<string, number>();
  for await (const object of listS3Objects(target.s3)) sizes.set(object.key, object.sizeBytes);
  const missing = listed.objects.filter((object) => sizes.get(object.key) !== object.sizeBytes);
  report(
    missing.length === 0
      ? `restore: files: the bucket ${target.s3.bucket} holds all ${listed.objects.length} objects the backup lists, with their sizes`
      : `restore: files: WARNING: the bucket ${target.s3.bucket} lacks ${missing.length} of the ${listed.objects.length} objects the backup lists (or holds other sizes), e.g. ${missing
          .slice(0, 3)
          .map((object) => object.key)
          .join(", ")}: copy them from the bucket's replica`,
  );
}
