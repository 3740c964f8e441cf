import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import type { S3StorageConfig } from "../../../server/storage/file-storage";

/**
 * An S3-compatible server (s3rver) on a free port with an empty `ottisk` bucket in a temporary
 * folder. s3rver refuses an unknown access key but does not check the signature itself: the
 * signing is covered by signS3Request's tests (AWS's published example).
 */
export interface TestS3Server {
  /** What OTTISK_S3_* would give (s3rver's fixed keys). */
  config: S3StorageConfig;
  /** The folder s3rver keeps the buckets' objects in (`<bucket>/<key>._S3rver_object`). */
  directory: string;
  /** Stops the server and deletes its folder. */
  close(): Promise<void>;
}

export async function startS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), "ottisk-s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: "ottisk" }] });
  const { port } = await server.run();
  return {
    config: { endpoint: `http://127.0.0.1:${port}`, bucket: "ottisk", region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    directory,
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
