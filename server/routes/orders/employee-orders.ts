import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import {
  employeeOrderListPageSchema,
  employeeOrderListQuerySchema,
  employeeOrderSchema,
  orderIdParamsSchema,
  orderStatusChangeSchema,
  paymentRecordListSchema,
  serverErrorSchema,
} from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { requireEmployee } from "../../plugins/session";
import { accessCheckedErrors } from "../responses";

const statusConflictResponse = serverErrorSchema.check(z.describe("Такой переход статуса запрещён / The rules do not allow this status move"));

/**
 * The employee's panel over every client's orders (issue 15; the spec's admin panel is "not
 * shown"): staff only, and outside client mode (an employee acting for a client gets 403
 * CLIENT_MODE_ACTIVE). Status rules: services/orders/employee-orders.service.ts.
 */
export const employeeOrderRoutes: FastifyPluginAsyncZod = async (api) => {
  const tags = [openApiTags.orders];

  api.get(
    "/employee/order",
    {
      config: { access: ["manager"] },
      schema: {
        tags,
        operationId: "getEmployeeOrders",
        summary: "Заказы всех клиентов / Every client's orders",
        description:
          "Для сотрудников вне режима клиента. Новые сверху; status — только этот статус, clientId — только этот клиент, search — номер заказа, имя, фамилия или почта клиента, название или ИНН компании. statusCounts — число заказов по статусам с теми же clientId и search. / Staff outside client mode; newest first, filtered by status, client and a free-text search; statusCounts follow the client and search filters.",
        querystring: employeeOrderListQuerySchema,
        response: { 200: employeeOrderListPageSchema, ...accessCheckedErrors },
      },
    },
    async (request) => api.employeeOrders.list(requireEmployee(request), request.query),
  );

  api.get(
    "/employee/order/:id",
    {
      config: { access: ["manager"] },
      schema: {
        tags,
        operationId: "getEmployeeOrder",
        summary: "Заказ любого клиента / Any client's order",
        description:
          "Заказ целиком, клиент и его контакты, компания, заказы дизайна строк и статусы, в которые заказ можно перевести сейчас (nextStatuses). / The whole order with the client, company, design orders and the statuses it may move to.",
        params: orderIdParamsSchema,
        response: { 200: employeeOrderSchema, ...accessCheckedErrors },
      },
    },
    async (request) => api.employeeOrders.get(requireEmployee(request), request.params.id, request.publicOrigin),
  );

  api.patch(
    "/employee/order/:id/status",
    {
      config: { access: ["manager"] },
      schema: {
        tags,
        operationId: "changeOrderStatus",
        summary: "Сменить статус заказа / Change the order's status",
        description:
          "new → paid (только заказ по счёту) | in_production | cancelled; paid → in_production | cancelled; in_production → shipped | cancelled; shipped → done | cancelled; done и cancelled — конечные. Тот же статус ничего не меняет. Клиент получает уведомление и письмо (server/docs/letters.md). С «shipped» можно передать `tracking` (служба доставки и трек-номер; и у уже отгруженного заказа), с другим статусом — 400 TRACKING_NEEDS_SHIPPED. Смена записывается в историю статусов заказа и в журнал действий. Запрещённый переход — 409 ORDER_STATUS_FORBIDDEN. / Allowed moves as listed; the client gets a notification and a letter; `tracking` (carrier and number) goes with shipped; the change is in the order's timeline and the audit; a forbidden move is 409.",
        params: orderIdParamsSchema,
        body: orderStatusChangeSchema,
        response: { 200: employeeOrderSchema, ...accessCheckedErrors, 409: statusConflictResponse },
      },
    },
    async (request) => api.employeeOrders.changeStatus(requireEmployee(request), request.params.id, request.body.status, request.publicOrigin, request.body.tracking),
  );

  api.get(
    "/employee/order/:id/payments",
    {
      config: { access: ["manager"] },
      schema: {
        tags,
        operationId: "getEmployeeOrderPayments",
        summary: "Платежи заказа с чеками / The order's payments with their receipts",
        description:
          "Платежи картой (ЮKassa или тестовая оплата), старые сверху: тело запроса POST /v3/payments, которое магазин отправил (или записал без ключей ЮKassa) с чеком 54-ФЗ, и возвраты с их запросами POST /v3/refunds. Возврат, который ЮKassa ещё не приняла, отправляется снова (с тем же Idempotence-Key). Нет заказа — 404. / The order's card payments with the recorded request and receipt, and their refunds; pending refunds are re-sent first.",
        params: orderIdParamsSchema,
        response: { 200: paymentRecordListSchema, ...accessCheckedErrors },
      },
    },
    async (request) => {
      await api.employeeOrders.get(requireEmployee(request), request.params.id, request.publicOrigin);
      return { items: await api.payments.records(request.params.id, request.log) };
    },
  );
};
