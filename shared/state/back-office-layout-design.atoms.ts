import { atom } from "jotai/vanilla";
import type { EmployeeLayoutDesignTemplate, EmployeeLayoutDesignTemplateWrite } from "../contracts/index";
import { requireApi } from "./api.atoms";
import { storeResource } from "./resource";

/*
 * The back office's layout designer templates (issue 32): the list, and a template added or
 * changed (turned on or off, moved). Private data: always loaded in the browser.
 */

export const employeeLayoutDesignTemplates = storeResource((api) => api.getEmployeeLayoutDesignTemplates());

/** What the page writes: a new template (an uploaded JSON), or a change of one. */
export type LayoutDesignTemplateWrite = { kind: "create"; input: EmployeeLayoutDesignTemplateWrite } | { kind: "update"; templateId: string; input: EmployeeLayoutDesignTemplateWrite };

/** Writes the template and loads the list again. Rejects with the ApiError (messageUI). */
export const writeLayoutDesignTemplateAtom = atom(null, async (get, set, write: LayoutDesignTemplateWrite): Promise<EmployeeLayoutDesignTemplate> => {
  const api = requireApi(get);
  const answer = write.kind === "create" ? await api.createEmployeeLayoutDesignTemplate(write.input) : await api.updateEmployeeLayoutDesignTemplate(write.templateId, write.input);
  await set(employeeLayoutDesignTemplates.refreshAtom);
  return answer;
});
