import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { cartSchema, serverErrorSchema, sessionGrantSchema } from "../../../shared/contracts/index";
import type { Cart, ServerError } from "../../../shared/contracts/index";
import type { App } from "../../../server/app";

/** An inject option set with an optional session token, sent as `Authorization: Bearer` (as widgets do). */
export type CallOptions = InjectOptions & { token?: string | undefined };

/** `app.inject` that sends `token`, when given, as the bearer token. */
export function callerOf(app: () => App): (options: CallOptions) => Promise<LightMyRequestResponse> {
  return (options) => {
    const { token, headers, ...rest } = options;
    return app().inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  };
}

/** The cart calls of `call`: each must answer 200 (else the test fails, showing the body), and gives the cart it answered. */
export function cartCallerOf(call: (options: CallOptions) => Promise<LightMyRequestResponse>): (options: CallOptions) => Promise<Cart> {
  return async (options) => {
    const response = await call(options);
    expect(response.statusCode, response.body).toBe(200);
    return cartSchema.parse(response.json());
  };
}

/** The API's error body of an answer (fails the test when it is not one). */
export function problemOf(response: LightMyRequestResponse): ServerError {
  return serverErrorSchema.parse(response.json());
}

/** Signs in and gives the session's bearer token. */
export async function loginToken(app: App, email: string, password: string): Promise<string> {
  const response = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password, rememberMe: false } });
  expect(response.statusCode, response.body).toBe(200);
  return sessionGrantSchema.parse(response.json()).token;
}
