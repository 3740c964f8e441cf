import { z } from "zod/mini";
import { idTextInput, INT32_MAX } from "./input";
import { queryBoolean, queryEnum, queryInt, queryNumber } from "./query";
import { seoFieldsSchema } from "./seo";
import { PRICE_FILTER_MAX, productSortValues } from "./wire";

/** Database ids are positive whole numbers that fit the `integer` columns (1 … 2^31 − 1). */
export const entityIdSchema = z.number().check(z.int(), z.positive(), z.lte(INT32_MAX));

/** A product category of the catalogue (визитки, листовки, каталоги …). */
export const categorySchema = z.extend(
  z.object({
    id: entityIdSchema,
    slug: z.string().check(z.minLength(1)),
    name: z.string().check(z.minLength(1)),
    description: z.string(),
    photoUrl: z.nullable(z.url()),
    productCount: z.number().check(z.int(), z.gte(0)),
  }),
  seoFieldsSchema.shape,
);
export type Category = z.infer<typeof categorySchema>;

export const categoryListSchema = z.array(categorySchema);

/** The category as a product card and a product page refer to it. */
export const categoryRefSchema = z.object({
  id: entityIdSchema,
  slug: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
});
export type CategoryRef = z.infer<typeof categoryRefSchema>;

/** A product as the catalogue lists it (spec §3 "Product (card)"). Prices are in roubles, VAT included. */
export const productCardSchema = z.object({
  id: entityIdSchema,
  productName: z.string().check(z.minLength(1)),
  photoUrl: z.nullable(z.url()),
  inFavorite: z.boolean(),
  category: categoryRefSchema,
  /** The lowest price of the product's smallest run, after the discount. */
  priceFrom: z.number().check(z.gte(0)),
  /** Discount in percent, 0 when there is none. */
  discountPct: z.number().check(z.int(), z.gte(0), z.lte(100)),
  /** Working days the shop needs to print the product. */
  productionTimeDay: z.number().check(z.int(), z.positive()),
  timesOrdered: z.number().check(z.int(), z.gte(0)),
});
export type ProductCard = z.infer<typeof productCardSchema>;


/** The catalogue sorts of spec §3: А–Я, Я–А, popularity up and down. */
export { productSortValues } from "./wire";
export const productSortSchema = z.enum(productSortValues);
export type ProductSort = z.infer<typeof productSortSchema>;

export { PRICE_FILTER_MAX, PRODUCT_LIST_DEFAULT_LIMIT } from "./wire";
export const PRODUCT_LIST_MAX_LIMIT = 100;

/**
 * `GET /public/product`: the filters and sorts of spec §3 and §7, paginated by offset and limit.
 * `productionTimeDay` keeps products made within that many working days; `discount=true` keeps
 * discounted products only; prices are in roubles.
 */
export const productListQuerySchema = z
  .object({
    productionTimeDay: queryInt({
      min: 1,
      max: 365,
      messageUI: "Срок изготовления укажите целым числом дней от 1 до 365",
    }),
    discount: queryBoolean({ messageUI: "Фильтр «Со скидкой» принимает только «да» или «нет»" }),
    minPrice: queryNumber({
      min: 0,
      max: PRICE_FILTER_MAX,
      messageUI: "Минимальная цена должна быть числом не меньше нуля",
    }),
    maxPrice: queryNumber({
      min: 0,
      max: PRICE_FILTER_MAX,
      messageUI: "Максимальная цена должна быть числом не меньше нуля",
    }),
    categoryId: queryInt({
      min: 1,
      max: INT32_MAX,
      messageUI: "Категория указана неверно",
    }),
    sort: queryEnum(productSortValues, "Неизвестный порядок сортировки"),
    offset: queryInt({
      min: 0,
      max: 1_000_000,
      messageUI: "Номер страницы указан неверно",
    }),
    limit: queryInt({
      min: 1,
      max: PRODUCT_LIST_MAX_LIMIT,
      messageUI: `На странице может быть от 1 до ${PRODUCT_LIST_MAX_LIMIT} товаров`,
    }),
  })
  .check(
    z.refine((query) => query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice, {
      error: "Минимальная цена не может быть больше максимальной",
      path: ["minPrice"],
    }),
  );
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** One page of the product list. */
export const productListPageSchema = z.object({
  items: z.array(productCardSchema),
  total: z.number().check(z.int(), z.gte(0)),
  offset: z.number().check(z.int(), z.gte(0)),
  limit: z.number().check(z.int(), z.positive()),
});
export type ProductListPage = z.infer<typeof productListPageSchema>;

/** `GET /public/product/{id}` path parameters. */
export const productIdParamsSchema = z.object({ id: idTextInput("Номер товара указан неверно") });
