import { z } from "zod/mini";
import { entityIdSchema } from "./catalog";
import { phoneSchema } from "./company";
import { safeText } from "./input";

/*
 * The feedback form of the site (spec §3 "Form field definition", "Captcha config"; §7
 * POST /feedback-form, GET /ReCaptcha). The form is data: the server says which fields there are,
 * the storefront draws them, and the server checks the answers against the same definition.
 */

export const formControlTypeSchema = z.enum(["textbox", "textarea", "dropdown", "checkbox"]);
export type FormControlType = z.infer<typeof formControlTypeSchema>;

/** One field of a dynamic form (spec §3): `type` is the input's type for a textbox (text, email, tel). */
export const formFieldSchema = z.object({
  key: z.string().check(z.regex(/^[a-zA-Z][a-zA-Z0-9_]*$/)),
  label: z.string(),
  value: z._default(z.string(), ""),
  required: z._default(z.boolean(), false),
  order: z._default(z.number().check(z.int()), 1),
  controlType: formControlTypeSchema,
  type: z._default(z.enum(["text", "email", "tel"]), "text"),
  options: z._default(z.array(z.object({ key: z.string(), value: z.string() })), []),
});
export type FormField = z.infer<typeof formFieldSchema>;

/** What the form and the server say about an e-mail answer that is no address («bad@»). */
export const FEEDBACK_EMAIL_PROBLEM = "Проверьте адрес электронной почты: в нём ошибка";

/** The address check sign-in and registration use (z.email): a name, «@», a domain with a dot. */
const emailAddressSchema = z.email();

/**
 * The problem of a filled-in e-mail answer, or null: the form shows it before sending, the server
 * (services/feedback.service.ts) checks again with the same rule.
 */
export function feedbackEmailProblem(text: string): string | null {
  return emailAddressSchema.safeParse(text.trim()).success ? null : FEEDBACK_EMAIL_PROBLEM;
}

/** What the form and the server say about a phone answer that is no complete number. */
export const FEEDBACK_PHONE_PROBLEM = "Телефон в формате +7 999 123-45-67";

/**
 * The problem of a filled-in phone answer, or null: the number as `phoneSchema` reads it («+» and
 * 10–15 digits, an 8 in front read as +7), and a Russian (+7) number with all its 10 digits after
 * the code. The form shows it before sending, the server checks again with the same rule.
 */
export function feedbackPhoneProblem(text: string): string | null {
  const parsed = phoneSchema.safeParse(text.trim());
  if (!parsed.success) return FEEDBACK_PHONE_PROBLEM;
  return parsed.data.startsWith("+7") && parsed.data.length !== 12 ? FEEDBACK_PHONE_PROBLEM : null;
}

/** `GET /feedback-form`: the fields, in their `order`. */
export const feedbackFormDefinitionSchema = z.object({
  title: z.string(),
  fields: z.array(formFieldSchema),
});
export type FeedbackFormDefinition = z.infer<typeof feedbackFormDefinitionSchema>;

/** `POST /feedback-form`: the answers by field key, the captcha's token when the site has one. */
export const feedbackSubmissionSchema = z.object({
  values: z.record(
    z.string().check(safeText(), z.maxLength(64)),
    z.union([z.string().check(safeText(), z.maxLength(5000, { error: "Слишком длинный текст: не больше 5000 знаков" })), z.boolean()]),
    { error: "Заполните форму" },
  ),
  captchaToken: z.nullish(z.string().check(safeText(), z.maxLength(4000))),
  /** Where the form was sent from, for the shop's managers. */
  pageUrl: z.nullish(z.string().check(safeText(), z.maxLength(2000))),
});
export type FeedbackSubmission = z.infer<typeof feedbackSubmissionSchema>;
export type FeedbackSubmissionRequest = z.input<typeof feedbackSubmissionSchema>;

export const feedbackReceiptSchema = z.object({ id: entityIdSchema, ok: z.literal(true) });
export type FeedbackReceipt = z.infer<typeof feedbackReceiptSchema>;

/** `GET /ReCaptcha`: null when the shop has no reCAPTCHA key, and the storefront hides the captcha. */
export const recaptchaConfigSchema = z.object({ siteKey: z.nullable(z.string()) });
export type RecaptchaConfig = z.infer<typeof recaptchaConfigSchema>;
