import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { startS3Server } from "../server/support/s3-server";

/*
 * The S3-compatible server of npm run test:scale: the tests' s3rver (tests/server/support/s3-server.ts,
 * a devDependency) on 127.0.0.1 and a free port, its objects in a temporary folder, one bucket.
 * It refuses an unknown access key; it does not check signatures (signS3Request's own tests do).
 */

const OBJECT_SUFFIX = "._S3rver_object";

export interface Bucket {
  /** OTTISK_S3_* for every node and worker. */
  env: Record<string, string>;
  /** SHA-256 (hex) of every object in the bucket. */
  objectHashes(): Promise<Set<string>>;
  /** Stops the server and deletes its folder. */
  close(): Promise<void>;
}

export async function startBucket(): Promise<Bucket> {
  const server = await startS3Server();
  const { config } = server;
  return {
    env: {
      OTTISK_S3_ENDPOINT: config.endpoint,
      OTTISK_S3_BUCKET: config.bucket,
      OTTISK_S3_REGION: config.region,
      OTTISK_S3_ACCESS_KEY_ID: config.accessKeyId,
      OTTISK_S3_SECRET_ACCESS_KEY: config.secretAccessKey,
    },
    async objectHashes() {
      const entries = await readdir(join(server.directory, config.bucket), { recursive: true, withFileTypes: true });
      const files = entries.filter((entry) => entry.isFile() && entry.name.endsWith(OBJECT_SUFFIX));
      const hashes = await Promise.all(files.map(async (entry) => createHash("sha256").update(await readFile(join(entry.parentPath, entry.name))).digest("hex")));
      return new Set(hashes);
    },
    close: () => server.close(),
  };
}
