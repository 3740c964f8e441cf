import { z } from "zod/mini";
import { preflightProfileSchema } from "./preflight-profile";
import { idInput, idTextInput, safeText } from "./input";
import { sizeQueryParam } from "./product-size";
import { preprocess, queryBoolean, queryInt } from "./query";
import { PRODUCT_MAX_QUANTITY } from "./wire";

/*
 * What a product page needs beyond the card: the print options to choose, the price by run, the
 * details that need a layout (with their preflight profiles), urgency; the live price of a choice;
 * the category tree for menus; the services sold beside products. Prices are in roubles, VAT included.
 */

/** The option groups; `finishing` may hold several choices, the others exactly one. */
export const productOptionGroupValues = ["format", "paper", "colors", "finishing"] as const;
export const productOptionGroupNameSchema = z.enum(productOptionGroupValues);
export type ProductOptionGroupName = z.infer<typeof productOptionGroupNameSchema>;

export { PRODUCT_MAX_QUANTITY } from "./wire";

/** One choice of an option group: `code` is what the cart line keeps. */
export const productOptionChoiceSchema = z.object({
  code: z.string().check(z.minLength(1)),
  label: z.string().check(z.minLength(1)),
  isDefault: z.boolean(),
  /** Format: the trimmed size in millimetres. */
  widthMm: z.nullable(z.number().check(z.int(), z.positive())),
  heightMm: z.nullable(z.number().check(z.int(), z.positive())),
  /** Paper: grams per square metre. */
  paperGsm: z.nullable(z.number().check(z.int(), z.positive())),
  /** Colours: printed sides (4+0 → 1, 4+4 → 2). */
  sides: z.nullable(z.number().check(z.int(), z.gte(1), z.lte(2))),
});
export type ProductOptionChoice = z.infer<typeof productOptionChoiceSchema>;

/** A group of options in the shop's order, e.g. «Формат» with its sizes. */
export const productOptionGroupSchema = z.object({
  group: productOptionGroupNameSchema,
  /** Russian name of the group: «Формат», «Бумага», «Красочность», «Отделка». */
  label: z.string().check(z.minLength(1)),
  /** True for finishing: any number of choices; otherwise exactly one (the default when none is sent). */
  multiple: z.boolean(),
  choices: z.array(productOptionChoiceSchema).check(z.minLength(1)),
});
export type ProductOptionGroup = z.infer<typeof productOptionGroupSchema>;

/** The price of a run at the default options, after the discount (and the surcharge when urgent). */
export const productPriceTierSchema = z.object({
  /** The tier applies from this many pieces up to the next tier. */
  minQuantity: z.number().check(z.int(), z.positive()),
  /** Per piece, in roubles. */
  unitPrice: z.number().check(z.gte(0)),
  /** The whole run of `minQuantity` pieces, setup fees included, in roubles. */
  price: z.number().check(z.gte(0)),
});
export type ProductPriceTier = z.infer<typeof productPriceTierSchema>;

/** A part of the product that needs its own layout, checked against `profile`. */
export const productDetailSchema = z.object({
  name: z.string().check(z.minLength(1)),
  profile: preflightProfileSchema,
  /** Needed only when this option code is chosen (the back side with 4+4); null: always. */
  requiresOptionCode: z.nullable(z.string()),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** Urgent production: sooner and dearer. */
export const productUrgencySchema = z.object({
  available: z.boolean(),
  /** Working days when urgent; null when the product cannot be made urgently. */
  productionTimeDay: z.nullable(z.number().check(z.int(), z.positive())),
  /** The line gets dearer by this percentage when urgent. */
  surchargePct: z.number().check(z.int(), z.gte(0), z.lte(500)),
});
export type ProductUrgency = z.infer<typeof productUrgencySchema>;

const urgentMessage = "Срочность указывается как «да» или «нет»";

/** `GET /public/product/{id}?isUrgent=true`: productionTimeDay and priceFrom become the urgent ones. */
export const productQuerySchema = z.object({
  isUrgent: queryBoolean({ messageUI: urgentMessage }),
});
export type ProductQuery = z.infer<typeof productQuerySchema>;

/**
 * Option codes never hold spaces, but a `+` typed into a query string arrives as one (`4+4` →
 * `4 4`): turn it back so `colors=4+4` works unencoded too.
 */
const codeText = (value: unknown): unknown => (typeof value === "string" ? value.trim().replaceAll(" ", "+") : value);
const codeMessage = "Код параметра указан неверно";
/** One code, or several when a single-choice group was sent twice (the service answers that with a 400 of its own). */
const singleChoiceParam = z.optional(
  preprocess(
    (value) => (Array.isArray(value) ? value.map(codeText) : codeText(value)),
    z.union([
      z.string({ error: codeMessage }).check(safeText(codeMessage), z.maxLength(100, { error: codeMessage })),
      z.array(z.string().check(safeText(codeMessage), z.maxLength(100, { error: codeMessage }))).check(z.maxLength(10, { error: codeMessage })),
    ]),
  ),
);

/**
 * `GET /public/product/{id}/price`: the live price of a choice on the product page. Options are
 * their codes (`format=90x50&paper=coated-300&colors=4%2B4&finishing=lamination-matte,round-corners`);
 * an absent group takes its default, an absent quantity the smallest run.
 */
export const productPriceQuerySchema = z.object({
  quantity: queryInt({ min: 1, max: PRODUCT_MAX_QUANTITY, messageUI: `Тираж должен быть целым числом от 1 до ${PRODUCT_MAX_QUANTITY.toLocaleString("ru-RU")}` }),
  format: singleChoiceParam,
  paper: singleChoiceParam,
  colors: singleChoiceParam,
  /** Comma-separated codes; the parameter may also repeat. Empty: no finishing. */
  finishing: z.optional(
    preprocess(
      (value) => {
        const parts = (Array.isArray(value) ? value : [value]).flatMap((part) => (typeof part === "string" ? part.split(",") : [part]));
        return parts.map(codeText).filter((part) => part !== "");
      },
      z
        .array(z.string({ error: codeMessage }).check(safeText(codeMessage), z.maxLength(100, { error: codeMessage })), { error: codeMessage })
        .check(z.maxLength(20, { error: "Слишком много вариантов отделки" })),
    ),
  ),
  isUrgent: queryBoolean({ messageUI: urgentMessage }),
  /** A per-m² product's own size in millimetres (both or neither; neither: 1000 × 1000 where the limits allow). */
  width: sizeQueryParam("Ширина"),
  height: sizeQueryParam("Высота"),
});
export type ProductPriceQuery = z.infer<typeof productPriceQuerySchema>;

/** The chosen options as the cart keeps them: group → code, finishing → codes (sorted). */
export const chosenOptionsSchema = z.object({
  format: z.optional(z.string()),
  paper: z.optional(z.string()),
  colors: z.optional(z.string()),
  finishing: z.optional(z.array(z.string())),
  /** A per-m² product's size in millimetres. */
  widthMm: z.optional(z.number().check(z.int(), z.positive())),
  heightMm: z.optional(z.number().check(z.int(), z.positive())),
});
export type ChosenOptionsContract = z.infer<typeof chosenOptionsSchema>;

/** The price of a choice: what the product page shows live and what the cart line will cost. */
export const productPriceQuoteSchema = z.object({
  productId: z.number().check(z.int(), z.positive()),
  /** Normalised: every single-choice group filled, finishing sorted and unique. */
  options: chosenOptionsSchema,
  quantity: z.number().check(z.int(), z.positive()),
  isUrgent: z.boolean(),
  /** Per piece after the discount and urgency, in roubles (rounded to the kopeck, for display). */
  unitPrice: z.number().check(z.gte(0)),
  /** The whole line in roubles: what the shopper pays. */
  price: z.number().check(z.gte(0)),
  /** The whole line before the discount and the surcharge, in roubles (to show crossed out). */
  priceBeforeDiscount: z.number().check(z.gte(0)),
  discountPct: z.number().check(z.int(), z.gte(0), z.lte(100)),
  /** The minQuantity of the tier that applied. */
  tierMinQuantity: z.number().check(z.int(), z.positive()),
  productionTimeDay: z.number().check(z.int(), z.positive()),
  /** «Будет готово …», `YYYY-MM-DD`: this choice ordered now (server/docs/deadlines.md). */
  readyDate: z.iso.date(),
  weightGrams: z.number().check(z.int(), z.gte(0)),
  /** The details that need a layout with these options, in order. */
  layoutDetails: z.array(z.string()),
});
export type ProductPriceQuote = z.infer<typeof productPriceQuoteSchema>;

/** A database id in a path, as text: a positive whole number or the given Russian message. */

export const PRODUCT_BY_LIST_MAX = 100;
const idsMessage = `Передайте от 1 до ${PRODUCT_BY_LIST_MAX} номеров товаров`;

/** `POST /public/product/by-list`: the cards of these products, in this order (unknown ids left out). */
export const productByListRequestSchema = z.object({
  ids: z
    .array(idInput("Номер товара указан неверно"), { error: idsMessage })
    .check(z.minLength(1, { error: idsMessage }), z.maxLength(PRODUCT_BY_LIST_MAX, { error: idsMessage })),
});
export type ProductByListRequest = z.infer<typeof productByListRequestSchema>;

/** A product as a menu lists it. */
export const categoryTreeProductSchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  name: z.string().check(z.minLength(1)),
  slug: z.string().check(z.minLength(1)),
});

/**
 * `GET /product-category`: every category in the shop's order with its first products А–Я (at most
 * 20, a menu's worth) and how many it has in all, for menus.
 */
export const categoryTreeNodeSchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  slug: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  photoUrl: z.nullable(z.url()),
  /** Every product of the category; `products` holds only the first of them. */
  productCount: z.number().check(z.int(), z.nonnegative()),
  products: z.array(categoryTreeProductSchema),
});
export type CategoryTreeNode = z.infer<typeof categoryTreeNodeSchema>;
export const categoryTreeSchema = z.array(categoryTreeNodeSchema);

/** A service the shop sells beside products (design, proofs, prepress …). */
export const productServiceSchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  slug: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  description: z.string(),
  /** In roubles, VAT included, per `unit`. */
  price: z.number().check(z.gte(0)),
  /** What the price is for: «за макет», «за час», «за заказ». */
  unit: z.string(),
  photoUrl: z.nullable(z.url()),
});
export type ProductServiceItem = z.infer<typeof productServiceSchema>;
export const productServiceListSchema = z.array(productServiceSchema);

/** `GET /product-service/{id}` path parameters. */
export const productServiceIdParamsSchema = z.object({
  id: idTextInput("Номер услуги указан неверно"),
});
