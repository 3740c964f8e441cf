import { contract } from "./lazy-contracts";
import type { EmployeeLayoutDesignTemplate, EmployeeLayoutDesignTemplateList, EmployeeLayoutDesignTemplateWrite } from "../contracts/index";
import type { ApiRequest } from "./request";

/** The back office's layout designer templates (issue 32): the list, a new one (a JSON uploaded or pasted), a change. */
export interface BackOfficeLayoutDesignEndpoints {
  getEmployeeLayoutDesignTemplates(): Promise<EmployeeLayoutDesignTemplateList>;
  /** 409 (messageUI) when the id is taken; 400 with the contract's message when the JSON is not a template. */
  createEmployeeLayoutDesignTemplate(input: EmployeeLayoutDesignTemplateWrite): Promise<EmployeeLayoutDesignTemplate>;
  /** Replaces the template, its active flag and position. */
  updateEmployeeLayoutDesignTemplate(templateId: string, input: EmployeeLayoutDesignTemplateWrite): Promise<EmployeeLayoutDesignTemplate>;
}

export function backOfficeLayoutDesignEndpoints(request: ApiRequest): BackOfficeLayoutDesignEndpoints {
  return {
    getEmployeeLayoutDesignTemplates: () => request("/employee/layout-design-templates", contract("employeeLayoutDesignTemplateListSchema")),
    createEmployeeLayoutDesignTemplate: (input) =>
      request("/employee/layout-design-templates", contract("employeeLayoutDesignTemplateSchema"), { method: "POST", body: { ...input } }),
    updateEmployeeLayoutDesignTemplate: (templateId, input) =>
      request(`/employee/layout-design-templates/${encodeURIComponent(templateId)}`, contract("employeeLayoutDesignTemplateSchema"), { method: "PUT", body: { ...input } }),
  };
}
