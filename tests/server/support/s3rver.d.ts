/** The part of s3rver (an S3-compatible test server, devDependency; it ships no types) the tests use. */
declare module "s3rver" {
  import type { AddressInfo } from "node:net";

  export interface S3rverOptions {
    /** Default `localhost`. */
    address?: string;
    /** Default 4568; 0 for any free port. */
    port?: number;
    silent?: boolean;
    /** Where the buckets' objects are kept. */
    directory: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Uint8Array)[] }[];
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Creates the configured buckets and listens; answers where. */
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
