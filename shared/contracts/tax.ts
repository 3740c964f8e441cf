import { z } from "zod";

/** `GET /nds`: the VAT rate all prices include, in percent (the footer's note). */
export const ndsSchema = z.object({
  percent: z.number().min(0).max(100),
});
export type Nds = z.infer<typeof ndsSchema>;
