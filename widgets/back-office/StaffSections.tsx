import { useSetAtom } from "jotai/react";
import { useId, useState } from "react";
import type { FormEvent, ReactNode } from "react";
import { AUDIT_PAGE_DEFAULT_LIMIT, EMPLOYEE_ROLE_LABELS, EMPLOYEE_ROLES } from "../../shared/contracts/index";
import type { AuditChange, AuditEntry, AuditQuery, Employee, EmployeeRole } from "../../shared/contracts/index";
import { backOfficePath, formatDateTime } from "../../shared/domain/index";
import { createStaffEmployeeAtom, updateStaffEmployeeAtom, useAuditPage, useShowFailure, useStaffEmployee, useStaffEmployees } from "../../shared/state/index";
import type { Resource } from "../../shared/state/index";
import { Dialog, ErrorNote, LoadError } from "../../shared/ui/index";
import type { SectionProps } from "./section-props";

/*
 * The back office's employees and audit sections (issue 29, admin only): the employee list with
 * its filters in the address, the new employee's form (the invitation letter goes to them), one
 * employee's form with «Отключить» / «Включить», and the audit — filters in the address
 * (?objectType=&objectId=&employeeId=&from=&to=&page=), so any section can link to one object's
 * entries with backOfficePath("audit", null, { objectType: "product", objectId: "7" }).
 */

const STATE_LABELS = { all: "Все", active: "Работают", disabled: "Отключены" } as const;

/** The audit's object types as the back office names them (an unknown type shows as it is). */
const OBJECT_TYPE_LABELS: Readonly<Record<string, string>> = {
  category: "Категория",
  product: "Товар",
  "website-page": "Страница",
  "site-block": "Блок сайта",
  promocode: "Промокод",
  "pickup-point": "Пункт самовывоза",
  employee: "Сотрудник",
  "design-order": "Заказ дизайна",
  layout: "Макет",
  "catalog-import": "Импорт каталога",
  "layout-design-template": "Шаблон конструктора",
};

const ACTION_LABELS: Readonly<Record<string, string>> = {
  create: "создание",
  update: "изменение",
  archive: "архив",
  disable: "отключение",
  enable: "включение",
  import: "импорт",
  delete: "удаление",
  // Design orders (server/services/backoffice/design.service.ts, files/design*.service.ts).
  take: "взят в работу",
  "upload-layout": "загружен макет",
  message: "сообщение клиенту",
  "status:in_work": "снова в работе",
  "status:done": "готов",
  "status:cancelled": "отменён",
};

function whenReady<T>(resource: Resource<T>, what: string, reload: () => void, show: (data: T) => ReactNode): ReactNode {
  if (resource.status === "loading") return <p className="employee-panel__loading">Загружаем {what}…</p>;
  if (resource.status === "error") return <LoadError messageUI={resource.messageUI} onRetry={resource.httpStatus === 404 ? undefined : reload} />;
  return show(resource.data);
}

function fullName(employee: Pick<Employee, "name" | "surname">): string {
  return `${employee.surname} ${employee.name}`.trim();
}

function rolesText(roles: readonly EmployeeRole[]): string {
  return roles.map((role) => EMPLOYEE_ROLE_LABELS[role]).join(", ");
}

/** A value of the audit, briefly: JSON, cut at 80 characters; nothing is «—». */
function briefValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

// ---------------------------------------------------------------------------------------------
// Employees

export function EmployeesSection({ route, profile }: SectionProps) {
  if (route.id === "new") return <EmployeeCreatePage />;
  if (typeof route.id === "number") return <EmployeePage id={route.id} selfId={profile.id} />;
  return <EmployeeListPage query={route.query} />;
}

function EmployeeListPage({ query }: { query: Readonly<Record<string, string>> }) {
  const q = query.q ?? "";
  const role = EMPLOYEE_ROLES.find((one) => one === query.role);
  const state = query.state === "active" || query.state === "disabled" ? query.state : "all";
  const { employees, reload } = useStaffEmployees({ q: q === "" ? undefined : q, role, state });
  const captionId = useId();
  const qId = useId();
  const roleId = useId();
  const stateId = useId();
  return (
    <div className="employee-panel staff-section">
      <h2>Сотрудники</h2>
      <p>
        <a className="ottisk-button" href={backOfficePath("employees", "new")}>
          Добавить сотрудника
        </a>
      </p>
      <form className="employee-filters" method="get" action={backOfficePath("employees")} aria-label="Отбор сотрудников">
        <div className="employee-filters__field employee-filters__field--wide">
          <label htmlFor={qId}>Имя, фамилия или почта</label>
          <input id={qId} className="ottisk-input" name="q" type="search" defaultValue={q} />
        </div>
        <div className="employee-filters__field">
          <label htmlFor={roleId}>Роль</label>
          <select id={roleId} className="ottisk-input" name="role" defaultValue={role ?? ""}>
            <option value="">Любая</option>
            {EMPLOYEE_ROLES.map((one) => (
              <option key={one} value={one}>
                {EMPLOYEE_ROLE_LABELS[one]}
              </option>
            ))}
          </select>
        </div>
        <div className="employee-filters__field">
          <label htmlFor={stateId}>Состояние</label>
          <select id={stateId} className="ottisk-input" name="state" defaultValue={state}>
            {(Object.keys(STATE_LABELS) as (keyof typeof STATE_LABELS)[]).map((one) => (
              <option key={one} value={one}>
                {STATE_LABELS[one]}
              </option>
            ))}
          </select>
        </div>
        <div className="employee-filters__actions">
          <button type="submit" className="ottisk-button ottisk-button--quiet">
            Показать
          </button>
        </div>
      </form>
      {whenReady(employees, "сотрудников", reload, (list) =>
        list.length === 0 ? (
          <p>Таких сотрудников нет.</p>
        ) : (
          <div className="employee-table" role="region" aria-labelledby={captionId} tabIndex={0}>
            <table>
              <caption id={captionId}>Сотрудники: {list.length}</caption>
              <thead>
                <tr>
                  <th scope="col">Сотрудник</th>
                  <th scope="col">Почта</th>
                  <th scope="col">Роли</th>
                  <th scope="col">Состояние</th>
                </tr>
              </thead>
              <tbody>
                {list.map((employee) => (
                  <tr key={employee.id}>
                    <td>
                      <a href={backOfficePath("employees", employee.id)}>{fullName(employee) || employee.email}</a>
                    </td>
                    <td>{employee.email}</td>
                    <td>{rolesText(employee.roles)}</td>
                    <td>{employee.disabled ? "Отключён" : employee.invitationPending ? "Приглашён, пароль не задан" : "Работает"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ),
      )}
    </div>
  );
}

interface EmployeeFields {
  name: string;
  surname: string;
  phone: string;
  roles: EmployeeRole[];
}

/** Name, surname, phone and the roles as checkboxes: the new employee's form and one employee's. */
function EmployeeFieldset({ fields, onChange, email }: { fields: EmployeeFields; onChange: (fields: EmployeeFields) => void; email: ReactNode }) {
  const nameId = useId();
  const surnameId = useId();
  const phoneId = useId();
  return (
    <>
      {email}
      <div className="staff-form__field">
        <label htmlFor={nameId}>Имя</label>
        <input id={nameId} className="ottisk-input" required maxLength={100} value={fields.name} onChange={(event) => onChange({ ...fields, name: event.target.value })} />
      </div>
      <div className="staff-form__field">
        <label htmlFor={surnameId}>Фамилия</label>
        <input id={surnameId} className="ottisk-input" maxLength={100} value={fields.surname} onChange={(event) => onChange({ ...fields, surname: event.target.value })} />
      </div>
      <div className="staff-form__field">
        <label htmlFor={phoneId}>Телефон</label>
        <input id={phoneId} className="ottisk-input" type="tel" maxLength={30} placeholder="+7 999 123-45-67" value={fields.phone} onChange={(event) => onChange({ ...fields, phone: event.target.value })} />
      </div>
      <fieldset className="staff-form__roles">
        <legend>Роли</legend>
        {EMPLOYEE_ROLES.map((role) => (
          <label key={role} className="staff-form__role">
            <input
              type="checkbox"
              name="roles"
              value={role}
              checked={fields.roles.includes(role)}
              onChange={(event) => onChange({ ...fields, roles: event.target.checked ? [...fields.roles, role] : fields.roles.filter((one) => one !== role) })}
            />{" "}
            {EMPLOYEE_ROLE_LABELS[role]}
          </label>
        ))}
      </fieldset>
    </>
  );
}

function EmployeeCreatePage() {
  const create = useSetAtom(createStaffEmployeeAtom);
  const showFailure = useShowFailure();
  const [email, setEmail] = useState("");
  const [fields, setFields] = useState<EmployeeFields>({ name: "", surname: "", phone: "", roles: [] });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<Employee | null>(null);
  const emailId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (fields.roles.length === 0) {
      setError("Выберите хотя бы одну роль.");
      return;
    }
    setBusy(true);
    setError(null);
    create({ email, name: fields.name, surname: fields.surname, phone: fields.phone.trim() === "" ? null : fields.phone, roles: fields.roles })
      .then((employee) => {
        setBusy(false);
        setCreated(employee);
      })
      .catch((failure: unknown) => {
        setBusy(false);
        showFailure(failure, (text) => setError(text));
      });
  };
  return (
    <div className="employee-panel staff-section">
      <p className="employee-panel__back">
        <a href={backOfficePath("employees")}>← Все сотрудники</a>
      </p>
      <h2>Новый сотрудник</h2>
      {created ? (
        <div role="status">
          <p className="employee-panel__done">
            Сотрудник добавлен. Приглашение со ссылкой для пароля отправлено на {created.email}.
          </p>
          <p>
            <a href={backOfficePath("employees", created.id)}>Открыть карточку сотрудника</a>
          </p>
        </div>
      ) : (
        <form className="staff-form" onSubmit={submit} aria-label="Новый сотрудник">
          <p>Сотрудник получит письмо со ссылкой и сам задаст пароль; администратор пароля не знает.</p>
          <EmployeeFieldset
            fields={fields}
            onChange={setFields}
            email={
              <div className="staff-form__field">
                <label htmlFor={emailId}>Почта (вход в магазин)</label>
                <input id={emailId} className="ottisk-input" type="email" required maxLength={254} value={email} onChange={(event) => setEmail(event.target.value)} />
              </div>
            }
          />
          <ErrorNote className="employee-panel__error" message={error} />
          <div className="employee-filters__actions">
            <button type="submit" className="ottisk-button" disabled={busy}>
              {busy ? "Добавляем…" : "Добавить и пригласить"}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

function EmployeePage({ id, selfId }: { id: number; selfId: number }) {
  const { employee, reload } = useStaffEmployee(id);
  return (
    <div className="employee-panel staff-section">
      <p className="employee-panel__back">
        <a href={backOfficePath("employees")}>← Все сотрудники</a>
      </p>
      {whenReady(employee ?? { status: "loading" }, "сотрудника", reload, (data) => (
        <EmployeeEditor key={`${data.id}:${data.disabled}`} employee={data} self={data.id === selfId} />
      ))}
    </div>
  );
}

function EmployeeEditor({ employee, self }: { employee: Employee; self: boolean }) {
  const update = useSetAtom(updateStaffEmployeeAtom);
  const showFailure = useShowFailure();
  const [fields, setFields] = useState<EmployeeFields>({ name: employee.name, surname: employee.surname, phone: employee.phone ?? "", roles: employee.roles });
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const save = (disabled: boolean, message: string) => {
    if (fields.roles.length === 0) {
      setError("Выберите хотя бы одну роль.");
      return;
    }
    setBusy(true);
    setError(null);
    setDone(null);
    update({ id: employee.id, employee: { ...employee, name: fields.name, surname: fields.surname, phone: fields.phone.trim() === "" ? null : fields.phone, roles: fields.roles, disabled } })
      .then(() => {
        setBusy(false);
        setConfirming(false);
        setDone(message);
      })
      .catch((failure: unknown) => {
        setBusy(false);
        setConfirming(false);
        showFailure(failure, (text) => setError(text));
      });
  };
  return (
    <>
      <h2>{fullName(employee) || employee.email}</h2>
      <p>
        {employee.disabled ? `Отключён ${employee.disabledAt ? formatDateTime(employee.disabledAt) : ""}` : employee.invitationPending ? "Приглашён, пароль ещё не задан" : "Работает"}
        {self ? " · это вы" : ""}
      </p>
      <form
        className="staff-form"
        aria-label="Данные сотрудника"
        onSubmit={(event) => {
          event.preventDefault();
          save(employee.disabled, "Изменения сохранены. Новые роли действуют с ближайшего действия сотрудника.");
        }}
      >
        <EmployeeFieldset
          fields={fields}
          onChange={setFields}
          email={
            <p className="staff-form__field">
              <span>Почта (вход в магазин)</span> <strong>{employee.email}</strong>
            </p>
          }
        />
        <ErrorNote className="employee-panel__error" message={error} />
        <p className="employee-panel__done" role="status">
          {done ?? ""}
        </p>
        <div className="employee-filters__actions">
          <button type="submit" className="ottisk-button" disabled={busy}>
            Сохранить
          </button>
          <button type="button" className="ottisk-button ottisk-button--quiet" disabled={busy} onClick={() => setConfirming(true)}>
            {employee.disabled ? "Включить" : "Отключить"}
          </button>
        </div>
      </form>
      <p>
        <a href={backOfficePath("audit", null, { objectType: "employee", objectId: String(employee.id) })}>Журнал изменений этого сотрудника</a> ·{" "}
        <a href={backOfficePath("audit", null, { employeeId: String(employee.id) })}>Что менял этот сотрудник</a>
      </p>
      <Dialog open={confirming} title={employee.disabled ? "Включить сотрудника?" : "Отключить сотрудника?"} onClose={() => setConfirming(false)}>
        <p>
          {employee.disabled
            ? `${fullName(employee) || employee.email} снова сможет войти со своим паролем.`
            : `${fullName(employee) || employee.email} сразу выйдет со всех устройств и не сможет войти, пока его не включат.`}
        </p>
        <div className="employee-dialog__actions">
          <button
            type="button"
            className="ottisk-button"
            disabled={busy}
            onClick={() => save(!employee.disabled, employee.disabled ? "Сотрудник включён." : "Сотрудник отключён: все его сеансы завершены.")}
          >
            {employee.disabled ? "Да, включить" : "Да, отключить"}
          </button>
          <button type="button" className="ottisk-button ottisk-button--quiet" disabled={busy} onClick={() => setConfirming(false)}>
            Отмена
          </button>
        </div>
      </Dialog>
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// The audit

/** The audit's filters as the address keeps them. */
function auditQueryOf(query: Readonly<Record<string, string>>): { filters: AuditQuery; page: number } {
  const page = Math.max(0, Math.min(10_000, Number.parseInt(query.page ?? "0", 10) || 0));
  const employeeId = Number.parseInt(query.employeeId ?? "", 10);
  const day = (text: string | undefined) => (text && /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : undefined);
  const filters: AuditQuery = {
    objectType: query.objectType && /^[a-z][a-z-]{0,39}$/.test(query.objectType) ? query.objectType : undefined,
    objectId: query.objectId ? query.objectId.slice(0, 100) : undefined,
    employeeId: Number.isInteger(employeeId) && employeeId > 0 ? employeeId : undefined,
    from: day(query.from),
    to: day(query.to),
    offset: page * AUDIT_PAGE_DEFAULT_LIMIT,
    limit: AUDIT_PAGE_DEFAULT_LIMIT,
  };
  return { filters, page };
}

function auditPath(filters: AuditQuery, page: number): string {
  const query: Record<string, string> = {
    objectType: filters.objectType ?? "",
    objectId: filters.objectId ?? "",
    employeeId: filters.employeeId ? String(filters.employeeId) : "",
    from: filters.from ?? "",
    to: filters.to ?? "",
    page: page > 0 ? String(page) : "",
  };
  return backOfficePath("audit", null, query);
}

export function AuditSection({ route }: SectionProps) {
  const { filters, page } = auditQueryOf(route.query);
  const { audit, reload } = useAuditPage(filters);
  const { employees } = useStaffEmployees({ state: "all" });
  const captionId = useId();
  const ids = { employee: useId(), type: useId(), object: useId(), from: useId(), to: useId() };
  const known = Object.keys(OBJECT_TYPE_LABELS);
  return (
    <div className="employee-panel staff-section">
      <h2>Журнал изменений</h2>
      <form className="employee-filters" method="get" action={backOfficePath("audit")} aria-label="Отбор записей журнала">
        <div className="employee-filters__field">
          <label htmlFor={ids.employee}>Сотрудник</label>
          <select id={ids.employee} className="ottisk-input" name="employeeId" defaultValue={filters.employeeId ? String(filters.employeeId) : ""}>
            <option value="">Все</option>
            {employees.status === "ready"
              ? employees.data.map((employee) => (
                  <option key={employee.id} value={employee.id}>
                    {fullName(employee) || employee.email}
                  </option>
                ))
              : filters.employeeId ? <option value={filters.employeeId}>№ {filters.employeeId}</option> : null}
          </select>
        </div>
        <div className="employee-filters__field">
          <label htmlFor={ids.type}>Что менялось</label>
          <select id={ids.type} className="ottisk-input" name="objectType" defaultValue={filters.objectType ?? ""}>
            <option value="">Всё</option>
            {[...known, ...(filters.objectType && !known.includes(filters.objectType) ? [filters.objectType] : [])].map((type) => (
              <option key={type} value={type}>
                {OBJECT_TYPE_LABELS[type] ?? type}
              </option>
            ))}
          </select>
        </div>
        <div className="employee-filters__field">
          <label htmlFor={ids.object}>Номер объекта</label>
          <input id={ids.object} className="ottisk-input" name="objectId" maxLength={100} defaultValue={filters.objectId ?? ""} />
        </div>
        <div className="employee-filters__field">
          <label htmlFor={ids.from}>С даты</label>
          <input id={ids.from} className="ottisk-input" name="from" type="date" defaultValue={filters.from ?? ""} />
        </div>
        <div className="employee-filters__field">
          <label htmlFor={ids.to}>По дату</label>
          <input id={ids.to} className="ottisk-input" name="to" type="date" defaultValue={filters.to ?? ""} />
        </div>
        <div className="employee-filters__actions">
          <button type="submit" className="ottisk-button ottisk-button--quiet">
            Показать
          </button>
          <a className="ottisk-button ottisk-button--quiet" href={backOfficePath("audit")}>
            Сбросить
          </a>
        </div>
      </form>
      {whenReady(audit, "журнал", reload, (result) => {
        const pages = Math.max(1, Math.ceil(result.total / AUDIT_PAGE_DEFAULT_LIMIT));
        return result.items.length === 0 ? (
          <p>Записей нет.</p>
        ) : (
          <>
            <div className="employee-table" role="region" aria-labelledby={captionId} tabIndex={0}>
              <table className="staff-audit">
                <caption id={captionId}>
                  Записи: {result.total}, страница {page + 1} из {pages}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Когда</th>
                    <th scope="col">Сотрудник</th>
                    <th scope="col">Объект</th>
                    <th scope="col">Действие</th>
                    <th scope="col">Изменения</th>
                  </tr>
                </thead>
                <tbody>
                  {result.items.map((entry) => (
                    <AuditRow key={entry.id} entry={entry} filters={filters} />
                  ))}
                </tbody>
              </table>
            </div>
            <nav className="employee-filters__actions" aria-label="Страницы журнала">
              {page > 0 ? (
                <a href={auditPath(filters, page - 1)} rel="prev">
                  ← Новее
                </a>
              ) : null}
              {page + 1 < pages ? (
                <a href={auditPath(filters, page + 1)} rel="next">
                  Старше →
                </a>
              ) : null}
            </nav>
          </>
        );
      })}
    </div>
  );
}

function ChangeLine({ change }: { change: AuditChange }) {
  return (
    <li>
      {change.field}: {briefValue(change.before)} → {briefValue(change.after)}
    </li>
  );
}

function AuditRow({ entry, filters }: { entry: AuditEntry; filters: AuditQuery }) {
  return (
    <tr>
      <td>{formatDateTime(entry.at)}</td>
      <td>
        {entry.employee.id !== null ? <a href={auditPath({ ...filters, employeeId: entry.employee.id }, 0)}>{entry.employee.name}</a> : entry.employee.name}
      </td>
      <td>
        <a href={auditPath({ objectType: entry.objectType, objectId: entry.objectId }, 0)}>
          {OBJECT_TYPE_LABELS[entry.objectType] ?? entry.objectType} № {entry.objectId}
        </a>
      </td>
      <td>{ACTION_LABELS[entry.action] ?? entry.action}</td>
      <td>
        {entry.changes.length === 0 ? (
          "—"
        ) : (
          <ul className="staff-audit__changes">
            {entry.changes.map((change) => (
              <ChangeLine key={change.field} change={change} />
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}
