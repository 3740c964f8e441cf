import { z } from "zod/mini";

/** One part of the shop the health check wrote to and read back. */
export const healthCheckSchema = z.object({
  ok: z.boolean(),
  /** How long the probe took, in milliseconds. */
  ms: z.number().check(z.gte(0)),
  /** What failed, for the operator (English); absent when ok. */
  error: z.optional(z.string()),
});
export type HealthCheck = z.infer<typeof healthCheckSchema>;

/**
 * `GET /health`: whether this node can serve shoppers. Each check writes: the database a row, the
 * private files' storage and the public files' folder a small file (written, read back, removed).
 * 200 when every check passed, 503 with the same body (and a messageUI) when one failed.
 */
export const healthSchema = z.object({
  status: z.enum(["ok", "failing"]),
  checkedAt: z.string(),
  checks: z.object({
    database: healthCheckSchema,
    storage: healthCheckSchema,
    publicFiles: healthCheckSchema,
  }),
  /** For a failing node: what the shopper would read (Russian). */
  messageUI: z.optional(z.string()),
});
export type Health = z.infer<typeof healthSchema>;
