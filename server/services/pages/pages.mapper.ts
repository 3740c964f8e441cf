import { z } from "zod/mini";
import { pageComponentSchema, popupSchema } from "../../../shared/contracts/index";
import type { PageComponent, PageRef, PageSeo, PageSummary, Popup } from "../../../shared/contracts/index";
import type { StoredPageComponent, WebsitePageRow } from "../../db/pages.schema";
import { publicFileUrl } from "../catalog/catalog.mapper";
import { htmlText, sanitizeHtml } from "./html-sanitizer";

/*
 * The one place where website rows become contract objects. Stored content refers to the shop's own
 * files as `file:<path under the files folder>` (`file:site/privacy-policy.pdf`), so the data never
 * holds the shop's address; here every such reference becomes the absolute /files/ URL. Content that
 * does not fit its component's contract is left out rather than breaking the page.
 */

/** How stored content names a file of the shop's files folder. */
export const FILE_REFERENCE_PREFIX = "file:";

export function fileReference(path: string): string {
  return `${FILE_REFERENCE_PREFIX}${path}`;
}

/** Replaces every `file:` string anywhere in stored content by the file's public URL. */
export function resolveFileReferences(value: unknown, publicOrigin: string): unknown {
  if (typeof value === "string") {
    return value.startsWith(FILE_REFERENCE_PREFIX) ? publicFileUrl(publicOrigin, value.slice(FILE_REFERENCE_PREFIX.length)) : value;
  }
  if (Array.isArray(value)) return value.map((item) => resolveFileReferences(item, publicOrigin));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveFileReferences(item, publicOrigin)]));
  }
  return value;
}

/** A stored component as the API answers it, or null when its key is unknown or its content does not fit. */
export function toPageComponent(stored: StoredPageComponent, publicOrigin: string): PageComponent | null {
  const parsed = pageComponentSchema.safeParse({ key: stored.key, content: resolveFileReferences(stored.content, publicOrigin) });
  if (!parsed.success) return null;
  // Stored HTML is sanitised whenever it is answered, whoever wrote it (issue 29).
  if (parsed.data.key === "Article") return { key: "Article", content: { ...parsed.data.content, html: sanitizeHtml(parsed.data.content.html) } };
  return parsed.data;
}

/** The plain text of a page's components, kept in `body_text` for the site search. */
export function pagePlainText(components: readonly PageComponent[]): string {
  const parts: string[] = [];
  for (const component of components) {
    switch (component.key) {
      case "Text":
        for (const block of component.content.blocks) parts.push(...(block.type === "list" ? block.items : [block.text]));
        break;
      case "Vacancy":
        parts.push(component.content.schedule, ...component.content.duties, ...component.content.requirements, ...component.content.conditions);
        break;
      case "Service":
        parts.push(component.content.productionTime, ...component.content.features);
        break;
      case "Checklist":
        parts.push(component.content.title, ...component.content.items.flatMap((item) => [item.title, item.text]));
        break;
      case "Banner":
        parts.push(component.content.title, component.content.subtitle);
        break;
      case "Contacts":
        parts.push(...component.content.addresses.flatMap((item) => [item.title, item.address, item.operatingMode]));
        break;
      case "Article":
        parts.push(htmlText(component.content.html));
        break;
      case "Header":
      case "Footer":
      case "Widget":
      case "ProductCategories":
      case "BlogTeasers":
      case "Files":
        break;
    }
  }
  return parts.filter((part) => part.trim() !== "").join("\n");
}

export type PageSummaryRow = Pick<WebsitePageRow, "id" | "slug" | "kind" | "name" | "summary" | "createdAt" | "padBannerPath">;

export function toPageSummary(row: PageSummaryRow, publicOrigin: string): PageSummary {
  return {
    id: row.id,
    slug: row.slug,
    kind: row.kind,
    name: row.name,
    summary: row.summary,
    createdAt: row.createdAt.toISOString(),
    padBanner: row.padBannerPath === null ? null : { url: publicFileUrl(publicOrigin, row.padBannerPath) },
  };
}

export function toPageRef(row: Pick<WebsitePageRow, "id" | "slug" | "name">): PageRef {
  return { id: row.id, slug: row.slug, name: row.name };
}

/** The SEO fields with the shop's fallbacks: a page without its own title still gets a good one. */
export function toPageSeo(row: Pick<WebsitePageRow, "name" | "summary" | "seoName" | "seoTitle" | "seoDescription" | "seoKeywords">): PageSeo {
  return {
    name: row.name,
    seoName: row.seoName || row.name,
    seoTitle: row.seoTitle || `${row.name} — типография «Оттиск», Краснодар`,
    seoDescription: row.seoDescription || row.summary,
    seoKeywords: row.seoKeywords,
  };
}

/** The popup as the shop keeps it in the `Popup` block: shown while `active` and inside its dates. */
const storedPopupSchema = z.extend(z.omit(popupSchema, { updatedAt: true }), {
  active: z.boolean(),
  showFrom: z.nullable(z.iso.datetime({ offset: true })),
  showUntil: z.nullable(z.iso.datetime({ offset: true })),
});

/** The popup to show now, or null when it is off, out of its dates or not filled in properly. */
export function toActivePopup(content: unknown, updatedAt: Date, now: Date, publicOrigin: string): Popup | null {
  const parsed = storedPopupSchema.safeParse(resolveFileReferences(content, publicOrigin));
  if (!parsed.success) return null;
  const { active, showFrom, showUntil, ...popup } = parsed.data;
  if (!active) return null;
  if (showFrom !== null && new Date(showFrom) > now) return null;
  if (showUntil !== null && new Date(showUntil) <= now) return null;
  return { ...popup, updatedAt: updatedAt.toISOString() };
}
