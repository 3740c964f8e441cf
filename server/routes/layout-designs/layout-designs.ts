import fastifyMultipart from "@fastify/multipart";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import {
  LAYOUT_DESIGN_IMAGE_MAX_BYTES,
  LAYOUT_DESIGN_IMAGE_MAX_PX,
  layoutDesignCreateRequestSchema,
  layoutDesignDeletedSchema,
  layoutDesignIdParamsSchema,
  layoutDesignImageIdParamsSchema,
  layoutDesignImageSchema,
  layoutDesignListSchema,
  layoutDesignSchema,
  layoutDesignTemplateListSchema,
  layoutDesignTemplateQuerySchema,
  layoutDesignUpdateRequestSchema,
  serverErrorSchema,
} from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { clientAddress, routeLimit } from "../../plugins/rate-limits";
import { ensureViewer, requireViewer } from "../../plugins/session";
import { actingClientId } from "../../services/accounts/acting-client";
import type { Viewer } from "../../services/accounts/session.service";
import { imageQuotaExceeded } from "../../services/layout-designs/layout-design-image.service";
import type { DesignOwner } from "../../services/layout-designs/layout-design.service";
import { ShopError } from "../../services/shop-error";
import { requireFile, withUploadForm } from "../files/multipart";
import {
  accessCheckedErrors,
  notFoundResponse,
  payloadTooLargeResponse,
  storageUnavailableResponse,
  tooManyRequestsResponse,
  validationErrorResponse,
} from "../responses";
import { binaryResponse } from "../orders/orders";

export interface LayoutDesignRoutesOptions {
  /** Where uploads stream to while they arrive (routes/files/multipart.ts). */
  incomingDir: string;
}

/** The templates are the same for everyone and change only in the back office: browsers and proxies keep the list five minutes. */
export const LAYOUT_DESIGN_TEMPLATES_CACHE_CONTROL = "public, max-age=300";
/** A picture's bytes never change under its id: the owner's browser keeps them, no shared cache does. */
export const LAYOUT_DESIGN_IMAGE_CACHE_CONTROL = "private, max-age=31536000, immutable";

/** Whose designs a call works on: the account of the session (a visitor's temporary one too), or the client an employee acts for. */
export function designOwnerOf(viewer: Viewer): DesignOwner {
  return { accountId: actingClientId(viewer), temporary: viewer.account.typeUser !== "employee" && viewer.account.temporary };
}

const whose =
  "The caller's designs: a client's, a visitor's (the first save or picture opens a temporary account, as the cart does; they move to the account at sign-in or registration), or, for an employee in client mode, the client's; 403 to an employee outside client mode. Another account's id answers 404.";

const tooManyOrNewVisitor = serverErrorSchema.check(
  z.describe("Too many saves or uploads from the address (design-save / design-upload), or too many new temporary accounts (temp-account); Retry-After"),
);

/**
 * The layout designer (issue 32): GET /layout-design-templates, the caller's designs
 * (/layout-designs) and their pictures (/layout-design-images). server/README.md "Layout designs".
 */
export const layoutDesignRoutes: FastifyPluginAsyncZod<LayoutDesignRoutesOptions> = async (api, options) => {
  const tags = [openApiTags.layoutDesigner];
  // Only the picture upload reads a multipart body here; the form's limits are set per upload (multipart.ts).
  await api.register(fastifyMultipart);
  // An upload answered before its body was read to the end (a limit, the quota) closes its connection, as routes/files does.
  api.addHook("onSend", async (request, reply) => {
    if (request.raw.complete === false) reply.header("connection", "close");
  });

  api.get(
    "/layout-design-templates",
    {
      schema: {
        tags,
        operationId: "getLayoutDesignTemplates",
        summary: "The designer's templates",
        description:
          "The active templates, in the shop's order. kind narrows them to business-card, flyer or sticker; trimMm (e.g. 90x50) to one trim size, in either orientation, within 0.5 mm. Public and the same for everyone: cached for five minutes.",
        querystring: layoutDesignTemplateQuerySchema,
        response: { 200: layoutDesignTemplateListSchema, 400: validationErrorResponse },
      },
    },
    async (request, reply) => {
      const list = await api.layoutDesignTemplates.listActive(request.query);
      reply.header("cache-control", LAYOUT_DESIGN_TEMPLATES_CACHE_CONTROL);
      return list;
    },
  );

  api.get(
    "/layout-designs",
    {
      schema: {
        tags,
        operationId: "getLayoutDesigns",
        summary: "My designs",
        description: `${whose} The last saved first, without their documents: the product's name, the trim size, the number of sides and the first side's background for a preview. Without a session: an empty list, nothing is created.`,
        response: { 200: layoutDesignListSchema, ...accessCheckedErrors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-cache");
      return request.viewer ? api.layoutDesigns.list(designOwnerOf(request.viewer)) : { designs: [] };
    },
  );

  api.post(
    "/layout-designs",
    {
      config: { rateLimit: routeLimit("design-save") },
      schema: {
        tags,
        operationId: "createLayoutDesign",
        summary: "Save a new design",
        description: `${whose} The document is checked beyond its contract: at most DESIGN_DOCUMENT_MAX_BYTES of JSON (413), fonts from the designer's list, element ids unique on their side, every picture one this account uploaded with its pixel size (400), the product sold (404, 410) and taking layouts, the trim size one of the product's detail profiles within its tolerance (either orientation) and at most as many sides as the product has details (400). The account's designs have a quota (413 LAYOUT_DESIGN_QUOTA_EXCEEDED); saves are limited per address and minute (429).`,
        body: layoutDesignCreateRequestSchema,
        response: { 200: layoutDesignSchema, ...accessCheckedErrors, 410: serverErrorSchema.check(z.describe("The product is no longer sold")), 413: payloadTooLargeResponse, 429: tooManyOrNewVisitor },
      },
    },
    async (request, reply) => api.layoutDesigns.create(designOwnerOf(await ensureViewer(request, reply, api.sessions, { keep: true })), request.body),
  );

  api.get(
    "/layout-designs/:id",
    {
      config: { access: "viewer" },
      schema: {
        tags,
        operationId: "getLayoutDesign",
        summary: "One of my designs",
        description: `${whose} The whole design with its document and version.`,
        params: layoutDesignIdParamsSchema,
        response: { 200: layoutDesignSchema, ...accessCheckedErrors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-cache");
      return api.layoutDesigns.get(designOwnerOf(requireViewer(request)), request.params.id);
    },
  );

  api.put(
    "/layout-designs/:id",
    {
      config: { access: "viewer", rateLimit: routeLimit("design-save") },
      schema: {
        tags,
        operationId: "updateLayoutDesign",
        summary: "Save a design again",
        description: `${whose} The whole design, checked as on creation, with the version it was read at: when another tab or device saved it meanwhile, 409 LAYOUT_DESIGN_CHANGED and nothing is written. Answers the design with its next version.`,
        params: layoutDesignIdParamsSchema,
        body: layoutDesignUpdateRequestSchema,
        response: {
          200: layoutDesignSchema,
          ...accessCheckedErrors,
          409: serverErrorSchema.check(z.describe("Saved meanwhile in another tab or device: LAYOUT_DESIGN_CHANGED")),
          410: serverErrorSchema.check(z.describe("The product chosen is no longer sold")),
          413: payloadTooLargeResponse,
          429: tooManyRequestsResponse,
        },
      },
    },
    async (request) => api.layoutDesigns.update(designOwnerOf(requireViewer(request)), request.params.id, request.body),
  );

  api.delete(
    "/layout-designs/:id",
    {
      config: { access: "viewer" },
      schema: {
        tags,
        operationId: "deleteLayoutDesign",
        summary: "Delete a design",
        description: `${whose} Its pictures stay a day for the account's other designs; pictures no design uses are collected when the account needs their room.`,
        params: layoutDesignIdParamsSchema,
        response: { 200: layoutDesignDeletedSchema, ...accessCheckedErrors },
      },
    },
    async (request) => api.layoutDesigns.remove(designOwnerOf(requireViewer(request)), request.params.id),
  );

  api.post(
    "/layout-design-images",
    {
      config: { rateLimit: routeLimit("design-upload") },
      schema: {
        tags,
        operationId: "uploadLayoutDesignImage",
        summary: "Upload a picture for a design",
        description: `${whose} multipart/form-data with the picture in the field file: a JPEG or PNG judged by its bytes (else 400 UNSUPPORTED_IMAGE_TYPE), at most ${LAYOUT_DESIGN_IMAGE_MAX_BYTES / (1024 * 1024)} MB (413 FILE_TOO_LARGE) and ${LAYOUT_DESIGN_IMAGE_MAX_PX} px a side, read from its header (413 IMAGE_TOO_MANY_PIXELS). Streamed to the file storage as it arrives. The bytes an account keeps have a quota (413 LAYOUT_DESIGN_IMAGES_QUOTA_EXCEEDED); the bytes count against the account's uploads per day and, for a visitor, the address's per hour, as layouts do (429/413 DAILY_UPLOAD_BUDGET_EXCEEDED, ADDRESS_UPLOAD_BUDGET_EXCEEDED); uploads are limited per address and minute (429). Answers the id and pixel size to put in the document's image source.`,
        consumes: ["multipart/form-data"],
        response: {
          200: layoutDesignImageSchema,
          400: validationErrorResponse,
          401: accessCheckedErrors[401],
          403: accessCheckedErrors[403],
          413: payloadTooLargeResponse,
          429: tooManyOrNewVisitor,
          503: storageUnavailableResponse,
        },
      },
    },
    async (request, reply) => {
      const viewer = await ensureViewer(request, reply, api.sessions, { keep: true });
      const owner = designOwnerOf(viewer);
      const room = await api.layoutDesignImages.admit(owner);
      // The bytes count against the account's uploads per day and, for visitors, the address's per hour, as layouts do.
      const meter = await api.quotas.meterUpload(viewer, owner.accountId, clientAddress(request));
      const stored: { bytes: number | null } = { bytes: null };
      try {
        return await withUploadForm(request, { maxFileBytes: LAYOUT_DESIGN_IMAGE_MAX_BYTES, roomBytes: room.roomBytes, quotaBytes: room.quotaBytes, meter }, options.incomingDir, async (form) => {
          const image = await api.layoutDesignImages.store(owner, requireFile(form));
          stored.bytes = image.bytes;
          return image;
        });
      } catch (error) {
        // The form reader's refusals, in the designer's words.
        if (error instanceof ShopError && error.code === "STORAGE_QUOTA_EXCEEDED") throw imageQuotaExceeded(owner, room.quotaBytes);
        if (error instanceof ShopError && error.code === "FILE_TOO_LARGE") {
          throw new ShopError({
            statusCode: 413,
            code: "FILE_TOO_LARGE",
            messageUI: `Изображение больше ${LAYOUT_DESIGN_IMAGE_MAX_BYTES / (1024 * 1024)} МБ: уменьшите его или сохраните в JPEG`,
            message: error.message,
          });
        }
        throw error;
      } finally {
        if (stored.bytes === null) await meter?.release();
        else await meter?.settle(stored.bytes);
      }
    },
  );

  api.get(
    "/layout-design-images/:id",
    {
      config: { access: "viewer" },
      schema: {
        tags,
        operationId: "getLayoutDesignImage",
        summary: "A picture of my designs",
        description: `${whose} The picture's bytes with its content type (image/jpeg or image/png), cached privately (its bytes never change under its id; If-None-Match answers 304).`,
        params: layoutDesignImageIdParamsSchema,
        response: { 200: binaryResponse("The picture (image/jpeg or image/png)"), ...accessCheckedErrors, 404: notFoundResponse },
      },
    },
    async (request, typedReply) => {
      const { image, object } = await api.layoutDesignImages.open(designOwnerOf(requireViewer(request)), request.params.id);
      // The answer is the picture's bytes, which the route's JSON schemas do not describe.
      const reply: FastifyReply = typedReply;
      reply
        .header("etag", object.etag)
        .header("cache-control", LAYOUT_DESIGN_IMAGE_CACHE_CONTROL)
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox");
      if (request.headers["if-none-match"] === object.etag) {
        object.body.destroy();
        return reply.code(304).send();
      }
      if (object.sizeBytes !== null) reply.header("content-length", String(object.sizeBytes));
      return reply.type(image.contentType).send(object.body);
    },
  );
};
