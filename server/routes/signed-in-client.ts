import type { FastifyRequest } from "fastify";
import { requireSignedIn } from "../plugins/session";
import { actingClientId } from "../services/accounts/acting-client";

/**
 * The client whose data a signed-in call works on: the caller's own account, or the client an
 * employee in client mode acts for. 401 without a sign-in (a visitor's temporary account too), 403
 * for an employee outside client mode.
 */
export function signedInClientId(request: FastifyRequest): number {
  return actingClientId(requireSignedIn(request));
}
