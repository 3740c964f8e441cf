import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { okSchema, testPaymentFormSchema, testPaymentParamsSchema, yookassaNotificationSchema } from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { successPaymentUrl } from "../../services/orders/payment.service";
import { renderTestPaymentPage, TEST_PAYMENT_PAGE_CSP } from "../../services/orders/test-payment-page";
import { notFoundResponse, validationErrorResponse } from "../responses";
import { badGatewayResponse, binaryResponse } from "./orders";

/**
 * Card payments: the built-in test payment page (no YooKassa keys) and YooKassa's webhook. Neither
 * needs a session: the test payment's random id is its key, and the webhook is believed only after
 * the payment is read back from YooKassa.
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (api) => {
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
          "HTML-страница с кнопками «Оплатить» и «Отменить» вместо страницы ЮKassa, когда ключей ЮKassa нет. / An HTML page standing in for YooKassa's when the shop has no YooKassa keys.",
        params: testPaymentParamsSchema,
        response: { 200: binaryResponse("Страница оплаты, text/html / The payment page, text/html"), 400: validationErrorResponse, 404: notFoundResponse },
      },
    },
    async (request, reply) => {
      const page = await api.payments.testPage(request.params.paymentId);
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
          "Форма тестовой страницы (action=pay|cancel). Отвечает 303 на /success-payment?orderId=… и после оплаты, и после отмены (там можно оплатить снова). Повтор ничего не меняет. / The test page's form; answers 303 to the order's success page, which offers paying again after a cancel.",
        params: testPaymentParamsSchema,
        body: testPaymentFormSchema,
        response: { 400: validationErrorResponse, 404: notFoundResponse },
      },
    },
    async (request, reply) => {
      const target = await api.payments.completeTestPayment(request.params.paymentId, request.body.action, request.publicOrigin);
      return reply.redirect(target, 303);
    },
  );

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
