import { z } from "zod/mini";
import { entityIdSchema } from "./catalog";
import { idInput, optionalIdTextInput, safeText } from "./input";
import { preprocess } from "./query";

/*
 * The client's notifications («Уведомления» in the account area: an order's status, a payment, a
 * design order's news) and the messages of a design order between the customer and the shop's
 * designer. Neither is in the spec (its admin panel is "not shown"); the shapes are Ottisk's own.
 */

export const notificationKindSchema = z.enum(["order_status", "payment", "design_status", "design_message"]);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

export const notificationSchema = z.object({
  id: entityIdSchema,
  kind: notificationKindSchema,
  /** Russian, one line: «Заказ № 2026-000042 оплачен». */
  title: z.string(),
  body: z.string(),
  /** The order it concerns (a link to /admin/client/orders/{id}); null when none. */
  orderId: z.nullable(entityIdSchema),
  designOrderId: z.nullable(entityIdSchema),
  /** The company it concerns; null: the personal profile. */
  companyId: z.nullable(entityIdSchema),
  read: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATION_LIST_DEFAULT_LIMIT = 20;
export const NOTIFICATION_LIST_MAX_LIMIT = 100;

const countText = (min: number, max: number, messageUI: string) =>
  z.optional(
    preprocess(
      (value) => (value === "" ? undefined : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value),
      z.optional(z.number({ error: messageUI }).check(z.int({ error: messageUI }), z.gte(min, { error: messageUI }), z.lte(max, { error: messageUI }))),
    ),
  );

/** `GET /client-account/notification`: newest first; companyId narrows to one company's news. */
export const notificationListQuerySchema = z.object({
  companyId: optionalIdTextInput("Компания указана неверно"),
  offset: countText(0, 1_000_000, "offset — целое число от 0"),
  limit: countText(1, NOTIFICATION_LIST_MAX_LIMIT, `limit — целое число от 1 до ${NOTIFICATION_LIST_MAX_LIMIT}`),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const notificationListPageSchema = z.object({
  items: z.array(notificationSchema),
  total: z.number().check(z.int()),
  /** Unread notifications under the same filter (all pages). */
  unread: z.number().check(z.int()),
  offset: z.number().check(z.int()),
  limit: z.number().check(z.int()),
});
export type NotificationListPage = z.infer<typeof notificationListPageSchema>;

/** `POST /client-account/notification/read`: `{ ids: [...] }` marks those, `{ all: true }` every one. */
export const notificationReadRequestSchema = z
  .object({
    ids: z.optional(
      z
        .array(idInput("Уведомление указано неверно"), { error: "Перечислите уведомления списком" })
        .check(z.maxLength(500, { error: "Не больше 500 уведомлений за раз" })),
    ),
    all: z.optional(z.literal(true, { error: "all — только true" })),
  })
  .check(
    z.refine((body) => (body.ids !== undefined) !== (body.all === true), {
      error: "Укажите, какие уведомления прочитаны (ids), или все сразу (all: true)",
    }),
  );
export type NotificationReadRequest = z.input<typeof notificationReadRequestSchema>;

/** The answer of marking: how many stay unread. */
export const notificationReadResultSchema = z.object({ unread: z.number().check(z.int()) });
export type NotificationReadResult = z.infer<typeof notificationReadResultSchema>;

/** A message on a design order. */
export const designMessageSchema = z.object({
  id: entityIdSchema,
  designOrderId: entityIdSchema,
  text: z.string(),
  /** Written by the shop (an employee) rather than the customer. */
  fromShop: z.boolean(),
  /** «Дизайнер», or the customer's name; the shop's staff are not named to the client. */
  authorName: z.string(),
  /** Written by the caller (an employee in client mode: by that employee). */
  mine: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type DesignMessage = z.infer<typeof designMessageSchema>;

export const designMessageListSchema = z.array(designMessageSchema);

export const DESIGN_MESSAGE_MAX_LENGTH = 2000;

/** `POST /client-order/design/{designId}/message`. */
export const designMessageCreateSchema = z.object({
  text: z
    .string({ error: "Напишите сообщение" })
    .check(
      safeText(),
      z.trim(),
      z.minLength(1, { error: "Напишите сообщение" }),
      z.maxLength(DESIGN_MESSAGE_MAX_LENGTH, { error: `Сообщение длиннее ${DESIGN_MESSAGE_MAX_LENGTH} знаков: сократите его` }),
    ),
});
export type DesignMessageCreateRequest = z.input<typeof designMessageCreateSchema>;

/** `PUT /client-order/design/{designId}/status` (staff): the designer takes the order, finishes or cancels it. */
export const designStatusUpdateSchema = z.object({
  status: z.enum(["in_work", "done", "cancelled"], { error: "Статус заказа дизайна: in_work, done или cancelled" }),
});
export type DesignStatusUpdateRequest = z.input<typeof designStatusUpdateSchema>;

/**
 * `GET` / `PUT /client-account/notification/settings` (issue 30): whether the client gets letters of
 * non-essential order news (intermediate statuses, design chat copies). Transactional letters — the
 * order placed, its payment, ready for pickup, handed to delivery, a cancellation, a returned layout,
 * a design's result — always go (server/docs/letters.md).
 */
export const notificationSettingsSchema = z.object({
  orderNewsByMail: z.boolean({ error: "Укажите, присылать ли письма о ходе заказа: да или нет" }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
