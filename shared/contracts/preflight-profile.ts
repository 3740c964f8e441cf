import { z } from "zod/mini";

/**
 * The print-readiness profile of a product detail, in the one JSON form used everywhere (the
 * database, the API, the preflight engine and its CLI):
 * `{ "pdfVersion": "1.3", "pages": 1, "trimMm": [90, 50], "bleedMm": 2, "sizeToleranceMm": 0.5,
 *    "minPpi": 300, "ppiTolerancePct": 5, "compression": "lossy", "maxTacPct": 300,
 *    "tacTolerancePct": 1, "tacMinAreaMm2": 1 }`
 */
export const preflightProfileSchema = z.object({
  pdfVersion: z.string().check(z.regex(/^\d\.\d$/, { error: "Версия PDF указывается как 1.3" })),
  pages: z.number().check(z.int(), z.gte(1), z.lte(10_000)),
  trimMm: z.tuple([z.number().check(z.positive(), z.lte(100_000)), z.number().check(z.positive(), z.lte(100_000))]),
  bleedMm: z.number().check(z.gte(0), z.lte(100)),
  sizeToleranceMm: z.number().check(z.gte(0), z.lte(100)),
  minPpi: z.number().check(z.positive(), z.lte(10_000)),
  ppiTolerancePct: z.number().check(z.gte(0), z.lte(100)),
  compression: z.enum(["lossy", "any"]),
  maxTacPct: z.number().check(z.gte(0), z.lte(400)),
  tacTolerancePct: z.number().check(z.gte(0), z.lte(100)),
  tacMinAreaMm2: z.number().check(z.gte(0), z.lte(1_000_000)),
});
export type PreflightProfile = z.infer<typeof preflightProfileSchema>;
