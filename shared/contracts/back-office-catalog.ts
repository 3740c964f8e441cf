import { z } from "zod/mini";
import { entityIdSchema } from "./catalog";
import { idInput, idTextInput, INT32_MAX, optionalIdTextInput, safeText } from "./input";
import { preflightProfileSchema } from "./preflight-profile";
import { productOptionGroupValues } from "./product-options";
import { productSizeLimitsSchema } from "./product-size";
import type { ProductOptionGroupName } from "./product-options";
import { preprocess, queryEnum, queryInt } from "./query";

/*
 * The back office's catalogue (issue 29): categories and whole products as the `catalog` role
 * edits them. A `Get…` answer is accepted unchanged by its `Update…` (PUT replaces the whole
 * object): the read-only fields (`id`, `productCount`, `archivedAt`, `updatedAt`, a photo's `url`)
 * are accepted and ignored, except a product's `updatedAt`, which is an optimistic lock (a PUT
 * carrying an older one than the stored product is refused with 409). Unknown fields are refused.
 *
 * Money is in roubles with kopecks (at most two decimals), as everywhere in the public API; the
 * server keeps kopecks. The same schemas validate a product built from CSV rows (the import).
 */

/** A slug: Latin lower-case letters, digits and hyphens (`vizitki`, `flaery-a5`). */
export const CATALOG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const CATALOG_SLUG_MAX_LENGTH = 100;
export const CATALOG_NAME_MAX_LENGTH = 200;
export const CATALOG_DESCRIPTION_MAX_LENGTH = 20_000;
export const CATALOG_SEO_MAX_LENGTH = 1_000;
export const PRODUCT_MAX_PHOTOS = 20;
export const PRODUCT_MAX_OPTIONS_PER_GROUP = 100;
export const PRODUCT_MAX_TIERS = 50;
export const PRODUCT_MAX_DETAILS = 20;
/** A unit price above this (a million roubles a piece) is a typing mistake. */
export const PRODUCT_MAX_UNIT_PRICE = 1_000_000;
export const EMPLOYEE_PRODUCT_LIST_DEFAULT_LIMIT = 50;
export const EMPLOYEE_PRODUCT_LIST_MAX_LIMIT = 200;

/** Refuses unknown fields with a message naming them. */
function strictError(issue: { code?: string; keys?: string[] }): string | undefined {
  return issue.code === "unrecognized_keys" ? `Неизвестные поля: ${(issue.keys ?? []).join(", ")}` : undefined;
}

function text(label: string, options: { min?: number; max: number }) {
  const checks = [safeText(), z.maxLength(options.max, { error: `${label}: не длиннее ${options.max} знаков` })];
  if (options.min !== undefined) checks.push(z.minLength(options.min, { error: `Заполните поле «${label}»` }));
  return z.string({ error: `${label} — это текст` }).check(...checks);
}

function wholeNumber(label: string, min: number, max: number) {
  const message = `${label} — целое число от ${min} до ${max}`;
  return z.number({ error: message }).check(z.int({ error: message }), z.gte(min, { error: message }), z.lte(max, { error: message }));
}

/** Roubles with kopecks: at most two decimals, from 0 to `max`. */
export function roublesInput(label: string, max: number) {
  const message = `${label} — сумма в рублях от 0 до ${max}, не больше двух знаков после запятой`;
  return z
    .number({ error: message })
    .check(
      z.gte(0, { error: message }),
      z.lte(max, { error: message }),
      z.refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, { error: message }),
    );
}

export const catalogSlugSchema = z
  .string({ error: "Адрес (slug) — это текст" })
  .check(
    z.minLength(1, { error: "Заполните адрес (slug)" }),
    z.maxLength(CATALOG_SLUG_MAX_LENGTH, { error: `Адрес (slug): не длиннее ${CATALOG_SLUG_MAX_LENGTH} знаков` }),
    z.regex(CATALOG_SLUG_PATTERN, { error: "Адрес (slug): только латинские строчные буквы, цифры и дефисы между ними, например flaery-a5" }),
  );

/**
 * A picture in the public files storage: `path` under the files folder (what is stored), `url` its
 * public address (read-only: ignored on write). New pictures come from the photo upload operations.
 */
export const catalogPhotoSchema = z.strictObject(
  {
    path: z
      .string({ error: "Путь фотографии — это текст" })
      .check(
        z.maxLength(300, { error: "Путь фотографии: не длиннее 300 знаков" }),
        z.regex(/^(?!.*\.\.)[A-Za-z0-9_-][A-Za-z0-9._/-]*$/, { error: "Путь фотографии указан неверно: загрузите фотографию заново" }),
      ),
    url: z.optional(z.string({ error: "Адрес фотографии — это текст" })),
  },
  { error: (issue) => strictError(issue) ?? "Фотография — это { path, url } из загрузки фотографии или null" },
);
export type CatalogPhoto = z.infer<typeof catalogPhotoSchema>;

const seoInputFields = {
  seoName: text("SEO-название", { max: CATALOG_SEO_MAX_LENGTH }),
  seoTitle: text("SEO-заголовок (title)", { max: CATALOG_SEO_MAX_LENGTH }),
  seoDescription: text("SEO-описание (description)", { max: CATALOG_SEO_MAX_LENGTH }),
  seoKeywords: text("Ключевые слова (keywords)", { max: CATALOG_SEO_MAX_LENGTH }),
};

/* ───────────────────────────── Categories ───────────────────────────── */

const categoryFields = {
  slug: catalogSlugSchema,
  name: text("Название категории", { min: 1, max: CATALOG_NAME_MAX_LENGTH }),
  description: text("Описание категории", { max: CATALOG_DESCRIPTION_MAX_LENGTH }),
  /** Categories are listed by this number, then by id. */
  sortOrder: wholeNumber("Порядок категории", -1_000_000, 1_000_000),
  /** A hidden category and its products are left out of the storefront. */
  hidden: z.boolean({ error: "«Скрыта» — да или нет" }),
  /** The category's picture; null: none. */
  photo: z.nullable(catalogPhotoSchema),
  ...seoInputFields,
};

/** `POST /employee/category`: a new category. */
export const employeeCategoryInputSchema = z.strictObject(categoryFields, { error: strictError });
export type EmployeeCategoryInput = z.infer<typeof employeeCategoryInputSchema>;

/**
 * `GET /employee/category/{id}` answer and `PUT /employee/category/{id}` body: `id` and
 * `productCount` (products not archived, hidden ones included) are read-only.
 */
export const employeeCategorySchema = z.strictObject(
  {
    id: z.optional(entityIdSchema),
    ...categoryFields,
    productCount: z.optional(z.number({ error: "Число товаров — это число" }).check(z.int(), z.gte(0), z.lte(INT32_MAX))),
  },
  { error: strictError },
);
export type EmployeeCategory = z.infer<typeof employeeCategorySchema>;

/** The answer of GET / POST / PUT: every field present. */
export type EmployeeCategoryRecord = EmployeeCategoryInput & { id: number; productCount: number };

export const employeeCategoryListSchema = z.array(employeeCategorySchema);

/* ───────────────────────────── Products ───────────────────────────── */

/** One value of an option group (a size, a paper, a colour scheme, a finishing). */
export const employeeProductOptionValueSchema = z.strictObject(
  {
    /** Stable code the cart line keeps, e.g. `90x50`, `coated-300`, `4+4`, `lamination-matte`. */
    code: z
      .string({ error: "Код опции — это текст" })
      .check(
        z.minLength(1, { error: "Заполните код опции" }),
        z.maxLength(60, { error: "Код опции: не длиннее 60 знаков" }),
        z.regex(/^[A-Za-z0-9][A-Za-z0-9+._-]*$/, { error: "Код опции: латинские буквы, цифры и знаки + . _ -, например coated-300 или 4+4" }),
      ),
    label: text("Название опции", { min: 1, max: CATALOG_NAME_MAX_LENGTH }),
    sortOrder: wholeNumber("Порядок опции", -1_000_000, 1_000_000),
    /** Single-choice groups have at most one default (none: the first value is); finishing may have any number. */
    isDefault: z.boolean({ error: "«По умолчанию» — да или нет" }),
    /** The tier's unit price is multiplied by this percentage (100 = unchanged). */
    pricePct: wholeNumber("Наценка опции, %", 1, 1000),
    /** Added to the unit price after the percentage, roubles. */
    unitPrice: roublesInput("Доплата за штуку", PRODUCT_MAX_UNIT_PRICE),
    /** Added once per cart line (a cutting die, plates), roubles. */
    setupPrice: roublesInput("Доплата за заказ", 10_000_000),
    /** Format: the trimmed size in millimetres. */
    widthMm: z.nullable(wholeNumber("Ширина, мм", 1, 100_000)),
    heightMm: z.nullable(wholeNumber("Высота, мм", 1, 100_000)),
    /** Paper: grams per square metre. */
    paperGsm: z.nullable(wholeNumber("Плотность бумаги, г/м²", 1, 10_000)),
    /** Colours: printed sides (4+0 → 1, 4+4 → 2). */
    sides: z.nullable(wholeNumber("Число печатных сторон", 1, 2)),
  },
  { error: strictError },
);
export type EmployeeProductOptionValue = z.infer<typeof employeeProductOptionValueSchema>;

/** The groups as the back office names them. */
export const PRODUCT_OPTION_GROUP_LABELS: Readonly<Record<ProductOptionGroupName, string>> = {
  format: "Формат",
  paper: "Бумага",
  colors: "Красочность",
  finishing: "Отделка",
};

/** An option group with its values; a group that is present has at least one value. */
export const employeeProductOptionGroupSchema = z.strictObject(
  {
    group: z.enum(productOptionGroupValues, { error: "Группа опций — одна из: format, paper, colors, finishing" }),
    values: z
      .array(employeeProductOptionValueSchema, { error: "Значения опций — это список" })
      .check(z.maxLength(PRODUCT_MAX_OPTIONS_PER_GROUP, { error: `В группе опций не больше ${PRODUCT_MAX_OPTIONS_PER_GROUP} значений` })),
  },
  { error: strictError },
);
export type EmployeeProductOptionGroup = z.infer<typeof employeeProductOptionGroupSchema>;

/** The unit price from `minQuantity` pieces up to the next tier, at the default options, before the discount. */
export const employeeProductTierSchema = z.strictObject(
  {
    minQuantity: wholeNumber("Тираж", 1, 1_000_000),
    unitPrice: roublesInput("Цена за штуку", PRODUCT_MAX_UNIT_PRICE),
  },
  { error: strictError },
);
export type EmployeeProductTier = z.infer<typeof employeeProductTierSchema>;

/** A part of the product that needs its own layout, checked against its preflight profile. */
export const employeeProductDetailSchema = z.strictObject(
  {
    name: text("Название детали", { min: 1, max: CATALOG_NAME_MAX_LENGTH }),
    sortOrder: wholeNumber("Порядок детали", -1_000_000, 1_000_000),
    profile: preflightProfileSchema,
    /** Needed only when this option code is chosen (the back side with 4+4); null: always. */
    requiresOptionCode: z.nullable(z.string({ error: "Код опции детали — это текст" })),
  },
  { error: strictError },
);
export type EmployeeProductDetail = z.infer<typeof employeeProductDetailSchema>;

const productFields = {
  categoryId: idInput("Выберите категорию товара"),
  slug: catalogSlugSchema,
  name: text("Название товара", { min: 1, max: CATALOG_NAME_MAX_LENGTH }),
  description: text("Описание товара", { max: CATALOG_DESCRIPTION_MAX_LENGTH }),
  /** In the shop's order: the first one is the card's photo. Reorder or remove by sending the list. */
  photos: z
    .array(catalogPhotoSchema, { error: "Фотографии — это список" })
    .check(z.maxLength(PRODUCT_MAX_PHOTOS, { error: `У товара не больше ${PRODUCT_MAX_PHOTOS} фотографий` })),
  ...seoInputFields,
  productionTimeDay: wholeNumber("Срок изготовления, рабочих дней", 1, 365),
  /** Null: the product cannot be made urgently. */
  urgentProductionTimeDay: z.nullable(wholeNumber("Срочное изготовление, рабочих дней", 1, 365)),
  urgentSurchargePct: wholeNumber("Наценка за срочность, %", 0, 500),
  discountPct: wholeNumber("Скидка, %", 0, 100),
  sheetsPerUnit: wholeNumber("Листов в одном изделии", 1, 10_000),
  /** Priced per square metre in the shopper's own size within these limits (banners, canvas); null: sold in its formats (issue 30). */
  sizeLimits: z._default(z.nullable(productSizeLimitsSchema), null),
  /** Hidden for a while: off the storefront, comes back when unhidden. */
  hidden: z.boolean({ error: "«Скрыт» — да или нет" }),
  /** The option groups, each at most once, in any order (the storefront shows format, paper, colours, finishing). */
  options: z
    .array(employeeProductOptionGroupSchema, { error: "Опции — это список групп" })
    .check(z.maxLength(productOptionGroupValues.length, { error: "Групп опций не больше четырёх" })),
  /** The price by run: the first tier is the minimum run, the others larger runs. */
  tiers: z.array(employeeProductTierSchema, { error: "Цены по тиражам — это список" }).check(z.maxLength(PRODUCT_MAX_TIERS, { error: `Не больше ${PRODUCT_MAX_TIERS} тиражей` })),
  details: z
    .array(employeeProductDetailSchema, { error: "Детали — это список" })
    .check(z.maxLength(PRODUCT_MAX_DETAILS, { error: `Не больше ${PRODUCT_MAX_DETAILS} деталей` })),
};

/** The parts of a product the cross-field rules read. */
export interface ProductRulesInput {
  options: readonly { group: ProductOptionGroupName; values: readonly { code: string; isDefault: boolean }[] }[];
  tiers: readonly { minQuantity: number }[];
  details: readonly { name: string; requiresOptionCode: string | null }[];
}

export interface ProductRuleIssue {
  path: (string | number)[];
  message: string;
}

/**
 * The rules that stop an impossible product (issue 29), as plain issues so the CSV import can name
 * the row: at least one price tier; the first tier is the minimum run and no tier is below it or
 * repeats it; an option group that is present has values, with unique codes; format, paper and
 * colours have at most one default (none: the first value is); a detail's `requiresOptionCode` names an option of the product;
 * detail names are unique.
 */
export function productRuleIssues(product: ProductRulesInput): ProductRuleIssue[] {
  const issues: ProductRuleIssue[] = [];
  if (product.tiers.length === 0) {
    issues.push({ path: ["tiers"], message: "Добавьте хотя бы одну цену по тиражу: без неё товар нельзя продать" });
  }
  const minimumRun = product.tiers[0]?.minQuantity;
  const seenQuantities = new Set<number>();
  product.tiers.forEach((tier, index) => {
    if (seenQuantities.has(tier.minQuantity)) {
      issues.push({ path: ["tiers", index, "minQuantity"], message: `Тираж ${tier.minQuantity} указан дважды` });
    } else if (minimumRun !== undefined && tier.minQuantity < minimumRun) {
      issues.push({ path: ["tiers", index, "minQuantity"], message: `Тираж ${tier.minQuantity} меньше минимального тиража ${minimumRun}` });
    }
    seenQuantities.add(tier.minQuantity);
  });
  const seenGroups = new Set<string>();
  const allCodes = new Set<string>();
  product.options.forEach((group, groupIndex) => {
    const label = PRODUCT_OPTION_GROUP_LABELS[group.group];
    if (seenGroups.has(group.group)) issues.push({ path: ["options", groupIndex, "group"], message: `Группа опций «${label}» указана дважды` });
    seenGroups.add(group.group);
    if (group.values.length === 0) {
      issues.push({ path: ["options", groupIndex, "values"], message: `В группе опций «${label}» нет ни одного значения: добавьте значение или уберите группу` });
      return;
    }
    const codes = new Set<string>();
    group.values.forEach((value, valueIndex) => {
      if (codes.has(value.code)) issues.push({ path: ["options", groupIndex, "values", valueIndex, "code"], message: `Код опции «${value.code}» в группе «${label}» повторяется` });
      codes.add(value.code);
      allCodes.add(value.code);
    });
    const defaults = group.values.filter((value) => value.isDefault).length;
    // None marked is a product the shop sells today: the price and the form take the group's first value (shared/domain/pricing.ts).
    if (group.group !== "finishing" && defaults > 1) {
      issues.push({
        path: ["options", groupIndex, "values"],
        message: `В группе опций «${label}» может быть только одно значение по умолчанию, а отмечено ${defaults}`,
      });
    }
  });
  const detailNames = new Set<string>();
  product.details.forEach((detail, index) => {
    if (detailNames.has(detail.name)) issues.push({ path: ["details", index, "name"], message: `Деталь «${detail.name}» указана дважды` });
    detailNames.add(detail.name);
    if (detail.requiresOptionCode !== null && !allCodes.has(detail.requiresOptionCode)) {
      issues.push({
        path: ["details", index, "requiresOptionCode"],
        message: `Деталь «${detail.name}» требует опцию «${detail.requiresOptionCode}», а у товара такой опции нет`,
      });
    }
  });
  return issues;
}

function checkProductRules(product: ProductRulesInput, ctx: z.core.$RefinementCtx<ProductRulesInput>): void {
  for (const issue of productRuleIssues(product)) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
}

/** `POST /employee/product`: a new product, whole. */
export const employeeProductInputSchema = z.strictObject(productFields, { error: strictError }).check(z.superRefine(checkProductRules));
export type EmployeeProductInput = z.infer<typeof employeeProductInputSchema>;

/**
 * `GET /employee/product/{id}` answer and `PUT /employee/product/{id}` body: the whole product.
 * `id` and `archivedAt` are read-only (archive with `POST …/archive`); `updatedAt`, when sent, must
 * be the stored one (someone else's save in between → 409).
 */
export const employeeProductSchema = z
  .strictObject(
    {
      id: z.optional(entityIdSchema),
      ...productFields,
      /** When the product was archived (no longer sold); null: on sale. Read-only. */
      archivedAt: z.optional(z.nullable(z.string({ error: "Дата архивации — это текст" }))),
      /** ISO time of the last change; the optimistic lock of the PUT. */
      updatedAt: z.optional(z.string({ error: "Время изменения — это текст" }).check(z.maxLength(40, { error: "Время изменения указано неверно" }))),
    },
    { error: strictError },
  )
  .check(z.superRefine(checkProductRules));
export type EmployeeProduct = z.infer<typeof employeeProductSchema>;

/** The answer of GET / POST / PUT / archive: every field present. */
export type EmployeeProductRecord = EmployeeProductInput & { id: number; archivedAt: string | null; updatedAt: string };

/** `POST /employee/product/{id}/archive`: `{ archived: true }` archives, `{ archived: false }` puts it back on sale. */
export const employeeProductArchiveSchema = z.strictObject(
  { archived: z.boolean({ error: "archived — да или нет" }) },
  { error: strictError },
);
export type EmployeeProductArchive = z.infer<typeof employeeProductArchiveSchema>;

export const employeeProductStateValues = ["active", "hidden", "archived", "all"] as const;
export type EmployeeProductState = (typeof employeeProductStateValues)[number];

/**
 * `GET /employee/product?q=&categoryId=&state=&offset=&limit=`, newest change first. `active` — on
 * the storefront (not hidden, not archived, its category not hidden); `hidden` — hidden itself or
 * by its category, not archived; `archived`; `all` (the default) — every product.
 */
export const employeeProductListQuerySchema = z.object({
  /** Part of the name or the slug, or the product's number. */
  q: z.optional(
    preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      z.optional(z.string({ error: "Поиск — это текст" }).check(safeText(), z.trim(), z.maxLength(100, { error: "Поиск — не длиннее 100 знаков" }))),
    ),
  ),
  categoryId: optionalIdTextInput("Категория указана неверно"),
  state: queryEnum(employeeProductStateValues, "Состояние — одно из: active, hidden, archived, all"),
  offset: queryInt({ min: 0, max: 1_000_000, messageUI: "offset — целое число от 0" }),
  limit: queryInt({ min: 1, max: EMPLOYEE_PRODUCT_LIST_MAX_LIMIT, messageUI: `limit — целое число от 1 до ${EMPLOYEE_PRODUCT_LIST_MAX_LIMIT}` }),
});
export type EmployeeProductListQuery = z.infer<typeof employeeProductListQuerySchema>;

/** One product in the back office's list. */
export const employeeProductSummarySchema = z.object({
  id: entityIdSchema,
  categoryId: entityIdSchema,
  categoryName: z.string(),
  slug: z.string(),
  name: z.string(),
  /** The card's photo; null: none. */
  photoUrl: z.nullable(z.string()),
  /** The lowest tier's unit price at the default options, before the discount, roubles. */
  priceFrom: z.number(),
  discountPct: z.number().check(z.int()),
  hidden: z.boolean(),
  categoryHidden: z.boolean(),
  archivedAt: z.nullable(z.string()),
  updatedAt: z.string(),
});
export type EmployeeProductSummary = z.infer<typeof employeeProductSummarySchema>;

export const employeeProductListPageSchema = z.object({
  items: z.array(employeeProductSummarySchema),
  total: z.number().check(z.int()),
  offset: z.number().check(z.int()),
  limit: z.number().check(z.int()),
});
export type EmployeeProductListPage = z.infer<typeof employeeProductListPageSchema>;

/** The answer of the photo / picture uploads: the stored picture, to put into `photos` or `photo`. */
export const catalogPhotoUploadSchema = z.object({ path: z.string(), url: z.string() });
export type CatalogPhotoUpload = z.infer<typeof catalogPhotoUploadSchema>;

/** Path `{id}` of the back office's category and product operations. */
export const employeeCatalogIdParamsSchema = z.object({ id: idTextInput("Номер указан неверно") });
