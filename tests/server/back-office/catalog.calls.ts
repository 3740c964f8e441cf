import type { BackOfficeArea } from "./matrix";

/** The catalog area's /api/employee/… operations for the authorization matrix (tests/server/back-office-authorization.test.ts). */
export const catalogArea: BackOfficeArea = {
  name: "catalog",
  prepare: () => Promise.resolve({}),
  calls: [],
};
