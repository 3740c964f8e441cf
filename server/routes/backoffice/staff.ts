import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import {
  auditPageSchema,
  auditQuerySchema,
  employeeCreateSchema,
  employeeIdParamsSchema,
  employeeListQuerySchema,
  employeeListSchema,
  employeeSchema,
  employeeUpdateSchema,
  serverErrorSchema,
} from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { requireEmployeeRole } from "../../plugins/session";
import { createStaffService } from "../../services/backoffice/staff.service";
import { accessCheckedErrors } from "../responses";
import type { BackOfficeRouteOptions } from "./options";

const createConflict = serverErrorSchema.check(
  z.describe("Адрес уже у сотрудника (EMAIL_TAKEN) или у клиента (EMAIL_BELONGS_TO_CLIENT) / The e-mail is an employee's or a client's already"),
);
const updateConflict = serverErrorSchema.check(
  z.describe(
    "Последний действующий администратор не отключается и не теряет роль admin (LAST_ADMIN); адрес почты не меняется (EMPLOYEE_EMAIL_FIXED) / The last active admin stays; the e-mail stays",
  ),
);

/** The back office's employees and the audit (issue 29): /api/employee/…, admin only. Rules: services/backoffice/staff.service.ts, server/docs/back-office-staff.md. */
export const backOfficeStaffRoutes: FastifyPluginAsyncZod<BackOfficeRouteOptions> = async (api, options) => {
  const tags = [openApiTags.backOffice];
  const staff = createStaffService(options.database, { outbox: api.mail });

  api.get(
    "/employee/employee",
    {
      config: { access: ["admin"] },
      schema: {
        tags,
        operationId: "employeeListEmployees",
        summary: "Сотрудники / Employees",
        description:
          "Все сотрудники по фамилии; q — имя, фамилия или почта, role — только с этой ролью, state — active, disabled или all (по умолчанию all). / Every employee by surname, filtered by a search, a role and the state.",
        querystring: employeeListQuerySchema,
        response: { 200: employeeListSchema, ...accessCheckedErrors },
      },
    },
    async (request) => {
      requireEmployeeRole(request, ["admin"]);
      return staff.list(request.query);
    },
  );

  api.get(
    "/employee/employee/:id",
    {
      config: { access: ["admin"] },
      schema: {
        tags,
        operationId: "employeeGetEmployee",
        summary: "Сотрудник / One employee",
        description: "Сотрудник целиком; ответ принимается без изменений запросом PUT. / The whole employee; the PUT accepts this answer unchanged.",
        params: employeeIdParamsSchema,
        response: { 200: employeeSchema, ...accessCheckedErrors },
      },
    },
    async (request) => {
      requireEmployeeRole(request, ["admin"]);
      return staff.get(request.params.id);
    },
  );

  api.post(
    "/employee/employee",
    {
      config: { access: ["admin"] },
      schema: {
        tags,
        operationId: "employeeCreateEmployee",
        summary: "Добавить сотрудника / Add an employee",
        description:
          "Сотрудник с ролями (хотя бы одна) получает письмо-приглашение со ссылкой, по которой сам задаёт пароль (72 часа); администратор пароля не знает. Адрес клиента или другого сотрудника — 409. / The new employee gets an invitation letter with a set-password link (72 hours); an e-mail that is a client's or an employee's is 409.",
        body: employeeCreateSchema,
        response: { 201: employeeSchema, ...accessCheckedErrors, 409: createConflict },
      },
    },
    async (request, reply) => {
      const viewer = requireEmployeeRole(request, ["admin"]);
      const employee = await staff.create(viewer, request.body, request.publicOrigin);
      return reply.code(201).send(employee);
    },
  );

  api.put(
    "/employee/employee/:id",
    {
      config: { access: ["admin"] },
      schema: {
        tags,
        operationId: "employeeUpdateEmployee",
        summary: "Изменить сотрудника / Update an employee",
        description:
          "Сотрудник целиком: имя, фамилия, телефон, роли, disabled. Отключение сразу завершает все сеансы сотрудника; новые роли действуют со следующего запроса. id, disabledAt, invitationPending и createdAt принимаются и не меняются; email должен совпадать с прежним. Неизвестные поля — 400. / The whole employee; disabling ends every session at once, roles count from the next request; read-only fields are accepted and ignored.",
        params: employeeIdParamsSchema,
        body: employeeUpdateSchema,
        response: { 200: employeeSchema, ...accessCheckedErrors, 409: updateConflict },
      },
    },
    async (request) => {
      const viewer = requireEmployeeRole(request, ["admin"]);
      return staff.update(viewer, request.params.id, request.body);
    },
  );

  api.get(
    "/employee/audit",
    {
      config: { access: ["admin"] },
      schema: {
        tags,
        operationId: "employeeListAudit",
        summary: "Журнал изменений / The audit",
        description:
          "Записи о каждом изменении в бэк-офисе, новые сверху: кто, когда, что и поля «было → стало». objectType и objectId — один объект (например product и 7), employeeId — один сотрудник, from и to — дни (ГГГГ-ММ-ДД, по Москве, включительно). / Every back-office write, newest first, filtered by object, employee and the shop's days.",
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...accessCheckedErrors },
      },
    },
    async (request) => {
      requireEmployeeRole(request, ["admin"]);
      return staff.audit(request.query);
    },
  );
};
