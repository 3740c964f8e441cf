import { z } from "zod";

/**
 * The print-readiness profile of a product detail, in the one JSON form used everywhere (the
 * database, the API, the preflight engine and its CLI):
 * `{ "pdfVersion": "1.3", "pages": 1, "trimMm": [90, 50], "bleedMm": 2, "sizeToleranceMm": 0.5,
 *    "minPpi": 300, "ppiTolerancePct": 5, "compression": "lossy", "maxTacPct": 300,
 *    "tacTolerancePct": 1, "tacMinAreaMm2": 1 }`
 */
export const preflightProfileSchema = z.object({
  pdfVersion: z.string().regex(/^\d\.\d$/, { error: "Версия PDF указывается как 1.3" }),
  pages: z.number().int().min(1).max(10_000),
  trimMm: z.tuple([z.number().positive().max(100_000), z.number().positive().max(100_000)]),
  bleedMm: z.number().min(0).max(100),
  sizeToleranceMm: z.number().min(0).max(100),
  minPpi: z.number().positive().max(10_000),
  ppiTolerancePct: z.number().min(0).max(100),
  compression: z.enum(["lossy", "any"]),
  maxTacPct: z.number().min(0).max(400),
  tacTolerancePct: z.number().min(0).max(100),
  tacMinAreaMm2: z.number().min(0).max(1_000_000),
});
export type PreflightProfile = z.infer<typeof preflightProfileSchema>;
