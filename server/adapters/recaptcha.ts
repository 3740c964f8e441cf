import { ofetch } from "ofetch";
import { z } from "zod/mini";

/*
 * Google reCAPTCHA's siteverify: POST form fields `secret`, `response` (the widget's token) and
 * `remoteip`; the answer is {success, "error-codes"?}. Switched on by RECAPTCHA_SECRET_KEY.
 */

export const RECAPTCHA_DEFAULT_VERIFY_URL = "https://www.google.com/recaptcha/api/siteverify";

const verifyAnswerSchema = z.object({ success: z.boolean(), "error-codes": z.optional(z.array(z.string())) });

export interface CaptchaVerifier {
  /** True when Google confirms the token; false when it refuses or cannot be asked. */
  verify(token: string, remoteIp: string): Promise<boolean>;
}

export function createRecaptchaVerifier(options: {
  secretKey: string;
  verifyUrl?: string;
  timeoutMs?: number;
  onError?: (error: unknown) => void;
}): CaptchaVerifier {
  return {
    async verify(token, remoteIp) {
      try {
        const answer = await ofetch(options.verifyUrl ?? RECAPTCHA_DEFAULT_VERIFY_URL, {
          method: "POST",
          body: new URLSearchParams({ secret: options.secretKey, response: token, remoteip: remoteIp }),
          timeout: options.timeoutMs ?? 5000,
        });
        return verifyAnswerSchema.parse(answer).success;
      } catch (error) {
        options.onError?.(error);
        return false;
      }
    },
  };
}
