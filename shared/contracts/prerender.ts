import { z } from "zod/mini";

/*
 * The first paint of an embedded element drawn by the shop's server (GET /widgets/prerender/{tag}):
 * the element's shadow-root HTML, its stylesheets, and the data it was drawn from, which the
 * element's code takes over when it hydrates. Only public, anonymous data: a visitor with a session
 * gets no prerender (their stars and prices may differ).
 */
export const widgetPrerenderSchema = z.object({
  html: z.string(),
  styles: z.array(z.string()),
  /** The store's data behind the HTML (for `<ottisk-catalog>`: categories and the product page). */
  snapshot: z.unknown(),
});
export type WidgetPrerender = z.infer<typeof widgetPrerenderSchema>;

/** The tags the shop's server can draw, and the attributes that change what they show. */
export const PRERENDER_ATTRIBUTES = {
  "ottisk-catalog": ["category", "page-size", "product-url"],
} as const satisfies Record<string, readonly string[]>;
export type PrerenderTag = keyof typeof PRERENDER_ATTRIBUTES;
