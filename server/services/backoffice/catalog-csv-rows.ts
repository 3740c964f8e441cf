import { PRODUCT_SIZE_MAX_MM, productRuleIssues } from "../../../shared/contracts/index";
import type { SizeLimits } from "../../../shared/domain/pricing";
import { preflightProfileSchema } from "../../../shared/contracts/preflight-profile";
import type { PreflightProfile } from "../../../shared/contracts/preflight-profile";
import { PRODUCT_MAX_QUANTITY } from "../../../shared/contracts/wire";
import { productListingFields } from "../catalog/product-listing";
import { productOptionGroupValues } from "../../db/catalog-options.schema";
import type { ProductOptionGroup } from "./catalog-csv-model";
import type { CsvCategory, CsvDetail, CsvOption, CsvProduct, CsvTier } from "./catalog-csv-model";

/*
 * The catalogue file's columns and rows (docs: server/docs/back-office-catalog-csv.md): every row has
 * a `kind` — category, product, option, tier or detail — and uses the columns of its kind; the others
 * stay empty. A product's option, tier and detail rows follow its product row. Values are written as
 * a person reads them: money in roubles with a comma («12,50»), yes/no as «да»/«нет», photos
 * separated by «|», a detail's print profile as JSON.
 */

export const CSV_COLUMNS = [
  "kind",
  "category",
  "product",
  "name",
  "description",
  "photos",
  "sort_order",
  "hidden",
  "archived",
  "production_days",
  "urgent_days",
  "urgent_surcharge_pct",
  "discount_pct",
  "sheets_per_unit",
  "size_step_mm",
  "seo_name",
  "seo_title",
  "seo_description",
  "seo_keywords",
  "option_group",
  "option_code",
  "is_default",
  "price_pct",
  "unit_price",
  "setup_price",
  "width_mm",
  "height_mm",
  "paper_gsm",
  "sides",
  "min_quantity",
  "requires_option",
  "profile",
] as const;
/** Columns a file from before them may lack (read as empty): the per-m² size step came with issue 30. */
const OPTIONAL_COLUMNS: readonly CsvColumn[] = ["size_step_mm"];
export type CsvColumn = (typeof CSV_COLUMNS)[number];
export const CSV_ROW_KINDS = ["category", "product", "option", "tier", "detail"] as const;
export type CsvRowKind = (typeof CSV_ROW_KINDS)[number];

const YES = "да";
const NO = "нет";

/** JSON with each object's keys sorted, so a profile reads the same whatever order the database keeps its keys in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === "object" && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : inner,
  );
}

// ——— Writing ———————————————————————————————————————————————————————————————————————————

export function formatMoney(kopecks: number): string {
  const sign = kopecks < 0 ? "-" : "";
  const abs = Math.abs(kopecks);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

const yesNo = (value: boolean): string => (value ? YES : NO);
const optionalInt = (value: number | null): string => (value === null ? "" : String(value));

function row(values: Partial<Record<CsvColumn, string>>): string[] {
  return CSV_COLUMNS.map((column) => values[column] ?? "");
}

export function categoryRow(category: CsvCategory): string[] {
  return row({
    kind: "category",
    category: category.slug,
    name: category.name,
    description: category.description,
    photos: category.photoPath ?? "",
    sort_order: String(category.sortOrder),
    hidden: yesNo(category.hidden),
    seo_name: category.seoName,
    seo_title: category.seoTitle,
    seo_description: category.seoDescription,
    seo_keywords: category.seoKeywords,
  });
}

/** The product's rows: its own, then its options, tiers and details. */
export function productRows(item: CsvProduct): string[][] {
  const key = { category: item.categorySlug, product: item.slug };
  return [
    row({
      kind: "product",
      ...key,
      name: item.name,
      description: item.description,
      photos: item.photoPaths.join("|"),
      hidden: yesNo(item.hidden),
      archived: yesNo(item.archived),
      production_days: String(item.productionTimeDay),
      urgent_days: optionalInt(item.urgentProductionTimeDay),
      urgent_surcharge_pct: String(item.urgentSurchargePct),
      discount_pct: String(item.discountPct),
      sheets_per_unit: String(item.sheetsPerUnit),
      // A per-m² product: its width and height ranges («300-5000») and the step.
      ...(item.sizeLimits === null
        ? {}
        : {
            width_mm: `${item.sizeLimits.minWidthMm}-${item.sizeLimits.maxWidthMm}`,
            height_mm: `${item.sizeLimits.minHeightMm}-${item.sizeLimits.maxHeightMm}`,
            size_step_mm: String(item.sizeLimits.stepMm),
          }),
      seo_name: item.seoName,
      seo_title: item.seoTitle,
      seo_description: item.seoDescription,
      seo_keywords: item.seoKeywords,
    }),
    ...item.options.map((option) =>
      row({
        kind: "option",
        ...key,
        option_group: option.group,
        option_code: option.code,
        name: option.label,
        sort_order: String(option.sortOrder),
        is_default: yesNo(option.isDefault),
        price_pct: String(option.pricePct),
        unit_price: formatMoney(option.unitPriceKopecks),
        setup_price: formatMoney(option.setupPriceKopecks),
        width_mm: optionalInt(option.widthMm),
        height_mm: optionalInt(option.heightMm),
        paper_gsm: optionalInt(option.paperGsm),
        sides: optionalInt(option.sides),
      }),
    ),
    ...item.tiers.map((tier) => row({ kind: "tier", ...key, min_quantity: String(tier.minQuantity), unit_price: formatMoney(tier.unitPriceKopecks) })),
    ...item.details.map((detail) =>
      row({
        kind: "detail",
        ...key,
        name: detail.name,
        sort_order: String(detail.sortOrder),
        requires_option: detail.requiresOptionCode ?? "",
        profile: canonicalJson(detail.profile),
      }),
    ),
  ];
}

// ——— Reading ———————————————————————————————————————————————————————————————————————————

/** A row's refusal: the message names the column and the value. */
export class RowError extends Error {
  constructor(readonly messageUI: string) {
    super(messageUI);
  }
}

/** The header's columns in the file's order, or why the header cannot be read. */
export function readHeader(fields: readonly string[]): { columns: Map<CsvColumn, number> } | { messageUI: string } {
  if (fields.length === 1 && (fields[0] ?? "").includes(",")) {
    return { messageUI: "Поля разделены запятыми: в файле каталога разделитель — точка с запятой (;). Сохраните CSV с разделителем «;»" };
  }
  if (fields.length === 1 && (fields[0] ?? "").includes("\t")) {
    return { messageUI: "Поля разделены табуляцией: в файле каталога разделитель — точка с запятой (;)" };
  }
  const known = new Set<string>(CSV_COLUMNS);
  const columns = new Map<CsvColumn, number>();
  const problems: string[] = [];
  fields.forEach((raw, index) => {
    const name = raw.trim();
    if (!known.has(name)) problems.push(`неизвестный столбец «${name}»`);
    else if (columns.has(name as CsvColumn)) problems.push(`столбец «${name}» повторяется`);
    else columns.set(name as CsvColumn, index);
  });
  const missing = CSV_COLUMNS.filter((column) => !columns.has(column) && !OPTIONAL_COLUMNS.includes(column));
  if (missing.length > 0) problems.push(`нет столбцов: ${missing.map((column) => `«${column}»`).join(", ")}`);
  if (problems.length > 0) return { messageUI: `Строка заголовка: ${problems.join("; ")}` };
  return { columns };
}

/** One record read by the header: the text of each column (missing trailing fields read as empty). */
export class CsvRow {
  constructor(
    readonly line: number,
    private readonly fields: readonly string[],
    private readonly columns: ReadonlyMap<CsvColumn, number>,
  ) {}

  text(column: CsvColumn): string {
    const index = this.columns.get(column);
    return index === undefined ? "" : (this.fields[index] ?? "");
  }

  required(column: CsvColumn): string {
    const value = this.text(column).trim();
    if (value === "") throw new RowError(`не заполнен столбец «${column}»`);
    return value;
  }

  int(column: CsvColumn, range: { min: number; max: number }, fallback?: number): number {
    const value = this.text(column).trim();
    if (value === "" && fallback !== undefined) return fallback;
    if (value === "") throw new RowError(`не заполнен столбец «${column}»`);
    if (!/^-?\d+$/.test(value)) throw new RowError(`«${column}»: «${value}» — не целое число`);
    const number = Number(value);
    if (number < range.min || number > range.max) throw new RowError(`«${column}»: ${value} — должно быть от ${range.min} до ${range.max}`);
    return number;
  }

  optionalInt(column: CsvColumn, range: { min: number; max: number }): number | null {
    return this.text(column).trim() === "" ? null : this.int(column, range);
  }

  money(column: CsvColumn, fallback?: number): number {
    const value = this.text(column).trim().replace(/\s/g, "");
    if (value === "" && fallback !== undefined) return fallback;
    if (value === "") throw new RowError(`не заполнен столбец «${column}»`);
    const match = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(value);
    if (!match) throw new RowError(`«${column}»: «${value}» — не сумма в рублях (например, 12,50; не больше двух знаков после запятой, не меньше нуля)`);
    const kopecks = Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
    if (!Number.isSafeInteger(kopecks) || kopecks > 2_000_000_000) throw new RowError(`«${column}»: ${value} — слишком большая сумма`);
    return kopecks;
  }

  flag(column: CsvColumn): boolean {
    const value = this.text(column).trim().toLowerCase();
    if (value === "" || value === NO || value === "0" || value === "false" || value === "no") return false;
    if (value === YES || value === "1" || value === "true" || value === "yes") return true;
    throw new RowError(`«${column}»: «${value}» — укажите «да» или «нет»`);
  }
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_TEXT = 20_000;
const MAX_SHORT_TEXT = 500;

function slugOf(row: CsvRow, column: CsvColumn): string {
  const value = row.required(column);
  if (!SLUG.test(value) || value.length > 100) throw new RowError(`«${column}»: «${value}» — адрес (slug) из латинских строчных букв, цифр и дефисов`);
  return value;
}

function textOf(row: CsvRow, column: CsvColumn, max: number, required = false): string {
  const value = required ? row.required(column) : row.text(column);
  if (value.length > max) throw new RowError(`«${column}»: текст длиннее ${max} символов`);
  return value;
}

function photoPathOf(value: string): string {
  const path = value.trim();
  if (path.startsWith("/") || path.includes("..") || path.includes("\\") || /^[a-z]+:/i.test(path) || path.length > 300) {
    throw new RowError(`«photos»: «${path}» — путь к файлу в хранилище магазина, например catalog/vizitki-1.svg`);
  }
  return path;
}

export function keyOf(row: CsvRow): { categorySlug: string; slug: string } {
  return { categorySlug: slugOf(row, "category"), slug: slugOf(row, "product") };
}

export function kindOf(row: CsvRow): CsvRowKind {
  const kind = row.text("kind").trim();
  if (!(CSV_ROW_KINDS as readonly string[]).includes(kind)) {
    throw new RowError(`«kind»: «${kind}» — должно быть одно из: ${CSV_ROW_KINDS.join(", ")}`);
  }
  return kind as CsvRowKind;
}

const seoOf = (row: CsvRow) => ({
  seoName: textOf(row, "seo_name", MAX_SHORT_TEXT),
  seoTitle: textOf(row, "seo_title", MAX_SHORT_TEXT),
  seoDescription: textOf(row, "seo_description", MAX_TEXT),
  seoKeywords: textOf(row, "seo_keywords", MAX_SHORT_TEXT),
});

export function readCategory(row: CsvRow): CsvCategory {
  const photo = row.text("photos").trim();
  return {
    slug: slugOf(row, "category"),
    name: textOf(row, "name", MAX_SHORT_TEXT, true),
    description: textOf(row, "description", MAX_TEXT),
    photoPath: photo === "" ? null : photoPathOf(photo),
    sortOrder: row.int("sort_order", { min: -1_000_000, max: 1_000_000 }, 0),
    hidden: row.flag("hidden"),
    ...seoOf(row),
  };
}

const SIZE_RANGE = /^(\d+)\s*[-–]\s*(\d+)$/;

/** A side's range on a product row («300-5000» mm). */
function sideRangeOf(row: CsvRow, column: "width_mm" | "height_mm"): [number, number] {
  const value = row.text(column).trim();
  const match = SIZE_RANGE.exec(value);
  if (!match) throw new RowError(`«${column}»: «${value}» — у товара за м² диапазон в миллиметрах, например 300-5000`);
  const [min, max] = [Number(match[1]), Number(match[2])];
  if (min < 1 || max > PRODUCT_SIZE_MAX_MM || min > max) throw new RowError(`«${column}»: ${value} — от 1 до ${PRODUCT_SIZE_MAX_MM} мм, меньшее число первым`);
  return [min, max];
}

/** A per-m² product's limits from its row (width_mm, height_mm as ranges, size_step_mm), or null when all three are empty. */
function sizeLimitsOf(row: CsvRow): SizeLimits | null {
  if (["width_mm", "height_mm", "size_step_mm"].every((column) => row.text(column as CsvColumn).trim() === "")) return null;
  const [minWidthMm, maxWidthMm] = sideRangeOf(row, "width_mm");
  const [minHeightMm, maxHeightMm] = sideRangeOf(row, "height_mm");
  return { minWidthMm, maxWidthMm, minHeightMm, maxHeightMm, stepMm: row.int("size_step_mm", { min: 1, max: PRODUCT_SIZE_MAX_MM }) };
}

/** A product row without its options, tiers and details (they follow). */
export function readProduct(row: CsvRow): CsvProduct {
  const photos = row.text("photos").trim();
  return {
    ...keyOf(row),
    name: textOf(row, "name", MAX_SHORT_TEXT, true),
    description: textOf(row, "description", MAX_TEXT),
    photoPaths: photos === "" ? [] : photos.split("|").map(photoPathOf),
    hidden: row.flag("hidden"),
    archived: row.flag("archived"),
    productionTimeDay: row.int("production_days", { min: 1, max: 365 }),
    urgentProductionTimeDay: row.optionalInt("urgent_days", { min: 1, max: 365 }),
    urgentSurchargePct: row.int("urgent_surcharge_pct", { min: 0, max: 500 }, 0),
    discountPct: row.int("discount_pct", { min: 0, max: 100 }, 0),
    sheetsPerUnit: row.int("sheets_per_unit", { min: 1, max: 10_000 }, 1),
    sizeLimits: sizeLimitsOf(row),
    ...seoOf(row),
    options: [],
    tiers: [],
    details: [],
  };
}

export function readOption(row: CsvRow, position: number): CsvOption {
  const group = row.required("option_group");
  if (!(productOptionGroupValues as readonly string[]).includes(group)) {
    throw new RowError(`«option_group»: «${group}» — должно быть одно из: ${productOptionGroupValues.join(", ")}`);
  }
  const code = row.required("option_code");
  if (code.length > 100 || /\s/.test(code)) throw new RowError(`«option_code»: «${code}» — код варианта без пробелов, до 100 символов`);
  return {
    group: group as ProductOptionGroup,
    code,
    label: textOf(row, "name", MAX_SHORT_TEXT, true),
    sortOrder: row.int("sort_order", { min: -1_000_000, max: 1_000_000 }, (position + 1) * 10),
    isDefault: row.flag("is_default"),
    pricePct: row.int("price_pct", { min: 1, max: 1000 }, 100),
    unitPriceKopecks: row.money("unit_price", 0),
    setupPriceKopecks: row.money("setup_price", 0),
    widthMm: row.optionalInt("width_mm", { min: 1, max: 100_000 }),
    heightMm: row.optionalInt("height_mm", { min: 1, max: 100_000 }),
    paperGsm: row.optionalInt("paper_gsm", { min: 1, max: 10_000 }),
    sides: row.optionalInt("sides", { min: 1, max: 2 }),
  };
}

export function readTier(row: CsvRow): CsvTier {
  const text = row.text("min_quantity").trim();
  if (/^-?\d+$/.test(text) && Number(text) < 1) throw new RowError(`«min_quantity»: ${text} — тираж ступени цены не может быть меньше 1 шт.`);
  return {
    minQuantity: row.int("min_quantity", { min: 1, max: PRODUCT_MAX_QUANTITY }),
    unitPriceKopecks: row.money("unit_price"),
  };
}

export function readDetail(row: CsvRow, position: number): CsvDetail {
  const requires = row.text("requires_option").trim();
  let json: unknown;
  try {
    json = JSON.parse(row.required("profile"));
  } catch (error) {
    if (error instanceof RowError) throw error;
    throw new RowError("«profile»: не читается как JSON — скопируйте профиль из выгрузки каталога");
  }
  const profile = preflightProfileSchema.safeParse(json);
  if (!profile.success) {
    const issue = profile.error.issues[0];
    throw new RowError(`«profile»: профиль проверки макета неверен (${issue ? `${issue.path.join(".")}: ${issue.message}` : "не тот формат"})`);
  }
  return {
    name: textOf(row, "name", MAX_SHORT_TEXT, true),
    sortOrder: row.int("sort_order", { min: -1_000_000, max: 1_000_000 }, (position + 1) * 10),
    requiresOptionCode: requires === "" ? null : requires,
    profile: profile.data satisfies PreflightProfile,
  };
}

/** A whole product's problem and the row it is on: one of its option, tier or detail rows (by position), or null for the product's own row. */
export interface ProductProblem {
  row: { kind: "option" | "tier" | "detail"; index: number } | null;
  messageUI: string;
}

/**
 * The rules of a whole product that its rows alone cannot check: the catalogue contract's own
 * `productRuleIssues()` (the API refuses the same impossible product with the same words: at least
 * one price tier, the first tier the minimum run and no tier below or repeating it, option codes
 * unique in a group, exactly one default in format, paper and colours, details named once and their
 * option existing; a single-choice group with no default at all is the one exception, see below),
 * then a product that can be priced at its smallest run. Answers the problems,
 * each with the row it names; empty when none.
 */
export function productProblems(item: CsvProduct): ProductProblem[] {
  // The file lists options flat; the contract reads them by group (in the order the groups first appear).
  const groups = new Map<ProductOptionGroup, { values: { code: string; isDefault: boolean }[]; positions: number[] }>();
  item.options.forEach((option, position) => {
    const group = groups.get(option.group) ?? { values: [], positions: [] };
    group.values.push({ code: option.code, isDefault: option.isDefault });
    group.positions.push(position);
    groups.set(option.group, group);
  });
  const grouped = [...groups.entries()];
  const issues = productRuleIssues({
    options: grouped.map(([group, { values }]) => ({ group, values })),
    tiers: item.tiers,
    details: item.details,
  });
  const problems = issues.map((issue): ProductProblem => {
    const [area, first, , third] = issue.path;
    if (area === "tiers" && typeof first === "number") return { row: { kind: "tier", index: first }, messageUI: issue.message };
    if (area === "details" && typeof first === "number") return { row: { kind: "detail", index: first }, messageUI: issue.message };
    if (area === "options" && typeof first === "number" && typeof third === "number") {
      const position = grouped[first]?.[1].positions[third];
      if (position !== undefined) return { row: { kind: "option", index: position }, messageUI: issue.message };
    }
    return { row: null, messageUI: issue.message };
  });
  if (problems.length === 0 && !productListingFields(item).ok) {
    problems.push({ row: null, messageUI: "Товар нельзя рассчитать при вариантах по умолчанию и наименьшем тираже" });
  }
  return problems;
}


/** The comparable, flat form of a product: each field and each option, tier and detail as the file writes it (the import's changes and the audit). */
export function flatProduct(item: CsvProduct, categorySlug: string): Record<string, string> {
  const flat: Record<string, string> = {};
  const [own, ...children] = productRows({ ...item, categorySlug });
  CSV_COLUMNS.forEach((column, index) => {
    if (column !== "kind" && column !== "product") flat[column] = own?.[index] ?? "";
  });
  for (const child of children) {
    const cell = (column: CsvColumn): string => child[CSV_COLUMNS.indexOf(column)] ?? "";
    const kind = cell("kind");
    const key = kind === "option" ? `option ${cell("option_group")}/${cell("option_code")}` : kind === "tier" ? `tier ${cell("min_quantity")}` : `detail ${cell("name")}`;
    flat[key] = CSV_COLUMNS.filter((column) => !["kind", "category", "product", "option_group", "option_code", "min_quantity"].includes(column) && cell(column) !== "")
      .map((column) => `${column}=${cell(column)}`)
      .join("; ");
  }
  return flat;
}

const CATEGORY_FIELDS: readonly CsvColumn[] = ["name", "description", "photos", "sort_order", "hidden", "seo_name", "seo_title", "seo_description", "seo_keywords"];

export function flatCategory(category: CsvCategory): Record<string, string> {
  const own = categoryRow(category);
  return Object.fromEntries(CATEGORY_FIELDS.map((column) => [column, own[CSV_COLUMNS.indexOf(column)] ?? ""]));
}
