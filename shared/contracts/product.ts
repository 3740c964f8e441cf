import { z } from "zod/mini";
import { productCardSchema } from "./catalog";
import { productDetailSchema, productOptionGroupSchema, productPriceTierSchema, productUrgencySchema } from "./product-options";
import { productSizeLimitsSchema } from "./product-size";
import { seoFieldsSchema } from "./seo";

/*
 * The product page's answer (GET /public/product/{id}), apart from the catalogue's list schemas in
 * catalog.ts: a partner page that shows only the catalogue does not load the product's options.
 */

/**
 * A product with everything its page shows, the SEO fields included, and what it is made of: the
 * option groups to choose from, the price by run, the details that need a layout, urgency. Asked
 * with `isUrgent=true`, `priceFrom`, `productionTimeDay` and the tiers are the urgent ones.
 */
export const productSchema = z.extend(
  z.extend(productCardSchema, {
    description: z.string(),
    photos: z.array(z.url()),
    isUrgent: z.boolean(),
    options: z.array(productOptionGroupSchema),
    priceTiers: z.array(productPriceTierSchema),
    details: z.array(productDetailSchema),
    urgency: productUrgencySchema,
    /** «Будет готово …», `YYYY-MM-DD`: an order placed now with `productionTimeDay` (server/docs/deadlines.md). */
    readyDate: z.iso.date(),
    /** Priced per square metre in the shopper's own width × height within these limits (the tiers are then per 1 m²); null: sold in its formats. */
    sizeLimits: z.nullable(productSizeLimitsSchema),
  }),
  seoFieldsSchema.shape,
);
export type Product = z.infer<typeof productSchema>;
