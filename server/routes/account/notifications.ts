import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notificationListPageSchema, notificationListQuerySchema, notificationReadRequestSchema, notificationReadResultSchema } from "../../../shared/contracts/index";
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
};
