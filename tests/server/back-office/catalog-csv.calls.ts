import type { BackOfficeArea } from "./matrix";

/** The catalogue CSV's /api/employee/… operations for the authorization matrix: export, and an import's dry run (it writes nothing). */
export const catalogCsvArea: BackOfficeArea = {
  name: "catalog-csv",
  prepare: () => Promise.resolve({}),
  calls: [
    { route: "GET /api/employee/catalog/export", roles: ["catalog"], request: () => ({ method: "GET", url: "/api/employee/catalog/export" }) },
    {
      route: "POST /api/employee/catalog/import",
      roles: ["catalog"],
      request: () => ({ method: "POST", url: "/api/employee/catalog/import?dryRun=true", headers: { "content-type": "text/csv" }, payload: "kind;category\r\n" }),
    },
  ],
};
