import { z } from "zod/mini";
import { layoutSchema, layoutStatusValues } from "./files";
import { safeText } from "./input";
import { preprocess, queryInt } from "./query";

/*
 * The back office's prepress queue (issue 29): the layouts of placed orders' lines that the
 * server's check found problems in (or could not check), the operator's decision on each — accept
 * with a note, replace with a corrected file, or send back to the client with a message — and the
 * decision as the client's order shows it (`layoutSchema.prepress`, files.ts).
 */

export const prepressQueueStateValues = ["waiting", "accepted", "returned"] as const;
export type PrepressQueueState = (typeof prepressQueueStateValues)[number];

export const PREPRESS_QUEUE_STATE_LABELS: Readonly<Record<PrepressQueueState, string>> = {
  waiting: "Ждут проверки",
  accepted: "Приняты",
  returned: "Возвращены клиенту",
};

export const PREPRESS_QUEUE_DEFAULT_LIMIT = 20;
export const PREPRESS_QUEUE_MAX_LIMIT = 100;
export const PREPRESS_NOTE_MAX_LENGTH = 2000;

/** `GET /employee/prepress?state=&offset=&limit=`; state is `waiting` when not given. */
export const prepressQueueQuerySchema = z.object({
  state: z.optional(
    preprocess(
      (value) => (value === "" ? undefined : value),
      z.optional(z.enum(prepressQueueStateValues, { error: "state — один из: waiting, accepted, returned" })),
    ),
  ),
  offset: queryInt({ min: 0, max: 1_000_000, messageUI: "offset — целое число от 0" }),
  limit: queryInt({ min: 1, max: PREPRESS_QUEUE_MAX_LIMIT, messageUI: `limit — целое число от 1 до ${PREPRESS_QUEUE_MAX_LIMIT}` }),
});
export type PrepressQueueQuery = z.infer<typeof prepressQueueQuerySchema>;

/** Why a layout is in the queue: the server's findings, the client's approval of them, a check that could not finish. */
export const prepressReasonValues = ["findings", "approved_with_findings", "check_failed"] as const;

/** One line of the queue: the layout, its line and order, and the counts the badges show. */
export const prepressQueueItemSchema = z.object({
  layoutId: z.number().check(z.int()),
  orderId: z.number().check(z.int()),
  orderNumber: z.string(),
  orderStatus: z.string(),
  orderProductId: z.number().check(z.int()),
  productName: z.string(),
  detailName: z.string(),
  clientName: z.string(),
  fileName: z.string(),
  layoutStatus: z.enum(layoutStatusValues),
  reason: z.enum(prepressReasonValues),
  /** How many findings the server's check made (spec §5 codes). */
  findingCount: z.number().check(z.int()),
  /** The distinct codes among them. */
  findingCodes: z.array(z.number().check(z.int())),
  approvedByClientAt: z.nullable(z.string()),
  /** Who uploaded the file when it was not the client (a designer, prepress): their name. */
  uploadedBy: z.nullable(z.string()),
  decision: z.nullable(z.enum(["accepted", "returned"])),
  /** When the layout was uploaded: the queue is oldest first. */
  uploadedAt: z.string(),
});
export type PrepressQueueItem = z.infer<typeof prepressQueueItemSchema>;

export const prepressQueuePageSchema = z.object({
  items: z.array(prepressQueueItemSchema),
  total: z.number().check(z.int()),
  offset: z.number().check(z.int()),
  limit: z.number().check(z.int()),
  /** How many layouts are in each state (the tabs' counts). */
  stateCounts: z.object({ waiting: z.number().check(z.int()), accepted: z.number().check(z.int()), returned: z.number().check(z.int()) }),
});
export type PrepressQueuePage = z.infer<typeof prepressQueuePageSchema>;

/** An earlier layout of the same detail, kept when prepress replaced it. */
export const prepressHistoryItemSchema = z.object({
  layoutId: z.number().check(z.int()),
  fileName: z.string(),
  fileUrl: z.string(),
  uploadedBy: z.nullable(z.string()),
  uploadedAt: z.string(),
  decision: z.nullable(z.enum(["accepted", "returned"])),
});

/** `GET /employee/prepress/{id}`: the layout with the server's report, its line, order and client, and the file for the proof. */
export const prepressLayoutSchema = z.object({
  layout: layoutSchema,
  /** Whether this is the detail's current layout (an earlier one is history: no decisions on it). */
  current: z.boolean(),
  reason: z.nullable(z.enum(prepressReasonValues)),
  /** The error of a check that could not finish, in Russian; null otherwise. */
  checkError: z.nullable(z.string()),
  /** The latest check of this layout, or null (replace queues one). */
  pitstopDesignId: z.nullable(z.number().check(z.int())),
  checkState: z.nullable(z.enum(["queued", "running", "done", "failed"])),
  order: z.object({
    id: z.number().check(z.int()),
    number: z.string(),
    status: z.string(),
    createdAt: z.string(),
  }),
  line: z.object({
    id: z.number().check(z.int()),
    productName: z.string(),
    quantity: z.number().check(z.int()),
  }),
  client: z.object({
    id: z.number().check(z.int()),
    name: z.string(),
    email: z.nullable(z.string()),
    phone: z.nullable(z.string()),
    companyName: z.nullable(z.string()),
  }),
  uploadedBy: z.nullable(z.string()),
  /** Who made the decision (layout.prepress), by name. */
  decidedBy: z.nullable(z.string()),
  /** Whether the order still accepts a decision (before production). */
  editable: z.boolean(),
  history: z.array(prepressHistoryItemSchema),
});
export type PrepressLayout = z.infer<typeof prepressLayoutSchema>;

const noteText = (what: string) =>
  z
    .string({ error: `${what} — это текст` })
    .check(safeText(), z.trim(), z.maxLength(PREPRESS_NOTE_MAX_LENGTH, { error: `${what} — не длиннее ${PREPRESS_NOTE_MAX_LENGTH} знаков` }));

/** `POST /employee/prepress/{id}/accept`: printed as it is; the note is kept and shown in the order. */
export const prepressAcceptSchema = z.strictObject({
  note: z._default(noteText("Примечание"), ""),
});
export type PrepressAccept = z.infer<typeof prepressAcceptSchema>;

/** `POST /employee/prepress/{id}/return`: the client must upload a new file; the message says why. */
export const prepressReturnSchema = z.strictObject({
  message: noteText("Сообщение клиенту").check(z.minLength(1, { error: "Напишите клиенту, что исправить в макете" })),
});
export type PrepressReturn = z.infer<typeof prepressReturnSchema>;

