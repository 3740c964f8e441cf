import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import {
  accountProfileSchema,
  addressParamsSchema,
  addressSchema,
  addressUpdateSchema,
  companyParamsSchema,
  companySchema,
  companyUpdateSchema,
  okSchema,
  recipientParamsSchema,
  recipientSchema,
  recipientUpdateSchema,
} from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { requireSignedIn } from "../../plugins/session";
import { actingClientId } from "../../services/accounts/acting-client";
import { accessCheckedErrors, conflictResponse } from "../responses";
import { signedInClientId } from "../signed-in-client";

/**
 * Editing and deleting the client's companies, recipients and saved addresses (the account area's
 * profile and company pages, issue 15). The client's own, or — for an employee in client mode — the
 * client's they act for; another client's ids are 404.
 */
export const clientDataRoutes: FastifyPluginAsyncZod = async (api) => {
  const tags = [openApiTags.clientAccount];

  api.get(
    "/client-account/company",
    {
      config: { access: "signedIn" },
      schema: {
        tags,
        operationId: "getCompanies",
        summary: "Компании клиента с реквизитами / The client's companies with requisites",
        response: { 200: z.array(companySchema), ...accessCheckedErrors },
      },
    },
    async (request) => api.companies.listCompanies(signedInClientId(request)),
  );

  api.get(
    "/client-account/company/:id",
    {
      config: { access: "signedIn" },
      schema: {
        tags,
        operationId: "getCompany",
        summary: "Реквизиты компании / A company's requisites",
        params: companyParamsSchema,
        response: { 200: companySchema, ...accessCheckedErrors },
      },
    },
    async (request) => api.companies.getCompany(signedInClientId(request), request.params.id),
  );

  api.put(
    "/client-account/company/:id",
    {
      config: { access: "signedIn" },
      schema: {
        tags,
        operationId: "updateCompany",
        summary: "Изменить реквизиты компании / Update a company's requisites",
        description:
          "Название, ИНН (с проверкой контрольных цифр), КПП, ОГРН, юридический адрес. ИНН другой компании клиента — 409. / Name, INN (check digits), KPP, OGRN, legal address; another company of the client with the INN: 409.",
        params: companyParamsSchema,
        body: companyUpdateSchema,
        response: { 200: companySchema, ...accessCheckedErrors, 409: conflictResponse },
      },
    },
    async (request) => api.companies.updateCompany(signedInClientId(request), request.params.id, request.body),
  );

  api.delete(
    "/client-account/company/:id",
    {
      config: { access: "signedIn" },
      schema: {
        tags,
        operationId: "deleteCompany",
        summary: "Удалить компанию / Delete a company",
        description:
          "Удаляет компанию с её получателями и пустой корзиной. Если у компании есть заказы, движения по балансу или товары в корзине — 409 COMPANY_IN_USE. Была выбрана — выбирается личный профиль. Отвечает профилем. / Deletes the company with its recipients and empty cart; 409 COMPANY_IN_USE while it has orders, balance entries or cart lines. If it was selected, the personal profile is. Answers the profile.",
        params: companyParamsSchema,
        response: { 200: accountProfileSchema, ...accessCheckedErrors, 409: conflictResponse },
      },
    },
    async (request) => {
      const viewer = requireSignedIn(request);
      const companyId = request.params.id;
      await api.companies.deleteCompany(actingClientId(viewer), companyId);
      // The rows are cleared by the service and the foreign keys; the viewer read before, so clear it here too.
      if (viewer.account.selectedCompanyId === companyId) viewer.account.selectedCompanyId = null;
      if (viewer.placeCompanyId === companyId) viewer.placeCompanyId = null;
      return api.accounts.profile(viewer, request.publicOrigin);
    },
  );

  api.put(
    "/client-account/recipient/:id",
    {
      config: { access: "signedIn" },
      schema: {
        tags,
        operationId: "updateRecipient",
        summary: "Изменить получателя / Update a recipient",
        description: "Имя, телефон, почта; получатель остаётся у своей компании (или личного профиля). / Name, phone, e-mail; the recipient keeps its company.",
        params: recipientParamsSchema,
        body: recipientUpdateSchema,
        response: { 200: recipientSchema, ...accessCheckedErrors },
      },
    },
    async (request) => api.companies.updateRecipient(signedInClientId(request), request.params.id, request.body),
  );

  api.delete(
    "/client-account/recipient/:id",
    {
      config: { access: "signedIn" },
      schema: {
        tags,
        operationId: "deleteRecipient",
        summary: "Удалить получателя / Delete a recipient",
        params: recipientParamsSchema,
        response: { 200: okSchema, ...accessCheckedErrors },
      },
    },
    async (request) => {
      await api.companies.deleteRecipient(signedInClientId(request), request.params.id);
      return { ok: true as const };
    },
  );

  api.put(
    "/client-account/address/:id",
    {
      config: { access: "signedIn" },
      schema: {
        tags,
        operationId: "updateAddress",
        summary: "Изменить сохранённый адрес / Update a saved address",
        params: addressParamsSchema,
        body: addressUpdateSchema,
        response: { 200: addressSchema, ...accessCheckedErrors },
      },
    },
    async (request) => api.companies.updateAddress(signedInClientId(request), request.params.id, request.body),
  );

  api.delete(
    "/client-account/address/:id",
    {
      config: { access: "signedIn" },
      schema: {
        tags,
        operationId: "deleteAddress",
        summary: "Удалить сохранённый адрес / Delete a saved address",
        params: addressParamsSchema,
        response: { 200: okSchema, ...accessCheckedErrors },
      },
    },
    async (request) => {
      await api.companies.deleteAddress(signedInClientId(request), request.params.id);
      return { ok: true as const };
    },
  );
};
