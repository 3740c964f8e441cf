import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import {
  accountProfileSchema,
  addressCreateSchema,
  addressSchema,
  companyByInnQuerySchema,
  companyCreateSchema,
  companyLookupSchema,
  companySchema,
  recipientCreateSchema,
  recipientListQuerySchema,
  recipientSchema,
  selectCityParamsSchema,
  selectCompanyRequestSchema,
} from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { ensureViewer, requireSignedIn } from "../../plugins/session";
import { takeRequestLimit } from "../../plugins/rate-limits";
import { actingClientId } from "../../services/accounts/acting-client";
import { accessCheckedErrors, conflictResponse, newVisitorLimitResponse, notFoundResponse, tooManyRequestsResponse, validationErrorResponse } from "../responses";
import { signedInClientId } from "../signed-in-client";

/** No account has this id: a look-up "among its companies" finds none, so only the directory (DaData) answers. */
const NOBODY = 0;

/**
 * The client's own account (spec §7 "Client account") and /utils/company-by-inn. An employee in
 * client mode works on the client's data here; outside it these calls are refused with 403.
 */
export const clientAccountRoutes: FastifyPluginAsyncZod = async (api) => {
  const tags = [openApiTags.clientAccount];

  api.post(
    "/client-account/company",
    {
      config: { access: "signedIn" },
      schema: {
        tags,
        operationId: "createCompany",
        summary: "Добавить компанию / Add a company",
        body: companyCreateSchema,
        response: { 200: companySchema, ...accessCheckedErrors, 409: conflictResponse },
      },
    },
    async (request) => api.companies.createCompany(signedInClientId(request), request.body),
  );

  api.post(
    "/client-account/select-company",
    {
      config: { access: "signedIn" },
      schema: {
        tags,
        operationId: "selectCompany",
        summary: "Выбрать компанию или личный профиль / Act for a company or personally",
        description: "companyId: null — личный профиль. / null is the personal profile.",
        body: selectCompanyRequestSchema,
        response: { 200: accountProfileSchema, ...accessCheckedErrors },
      },
    },
    async (request) => {
      const viewer = requireSignedIn(request);
      await api.accounts.selectCompany(viewer, request.body.companyId);
      return api.accounts.profile(viewer, request.publicOrigin);
    },
  );

  api.post(
    "/client-account/select-city/:id",
    {
      schema: {
        tags,
        operationId: "selectCity",
        summary: "Выбрать город / Choose the city",
        description: "id — код КЛАДР города. Посетителю открывается временный аккаунт (не больше 20 новых с адреса за 10 минут — 429). / id is the city's KLADR id; a visitor gets a temporary account (at most 20 new ones per address per 10 minutes).",
        params: selectCityParamsSchema,
        response: { 200: accountProfileSchema, 400: validationErrorResponse, 404: notFoundResponse, 429: newVisitorLimitResponse },
      },
    },
    async (request, reply) => {
      const viewer = await ensureViewer(request, reply, api.sessions);
      await api.accounts.selectCity(viewer, request.params.id);
      return api.accounts.profile(viewer, request.publicOrigin);
    },
  );

  api.get(
    "/client-account/recipient",
    {
      config: { access: "signedIn" },
      schema: {
        tags,
        operationId: "getRecipients",
        summary: "Получатели / Recipients",
        description: "Получатели компании (companyId) или личного профиля. / A company's recipients, or the personal profile's.",
        querystring: recipientListQuerySchema,
        response: { 200: z.array(recipientSchema), ...accessCheckedErrors },
      },
    },
    async (request) => api.companies.listRecipients(signedInClientId(request), request.query.companyId),
  );

  api.post(
    "/client-account/recipient",
    {
      config: { access: "signedIn" },
      schema: { tags, operationId: "createRecipient", summary: "Добавить получателя / Add a recipient", body: recipientCreateSchema, response: { 200: recipientSchema, ...accessCheckedErrors } },
    },
    async (request) => api.companies.createRecipient(signedInClientId(request), request.body),
  );

  api.get(
    "/client-account/address",
    { config: { access: "signedIn" }, schema: { tags, operationId: "getAddresses", summary: "Сохранённые адреса / Saved addresses", response: { 200: z.array(addressSchema), ...accessCheckedErrors } } },
    async (request) => api.companies.listAddresses(signedInClientId(request)),
  );

  api.post(
    "/client-account/address",
    {
      config: { access: "signedIn" },
      schema: { tags, operationId: "createAddress", summary: "Сохранить адрес / Save an address", body: addressCreateSchema, response: { 200: addressSchema, ...accessCheckedErrors } },
    },
    async (request) => api.companies.createAddress(signedInClientId(request), request.body),
  );

  api.get(
    "/utils/company-by-inn",
    {
      schema: {
        tags,
        operationId: "getCompanyByInn",
        summary: "Компания по ИНН / Company by INN",
        description:
          "Проверяет контрольные цифры ИНН. С DADATA_API_KEY спрашивает DaData; без ключа (или если DaData не ответила) ищет только среди компаний самого клиента (сотрудник в режиме клиента — среди компаний этого клиента, вне его — среди всех), чужие реквизиты не выдаются. Без входа (форма регистрации) отвечает только DaData, не больше 30 запросов с адреса за 10 минут (429); без ключа — 404 «заполните данные вручную». / Checks the INN; asks DaData with a key; offline answers only from the caller's own companies (the acting client's for an employee in client mode, any for an employee outside it), never another client's. Without a sign-in (the registration form) only DaData answers, 30 per address per 10 minutes.",
        querystring: companyByInnQuerySchema,
        response: { 200: companyLookupSchema, 400: validationErrorResponse, 404: notFoundResponse, 429: tooManyRequestsResponse },
      },
    },
    async (request, reply) => {
      const viewer = request.viewer;
      if (!viewer || viewer.account.temporary) {
        // The registration form: a visitor learns only what DaData tells about any company in
        // Russia, never the shop's clients' data (no account has the id NOBODY), and not endlessly.
        await takeRequestLimit(request, reply, "company-lookup");
        return api.companies.lookupByInn(request.query.inn, NOBODY);
      }
      // An employee outside client mode reads every client's companies anyway (/client/{id}/company).
      const ownerId = viewer.account.typeUser === "employee" && viewer.placeClientId === null ? null : actingClientId(viewer);
      return api.companies.lookupByInn(request.query.inn, ownerId);
    },
  );
};
