import { z } from "zod/mini";

/** The SEO fields a category, a product and a page carry (spec §3); empty text when not filled in. */
export const seoFieldsSchema = z.object({
  seoName: z.string(),
  seoTitle: z.string(),
  seoDescription: z.string(),
  seoKeywords: z.string(),
});
export type SeoFields = z.infer<typeof seoFieldsSchema>;
