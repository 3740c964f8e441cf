import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditPageSchema, devMailListSchema, employeeListSchema, employeeSchema, sessionGrantSchema } from "../../shared/contracts/index";
import type { AuditPage, Employee, EmployeeCreateRequest } from "../../shared/contracts/index";
import { DEMO_ACCOUNTS } from "../../server/seed/demo-data";
import { callerOf, loginToken, problemOf } from "./support/api-calls";
import { startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * The back office's employees and audit (issue 29) through the API on a real database: an admin
 * adds an employee who sets their password by the invitation's link, re-roles them (the next call
 * counts), disables them (their token is dead at once, sign-in is 403), cannot leave the shop
 * without an active admin, and every write is in the audit, found by object, employee and day.
 */

let testApp: TestApp;
const call = callerOf(() => testApp.app);
let adminToken: string;
let adminId: number;

beforeAll(async () => {
  testApp = await startTestApp({ mail: { settings: { pollMs: 60_000 } } });
  adminToken = await loginToken(testApp.app, DEMO_ACCOUNTS.employee.email, DEMO_ACCOUNTS.employee.password);
  const profile = await call({ method: "GET", url: "/api/account/profile", token: adminToken });
  adminId = (profile.json() as { id: number }).id;
});
afterAll(async () => {
  await testApp.close();
});

let counter = 0;
function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${counter}-${Date.now()}@ottisk.example`;
}

async function create(body: EmployeeCreateRequest): Promise<Employee> {
  const response = await call({ method: "POST", url: "/api/employee/employee", payload: body, token: adminToken });
  expect(response.statusCode, response.body).toBe(201);
  return employeeSchema.parse(response.json());
}

async function get(id: number): Promise<Employee> {
  const response = await call({ method: "GET", url: `/api/employee/employee/${id}`, token: adminToken });
  expect(response.statusCode, response.body).toBe(200);
  return employeeSchema.parse(response.json());
}

function put(id: number, body: unknown, token = adminToken) {
  return call({ method: "PUT", url: `/api/employee/employee/${id}`, payload: body as Record<string, unknown>, token });
}

async function audit(query: string): Promise<AuditPage> {
  const response = await call({ method: "GET", url: `/api/employee/audit?${query}`, token: adminToken });
  expect(response.statusCode, response.body).toBe(200);
  return auditPageSchema.parse(response.json());
}

/** Follows the newest letter's link: sets the password and gives the session token. */
async function acceptInvitation(email: string, password: string): Promise<string> {
  const letters = devMailListSchema.parse((await call({ method: "GET", url: `/api/dev/mail.json?to=${encodeURIComponent(email)}` })).json());
  const link = letters[0]?.link;
  expect(link, "the invitation has a link").toBeTruthy();
  const token = new URL(link ?? "").searchParams.get("token") ?? "";
  const response = await call({ method: "POST", url: "/api/auth/password-reset", payload: { token, password } });
  expect(response.statusCode, response.body).toBe(200);
  return sessionGrantSchema.parse(response.json()).token;
}

describe("employees", () => {
  it("adds an employee who sets their own password by the invitation and signs in", async () => {
    const email = uniqueEmail("olga");
    const employee = await create({ email: email.toUpperCase(), name: "Ольга", surname: "Лебедева", phone: "8 918 555 12 34", roles: ["catalog", "catalog"] });
    expect(employee).toMatchObject({ email, name: "Ольга", surname: "Лебедева", phone: "+7 918 555-12-34", roles: ["catalog"], disabled: false, invitationPending: true });
    // No password works before the link is followed.
    const early = await call({ method: "POST", url: "/api/auth/login", payload: { email, password: "anything-1234", rememberMe: false } });
    expect(early.statusCode).toBe(401);
    const letters = devMailListSchema.parse((await call({ method: "GET", url: `/api/dev/mail.json?to=${encodeURIComponent(email)}` })).json());
    expect(letters[0]?.subject).toContain("Приглашение");
    expect(letters[0]?.link).toMatch(/\/admin\/auth\/password-reset\?token=/);
    const token = await acceptInvitation(email, "katalog-2026");
    const profile = await call({ method: "GET", url: "/api/account/profile", token });
    expect(profile.json()).toMatchObject({ email, typeUser: "employee", roles: ["catalog"] });
    expect((await get(employee.id)).invitationPending).toBe(false);
    await loginToken(testApp.app, email, "katalog-2026");
  });

  it("refuses an e-mail that is an employee's or a client's, and a missing role", async () => {
    const taken = await call({ method: "POST", url: "/api/employee/employee", payload: { email: DEMO_ACCOUNTS.sales.email, name: "Ещё", roles: ["manager"] }, token: adminToken });
    expect(taken.statusCode).toBe(409);
    expect(problemOf(taken).code).toBe("EMAIL_TAKEN");
    const client = await call({ method: "POST", url: "/api/employee/employee", payload: { email: DEMO_ACCOUNTS.client.email, name: "Клиент", roles: ["manager"] }, token: adminToken });
    expect(client.statusCode).toBe(409);
    expect(problemOf(client).code).toBe("EMAIL_BELONGS_TO_CLIENT");
    expect(problemOf(client).messageUI).toContain("клиент");
    const noRole = await call({ method: "POST", url: "/api/employee/employee", payload: { email: uniqueEmail("x"), name: "Без роли", roles: [] }, token: adminToken });
    expect(noRole.statusCode).toBe(400);
    expect(problemOf(noRole).messageUI).toContain("хотя бы одну роль");
  });

  it("takes the Get answer back unchanged, refuses unknown fields and a new e-mail", async () => {
    const employee = await create({ email: uniqueEmail("same"), name: "Пётр", roles: ["designer"] });
    const same = await put(employee.id, await get(employee.id));
    expect(same.statusCode, same.body).toBe(200);
    expect(employeeSchema.parse(same.json())).toEqual(employee);
    const unknown = await put(employee.id, { ...employee, salary: 1 });
    expect(unknown.statusCode).toBe(400);
    const email = await put(employee.id, { ...employee, email: uniqueEmail("other") });
    expect(email.statusCode).toBe(409);
    expect(problemOf(email).code).toBe("EMPLOYEE_EMAIL_FIXED");
    // Nothing changed: no audit entry for the unchanged PUT.
    const entries = await audit(`objectType=employee&objectId=${employee.id}`);
    expect(entries.items.map((entry) => entry.action)).toEqual(["create"]);
  });

  it("re-roles: the employee's next call counts with the new roles", async () => {
    const email = uniqueEmail("rerole");
    const employee = await create({ email, name: "Иван", roles: ["manager"] });
    const token = await acceptInvitation(email, "menedzher-2026");
    expect((await call({ method: "GET", url: "/api/employee/order", token })).statusCode).toBe(200);
    const changed = await put(employee.id, { ...employee, roles: ["catalog"] });
    expect(changed.statusCode, changed.body).toBe(200);
    const refused = await call({ method: "GET", url: "/api/employee/order", token });
    expect(refused.statusCode).toBe(403);
    expect(problemOf(refused).code).toBe("EMPLOYEE_ROLE_MISSING");
    const [entry] = (await audit(`objectType=employee&objectId=${employee.id}`)).items;
    expect(entry).toMatchObject({ action: "update", employee: { id: adminId }, changes: [{ field: "roles", before: ["manager"], after: ["catalog"] }] });
  });

  it("disables: the employee's token is refused at once, sign-in is 403; enabling lets them in again", async () => {
    const email = uniqueEmail("off");
    const employee = await create({ email, name: "Светлана", roles: ["content"] });
    const token = await acceptInvitation(email, "kontent-2026");
    expect((await call({ method: "GET", url: "/api/account/profile", token })).statusCode).toBe(200);
    const disabled = await put(employee.id, { ...employee, disabled: true });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(employeeSchema.parse(disabled.json())).toMatchObject({ disabled: true, disabledAt: expect.any(String) });
    expect((await call({ method: "GET", url: "/api/account/profile", token })).statusCode).toBe(401);
    const login = await call({ method: "POST", url: "/api/auth/login", payload: { email, password: "kontent-2026", rememberMe: false } });
    expect(login.statusCode).toBe(403);
    expect(problemOf(login).code).toBe("ACCOUNT_DISABLED");
    const listed = employeeListSchema.parse((await call({ method: "GET", url: "/api/employee/employee?state=disabled", token: adminToken })).json());
    expect(listed.map((one) => one.id)).toContain(employee.id);
    expect(listed.every((one) => one.disabled)).toBe(true);
    const enabled = await put(employee.id, { ...employeeSchema.parse(disabled.json()), disabled: false });
    expect(enabled.statusCode, enabled.body).toBe(200);
    await loginToken(testApp.app, email, "kontent-2026");
    const actions = (await audit(`objectType=employee&objectId=${employee.id}`)).items.map((entry) => entry.action);
    expect(actions).toEqual(["enable", "disable", "create"]);
  });

  it("lists by search, role and state", async () => {
    const email = uniqueEmail("zinaida");
    await create({ email, name: "Зинаида", surname: "Прохорова", roles: ["prepress"] });
    const found = employeeListSchema.parse((await call({ method: "GET", url: "/api/employee/employee?q=прохоров&role=prepress&state=active", token: adminToken })).json());
    expect(found.map((one) => one.email)).toEqual([email]);
    const admins = employeeListSchema.parse((await call({ method: "GET", url: "/api/employee/employee?role=admin", token: adminToken })).json());
    expect(admins.map((one) => one.email)).toContain(DEMO_ACCOUNTS.employee.email);
    expect(admins.every((one) => one.roles.includes("admin"))).toBe(true);
  });
});

describe("the audit", () => {
  it("finds entries by employee and by the shop's day, newest first, without password hashes", async () => {
    const employee = await create({ email: uniqueEmail("audit"), name: "Аудит", roles: ["designer"] });
    const page = await audit(`employeeId=${adminId}&objectType=employee`);
    expect(page.items[0]).toMatchObject({ objectType: "employee", objectId: String(employee.id), action: "create", employee: { id: adminId, name: "Мария Кузнецова" } });
    expect(page.items[0]?.changes.map((change) => change.field)).toEqual(["email", "name", "surname", "roles", "disabled"]);
    expect(JSON.stringify(page.items)).not.toMatch(/scrypt|invited\$|passwordHash/);
    const ids = page.items.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const moscowToday = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    expect((await audit(`from=${moscowToday}&to=${moscowToday}&objectType=employee`)).total).toBe(page.total);
    expect((await audit(`to=2020-01-01`)).total).toBe(0);
    expect((await audit(`from=2199-01-01`)).total).toBe(0);
    const other = await loginToken(testApp.app, DEMO_ACCOUNTS.sales.email, DEMO_ACCOUNTS.sales.password);
    const salesId = (((await call({ method: "GET", url: "/api/account/profile", token: other })).json()) as { id: number }).id;
    expect((await audit(`employeeId=${salesId}`)).total).toBe(0);
    const paged = await audit(`objectType=employee&limit=1&offset=1`);
    expect(paged.items[0]?.id).toBe(page.items[1]?.id);
    const bad = await call({ method: "GET", url: "/api/employee/audit?from=28.11.2026", token: adminToken });
    expect(bad.statusCode).toBe(400);
    expect(problemOf(bad).messageUI).toContain("ГГГГ-ММ-ДД");
  });
});

describe("the last admin", () => {
  it("cannot disable or un-admin themself while no other admin is active; can once another is", async () => {
    const self = await get(adminId);
    const off = await put(adminId, { ...self, disabled: true });
    expect(off.statusCode).toBe(409);
    expect(problemOf(off).code).toBe("LAST_ADMIN");
    expect(problemOf(off).messageUI).toContain("последний");
    const demoted = await put(adminId, { ...self, roles: ["manager"] });
    expect(demoted.statusCode).toBe(409);
    expect((await call({ method: "GET", url: "/api/employee/audit", token: adminToken })).statusCode).toBe(200);
    await create({ email: uniqueEmail("second-admin"), name: "Второй", roles: ["admin"] });
    const now = await put(adminId, { ...self, roles: ["manager"] });
    expect(now.statusCode, now.body).toBe(200);
    expect((await call({ method: "GET", url: "/api/employee/audit", token: adminToken })).statusCode).toBe(403);
  });
});
