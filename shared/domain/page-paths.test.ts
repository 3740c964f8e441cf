import { describe, expect, it } from "vitest";
import {
  accountPagePath,
  ACCOUNT_PATHS,
  catalogPath,
  catalogViewSearch,
  clientOrderPath,
  employeeOrderPath,
  loginPath,
  pagePath,
  PRODUCT_PATH_TEMPLATE,
  productPath,
  safeNextPath,
  searchPath,
  sitePath,
  SUCCESS_PATH_TEMPLATE,
  successPath,
  withNext,
} from "./page-paths";

describe("page paths", () => {
  it("writes the catalogue's, a category's and a product's address", () => {
    expect(catalogPath()).toBe("/catalog");
    expect(catalogPath("vizitki")).toBe("/catalog/vizitki");
    expect(productPath("vizitki", 42)).toBe("/catalog/vizitki/42");
    expect(PRODUCT_PATH_TEMPLATE.replace("{category}", "vizitki").replace("{id}", "42")).toBe(productPath("vizitki", 42));
    expect(catalogViewSearch({ sort: "NameAsc", page: 0 })).toBe("");
    expect(catalogViewSearch({ sort: "NameDesc", page: 1 })).toBe("?sort=NameDesc&page=2");
  });

  it("writes a website page by its slug, encoded, and a site path as the content gives it", () => {
    expect(pagePath("")).toBe("/");
    expect(pagePath("blog/cmyk-i-rgb/")).toBe("/blog/cmyk-i-rgb");
    expect(pagePath("о нас")).toBe("/%D0%BE%20%D0%BD%D0%B0%D1%81");
    expect(sitePath("")).toBe("/");
    expect(sitePath("//catalog/vizitki?sort=NameDesc")).toBe("/catalog/vizitki?sort=NameDesc");
  });

  it("writes the screens' addresses", () => {
    expect(searchPath()).toBe("/poisk");
    expect(searchPath("визитки 90×50")).toBe(`/poisk?q=${encodeURIComponent("визитки 90×50")}`);
    expect(successPath(7)).toBe("/success-payment?orderId=7");
    expect(SUCCESS_PATH_TEMPLATE.replace("{id}", "7")).toBe(successPath(7));
  });

  it("writes the account area's pages under the storefront's /admin or another panel's address", () => {
    expect(ACCOUNT_PATHS.home).toBe("/admin");
    expect(ACCOUNT_PATHS.clientOrders).toBe("/admin/client/orders");
    expect(accountPagePath("clientCompany")).toBe("/admin/client/profile/company/info");
    expect(accountPagePath("registration", "https://panel.example")).toBe("https://panel.example/auth/registration");
    expect(clientOrderPath(7)).toBe("/admin/client/orders/7");
    expect(employeeOrderPath(7, "https://panel.example")).toBe("https://panel.example/employee/orders/7");
    expect(withNext(ACCOUNT_PATHS.registration, "/cart")).toBe("/admin/auth/registration?next=%2Fcart");
    expect(loginPath("/admin/client/orders")).toBe("/admin/auth/login?next=%2Fadmin%2Fclient%2Forders");
  });

  it("keeps a `next` on this site", () => {
    expect(safeNextPath("/cart")).toBe("/cart");
    expect(safeNextPath("//evil.example")).toBe("/admin");
    expect(safeNextPath("https://evil.example")).toBe("/admin");
    expect(safeNextPath(null)).toBe("/admin");
  });
});
