import { widgetPrerenderSchema } from "../contracts/prerender";
import type { WidgetPrerender } from "../contracts/prerender";

/**
 * Asks the shop's server for an element's first paint (GET /widgets/prerender/{tag}). Anonymous
 * (no credentials): what comes back is public. Any failure is null: the element draws itself.
 */
export async function fetchWidgetPrerender(url: string): Promise<WidgetPrerender | null> {
  try {
    const response = await fetch(url, { credentials: "omit" });
    if (response.status !== 200) return null;
    const parsed = widgetPrerenderSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
