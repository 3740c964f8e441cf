import { z } from "zod/mini";
import { entityIdSchema } from "./catalog";
import { deliveryMethodSchema, deliveryRequestSchema, deliveryTypeSchema, deliveryUpdateRequestSchema } from "./delivery";
import { designStatusValues, layoutStatusValues, preflightFindingSchema } from "./files";
import { preflightProfileSchema } from "./preflight-profile";
import { PRODUCT_SIZE_MAX_MM } from "./product-size";
import { paymentTypeSchema } from "./order";
import { idInput, idTextInput, INT32_MAX, optionalIdTextInput, safeText } from "./input";

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

const companyIdInput = z.nullish(idInput("Компания указана неверно"));
const clientIdInput = z.optional(idInput("Клиент указан неверно"));

/** Which cart a body-carrying call works on; both optional (see the comment at the top). */
const cartTargetFields = { clientId: clientIdInput, companyId: companyIdInput };

/** `GET /client-cart?clientId&companyId`, `DELETE /client-cart/promocode?clientId&companyId`, `POST …/repeat/{id}?companyId`. */
export const cartQuerySchema = z.object({
  clientId: optionalIdTextInput("Клиент указан неверно"),
  companyId: optionalIdTextInput("Компания указана неверно"),
});
export type CartQuery = z.infer<typeof cartQuerySchema>;

/** Which cart: the client (for an employee in client mode) and the company (null or absent: personal). */
export interface CartTarget {
  clientId?: number | undefined;
  companyId?: number | null | undefined;
}

const optionCode = z
  .string({ error: "Код опции укажите текстом" })
  .check(safeText(), z.trim(), z.minLength(1, { error: "Код опции не может быть пустым" }), z.maxLength(100, { error: "Код опции слишком длинный" }));

const lineSideMm = (side: string) =>
  z
    .number({ error: `${side} — целое число миллиметров` })
    .check(z.int({ error: `${side} — целое число миллиметров` }), z.gte(1, { error: `${side} — не меньше 1 мм` }), z.lte(PRODUCT_SIZE_MAX_MM, { error: `${side} слишком большая` }));

/** The options of a line: format, paper and colours one code each, finishing several; a per-m² product's size. */
export const cartLineOptionsSchema = z.strictObject(
  {
    format: z.optional(optionCode),
    paper: z.optional(optionCode),
    colors: z.optional(optionCode),
    finishing: z.optional(z.array(optionCode, { error: "Отделку укажите списком кодов" }).check(z.maxLength(20, { error: "Слишком много видов отделки" }))),
    /** A per-m² product's own size in millimetres (checked against the product's limits by the pricing). */
    widthMm: z.optional(lineSideMm("Ширина")),
    heightMm: z.optional(lineSideMm("Высота")),
  },
  { error: "Опции товара: format, paper, colors, список finishing и для товара за м² — widthMm и heightMm" },
);
export type CartLineOptions = z.infer<typeof cartLineOptionsSchema>;

const quantityInput = z
  .number({ error: "Укажите тираж числом" })
  .check(
    z.int({ error: "Тираж — целое число" }),
    z.gte(1, { error: "Тираж — не меньше 1" }),
    z.lte(CART_LINE_MAX_QUANTITY, { error: `Тираж — не больше ${CART_LINE_MAX_QUANTITY.toLocaleString("ru-RU")}` }),
  );
const urgentInput = z.boolean({ error: "Срочность — да или нет" });

/** `POST /client-cart/product`. */
export const cartProductAddSchema = z.object({
  productId: idInput("Товар указан неверно"),
  options: z._default(cartLineOptionsSchema, {}),
  quantity: quantityInput,
  isUrgent: z._default(urgentInput, false),
  ...cartTargetFields,
});
export type CartProductAddRequest = z.input<typeof cartProductAddSchema>;
export type CartProductAdd = z.infer<typeof cartProductAddSchema>;

/** `PATCH /client-cart/product/{id}`: what changes; the line is re-priced. */
export const cartProductUpdateSchema = z
  .object({ options: z.optional(cartLineOptionsSchema), quantity: z.optional(quantityInput), isUrgent: z.optional(urgentInput) })
  .check(
    z.refine((value) => value.options !== undefined || value.quantity !== undefined || value.isUrgent !== undefined, {
      error: "Укажите, что изменить: опции, тираж или срочность",
    }),
  );
export type CartProductUpdateRequest = z.input<typeof cartProductUpdateSchema>;
export type CartProductUpdate = z.infer<typeof cartProductUpdateSchema>;

/** `/client-cart/product/{id}`, `/client-cart/product/repeat/{id}`, `/client-cart/delivery/{id}`. */
export const cartItemParamsSchema = z.object({ id: idTextInput("Номер позиции указан неверно") });

/** `POST /client-cart/product/change-in-order`. */
export const cartChangeInOrderSchema = z.object({
  orderProductIds: z
    .array(idInput("Позиция корзины указана неверно"), { error: "Укажите позиции корзины списком" })
    .check(
      z.minLength(1, { error: "Укажите хотя бы одну позицию корзины" }),
      z.maxLength(CART_BULK_MAX_LINES, { error: `Не больше ${CART_BULK_MAX_LINES} позиций за раз` }),
    ),
  inOrder: z.boolean({ error: "inOrder — да или нет" }),
});
export type CartChangeInOrderRequest = z.input<typeof cartChangeInOrderSchema>;

/**
 * `POST /client-cart/product/move`: lines from one of the acting client's carts to another (the
 * personal profile is null). Without `lineIds`, every line of the source cart moves.
 */
export const cartMoveSchema = z
  .object({
    fromCompanyId: z.nullable(idInput("Компания, из корзины которой переносим, указана неверно")),
    toCompanyId: z.nullable(idInput("Компания, в корзину которой переносим, указана неверно")),
    lineIds: z.optional(
      z
        .array(idInput("Позиция корзины указана неверно"), { error: "Укажите позиции корзины списком" })
        .check(
          z.minLength(1, { error: "Укажите хотя бы одну позицию корзины" }),
          z.maxLength(CART_BULK_MAX_LINES, { error: `Не больше ${CART_BULK_MAX_LINES} позиций за раз` }),
        ),
    ),
  })
  .check(
    z.refine((value) => value.fromCompanyId !== value.toCompanyId, {
      error: "Товары уже в этой корзине: выберите другую",
      path: ["toCompanyId"],
    }),
  );
export type CartMoveRequest = z.input<typeof cartMoveSchema>;
export type CartMove = z.infer<typeof cartMoveSchema>;

/** `PATCH /client-cart`: the comment and the payment type; `version` makes it refuse a stale tab's change. */
export const cartUpdateSchema = z.object({
  comment: z.optional(
    z
      .string({ error: "Комментарий укажите текстом" })
      .check(safeText(), z.trim(), z.maxLength(CART_COMMENT_MAX_LENGTH, { error: `Комментарий — не длиннее ${CART_COMMENT_MAX_LENGTH} символов` })),
  ),
  paymentType: z.nullish(paymentTypeSchema),
  /** The version the caller saw; a different one now answers 409. */
  version: z.optional(
    z
      .number({ error: "Версия корзины указана неверно" })
      .check(z.int({ error: "Версия корзины указана неверно" }), z.gte(0, { error: "Версия корзины указана неверно" }), z.lte(INT32_MAX, { error: "Версия корзины указана неверно" })),
  ),
  ...cartTargetFields,
});
export type CartUpdateRequest = z.input<typeof cartUpdateSchema>;
export type CartUpdate = z.infer<typeof cartUpdateSchema>;

/** `PUT /client-cart/promocode`. */
export const cartPromocodeRequestSchema = z.object({
  code: z.pipe(
    z
      .string({ error: "Введите промокод" })
      .check(safeText(), z.trim(), z.minLength(1, { error: "Введите промокод" }), z.maxLength(PROMOCODE_MAX_LENGTH, { error: "Промокод не найден" })),
    z.transform((code: string) => code.toUpperCase()),
  ),
  ...cartTargetFields,
});
export type CartPromocodeRequest = z.input<typeof cartPromocodeRequestSchema>;

/** `POST /client-cart/delivery`: spec §3 delivery request data, for the chosen cart. */
export const cartDeliveryCreateSchema = z.intersection(deliveryRequestSchema, z.object(cartTargetFields));
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

/** The detail's latest design order that is not cancelled (files.ts has the whole design order). */
export const cartLayoutDesignSchema = z.object({
  designId: entityIdSchema,
  status: z.enum(designStatusValues),
  comment: z.string(),
  annotatedFileId: z.nullable(entityIdSchema),
  annotatedFileUrl: z.nullable(z.url()),
  /** Roubles: the design's price, added to the cart's total (totals.design). */
  price: z.number().check(z.gte(0)),
  /** YYYY-MM-DD: when the designer promised the layout; null for older design orders. */
  dueDate: z.nullable(z.string()),
});
export type CartLayoutDesign = z.infer<typeof cartLayoutDesignSchema>;

/**
 * The layout of one detail that needs one: the latest upload, or `missing`. A design order
 * (`design` set) makes the detail wait for the designer: while it is new, in_work or waiting_client
 * the line cannot be ordered (problem DESIGN_NOT_APPROVED); once the client approves the designer's
 * layout (done) that layout is the detail's, judged like any other.
 */
export const cartLayoutSchema = z.object({
  detailName: z.string(),
  status: cartLayoutStatusSchema,
  layoutId: z.nullable(entityIdSchema),
  fileUrl: z.nullable(z.url()),
  /** The uploaded file's own name. */
  fileName: z.nullable(z.string()),
  /** What this detail's layout is checked against, the line's format applied: the browser's check uses it too. */
  profile: preflightProfileSchema,
  /** The latest server check of the current layout (GET /client-order/autocheck/{id}), or null. */
  pitstopDesignId: z.nullable(entityIdSchema),
  /** The server's print-readiness findings (spec §5 codes) once checked. */
  findings: z.nullable(z.array(preflightFindingSchema)),
  design: z.nullable(cartLayoutDesignSchema),
  /** When the client accepted the layout as it is (ISO). */
  approvedAt: z.nullable(z.iso.datetime({ offset: true })),
});
export type CartLayout = z.infer<typeof cartLayoutSchema>;

export const cartLineOptionSchema = z.object({
  /** `size`: a per-m² line's own size (code `1500x800`, label «1500 × 800 мм»). */
  group: z.enum(["format", "paper", "colors", "finishing", "size"]),
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
    photoUrl: z.nullable(z.url()),
    category: z.object({ slug: z.string() }),
  }),
  /** As chosen, the shape PATCH takes. */
  options: cartLineOptionsSchema,
  /** The same options with their names, in the product's order. */
  optionLabels: z.array(cartLineOptionSchema),
  quantity: z.number().check(z.int(), z.positive()),
  isUrgent: z.boolean(),
  /** Roubles per piece and for the line, after the product's discount and urgency. */
  unitPrice: z.number().check(z.gte(0)),
  price: z.number().check(z.gte(0)),
  weightGrams: z.number().check(z.int(), z.gte(0)),
  productionTimeDay: z.number().check(z.int(), z.gte(0)),
  /** «Будет готово …», `YYYY-MM-DD`: the line ordered now (server/docs/deadlines.md). */
  readyDate: z.iso.date(),
  inOrder: z.boolean(),
  /**
   * The product is no longer sold (archived in the back office): the line keeps its price, says so,
   * and cannot be ordered while it is marked for the order (problem PRODUCT_ARCHIVED).
   */
  productArchived: z.boolean(),
  /** The line of an earlier order this one repeats. */
  repeatOfId: z.nullable(entityIdSchema),
  layouts: z.array(cartLayoutSchema),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartDeliverySchema = z.object({
  id: entityIdSchema,
  deliveryType: deliveryTypeSchema,
  cityKladrId: z.string(),
  deliveryMethod: deliveryMethodSchema,
  address: z.string(),
  recipientId: z.nullable(entityIdSchema),
  tariffCode: z.nullable(z.string()),
  pickupPointCode: z.nullable(z.string()),
  /** Roubles. */
  price: z.number().check(z.gte(0)),
  /** YYYY-MM-DD. */
  deliveryDate: z.nullable(z.string()),
  /** False when the lines changed since it was priced and it could not be priced again: choose it anew. */
  upToDate: z.boolean(),
});
export type CartDelivery = z.infer<typeof cartDeliverySchema>;

export const cartPromocodeSchema = z.object({
  code: z.string(),
  kind: z.enum(["percent", "fixed"]),
  /** Percent, or roubles off the items. */
  value: z.number().check(z.gte(0)),
  /** Roubles off now; 0 with `problem` when the code no longer applies to this cart. */
  discount: z.number().check(z.gte(0)),
  problem: z.nullable(z.string()),
});
export type CartPromocode = z.infer<typeof cartPromocodeSchema>;

export const cartTotalsSchema = z.object({
  /** The in-order lines. */
  items: z.number().check(z.gte(0)),
  discount: z.number().check(z.gte(0)),
  delivery: z.number().check(z.gte(0)),
  /** Roubles: the in-order lines' design orders (not cancelled), at the prices they were made with; inside `total`, not discounted. */
  design: z.number().check(z.gte(0)),
  total: z.number().check(z.gte(0)),
  /** The VAT inside the total. */
  vat: z.number().check(z.gte(0)),
  vatPercent: z.number().check(z.gte(0), z.lte(100)),
  /** In-order lines: their count, weight and the longest production time. */
  inOrderCount: z.number().check(z.int(), z.gte(0)),
  weightGrams: z.number().check(z.int(), z.gte(0)),
  productionTimeDay: z.number().check(z.int(), z.gte(0)),
  /** «Будет готово …» of the in-order lines ordered now: the latest line's; null with none in the order. */
  readyDate: z.nullable(z.iso.date()),
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
  "PRODUCT_ARCHIVED",
  /** A detail's design order is not done yet: the client approves the designer's layout first. */
  "DESIGN_NOT_APPROVED",
] as const;
export const cartProblemSchema = z.object({ code: z.enum(cartProblemCodeValues), messageUI: z.string() });
export type CartProblem = z.infer<typeof cartProblemSchema>;

/** Another cart of the same client that holds lines (the storefront offers to move them). */
export const cartElsewhereSchema = z.object({
  /** Null: the personal profile's cart. */
  companyId: z.nullable(entityIdSchema),
  companyName: z.nullable(z.string()),
  lineCount: z.number().check(z.int(), z.positive()),
});
export type CartElsewhere = z.infer<typeof cartElsewhereSchema>;

/** `GET /client-cart` and the answer of every cart change. */
export const cartSchema = z.object({
  /** Null until the first change opens the cart (and for an anonymous visitor). */
  id: z.nullable(entityIdSchema),
  clientId: z.nullable(entityIdSchema),
  companyId: z.nullable(entityIdSchema),
  /** The company's name; null for the personal profile's cart (and an anonymous visitor's). */
  companyName: z.nullable(z.string()),
  /** The client's other carts that hold lines, personal first, then by company name. */
  otherCarts: z.array(cartElsewhereSchema),
  /** Grows with every change; send it with PATCH /client-cart to refuse a stale tab's edit. */
  version: z.number().check(z.int(), z.gte(0)),
  orderProduct: z.array(cartLineSchema),
  deliveries: z.array(cartDeliverySchema),
  promocode: z.nullable(cartPromocodeSchema),
  comment: z.string(),
  paymentType: z.nullable(paymentTypeSchema),
  /** The payment types this cart may choose: the shop's (OTTISK_PAYMENTS) that fit its profile (an invoice for a company only). */
  paymentTypes: z.array(paymentTypeSchema),
  totals: cartTotalsSchema,
  /** Whether place-order would accept the cart now; `problems` says what is missing. */
  readyToOrder: z.boolean(),
  problems: z.array(cartProblemSchema),
  updatedAt: z.nullable(z.iso.datetime({ offset: true })),
});
export type Cart = z.infer<typeof cartSchema>;
