import { contract } from "./lazy-contracts";
import type { EmployeePage, EmployeePageDeleted, EmployeePageList, EmployeePageListQuery, EmployeePageWrite, SiteBlock, SiteBlockKey, SiteBlockWrite } from "../contracts/index";
import type { ApiRequest } from "./request";

/**
 * The back office's website pages and site blocks (issue 29, role `content`): the page list by
 * kind, state and words, one page, create / update (the whole page) / delete, and the header,
 * menu, footer and popup blocks. Pictures upload with uploadWebsiteFile (files.endpoints.ts).
 */
export interface BackOfficeContentEndpoints {
  employeeListPages(query?: EmployeePageListQuery): Promise<EmployeePageList>;
  employeeGetPage(pageId: number): Promise<EmployeePage>;
  employeeCreatePage(page: EmployeePageWrite): Promise<EmployeePage>;
  /** Rejects with 409 (messageUI) when somebody saved the page after it was read. */
  employeeUpdatePage(pageId: number, page: EmployeePageWrite): Promise<EmployeePage>;
  employeeDeletePage(pageId: number): Promise<EmployeePageDeleted>;
  employeeGetSiteBlock(key: SiteBlockKey): Promise<SiteBlock>;
  employeeUpdateSiteBlock(block: SiteBlockWrite): Promise<SiteBlock>;
}

/** Drops the unset and empty fields: no empty filters in the address. */
function defined(query: EmployeePageListQuery): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string | number] => (typeof entry[1] === "number" || typeof entry[1] === "string") && entry[1] !== ""),
  );
}

export function backOfficeContentEndpoints(request: ApiRequest): BackOfficeContentEndpoints {
  return {
    employeeListPages: (query = {}) => request("/employee/page", contract("employeePageListSchema"), { query: defined(query) }),
    employeeGetPage: (pageId) => request(`/employee/page/${pageId}`, contract("employeePageSchema")),
    employeeCreatePage: (page) => request("/employee/page", contract("employeePageSchema"), { method: "POST", body: page }),
    employeeUpdatePage: (pageId, page) => request(`/employee/page/${pageId}`, contract("employeePageSchema"), { method: "PUT", body: page }),
    employeeDeletePage: (pageId) => request(`/employee/page/${pageId}`, contract("employeePageDeletedSchema"), { method: "DELETE" }),
    employeeGetSiteBlock: (key) => request(`/employee/site-block/${key}`, contract("siteBlockSchema")),
    employeeUpdateSiteBlock: (block) => request(`/employee/site-block/${block.key}`, contract("siteBlockSchema"), { method: "PUT", body: block }),
  };
}
