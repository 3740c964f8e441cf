import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notificationListPageSchema, notificationListQuerySchema, notificationReadRequestSchema, notificationReadResultSchema, notificationSettingsSchema } from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { accessCheckedErrors } from "../responses";
import { signedInClientId } from "../signed-in-client";

/**
 * The client's notifications («Уведомления» of the account area, issue 15): order statuses,
 * payments, design orders' news. An employee in client mode reads the client's; outside it, 403.
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (api) => {
  const tags = [openApiTags.clientAccount];

  api.get(
    "/client-account/notification",
    {
      config: { access: "signedIn" },
      schema: {
        tags,
        operationId: "getNotifications",
        summary: "Уведомления / Notifications",
        description:
          "Уведомления клиента, новые сверху: статусы заказов, оплаты, заказы дизайна и сообщения дизайнера. companyId — только одной компании. unread — сколько непрочитанных при том же фильтре. Сотрудник в режиме клиента видит уведомления клиента. / The client's notifications, newest first; companyId narrows; unread counts the unread ones under the same filter. An employee in client mode reads the client's.",
        querystring: notificationListQuerySchema,
        response: { 200: notificationListPageSchema, ...accessCheckedErrors },
      },
    },
    async (request) => api.notifications.list(signedInClientId(request), request.query),
  );

  api.post(
    "/client-account/notification/read",
    {
      config: { access: "signedIn" },
      schema: {
        tags,
        operationId: "markNotificationsRead",
        summary: "Отметить уведомления прочитанными / Mark notifications read",
        description:
          "{ ids: [...] } — эти (чужие номера пропускаются), { all: true } — все. Отвечает, сколько осталось непрочитанных. / Marks the listed ones (others' ids are skipped) or all; answers how many stay unread.",
        body: notificationReadRequestSchema,
        response: { 200: notificationReadResultSchema, ...accessCheckedErrors },
      },
    },
    async (request) => api.notifications.markRead(signedInClientId(request), request.body),
  );

  api.get(
    "/client-account/notification/settings",
    {
      config: { access: "signedIn" },
      schema: {
        tags,
        operationId: "getNotificationSettings",
        summary: "Настройки писем / Letter settings",
        description:
          "orderNewsByMail — присылать ли письма о промежуточных статусах заказа и копии сообщений дизайнера. Письма о принятом заказе, оплате, готовности к выдаче, передаче в доставку, отмене, возврате макета и результате заказа дизайна приходят всегда (server/docs/letters.md). / Whether non-essential order letters go; transactional ones always do.",
        response: { 200: notificationSettingsSchema, ...accessCheckedErrors },
      },
    },
    async (request) => api.notifications.settings(signedInClientId(request)),
  );

  api.put(
    "/client-account/notification/settings",
    {
      config: { access: "signedIn" },
      schema: {
        tags,
        operationId: "saveNotificationSettings",
        summary: "Сохранить настройки писем / Save the letter settings",
        description: "Включает или выключает необязательные письма о ходе заказа. / Turns the non-essential order letters on or off.",
        body: notificationSettingsSchema,
        response: { 200: notificationSettingsSchema, ...accessCheckedErrors },
      },
    },
    async (request) => api.notifications.saveSettings(signedInClientId(request), request.body),
  );
};
