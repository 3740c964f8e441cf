import { isApiError } from "../../../shared/http/index";
import type { ApiError, SessionTokenStore } from "../../../shared/http/index";

/*
 * The storefront's API client (shared/http) as the server tests drive it against a live server.
 */

/** A session token kept in memory, as a widget on a partner's site keeps it; `token` shows what the client stored. */
export function memorySessionTokens(): SessionTokenStore & { token: string | null } {
  return {
    token: null,
    get() {
      return this.token;
    },
    set(token) {
      this.token = token;
    },
  };
}

/** The ApiError a call fails with (fails the test when it succeeds or fails otherwise). */
export async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error("expected the call to fail");
}
