import { contract } from "./lazy-contracts";
import type { CatalogImportResult } from "../contracts/index";
import type { ApiRequest } from "./request";

/** The back office's catalogue CSV (issue 29; server/docs/back-office-catalog-csv.md): the export's address and the import. */
export interface BackOfficeCatalogCsvEndpoints {
  /** Where the whole catalogue downloads as catalog.csv (a link: the browser saves the streamed file itself). */
  catalogExportUrl(): string;
  /** `dryRun`: check only — what would change and every row's error; otherwise write a clean file whole. */
  employeeImportCatalog(input: { file: Blob; fileName: string; dryRun: boolean; signal?: AbortSignal }): Promise<CatalogImportResult>;
}

export function backOfficeCatalogCsvEndpoints(request: ApiRequest, baseURL: string): BackOfficeCatalogCsvEndpoints {
  return {
    catalogExportUrl: () => `${baseURL.replace(/\/+$/, "")}/employee/catalog/export`,
    employeeImportCatalog: ({ file, fileName, dryRun, signal }) => {
      const form = new FormData();
      form.append("file", file, fileName);
      return request("/employee/catalog/import", contract("catalogImportResultSchema"), { method: "POST", body: form, query: { dryRun }, ...(signal ? { signal } : {}) });
    },
  };
}
