import { z } from "zod/mini";
import { INT32_MAX, safeText } from "./input";

/*
 * Files, layouts, design orders and the print-readiness checks (spec §3 Design, §5, §7 "Files"
 * and "Design orders"). Uploads are multipart forms; their fields are checked by the server,
 * which answers the Russian messages below.
 */

const idSchema = (what: string) =>
  z.coerce
    .number({ error: `Укажите ${what}` })
    .check(z.int({ error: `Укажите ${what}` }), z.positive({ error: `Укажите ${what}` }), z.lte(INT32_MAX, { error: `Укажите ${what}` }));

/** The check codes of spec §5, with the Russian text the shopper reads. */
export const preflightCodeMessages = {
  1120: "Неверная версия PDF: нужна версия 1.3",
  1163: "Неверное количество страниц",
  1198: "Размер не соответствует типу макета",
  2078: "Цвета RGB недопустимы, используйте CMYK",
  2088: "Найдено сжатое изображение, используйте изображения без сжатия",
  3159: "Лишние (смесевые) цвета: допускаются только 4 цвета CMYK",
  3171: "Макет содержит ICC-профиль, удалите его",
  3244: "В документе есть слои, сведите их в один",
  4731: "Превышена сумма красок",
  4752: "Найдены шрифты, переведите их в кривые",
  4781: "Неверное разрешение изображений",
} as const;
export const preflightCodes = [1120, 1163, 1198, 2078, 2088, 3159, 3171, 3244, 4731, 4752, 4781] as const;
export type PreflightCode = (typeof preflightCodes)[number];

/** One problem of a layout: its code, the text of spec §5, where it is and what was measured. */
export const preflightFindingSchema = z.object({
  code: z.literal(preflightCodes),
  message: z.string(),
  /** 1-based page, or null for the whole document. */
  page: z.nullable(z.number().check(z.int(), z.gte(1))),
  /** [x0, y0, x1, y1] in PDF points on that page, or null. */
  bbox: z.nullable(z.tuple([z.number(), z.number(), z.number(), z.number()])),
  /** What was found: "1.7", 2 pages, 150 ppi, 340 % … or null. */
  measured: z.nullable(z.union([z.number(), z.string()])),
});
export type PreflightFinding = z.infer<typeof preflightFindingSchema>;

/** uploaded → checking → passed | failed (findings) | error (the check itself could not finish). */
export const layoutStatusValues = ["uploaded", "checking", "passed", "failed", "error"] as const;

/** Prepress's decision on a layout as the client and the employees see it. */
export const layoutPrepressSchema = z.object({
  decision: z.enum(["accepted", "returned"]),
  note: z.string(),
  at: z.string(),
});
export type LayoutPrepress = z.infer<typeof layoutPrepressSchema>;

/** The customer's layout of one detail of an order line. */
export const layoutSchema = z.object({
  id: z.number().check(z.int()),
  orderProductId: z.number().check(z.int()),
  detailName: z.string(),
  /** GET /api/file/{id}: only the client, the shop's staff. */
  fileUrl: z.string(),
  fileName: z.string(),
  sizeBytes: z.number().check(z.int()),
  status: z.enum(layoutStatusValues),
  /** The server check's findings; null until a check is done. */
  findings: z.nullable(z.array(preflightFindingSchema)),
  approvedAt: z.nullable(z.string()),
  /**
   * Prepress's decision (issue 29), or null before any: `accepted` — printed as it is, `note` the
   * operator's remark; `returned` — the client must upload a new file, `note` says what to fix.
   */
  prepress: z.nullable(layoutPrepressSchema),
});
export type Layout = z.infer<typeof layoutSchema>;

/** `PUT /file/layout/{id}/approval`: the customer approves the layout as it is (the proof), or takes the approval back. */
export const layoutApprovalSchema = z.object({
  approved: z.boolean({ error: "approved — да или нет" }),
});
export type LayoutApproval = z.infer<typeof layoutApprovalSchema>;

export const layoutIdParamsSchema = z.object({ id: idSchema("макет") });

/** The text fields of POST /file/upload/layout (the form also carries `file`, a PDF). */
export const layoutUploadFieldsSchema = z.object({
  orderProductId: idSchema("строку заказа (orderProductId)"),
  detailName: z
    .string({ error: "Укажите деталь изделия (detailName)" })
    .check(safeText(), z.trim(), z.minLength(1, { error: "Укажите деталь изделия (detailName)" }), z.maxLength(200)),
});
export type LayoutUploadFields = z.infer<typeof layoutUploadFieldsSchema>;

/** A public website file (images, PDF) uploaded by staff. */
export const websiteFileSchema = z.object({ url: z.string(), name: z.string() });
export type WebsiteFile = z.infer<typeof websiteFileSchema>;

/** A private file uploaded for a design order (the PDF viewer's annotated copy). */
export const uploadedFileSchema = z.object({ fileId: z.number().check(z.int()), url: z.string(), name: z.string(), sizeBytes: z.number().check(z.int()) });
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export const fileIdParamsSchema = z.object({ id: idSchema("файл") });

/** new → in_work (a designer took it) → waiting_client (the designer's layout waits for the client) → done (approved); cancelled. */
export const designStatusValues = ["new", "in_work", "waiting_client", "done", "cancelled"] as const;

/** A design ordered from the shop for one detail of an order line (spec §3 Design). */
export const designOrderSchema = z.object({
  designId: z.number().check(z.int()),
  /** The placed order holding the line; null while the line is in the cart. */
  orderId: z.nullable(z.number().check(z.int())),
  /** The cart holding the line; null once it is ordered. */
  cartId: z.nullable(z.number().check(z.int())),
  orderProductId: z.nullable(z.number().check(z.int())),
  /** The catalogue product. */
  productId: z.number().check(z.int()),
  detailName: z.string(),
  comment: z.string(),
  status: z.enum(designStatusValues),
  annotatedFileId: z.nullable(z.number().check(z.int())),
  annotatedFileUrl: z.nullable(z.string()),
  /** The latest print-readiness check of this detail's current layout, or null. */
  pitstopDesignId: z.nullable(z.number().check(z.int())),
  /** Roubles: the design service's price when the order was made (kept as it was). */
  price: z.number().check(z.gte(0)),
  /** YYYY-MM-DD: the promised day, working days from the order by the design service's days; null for orders made before quotes. */
  dueDate: z.nullable(z.string()),
  /** The designer's layout (a layout of the line's detail), once uploaded. */
  resultLayoutId: z.nullable(z.number().check(z.int())),
  /** When the client approved the designer's layout. */
  approvedAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DesignOrder = z.infer<typeof designOrderSchema>;

const commentSchema = z.string({ error: "Комментарий должен быть текстом" }).check(safeText(), z.maxLength(5000, { error: "Комментарий длиннее 5000 знаков" }));

/**
 * Either `orderProductId`, or `orderId` + `productId` as in the autocheck path: the cart or order
 * holding the line, and the line (order product) id.
 */
export const designOrderCreateSchema = z
  .object({
    orderProductId: z.optional(idSchema("строку заказа")),
    orderId: z.optional(idSchema("заказ")),
    productId: z.optional(idSchema("строку заказа")),
    detailName: z.string({ error: "Укажите деталь изделия" }).check(safeText(), z.trim(), z.minLength(1, { error: "Укажите деталь изделия" }), z.maxLength(200)),
    comment: z._default(commentSchema, ""),
  })
  .check(
    z.refine((body) => body.orderProductId !== undefined || (body.orderId !== undefined && body.productId !== undefined), {
      error: "Укажите строку заказа: orderProductId или orderId и productId",
      path: ["orderProductId"],
    }),
  );
export type DesignOrderCreate = z.infer<typeof designOrderCreateSchema>;
export type DesignOrderCreateRequest = z.input<typeof designOrderCreateSchema>;

export const designOrderPatchSchema = z.object({
  comment: z.optional(commentSchema),
  /** A file from POST /file/upload/annotation; null removes it. */
  annotatedFileId: z.optional(
    z.nullable(z.number({ error: "annotatedFileId — номер файла" }).check(z.int(), z.positive(), z.lte(INT32_MAX, { error: "annotatedFileId — номер файла" }))),
  ),
});
export type DesignOrderPatch = z.infer<typeof designOrderPatchSchema>;

export const designIdParamsSchema = z.object({ designId: idSchema("заказ дизайна") });

/** orderId: the cart or the placed order holding the line; productId: the line (order product) id. */
export const checkStartParamsSchema = z.object({
  orderId: idSchema("корзину или заказ"),
  productId: idSchema("строку заказа"),
  detailName: z.string({ error: "Укажите деталь изделия" }).check(safeText(), z.trim(), z.minLength(1, { error: "Укажите деталь изделия" }), z.maxLength(200)),
});

export const checkParamsSchema = z.object({ pitstopDesignId: idSchema("проверку") });

export const checkStateValues = ["queued", "running", "done", "failed"] as const;

export const checkStartedSchema = z.object({
  pitstopDesignId: z.number().check(z.int()),
  state: z.enum(checkStateValues),
});
export type CheckStarted = z.infer<typeof checkStartedSchema>;

/** A print-readiness check of a layout: its state, and once done its findings (empty: ready to print). */
export const checkSchema = z.object({
  pitstopDesignId: z.number().check(z.int()),
  layoutId: z.number().check(z.int()),
  state: z.enum(checkStateValues),
  findings: z.nullable(z.array(preflightFindingSchema)),
  /** Why a failed check could not finish, in Russian. */
  error: z.nullable(z.string()),
  durationMs: z.nullable(z.number().check(z.int())),
  createdAt: z.string(),
  finishedAt: z.nullable(z.string()),
});
export type Check = z.infer<typeof checkSchema>;

/**
 * `POST /client-order/autocheck/{pitstopDesignId}/browser-check`: what the shopper's browser found
 * in the same file with the same engine — its findings (code and page), or the engine's error code
 * when it could not check the file. The server compares it with its own result (which stands) and
 * logs any difference.
 */
export const checkReportSchema = z.object({
  findings: z.nullable(
    z
      .array(
        z.object({
          code: z.literal(preflightCodes, { error: "Неизвестный код проверки" }),
          page: z.nullable(z.number().check(z.int(), z.gte(1), z.lte(INT32_MAX, { error: "Номер страницы указан неверно" }))),
        }),
      )
      .check(z.maxLength(10_000, { error: "Слишком много замечаний" })),
  ),
  /** The engine's error code (DAMAGED, ENCRYPTED, TIMEOUT …) when the browser could not check the file. */
  error: z.nullable(z.string().check(z.regex(/^[A-Z_]{1,40}$/, { error: "Код ошибки проверки — латиницей, например DAMAGED" }))),
});
export type CheckReport = z.infer<typeof checkReportSchema>;

/** Whether the browser's check agreed with the server's (code and page of every finding, or both failing). */
export const checkVerdictSchema = z.object({
  agreed: z.boolean(),
});
export type CheckVerdict = z.infer<typeof checkVerdictSchema>;
