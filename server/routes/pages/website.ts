import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import {
  footerContentSchema,
  headerContentSchema,
  menuSchema,
  pageListQuerySchema,
  pageListSchema,
  pageSchema,
  pageSeoSchema,
  pageSlugParamsSchema,
  popupAnswerSchema,
  searchQuerySchema,
  searchResultPageSchema,
  sideMenuSchema,
} from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { notFoundResponse, validationErrorResponse } from "../responses";

/** The website's pages, menu, site-wide blocks and search (spec §7 "Pages"); all public. */
export const websiteRoutes: FastifyPluginAsyncZod = async (api) => {
  const tags = [openApiTags.website];
  const slugDescription =
    "slug — полный путь страницы, косые черты закодированы (blog%2Fkak-podgotovit-maket); главная — main. / The page's whole path with slashes URL-encoded; `main` is the main page.";

  api.get(
    "/public/website/page/:slug",
    {
      schema: {
        tags,
        operationId: "getWebsitePage",
        summary: "Страница сайта / A website page",
        description: `${slugDescription} Компоненты начинаются с Header и заканчиваются Footer; children — опубликованные дочерние страницы. / Components start with the site's Header and end with its Footer.`,
        params: pageSlugParamsSchema,
        response: { 200: pageSchema.check(z.describe("Страница / The page")), 400: validationErrorResponse, 404: notFoundResponse },
      },
    },
    async (request) => api.pages.getPage(request.params.slug, request.publicOrigin),
  );

  api.get(
    "/public/website/page/:slug/seo",
    {
      schema: {
        tags,
        operationId: "getWebsitePageSeo",
        summary: "SEO-поля страницы / A page's SEO fields",
        description: `${slugDescription} Пустые поля заполняются из названия и описания страницы. / Empty fields fall back to the page's name and summary.`,
        params: pageSlugParamsSchema,
        response: { 200: pageSeoSchema.check(z.describe("SEO-поля / SEO fields")), 400: validationErrorResponse, 404: notFoundResponse },
      },
    },
    async (request) => api.pages.getPageSeo(request.params.slug),
  );

  api.get(
    "/public/website/page",
    {
      schema: {
        tags,
        operationId: "getWebsitePages",
        summary: "Страницы раздела / A section's pages",
        description:
          "kind — blog, vacancy, service или instruction. Блог — от новых к старым, остальное — в порядке магазина; exclude — не показывать эту страницу (тизеры под статьёй). / One section's pages, paged; blog newest first.",
        querystring: pageListQuerySchema,
        response: { 200: pageListSchema.check(z.describe("Страница списка / One page of the list")), 400: validationErrorResponse },
      },
    },
    async (request) => api.pages.listPages(request.query, request.publicOrigin),
  );

  api.get(
    "/public/website/menu",
    {
      schema: {
        tags,
        operationId: "getWebsiteMenu",
        summary: "Вкладки меню / Menu tabs",
        description:
          "Страницы верхнего уровня по порядку, первая — главная; в шапке витрина показывает следующие девять. / Top-level pages in order, the main page first; the header shows the next nine.",
        response: { 200: menuSchema.check(z.describe("Вкладки / The tabs")) },
      },
    },
    async () => api.pages.menu(),
  );

  api.get(
    "/public/website/side-menu",
    {
      schema: {
        tags,
        operationId: "getWebsiteSideMenu",
        summary: "Боковое меню / The side menu",
        description:
          "Ссылки бокового меню по порядку, как их задал контент-менеджер (блок side-menu); пока блок не сохранён — вкладки шапки. Витрина добавляет после них «Избранное». / The side menu's links in order; the header's tabs while none are saved.",
        response: { 200: sideMenuSchema.check(z.describe("Ссылки / The links")) },
      },
    },
    async () => api.pages.sideMenu(),
  );

  api.get(
    "/public/website/header",
    {
      schema: {
        tags,
        operationId: "getWebsiteHeader",
        summary: "Шапка сайта / The site header",
        response: { 200: headerContentSchema.check(z.describe("Телефоны / Phones")), 404: notFoundResponse },
      },
    },
    async (request) => api.pages.header(request.publicOrigin),
  );

  api.get(
    "/public/website/footer",
    {
      schema: {
        tags,
        operationId: "getWebsiteFooter",
        summary: "Подвал сайта / The site footer",
        response: { 200: footerContentSchema.check(z.describe("Компания, адреса, соцсети, файлы / Company, addresses, social, files")), 404: notFoundResponse },
      },
    },
    async (request) => api.pages.footer(request.publicOrigin),
  );

  api.get(
    "/public/website/popup",
    {
      schema: {
        tags,
        operationId: "getWebsitePopup",
        summary: "Всплывающее окно / The website popup",
        description: "Активное окно или {} — показывать нечего. / The active popup, or {} when none is shown.",
        response: { 200: popupAnswerSchema.check(z.describe("Окно или {} / The popup or {}")) },
      },
    },
    async (request) => api.pages.popup(request.publicOrigin),
  );

  api.get(
    "/public/website/search",
    {
      schema: {
        tags,
        operationId: "searchWebsite",
        summary: "Поиск по сайту / Site search",
        description:
          "Ищет по опубликованным страницам и товарам с учётом словоформ (визитка → «Визитки»); «фраза в кавычках», -слово исключает. Лучшие совпадения первыми, не больше 50 за раз. total — точное число совпадений до 1 000; если их больше, total = 1 000 и totalIsCapped = true («Найдено более 1 000»). / Full-text search over pages and products, Russian stemming, best first; total is exact up to 1,000, beyond it total is 1,000 and totalIsCapped is true.",
        querystring: searchQuerySchema,
        response: { 200: searchResultPageSchema.check(z.describe("Результаты / Results")), 400: validationErrorResponse },
      },
    },
    async (request) => api.pages.search(request.query, request.publicOrigin),
  );
};
