import { DEMO_ACCOUNTS } from "../../../server/seed/demo-data";
import { accountIdOf, FACE, minimalPdf, multipartBody, productWithDetails } from "../support/files-fixtures";
import type { BackOfficeArea } from "./matrix";
import { placedOrderWithLayout } from "./prepress-fixtures";

/** The prepress area's /api/employee/… operations for the authorization matrix (tests/server/back-office-authorization.test.ts). */
export const prepressArea: BackOfficeArea = {
  name: "prepress",
  prepare: async ({ testApp }) => {
    const db = testApp.database.db;
    const productId = await productWithDetails(db);
    const clientId = await accountIdOf(db, DEMO_ACCOUNTS.client.email);
    const placed = await placedOrderWithLayout(db, { clientId, productId, detailName: FACE });
    return { layoutId: placed.layoutId };
  },
  calls: [
    { route: "GET /api/employee/prepress", roles: ["prepress"], request: () => ({ method: "GET", url: "/api/employee/prepress?state=waiting" }) },
    { route: "GET /api/employee/prepress/{id}", roles: ["prepress"], request: (ids) => ({ method: "GET", url: `/api/employee/prepress/${ids.layoutId}` }) },
    {
      route: "POST /api/employee/prepress/{id}/accept",
      roles: ["prepress"],
      request: (ids) => ({ method: "POST", url: `/api/employee/prepress/${ids.layoutId}/accept`, payload: { note: "Печатаем как есть" } }),
    },
    {
      route: "POST /api/employee/prepress/{id}/return",
      roles: ["prepress"],
      request: (ids) => ({ method: "POST", url: `/api/employee/prepress/${ids.layoutId}/return`, payload: { message: "Добавьте вылеты 2 мм" } }),
    },
    {
      route: "POST /api/employee/prepress/{id}/file",
      roles: ["prepress"],
      request: (ids) => {
        const body = multipartBody({}, { name: "исправлено.pdf", contentType: "application/pdf", bytes: minimalPdf() });
        return { method: "POST", url: `/api/employee/prepress/${ids.layoutId}/file`, payload: body.payload, headers: body.headers };
      },
      // Each admitted caller replaces a layout of its own (a replaced one is no longer current: 409).
      fresh: async ({ testApp }) => {
        const db = testApp.database.db;
        const productId = await productWithDetails(db);
        const placed = await placedOrderWithLayout(db, { clientId: await accountIdOf(db, DEMO_ACCOUNTS.client.email), productId, detailName: FACE });
        return { layoutId: placed.layoutId };
      },
    },
  ],
};
