import { z } from "zod/mini";
import { entityIdSchema } from "./catalog";
import { designStatusValues, preflightFindingSchema } from "./files";
import { idTextInput, optionalIdTextInput, safeText } from "./input";
import { preprocess } from "./query";

/*
 * The designers' queue of design orders (issue 29, back office "design"), the client's quote
 * before ordering a design, and the client's answer to the designer's layout (approve, or ask for
 * changes). Money in roubles, dates YYYY-MM-DD, as everywhere in the API.
 */

export const DESIGN_STATUS_TITLES: Readonly<Record<(typeof designStatusValues)[number], string>> = {
  new: "Новый",
  in_work: "В работе",
  waiting_client: "Ждёт клиента",
  done: "Готов",
  cancelled: "Отменён",
};

/* ---------------------------------------------------------------------------------------------
 * The client's side.
 */

/** `GET /client-order/design/quote?orderProductId=`: what a design of the line's product costs and when it is ready. */
export const designQuoteQuerySchema = z.object({ orderProductId: idTextInput("Строка заказа указана неверно") });

export const designQuoteSchema = z.object({
  /** The design service that sets the price: the one of the product's category, else the general design service. */
  serviceName: z.string(),
  /** Roubles, kept by the design order made now. */
  price: z.number().check(z.gte(0)),
  /** Working days the designer needs. */
  productionDays: z.number().check(z.int(), z.gte(0)),
  /** YYYY-MM-DD: today (the shop's clock) + the working days of the production calendar. */
  dueDate: z.string(),
});
export type DesignQuote = z.infer<typeof designQuoteSchema>;

const DESIGN_MESSAGE_MAX = 2000;

/** `POST /client-order/design/{designId}/changes`: what the designer should change in the layout. */
export const designChangesRequestSchema = z.object({
  text: z
    .string({ error: "Напишите, что исправить в макете" })
    .check(safeText(), z.trim(), z.minLength(1, { error: "Напишите, что исправить в макете" }), z.maxLength(DESIGN_MESSAGE_MAX, { error: `Сообщение длиннее ${DESIGN_MESSAGE_MAX} знаков` })),
});
export type DesignChangesRequest = z.infer<typeof designChangesRequestSchema>;

/* ---------------------------------------------------------------------------------------------
 * The designers' queue.
 */

export const EMPLOYEE_DESIGN_PAGE_SIZE = 20;

const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);

/** `GET /employee/design-order?status=&mine=&page=`: the queue, oldest due first. */
export const employeeDesignOrderListQuerySchema = z.object({
  status: z.optional(
    preprocess(emptyAsUndefined, z.optional(z.enum(designStatusValues, { error: "Статус заказа дизайна — один из: new, in_work, waiting_client, done, cancelled" }))),
  ),
  /** "1": only the caller's own design orders. */
  mine: z.optional(preprocess(emptyAsUndefined, z.optional(z.enum(["0", "1"], { error: "mine — 0 или 1" })))),
  /** 1-based. */
  page: optionalIdTextInput("Номер страницы указан неверно"),
});
export type EmployeeDesignOrderListQuery = z.infer<typeof employeeDesignOrderListQuerySchema>;

export const designOrderIdParamsSchema = z.object({ id: idTextInput("Номер заказа дизайна указан неверно") });

const personSchema = z.object({ id: entityIdSchema, name: z.string() });

/** One row of the queue. */
export const employeeDesignOrderSummarySchema = z.object({
  id: entityIdSchema,
  status: z.enum(designStatusValues),
  client: z.object({ id: entityIdSchema, name: z.string(), email: z.nullable(z.string()) }),
  companyName: z.nullable(z.string()),
  product: z.object({ id: entityIdSchema, name: z.string() }),
  detailName: z.string(),
  /** Roubles. */
  price: z.number().check(z.gte(0)),
  dueDate: z.nullable(z.string()),
  /** Past its due date and not yet done or cancelled. */
  overdue: z.boolean(),
  designer: z.nullable(personSchema),
  orderId: z.nullable(entityIdSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EmployeeDesignOrderSummary = z.infer<typeof employeeDesignOrderSummarySchema>;

export const employeeDesignOrderListSchema = z.object({
  items: z.array(employeeDesignOrderSummarySchema),
  total: z.number().check(z.int(), z.gte(0)),
  page: z.number().check(z.int(), z.gte(1)),
  pageSize: z.number().check(z.int(), z.gte(1)),
  /** The number of design orders per status (the whole queue, or the caller's with mine=1). */
  statusCounts: z.record(z.string(), z.number().check(z.int(), z.gte(0))),
});
export type EmployeeDesignOrderList = z.infer<typeof employeeDesignOrderListSchema>;

/** The designer's layout as the queue shows it, with its check. */
export const employeeDesignLayoutSchema = z.object({
  layoutId: entityIdSchema,
  fileUrl: z.string(),
  fileName: z.string(),
  /** uploaded | checking | passed | failed | error */
  status: z.string(),
  findings: z.nullable(z.array(preflightFindingSchema)),
  approvedAt: z.nullable(z.string()),
  uploadedAt: z.string(),
});

/** One design order in full. */
export const employeeDesignOrderSchema = z.object({
  ...employeeDesignOrderSummarySchema.shape,
  comment: z.string(),
  annotatedFileUrl: z.nullable(z.string()),
  cartId: z.nullable(entityIdSchema),
  orderProductId: z.nullable(entityIdSchema),
  /** The designer's layout (a layout of the line's detail), once uploaded, with its check. */
  resultLayout: z.nullable(employeeDesignLayoutSchema),
  approvedAt: z.nullable(z.string()),
});
export type EmployeeDesignOrder = z.infer<typeof employeeDesignOrderSchema>;

/** `PUT /employee/design-order/{id}/status`: the shop moves a design order by hand. */
export const employeeDesignStatusSchema = z.strictObject({
  status: z.enum(["in_work", "cancelled"], { error: "Статус — in_work (вернуть в работу) или cancelled (отменить)" }),
});
export type EmployeeDesignStatus = z.infer<typeof employeeDesignStatusSchema>;
