import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  feedbackFormDefinitionSchema,
  feedbackReceiptSchema,
  feedbackSubmissionSchema,
  recaptchaConfigSchema,
} from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { routeLimit } from "../../plugins/rate-limits";
import { tooManyRequestsResponse, validationErrorResponse } from "../responses";

/** GET and POST /feedback-form, GET /ReCaptcha (spec §7 "Clients and misc"). */
export const feedbackRoutes: FastifyPluginAsyncZod<{ recaptchaSiteKey: string | null }> = async (api, options) => {
  const tags = [openApiTags.reference];

  api.get(
    "/feedback-form",
    {
      schema: {
        tags,
        operationId: "getFeedbackForm",
        summary: "Поля формы обратной связи / The feedback form's fields",
        response: { 200: feedbackFormDefinitionSchema },
      },
    },
    async () => api.feedback.definition(),
  );

  api.post(
    "/feedback-form",
    {
      config: { rateLimit: routeLimit("feedback") },
      schema: {
        tags,
        operationId: "sendFeedback",
        summary: "Отправить форму обратной связи / Send the feedback form",
        description:
          "Ответы проверяются по определению формы (обязательные поля, почта, телефон, список); при заданном RECAPTCHA_SECRET_KEY нужен captchaToken, проверенный Google siteverify. / Answers are checked against the form; with a reCAPTCHA secret the token is verified. Не больше 10 отправок с адреса за 10 минут (429). / At most 10 per address per 10 minutes.",
        body: feedbackSubmissionSchema,
        response: { 200: feedbackReceiptSchema, 400: validationErrorResponse, 429: tooManyRequestsResponse },
      },
    },
    async (request) => api.feedback.submit(request.body, { ip: request.ip, accountId: request.viewer?.account.id ?? null }),
  );

  api.get(
    "/ReCaptcha",
    {
      schema: {
        tags,
        operationId: "getRecaptchaConfig",
        summary: "Ключ reCAPTCHA / reCAPTCHA site key",
        description: "siteKey: null — капча не используется, витрина её скрывает. / null: the storefront hides the captcha.",
        response: { 200: recaptchaConfigSchema },
      },
    },
    async () => ({ siteKey: options.recaptchaSiteKey }),
  );
};
