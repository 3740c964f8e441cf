import { eq } from "drizzle-orm";
import type { ProductTemplateQuery, TemplateKind } from "../../../shared/contracts/index";
import type { PreflightProfile } from "../../../shared/contracts/preflight-profile";
import { defaultLineSize, defaultOption, layoutProfile, NEW_DETAIL_PROFILE, sizeProblem } from "../../../shared/domain/pricing";
import type { Database } from "../../db/client";
import { productCategory } from "../../db/schema";
import { ShopError } from "../shop-error";
import { ensureOnSale } from "./catalog.service";
import { templateFileName, templatePdf, templateSvg } from "./layout-template";
import type { TemplateSpec } from "./layout-template";
import { loadPricedProduct, productNotFound } from "./pricing.service";

/*
 * The layout templates of the product page's «Скачать шаблон» (issue 30): which size and profile a
 * choice means — a per-m² product's own size (checked against its limits), else the chosen format's
 * size (the default format when none) — then the PDF or SVG of layout-template.ts.
 */


export interface LayoutTemplate {
  fileName: string;
  contentType: "application/pdf" | "image/svg+xml; charset=utf-8";
  body: Uint8Array | string;
}

export interface LayoutTemplateService {
  /** The template of a choice; 400 for a size out of the limits or a format the product has not, 404/410 for a product not on sale. */
  template(productId: number, query: ProductTemplateQuery, kind: TemplateKind): Promise<LayoutTemplate>;
  /** What the template of a choice is drawn for (size, profile), without drawing it. */
  spec(productId: number, query: ProductTemplateQuery): Promise<TemplateSpec>;
}

function badChoice(code: string, messageUI: string, message: string): ShopError {
  return new ShopError({ statusCode: 400, code, messageUI, message });
}

export function createLayoutTemplateService(db: Database): LayoutTemplateService {
  async function spec(productId: number, query: ProductTemplateQuery): Promise<TemplateSpec> {
    const rows = await loadPricedProduct(db, productId);
    if (!rows) throw productNotFound(productId);
    const [category] = await db.select({ hidden: productCategory.hidden }).from(productCategory).where(eq(productCategory.id, rows.product.categoryId)).limit(1);
    ensureOnSale(productId, rows.product, category?.hidden ?? true);
    const [detail] = rows.details;
    const limits = rows.product.sizeLimits;
    const sizeGiven = query.width !== undefined || query.height !== undefined;

    let size: { widthMm: number; heightMm: number } | null = null;
    if (limits !== null) {
      if (query.format !== undefined && query.format !== "") {
        throw badChoice("SIZE_REQUIRED", "У этого товара нет форматов: укажите ширину и высоту в миллиметрах", `Product ${productId} is sized, not formatted`);
      }
      if (!sizeGiven) size = defaultLineSize(limits);
      else if (query.width === undefined || query.height === undefined) {
        throw badChoice("SIZE_INVALID", "Укажите и ширину, и высоту в миллиметрах", "Only one side of the size was sent");
      } else {
        size = { widthMm: query.width, heightMm: query.height };
        const problem = sizeProblem(limits, size);
        if (problem !== null) throw badChoice("SIZE_INVALID", problem, `Size ${size.widthMm}×${size.heightMm} mm outside the limits`);
      }
    } else if (sizeGiven) {
      throw badChoice("SIZE_NOT_OFFERED", "Этот товар печатается только в форматах из списка — свой размер указать нельзя", `Product ${productId} takes no size of its own`);
    }

    const formats = rows.options.filter((option) => option.group === "format");
    const format = query.format ? formats.find((option) => option.code === query.format) : defaultOption(rows.options, "format");
    if (query.format && !format) {
      throw badChoice("UNKNOWN_OPTION", `Формат «${query.format}» не найден у этого товара`, `Unknown format ${query.format}`);
    }
    const base: PreflightProfile | null = detail?.profile ?? (format?.widthMm && format.heightMm ? { ...NEW_DETAIL_PROFILE, trimMm: [format.widthMm, format.heightMm] } : null);
    if (base === null) {
      throw new ShopError({
        statusCode: 409,
        code: "TEMPLATE_UNAVAILABLE",
        messageUI: "Для этого товара шаблона нет: размер макета подскажет менеджер",
        message: `Product ${productId} has neither a detail nor a sized format`,
      });
    }
    // A detail's profile is drawn at the product's default format: the chosen format or size takes its place.
    const profile = layoutProfile(base, format, size ?? undefined);
    return { productName: rows.product.name, widthMm: profile.trimMm[0], heightMm: profile.trimMm[1], profile };
  }

  return {
    spec,
    async template(productId, query, kind) {
      const drawn = await spec(productId, query);
      return kind === "pdf"
        ? { fileName: templateFileName(drawn, "pdf"), contentType: "application/pdf", body: await templatePdf(drawn) }
        : { fileName: templateFileName(drawn, "svg"), contentType: "image/svg+xml; charset=utf-8", body: templateSvg(drawn) };
    },
  };
}
