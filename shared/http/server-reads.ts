import { MAIN_PAGE_ALIAS } from "../contracts/wire";
import type { RenderReads } from "../contracts/index";
import type { Api } from "./api";
import { toApiError } from "./error";
import { productListSearchParams } from "./query";

/*
 * The server render's API client (host-site/entry-server.tsx): the calls the server answers in
 * process from its services (RenderReads, shared/contracts/host-render.ts) replace the HTTP ones of
 * the same names; the answers are the services' own contract-shaped objects, taken as they are (no
 * JSON, no zod check of what the server itself made). A failed read becomes the ApiError the HTTP
 * call would have given: the same status, code and messageUI from the same error body.
 */

type Reads = Pick<Api, keyof RenderReads>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** A RenderReadFailure (the API's error body) → the ApiError the atoms saw from the HTTP call. */
function asApiError(error: unknown): unknown {
  if (isRecord(error) && isRecord(error.serverError) && typeof error.serverError.statusCode === "number") {
    return toApiError(error, error.serverError.statusCode, error.serverError);
  }
  return toApiError(error, 500, undefined);
}

function read<T>(call: () => Promise<T>): Promise<T> {
  return call().catch((error: unknown) => {
    throw asApiError(error);
  });
}

/** The slug as the HTTP call puts it in the address (shared/http pages.endpoints.ts), decoded. */
function slugAsSent(slug: string): string {
  const trimmed = slug.replace(/^\/+|\/+$/g, "");
  return trimmed === "" ? MAIN_PAGE_ALIAS : trimmed;
}

/** Drops the unset fields, as the HTTP call's query does. */
function defined(query: Record<string, string | number | boolean | undefined>): Record<string, string | number | boolean> {
  return Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined));
}

/**
 * An account list's query as the HTTP call's query string carries it (order, profile and employee
 * endpoints): numbers, `true` and non-empty text, as text (the route checks them as text).
 */
function queryText(query: object): Record<string, string> {
  const sent = Object.entries(query).filter(([, value]) => typeof value === "number" || value === true || (typeof value === "string" && value !== ""));
  return Object.fromEntries(sent.map(([name, value]) => [name, String(value)]));
}

/** `api` with the calls `reads` answers going to the server's services in process. */
export function withServerReads(api: Api, reads: RenderReads): Api {
  const overlay: Reads = {
    getProductCategories: () => read(() => reads.getProductCategories()),
    getProducts: (query = {}) => read(() => reads.getProducts(productListSearchParams(query))),
    getProduct: (id, query = {}) => read(() => reads.getProduct(id, query.isUrgent ? { isUrgent: true } : {})),
    getNds: () => read(() => reads.getNds()),
    getProfile: () => read(() => reads.getProfile()),
    getPage: (slug) => read(() => reads.getPage(slugAsSent(slug))),
    getPages: ({ kind, offset, limit, exclude }) => read(() => reads.getPages(defined({ kind, offset, limit, exclude }))),
    getMenu: () => read(() => reads.getMenu()),
    getSideMenu: () => read(() => reads.getSideMenu()),
    getHeader: () => read(() => reads.getHeader()),
    getFooter: () => read(() => reads.getFooter()),
    searchSite: ({ search, offset, limit }) => read(() => reads.searchSite(defined({ search, offset, limit }))),
    getFeedbackForm: () => read(() => reads.getFeedbackForm()),
    getOrders: (query = {}) => read(() => reads.getOrders(queryText(query))),
    getOrder: (orderId) => read(() => reads.getOrder(orderId)),
    getDocuments: (query = {}) => read(() => reads.getDocuments(queryText(query))),
    getNotifications: (query = {}) => read(() => reads.getNotifications(queryText(query))),
    getNotificationSettings: () => read(() => reads.getNotificationSettings()),
    getCompanies: () => read(() => reads.getCompanies()),
    // As the HTTP call: a company's recipients by its id, the personal profile's without one.
    getRecipients: (companyId) => read(() => reads.getRecipients(companyId ? { companyId: String(companyId) } : {})),
    getAddresses: () => read(() => reads.getAddresses()),
    getEmployeeOrders: (query = {}) => read(() => reads.getEmployeeOrders(queryText(query))),
    getEmployeeOrder: (orderId) => read(() => reads.getEmployeeOrder(orderId)),
    getCart: (query = {}) => read(() => reads.getCart(defined({ ...query }))),
    getFavoriteProducts: () => read(() => reads.getFavoriteProducts()),
  };
  return { ...api, ...overlay };
}
