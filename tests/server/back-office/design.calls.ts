import { designOrder } from "../../../server/db/schema";
import { DEMO_ACCOUNTS } from "../../../server/seed/demo-data";
import { accountIdOf, cartLine, FACE, multipartBody, printReadyPdf } from "../support/files-fixtures";
import { demoBusinessCardsId } from "../support/test-app";
import type { BackOfficeArea } from "./matrix";

/** The design area's /api/employee/… operations for the authorization matrix (tests/server/back-office-authorization.test.ts). */
export const designArea: BackOfficeArea = {
  name: "design",
  async prepare({ testApp }) {
    const db = testApp.database.db;
    const clientId = await accountIdOf(db, DEMO_ACCOUNTS.client.email);
    // The demo business cards: their face needs a layout whatever the options.
    const productId = await demoBusinessCardsId(testApp);
    const { orderProductId } = await cartLine(db, clientId, productId);
    const [row] = await db.insert(designOrder).values({ accountId: clientId, orderProductId, productId, detailName: FACE, comment: "Для проверки доступа" }).returning({ id: designOrder.id });
    if (!row) throw new Error("No design order for the matrix");
    return { designOrder: row.id };
  },
  calls: [
    { route: "GET /api/employee/design-order", roles: ["designer"], request: () => ({ method: "GET", url: "/api/employee/design-order?status=new" }) },
    { route: "GET /api/employee/design-order/{id}", roles: ["designer"], request: (ids) => ({ method: "GET", url: `/api/employee/design-order/${ids["designOrder"]}` }) },
    { route: "POST /api/employee/design-order/{id}/take", roles: ["designer"], request: (ids) => ({ method: "POST", url: `/api/employee/design-order/${ids["designOrder"]}/take` }) },
    {
      route: "POST /api/employee/design-order/{id}/layout",
      roles: ["designer"],
      request: (ids) => {
        const body = multipartBody({}, { name: "designer.pdf", contentType: "application/pdf", bytes: printReadyPdf() });
        return { method: "POST", url: `/api/employee/design-order/${ids["designOrder"]}/layout`, payload: body.payload, headers: body.headers };
      },
    },
    {
      route: "PUT /api/employee/design-order/{id}/status",
      roles: ["designer"],
      request: (ids) => ({ method: "PUT", url: `/api/employee/design-order/${ids["designOrder"]}/status`, payload: { status: "in_work" } }),
    },
  ],
};
