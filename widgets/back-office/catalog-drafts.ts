import { productOptionGroupValues } from "../../shared/contracts/index";
import type {
  CatalogPhoto,
  EmployeeCategory,
  EmployeeCategoryInput,
  EmployeeProduct,
  EmployeeProductDetail,
  EmployeeProductInput,
  EmployeeProductOptionValue,
  ProductOptionGroupName,
} from "../../shared/contracts/index";
import type { PreflightProfile } from "../../shared/contracts/preflight-profile";
import { NEW_DETAIL_PROFILE } from "../../shared/domain/index";

/*
 * The catalogue forms' drafts: what the employee typed, kept as text so that nothing typed is lost
 * on an error (a half-typed «12,5» stays in its box), and the contract's object made from it on
 * «Сохранить». A number that is not one is named by the form itself, at the field's address
 * (`tiers.0.unitPrice`), the same address the API gives its field issues, so both show next to the
 * field. An object edited goes back whole: its read-only fields (`id`, `updatedAt`…) ride along.
 */

/** Errors by field address (`name`, `tiers.0.minQuantity`, `options.1.values.0.code`). */
export type FieldErrors = Readonly<Record<string, string>>;

let nextKey = 0;
/** A key for a row of a list in the form (React's `key`), stable while the row lives. */
function rowKey(): string {
  nextKey += 1;
  return `row-${nextKey}`;
}

interface SeoDraft {
  seoName: string;
  seoTitle: string;
  seoDescription: string;
  seoKeywords: string;
}

const NO_SEO: SeoDraft = { seoName: "", seoTitle: "", seoDescription: "", seoKeywords: "" };

/** Reads the numbers of a draft, collecting a message per field that is not a number. */
class NumberReader {
  readonly errors: Record<string, string> = {};

  /** A whole number; `null` for an empty box when `optional`. */
  whole(text: string, field: string, label: string): number;
  whole(text: string, field: string, label: string, optional: true): number | null;
  whole(text: string, field: string, label: string, optional = false): number | null {
    const trimmed = text.trim();
    if (trimmed === "" && optional) return null;
    if (!/^-?\d+$/.test(trimmed)) {
      this.errors[field] = `${label}: введите целое число`;
      return 0;
    }
    return Number(trimmed);
  }

  /** Roubles with kopecks: «1 250,50» and «1250.5» both read as 1250.5. */
  roubles(text: string, field: string, label: string): number {
    const normal = text.replace(/[\s\u00a0]/g, "").replace(",", ".");
    if (!/^\d+(\.\d{1,2})?$/.test(normal)) {
      this.errors[field] = `${label}: введите сумму в рублях, например 12,50`;
      return 0;
    }
    return Number(normal);
  }

  /** A decimal number (millimetres of a bleed). */
  decimal(text: string, field: string, label: string): number {
    const normal = text.trim().replace(",", ".");
    if (!/^\d+(\.\d+)?$/.test(normal)) {
      this.errors[field] = `${label}: введите число, например 2 или 0,5`;
      return 0;
    }
    return Number(normal);
  }
}

/** A number as the form shows it: kopecks with a comma. */
function roublesText(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2).replace(".", ",");
}

function decimalText(value: number): string {
  return String(value).replace(".", ",");
}

/* ───────────────────────────── Categories ───────────────────────────── */

export interface CategoryDraft extends SeoDraft {
  name: string;
  slug: string;
  /** The employee changed the slug: it no longer follows the name. */
  slugEdited: boolean;
  description: string;
  sortOrder: string;
  hidden: boolean;
  photo: CatalogPhoto | null;
}

export function newCategoryDraft(): CategoryDraft {
  return { name: "", slug: "", slugEdited: false, description: "", sortOrder: "0", hidden: false, photo: null, ...NO_SEO };
}

export function categoryDraftOf(category: EmployeeCategory): CategoryDraft {
  return {
    name: category.name,
    slug: category.slug,
    slugEdited: true,
    description: category.description,
    sortOrder: String(category.sortOrder),
    hidden: category.hidden,
    photo: category.photo,
    seoName: category.seoName,
    seoTitle: category.seoTitle,
    seoDescription: category.seoDescription,
    seoKeywords: category.seoKeywords,
  };
}

/** The category to send, or the fields the form cannot read. `original`: the Get answer, sent back whole with the changes. */
export function categoryInputOf(draft: CategoryDraft, original: EmployeeCategory | null): { input: EmployeeCategoryInput | EmployeeCategory } | { errors: FieldErrors } {
  const read = new NumberReader();
  const fields: EmployeeCategoryInput = {
    name: draft.name.trim(),
    slug: draft.slug.trim(),
    description: draft.description,
    sortOrder: read.whole(draft.sortOrder, "sortOrder", "Порядок"),
    hidden: draft.hidden,
    photo: draft.photo,
    seoName: draft.seoName,
    seoTitle: draft.seoTitle,
    seoDescription: draft.seoDescription,
    seoKeywords: draft.seoKeywords,
  };
  if (Object.keys(read.errors).length > 0) return { errors: read.errors };
  return { input: original ? { ...original, ...fields } : fields };
}

/* ───────────────────────────── Products ───────────────────────────── */

export interface OptionValueDraft {
  key: string;
  code: string;
  label: string;
  isDefault: boolean;
  pricePct: string;
  unitPrice: string;
  setupPrice: string;
  widthMm: string;
  heightMm: string;
  paperGsm: string;
  sides: string;
}

export interface OptionGroupDraft {
  group: ProductOptionGroupName;
  values: OptionValueDraft[];
}

export interface TierDraft {
  key: string;
  minQuantity: string;
  unitPrice: string;
}

export interface DetailDraft {
  key: string;
  name: string;
  /** "" : always needed. */
  requiresOptionCode: string;
  trimWidthMm: string;
  trimHeightMm: string;
  bleedMm: string;
  pages: string;
  maxTacPct: string;
  minPpi: string;
  /** The profile's other settings, kept as they were. */
  profile: PreflightProfile;
}

export interface ProductDraft extends SeoDraft {
  name: string;
  slug: string;
  slugEdited: boolean;
  /** "" : not chosen yet. */
  categoryId: string;
  description: string;
  productionTimeDay: string;
  urgent: boolean;
  urgentProductionTimeDay: string;
  urgentSurchargePct: string;
  discountPct: string;
  sheetsPerUnit: string;
  /** Priced per m² in the shopper's own size: the limits below, in millimetres (issue 30). */
  perSquareMetre: boolean;
  minWidthMm: string;
  maxWidthMm: string;
  minHeightMm: string;
  maxHeightMm: string;
  stepMm: string;
  hidden: boolean;
  photos: CatalogPhoto[];
  options: OptionGroupDraft[];
  tiers: TierDraft[];
  details: DetailDraft[];
}


export function newOptionValueDraft(isDefault: boolean): OptionValueDraft {
  return { key: rowKey(), code: "", label: "", isDefault, pricePct: "100", unitPrice: "0", setupPrice: "0", widthMm: "", heightMm: "", paperGsm: "", sides: "" };
}

export function newTierDraft(): TierDraft {
  return { key: rowKey(), minQuantity: "", unitPrice: "" };
}

export function newDetailDraft(): DetailDraft {
  return detailDraftOf({ name: "", sortOrder: 0, profile: NEW_DETAIL_PROFILE, requiresOptionCode: null });
}

function detailDraftOf(detail: EmployeeProductDetail): DetailDraft {
  return {
    key: rowKey(),
    name: detail.name,
    requiresOptionCode: detail.requiresOptionCode ?? "",
    trimWidthMm: decimalText(detail.profile.trimMm[0]),
    trimHeightMm: decimalText(detail.profile.trimMm[1]),
    bleedMm: decimalText(detail.profile.bleedMm),
    pages: String(detail.profile.pages),
    maxTacPct: decimalText(detail.profile.maxTacPct),
    minPpi: decimalText(detail.profile.minPpi),
    profile: detail.profile,
  };
}

function optionalText(value: number | null): string {
  return value === null ? "" : String(value);
}

export function newProductDraft(categoryId: number | null): ProductDraft {
  return {
    name: "",
    slug: "",
    slugEdited: false,
    categoryId: categoryId === null ? "" : String(categoryId),
    description: "",
    productionTimeDay: "3",
    urgent: false,
    urgentProductionTimeDay: "",
    urgentSurchargePct: "0",
    discountPct: "0",
    sheetsPerUnit: "1",
    perSquareMetre: false,
    minWidthMm: "300",
    maxWidthMm: "5000",
    minHeightMm: "300",
    maxHeightMm: "3000",
    stepMm: "10",
    hidden: false,
    photos: [],
    options: [],
    tiers: [newTierDraft()],
    details: [],
    ...NO_SEO,
  };
}

export function productDraftOf(product: EmployeeProduct): ProductDraft {
  return {
    name: product.name,
    slug: product.slug,
    slugEdited: true,
    categoryId: String(product.categoryId),
    description: product.description,
    productionTimeDay: String(product.productionTimeDay),
    urgent: product.urgentProductionTimeDay !== null,
    urgentProductionTimeDay: optionalText(product.urgentProductionTimeDay),
    urgentSurchargePct: String(product.urgentSurchargePct),
    discountPct: String(product.discountPct),
    sheetsPerUnit: String(product.sheetsPerUnit),
    perSquareMetre: product.sizeLimits !== null,
    minWidthMm: String(product.sizeLimits?.minWidthMm ?? 300),
    maxWidthMm: String(product.sizeLimits?.maxWidthMm ?? 5000),
    minHeightMm: String(product.sizeLimits?.minHeightMm ?? 300),
    maxHeightMm: String(product.sizeLimits?.maxHeightMm ?? 3000),
    stepMm: String(product.sizeLimits?.stepMm ?? 10),
    hidden: product.hidden,
    photos: product.photos,
    options: productOptionGroupValues.flatMap((group) => {
      const found = product.options.find((item) => item.group === group);
      if (!found) return [];
      const values = [...found.values].sort((a, b) => a.sortOrder - b.sortOrder);
      return [
        {
          group,
          values: values.map((value) => ({
            key: rowKey(),
            code: value.code,
            label: value.label,
            isDefault: value.isDefault,
            pricePct: String(value.pricePct),
            unitPrice: roublesText(value.unitPrice),
            setupPrice: roublesText(value.setupPrice),
            widthMm: optionalText(value.widthMm),
            heightMm: optionalText(value.heightMm),
            paperGsm: optionalText(value.paperGsm),
            sides: optionalText(value.sides),
          })),
        },
      ];
    }),
    tiers: product.tiers.map((tier) => ({ key: rowKey(), minQuantity: String(tier.minQuantity), unitPrice: roublesText(tier.unitPrice) })),
    details: [...product.details].sort((a, b) => a.sortOrder - b.sortOrder).map(detailDraftOf),
    seoName: product.seoName,
    seoTitle: product.seoTitle,
    seoDescription: product.seoDescription,
    seoKeywords: product.seoKeywords,
  };
}

function optionValueOf(read: NumberReader, group: ProductOptionGroupName, value: OptionValueDraft, index: number, at: string): EmployeeProductOptionValue {
  return {
    code: value.code.trim(),
    label: value.label.trim(),
    sortOrder: index,
    isDefault: value.isDefault,
    pricePct: read.whole(value.pricePct, `${at}.pricePct`, "Цена, % от базовой"),
    unitPrice: read.roubles(value.unitPrice, `${at}.unitPrice`, "Доплата за штуку"),
    setupPrice: read.roubles(value.setupPrice, `${at}.setupPrice`, "Доплата за заказ"),
    widthMm: group === "format" ? read.whole(value.widthMm, `${at}.widthMm`, "Ширина, мм", true) : null,
    heightMm: group === "format" ? read.whole(value.heightMm, `${at}.heightMm`, "Высота, мм", true) : null,
    paperGsm: group === "paper" ? read.whole(value.paperGsm, `${at}.paperGsm`, "Плотность, г/м²", true) : null,
    sides: group === "colors" ? read.whole(value.sides, `${at}.sides`, "Сторон печати", true) : null,
  };
}

function detailOf(read: NumberReader, detail: DetailDraft, index: number): EmployeeProductDetail {
  const at = `details.${index}`;
  return {
    name: detail.name.trim(),
    sortOrder: index,
    requiresOptionCode: detail.requiresOptionCode === "" ? null : detail.requiresOptionCode,
    profile: {
      ...detail.profile,
      trimMm: [read.decimal(detail.trimWidthMm, `${at}.profile.trimMm.0`, "Ширина в обрезном формате"), read.decimal(detail.trimHeightMm, `${at}.profile.trimMm.1`, "Высота в обрезном формате")],
      bleedMm: read.decimal(detail.bleedMm, `${at}.profile.bleedMm`, "Вылеты"),
      pages: read.whole(detail.pages, `${at}.profile.pages`, "Страниц"),
      maxTacPct: read.decimal(detail.maxTacPct, `${at}.profile.maxTacPct`, "Сумма красок"),
      minPpi: read.decimal(detail.minPpi, `${at}.profile.minPpi`, "Разрешение картинок"),
    },
  };
}

/** The product to send, or the fields the form cannot read. `original`: the Get answer, sent back whole with the changes (its `updatedAt` is the lock). */
export function productInputOf(draft: ProductDraft, original: EmployeeProduct | null): { input: EmployeeProductInput | EmployeeProduct } | { errors: FieldErrors } {
  const read = new NumberReader();
  const categoryId = draft.categoryId === "" ? null : Number(draft.categoryId);
  if (categoryId === null) read.errors["categoryId"] = "Выберите категорию товара";
  const fields: EmployeeProductInput = {
    categoryId: categoryId ?? 0,
    name: draft.name.trim(),
    slug: draft.slug.trim(),
    description: draft.description,
    photos: draft.photos.map((photo) => ({ path: photo.path })),
    seoName: draft.seoName,
    seoTitle: draft.seoTitle,
    seoDescription: draft.seoDescription,
    seoKeywords: draft.seoKeywords,
    productionTimeDay: read.whole(draft.productionTimeDay, "productionTimeDay", "Срок изготовления"),
    urgentProductionTimeDay: draft.urgent ? read.whole(draft.urgentProductionTimeDay, "urgentProductionTimeDay", "Срок срочного изготовления") : null,
    urgentSurchargePct: draft.urgent ? read.whole(draft.urgentSurchargePct, "urgentSurchargePct", "Наценка за срочность") : 0,
    discountPct: read.whole(draft.discountPct, "discountPct", "Скидка"),
    sheetsPerUnit: read.whole(draft.sheetsPerUnit, "sheetsPerUnit", "Листов в изделии"),
    sizeLimits: draft.perSquareMetre
      ? {
          minWidthMm: read.whole(draft.minWidthMm, "sizeLimits.minWidthMm", "Наименьшая ширина"),
          maxWidthMm: read.whole(draft.maxWidthMm, "sizeLimits.maxWidthMm", "Наибольшая ширина"),
          minHeightMm: read.whole(draft.minHeightMm, "sizeLimits.minHeightMm", "Наименьшая высота"),
          maxHeightMm: read.whole(draft.maxHeightMm, "sizeLimits.maxHeightMm", "Наибольшая высота"),
          stepMm: read.whole(draft.stepMm, "sizeLimits.stepMm", "Шаг размера"),
        }
      : null,
    hidden: draft.hidden,
    options: draft.options.map((group, groupIndex) => ({
      group: group.group,
      values: group.values.map((value, index) => optionValueOf(read, group.group, value, index, `options.${groupIndex}.values.${index}`)),
    })),
    tiers: draft.tiers.map((tier, index) => ({
      minQuantity: read.whole(tier.minQuantity, `tiers.${index}.minQuantity`, "Тираж от"),
      unitPrice: read.roubles(tier.unitPrice, `tiers.${index}.unitPrice`, "Цена за штуку"),
    })),
    details: draft.details.map((detail, index) => detailOf(read, detail, index)),
  };
  if (Object.keys(read.errors).length > 0) return { errors: read.errors };
  return { input: original ? { ...original, ...fields } : fields };
}

/** The field errors of an API error's issues, by the same addresses (`tiers.0.minQuantity`). */
export function fieldErrorsOf(issues: readonly { field: string; messageUI: string }[]): FieldErrors {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.field] ??= issue.messageUI;
  return errors;
}

/** The errors under `prefix` (`options.0`): a list's rows show those of their fields. */
export function errorsUnder(errors: FieldErrors, prefix: string): string[] {
  return Object.entries(errors)
    .filter(([field]) => field === prefix || field.startsWith(`${prefix}.`))
    .map(([, message]) => message);
}
