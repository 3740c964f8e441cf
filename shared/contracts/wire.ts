/*
 * Plain constants of the wire protocol, in a module of their own: the browser's first paint imports
 * them without pulling in the schemas of the modules that re-export them.
 */

/** The header that carries a session the server just opened (a visitor's temporary account). */
export const SESSION_TOKEN_HEADER = "x-ottisk-session";
/** The httpOnly cookie that carries the session on the shop's own pages. */
export const SESSION_COOKIE = "ottisk_session";
/** What an employee outside client mode is told by calls on a client's data (403 CLIENT_MODE_REQUIRED). */
export const CLIENT_MODE_REQUIRED_MESSAGE = "Сначала выберите клиента, от имени которого работаете.";
/** The header place-order reads its idempotency key from. */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
/** Self-pickup points asked for at once (spec §9). */
export const SELF_PICKUP_DEFAULT_LIMIT = 100;
/** The catalogue's sorts (spec §7), by name then by popularity. */
export const productSortValues = ["NameAsc", "NameDesc", "TimesOrderedAsc", "TimesOrderedDesc"] as const;
/** The largest run one line may order. */
export const PRODUCT_MAX_QUANTITY = 1_000_000;
/** Ceiling of the price filters, in roubles: far above any order, low enough to catch typos. */
export const PRICE_FILTER_MAX = 100_000_000;
/** Products on a catalogue page unless the caller asks otherwise. */
export const PRODUCT_LIST_DEFAULT_LIMIT = 24;
/** Search results on a page unless the caller asks otherwise, and the most a page may hold. */
export const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 50;
/** The path the API also accepts for the main page (whose slug is empty). */
export const MAIN_PAGE_ALIAS = "main";
/** The tags the shop's server can draw first (GET /widgets/prerender/{tag}), and the attributes that change what they show. */
export const PRERENDER_ATTRIBUTES = {
  "ottisk-catalog": ["category", "page-size", "product-url"],
  // For a visitor without a session on a partner's page: «Войти» and the empty cart link.
  "ottisk-account": ["admin-url"],
  "ottisk-cart-button": ["cart-url"],
} as const satisfies Record<string, readonly string[]>;
export type PrerenderTag = keyof typeof PRERENDER_ATTRIBUTES;
