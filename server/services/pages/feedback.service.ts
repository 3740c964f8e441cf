import type { FeedbackFormDefinition, FeedbackReceipt, FeedbackSubmission, FieldIssue, FormField } from "../../../shared/contracts/index";
import { feedbackEmailProblem, feedbackPhoneProblem } from "../../../shared/contracts/index";
import type { CaptchaVerifier } from "../../adapters/recaptcha";
import type { Database } from "../../db/client";
import { feedbackRequest } from "../../db/schema";
import { ShopError } from "../shop-error";

/*
 * The site's feedback form. Its definition lives here, in code reviewed like any other rule; the
 * storefront draws whatever fields it is given, and the answers are checked against the same list.
 */

export const FEEDBACK_FORM: FeedbackFormDefinition = {
  title: "Напишите нам",
  fields: [
    { key: "name", label: "Как к вам обращаться", value: "", required: true, order: 1, controlType: "textbox", type: "text", options: [] },
    { key: "phone", label: "Телефон", value: "", required: true, order: 2, controlType: "textbox", type: "tel", options: [] },
    { key: "email", label: "Электронная почта", value: "", required: false, order: 3, controlType: "textbox", type: "email", options: [] },
    {
      key: "topic",
      label: "Тема",
      value: "price",
      required: true,
      order: 4,
      controlType: "dropdown",
      type: "text",
      options: [
        { key: "price", value: "Расчёт стоимости" },
        { key: "order", value: "Вопрос по заказу" },
        { key: "design", value: "Дизайн макета" },
        { key: "other", value: "Другое" },
      ],
    },
    { key: "message", label: "Сообщение", value: "", required: true, order: 5, controlType: "textarea", type: "text", options: [] },
    {
      key: "consent",
      label: "Согласен на обработку персональных данных",
      value: "",
      required: true,
      order: 6,
      controlType: "checkbox",
      type: "text",
      options: [],
    },
  ],
};

/** The problems of one answer, or none. */
function checkField(field: FormField, value: string | boolean | undefined): string | null {
  if (field.controlType === "checkbox") {
    if (value !== undefined && typeof value !== "boolean") return `«${field.label}»: отметьте или снимите галочку`;
    return field.required && value !== true ? `Отметьте «${field.label}»` : null;
  }
  if (value !== undefined && typeof value !== "string") return `«${field.label}»: ожидается текст`;
  const text = value?.trim() ?? "";
  if (text === "") return field.required ? `Заполните поле «${field.label}»` : null;
  if (field.type === "email") {
    const problem = feedbackEmailProblem(text);
    if (problem) return problem;
  }
  if (field.type === "tel") {
    const problem = feedbackPhoneProblem(text);
    if (problem) return problem;
  }
  if (field.controlType === "dropdown" && !field.options.some((option) => option.key === text)) return `Выберите «${field.label}» из списка`;
  return null;
}

export interface FeedbackService {
  definition(): FeedbackFormDefinition;
  submit(submission: FeedbackSubmission, context: { ip: string; accountId: number | null }): Promise<FeedbackReceipt>;
}

export function createFeedbackService(db: Database, captcha: CaptchaVerifier | null): FeedbackService {
  return {
    definition: () => FEEDBACK_FORM,

    async submit(submission, context) {
      const known = new Set(FEEDBACK_FORM.fields.map((field) => field.key));
      const issues: FieldIssue[] = Object.keys(submission.values)
        .filter((key) => !known.has(key))
        .map((key) => ({ field: key, messageUI: "В форме нет такого поля" }));
      for (const field of FEEDBACK_FORM.fields) {
        const problem = checkField(field, submission.values[field.key]);
        if (problem) issues.push({ field: field.key, messageUI: problem });
      }
      if (issues.length > 0) {
        throw new ShopError({ statusCode: 400, code: "VALIDATION_ERROR", messageUI: issues[0]!.messageUI, message: "The feedback form is filled in wrongly", issues });
      }
      if (captcha) {
        const confirmed = submission.captchaToken ? await captcha.verify(submission.captchaToken, context.ip) : false;
        if (!confirmed) {
          throw new ShopError({
            statusCode: 400,
            code: "CAPTCHA_FAILED",
            messageUI: "Подтвердите, что вы не робот, и отправьте форму ещё раз.",
            message: "reCAPTCHA did not confirm the submission",
          });
        }
      }
      const values = Object.fromEntries(
        FEEDBACK_FORM.fields.flatMap((field) => {
          const value = submission.values[field.key];
          return value === undefined ? [] : [[field.key, typeof value === "string" ? value.trim() : value] as const];
        }),
      );
      const [row] = await db
        .insert(feedbackRequest)
        .values({ values, pageUrl: submission.pageUrl ?? null, accountId: context.accountId, ip: context.ip })
        .returning({ id: feedbackRequest.id });
      if (!row) throw new Error("The feedback was not saved");
      return { id: row.id, ok: true };
    },
  };
}
