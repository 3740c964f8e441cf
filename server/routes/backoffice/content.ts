import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import {
  employeePageDeletedSchema,
  employeePageIdParamsSchema,
  employeePageListQuerySchema,
  employeePageListSchema,
  employeePageSchema,
  employeePageWriteSchema,
  serverErrorSchema,
  siteBlockParamsSchema,
  siteBlockSchema,
  siteBlockWriteSchema,
} from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { requireEmployeeRole } from "../../plugins/session";
import { createContentService } from "../../services/backoffice/content.service";
import { accessCheckedErrors } from "../responses";
import type { BackOfficeRouteOptions } from "./options";

const conflictResponse = serverErrorSchema.check(
  z.describe("Адрес занят или объект изменили после чтения (updatedAt) / The slug is taken, or the object changed since it was read"),
);

/**
 * The back office's website pages, menu, header, footer and popup (issue 29): /api/employee/…,
 * role `content` (and admin). Every write is one transaction with its audit entry, then the
 * storefront's page caches are dropped on every node. Rules: server/docs/back-office-content.md.
 */
export const backOfficeContentRoutes: FastifyPluginAsyncZod<BackOfficeRouteOptions> = async (api, options) => {
  const tags = [openApiTags.backOffice];
  const access = ["content"] as const;
  const content = createContentService(options.database);
  const pagesChanged = () => api.cacheInvalidation.invalidate("pages");

  api.get(
    "/employee/page",
    {
      config: { access: [...access] },
      schema: {
        tags,
        operationId: "employeeListPages",
        summary: "Страницы сайта / The website's pages",
        description:
          "Все страницы в любом состоянии, последние изменённые сверху. kind — вид страницы, q — часть названия или адреса, state — draft (черновик), scheduled (запланирована), published (опубликована). / Every page in any state, last changed first, filtered by kind, a part of the name or slug, and state.",
        querystring: employeePageListQuerySchema,
        response: { 200: employeePageListSchema, ...accessCheckedErrors },
      },
    },
    async (request) => {
      requireEmployeeRole(request, access);
      return content.listPages(request.query);
    },
  );

  api.get(
    "/employee/page/:id",
    {
      config: { access: [...access] },
      schema: {
        tags,
        operationId: "employeeGetPage",
        summary: "Страница для редактора / A page for the editor",
        description:
          "Страница целиком в любом состоянии (и черновик), с блоками; HTML статьи уже очищен. Ответ принимается PUT без изменений. / The whole page in any state with its components (the Article's HTML sanitised); PUT accepts it unchanged.",
        params: employeePageIdParamsSchema,
        response: { 200: employeePageSchema, ...accessCheckedErrors },
      },
    },
    async (request) => {
      requireEmployeeRole(request, access);
      return content.getPage(request.params.id, request.publicOrigin);
    },
  );

  api.post(
    "/employee/page",
    {
      config: { access: [...access] },
      schema: {
        tags,
        operationId: "employeeCreatePage",
        summary: "Создать страницу / Create a page",
        description:
          "Страница целиком. published=false — черновик; published=true и publishAt в будущем — запланирована; иначе опубликована. HTML статьи делается из markdown и очищается. Занятый адрес — 409 PAGE_SLUG_TAKEN. / The whole page; the Article's HTML is made from its Markdown and sanitised; a taken slug is 409.",
        body: employeePageWriteSchema,
        response: { 200: employeePageSchema, ...accessCheckedErrors, 409: conflictResponse },
      },
    },
    async (request) => {
      const page = await content.createPage(requireEmployeeRole(request, access), request.body, request.publicOrigin);
      await pagesChanged();
      return page;
    },
  );

  api.put(
    "/employee/page/:id",
    {
      config: { access: [...access] },
      schema: {
        tags,
        operationId: "employeeUpdatePage",
        summary: "Изменить страницу / Update a page",
        description:
          "Заменяет страницу целиком; ответ GET принимается без изменений, лишние поля — 400. updatedAt, если передан, должен совпадать с текущим (иначе 409 PAGE_CHANGED). / Replaces the whole page; the Get answer is accepted unchanged, unknown fields are 400; a stale updatedAt is 409.",
        params: employeePageIdParamsSchema,
        body: employeePageWriteSchema,
        response: { 200: employeePageSchema, ...accessCheckedErrors, 409: conflictResponse },
      },
    },
    async (request) => {
      const page = await content.updatePage(requireEmployeeRole(request, access), request.params.id, request.body, request.publicOrigin);
      await pagesChanged();
      return page;
    },
  );

  api.delete(
    "/employee/page/:id",
    {
      config: { access: [...access] },
      schema: {
        tags,
        operationId: "employeeDeletePage",
        summary: "Удалить страницу / Delete a page",
        description:
          "Удаляет страницу; вложенные страницы остаются без родителя. Главную удалить нельзя (400). Чтобы только скрыть страницу, сохраните её черновиком. / Deletes a page (its children lose their parent); the main page stays. To hide a page, save it as a draft.",
        params: employeePageIdParamsSchema,
        response: { 200: employeePageDeletedSchema, ...accessCheckedErrors },
      },
    },
    async (request) => {
      const deleted = await content.deletePage(requireEmployeeRole(request, access), request.params.id);
      await pagesChanged();
      return deleted;
    },
  );

  api.get(
    "/employee/site-block/:key",
    {
      config: { access: [...access] },
      schema: {
        tags,
        operationId: "employeeGetSiteBlock",
        summary: "Блок сайта / A site block",
        description:
          "header — телефоны и почта в шапке; menu — страницы верхнего уровня в порядке вкладок шапки; side-menu — ссылки бокового меню (пока не сохранено — вкладки шапки); footer — подвал; popup — всплывающее окно. / The header's phones, the header's tabs (top-level pages in order), the side menu's links, the footer or the popup.",
        params: siteBlockParamsSchema,
        response: { 200: siteBlockSchema, ...accessCheckedErrors },
      },
    },
    async (request) => {
      requireEmployeeRole(request, access);
      return content.getSiteBlock(request.params.key, request.publicOrigin);
    },
  );

  api.put(
    "/employee/site-block/:key",
    {
      config: { access: [...access] },
      schema: {
        tags,
        operationId: "employeeUpdateSiteBlock",
        summary: "Изменить блок сайта / Update a site block",
        description:
          "Ответ GET принимается без изменений; key в теле — тот же, что в адресе. Для menu записываются порядок пунктов и showInMenu (название и адрес меняются в редакторе страницы); side-menu — список ссылок целиком (название и адрес: путь сайта /… или http(s)://…, не больше 50). / The Get answer is accepted unchanged; for the menu the order and showInMenu are written; the side menu's links are replaced whole.",
        params: siteBlockParamsSchema,
        body: siteBlockWriteSchema,
        response: { 200: siteBlockSchema, ...accessCheckedErrors, 409: conflictResponse },
      },
    },
    async (request) => {
      const block = await content.updateSiteBlock(requireEmployeeRole(request, access), request.params.key, request.body, request.publicOrigin);
      await pagesChanged();
      return block;
    },
  );
};
