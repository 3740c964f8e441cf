import type { ProductSort } from "../shared/contracts/index";
import { productSortValues } from "../shared/contracts/index";
import type { CatalogView } from "../widgets/catalog/Catalog";

/** The host site's routes of spec §2 that exist so far. */
export type Route =
  | { name: "catalog"; view: CatalogView }
  | { name: "category"; categorySlug: string; view: CatalogView }
  | { name: "product"; categorySlug: string; productId: number }
  | { name: "redirect"; to: string; permanent: boolean };

const SLUG = /^[a-z0-9][a-z0-9-]*$/;

/** Sort and page of the catalogue as they appear in the address (`?sort=NameDesc&page=2`). */
export function catalogViewFrom(search: URLSearchParams): CatalogView {
  const sortText = search.get("sort");
  const sort = productSortValues.find((value) => value === sortText) ?? "NameAsc";
  const pageNumber = Number(search.get("page"));
  const page = Number.isInteger(pageNumber) && pageNumber > 1 && pageNumber < 10_000 ? pageNumber - 1 : 0;
  return { sort, page };
}

export function catalogViewSearch(view: CatalogView): string {
  const params = new URLSearchParams();
  if (view.sort !== "NameAsc") params.set("sort", view.sort);
  if (view.page > 0) params.set("page", String(view.page + 1));
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function catalogPath(categorySlug?: string, sort?: ProductSort): string {
  const path = categorySlug ? `/catalog/${encodeURIComponent(categorySlug)}` : "/catalog";
  return sort ? `${path}?sort=${sort}` : path;
}

export function productPath(categorySlug: string, productId: number): string {
  return `${catalogPath(categorySlug)}/${productId}`;
}

/**
 * Maps an address to a route. The main page (/) is not built yet and leads to the catalogue;
 * anything unknown leads to the main page, as spec §2 says.
 */
export function matchRoute(pathname: string, search: URLSearchParams): Route {
  const parts = pathname.split("/").filter(Boolean).map((part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return "";
    }
  });
  if (parts.length === 0) return { name: "redirect", to: "/catalog", permanent: false };
  if (parts[0] !== "catalog") return { name: "redirect", to: "/", permanent: false };
  const [, categorySlug, productText] = parts;
  if (categorySlug === undefined) return { name: "catalog", view: catalogViewFrom(search) };
  if (!SLUG.test(categorySlug) || parts.length > 3) return { name: "redirect", to: "/", permanent: false };
  if (productText === undefined) return { name: "category", categorySlug, view: catalogViewFrom(search) };
  const productId = Number(productText);
  if (!/^\d{1,9}$/.test(productText) || productId < 1) return { name: "redirect", to: catalogPath(), permanent: false };
  return { name: "product", categorySlug, productId };
}
