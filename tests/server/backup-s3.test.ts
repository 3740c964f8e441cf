import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manifestSchema } from "../../server/services/backup/manifest";
import { createS3FileStorage } from "../../server/storage/file-storage";
import { startS3Server } from "./support/s3-server";
import type { TestS3Server } from "./support/s3-server";
import { runServerCli } from "./support/server-cli";
import type { CliRun } from "./support/server-cli";

/*
 * Issue 28, the other two ways `npm run backup` finds its data: no shop running (the CLI opens the
 * embedded database itself — and refuses when another program may hold it), and files in an S3
 * bucket (the archive lists the bucket's keys with sizes and SHA-256; `npm run restore` compares the
 * configured bucket with that list). The archive is read back with the system's own `tar`.
 */


describe("backup of a stopped shop whose files are in S3 (issue 28)", () => {
  let work: string;
  let s3: TestS3Server;

  const env = (dataDir: string): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    HOME: dataDir,
    OTTISK_DATA_DIR: dataDir,
    OTTISK_S3_ENDPOINT: s3.config.endpoint,
    OTTISK_S3_BUCKET: s3.config.bucket,
    OTTISK_S3_REGION: s3.config.region,
    OTTISK_S3_ACCESS_KEY_ID: s3.config.accessKeyId,
    OTTISK_S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
  });

  const run = (script: string, args: string[], dataDir: string): Promise<CliRun> => runServerCli(script, args, env(dataDir));

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "ottisk-backup-s3-"));
    s3 = await startS3Server();
    // A shop's data as its first start leaves it: the embedded database, the demo photos in the bucket.
    const migrated = await run("db-migrate", [], join(work, "shop"));
    expect(migrated.code, migrated.stderr).toBe(0);
  }, 120_000);

  afterAll(async () => {
    await s3?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it("refuses an embedded database another program may hold, in one sentence", async () => {
    const lock = join(work, "shop", "pglite", "postmaster.pid");
    await writeFile(lock, "-42\n");
    try {
      const refused = await run("backup", [join(work, "locked.tar.gz")], join(work, "shop"));
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim().split("\n")).toHaveLength(1);
      expect(refused.stderr).toMatch(/^backup: the embedded database in .* is open in another program .* \/ встроенная база .* открыта другой программой/);
    } finally {
      await rm(lock);
    }
  });

  it("dumps the database itself when no shop runs, lists the bucket with SHA-256, and restore compares the bucket with the list", async () => {
    const archive = join(work, "shop.tar.gz");
    const backup = await run("backup", [archive], join(work, "shop"));
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/backup: database: embedded, no shop running: opened and dumped here, migration \d{4}_\w+: [\d.]+ [KM]?B/);
    expect(backup.stdout).toMatch(/backup: files: the bucket ottisk lists \d+ objects \([\d.]+ [KM]?B\)/);

    // The system's tar reads the archive; the manifest lists every object of the bucket with its SHA-256.
    const manifest = manifestSchema.parse(JSON.parse(execFileSync("tar", ["-xzOf", archive, "manifest.json"], { encoding: "utf8" })));
    expect(manifest.database.kind).toBe("pglite");
    expect(manifest.files).toEqual([]);
    const bucket = createS3FileStorage(s3.config);
    expect(manifest.s3?.objects.length).toBeGreaterThan(0);
    for (const object of manifest.s3?.objects ?? []) {
      const bytes = await bucket.get(object.key);
      expect(bytes, object.key).not.toBeNull();
      expect(createHash("sha256").update(bytes!).digest("hex")).toBe(object.sha256);
      expect(bytes!.length).toBe(object.sizeBytes);
    }

    const restored = await run("restore", [archive], join(work, "restored"));
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(new RegExp(`restore: files: the bucket ottisk holds all ${manifest.s3?.objects.length} objects the backup lists`));

    const lost = manifest.s3!.objects[0]!.key;
    await bucket.remove(lost);
    const warned = await run("restore", [archive], join(work, "restored-again"));
    expect(warned.code, warned.stderr).toBe(0);
    expect(warned.stdout).toContain(`WARNING: the bucket ottisk lacks 1 of the ${manifest.s3?.objects.length} objects the backup lists (or holds other sizes), e.g. ${lost}`);
  }, 120_000);
});
