import { describe, expect, it } from "vitest";
import type { RenderReadFailure, RenderReads } from "../contracts/index";
import { createApi } from "./api";
import { isApiError } from "./error";
import { withServerReads } from "./server-reads";

/*
 * The render's API client with the server's reads laid over it: the reads get what the HTTP call
 * would have sent, their answers come back as they are, and a failure is the ApiError the HTTP
 * call would have given (status, code, messageUI, issues).
 */

const notFound: RenderReadFailure = { serverError: { statusCode: 404, code: "PRODUCT_NOT_FOUND", messageUI: "Товар не найден", message: "No product 7" } };

function readsWith(overrides: Partial<RenderReads>): RenderReads {
  const unused = () => Promise.reject(new Error("not read in this test"));
  return {
    getProductCategories: unused,
    getProducts: unused,
    getProduct: unused,
    getNds: unused,
    getProfile: unused,
    getPage: unused,
    getPages: unused,
    getMenu: unused,
    getSideMenu: unused,
    getHeader: unused,
    getFooter: unused,
    searchSite: unused,
    getFeedbackForm: unused,
    getOrders: unused,
    getDocuments: unused,
    getNotifications: unused,
    getNotificationSettings: unused,
    getCompanies: unused,
    getRecipients: unused,
    getAddresses: unused,
    getEmployeeOrders: unused,
    getOrder: unused,
    getEmployeeOrder: unused,
    getCart: unused,
    getFavoriteProducts: unused,
    ...overrides,
  };
}

const httpApi = createApi({ baseURL: "http://localhost/api", fetch: () => Promise.reject(new Error("no HTTP in this test")) });

describe("withServerReads", () => {
  it("hands the reads what the HTTP call would send and returns their answers as they are", async () => {
    const seen: unknown[] = [];
    const nds = { percent: 22 };
    const api = withServerReads(
      httpApi,
      readsWith({
        getNds: () => Promise.resolve(nds),
        getPage: (slug) => (seen.push(slug), Promise.reject(notFound)),
        getProducts: (query) => (seen.push(query), Promise.reject(notFound)),
      }),
    );
    expect(await api.getNds()).toBe(nds);
    await api.getPage("/").catch(() => undefined);
    await api.getProducts({ categoryId: 2, discount: false, minPrice: 0, offset: 24, limit: 24 }).catch(() => undefined);
    expect(seen).toEqual(["main", { categoryId: 2, minPrice: 0, offset: 24, limit: 24 }]);
  });

  it("hands the cart read the query's set values only, as the HTTP call's query", async () => {
    const seen: unknown[] = [];
    const api = withServerReads(httpApi, readsWith({ getCart: (query) => (seen.push(query), Promise.reject(notFound)) }));
    await api.getCart({ companyId: 5 }).catch(() => undefined);
    await api.getCart().catch(() => undefined);
    expect(seen).toEqual([{ companyId: 5 }, {}]);
  });

  it("turns a failed read into the ApiError of the same error body", async () => {
    const api = withServerReads(httpApi, readsWith({ getProduct: () => Promise.reject(notFound) }));
    const error: unknown = await api.getProduct(7).catch((caught: unknown) => caught);
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({ status: 404, code: "PRODUCT_NOT_FOUND", messageUI: "Товар не найден" });
  });

  it("leaves the calls the reads do not cover to the HTTP client", () => {
    const api = withServerReads(httpApi, readsWith({}));
    expect(api.login).toBe(httpApi.login);
  });
});
