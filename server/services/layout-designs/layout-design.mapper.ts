import type { DesignTemplate, DesignTemplateKind, EmployeeLayoutDesignTemplate, LayoutDesign, LayoutDesignImage, LayoutDesignImageType, LayoutDesignListItem } from "../../../shared/contracts/index";
import { DESIGN_TEMPLATE_KINDS, LAYOUT_DESIGN_IMAGE_TYPES } from "../../../shared/contracts/index";
import type { LayoutDesignImageRow, LayoutDesignRow, LayoutDesignTemplateRow } from "../../db/layout-designs.schema";

/* The layout designer's rows → contract objects, in one place. */

export function layoutDesignOf(row: LayoutDesignRow): LayoutDesign {
  return {
    id: row.id,
    name: row.name,
    productId: row.productId,
    document: row.document,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export function layoutDesignListItemOf(row: LayoutDesignRow, productName: string): LayoutDesignListItem {
  return {
    id: row.id,
    name: row.name,
    productId: row.productId,
    productName,
    trimMm: [row.document.trimMm[0], row.document.trimMm[1]],
    sides: row.document.sides.length,
    background: row.document.sides[0]?.background ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

const imageType = (value: string): LayoutDesignImageType => LAYOUT_DESIGN_IMAGE_TYPES.find((type) => type === value) ?? "image/png";

export function layoutDesignImageOf(row: LayoutDesignImageRow): LayoutDesignImage {
  return { id: row.id, widthPx: row.widthPx, heightPx: row.heightPx, bytes: row.sizeBytes, contentType: imageType(row.contentType) };
}

const templateKind = (value: string): DesignTemplateKind => DESIGN_TEMPLATE_KINDS.find((kind) => kind === value) ?? "business-card";

export function designTemplateOf(row: LayoutDesignTemplateRow): DesignTemplate {
  return { id: row.id, name: row.name, kind: templateKind(row.kind), document: row.document };
}

export function employeeTemplateOf(row: LayoutDesignTemplateRow): EmployeeLayoutDesignTemplate {
  return {
    template: designTemplateOf(row),
    active: row.active,
    position: row.position,
    source: row.source,
    updatedBy: row.updatedByName,
    updatedAt: row.updatedAt.toISOString(),
  };
}
