import fastifyMultipart from "@fastify/multipart";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fileIdParamsSchema, layoutApprovalSchema, layoutIdParamsSchema, layoutSchema, uploadedFileSchema, websiteFileSchema } from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { requireEmployee, requireViewer } from "../../plugins/session";
import { clientAddress, routeLimit } from "../../plugins/rate-limits";
import { actingClientId } from "../../services/accounts/acting-client";
import {
  accessCheckedErrors,
  forbiddenResponse,
  notFoundResponse,
  payloadTooLargeResponse,
  storageUnavailableResponse,
  tooManyRequestsResponse,
  unauthorizedResponse,
  validationErrorResponse,
  conflictResponse,
} from "../responses";
import type { UploadedPart } from "../../services/files/file.service";
import { requireFile, withUploadForm } from "./multipart";
import type { UploadForm } from "./multipart";

export interface FileRoutesOptions {
  /** The largest layout (and annotated PDF) accepted, in bytes (OTTISK_MAX_LAYOUT_MB). */
  maxLayoutBytes: number;
  /** Where uploads stream to while they arrive (multipart.ts); on the private files' disk, so storing them is a rename. */
  incomingDir: string;
}

/** Website images and PDFs: up to 20 MB each. */
export const MAX_WEBSITE_FILE_BYTES = 20 * 1024 * 1024;

/** `attachment` with the original name: ASCII for old clients, RFC 5987 UTF-8 for the rest (Cyrillic names). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Spec §7 "Files": the upload forms, and GET /file/{id} for private files. */
export const fileRoutes: FastifyPluginAsyncZod<FileRoutesOptions> = async (api, options) => {
  const tags = [openApiTags.files];

  /**
   * A layout or annotated PDF for the client being served: the account's upload quota and byte
   * budgets first, then the form streamed to disk (counted against the budgets as it arrives), its
   * size against the bytes the account may keep, then `store`. A file that is not stored gives the
   * budgets back what it took; a stored one keeps its size there.
   */
  const receiveClientUpload = async <T>(request: FastifyRequest, store: (clientId: number, form: UploadForm, file: UploadedPart) => Promise<T>): Promise<T> => {
    const viewer = requireViewer(request);
    const clientId = actingClientId(viewer);
    const allowance = await api.quotas.admitUpload(viewer, clientId, clientAddress(request));
    const stored: { bytes: number | null } = { bytes: null };
    try {
      return await withUploadForm(request, { maxFileBytes: options.maxLayoutBytes, ...allowance }, options.incomingDir, async (form) => {
        const file = requireFile(form);
        await api.quotas.confirmRoom(viewer, clientId, file.sizeBytes);
        const answer = await store(clientId, form, file);
        stored.bytes = file.sizeBytes;
        return answer;
      });
    } finally {
      if (stored.bytes === null) await allowance.meter?.release();
      else await allowance.meter?.settle(stored.bytes);
    }
  };
  // Only these routes read multipart bodies; the limits are set per form in readUploadForm, which streams files to disk.
  await api.register(fastifyMultipart);
  // An upload answered before its body was read to the end (a limit, a budget, a full disk) closes its
  // connection: the rest of the body is never read, and a client that reused the connection would wait on it.
  api.addHook("onSend", async (request, reply) => {
    if (request.raw.complete === false) reply.header("connection", "close");
  });

  api.get(
    "/file/:id",
    {
      schema: {
        tags,
        operationId: "getFile",
        summary: "Скачать закрытый файл / Download a private file",
        description:
          "Макет, счёт или файл с пометками. Доступен владельцу, клиенту, чьей строке заказа принадлежит, и сотрудникам; остальным — 404. / A layout, invoice or annotated file: for its owner, the client of its order line, and staff; 404 for anyone else.",
        params: fileIdParamsSchema,
        response: { 400: validationErrorResponse, 404: notFoundResponse },
      },
    },
    async (request, typedReply) => {
      const { file, bytes } = await api.files.readFor(request.viewer, request.params.id);
      // The answer is the file's bytes, which the route's JSON schemas do not describe.
      const reply: FastifyReply = typedReply;
      return reply
        .type(file.contentType)
        .header("content-disposition", contentDisposition(file.originalName))
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .header("cache-control", "private, no-cache")
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
    },
  );

  api.post(
    "/file/upload/layout",
    {
      config: { access: "viewer", rateLimit: routeLimit("upload") },
      schema: {
        tags,
        operationId: "uploadLayout",
        summary: "Загрузить макет детали / Upload a detail's layout",
        description:
          "multipart/form-data: file (PDF — проверяется по содержимому), orderProductId, detailName. Строка должна быть в корзине клиента (или в его заказе до производства); макет заменяет прежний макет этой детали, прежний файл удаляется. Файл пишется на диск по мере приёма. Квоты аккаунта (OTTISK_QUOTA_*): загрузок в час — 429, место под файлы — 413, мегабайт в сутки — 429 DAILY_UPLOAD_BUDGET_EXCEEDED (или 413, если файл больше остатка); временные аккаунты посетителей с одного адреса вместе — не больше OTTISK_VISITOR_MB_PER_HOUR в час (429/413 ADDRESS_UPLOAD_BUDGET_EXCEEDED, с Retry-After); с одного адреса не больше 100 загрузок в час — 429. Сбой диска при приёме или сохранении — 503 STORAGE_UNAVAILABLE, ничего не записано. / file (a PDF by its content), orderProductId, detailName; replaces the detail's previous layout, whose file is deleted. Streamed to disk as it arrives. The account's quotas: uploads per hour (429), stored bytes (413), megabytes per day (429 DAILY_UPLOAD_BUDGET_EXCEEDED, 413 when the file is larger than what is left); visitors' temporary accounts from one address together: OTTISK_VISITOR_MB_PER_HOUR per hour (429/413 ADDRESS_UPLOAD_BUDGET_EXCEEDED, with Retry-After); at most 100 uploads per address per hour (429). A disk fault while receiving or storing: 503 STORAGE_UNAVAILABLE, nothing recorded.",
        consumes: ["multipart/form-data"],
        response: {
          200: layoutSchema,
          ...accessCheckedErrors,
          409: conflictResponse,
          413: payloadTooLargeResponse,
          429: tooManyRequestsResponse,
          503: storageUnavailableResponse,
        },
      },
    },
    async (request) => receiveClientUpload(request, (clientId, form, file) => api.layouts.uploadLayout(clientId, form.fields, file, request.publicOrigin)),
  );

  api.put(
    "/file/layout/:id/approval",
    {
      config: { access: "viewer" },
      schema: {
        tags,
        operationId: "setLayoutApproval",
        summary: "Подтвердить макет / Approve a layout as it is",
        description:
          "Клиент видел пробный оттиск (proof) и подтверждает макет как есть — с замечаниями проверки или без; approved: false снимает подтверждение. Неподтверждённый макет с замечаниями не даёт оформить заказ. После запуска заказа в производство — 409. / The customer approves the layout as it is after seeing the proof; a failed layout blocks the order until approved.",
        params: layoutIdParamsSchema,
        body: layoutApprovalSchema,
        response: { 200: layoutSchema, ...accessCheckedErrors, 409: conflictResponse },
      },
    },
    async (request) =>
      api.layouts.setApproval(actingClientId(requireViewer(request)), request.params.id, request.body.approved, request.publicOrigin),
  );

  api.post(
    "/file/upload/website/file",
    {
      config: { access: ["content", "catalog"] },
      schema: {
        tags,
        operationId: "uploadWebsiteFile",
        summary: "Загрузить файл сайта / Upload a website file",
        description:
          "Только сотрудники. multipart/form-data: file — PNG, JPEG, WebP, SVG или PDF (по содержимому) до 20 МБ; файл становится публичным. / Staff only; an image or PDF up to 20 MB, published under /files/site/uploads/.",
        consumes: ["multipart/form-data"],
        response: { 200: websiteFileSchema, 400: validationErrorResponse, 401: unauthorizedResponse, 403: forbiddenResponse, 413: payloadTooLargeResponse, 503: storageUnavailableResponse },
      },
    },
    async (request) => {
      requireEmployee(request);
      // Staff have no quota; the file streams to disk like any upload.
      return withUploadForm(request, { maxFileBytes: MAX_WEBSITE_FILE_BYTES, roomBytes: null, quotaBytes: null }, options.incomingDir, async (form) =>
        api.files.storeWebsiteFile(requireFile(form), request.publicOrigin),
      );
    },
  );

  api.post(
    "/file/upload/annotation",
    {
      config: { access: "viewer", rateLimit: routeLimit("upload") },
      schema: {
        tags,
        operationId: "uploadAnnotatedFile",
        summary: "Загрузить PDF с пометками для дизайнера / Upload an annotated PDF for the designer",
        description:
          "multipart/form-data: file (PDF). Возвращает fileId для PATCH /client-order/design/{designId}. Квоты аккаунта: загрузок в час — 429, место под файлы — 413, мегабайт в сутки и (для посетителей) мегабайт в час с адреса — 429/413; с одного адреса не больше 100 загрузок в час — 429. Сбой диска — 503 STORAGE_UNAVAILABLE. / Returns the fileId to attach to a design order. The account's quotas: uploads per hour (429), stored bytes (413), megabytes per day and (visitors) megabytes per hour per address (429/413); at most 100 uploads per address per hour (429). A disk fault: 503 STORAGE_UNAVAILABLE.",
        consumes: ["multipart/form-data"],
        response: {
          200: uploadedFileSchema,
          400: validationErrorResponse,
          401: unauthorizedResponse,
          403: forbiddenResponse,
          413: payloadTooLargeResponse,
          429: tooManyRequestsResponse,
          503: storageUnavailableResponse,
        },
      },
    },
    async (request) => receiveClientUpload(request, (clientId, _form, file) => api.files.storeAnnotation(clientId, file, request.publicOrigin)),
  );
};
