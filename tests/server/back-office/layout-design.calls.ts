import { TEST_APP_ORIGIN } from "../support/test-app";
import type { BackOfficeArea, MatrixContext } from "./matrix";

/** The layout designer's /api/employee/… operations (issue 32) for the authorization matrix (tests/server/back-office-authorization.test.ts). */

const PREPARED = "matrix-template-prepared";

export const templateBody = (id: string, active = true) => ({
  template: {
    id,
    name: "Матрица прав",
    kind: "business-card",
    document: { version: 1, trimMm: [90, 50], bleedMm: 2, safeMm: 3, sides: [{ background: null, elements: [] }] },
  },
  active,
  position: 1000,
});

let serial = 0;

async function prepare(context: MatrixContext): Promise<{ serial: number }> {
  const response = await context.testApp.app.inject({
    method: "POST",
    url: "/api/employee/layout-design-templates",
    headers: { origin: TEST_APP_ORIGIN, authorization: `Bearer ${context.adminToken}` },
    payload: templateBody(PREPARED, false),
  });
  if (response.statusCode !== 200) throw new Error(`layout design template: ${response.statusCode} ${response.body}`);
  return { serial: 0 };
}

export const layoutDesignArea: BackOfficeArea = {
  name: "layout-design",
  prepare,
  calls: [
    { route: "GET /api/employee/layout-design-templates", roles: ["catalog"], request: () => ({ method: "GET", url: "/api/employee/layout-design-templates" }) },
    {
      route: "POST /api/employee/layout-design-templates",
      roles: ["catalog"],
      request: (ids) => ({ method: "POST", url: "/api/employee/layout-design-templates", payload: templateBody(`matrix-template-${ids.serial}`, false) }),
      fresh: () => Promise.resolve({ serial: ++serial }),
    },
    {
      route: "PUT /api/employee/layout-design-templates/{id}",
      roles: ["catalog"],
      request: () => ({ method: "PUT", url: `/api/employee/layout-design-templates/${PREPARED}`, payload: templateBody(PREPARED, false) }),
    },
  ],
};
