import { z } from "zod/mini";

/*
 * The hand-off from a partner's page to the shop's own pages (checkout): a short-lived signed token
 * in the link, exchanged by the shop's server for a session cookie on its origin.
 */

/** A path on the shop's site: starts with one slash (never `//host`), at most 500 characters. */
export const shopPathSchema = z.string().check(
  z.maxLength(500, { error: "Адрес страницы слишком длинный" }),
  z.regex(/^\/(?![/\\])[^\s]*$/, { error: "Укажите адрес страницы магазина, начиная с «/»" }),
);

/** `POST /auth/handoff`: where on the shop's site the shopper is going (the cart by default). */
export const handoffRequestSchema = z.object({
  next: z._default(shopPathSchema, "/cart"),
});
export type HandoffRequest = z.input<typeof handoffRequestSchema>;

/** The link to open: the shop's address that signs the shopper in and goes on to `next`. */
export const handoffGrantSchema = z.object({
  url: z.url(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type HandoffGrant = z.infer<typeof handoffGrantSchema>;

/** `GET /auth/handoff?token&next`, opened by the browser. */
export const handoffQuerySchema = z.object({
  token: z.string().check(z.minLength(1, { error: "Ссылка для входа неполная: откройте её ещё раз со страницы партнёра" }), z.maxLength(1000, { error: "Ссылка для входа повреждена" })),
  next: z._default(shopPathSchema, "/cart"),
});
