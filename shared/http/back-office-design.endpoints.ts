import { contract } from "./lazy-contracts";
import type { DesignOrder, DesignQuote, EmployeeDesignOrder, EmployeeDesignOrderList, EmployeeDesignOrderListQuery, EmployeeDesignStatus } from "../contracts/index";
import type { ApiRequest } from "./request";

/**
 * The designers' queue of design orders (issue 29, back office "design") and the client's side of
 * it: the quote before ordering, approving the designer's layout or asking for changes.
 */
export interface BackOfficeDesignEndpoints {
  getDesignQuote(orderProductId: number): Promise<DesignQuote>;
  approveDesignLayout(designId: number): Promise<DesignOrder>;
  requestDesignChanges(designId: number, text: string): Promise<DesignOrder>;
  employeeListDesignOrders(query?: EmployeeDesignOrderListQuery): Promise<EmployeeDesignOrderList>;
  employeeGetDesignOrder(id: number): Promise<EmployeeDesignOrder>;
  /** 409 DESIGN_TAKEN when another designer has it. */
  employeeTakeDesignOrder(id: number): Promise<EmployeeDesignOrder>;
  employeeUploadDesignLayout(id: number, file: Blob, fileName: string): Promise<EmployeeDesignOrder>;
  employeeSetDesignOrderStatus(id: number, status: EmployeeDesignStatus["status"]): Promise<EmployeeDesignOrder>;
}

export function backOfficeDesignEndpoints(request: ApiRequest): BackOfficeDesignEndpoints {
  return {
    getDesignQuote: (orderProductId) => request("/client-order/design/quote", contract("designQuoteSchema"), { query: { orderProductId } }),
    approveDesignLayout: (designId) => request(`/client-order/design/${designId}/approve`, contract("designOrderSchema"), { method: "POST" }),
    requestDesignChanges: (designId, text) => request(`/client-order/design/${designId}/changes`, contract("designOrderSchema"), { method: "POST", body: { text } }),
    employeeListDesignOrders: (query = {}) =>
      request("/employee/design-order", contract("employeeDesignOrderListSchema"), {
        query: Object.fromEntries(Object.entries(query as Record<string, string | number | undefined>).filter((entry): entry is [string, string | number] => entry[1] !== undefined)),
      }),
    employeeGetDesignOrder: (id) => request(`/employee/design-order/${id}`, contract("employeeDesignOrderSchema")),
    employeeTakeDesignOrder: (id) => request(`/employee/design-order/${id}/take`, contract("employeeDesignOrderSchema"), { method: "POST" }),
    employeeUploadDesignLayout: (id, file, fileName) => {
      const form = new FormData();
      form.append("file", file, fileName);
      return request(`/employee/design-order/${id}/layout`, contract("employeeDesignOrderSchema"), { method: "POST", body: form });
    },
    employeeSetDesignOrderStatus: (id, status) => request(`/employee/design-order/${id}/status`, contract("employeeDesignOrderSchema"), { method: "PUT", body: { status } }),
  };
}
