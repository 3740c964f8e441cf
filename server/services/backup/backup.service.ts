import { createHash } from "node:crypto";
import { createWriteStream, existsSync } from "node:fs";
import type { WriteStream } from "node:fs";
import { link, open, readdir, rm, stat, unlink } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import type { Readable } from "node:stream";
import { createGzip } from "node:zlib";
import { dumpEmbeddedFolder, embeddedDatabaseExists, embeddedDatabaseInUse, postgresMigrationLevel } from "../../db/database-dump";
import type { MigrationLevel } from "../../db/database-dump";
import { PRIVATE_FILES_FOLDER, createS3FileStorage, isStorageKey, listS3Objects } from "../../storage/file-storage";
import type { S3StorageConfig } from "../../storage/file-storage";
import { dumpThroughShop, runningShopEndpoint } from "./backup-endpoint";
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, BackupRefusal, DATABASE_ENTRY, FILES_PREFIX, MANIFEST_ENTRY, formatBytes } from "./manifest";
import type { BackupManifest, ManifestEntry } from "./manifest";
import { runPostgresTool } from "./postgres-tools";
import { TarWriter } from "./tar";

/*
 * `npm run backup -- FILE` (server/cli/backup.ts): one gzipped tar of the database and the stored
 * files, made while the shop runs (see "Backup and restore" in server/docs/deployment.md). The
 * database first, then the files: files are only ever added under new keys, so every file the dumped
 * database names is already on disk when the files are copied.
 */

/** Where the shop's data is: the parts of the server's configuration a backup reads. */
export interface BackupSource {
  dataDir: string;
  filesDir: string;
  databaseUrl: string | undefined;
  s3: S3StorageConfig | undefined;
}

/** A progress line (the CLI prints it). */
export type Report = (line: string) => void;

/** Folders and files of `files/` that are not kept: half-written uploads, files being renamed into place, the health check's probes. */
function skipped(path: string): boolean {
  const parts = path.split("/");
  const name = parts[parts.length - 1] ?? "";
  if (path.startsWith(`${PRIVATE_FILES_FOLDER}/.incoming/`)) return true;
  if (parts[0] === "health" || (parts[0] === PRIVATE_FILES_FOLDER && parts[1] === "health")) return true;
  return name.endsWith(".part");
}

/** The files of the data folder's `files/`, as paths relative to it with `/`, sorted. */
async function filesToKeep(filesDir: string): Promise<string[]> {
  if (!existsSync(filesDir)) return [];
  const entries = await readdir(filesDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(filesDir, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .filter((path) => !skipped(path))
    .sort();
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** pg_dump of the database into `path` (plain SQL, no owners or grants, so any role can load it). */
function pgDump(databaseUrl: string, path: string): Promise<void> {
  return runPostgresTool("pg_dump", ["--format=plain", "--no-owner", "--no-privileges", "--file", path], databaseUrl);
}

/** Every object of the bucket with its size and SHA-256 (each read once, as a stream). */
async function bucketManifest(s3: S3StorageConfig, report: Report): Promise<NonNullable<BackupManifest["s3"]>> {
  const bucket = createS3FileStorage(s3);
  const objects: NonNullable<BackupManifest["s3"]>["objects"] = [];
  let bytes = 0;
  for await (const object of listS3Objects(s3)) {
    if (!isStorageKey(object.key)) {
      report(`backup: the bucket's key "${object.key}" is not one the shop writes; left out of the manifest`);
      continue;
    }
    const stored = await bucket.open(object.key);
    if (!stored) continue;
    const hash = createHash("sha256");
    let size = 0;
    for await (const chunk of stored.body as AsyncIterable<Buffer>) {
      hash.update(chunk);
      size += chunk.length;
    }
    objects.push({ key: object.key, sizeBytes: size, sha256: hash.digest("hex") });
    bytes += size;
  }
  report(`backup: files: the bucket ${s3.bucket} lists ${objects.length} objects (${formatBytes(bytes)}); their keys, sizes and SHA-256 are in the manifest, the bucket itself is yours to replicate`);
  return { endpoint: s3.endpoint, bucket: s3.bucket, objects };
}

/** Writes the archive `file`; refuses when it exists. Answers its manifest. */
export async function createBackup(source: BackupSource, file: string, report: Report): Promise<BackupManifest> {
  if (existsSync(file)) {
    throw new BackupRefusal(
      `${file} already exists; a backup never overwrites one: choose another name or move the old one away`,
      `файл ${file} уже существует, а резервная копия никогда не записывается поверх: укажите другое имя или уберите старый файл`,
    );
  }
  if (!source.databaseUrl && !embeddedDatabaseExists(source.dataDir)) {
    throw new BackupRefusal(
      `the data folder ${source.dataDir} holds no embedded database: set OTTISK_DATA_DIR (or DATABASE_URL) as the shop has it`,
      `в папке данных ${source.dataDir} нет встроенной базы: укажите OTTISK_DATA_DIR (или DATABASE_URL) так же, как у магазина`,
    );
  }
  const partial = `${file}.partial`;
  const pgDumpFile = `${file}.pg_dump.partial`;
  let output: WriteStream;
  try {
    const opening = createWriteStream(partial, { flags: "wx", mode: 0o600 });
    await new Promise<void>((resolve, reject) => {
      opening.once("open", () => resolve());
      opening.once("error", reject);
    });
    output = opening;
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "EEXIST") {
      throw new BackupRefusal(
        `${partial} exists: another backup to ${file} is running, or one was interrupted (then remove ${partial})`,
        `файл ${partial} уже есть: в ${file} уже пишется другая копия, или прошлая была прервана (тогда удалите ${partial})`,
      );
    }
    throw error;
  }
  const gzip = createGzip({ level: 6 });
  const written = new Promise<void>((resolve, reject) => {
    output.once("finish", resolve);
    output.once("error", reject);
    gzip.once("error", reject);
  });
  gzip.pipe(output);
  const tar = new TarWriter(gzip);
  const started = Date.now();
  try {
    // 1. The database.
    let kind: "pglite" | "postgresql";
    let level: MigrationLevel;
    let databaseEntry: ManifestEntry;
    const databaseStarted = Date.now();
    if (source.databaseUrl) {
      kind = "postgresql";
      level = await postgresMigrationLevel(source.databaseUrl);
      await pgDump(source.databaseUrl, pgDumpFile);
      const handle = await open(pgDumpFile, "r");
      try {
        const { size } = await handle.stat();
        databaseEntry = await tar.add(DATABASE_ENTRY.postgresql, size, handle.createReadStream({ autoClose: false }));
      } finally {
        await handle.close();
        await rm(pgDumpFile, { force: true });
      }
      report(`backup: database: PostgreSQL (DATABASE_URL) by pg_dump, migration ${level.tag}: ${formatBytes(databaseEntry.sizeBytes)} of SQL in ${seconds(databaseStarted)}`);
    } else {
      kind = "pglite";
      const shop = await runningShopEndpoint(source.dataDir);
      if (shop) {
        const dump = await dumpThroughShop(shop);
        level = dump.level;
        databaseEntry = await tar.add(DATABASE_ENTRY.pglite, dump.sizeBytes, dump.body);
        report(`backup: database: embedded, dumped by the running shop (pid ${shop.pid}), migration ${level.tag}: ${formatBytes(databaseEntry.sizeBytes)} in ${seconds(databaseStarted)}`);
      } else {
        if (embeddedDatabaseInUse(source.dataDir)) {
          throw new BackupRefusal(
            `the embedded database in ${source.dataDir} is open in another program (pglite/postmaster.pid exists) that offers no backup: if a shop runs there, update it and run the backup again; if none runs (it was killed), start the shop once and stop it, then run the backup`,
            `встроенная база в ${source.dataDir} открыта другой программой (есть pglite/postmaster.pid), которая не отдаёт копию: если там работает магазин, обновите его и повторите; если нет (он был убит), запустите и остановите магазин, затем повторите`,
          );
        }
        const dump = await dumpEmbeddedFolder(source.dataDir);
        level = dump.level;
        databaseEntry = await tar.add(DATABASE_ENTRY.pglite, dump.dump.size, new Uint8Array(await dump.dump.arrayBuffer()));
        report(`backup: database: embedded, no shop running: opened and dumped here, migration ${level.tag}: ${formatBytes(databaseEntry.sizeBytes)} in ${seconds(databaseStarted)}`);
      }
    }

    // 2. The files, after the database: every file it names exists by now.
    const filesStarted = Date.now();
    const files: ManifestEntry[] = [];
    let s3: BackupManifest["s3"] = null;
    let vanished = 0;
    const onDisk = await filesToKeep(source.filesDir);
    for (const path of onDisk) {
      let handle;
      try {
        handle = await open(join(source.filesDir, path), "r");
      } catch (error) {
        // Removed since it was listed (a replaced layout, a swept upload): the dumped database may still name it.
        if (error instanceof Error && "code" in error && error.code === "ENOENT") {
          vanished += 1;
          continue;
        }
        throw error;
      }
      try {
        const info = await handle.stat();
        // Exactly the size it had when opened: a file is never rewritten in place (stores write beside it and rename).
        const body: Readable | Uint8Array = info.size === 0 ? new Uint8Array() : handle.createReadStream({ start: 0, end: info.size - 1, autoClose: false });
        files.push(await tar.add(`${FILES_PREFIX}${path}`, info.size, body, info.mtime));
      } finally {
        await handle.close();
      }
    }
    const fileBytes = files.reduce((sum, entry) => sum + entry.sizeBytes, 0);
    report(
      `backup: files: ${files.length} from ${source.filesDir} (${formatBytes(fileBytes)}) in ${seconds(filesStarted)}` +
        (vanished > 0 ? `; ${vanished} removed while the backup ran were left out` : ""),
    );
    if (source.s3) s3 = await bucketManifest(source.s3, report);

    // 3. The manifest, last: it lists what came before.
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt: new Date(started).toISOString(),
      database: { kind, migration: level, entry: { name: databaseEntry.name, sizeBytes: databaseEntry.sizeBytes, sha256: databaseEntry.sha256 } },
      files: files.map((entry) => ({ name: entry.name, sizeBytes: entry.sizeBytes, sha256: entry.sha256 })),
      s3,
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`);
    await tar.add(MANIFEST_ENTRY, manifestBytes.length, manifestBytes);
    await tar.finish();
    await written;
    // Only a complete archive takes the name; link() refuses a FILE that appeared meanwhile.
    try {
      await link(partial, file);
    } catch (error) {
      if (error instanceof Error && "code" in error && error.code === "EEXIST") {
        throw new BackupRefusal(`${file} appeared while the backup ran; the backup is left in ${partial}`, `файл ${file} появился во время копирования; копия оставлена в ${partial}`);
      }
      throw error;
    }
    await unlink(partial);
    const { size } = await stat(file);
    report(`backup: ${file} written: ${formatBytes(size)} in ${seconds(started)} (database ${formatBytes(databaseEntry.sizeBytes)}, ${files.length} files)`);
    return manifest;
  } catch (error) {
    gzip.destroy();
    output.destroy();
    if (!(error instanceof BackupRefusal && error.message.includes("is left in"))) await rm(partial, { force: true });
    await rm(pgDumpFile, { force: true });
    throw error;
  }
}
