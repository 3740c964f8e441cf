import { productSortValues } from "../shared/contracts/wire";
import { ACCOUNT_BASE, CATALOG_PATH, catalogPath, DESIGNER_PATH, HOME_PATH, SCREEN_PATHS } from "../shared/domain/index";
import type { AccountRoute, CatalogView } from "../shared/domain/index";
import { parseCatalogFilters } from "../shared/state/index";
import { matchAccountRoute } from "./account-routes";

/*
 * Matching an address of the host site to its route (spec §2). The addresses themselves are built
 * by shared/domain/page-paths.ts; this is its inverse.
 */

/** The host site's routes of spec §2. */
export type Route =
  | { name: "main" }
  | { name: "search"; query: string }
  | { name: "favourites" }
  | { name: "catalog"; view: CatalogView }
  | { name: "category"; categorySlug: string; view: CatalogView }
  | { name: "product"; categorySlug: string; productId: number }
  | { name: "cart" }
  /** The layout designer (issue 32): `/konstruktor/{productId}?design=&line=`. */
  | { name: "designer"; productId: number; designId: string | null; orderProductId: number | null }
  | { name: "success"; orderId: number | null }
  /** A website page: a section list (blog, uslugi, …), an item under it, the contacts or a generic page. */
  | { name: "page"; slug: string }
  /** The account area at /admin (account-routes.ts). */
  | { name: "account"; page: AccountRoute }
  | { name: "redirect"; to: string; permanent: boolean };

/** The sections whose pages live one level below them (spec §2: vakansii/{slug}, uslugi/{slug}, blog/{slug}, instrukcii/{slug}). */
export const PAGE_SECTIONS = ["vakansii", "uslugi", "blog", "instrukcii"] as const;

/** Addresses search engines are asked not to crawl (robots.txt): private or per-visitor screens. */
export const PRIVATE_PATHS = ["/api/", ACCOUNT_BASE, SCREEN_PATHS.cart, SCREEN_PATHS.success, SCREEN_PATHS.favourites, SCREEN_PATHS.search] as const;

const SLUG = /^[a-z0-9][a-z0-9-]*$/;

function numberParam(search: URLSearchParams, name: string): number | undefined {
  const text = search.get(name)?.trim().replace(",", ".") ?? "";
  return text !== "" && /^\d+(\.\d+)?$/.test(text) ? Number(text) : undefined;
}

/**
 * Sort, page and filters of the catalogue as they appear in the address
 * (`?maxPrice=1000&discount=true&sort=NameDesc&page=2`); malformed filters are left out as the
 * stored ones are (parseCatalogFilters).
 */
export function catalogViewFrom(search: URLSearchParams): CatalogView {
  const sortText = search.get("sort");
  const sort = productSortValues.find((value) => value === sortText) ?? "NameAsc";
  const pageNumber = Number(search.get("page"));
  const page = Number.isInteger(pageNumber) && pageNumber > 1 && pageNumber < 10_000 ? pageNumber - 1 : 0;
  const filters = parseCatalogFilters({
    productionTimeDay: numberParam(search, "productionTimeDay"),
    discount: search.get("discount") === "true" ? true : undefined,
    minPrice: numberParam(search, "minPrice"),
    maxPrice: numberParam(search, "maxPrice"),
    categoryId: numberParam(search, "categoryId"),
  });
  return { sort, page, filters };
}

const HOME: Route = { name: "redirect", to: HOME_PATH, permanent: false };

function orderIdFrom(search: URLSearchParams): number | null {
  const text = search.get("orderId") ?? "";
  return /^\d{1,9}$/.test(text) && Number(text) > 0 ? Number(text) : null;
}

/** `/konstruktor/{productId}`: `?design=` a saved layout design's id, `?line=` a cart line's; anything else in them is dropped. */
function designerRoute(parts: string[], search: URLSearchParams): Route {
  const [, productText] = parts;
  if (productText === undefined || parts.length > 2 || !/^\d{1,9}$/.test(productText) || Number(productText) < 1) return { name: "redirect", to: catalogPath(), permanent: false };
  const design = search.get("design") ?? "";
  const line = search.get("line") ?? "";
  return {
    name: "designer",
    productId: Number(productText),
    designId: /^[A-Za-z0-9-]{1,64}$/.test(design) ? design : null,
    orderProductId: /^\d{1,9}$/.test(line) && Number(line) > 0 ? Number(line) : null,
  };
}

function catalogRoute(parts: string[], search: URLSearchParams): Route {
  const [, categorySlug, productText] = parts;
  if (categorySlug === undefined) return { name: "catalog", view: catalogViewFrom(search) };
  if (!SLUG.test(categorySlug) || parts.length > 3) return HOME;
  if (productText === undefined) return { name: "category", categorySlug, view: catalogViewFrom(search) };
  const productId = Number(productText);
  if (!/^\d{1,9}$/.test(productText) || productId < 1) return { name: "redirect", to: catalogPath(), permanent: false };
  return { name: "product", categorySlug, productId };
}

/**
 * Maps an address to a route (spec §2): the main page, the shop's own screens, the catalogue, and
 * website pages — one segment, or two under a section (`blog/{slug}`). Anything else leads to the
 * main page; whether a page slug exists only the API knows (the render redirects an unknown one).
 */
export function matchRoute(pathname: string, search: URLSearchParams): Route {
  const parts = pathname.split("/").filter(Boolean).map((part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return "";
    }
  });
  const [first, second] = parts;
  if (first === undefined) return { name: "main" };
  if (`/${first}` === CATALOG_PATH) return catalogRoute(parts, search);
  if (`/${first}` === DESIGNER_PATH) return designerRoute(parts, search);
  if (`/${first}` === ACCOUNT_BASE) {
    const page = matchAccountRoute(parts.slice(1), search);
    // An address under /admin that names no page: the account area's start, not the shop's.
    return page ? { name: "account", page } : { name: "redirect", to: ACCOUNT_BASE, permanent: false };
  }
  if (parts.length === 1) {
    switch (`/${first}`) {
      case SCREEN_PATHS.search:
        return { name: "search", query: (search.get("q") ?? "").trim() };
      case SCREEN_PATHS.favourites:
        return { name: "favourites" };
      case SCREEN_PATHS.cart:
        return { name: "cart" };
      case SCREEN_PATHS.success:
        return { name: "success", orderId: orderIdFrom(search) };
    }
  }
  if (parts.some((part) => !SLUG.test(part))) {
    // /Blog/CMYK-i-RGB: the same page under its lowercase address.
    const lower = parts.map((part) => part.toLowerCase());
    return lower.every((part) => SLUG.test(part)) ? { name: "redirect", to: `/${lower.join("/")}${searchText(search)}`, permanent: true } : HOME;
  }
  // `main` is the API's alias of the main page: one address per page.
  if (first === "main" && parts.length === 1) return { name: "redirect", to: HOME_PATH, permanent: true };
  if (parts.length === 1) return { name: "page", slug: first };
  if (parts.length === 2 && second !== undefined && (PAGE_SECTIONS as readonly string[]).includes(first)) return { name: "page", slug: `${first}/${second}` };
  return HOME;
}

function searchText(search: URLSearchParams): string {
  const text = search.toString();
  return text ? `?${text}` : "";
}
