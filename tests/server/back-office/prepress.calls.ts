import type { BackOfficeArea } from "./matrix";

/** The prepress area's /api/employee/… operations for the authorization matrix (tests/server/back-office-authorization.test.ts). */
export const prepressArea: BackOfficeArea = {
  name: "prepress",
  prepare: () => Promise.resolve({}),
  calls: [],
};
