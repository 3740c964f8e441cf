import { z } from "zod/mini";
import { entityIdSchema } from "./catalog";
import { idTextInput } from "./input";
import { fileLinkSchema, footerContentSchema, headerContentSchema, hrefSchema, PAGE_SLUG_MAX_LENGTH, PAGE_SLUG_PATTERN, pageComponentSchema, pageKindSchema } from "./pages";
import { sideMenuContentSchema } from "./side-menu";
import { queryInt } from "./query";

/*
 * The back office's website pages and site-wide blocks (issue 29, role `content`): the page list
 * with its states, one page as the editor reads and writes it, and the blocks — the header's phones,
 * the menu, the footer, the popup. A `Get…` answer is accepted unchanged by its `Update…`: the
 * read-only fields (id, state, createdAt, updatedAt) may come back and are ignored, except
 * `updatedAt`, which guards against overwriting somebody else's newer save (409).
 */

/** Draft (not published), scheduled (published, shown from `publishAt`), published (shown now). */
export const pageStateValues = ["draft", "scheduled", "published"] as const;
export const pageStateSchema = z.enum(pageStateValues);
export type PageState = z.infer<typeof pageStateSchema>;

export const PAGE_STATE_LABELS: Readonly<Record<PageState, string>> = {
  draft: "черновик",
  scheduled: "запланирована",
  published: "опубликована",
};

export const EMPLOYEE_PAGE_LIST_DEFAULT_LIMIT = 20;
export const EMPLOYEE_PAGE_LIST_MAX_LIMIT = 100;
export const PAGE_NAME_MAX_LENGTH = 200;
export const PAGE_SUMMARY_MAX_LENGTH = 1000;
export const PAGE_SEO_MAX_LENGTH = 500;
export const PAGE_COMPONENTS_MAX = 50;

/** `GET /api/employee/page`: every page of every state, filtered. */
export const employeePageListQuerySchema = z.object({
  kind: z.optional(z.enum(["main", "blog", "vacancy", "service", "instruction", "contacts", "generic"], { error: "Неизвестный вид страницы" })),
  q: z.optional(z.string().check(z.maxLength(200, { error: "Строка поиска — не длиннее 200 символов" }))),
  state: z.optional(z.enum(pageStateValues, { error: "Состояние: draft, scheduled или published" })),
  offset: queryInt({ min: 0, max: 100_000, messageUI: "Смещение (offset) — целое число от 0" }),
  limit: queryInt({ min: 1, max: EMPLOYEE_PAGE_LIST_MAX_LIMIT, messageUI: `Размер страницы (limit) — от 1 до ${EMPLOYEE_PAGE_LIST_MAX_LIMIT}` }),
});
export type EmployeePageListQuery = z.infer<typeof employeePageListQuerySchema>;

export const employeePageIdParamsSchema = z.object({ id: idTextInput("Номер страницы указан неверно") });

const isoDateTime = z.iso.datetime({ offset: true, error: "Дата и время — в формате ISO 8601 (2026-12-01T10:00:00+03:00)" });

export const employeePageSummarySchema = z.object({
  id: entityIdSchema,
  slug: z.string(),
  kind: pageKindSchema,
  name: z.string(),
  parentId: z.nullable(entityIdSchema),
  state: pageStateSchema,
  publishAt: z.nullable(isoDateTime),
  showInMenu: z.boolean(),
  updatedAt: isoDateTime,
});
export type EmployeePageSummary = z.infer<typeof employeePageSummarySchema>;

export const employeePageListSchema = z.object({
  items: z.array(employeePageSummarySchema),
  total: z.number().check(z.int(), z.gte(0)),
  offset: z.number().check(z.int(), z.gte(0)),
  limit: z.number().check(z.int(), z.positive()),
});
export type EmployeePageList = z.infer<typeof employeePageListSchema>;

const pageSlugField = z
  .string({ error: "Укажите адрес страницы" })
  .check(
    z.maxLength(PAGE_SLUG_MAX_LENGTH, { error: `Адрес страницы — не длиннее ${PAGE_SLUG_MAX_LENGTH} символов` }),
    z.refine((value) => value === "" || PAGE_SLUG_PATTERN.test(value), {
      error: "Адрес страницы: латинские буквы в нижнем регистре, цифры, дефисы и косые черты (blog/kak-podgotovit-maket)",
    }),
  );

const seoText = (label: string) => z.string().check(z.maxLength(PAGE_SEO_MAX_LENGTH, { error: `${label} — не длиннее ${PAGE_SEO_MAX_LENGTH} символов` }));

/** What the editor writes: the whole page. */
const pageFields = {
  kind: pageKindSchema,
  slug: pageSlugField,
  parentId: z.nullable(entityIdSchema),
  name: z
    .string({ error: "Укажите название страницы" })
    .check(
      z.minLength(1, { error: "Укажите название страницы" }),
      z.maxLength(PAGE_NAME_MAX_LENGTH, { error: `Название — не длиннее ${PAGE_NAME_MAX_LENGTH} символов` }),
    ),
  summary: z.string().check(z.maxLength(PAGE_SUMMARY_MAX_LENGTH, { error: `Краткое описание — не длиннее ${PAGE_SUMMARY_MAX_LENGTH} символов` })),
  /** The page's picture (lists, teasers, the blog post's banner): a file of the shop's /files/. */
  padBanner: z.nullable(fileLinkSchema),
  sortOrder: z.number({ error: "Порядок — целое число" }).check(z.int({ error: "Порядок — целое число" }), z.gte(-100_000), z.lte(100_000)),
  showInMenu: z.boolean(),
  /** false: a draft. true with `publishAt` in the future: scheduled; otherwise published. */
  published: z.boolean(),
  publishAt: z.nullable(isoDateTime),
  seoName: seoText("SEO-название"),
  seoTitle: seoText("SEO-заголовок"),
  seoDescription: seoText("SEO-описание"),
  seoKeywords: seoText("Ключевые слова"),
  /** Everything but Header and Footer (those are site blocks); the body is the `Article` (Markdown). */
  components: z.array(pageComponentSchema).check(z.maxLength(PAGE_COMPONENTS_MAX, { error: `Не больше ${PAGE_COMPONENTS_MAX} блоков на странице` })),
};

/** `GET /api/employee/page/{id}`: the page in any state, as the editor needs it. */
export const employeePageSchema = z.object({
  id: entityIdSchema,
  ...pageFields,
  state: pageStateSchema,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type EmployeePage = z.infer<typeof employeePageSchema>;

/**
 * `POST` and `PUT /api/employee/page…`: the whole page. The read-only fields of the Get answer may
 * come back; `updatedAt`, when sent, must be the page's current one (else 409 PAGE_CHANGED).
 */
export const employeePageWriteSchema = z.strictObject({
  ...pageFields,
  id: z.optional(entityIdSchema),
  state: z.optional(pageStateSchema),
  createdAt: z.optional(isoDateTime),
  updatedAt: z.optional(isoDateTime),
});
export type EmployeePageWrite = z.infer<typeof employeePageWriteSchema>;

// ——— Site-wide blocks —————————————————————————————————————————————————————————————————

export const siteBlockKeyValues = ["header", "menu", "side-menu", "footer", "popup"] as const;
export const siteBlockKeySchema = z.enum(siteBlockKeyValues, { error: "Блок сайта: header, menu, side-menu, footer или popup" });
export type SiteBlockKey = z.infer<typeof siteBlockKeySchema>;

export const siteBlockParamsSchema = z.object({ key: siteBlockKeySchema });

/**
 * The menu: the top-level pages in the order of the header's tabs (the side menu has its own
 * links, the `side-menu` block: side-menu.ts). `label` and `slug` are the page's name and address (read-only here; the page
 * editor changes them); the order and `showInMenu` are written.
 */
export const menuBlockContentSchema = z.object({
  items: z
    .array(z.object({ pageId: entityIdSchema, label: z.string(), slug: z.string(), showInMenu: z.boolean() }))
    .check(z.maxLength(200, { error: "Не больше 200 пунктов меню" })),
});
export type MenuBlockContent = z.infer<typeof menuBlockContentSchema>;

/** The popup as the shop keeps it: shown while `active` and between `showFrom` and `showUntil` (either may be open). */
export const popupBlockContentSchema = z.object({
  active: z.boolean(),
  title: z.string().check(z.minLength(1, { error: "Укажите заголовок всплывающего окна" }), z.maxLength(200)),
  description: z.string().check(z.maxLength(2000)),
  file: z.nullable(fileLinkSchema),
  urlButton: hrefSchema,
  textButton: z.string().check(z.minLength(1, { error: "Укажите текст кнопки" }), z.maxLength(100)),
  showFrom: z.nullable(isoDateTime),
  showUntil: z.nullable(isoDateTime),
});
export type PopupBlockContent = z.infer<typeof popupBlockContentSchema>;

const blockFields = { updatedAt: z.nullable(isoDateTime) };

/** `GET /api/employee/site-block/{key}`; `updatedAt` is null for a block never saved. */
export const siteBlockSchema = z.discriminatedUnion("key", [
  z.object({ key: z.literal("header"), content: headerContentSchema, ...blockFields }),
  z.object({ key: z.literal("menu"), content: menuBlockContentSchema, ...blockFields }),
  z.object({ key: z.literal("side-menu"), content: sideMenuContentSchema, ...blockFields }),
  z.object({ key: z.literal("footer"), content: footerContentSchema, ...blockFields }),
  z.object({ key: z.literal("popup"), content: popupBlockContentSchema, ...blockFields }),
]);
export type SiteBlock = z.infer<typeof siteBlockSchema>;

/** `PUT /api/employee/site-block/{key}`: the Get answer, its `key` the path's; `updatedAt` as the page's. */
export const siteBlockWriteSchema = z.discriminatedUnion("key", [
  z.strictObject({ key: z.literal("header"), content: headerContentSchema, updatedAt: z.optional(z.nullable(isoDateTime)) }),
  z.strictObject({ key: z.literal("menu"), content: menuBlockContentSchema, updatedAt: z.optional(z.nullable(isoDateTime)) }),
  z.strictObject({ key: z.literal("side-menu"), content: sideMenuContentSchema, updatedAt: z.optional(z.nullable(isoDateTime)) }),
  z.strictObject({ key: z.literal("footer"), content: footerContentSchema, updatedAt: z.optional(z.nullable(isoDateTime)) }),
  z.strictObject({ key: z.literal("popup"), content: popupBlockContentSchema, updatedAt: z.optional(z.nullable(isoDateTime)) }),
]);
export type SiteBlockWrite = z.infer<typeof siteBlockWriteSchema>;

/** `DELETE /api/employee/page/{id}`: what was removed. */
export const employeePageDeletedSchema = z.object({ id: entityIdSchema, deleted: z.literal(true) });
export type EmployeePageDeleted = z.infer<typeof employeePageDeletedSchema>;
