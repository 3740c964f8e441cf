import { z } from "zod/mini";

/*
 * The hand-off from a partner's page to the shop's own pages (checkout): a short-lived signed token
 * in the link, exchanged by the shop's server for a session cookie on its origin.
 */

/**
 * Control characters (a browser drops tabs and line breaks from an address, so `/\t/host` would
 * become `//host`), C1 controls and unpaired surrogates (no address can carry them).
 */
const UNSAFE_PATH_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * A path on the shop's site: starts with one slash (never `//host` or `/\host`, which browsers read
 * as another site), no spaces or control characters, at most 500 characters. Letters beyond ASCII
 * (`/😀`, `/каталог`) are percent-encoded, as a browser would, so the path can go into a `Location` header.
 */
export const shopPathSchema = z.pipe(
  z.string().check(
    z.maxLength(500, { error: "Адрес страницы слишком длинный" }),
    z.regex(/^\/(?![/\\])[^\s]*$/, { error: "Укажите адрес страницы магазина, начиная с «/»" }),
    z.refine((path) => !UNSAFE_PATH_CHARACTERS.test(path), { error: "Адрес страницы содержит недопустимые символы" }),
  ),
  z.transform((path: string) => path.replace(/[^\u0000-\u007f]+/gu, (text) => encodeURI(text))),
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

const handoffTokenSchema = z
  .string()
  .check(z.minLength(1, { error: "Ссылка для входа неполная: откройте её ещё раз со страницы партнёра" }), z.maxLength(1000, { error: "Ссылка для входа повреждена" }));

/** `GET /auth/handoff?token&next`, opened by the browser. */
export const handoffQuerySchema = z.object({
  token: handoffTokenSchema,
  next: z._default(shopPathSchema, "/cart"),
});

/**
 * `POST /auth/handoff/confirm` (a form, application/x-www-form-urlencoded): the shopper, already
 * signed in as someone else in this browser, chose on the consent page to go on as the link's account.
 */
export const handoffConfirmSchema = z.object({
  token: handoffTokenSchema,
  next: z._default(shopPathSchema, "/cart"),
});
