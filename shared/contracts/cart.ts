import { z } from "zod";
import { entityIdSchema } from "./catalog";
import { deliveryMethodSchema, deliveryRequestSchema, deliveryTypeSchema, deliveryUpdateRequestSchema } from "./delivery";
import { layoutStatusValues } from "./files";
import { paymentTypeSchema } from "./order";
import { parseIntText } from "./query";

/*
 * The client cart (spec §3 "Client cart", §4 cart states, §7 "Cart"). Money is in roubles, VAT
 * included; the server keeps kopecks. Every change answers the whole cart, so the storefront
 * replaces its copy with what the server holds.
 *
 * Whose cart: the caller's own (a client's, or a visitor's temporary account's), one per company
 * and one for the personal profile (`companyId` absent or null); an employee in client mode works
 * on the cart of the client he acts for (`clientId`, when sent, must be that client).
 */

export const CART_COMMENT_MAX_LENGTH = 2000;
export const CART_LINE_MAX_QUANTITY = 1_000_000;
export const PROMOCODE_MAX_LENGTH = 50;
/** change-in-order takes at most this many lines at once. */
export const CART_BULK_MAX_LINES = 200;

const idInput = (messageUI: string) => z.number({ error: messageUI }).int({ error: messageUI }).positive({ error: messageUI });

/** A query-string id: text on the server, a number on the client; empty means "not sent". */
const queryId = (messageUI: string) => z.preprocess(parseIntText, idInput(messageUI).optional()).optional();

const companyIdInput = z
  .number({ error: "Компания указана неверно" })
  .int({ error: "Компания указана неверно" })
  .positive({ error: "Компания указана неверно" })
  .nullish();
const clientIdInput = idInput("Клиент указан неверно").optional();

/** Which cart a body-carrying call works on; both optional (see the comment at the top). */
const cartTargetFields = { clientId: clientIdInput, companyId: companyIdInput };

/** `GET /client-cart?clientId&companyId`, `DELETE /client-cart/promocode?clientId&companyId`, `POST …/repeat/{id}?companyId`. */
export const cartQuerySchema = z.object({
  clientId: queryId("Клиент указан неверно"),
  companyId: queryId("Компания указана неверно"),
});
export type CartQuery = z.infer<typeof cartQuerySchema>;

/** Which cart: the client (for an employee in client mode) and the company (null or absent: personal). */
export interface CartTarget {
  clientId?: number | undefined;
  companyId?: number | null | undefined;
}

const optionCode = z
  .string({ error: "Код опции укажите текстом" })
  .trim()
  .min(1, { error: "Код опции не может быть пустым" })
  .max(100, { error: "Код опции слишком длинный" });

/** The options of a line: format, paper and colours one code each, finishing several. */
export const cartLineOptionsSchema = z.strictObject(
  {
    format: optionCode.optional(),
    paper: optionCode.optional(),
    colors: optionCode.optional(),
    finishing: z.array(optionCode, { error: "Отделку укажите списком кодов" }).max(20, { error: "Слишком много видов отделки" }).optional(),
  },
  { error: "Опции товара: format, paper, colors и список finishing" },
);
export type CartLineOptions = z.infer<typeof cartLineOptionsSchema>;

const quantityInput = z
  .number({ error: "Укажите тираж числом" })
  .int({ error: "Тираж — целое число" })
  .min(1, { error: "Тираж — не меньше 1" })
  .max(CART_LINE_MAX_QUANTITY, { error: `Тираж — не больше ${CART_LINE_MAX_QUANTITY.toLocaleString("ru-RU")}` });
const urgentInput = z.boolean({ error: "Срочность — да или нет" });

/** `POST /client-cart/product`. */
export const cartProductAddSchema = z.object({
  productId: idInput("Товар указан неверно"),
  options: cartLineOptionsSchema.default({}),
  quantity: quantityInput,
  isUrgent: urgentInput.default(false),
  ...cartTargetFields,
});
export type CartProductAddRequest = z.input<typeof cartProductAddSchema>;
export type CartProductAdd = z.infer<typeof cartProductAddSchema>;

/** `PATCH /client-cart/product/{id}`: what changes; the line is re-priced. */
export const cartProductUpdateSchema = z
  .object({ options: cartLineOptionsSchema.optional(), quantity: quantityInput.optional(), isUrgent: urgentInput.optional() })
  .refine((value) => value.options !== undefined || value.quantity !== undefined || value.isUrgent !== undefined, {
    error: "Укажите, что изменить: опции, тираж или срочность",
  });
export type CartProductUpdateRequest = z.input<typeof cartProductUpdateSchema>;
export type CartProductUpdate = z.infer<typeof cartProductUpdateSchema>;

/** `/client-cart/product/{id}`, `/client-cart/product/repeat/{id}`, `/client-cart/delivery/{id}`. */
export const cartItemParamsSchema = z.object({ id: z.preprocess(parseIntText, idInput("Номер позиции указан неверно")) });

/** `POST /client-cart/product/change-in-order`. */
export const cartChangeInOrderSchema = z.object({
  orderProductIds: z
    .array(idInput("Позиция корзины указана неверно"), { error: "Укажите позиции корзины списком" })
    .min(1, { error: "Укажите хотя бы одну позицию корзины" })
    .max(CART_BULK_MAX_LINES, { error: `Не больше ${CART_BULK_MAX_LINES} позиций за раз` }),
  inOrder: z.boolean({ error: "inOrder — да или нет" }),
});
export type CartChangeInOrderRequest = z.input<typeof cartChangeInOrderSchema>;

/** `PATCH /client-cart`: the comment and the payment type; `version` makes it refuse a stale tab's change. */
export const cartUpdateSchema = z.object({
  comment: z
    .string({ error: "Комментарий укажите текстом" })
    .trim()
    .max(CART_COMMENT_MAX_LENGTH, { error: `Комментарий — не длиннее ${CART_COMMENT_MAX_LENGTH} символов` })
    .optional(),
  paymentType: paymentTypeSchema.nullish(),
  /** The version the caller saw; a different one now answers 409. */
  version: z.number({ error: "Версия корзины указана неверно" }).int({ error: "Версия корзины указана неверно" }).min(0).optional(),
  ...cartTargetFields,
});
export type CartUpdateRequest = z.input<typeof cartUpdateSchema>;
export type CartUpdate = z.infer<typeof cartUpdateSchema>;

/** `PUT /client-cart/promocode`. */
export const cartPromocodeRequestSchema = z.object({
  code: z
    .string({ error: "Введите промокод" })
    .trim()
    .min(1, { error: "Введите промокод" })
    .max(PROMOCODE_MAX_LENGTH, { error: "Промокод не найден" })
    .transform((code) => code.toUpperCase()),
  ...cartTargetFields,
});
export type CartPromocodeRequest = z.input<typeof cartPromocodeRequestSchema>;

/** `POST /client-cart/delivery`: spec §3 delivery request data, for the chosen cart. */
export const cartDeliveryCreateSchema = deliveryRequestSchema.and(z.object(cartTargetFields));
export type CartDeliveryCreateRequest = z.input<typeof cartDeliveryCreateSchema>;
/** `PUT /client-cart/delivery`: the cart's delivery `id`, chosen anew and re-priced. */
export const cartDeliveryUpdateSchema = deliveryUpdateRequestSchema;
export type CartDeliveryUpdateRequest = z.input<typeof cartDeliveryUpdateSchema>;

/* ---------------------------------------------------------------------------------------------
 * The answer.
 */

/** A stored layout's status (files.ts), or `missing` when none is uploaded yet. */
export const cartLayoutStatusValues = ["missing", ...layoutStatusValues] as const;
export const cartLayoutStatusSchema = z.enum(cartLayoutStatusValues);

/** The layout of one detail that needs one: the latest upload, or `missing`. */
export const cartLayoutSchema = z.object({
  detailName: z.string(),
  status: cartLayoutStatusSchema,
  layoutId: entityIdSchema.nullable(),
  fileUrl: z.url().nullable(),
  /** The server's print-readiness findings (spec §5 codes) once checked. */
  findings: z.array(z.unknown()).nullable(),
  /** When the client accepted the layout as it is (ISO). */
  approvedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type CartLayout = z.infer<typeof cartLayoutSchema>;

export const cartLineOptionSchema = z.object({
  group: z.enum(["format", "paper", "colors", "finishing"]),
  code: z.string(),
  /** The option's name; the code itself when the product no longer offers it. */
  label: z.string(),
});
export type CartLineOption = z.infer<typeof cartLineOptionSchema>;

/** A line of the cart (spec §3 orderProduct). */
export const cartLineSchema = z.object({
  id: entityIdSchema,
  product: z.object({
    id: entityIdSchema,
    name: z.string(),
    photoUrl: z.url().nullable(),
    category: z.object({ slug: z.string() }),
  }),
  /** As chosen, the shape PATCH takes. */
  options: cartLineOptionsSchema,
  /** The same options with their names, in the product's order. */
  optionLabels: z.array(cartLineOptionSchema),
  quantity: z.number().int().positive(),
  isUrgent: z.boolean(),
  /** Roubles per piece and for the line, after the product's discount and urgency. */
  unitPrice: z.number().min(0),
  price: z.number().min(0),
  weightGrams: z.number().int().min(0),
  productionTimeDay: z.number().int().min(0),
  inOrder: z.boolean(),
  /** The line of an earlier order this one repeats. */
  repeatOfId: entityIdSchema.nullable(),
  layouts: z.array(cartLayoutSchema),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartDeliverySchema = z.object({
  id: entityIdSchema,
  deliveryType: deliveryTypeSchema,
  cityKladrId: z.string(),
  deliveryMethod: deliveryMethodSchema,
  address: z.string(),
  recipientId: entityIdSchema.nullable(),
  tariffCode: z.string().nullable(),
  pickupPointCode: z.string().nullable(),
  /** Roubles. */
  price: z.number().min(0),
  /** YYYY-MM-DD. */
  deliveryDate: z.string().nullable(),
  /** False when the lines changed since it was priced and it could not be priced again: choose it anew. */
  upToDate: z.boolean(),
});
export type CartDelivery = z.infer<typeof cartDeliverySchema>;

export const cartPromocodeSchema = z.object({
  code: z.string(),
  kind: z.enum(["percent", "fixed"]),
  /** Percent, or roubles off the items. */
  value: z.number().min(0),
  /** Roubles off now; 0 with `problem` when the code no longer applies to this cart. */
  discount: z.number().min(0),
  problem: z.string().nullable(),
});
export type CartPromocode = z.infer<typeof cartPromocodeSchema>;

export const cartTotalsSchema = z.object({
  /** The in-order lines. */
  items: z.number().min(0),
  discount: z.number().min(0),
  delivery: z.number().min(0),
  total: z.number().min(0),
  /** The VAT inside the total. */
  vat: z.number().min(0),
  vatPercent: z.number().min(0).max(100),
  /** In-order lines: their count, weight and the longest production time. */
  inOrderCount: z.number().int().min(0),
  weightGrams: z.number().int().min(0),
  productionTimeDay: z.number().int().min(0),
});
export type CartTotalsView = z.infer<typeof cartTotalsSchema>;

/** What keeps a cart from being ordered; a promocode that no longer applies does not (it shows `promocode.problem`). */
export const cartProblemCodeValues = [
  "SIGN_IN_REQUIRED",
  "NO_LINES_IN_ORDER",
  "LAYOUT_MISSING",
  "LAYOUT_FAILED",
  "NO_DELIVERY",
  "DELIVERY_OUTDATED",
] as const;
export const cartProblemSchema = z.object({ code: z.enum(cartProblemCodeValues), messageUI: z.string() });
export type CartProblem = z.infer<typeof cartProblemSchema>;

/** `GET /client-cart` and the answer of every cart change. */
export const cartSchema = z.object({
  /** Null until the first change opens the cart (and for an anonymous visitor). */
  id: entityIdSchema.nullable(),
  clientId: entityIdSchema.nullable(),
  companyId: entityIdSchema.nullable(),
  /** Grows with every change; send it with PATCH /client-cart to refuse a stale tab's edit. */
  version: z.number().int().min(0),
  orderProduct: z.array(cartLineSchema),
  deliveries: z.array(cartDeliverySchema),
  promocode: cartPromocodeSchema.nullable(),
  comment: z.string(),
  paymentType: paymentTypeSchema.nullable(),
  totals: cartTotalsSchema,
  /** Whether place-order would accept the cart now; `problems` says what is missing. */
  readyToOrder: z.boolean(),
  problems: z.array(cartProblemSchema),
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Cart = z.infer<typeof cartSchema>;
