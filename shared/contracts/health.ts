import { z } from "zod/mini";

/** The parts of the shop the health check writes to: the database, the private files' storage, the public files. */
export const healthPartValues = ["database", "storage", "publicFiles"] as const;
export const healthPartSchema = z.enum(healthPartValues);
export type HealthPart = z.infer<typeof healthPartSchema>;

/** One part of the shop the health check wrote to and read back, as anyone may see it. */
export const healthCheckSchema = z.object({
  ok: z.boolean(),
  /** How long the probe took, in milliseconds. */
  ms: z.number().check(z.gte(0)),
});
export type HealthCheck = z.infer<typeof healthCheckSchema>;

/**
 * `GET /health`: whether this node can serve shoppers. Each check writes: the database a row, the
 * private files' storage and the public files' folder a small file (written, read back, removed).
 * 200 when every check passed, 503 with the same body (and a messageUI) when one failed. It names
 * the failing parts only: what failed and why (an error's text, its code, a path) is in the log
 * and at `GET /health/details`, never in this anonymous answer.
 */
export const healthSchema = z.object({
  status: z.enum(["ok", "failing"]),
  checkedAt: z.string(),
  checks: z.object({
    database: healthCheckSchema,
    storage: healthCheckSchema,
    publicFiles: healthCheckSchema,
  }),
  /** The parts whose probe failed; empty when ok. */
  failing: z.array(healthPartSchema),
  /** For a failing node: what the shopper would read (Russian). */
  messageUI: z.optional(z.string()),
});
export type Health = z.infer<typeof healthSchema>;

/** One part's probe with what went wrong, for the operator. */
export const healthCheckDetailsSchema = z.object({
  ok: z.boolean(),
  ms: z.number().check(z.gte(0)),
  /** What failed (English, the first line of the error; it may name a path); absent when ok. */
  error: z.optional(z.string()),
  /** The error's code (`EACCES`, `ENOSPC`…), when it had one. */
  code: z.optional(z.string()),
});
export type HealthCheckDetails = z.infer<typeof healthCheckDetailsSchema>;

/** `GET /health/details`: the same check with each failure's text and code; employees and this computer only. */
export const healthDetailsSchema = z.object({
  status: z.enum(["ok", "failing"]),
  checkedAt: z.string(),
  checks: z.object({
    database: healthCheckDetailsSchema,
    storage: healthCheckDetailsSchema,
    publicFiles: healthCheckDetailsSchema,
  }),
  failing: z.array(healthPartSchema),
  messageUI: z.optional(z.string()),
});
export type HealthDetails = z.infer<typeof healthDetailsSchema>;
