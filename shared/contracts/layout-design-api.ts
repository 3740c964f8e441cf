import { z } from "zod/mini";
import { INT32_MAX, safeText } from "./input";
import { cmykColorSchema, DESIGN_TEMPLATE_KINDS, designDocumentSchema, designTemplateSchema } from "./layout-design";

/*
 * The layout designer's API payloads (issue 32): saved designs («Мои макеты», /api/layout-designs),
 * their pictures (/api/layout-design-images) and the templates (/api/layout-design-templates, and
 * the back office's /api/employee/layout-design-templates). The document itself is the contract of
 * layout-design.ts; the server checks it further (the product's sizes and sides, the pictures the
 * account owns).
 */

/** The longest name of a saved design. */
export const LAYOUT_DESIGN_NAME_MAX = 120;

const uuid = (messageUI: string) => z.string({ error: messageUI }).check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, { error: messageUI }));
const isoDateTime = z.iso.datetime({ offset: true });
const positiveInt = (messageUI: string) =>
  z.number({ error: messageUI }).check(z.int({ error: messageUI }), z.positive({ error: messageUI }), z.lte(INT32_MAX, { error: messageUI }));

const designName = z
  .string({ error: "Укажите название макета" })
  .check(
    z.trim(),
    z.minLength(1, { error: "Укажите название макета" }),
    z.maxLength(LAYOUT_DESIGN_NAME_MAX, { error: `Название макета: не длиннее ${LAYOUT_DESIGN_NAME_MAX} знаков` }),
    safeText(),
  );

/** A saved design: the document, the product it is for, and its version (each save adds one). */
export const layoutDesignSchema = z.object({
  id: z.string(),
  name: z.string(),
  productId: z.number().check(z.int()),
  document: designDocumentSchema,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  /** 1 when created, one more at each save: an update names the version it changed (409 when another tab saved meanwhile). */
  version: z.number().check(z.int(), z.positive()),
});
export type LayoutDesign = z.infer<typeof layoutDesignSchema>;

/** A design in «Мои макеты»: without its document, with the product's name and what a preview needs. */
export const layoutDesignListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  productId: z.number().check(z.int()),
  productName: z.string(),
  /** The document's trim size, [width, height] in mm (a preview's shape). */
  trimMm: z.tuple([z.number(), z.number()]),
  /** How many sides the design has (1 or 2). */
  sides: z.number().check(z.int()),
  /** The first side's background colour, or null. */
  background: z.nullable(cmykColorSchema),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  version: z.number().check(z.int(), z.positive()),
});
export type LayoutDesignListItem = z.infer<typeof layoutDesignListItemSchema>;

/** GET /api/layout-designs: the account's designs, the last saved first. */
export const layoutDesignListSchema = z.object({ designs: z.array(layoutDesignListItemSchema) });
export type LayoutDesignList = z.infer<typeof layoutDesignListSchema>;

/** POST /api/layout-designs. */
export const layoutDesignCreateRequestSchema = z.object({
  name: designName,
  productId: positiveInt("Выберите товар"),
  document: designDocumentSchema,
});
export type LayoutDesignCreateRequest = z.infer<typeof layoutDesignCreateRequestSchema>;

/** PUT /api/layout-designs/{id}: the whole design again, with the version it was read at. */
export const layoutDesignUpdateRequestSchema = z.object({
  name: designName,
  productId: positiveInt("Выберите товар"),
  document: designDocumentSchema,
  /** The version the editor read (or last saved): another one now answers 409 LAYOUT_DESIGN_CHANGED. */
  version: positiveInt("Укажите версию макета"),
});
export type LayoutDesignUpdateRequest = z.infer<typeof layoutDesignUpdateRequestSchema>;

export const layoutDesignIdParamsSchema = z.object({ id: uuid("Макет не найден") });
export const layoutDesignImageIdParamsSchema = z.object({ id: uuid("Изображение не найдено") });

/** DELETE /api/layout-designs/{id}. */
export const layoutDesignDeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });
export type LayoutDesignDeleted = z.infer<typeof layoutDesignDeletedSchema>;

/** The picture formats the designer takes (judged by the bytes). */
export const LAYOUT_DESIGN_IMAGE_TYPES = ["image/jpeg", "image/png"] as const;
export type LayoutDesignImageType = (typeof LAYOUT_DESIGN_IMAGE_TYPES)[number];
/** The largest picture file, and the largest side in pixels. */
export const LAYOUT_DESIGN_IMAGE_MAX_BYTES = 25 * 1024 * 1024;
export const LAYOUT_DESIGN_IMAGE_MAX_PX = 12_000;

/** POST /api/layout-design-images: the stored picture; its id and pixel size go into the document's image source. */
export const layoutDesignImageSchema = z.object({
  id: z.string(),
  widthPx: z.number().check(z.int()),
  heightPx: z.number().check(z.int()),
  /** The file's size. */
  bytes: z.number().check(z.int()),
  contentType: z.enum(LAYOUT_DESIGN_IMAGE_TYPES),
});
export type LayoutDesignImage = z.infer<typeof layoutDesignImageSchema>;

/** GET /api/layout-design-templates: `kind` and `trimMm` («90x50», either orientation) narrow the list. */
export const layoutDesignTemplateQuerySchema = z.object({
  kind: z.optional(z.enum(DESIGN_TEMPLATE_KINDS, { error: "Неизвестный вид шаблона" })),
  trimMm: z.optional(z.string().check(z.regex(/^\d{1,4}(\.\d{1,2})?x\d{1,4}(\.\d{1,2})?$/, { error: "Формат указывается как 90x50" }))),
});
export type LayoutDesignTemplateQuery = z.infer<typeof layoutDesignTemplateQuerySchema>;

/** The active templates in the back office's order. */
export const layoutDesignTemplateListSchema = z.object({ templates: z.array(designTemplateSchema) });
export type LayoutDesignTemplateList = z.infer<typeof layoutDesignTemplateListSchema>;

/** A template as the back office sees it: whether it is offered, its place in the list, who changed it last. */
export const employeeLayoutDesignTemplateSchema = z.object({
  template: designTemplateSchema,
  active: z.boolean(),
  position: z.number().check(z.int()),
  /** Where it came from: `seed` (a file of server/seed/layout-design-templates/) or `back-office`. */
  source: z.enum(["seed", "back-office"]),
  /** The employee who changed it last, or null (loaded from its file). */
  updatedBy: z.nullable(z.string()),
  updatedAt: isoDateTime,
});
export type EmployeeLayoutDesignTemplate = z.infer<typeof employeeLayoutDesignTemplateSchema>;

export const employeeLayoutDesignTemplateListSchema = z.object({ templates: z.array(employeeLayoutDesignTemplateSchema) });
export type EmployeeLayoutDesignTemplateList = z.infer<typeof employeeLayoutDesignTemplateListSchema>;

/** POST (a new one) and PUT (replaces it; the id in the address and in `template` must agree) of the back office. */
export const employeeLayoutDesignTemplateWriteSchema = z.object({
  template: designTemplateSchema,
  active: z.boolean(),
  position: z.number({ error: "Укажите место в списке" }).check(z.int({ error: "Место в списке — целое число" }), z.gte(0), z.lte(100_000)),
});
export type EmployeeLayoutDesignTemplateWrite = z.infer<typeof employeeLayoutDesignTemplateWriteSchema>;

export const employeeLayoutDesignTemplateParamsSchema = z.object({
  id: z.string().check(z.regex(/^[a-z0-9-]{3,60}$/, { error: "Шаблон не найден" })),
});
