import { describe, expect, it } from "vitest";
import { matchAccountRoute } from "../../host-site/account-routes";
import { matchRoute } from "../../host-site/routes";
import { accountPath, safeNextPath } from "../../shared/domain/index";

/*
 * The account area's addresses (host-site/account-routes.ts): every /admin page maps to its route
 * and back, and `next` — where sign-in and registration go on to — never leaves the site.
 */

const match = (address: string) => {
  const url = new URL(address, "https://shop.example");
  return matchRoute(url.pathname, url.searchParams);
};

describe("the account area's routes", () => {
  it("maps each /admin address to its page and writes the same address back", () => {
    const addresses = [
      "/admin",
      "/admin/auth/login?next=%2Fadmin%2Fclient%2Forders",
      "/admin/auth/registration?next=%2Fcart",
      "/admin/client/orders?page=3",
      "/admin/client/orders/42",
      "/admin/client/documents",
      "/admin/client/notification",
      "/admin/client/profile/info",
      "/admin/client/profile/company/info",
      "/admin/employee/orders?status=new&clientId=7&page=2",
      "/admin/employee/orders/42",
      "/admin/employee/profile",
      "/admin/employee/clients?q=%D0%98%D0%B2%D0%B0%D0%BD",
    ];
    for (const address of addresses) {
      const route = match(address);
      expect(route.name, address).toBe("account");
      if (route.name === "account") expect(accountPath(route.page), address).toBe(address);
    }
  });

  it("sends an /admin address that names no page to the area's start, and reads bad parameters as none", () => {
    for (const address of ["/admin/nothing", "/admin/client/orders/0", "/admin/client/orders/abc", "/admin/employee/orders/1/2"]) {
      expect(match(address), address).toEqual({ name: "redirect", to: "/admin", permanent: false });
    }
    expect(matchAccountRoute(["employee", "orders"], new URLSearchParams("status=<script>&clientId=-1&page=x"))).toEqual({
      name: "employee-orders",
      status: null,
      clientId: null,
      search: "",
      page: 0,
    });
  });

  it("keeps `next` on this site: another site, a protocol-relative or a backslash address goes to the area's start", () => {
    expect(safeNextPath("/cart?x=1")).toBe("/cart?x=1");
    for (const hostile of ["https://evil.example/", "//evil.example/", "/\\evil.example", "javascript:alert(1)", "/admin\n/x", null]) {
      expect(safeNextPath(hostile), String(hostile)).toBe("/admin");
    }
    expect(match("/admin/auth/login?next=%2F%2Fevil.example")).toEqual({ name: "account", page: { name: "login", next: "/admin" } });
    expect(match("/admin/auth/registration")).toEqual({ name: "account", page: { name: "registration", next: "/admin/client/orders" } });
  });
});
