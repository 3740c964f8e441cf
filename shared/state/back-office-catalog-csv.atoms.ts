import { atom } from "jotai/vanilla";
import type { CatalogImportResult } from "../contracts/index";
import { apiAtom, requireApi } from "./api.atoms";

/*
 * The back office's catalogue CSV (issue 29): where the export downloads from, and the import
 * (a dry run or the real one).
 */

/** The export's address on the API the page talks to. */
export const catalogExportUrlAtom = atom((get) => get(apiAtom)?.catalogExportUrl() ?? "/api/employee/catalog/export");

export const importCatalogAtom = atom(null, (get, _set, input: { file: Blob; fileName: string; dryRun: boolean }): Promise<CatalogImportResult> => requireApi(get).employeeImportCatalog(input));
