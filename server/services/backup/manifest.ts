import { z } from "zod";

/*
 * The manifest of a backup archive (`manifest.json`, the archive's last entry): what the archive
 * holds, each entry's size and SHA-256, and for a shop whose files are in S3 the bucket's keys as
 * they were. It is a file format of the shop's own (written by `npm run backup`, read by `npm run
 * restore`), not an API payload.
 */

export const BACKUP_FORMAT = "ottisk-backup";
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = "manifest.json";
/** The archive's folder of the data folder's `files/` (public and private files on disk). */
export const FILES_PREFIX = "files/";
/** The database's entry: PGlite's dump of its data folder, or pg_dump's SQL. */
export const DATABASE_ENTRY = { pglite: "database/pglite-datadir.tar.gz", postgresql: "database/postgresql.sql" } as const;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const entrySchema = z.object({ name: z.string().min(1), sizeBytes: z.number().int().nonnegative(), sha256 });

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int().positive(),
  createdAt: z.string(),
  database: z.object({
    kind: z.enum(["pglite", "postgresql"]),
    /** The last migration applied (its tag in db/migrations/meta/_journal.json) and how many were. */
    migration: z.object({ tag: z.string(), applied: z.number().int().nonnegative() }),
    entry: entrySchema,
  }),
  /** The data folder's files (`files/…` entries), or, with S3, none: the bucket's keys are listed below. */
  files: z.array(entrySchema),
  s3: z
    .object({
      endpoint: z.string(),
      bucket: z.string(),
      objects: z.array(z.object({ key: z.string(), sizeBytes: z.number().int().nonnegative(), sha256 })),
    })
    .nullable(),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type ManifestEntry = z.infer<typeof entrySchema>;

/** Sizes as people read them: 812 B, 4.6 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(2)} GB`;
}

/**
 * A backup or restore that must not go on, in one sentence for the operator, English then Russian
 * (the CLI prints it and exits 1): the archive exists, the target is not empty, the archive is damaged.
 */
export class BackupRefusal extends Error {
  override readonly name = "BackupRefusal";
  constructor(english: string, russian: string) {
    super(`${english} / ${russian}`);
  }
}
