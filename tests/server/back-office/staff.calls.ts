import { employeeSchema } from "../../../shared/contracts/index";
import type { BackOfficeArea, MatrixContext } from "./matrix";

/** The staff area's /api/employee/… operations for the authorization matrix (tests/server/back-office-authorization.test.ts). */

let made = 0;

/** A new employee (catalog role) for a call that changes one, so the demo employees stay as they are. */
async function newEmployee(context: MatrixContext): Promise<number> {
  made += 1;
  const response = await context.testApp.app.inject({
    method: "POST",
    url: "/api/employee/employee",
    headers: { authorization: `Bearer ${context.adminToken}` },
    payload: { email: `matrix-staff-${made}-${Date.now()}@ottisk.example`, name: "Матрица", roles: ["catalog"] },
  });
  if (response.statusCode !== 201) throw new Error(`could not add an employee: ${response.body}`);
  return employeeSchema.parse(response.json()).id;
}

export const staffArea: BackOfficeArea = {
  name: "staff",
  prepare: async (context) => ({ employeeId: await newEmployee(context) }),
  calls: [
    { route: "GET /api/employee/employee", roles: [], request: () => ({ method: "GET", url: "/api/employee/employee?state=all" }) },
    { route: "GET /api/employee/employee/{id}", roles: [], request: (ids) => ({ method: "GET", url: `/api/employee/employee/${ids.employeeId}` }) },
    {
      route: "POST /api/employee/employee",
      roles: [],
      request: () => {
        made += 1;
        return { method: "POST", url: "/api/employee/employee", payload: { email: `matrix-new-${made}-${Date.now()}@ottisk.example`, name: "Новый", roles: ["designer"] } };
      },
    },
    {
      route: "PUT /api/employee/employee/{id}",
      roles: [],
      request: (ids) => ({ method: "PUT", url: `/api/employee/employee/${ids.employeeId}`, payload: { name: "Матрица", surname: "Изменена", phone: null, roles: ["catalog", "content"], disabled: true } }),
      fresh: async (context) => ({ employeeId: await newEmployee(context) }),
    },
    { route: "GET /api/employee/audit", roles: [], request: () => ({ method: "GET", url: "/api/employee/audit?objectType=employee&limit=5" }) },
  ],
};
