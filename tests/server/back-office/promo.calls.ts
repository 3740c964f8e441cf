import type { BackOfficeArea } from "./matrix";

/** The promo area's /api/employee/… operations for the authorization matrix (tests/server/back-office-authorization.test.ts). */
export const promoArea: BackOfficeArea = {
  name: "promo",
  prepare: () => Promise.resolve({}),
  calls: [],
};
