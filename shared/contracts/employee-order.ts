import { z } from "zod/mini";
import { entityIdSchema } from "./catalog";
import { companySchema } from "./company";
import { designOrderSchema } from "./files";
import { optionalIdTextInput, safeText } from "./input";
import { orderSchema, orderStatusSchema, orderSummarySchema, orderTimelineEntrySchema, ORDER_LIST_DEFAULT_LIMIT, ORDER_LIST_MAX_LIMIT, trackingCarrierSchema } from "./order";
import type { OrderStatus } from "./order";
import { preprocess, queryInt } from "./query";

/*
 * The employee's view of every client's orders (issue 15; the spec's admin panel is "not shown"):
 * the list with filters, one order with its client, company and design orders, and the status
 * change. Money in roubles, as everywhere in the API.
 */

export const EMPLOYEE_ORDER_SEARCH_MAX_LENGTH = 100;

/** The statuses in the order an order goes through them, cancelled last. */
export const orderStatusValues = ["new", "paid", "in_production", "shipped", "done", "cancelled"] as const satisfies readonly OrderStatus[];

/** What the panel calls each status (lists, filters, the status control). */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  new: "Новый",
  paid: "Оплачен",
  in_production: "В производстве",
  shipped: "Отгружен",
  done: "Выполнен",
  cancelled: "Отменён",
};

/** The news a client gets when the order reaches a status: «Заказ № 2026-000042: передан в производство». */
export const ORDER_STATUS_NEWS: Readonly<Record<OrderStatus, string>> = {
  new: "принят",
  paid: "оплачен",
  in_production: "передан в производство",
  shipped: "отгружен",
  done: "выполнен",
  cancelled: "отменён",
};

const STATUS_MESSAGE = "Статус заказа — один из: new, paid, in_production, shipped, done, cancelled";

/** `GET /employee/order?status=&clientId=&search=&offset=&limit=`: every client's orders, newest first. */
export const employeeOrderListQuerySchema = z.object({
  status: z.optional(preprocess((value) => (value === "" ? undefined : value), z.optional(z.enum(orderStatusValues, { error: STATUS_MESSAGE })))),
  clientId: optionalIdTextInput("Клиент указан неверно"),
  /** The order number, the client's name, surname or e-mail, the company's name or ИНН (ё = е). */
  search: z.optional(
    preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      z.optional(
        z
          .string({ error: "Поиск — это текст" })
          .check(
            safeText(),
            z.trim(),
            z.maxLength(EMPLOYEE_ORDER_SEARCH_MAX_LENGTH, { error: `Поиск — не длиннее ${EMPLOYEE_ORDER_SEARCH_MAX_LENGTH} знаков` }),
          ),
      ),
    ),
  ),
  offset: queryInt({ min: 0, max: 1_000_000, messageUI: "offset — целое число от 0" }),
  limit: queryInt({ min: 1, max: ORDER_LIST_MAX_LIMIT, messageUI: `limit — целое число от 1 до ${ORDER_LIST_MAX_LIMIT}` }),
});
/** As the browser builds it (the server reads the same fields from text). */
export type EmployeeOrderListQuery = z.infer<typeof employeeOrderListQuerySchema>;

export const EMPLOYEE_ORDER_LIST_DEFAULT_LIMIT = ORDER_LIST_DEFAULT_LIMIT;

/** Who ordered: the client's name and how to reach them. */
export const orderClientSchema = z.object({
  id: entityIdSchema,
  name: z.string(),
  surname: z.string(),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
});
export type OrderClient = z.infer<typeof orderClientSchema>;

/** One order in the employee's list: the client's list item plus who ordered and for which company. */
export const employeeOrderSummarySchema = z.extend(orderSummarySchema, {
  client: orderClientSchema,
  /** The company the order is for; null: the client's personal profile. */
  company: z.nullable(z.object({ id: entityIdSchema, name: z.string(), inn: z.string() })),
});
export type EmployeeOrderSummary = z.infer<typeof employeeOrderSummarySchema>;

/** How many orders each status has, under the same client and search filters as the list (not its status filter). */
export const orderStatusCountsSchema = z.object({
  new: z.number().check(z.int()),
  paid: z.number().check(z.int()),
  in_production: z.number().check(z.int()),
  shipped: z.number().check(z.int()),
  done: z.number().check(z.int()),
  cancelled: z.number().check(z.int()),
});
export type OrderStatusCounts = z.infer<typeof orderStatusCountsSchema>;

export const employeeOrderListPageSchema = z.object({
  items: z.array(employeeOrderSummarySchema),
  total: z.number().check(z.int()),
  offset: z.number().check(z.int()),
  limit: z.number().check(z.int()),
  statusCounts: orderStatusCountsSchema,
});
export type EmployeeOrderListPage = z.infer<typeof employeeOrderListPageSchema>;

/** `GET /employee/order/{id}`, `PATCH /employee/order/{id}/status`: the whole order and what the panel needs around it. */
export const employeeOrderSchema = z.extend(orderSchema, {
  client: orderClientSchema,
  /** The company the order is for, with its details; null: the personal profile. */
  company: z.nullable(companySchema),
  /** The employee who placed it in client mode; null when the client did. */
  placedBy: z.nullable(z.object({ id: entityIdSchema, name: z.string(), surname: z.string() })),
  /** Design orders of the order's lines, oldest first. */
  designOrders: z.array(designOrderSchema),
  /** The statuses the order may move to now (see `PATCH …/status`); empty once done or cancelled. */
  nextStatuses: z.array(orderStatusSchema),
  /** The timeline with who made each change: an employee, or null (the client, a payment, the shop). */
  timeline: z.array(z.extend(orderTimelineEntrySchema, { employee: z.nullable(z.object({ id: entityIdSchema, name: z.string(), surname: z.string() })) })),
});
export type EmployeeOrder = z.infer<typeof employeeOrderSchema>;

/** `PATCH /employee/order/{id}/status`. */
export const orderStatusChangeSchema = z.object({
  status: z.enum(orderStatusValues, { error: "Выберите новый статус заказа" }),
  /** With «shipped» (handed to delivery), or on an order already shipped: the carrier and its tracking number. */
  tracking: z.optional(
    z.object({
      carrier: trackingCarrierSchema,
      number: z
        .string({ error: "Укажите трек-номер текстом" })
        .check(
          z.trim(),
          z.minLength(4, { error: "Трек-номер — от 4 до 40 латинских букв, цифр или дефисов" }),
          z.maxLength(40, { error: "Трек-номер — от 4 до 40 латинских букв, цифр или дефисов" }),
          z.regex(/^[A-Za-z0-9-]+$/, { error: "Трек-номер — от 4 до 40 латинских букв, цифр или дефисов" }),
        ),
    }),
  ),
});
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;
