import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  addressSuggestionListSchema,
  addressSuggestQuerySchema,
  deliveryCityParamsSchema,
  deliveryOptionsQuerySchema,
  deliveryOptionsSchema,
  districtListSchema,
  districtQuerySchema,
  pickupPointListSchema,
  pvzParamsSchema,
  pvzQuerySchema,
} from "../../../shared/contracts/index";
import type { FastifyRequest } from "fastify";
import { openApiTags } from "../../plugins/openapi";
import { notFoundResponse, validationErrorResponse } from "../responses";

/** Whose saved addresses /geo/address looks through: the acting client's, none without a session or outside client mode. */
function addressOwner(request: FastifyRequest): number | null {
  const viewer = request.viewer;
  if (!viewer) return null;
  if (viewer.account.typeUser === "employee") return viewer.placeClientId;
  return viewer.account.id;
}

/** GET /geo/delivery, /geo/pvz, /geo/district and /geo/address (spec §7 "Geography and delivery"). */
export const deliveryGeoRoutes: FastifyPluginAsyncZod = async (api) => {
  const tags = [openApiTags.geo];

  api.get(
    "/geo/delivery/:cityId",
    {
      schema: {
        tags,
        operationId: "getDeliveryOptions",
        summary: "Способы доставки в город / Delivery methods to a city",
        description: [
          "cityId — код КЛАДР города (13 цифр; 17-значный код улицы читается как код города). Способы, доступные в городе, с ценой в рублях и датой доставки:",
          "дешёвые первыми, при isUrgent=true — быстрые первыми. weightGrams — вес посылки (по умолчанию 1000 г), productionTimeDay — рабочие дни",
          "изготовления (по умолчанию 3, срочно 1). / cityId is the city's KLADR id. The methods available there with price (roubles) and date:",
          "cheapest first, soonest first when urgent. Weight defaults to 1 kg; production to 3 working days (1 when urgent).",
        ].join(" "),
        params: deliveryCityParamsSchema,
        querystring: deliveryOptionsQuerySchema,
        response: { 200: deliveryOptionsSchema, 400: validationErrorResponse, 404: notFoundResponse },
      },
    },
    async (request) => api.delivery.options(request.params.cityId, request.query),
  );

  api.get(
    "/geo/pvz/:kladrId",
    {
      schema: {
        tags,
        operationId: "getPickupPoints",
        summary: "Пункты выдачи / Pickup points",
        description: [
          "Пункты выдачи службы deliveryProvider в городе: СДЭК, Boxberry, DPD (по API службы, если он подключён; иначе демонстрационные точки),",
          "автовокзал (BusStation) или пункты самовывоза типографии (SelfPickup). Тариф «до двери» (tariffCode) пунктов не имеет — пустой список.",
          "code пункта передаётся в pickupPointCode доставки. / The provider's pickup points in the city (its API when configured, demo points",
          "otherwise), the bus station, or the shop's own counters; a door tariff has none. A point's code is a delivery's pickupPointCode.",
        ].join(" "),
        params: pvzParamsSchema,
        querystring: pvzQuerySchema,
        response: { 200: pickupPointListSchema, 400: validationErrorResponse, 404: notFoundResponse },
      },
    },
    async (request) => api.delivery.pickupPoints(request.params.kladrId, request.query),
  );

  api.get(
    "/geo/district",
    {
      schema: {
        tags,
        operationId: "getCourierDistricts",
        summary: "Зоны курьерской доставки / Courier districts",
        description: [
          "Зоны доставки курьером типографии в её городах (Краснодар, Москва) с ценой за посылку до 1 кг и датой; cityKladrId — только один город.",
          "code зоны передаётся в tariffCode доставки Courier. / The districts of the shop's own courier in its cities, with the price of a",
          "parcel up to 1 kg and the date; a district's code is a Courier delivery's tariffCode.",
        ].join(" "),
        querystring: districtQuerySchema,
        response: { 200: districtListSchema, 400: validationErrorResponse, 404: notFoundResponse },
      },
    },
    async (request) => api.delivery.districts(request.query),
  );

  api.get(
    "/geo/address",
    {
      schema: {
        tags,
        operationId: "suggestAddresses",
        summary: "Подсказки адреса / Address suggestions",
        description: [
          "До 10 подсказок к адресу: с DaData (если подключён ключ) или из сохранённых адресов клиента и известных городов.",
          "/ Up to 10 suggestions: DaData's when configured, otherwise the client's saved addresses and the known cities.",
        ].join(" "),
        querystring: addressSuggestQuerySchema,
        response: { 200: addressSuggestionListSchema, 400: validationErrorResponse },
      },
    },
    async (request) => api.delivery.suggestAddresses(request.query.address, addressOwner(request)),
  );
};
