import { contract } from "./lazy-contracts";
import type { EmailConfirmed, EmailLinkSent, PasswordResetRequest, RegistrationRequest, SessionGrant } from "../contracts/index";
import type { ApiRequest, SessionTokenStore } from "./request";

/** Registration, e-mail confirmation and password recovery (server/docs/accounts.md, "Registration, e-mail and password recovery"). */
export interface AuthEndpoints {
  /** Creates the account and signs in, as login does; a visitor's cart and favourites move in. */
  register(registration: RegistrationRequest): Promise<SessionGrant>;
  /** Confirms the address by the registration letter's link. */
  confirmEmail(token: string): Promise<EmailConfirmed>;
  /** The confirmation letter again, to the signed-in account's address. */
  resendEmailConfirmation(): Promise<EmailLinkSent>;
  /** Asks for a reset link; the same answer whether or not the address has an account. */
  requestPasswordRecovery(email: string): Promise<EmailLinkSent>;
  /** Sets the new password by the recovery letter's link and signs in. */
  resetPassword(reset: PasswordResetRequest): Promise<SessionGrant>;
}

export function authEndpoints(request: ApiRequest, tokens: SessionTokenStore | undefined): AuthEndpoints {
  return {
    register: async (registration) => {
      const grant = await request("/auth/registration", contract("sessionGrantSchema"), { method: "POST", body: { ...registration } });
      tokens?.set(grant.token);
      return grant;
    },
    confirmEmail: (token) => request("/auth/confirm-email", contract("emailConfirmedSchema"), { method: "POST", body: { token } }),
    resendEmailConfirmation: () => request("/auth/confirm-email/resend", contract("emailLinkSentSchema"), { method: "POST" }),
    requestPasswordRecovery: (email) => request("/auth/password-recovery", contract("emailLinkSentSchema"), { method: "POST", body: { email } }),
    resetPassword: async (reset) => {
      const grant = await request("/auth/password-reset", contract("sessionGrantSchema"), { method: "POST", body: { ...reset } });
      tokens?.set(grant.token);
      return grant;
    },
  };
}
