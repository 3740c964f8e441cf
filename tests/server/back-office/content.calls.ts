import type { BackOfficeArea } from "./matrix";

/** The content area's /api/employee/… operations for the authorization matrix (tests/server/back-office-authorization.test.ts). */
export const contentArea: BackOfficeArea = {
  name: "content",
  prepare: () => Promise.resolve({}),
  calls: [],
};
