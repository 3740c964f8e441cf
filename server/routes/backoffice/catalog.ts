import fastifyMultipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { join } from "node:path";
import {
  catalogPhotoUploadSchema,
  employeeCatalogIdParamsSchema,
  employeeCategoryInputSchema,
  employeeCategoryListSchema,
  employeeCategorySchema,
  employeeProductArchiveSchema,
  employeeProductInputSchema,
  employeeProductListPageSchema,
  employeeProductListQuerySchema,
  employeeProductSchema,
} from "../../../shared/contracts/index";
import type { CatalogPhotoUpload } from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { requireEmployeeRole } from "../../plugins/session";
import { createBackOfficeCatalogService } from "../../services/backoffice/catalog.service";
import { sniffWebsiteFile } from "../../services/files/file-sniff";
import { ShopError } from "../../services/shop-error";
import { MAX_WEBSITE_FILE_BYTES } from "../files/files";
import { requireFile, withUploadForm } from "../files/multipart";
import { accessCheckedErrors, conflictResponse, payloadTooLargeResponse, storageUnavailableResponse } from "../responses";
import type { BackOfficeRouteOptions } from "./options";

/** The catalogue's plugin also takes uploads: where their bytes wait while they stream in. */
export interface BackOfficeCatalogRouteOptions extends BackOfficeRouteOptions {
  /** The private incoming folder of uploads (app.ts); without it, a temporary folder of the system. */
  incomingDir?: string;
}

const roles = ["catalog"] as const;

/**
 * The back office's categories, products and their photos (issue 29): /api/employee/…, role
 * `catalog` (and admin). Every write is one transaction with its audit entry, then the storefront's
 * catalogue caches are dropped on every node (cache-invalidation.ts, topic "catalog").
 * Rules and decisions: server/docs/back-office-catalog.md.
 */
export const backOfficeCatalogRoutes: FastifyPluginAsyncZod<BackOfficeCatalogRouteOptions> = async (api, options) => {
  const tags = [openApiTags.backOffice];
  const service = createBackOfficeCatalogService(options.database);
  const incomingDir = options.incomingDir ?? join(process.cwd(), ".tmp", "incoming");
  await api.register(fastifyMultipart);

  const employee = (request: FastifyRequest) => requireEmployeeRole(request, roles);
  const catalogChanged = () => api.cacheInvalidation.invalidate("catalog");

  /** Stores an uploaded picture (PNG, JPEG, WebP, SVG by content) in the public files storage. */
  async function storePicture(request: FastifyRequest): Promise<CatalogPhotoUpload> {
    return withUploadForm(request, { maxFileBytes: MAX_WEBSITE_FILE_BYTES, roomBytes: null, quotaBytes: null }, incomingDir, async (form) => {
      const file = requireFile(form);
      const type = sniffWebsiteFile(file.ends);
      if (!type || type.contentType === "application/pdf") {
        throw new ShopError({ statusCode: 400, code: "UNSUPPORTED_FILE_TYPE", messageUI: "Загрузите изображение: PNG, JPEG, WebP или SVG", message: "The picture is not an image" });
      }
      const stored = await api.files.storeWebsiteFile(file, request.publicOrigin);
      const prefix = `${request.publicOrigin}/files/`;
      const path = stored.url.startsWith(prefix) ? stored.url.slice(prefix.length).split("/").map(decodeURIComponent).join("/") : stored.url;
      return { path, url: stored.url };
    });
  }

  api.get(
    "/employee/category",
    {
      config: { access: [...roles] },
      schema: {
        tags,
        operationId: "employeeListCategories",
        summary: "Категории каталога / The catalogue's categories",
        description:
          "Все категории, скрытые тоже, в порядке магазина (sortOrder, затем id); productCount — товары не в архиве, скрытые тоже. / Every category, hidden ones too, in the shop's order; productCount counts products not archived.",
        response: { 200: employeeCategoryListSchema, ...accessCheckedErrors },
      },
    },
    async (request) => {
      employee(request);
      return service.listCategories(request.publicOrigin);
    },
  );

  api.get(
    "/employee/category/:id",
    {
      config: { access: [...roles] },
      schema: {
        tags,
        operationId: "employeeGetCategory",
        summary: "Категория / A category",
        description: "Категория целиком; ответ принимается без изменений операцией employeeUpdateCategory. / The whole category; its answer is a valid PUT body.",
        params: employeeCatalogIdParamsSchema,
        response: { 200: employeeCategorySchema, ...accessCheckedErrors },
      },
    },
    async (request) => {
      employee(request);
      return service.getCategory(request.params.id, request.publicOrigin);
    },
  );

  api.post(
    "/employee/category",
    {
      config: { access: [...roles] },
      schema: {
        tags,
        operationId: "employeeCreateCategory",
        summary: "Создать категорию / Create a category",
        description:
          "Новая категория; slug — латиница, цифры и дефисы, уникален (занятый — 409 SLUG_TAKEN). Картинку можно загрузить потом (employeeUploadCategoryPhoto). / A new category; a taken slug is 409.",
        body: employeeCategoryInputSchema,
        response: { 200: employeeCategorySchema, ...accessCheckedErrors, 409: conflictResponse },
      },
    },
    async (request) => {
      const created = await service.createCategory(employee(request), request.body, request.publicOrigin);
      await catalogChanged();
      return created;
    },
  );

  api.put(
    "/employee/category/:id",
    {
      config: { access: [...roles] },
      schema: {
        tags,
        operationId: "employeeUpdateCategory",
        summary: "Изменить категорию / Update a category",
        description:
          "Заменяет категорию целиком (id и productCount из ответа GET принимаются и не меняются; неизвестные поля — 400). hidden: true убирает категорию и её товары с витрины. Занятый slug — 409. / Replaces the whole category; hidden takes it and its products off the storefront; a taken slug is 409.",
        params: employeeCatalogIdParamsSchema,
        body: employeeCategorySchema,
        response: { 200: employeeCategorySchema, ...accessCheckedErrors, 409: conflictResponse },
      },
    },
    async (request) => {
      const { category, changed } = await service.updateCategory(employee(request), request.params.id, request.body, request.publicOrigin);
      if (changed) await catalogChanged();
      return category;
    },
  );

  api.post(
    "/employee/category/:id/photo",
    {
      config: { access: [...roles] },
      schema: {
        tags,
        operationId: "employeeUploadCategoryPhoto",
        summary: "Загрузить картинку категории / Upload a category's picture",
        description:
          "multipart/form-data: file — PNG, JPEG, WebP или SVG (по содержимому) до 20 МБ; становится картинкой категории (публичный файл). Ответ — {path, url}. / An image up to 20 MB becomes the category's picture; answers {path, url}.",
        consumes: ["multipart/form-data"],
        params: employeeCatalogIdParamsSchema,
        response: { 200: catalogPhotoUploadSchema, ...accessCheckedErrors, 413: payloadTooLargeResponse, 503: storageUnavailableResponse },
      },
    },
    async (request) => {
      const viewer = employee(request);
      await service.getCategory(request.params.id, request.publicOrigin);
      const picture = await storePicture(request);
      await service.setCategoryPhoto(viewer, request.params.id, picture.path);
      await catalogChanged();
      return picture;
    },
  );

  api.get(
    "/employee/product",
    {
      config: { access: [...roles] },
      schema: {
        tags,
        operationId: "employeeListProducts",
        summary: "Товары каталога / The catalogue's products",
        description:
          "Все товары, последние изменённые сверху. q — часть названия или slug, либо номер товара; categoryId; state: active (на витрине), hidden (скрыт сам или категорией), archived, all (по умолчанию). / Every product, last changed first, filtered by text, category and state.",
        querystring: employeeProductListQuerySchema,
        response: { 200: employeeProductListPageSchema, ...accessCheckedErrors },
      },
    },
    async (request) => {
      employee(request);
      return service.listProducts(request.query, request.publicOrigin);
    },
  );

  api.get(
    "/employee/product/:id",
    {
      config: { access: [...roles] },
      schema: {
        tags,
        operationId: "employeeGetProduct",
        summary: "Товар целиком / A whole product",
        description:
          "Товар с фотографиями, опциями по группам, ценами по тиражам и деталями; цены в рублях. Ответ принимается без изменений операцией employeeUpdateProduct. / The whole product (roubles); its answer is a valid PUT body.",
        params: employeeCatalogIdParamsSchema,
        response: { 200: employeeProductSchema, ...accessCheckedErrors },
      },
    },
    async (request) => {
      employee(request);
      return service.getProduct(request.params.id, request.publicOrigin);
    },
  );

  api.post(
    "/employee/product",
    {
      config: { access: [...roles] },
      schema: {
        tags,
        operationId: "employeeCreateProduct",
        summary: "Создать товар / Create a product",
        description:
          "Новый товар целиком. Правила: хотя бы одна цена по тиражу; первый тираж — минимальный, меньших и повторов нет; у группы опций есть значения с разными кодами; у формата, бумаги и красочности не больше одного значения по умолчанию (нет отмеченного — первое); requiresOptionCode детали — код опции товара. Нарушение — 400 с messageUI по-русски; занятый в категории slug — 409. / A new whole product; impossible products are 400, a taken slug 409.",
        body: employeeProductInputSchema,
        response: { 200: employeeProductSchema, ...accessCheckedErrors, 409: conflictResponse },
      },
    },
    async (request) => {
      const created = await service.createProduct(employee(request), request.body, request.publicOrigin);
      await catalogChanged();
      return created;
    },
  );

  api.put(
    "/employee/product/:id",
    {
      config: { access: [...roles] },
      schema: {
        tags,
        operationId: "employeeUpdateProduct",
        summary: "Изменить товар / Update a product",
        description:
          "Заменяет товар целиком: фотографии (порядок и удаление — списком photos), опции, тиражи, детали. id и archivedAt из ответа GET принимаются и не меняются; updatedAt, если передан, должен совпадать с сохранённым (иначе 409 PRODUCT_CHANGED). Неизвестные поля — 400. Те же правила, что при создании. / Replaces the whole product; updatedAt is an optimistic lock (409).",
        params: employeeCatalogIdParamsSchema,
        body: employeeProductSchema,
        response: { 200: employeeProductSchema, ...accessCheckedErrors, 409: conflictResponse },
      },
    },
    async (request) => {
      const { product, changed } = await service.updateProduct(employee(request), request.params.id, request.body, request.publicOrigin);
      if (changed) await catalogChanged();
      return product;
    },
  );

  api.post(
    "/employee/product/:id/archive",
    {
      config: { access: [...roles] },
      schema: {
        tags,
        operationId: "employeeArchiveProduct",
        summary: "Убрать товар в архив или вернуть / Archive or unarchive a product",
        description:
          "{archived: true} — товар больше не продаётся: пропадает из списков, поиска, карты сайта и счётчиков категорий, его страница переадресует в категорию (301), публичный API отвечает 410; корзины и заказы сохраняют строки по прежней цене. {archived: false} возвращает товар в продажу. / Archives (off the storefront; page 301 to its category, API 410; carts keep their lines) or puts back on sale.",
        params: employeeCatalogIdParamsSchema,
        body: employeeProductArchiveSchema,
        response: { 200: employeeProductSchema, ...accessCheckedErrors },
      },
    },
    async (request) => {
      const { product, changed } = await service.archiveProduct(employee(request), request.params.id, request.body.archived, request.publicOrigin);
      if (changed) await catalogChanged();
      return product;
    },
  );

  api.post(
    "/employee/product/:id/photo",
    {
      config: { access: [...roles] },
      schema: {
        tags,
        operationId: "employeeUploadProductPhoto",
        summary: "Загрузить фотографию товара / Upload a product photo",
        description:
          "multipart/form-data: file — PNG, JPEG, WebP или SVG (по содержимому) до 20 МБ; добавляется последней в photos товара (публичный файл). Порядок и удаление — через employeeUpdateProduct. Ответ — {path, url}. / An image up to 20 MB appended to the product's photos; reorder or remove with the PUT.",
        consumes: ["multipart/form-data"],
        params: employeeCatalogIdParamsSchema,
        response: { 200: catalogPhotoUploadSchema, ...accessCheckedErrors, 413: payloadTooLargeResponse, 503: storageUnavailableResponse },
      },
    },
    async (request) => {
      const viewer = employee(request);
      await service.getProduct(request.params.id, request.publicOrigin);
      const picture = await storePicture(request);
      await service.addProductPhoto(viewer, request.params.id, picture.path);
      await catalogChanged();
      return picture;
    },
  );
};
