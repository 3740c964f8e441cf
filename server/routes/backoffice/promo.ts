import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import {
  employeePickupPointListSchema,
  employeePickupPointSchema,
  employeePromocodeListSchema,
  employeePromocodeSchema,
  pickupPointCreateSchema,
  pickupPointIdParamsSchema,
  pickupPointUpdateSchema,
  promocodeCreateSchema,
  promocodeIdParamsSchema,
  promocodeUpdateSchema,
  serverErrorSchema,
} from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { requireEmployeeRole } from "../../plugins/session";
import { createBackOfficePromo } from "../../services/backoffice/promo.service";
import { accessCheckedErrors } from "../responses";
import type { BackOfficeRouteOptions } from "./options";

const codeTakenResponse = serverErrorSchema.check(z.describe("Такой код промокода уже есть / The code is taken"));

/**
 * The back office's promocodes and self-pickup points (issue 29): /api/employee/promocode and
 * /api/employee/pickup-point, role `manager` (an admin always). server/docs/back-office-promo.md.
 */
export const backOfficePromoRoutes: FastifyPluginAsyncZod<BackOfficeRouteOptions> = async (api, options) => {
  const promo = createBackOfficePromo(options.database);
  const tags = [openApiTags.backOffice];
  const access = ["manager"] as const;
  const manager = (request: Parameters<typeof requireEmployeeRole>[0]) => requireEmployeeRole(request, access);

  api.get(
    "/employee/promocode",
    {
      config: { access },
      schema: {
        tags,
        operationId: "employeeListPromocodes",
        summary: "Промокоды / Promocodes",
        description:
          "Все промокоды, новые сверху, с числом заказов, которые их использовали (usedCount, отменённые не считаются). / Every promocode, newest first, with its use by orders that are not cancelled.",
        response: { 200: employeePromocodeListSchema, ...accessCheckedErrors },
      },
    },
    async (request) => {
      manager(request);
      return { items: await promo.listPromocodes() };
    },
  );

  api.get(
    "/employee/promocode/:id",
    {
      config: { access },
      schema: {
        tags,
        operationId: "employeeGetPromocode",
        summary: "Промокод / A promocode",
        description: "Промокод целиком; ответ можно без изменений отправить в employeeUpdatePromocode. / The whole promocode; its answer is accepted unchanged by employeeUpdatePromocode.",
        params: promocodeIdParamsSchema,
        response: { 200: employeePromocodeSchema, ...accessCheckedErrors },
      },
    },
    async (request) => {
      manager(request);
      return promo.getPromocode(request.params.id);
    },
  );

  api.post(
    "/employee/promocode",
    {
      config: { access },
      schema: {
        tags,
        operationId: "employeeCreatePromocode",
        summary: "Создать промокод / Create a promocode",
        description: [
          "code — латиница, цифры и дефис, хранится в верхнем регистре, уникален (409 PROMOCODE_CODE_TAKEN). kind=percent: value — целый процент 1–100; kind=fixed: value — рубли.",
          "minOrderSum — рубли; validFrom/validTo — моменты ISO 8601 или null; usageLimitTotal/usageLimitPerClient — число заказов (не отменённых) или null; categoryIds — существующие категории (пусто: все товары).",
          "Запись попадает в журнал изменений. / Creates a promocode; the code is unique, the categories must exist; the write is audited.",
        ].join(" "),
        body: promocodeCreateSchema,
        response: { 200: employeePromocodeSchema, ...accessCheckedErrors, 409: codeTakenResponse },
      },
    },
    async (request) => promo.createPromocode(manager(request), request.body),
  );

  api.put(
    "/employee/promocode/:id",
    {
      config: { access },
      schema: {
        tags,
        operationId: "employeeUpdatePromocode",
        summary: "Изменить промокод / Replace a promocode",
        description:
          "Заменяет промокод целиком (поля как в employeeCreatePromocode); id, usedCount и updatedAt из ответа employeeGetPromocode принимаются и не меняются; другие лишние поля — 400. active=false выключает код. / Replaces the whole promocode; the Get answer's read-only fields are accepted and ignored, unknown fields are 400.",
        params: promocodeIdParamsSchema,
        body: promocodeUpdateSchema,
        response: { 200: employeePromocodeSchema, ...accessCheckedErrors, 409: codeTakenResponse },
      },
    },
    async (request) => promo.updatePromocode(manager(request), request.params.id, request.body),
  );

  api.get(
    "/employee/pickup-point",
    {
      config: { access },
      schema: {
        tags,
        operationId: "employeeListPickupPoints",
        summary: "Пункты самовывоза / Self-pickup points",
        description: "Все пункты самовывоза, закрытые (active=false) тоже, по городам. / Every self-pickup point, closed ones included, by city.",
        response: { 200: employeePickupPointListSchema, ...accessCheckedErrors },
      },
    },
    async (request) => {
      manager(request);
      return { items: await promo.listPickupPoints() };
    },
  );

  api.get(
    "/employee/pickup-point/:id",
    {
      config: { access },
      schema: {
        tags,
        operationId: "employeeGetPickupPoint",
        summary: "Пункт самовывоза / A self-pickup point",
        description: "Пункт целиком; ответ можно без изменений отправить в employeeUpdatePickupPoint. / The whole point; its answer is accepted unchanged by employeeUpdatePickupPoint.",
        params: pickupPointIdParamsSchema,
        response: { 200: employeePickupPointSchema, ...accessCheckedErrors },
      },
    },
    async (request) => {
      manager(request);
      return promo.getPickupPoint(request.params.id);
    },
  );

  api.post(
    "/employee/pickup-point",
    {
      config: { access },
      schema: {
        tags,
        operationId: "employeeCreatePickupPoint",
        summary: "Добавить пункт самовывоза / Add a self-pickup point",
        description:
          "cityKladrId — город, известный магазину (иначе 400 CITY_UNKNOWN); operatingMode — часы работы текстом; geoLat/geoLon — обе координаты или ни одной. Запись попадает в журнал изменений. / Adds a point in a known city; the write is audited.",
        body: pickupPointCreateSchema,
        response: { 200: employeePickupPointSchema, ...accessCheckedErrors },
      },
    },
    async (request) => promo.createPickupPoint(manager(request), request.body),
  );

  api.put(
    "/employee/pickup-point/:id",
    {
      config: { access },
      schema: {
        tags,
        operationId: "employeeUpdatePickupPoint",
        summary: "Изменить пункт самовывоза / Replace a self-pickup point",
        description:
          "Заменяет пункт целиком; id, cityName и createdAt из ответа employeeGetPickupPoint принимаются и не меняются; другие лишние поля — 400. active=false закрывает пункт: корзина его больше не предлагает, заказы с ним его сохраняют. / Replaces the whole point; a closed one is no longer offered by the cart.",
        params: pickupPointIdParamsSchema,
        body: pickupPointUpdateSchema,
        response: { 200: employeePickupPointSchema, ...accessCheckedErrors },
      },
    },
    async (request) => promo.updatePickupPoint(manager(request), request.params.id, request.body),
  );
};
