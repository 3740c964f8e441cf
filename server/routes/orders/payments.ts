import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { okSchema, testPaymentFormSchema, testPaymentParamsSchema, yookassaNotificationSchema } from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { successPaymentUrl } from "../../services/orders/payment.service";
import { renderTestPaymentPage, TEST_PAYMENT_PAGE_CSP } from "../../services/orders/test-payment-page";
import { forbiddenResponse, notFoundResponse, validationErrorResponse } from "../responses";
import { badGatewayResponse, binaryResponse } from "./orders";

/**
 * Card payments: the built-in test payment page (no YooKassa keys, a shop on this machine only:
 * `testPage`) and YooKassa's webhook. The test page is the order's own: only the session of its
 * client (or an employee's) sees it and presses its buttons. The webhook needs no session: it is
 * believed only after the payment is read back from YooKassa.
 */
export const paymentRoutes: FastifyPluginAsyncZod<{ testPage: boolean }> = async (api, options) => {
  const tags = [openApiTags.orders];
  if (options.testPage) registerTestPaymentPage(api);

  api.post(
    "/payment/yookassa/webhook",
    {
      schema: {
        tags,
        operationId: "yookassaWebhook",
        summary: "Уведомление ЮKassa / YooKassa's notification",
        description:
          "Платёж перечитывается из ЮKassa (GET /v3/payments/{id}); в расчёт идут только её ответ, сумма и metadata.orderId. Неизвестный платёж — 200 и запись в журнал. / The payment is read back from YooKassa and only that answer counts; an unknown payment is answered 200 and logged.",
        body: yookassaNotificationSchema,
        response: { 200: okSchema, 400: validationErrorResponse, 502: badGatewayResponse },
      },
    },
    async (request) => {
      await api.payments.handleYookassaNotification(request.body, request.log);
      return { ok: true as const };
    },
  );
};

/** GET and POST /payment/test/{paymentId}: the page standing in for YooKassa's, and its form. */
function registerTestPaymentPage(api: Parameters<FastifyPluginAsyncZod>[0]): void {
  const tags = [openApiTags.orders];

  // The test page's form posts application/x-www-form-urlencoded; only these routes read it.
  api.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  api.get(
    "/payment/test/:paymentId",
    {
      schema: {
        tags,
        operationId: "getTestPayment",
        summary: "Тестовая страница оплаты / The test payment page",
        description:
          "HTML-страница с кнопками «Оплатить» и «Отменить» вместо страницы ЮKassa, когда ключей ЮKassa нет; только у магазина на этом компьютере (OTTISK_PUBLIC_URL — loopback) и только для сессии покупателя, чей это заказ, или сотрудника. / An HTML page standing in for YooKassa's when the shop has no YooKassa keys; only on a shop whose public address is loopback, and only for the session of the order's client or an employee.",
        params: testPaymentParamsSchema,
        response: { 200: binaryResponse("Страница оплаты, text/html / The payment page, text/html"), 400: validationErrorResponse, 403: forbiddenResponse, 404: notFoundResponse },
      },
    },
    async (request, reply) => {
      const page = await api.payments.testPage(request.params.paymentId, request.viewer);
      // The order's success page says whether it is paid and offers «Оплатить» again when it is not.
      const returnUrl = successPaymentUrl(request.publicOrigin, page.orderId);
      return reply
        .code(200)
        .type("text/html; charset=utf-8")
        .header("content-security-policy", TEST_PAYMENT_PAGE_CSP)
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "no-store")
        .send(Buffer.from(renderTestPaymentPage(page, request.url, returnUrl), "utf8"));
    },
  );

  api.post(
    "/payment/test/:paymentId",
    {
      schema: {
        tags,
        operationId: "completeTestPayment",
        summary: "Оплатить или отменить тестовый платёж / Pay or cancel the test payment",
        description:
          "Форма тестовой страницы (action=pay|cancel), для сессии покупателя, чей это заказ, или сотрудника (иначе 403). Отвечает 303 на /success-payment?orderId=… и после оплаты, и после отмены (там можно оплатить снова). Повтор ничего не меняет. / The test page's form, for the session of the order's client or an employee (else 403); answers 303 to the order's success page, which offers paying again after a cancel.",
        params: testPaymentParamsSchema,
        body: testPaymentFormSchema,
        response: { 400: validationErrorResponse, 403: forbiddenResponse, 404: notFoundResponse },
      },
    },
    async (request, reply) => {
      const target = await api.payments.completeTestPayment(request.params.paymentId, request.body.action, request.publicOrigin, request.viewer);
      return reply.redirect(target, 303);
    },
  );
}
