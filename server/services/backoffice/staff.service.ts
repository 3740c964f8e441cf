import { and, count, desc, eq, gte, ilike, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { AUDIT_PAGE_DEFAULT_LIMIT, EMPLOYEE_ROLE_LABELS, isEmployeeRole } from "../../../shared/contracts/index";
import type { AuditPage, AuditQuery, Employee, EmployeeListQuery, EmployeeRole } from "../../../shared/contracts/index";
import type { Database, DatabaseTransaction } from "../../db/client";
import { escapeLikePattern } from "../../db/city-search";
import { account, auditEntry, emailToken, session } from "../../db/schema";
import type { AccountRow } from "../../db/schema";
import { emailLink, employeeInvitationMail, PASSWORD_RESET_PATH } from "../mail/account-mail";
import { queueMail } from "../mail/mail-outbox";
import type { MailOutbox } from "../mail/mail-outbox";
import { maskedPhone } from "../accounts/profile.service";
import { hashToken } from "../accounts/session.service";
import type { Viewer } from "../accounts/session.service";
import { ShopError } from "../shop-error";
import { auditActorOf, recordAudit } from "./audit";

/*
 * The back office's employees (issue 29): an admin adds, re-roles and disables them. A new employee
 * gets an invitation letter whose link sets their password (the password-reset link of
 * registration.service, living 72 hours); until then the account's password hash is a marker no
 * password matches. Disabling deletes the employee's sessions in the same transaction, so every
 * token they hold is dead at once; roles are read with the session, so a re-role counts from the
 * next request. The shop always keeps one active admin. Every write is audited (objectType
 * "employee", never the password hash).
 */

/** How long an invitation's link works. */
export const INVITATION_LIFETIME_MS = 72 * 60 * 60 * 1000;

/** The password hash of an employee who has not yet set a password: `verifyPassword` refuses every password for it. */
const INVITED_PREFIX = "invited$";

export interface EmployeeCreate {
  email: string;
  name: string;
  surname: string;
  phone: string | null;
  roles: EmployeeRole[];
}

export interface EmployeeUpdate {
  email?: string | undefined;
  name: string;
  surname: string;
  phone: string | null;
  roles: EmployeeRole[];
  disabled: boolean;
}

export interface StaffService {
  list(query: EmployeeListQuery): Promise<Employee[]>;
  get(id: number): Promise<Employee>;
  /** Adds the employee and queues the invitation letter. */
  create(viewer: Viewer, input: EmployeeCreate, publicOrigin: string): Promise<Employee>;
  update(viewer: Viewer, id: number, input: EmployeeUpdate): Promise<Employee>;
  audit(query: AuditQuery): Promise<AuditPage>;
}

const employeeNotFound = () =>
  new ShopError({ statusCode: 404, code: "EMPLOYEE_NOT_FOUND", messageUI: "Сотрудник не найден.", message: "No such employee" });

const emailTaken = () =>
  new ShopError({ statusCode: 409, code: "EMAIL_TAKEN", messageUI: "Сотрудник с этим адресом почты уже есть.", message: "An employee with this e-mail exists" });

const emailOfClient = () =>
  new ShopError({
    statusCode: 409,
    code: "EMAIL_BELONGS_TO_CLIENT",
    messageUI: "Этот адрес принадлежит клиенту магазина. Сотрудника добавьте с другим адресом — клиент не становится сотрудником.",
    message: "The e-mail belongs to a client account",
  });

const emailFixed = () =>
  new ShopError({
    statusCode: 409,
    code: "EMPLOYEE_EMAIL_FIXED",
    messageUI: "Адрес почты сотрудника не меняется: это его вход. Добавьте сотрудника с новым адресом и отключите прежнего.",
    message: "An employee's e-mail cannot be changed",
  });

const lastAdmin = () =>
  new ShopError({
    statusCode: 409,
    code: "LAST_ADMIN",
    messageUI: "Это последний действующий администратор: сначала назначьте администратором другого сотрудника.",
    message: "The change would leave the shop without an active admin",
  });

/** PostgreSQL's unique_violation, however the driver wraps it. */
function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as Error & { code?: unknown }).code === "23505") return true;
  }
  return false;
}

function rolesOf(row: AccountRow): EmployeeRole[] {
  return row.roles.filter(isEmployeeRole);
}

function employeeOf(row: AccountRow): Employee {
  return {
    id: row.id,
    email: row.email ?? "",
    name: row.name,
    surname: row.surname,
    phone: row.phone,
    roles: rolesOf(row),
    disabled: row.disabledAt !== null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    invitationPending: (row.passwordHash ?? "").startsWith(INVITED_PREFIX),
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit keeps of an employee: the fields an admin changes (no password hash, no tokens). */
function audited(employee: Employee): Record<string, unknown> {
  return { email: employee.email, name: employee.name, surname: employee.surname, phone: employee.phone, roles: employee.roles, disabled: employee.disabled };
}

/** Each role once, in the shop's order. */
function normalRoles(roles: readonly EmployeeRole[]): EmployeeRole[] {
  return (Object.keys(EMPLOYEE_ROLE_LABELS) as EmployeeRole[]).filter((role) => roles.includes(role));
}

/** The start of a shop day (Moscow, UTC+3 all year) as an instant. */
function shopDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+03:00`);
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function createStaffService(db: Database, deps: { outbox: MailOutbox }): StaffService {
  async function load(id: number, tx: Pick<Database, "select"> = db): Promise<AccountRow> {
    const [row] = await tx
      .select()
      .from(account)
      .where(and(eq(account.id, id), eq(account.typeUser, "employee"), eq(account.temporary, false)))
      .limit(1);
    if (!row) throw employeeNotFound();
    return row;
  }

  /** Refuses a change that leaves no active admin (the admins' rows are locked, so two such changes cannot pass together). */
  async function keepAnAdmin(tx: DatabaseTransaction, id: number): Promise<void> {
    const others = await tx
      .select({ id: account.id })
      .from(account)
      .where(and(eq(account.typeUser, "employee"), isNull(account.disabledAt), sql`'admin' = ANY(${account.roles})`, ne(account.id, id)))
      .for("update");
    if (others.length === 0) throw lastAdmin();
  }

  return {
    async list(query) {
      const conditions: (SQL | undefined)[] = [eq(account.typeUser, "employee"), eq(account.temporary, false)];
      if (query.q) {
        const pattern = `%${escapeLikePattern(query.q)}%`;
        conditions.push(
          or(ilike(account.name, pattern), ilike(account.surname, pattern), ilike(account.email, pattern), ilike(sql`${account.name} || ' ' || ${account.surname}`, pattern)),
        );
      }
      if (query.role) conditions.push(sql`${query.role} = ANY(${account.roles})`);
      if (query.state === "active") conditions.push(isNull(account.disabledAt));
      if (query.state === "disabled") conditions.push(isNotNull(account.disabledAt));
      const rows = await db
        .select()
        .from(account)
        .where(and(...conditions))
        .orderBy(account.surname, account.name, account.id)
        .limit(1000);
      return rows.map(employeeOf);
    },

    async get(id) {
      return employeeOf(await load(id));
    },

    async create(viewer, input, publicOrigin) {
      const phone = input.phone === null ? null : maskedPhone(input.phone);
      const roles = normalRoles(input.roles);
      const token = randomBytes(32).toString("base64url");
      const created = await db
        .transaction(async (tx) => {
          const [existing] = await tx.select({ typeUser: account.typeUser }).from(account).where(eq(account.email, input.email)).limit(1);
          if (existing) throw existing.typeUser === "client" ? emailOfClient() : emailTaken();
          const [row] = await tx
            .insert(account)
            .values({
              email: input.email,
              passwordHash: `${INVITED_PREFIX}${randomBytes(24).toString("base64url")}`,
              typeUser: "employee",
              name: input.name,
              surname: input.surname,
              phone,
              roles,
            })
            .returning();
          if (!row) throw new Error("The employee was not inserted");
          await tx.insert(emailToken).values({
            accountId: row.id,
            purpose: "reset_password",
            tokenHash: hashToken(token),
            expiresAt: new Date(Date.now() + INVITATION_LIFETIME_MS),
          });
          const roleNames = roles.map((role) => EMPLOYEE_ROLE_LABELS[role]).join(", ");
          await queueMail(tx, employeeInvitationMail(input.email, input.name, emailLink(publicOrigin, PASSWORD_RESET_PATH, token), roleNames));
          const employee = employeeOf(row);
          await recordAudit(tx, auditActorOf(viewer), { objectType: "employee", objectId: row.id, action: "create", before: null, after: audited(employee) });
          return employee;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw emailTaken();
          throw error;
        });
      deps.outbox.wake();
      return created;
    },

    async update(viewer, id, input) {
      const phone = input.phone === null ? null : maskedPhone(input.phone);
      const roles = normalRoles(input.roles);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(account)
          .where(and(eq(account.id, id), eq(account.typeUser, "employee"), eq(account.temporary, false)))
          .limit(1)
          .for("update");
        if (!row) throw employeeNotFound();
        if (input.email !== undefined && input.email.trim().toLowerCase() !== row.email) throw emailFixed();
        const wasActiveAdmin = row.disabledAt === null && row.roles.includes("admin");
        const staysActiveAdmin = !input.disabled && roles.includes("admin");
        if (wasActiveAdmin && !staysActiveAdmin) await keepAnAdmin(tx, id);
        const disabledAt = input.disabled ? (row.disabledAt ?? new Date()) : null;
        const [updated] = await tx
          .update(account)
          .set({ name: input.name, surname: input.surname, phone, roles, disabledAt })
          .where(eq(account.id, id))
          .returning();
        if (!updated) throw employeeNotFound();
        // Disabled: every session of the employee ends now, in this transaction.
        if (input.disabled) await tx.delete(session).where(eq(session.accountId, id));
        const before = employeeOf(row);
        const after = employeeOf(updated);
        const action = before.disabled === after.disabled ? "update" : after.disabled ? "disable" : "enable";
        await recordAudit(tx, auditActorOf(viewer), { objectType: "employee", objectId: id, action, before: audited(before), after: audited(after) });
        return after;
      });
    },

    async audit(query) {
      const conditions: (SQL | undefined)[] = [];
      if (query.objectType) conditions.push(eq(auditEntry.objectType, query.objectType));
      if (query.objectId) conditions.push(eq(auditEntry.objectId, query.objectId));
      if (query.employeeId) conditions.push(eq(auditEntry.employeeId, query.employeeId));
      if (query.from) conditions.push(gte(auditEntry.at, shopDayStart(query.from)));
      if (query.to) conditions.push(lt(auditEntry.at, new Date(shopDayStart(query.to).getTime() + DAY_MS)));
      const where = and(...conditions);
      const offset = query.offset ?? 0;
      const limit = query.limit ?? AUDIT_PAGE_DEFAULT_LIMIT;
      const [rows, [total]] = await Promise.all([
        db.select().from(auditEntry).where(where).orderBy(desc(auditEntry.at), desc(auditEntry.id)).offset(offset).limit(limit),
        db.select({ value: count() }).from(auditEntry).where(where),
      ]);
      return {
        items: rows.map((row) => ({
          id: row.id,
          at: row.at.toISOString(),
          employee: { id: row.employeeId, name: row.employeeName },
          objectType: row.objectType,
          objectId: row.objectId,
          action: row.action,
          changes: row.changes,
        })),
        total: total?.value ?? 0,
        offset,
        limit,
      };
    },
  };
}
