import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { readFileSync } from "node:fs";

/*
 * The OpenAPI 3 document of the API, generated from the same zod contracts that validate the
 * requests, served at GET /api/openapi.json. Partners read it; nobody writes it by hand.
 */

const packageVersion = (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;

/** The tags routes put in `schema.tags`; listed here once so the document describes each. */
export const openApiTags = {
  catalog: "catalog",
  reference: "reference",
  account: "account",
  clientAccount: "client-account",
  clients: "clients",
  geo: "geo",
  cart: "cart",
  website: "website",
  files: "files",
  design: "design",
  orders: "orders",
  backOffice: "back-office",
  layoutDesigner: "layout-designer",
} as const;

/**
 * Registers @fastify/swagger on the root instance, before any route, so it sees every route;
 * the document itself is served by `openApiDocumentRoute` inside the /api prefix.
 */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.0.3",
      info: {
        title: "Ottisk API",
        description:
          "API типографии «Оттиск»: каталог, товары, справочники. Ошибки всегда приходят в теле ServerError с русским messageUI (и 413, и 431). Номера (id) — от 1 до 2147483647; текст без NUL и непарных суррогатов, иначе 400. Вызов без нужной сессии получает 401/403 раньше любой 400. POST/PUT/PATCH/DELETE с cookie сессии принимаются только со страниц магазина и партнёров (Origin), иначе 403 CROSS_SITE_REQUEST; с Authorization: Bearer — без проверки. Вход, ссылки передачи, новые временные аккаунты, загрузки, проверки и обратная связь ограничены по адресу (429 TOO_MANY_REQUESTS с Retry-After), загрузки и проверки — квотами аккаунта (429/413). Сбой хранилища — 503 STORAGE_UNAVAILABLE; состояние узла — GET /api/health. / The Ottisk print shop API; every error has the ServerError body with a Russian messageUI (413 and 431 included). Ids are 1…2147483647; text with NUL or an unpaired surrogate is a 400. A call without the session it needs gets 401/403 before any 400. State-changing calls with the session cookie are accepted only from the shop's and partners' pages (Origin), else 403 CROSS_SITE_REQUEST; bearer calls are not checked. Sign-in, hand-off links, new temporary accounts, uploads, checks and feedback are limited per address (429 TOO_MANY_REQUESTS with Retry-After), uploads and checks also by the account's quotas (429/413). A storage fault is 503 STORAGE_UNAVAILABLE; GET /api/health reports the node.",
        version: packageVersion,
      },
      components: {
        securitySchemes: {
          sessionCookie: { type: "apiKey", in: "cookie", name: "ottisk_session", description: "Сессия на сайте магазина / The shop's own pages" },
          bearerToken: { type: "http", scheme: "bearer", description: "Та же сессия для виджетов на сайтах партнёров / The same session for widgets on partner sites" },
        },
      },
      tags: [
        { name: openApiTags.catalog, description: "Каталог: категории и товары / Catalogue: categories and products" },
        { name: openApiTags.reference, description: "Справочные данные магазина / Shop reference data" },
        { name: openApiTags.account, description: "Вход, выход, профиль, избранное / Sign-in, sign-out, profile, favourites" },
        { name: openApiTags.clientAccount, description: "Компании, получатели и адреса клиента / A client's companies, recipients and addresses" },
        { name: openApiTags.clients, description: "Работа сотрудников с клиентами, режим клиента / Employees' client calls and client mode" },
        {
          name: openApiTags.geo,
          description:
            "Города, город по координатам, способы доставки, пункты выдачи, зоны курьера, подсказки адреса / Cities, the city at a point, delivery methods, pickup points, courier districts, address suggestions",
        },
        { name: openApiTags.cart, description: "Корзина клиента: позиции, промокод, доставки / The client cart: lines, promocode, deliveries" },
        { name: openApiTags.website, description: "Страницы сайта, меню, шапка, подвал, всплывающее окно, поиск / Website pages, menu, header, footer, popup, search" },
        { name: openApiTags.files, description: "Файлы: макеты, файлы сайта, закрытые файлы / Files: layouts, website files, private files" },
        { name: openApiTags.design, description: "Заказ дизайна и автоматическая проверка макетов / Design orders and layout print-readiness checks" },
        {
          name: openApiTags.layoutDesigner,
          description:
            "Конструктор макетов: шаблоны, сохранённые макеты («Мои макеты») и их изображения / The layout designer: templates, saved designs and their pictures",
        },
        { name: openApiTags.orders, description: "Оформление заказа, заказы, счёт, оплата ЮKassa, внутренний баланс / Placing orders, orders, invoices, YooKassa payments, the internal balance" },
        {
          name: openApiTags.backOffice,
          description:
            "Бэк-офис сотрудников (/api/employee/…): каталог, страницы, промокоды, пункты самовывоза, сотрудники, дизайн, допечатная подготовка, журнал изменений. Каждая операция перечисляет роли в x-ottisk-roles (администратор может всё); без сессии — 401, клиенту и сотруднику без роли — 403. / The staff back office; each operation lists its roles in x-ottisk-roles (an admin may do everything); 401 without a session, 403 for a client or an employee without the role.",
        },
      ],
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      // The back office's operations name the roles they admit (plugins/access.ts), so a partner's tool sees them too.
      const access = input.route.config?.access;
      if (!Array.isArray(access)) return transformed;
      return { ...transformed, schema: { ...transformed.schema, "x-ottisk-roles": [...new Set(["admin", ...access])] } };
    },
  });
}

/**
 * Inside the /api prefix: the document at GET /openapi.json and GET /docs/json, and a browsable
 * reference at /docs/ (Swagger UI, served from the npm package, no outside requests). `/api/docs`
 * without the slash (the README's link) answers 301 to `/api/docs/`: there the page's relative
 * links — its files under `./static/`, the document at `./json` — resolve under `/api/docs/`
 * whatever prefix a proxy puts in front, rather than to `/docs/static/*` (404, a blank page).
 */
export async function openApiDocumentRoute(api: FastifyInstance): Promise<void> {
  api.get("/openapi.json", { schema: { hide: true } }, async () => api.swagger());
  await api.register(fastifySwaggerUi, {
    routePrefix: "/docs",
    // The plugin lives inside the /api prefix, which its links to its own files must include.
    indexPrefix: "/api",
    uiHooks: {
      onRequest: async (request, reply) => {
        const queryAt = request.url.indexOf("?");
        const path = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
        // Relative, so that it stays under any outer prefix: `…/api/docs` → `…/api/docs/`.
        if (path.endsWith("/docs")) return reply.redirect(`docs/${queryAt === -1 ? "" : request.url.slice(queryAt)}`, 301);
      },
    },
    uiConfig: { docExpansion: "list", deepLinking: true, validatorUrl: null },
    // Its own policy (no inline script); over http, upgrading the page's requests to https would
    // break it, and nothing is loaded from other sites (no validator badge, no web fonts).
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .replace(/\s*upgrade-insecure-requests;?/, "")
        .replace(" validator.swagger.io", "")
        .replace("font-src 'self' https: data:", "font-src 'self' data:")
        // Swagger UI (React) sets style attributes and a style element of its own as it draws.
        .replace("style-src 'self' https: ", "style-src 'self' 'unsafe-inline' "),
  });
}
