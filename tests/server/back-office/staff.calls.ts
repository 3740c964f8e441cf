import type { BackOfficeArea } from "./matrix";

/** The staff area's /api/employee/… operations for the authorization matrix (tests/server/back-office-authorization.test.ts). */
export const staffArea: BackOfficeArea = {
  name: "staff",
  prepare: () => Promise.resolve({}),
  calls: [],
};
