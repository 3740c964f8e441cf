import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import {
  accountProfileSchema,
  clientCompanyParamsSchema,
  clientIdParamsSchema,
  clientListSchema,
  clientSchema,
  clientSearchQuerySchema,
  companyCreateSchema,
  companySchema,
  enterClientModeRequestSchema,
} from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { requireEmployee } from "../../plugins/session";
import { accessCheckedErrors, conflictResponse } from "../responses";

/** Employees' calls (spec §7 "Clients and misc", §6): anyone else gets 401 or 403. */
/** The client calls belong to the managers (and admins); leaving client mode is any employee's. */
const MANAGERS = ["manager"] as const;

export const clientRoutes: FastifyPluginAsyncZod = async (api) => {
  const tags = [openApiTags.clients];

  api.get(
    "/client/search-by-name",
    {
      config: { access: MANAGERS },
      schema: {
        tags,
        operationId: "searchClients",
        summary: "Поиск клиентов / Search clients",
        description: "По имени, фамилии, почте, названию или ИНН компании; assigned=true — только свои клиенты; до 50. / By name, e-mail, company or INN; at most 50.",
        querystring: clientSearchQuerySchema,
        response: { 200: clientListSchema, ...accessCheckedErrors },
      },
    },
    async (request) => api.clients.search(requireEmployee(request), request.query.search, request.query.assigned ?? false),
  );

  api.post(
    "/client/exit-impersonalization",
    {
      config: { access: "employee" },
      schema: {
        tags,
        operationId: "exitClientMode",
        summary: "Выйти из режима клиента / Exit client mode",
        response: { 200: accountProfileSchema, ...accessCheckedErrors },
      },
    },
    async (request) => {
      const employee = requireEmployee(request);
      await api.clients.exitClientMode(employee);
      return api.accounts.profile(employee, request.publicOrigin);
    },
  );

  api.get(
    "/client/:id",
    { config: { access: MANAGERS }, schema: { tags, operationId: "getClient", summary: "Клиент / Client", params: clientIdParamsSchema, response: { 200: clientSchema, ...accessCheckedErrors } } },
    async (request) => {
      requireEmployee(request);
      return api.clients.getClient(request.params.id);
    },
  );

  api.get(
    "/client/:id/company",
    {
      config: { access: MANAGERS },
      schema: { tags, operationId: "getClientCompanies", summary: "Компании клиента / The client's companies", params: clientIdParamsSchema, response: { 200: z.array(companySchema), ...accessCheckedErrors } },
    },
    async (request) => {
      requireEmployee(request);
      return (await api.clients.getClient(request.params.id)).companies;
    },
  );

  api.get(
    "/client/:id/company/:companyId",
    {
      config: { access: MANAGERS },
      schema: { tags, operationId: "getClientCompany", summary: "Компания клиента / One of the client's companies", params: clientCompanyParamsSchema, response: { 200: companySchema, ...accessCheckedErrors } },
    },
    async (request) => {
      requireEmployee(request);
      await api.clients.getClient(request.params.id);
      return api.companies.getCompany(request.params.id, request.params.companyId);
    },
  );

  api.post(
    "/client/:id/company",
    {
      config: { access: MANAGERS },
      schema: {
        tags,
        operationId: "createClientCompany",
        summary: "Добавить компанию клиенту / Add a company to the client",
        params: clientIdParamsSchema,
        body: companyCreateSchema,
        response: { 200: companySchema, ...accessCheckedErrors, 409: conflictResponse },
      },
    },
    async (request) => {
      requireEmployee(request);
      await api.clients.getClient(request.params.id);
      return api.companies.createCompany(request.params.id, request.body);
    },
  );

  api.post(
    "/client/:id/impersonalization",
    {
      config: { access: MANAGERS },
      schema: {
        tags,
        operationId: "enterClientMode",
        summary: "Войти в режим клиента / Act for the client",
        description:
          "Сессия сотрудника начинает работать от имени клиента (и его компании, если указана): корзина, получатели, адреса — клиента. / The employee's session acts for the client until exit-impersonalization.",
        params: clientIdParamsSchema,
        body: enterClientModeRequestSchema,
        response: { 200: accountProfileSchema, ...accessCheckedErrors },
      },
    },
    async (request) => {
      const employee = requireEmployee(request);
      await api.clients.enterClientMode(employee, request.params.id, request.body.companyId);
      return api.accounts.profile(employee, request.publicOrigin);
    },
  );
};
