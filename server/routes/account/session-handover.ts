import type { FastifyReply, FastifyRequest } from "fastify";
import type { SessionGrant } from "../../../shared/contracts/index";
import { clientAddress } from "../../plugins/rate-limits";
import { grantSession } from "../../plugins/session";
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S, DEVICE_COOKIE_PATH } from "../../services/accounts/login-throttle";
import type { LoginClient } from "../../services/accounts/login-throttle";
import type { SignedIn } from "../../services/accounts/registration.service";

/** Who signs in, as the sign-in throttle counts them: the client address and the known-device cookie. */
export function loginClient(request: FastifyRequest): LoginClient {
  return { ip: clientAddress(request), deviceToken: request.cookies[DEVICE_COOKIE] };
}

/**
 * A new session handed over as POST /auth/login does it (also registration and the password reset):
 * the session cookie and header, the known-device cookie, and the grant with the profile and token.
 */
export async function handOverSession(request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn): Promise<SessionGrant> {
  grantSession(request, reply, signedIn.opened);
  // This device signed in to the account: strangers' wrong passwords will not slow it down (services/accounts/login-throttle.ts).
  reply.setCookie(DEVICE_COOKIE, signedIn.deviceToken, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
  return {
    profile: await request.server.accounts.profile(signedIn.viewer, request.publicOrigin),
    token: signedIn.opened.token,
    expiresAt: signedIn.opened.expiresAt.toISOString(),
  };
}
