import type { BackOfficeArea } from "./matrix";

/** The design area's /api/employee/… operations for the authorization matrix (tests/server/back-office-authorization.test.ts). */
export const designArea: BackOfficeArea = {
  name: "design",
  prepare: () => Promise.resolve({}),
  calls: [],
};
