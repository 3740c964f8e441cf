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

export { PRERENDER_ATTRIBUTES } from "./wire";
export type { PrerenderTag } from "./wire";
