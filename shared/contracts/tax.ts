import { z } from "zod/mini";

/** `GET /nds`: the VAT rate all prices include, in percent (the footer's note). */
export const ndsSchema = z.object({
  percent: z.number().check(z.gte(0), z.lte(100)),
});
export type Nds = z.infer<typeof ndsSchema>;
