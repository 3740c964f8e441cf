import { z } from "zod/mini";
import { emailInputSchema } from "./account";
import { entityIdSchema } from "./catalog";
import { EMPLOYEE_ROLES, employeeRoleSchema } from "./employee";
import { idTextInput, optionalIdTextInput, safeText } from "./input";
import { accountPhoneInput } from "./profile";
import { preprocess, queryEnum, queryInt } from "./query";

/*
 * The back office's employees and audit (issue 29, admin only): the employee list, one employee,
 * adding one (an invitation letter with a set-password link: the admin never knows the password),
 * the whole-object update (name, surname, phone, roles, disabled), and the audit of every
 * back-office write, filtered by object, employee and date.
 */

const personName = (what: string, min: number) =>
  z
    .string({ error: `Укажите ${what}` })
    .check(safeText(), z.trim(), z.minLength(min, { error: `Укажите ${what}` }), z.maxLength(100, { error: "Не длиннее 100 знаков" }));

const ROLES_MESSAGE = "Выберите хотя бы одну роль: admin, manager, content, catalog, designer, prepress";

/** One or more roles, each once (the order is kept as given, duplicates dropped by the server). */
export const employeeRolesInputSchema = z
  .array(employeeRoleSchema.check(z.describe("Роль / A role")), { error: ROLES_MESSAGE })
  .check(z.minLength(1, { error: ROLES_MESSAGE }), z.maxLength(12, { error: ROLES_MESSAGE }));

export const EMPLOYEE_STATES = ["active", "disabled", "all"] as const;
export type EmployeeState = (typeof EMPLOYEE_STATES)[number];

/** An employee as the admin sees them; `GET /employee/employee/{id}`, accepted unchanged by the PUT. */
export const employeeSchema = z.object({
  id: entityIdSchema,
  email: z.string(),
  name: z.string(),
  surname: z.string(),
  /** «+7 (999) 123-45-67», null for none. */
  phone: z.nullable(z.string()),
  roles: z.array(employeeRoleSchema),
  /** Disabled: no sign-in, no session. */
  disabled: z.boolean(),
  /** When the employee was disabled (ISO), null while active. Read-only. */
  disabledAt: z.nullable(z.string()),
  /** Whether the employee has not yet set a password by the invitation's link. Read-only. */
  invitationPending: z.boolean(),
  /** ISO. Read-only. */
  createdAt: z.string(),
});
export type Employee = z.infer<typeof employeeSchema>;

export const employeeListSchema = z.array(employeeSchema);

/** `GET /employee/employee?q=&role=&state=`: by name or e-mail, by role, active / disabled / all (default all). */
export const employeeListQuerySchema = z.object({
  q: z.optional(
    preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      z.optional(z.string({ error: "Поиск — это текст" }).check(safeText(), z.trim(), z.maxLength(100, { error: "Поиск — не длиннее 100 знаков" }))),
    ),
  ),
  role: queryEnum(EMPLOYEE_ROLES, "Роль — одна из: admin, manager, content, catalog, designer, prepress"),
  state: queryEnum(EMPLOYEE_STATES, "Состояние — active, disabled или all"),
});
export type EmployeeListQuery = z.infer<typeof employeeListQuerySchema>;

/** `POST /employee/employee`: a new employee gets a letter with a link to set their password. */
export const employeeCreateSchema = z.strictObject({
  email: emailInputSchema,
  name: personName("имя", 1),
  surname: z._default(personName("фамилию", 0), ""),
  phone: z._default(z.nullable(accountPhoneInput), null),
  roles: employeeRolesInputSchema,
});
export type EmployeeCreateRequest = z.input<typeof employeeCreateSchema>;

/**
 * `PUT /employee/employee/{id}`: the whole employee. The read-only fields of the Get answer (id,
 * email, disabledAt, invitationPending, createdAt) are accepted and ignored — except `email`, which
 * must stay the same (409 otherwise: the address is the employee's sign-in, added anew for a new one).
 */
export const employeeUpdateSchema = z.strictObject({
  id: z.optional(z.number()),
  email: z.optional(z.string()),
  name: personName("имя", 1),
  surname: z._default(personName("фамилию", 0), ""),
  phone: z._default(z.nullable(accountPhoneInput), null),
  roles: employeeRolesInputSchema,
  disabled: z.boolean({ error: "disabled — да или нет (true / false)" }),
  disabledAt: z.optional(z.nullable(z.string())),
  invitationPending: z.optional(z.boolean()),
  createdAt: z.optional(z.string()),
});
export type EmployeeUpdateRequest = z.input<typeof employeeUpdateSchema>;

export const employeeIdParamsSchema = z.object({ id: idTextInput("Номер сотрудника указан неверно") });

const dateText = (messageUI: string) =>
  z.optional(
    preprocess(
      (value) => (value === "" ? undefined : value),
      z.optional(
        z
          .string({ error: messageUI })
          .check(
            z.regex(/^(19|20|21)\d{2}-\d{2}-\d{2}$/, { error: messageUI }),
            z.refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text), { error: messageUI }),
          ),
      ),
    ),
  );

export const AUDIT_PAGE_DEFAULT_LIMIT = 50;
export const AUDIT_PAGE_MAX_LIMIT = 200;

/** `GET /employee/audit?objectType=&objectId=&employeeId=&from=&to=&offset=&limit=`; dates are the shop's days (Moscow time, years 1900–2199), both inclusive. */
export const auditQuerySchema = z.object({
  objectType: z.optional(
    preprocess(
      (value) => (value === "" ? undefined : value),
      z.optional(z.string({ error: "Тип объекта — это текст" }).check(z.regex(/^[a-z][a-z-]{0,39}$/, { error: "Тип объекта — латинские буквы и дефис, например product" }))),
    ),
  ),
  objectId: z.optional(
    preprocess(
      (value) => (value === "" ? undefined : typeof value === "number" ? String(value) : value),
      z.optional(z.string({ error: "Номер объекта — это текст" }).check(safeText(), z.trim(), z.maxLength(100, { error: "Номер объекта — не длиннее 100 знаков" }))),
    ),
  ),
  employeeId: optionalIdTextInput("Сотрудник указан неверно"),
  from: dateText("Дата «с» — в виде ГГГГ-ММ-ДД"),
  to: dateText("Дата «по» — в виде ГГГГ-ММ-ДД"),
  offset: queryInt({ min: 0, max: 1_000_000, messageUI: "offset — целое число от 0" }),
  limit: queryInt({ min: 1, max: AUDIT_PAGE_MAX_LIMIT, messageUI: `limit — целое число от 1 до ${AUDIT_PAGE_MAX_LIMIT}` }),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditChangeSchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditEntrySchema = z.object({
  id: entityIdSchema,
  /** ISO. */
  at: z.string(),
  /** Who; `id` is null when the account was removed since (the name is kept). */
  employee: z.object({ id: z.nullable(entityIdSchema), name: z.string() }),
  objectType: z.string(),
  objectId: z.string(),
  action: z.string(),
  changes: z.array(auditChangeSchema),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Newest first. */
export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().check(z.int(), z.gte(0)),
  offset: z.number().check(z.int(), z.gte(0)),
  limit: z.number().check(z.int(), z.positive()),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
