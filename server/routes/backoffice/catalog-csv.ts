import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import fastifyMultipart from "@fastify/multipart";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { catalogImportQuerySchema, catalogImportResultSchema, serverErrorSchema } from "../../../shared/contracts/index";
import { isStorageFault } from "../../db/storage-fault";
import { CATALOG_IMPORT_MAX_BYTES } from "../../limits";
import { openApiTags } from "../../plugins/openapi";
import { routeLimit } from "../../plugins/rate-limits";
import { requireEmployeeRole } from "../../plugins/session";
import { createCatalogCsvService } from "../../services/backoffice/catalog-csv.service";
import { ShopError } from "../../services/shop-error";
import { binaryResponse } from "../orders/orders";
import { accessCheckedErrors, payloadTooLargeResponse, storageUnavailableResponse, tooManyRequestsResponse } from "../responses";
import { readUploadForm } from "../files/multipart";
import type { BackOfficeRouteOptions } from "./options";

/*
 * The catalogue as one CSV file (issue 29; docs: server/docs/back-office-catalog-csv.md): export
 * streams it, import takes it as a multipart form (field `file`) or as a text/csv body, streams it
 * to a temporary file in the incoming folder (never whole in memory; over the limit: 413), and
 * hands it to the service, which checks every row before it writes anything.
 */

export interface CatalogCsvRouteOptions extends BackOfficeRouteOptions {
  /** Where uploads stream to (private/.incoming, cleared of stale files by the scheduler). */
  incomingDir: string;
}

const ACCESS = ["catalog"] as const;

const importRolledBackResponse = serverErrorSchema.check(
  z.describe("База данных не приняла запись, импорт отменён целиком, каталог не изменён: CATALOG_IMPORT_ROLLED_BACK / The database failed mid-import; all of it rolled back"),
);

function catalogFileTooLarge(): ShopError {
  const megabytes = Math.round(CATALOG_IMPORT_MAX_BYTES / (1024 * 1024));
  return new ShopError({
    statusCode: 413,
    code: "CATALOG_FILE_TOO_LARGE",
    messageUI: `Файл каталога больше ${megabytes} МБ: разделите его на несколько файлов по категориям`,
    message: `The catalogue file is over ${CATALOG_IMPORT_MAX_BYTES} bytes`,
  });
}

const noFile = (): ShopError =>
  new ShopError({
    statusCode: 400,
    code: "CATALOG_FILE_MISSING",
    messageUI: "Выберите файл каталога (CSV) для загрузки",
    message: "No catalogue file: send a multipart form with the field `file` or a text/csv body",
  });

/** A text/csv body, streamed to `path` with the size limit counted on the way. */
async function spoolBody(body: Readable, path: string): Promise<number> {
  let size = 0;
  await pipeline(
    body,
    async function* count(chunks: AsyncIterable<Buffer | string>) {
      for await (const piece of chunks) {
        const chunk = typeof piece === "string" ? Buffer.from(piece) : piece;
        size += chunk.length;
        if (size > CATALOG_IMPORT_MAX_BYTES) throw catalogFileTooLarge();
        yield chunk;
      }
    },
    createWriteStream(path, { flags: "wx" }),
  );
  return size;
}

/** The uploaded file's path on disk (the caller removes it), whichever way it came. */
async function receiveFile(request: FastifyRequest, incomingDir: string, cleanup: string[]): Promise<string> {
  if (request.isMultipart()) {
    const form = await readUploadForm(request, { maxFileBytes: CATALOG_IMPORT_MAX_BYTES, roomBytes: null, quotaBytes: null }, incomingDir).catch((error: unknown) => {
      if (error instanceof ShopError && error.statusCode === 413) throw catalogFileTooLarge();
      throw error;
    });
    if (form.file) cleanup.push(form.file.path);
    if (!form.file || form.file.sizeBytes === 0) throw noFile();
    return form.file.path;
  }
  if (!(request.headers["content-type"] ?? "").toLowerCase().startsWith("text/csv")) throw noFile();
  await mkdir(incomingDir, { recursive: true });
  const path = join(incomingDir, `${randomUUID()}.catalog.csv`);
  cleanup.push(path);
  try {
    const size = await spoolBody(request.raw, path);
    if (size === 0) throw noFile();
  } catch (error) {
    if (error instanceof ShopError || isStorageFault(error)) throw error;
    throw new ShopError({ statusCode: 400, code: "CATALOG_FILE_UNREADABLE", messageUI: "Файл каталога не дошёл целиком: отправьте его ещё раз", message: `Unreadable body: ${String(error)}` });
  }
  return path;
}

export const backOfficeCatalogCsvRoutes: FastifyPluginAsyncZod<CatalogCsvRouteOptions> = async (api, options) => {
  const tags = [openApiTags.backOffice];
  const csv = createCatalogCsvService(options.database, api.cacheInvalidation);
  await api.register(fastifyMultipart);
  // A text/csv body is left unread here (request.body stays empty, so no hook walks a stream): the
  // handler spools request.raw to disk under its own limit.
  api.addContentTypeParser("text/csv", (_request, _payload, done) => {
    done(null, undefined);
  });
  api.addHook("onSend", async (request, reply) => {
    if (request.raw.complete === false) reply.header("connection", "close");
  });

  api.get(
    "/employee/catalog/export",
    {
      config: { access: [...ACCESS] },
      schema: {
        tags,
        operationId: "employeeExportCatalog",
        summary: "Выгрузить каталог в CSV / Export the catalogue as CSV",
        description:
          "Весь каталог одним файлом text/csv (UTF-8 с BOM, разделитель «;», кавычки по RFC 4180), вложением catalog.csv: категории, затем товары со строками вариантов, ступеней цены и деталей. Файл выдаётся потоком. Формат — server/docs/back-office-catalog-csv.md; без изменений загружается обратно без единого изменения. / The whole catalogue as a text/csv attachment, streamed: categories, then each product with its option, tier and detail rows. Importing it unchanged changes nothing.",
        response: { 200: binaryResponse("Каталог, text/csv; charset=utf-8 / The catalogue, text/csv"), ...accessCheckedErrors },
      },
    },
    async (request, typedReply) => {
      requireEmployeeRole(request, [...ACCESS]);
      const reply: FastifyReply = typedReply;
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="catalog.csv"')
        .header("cache-control", "private, no-store")
        .send(Readable.from(csv.exportCatalog()));
    },
  );

  api.post(
    "/employee/catalog/import",
    {
      config: { access: [...ACCESS], rateLimit: routeLimit("catalog-import") },
      schema: {
        tags,
        operationId: "employeeImportCatalog",
        summary: "Загрузить каталог из CSV / Import the catalogue from CSV",
        description:
          "Файл в форме multipart/form-data (поле file) или телом text/csv, в формате выгрузки. dryRun=true (по умолчанию) — только проверить: что изменится и все ошибки по строкам, ничего не записывается. dryRun=false — проверить весь файл и, если ошибок нет, записать: товары по ключу «категория + адрес товара» создаются или заменяются целиком (варианты, ступени цены, детали — как в файле), категории по адресу; товары и категории, которых нет в файле, не меняются. Файл с любой ошибкой не меняет ничего. Каждый изменённый товар — запись в журнале (import), и одна запись catalog-import со счётчиками. Файл не больше 256 МБ (413); не больше 30 загрузок за 10 минут с адреса (429). / A multipart form (field file) or a text/csv body in the export's shape. dryRun=true (the default) checks only: what would change and every row's error, nothing written. dryRun=false checks the whole file and, with no error, writes it: products keyed by category and product slug are created or replaced whole; categories by slug; what the file leaves out is left alone. Any error: nothing changes. Audited per product and once per import.",
        consumes: ["multipart/form-data", "text/csv"],
        querystring: catalogImportQuerySchema,
        response: {
          200: catalogImportResultSchema,
          ...accessCheckedErrors,
          409: importRolledBackResponse,
          413: payloadTooLargeResponse,
          429: tooManyRequestsResponse,
          503: storageUnavailableResponse,
        },
      },
    },
    async (request) => {
      const viewer = requireEmployeeRole(request, [...ACCESS]);
      const cleanup: string[] = [];
      try {
        const path = await receiveFile(request, options.incomingDir, cleanup);
        return await csv.importCatalog(viewer, path, { dryRun: request.query.dryRun ?? true });
      } finally {
        await Promise.all(cleanup.map((path) => rm(path, { force: true })));
      }
    },
  );
};
