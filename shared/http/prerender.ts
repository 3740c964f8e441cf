import type { WidgetPrerender } from "../contracts/prerender";

/** widgetPrerenderSchema's check written out: the loader runs it before any element code, and zod would triple its download. */
export function isWidgetPrerender(value: unknown): value is WidgetPrerender {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const { html, styles } = value as Record<string, unknown>;
  return typeof html === "string" && Array.isArray(styles) && styles.every((style) => typeof style === "string");
}

/**
 * Asks the shop's server for an element's first paint (GET /widgets/prerender/{tag}). Anonymous
 * (no credentials): what comes back is public. Any failure is null: the element draws itself.
 */
export async function fetchWidgetPrerender(url: string): Promise<WidgetPrerender | null> {
  try {
    const response = await fetch(url, { credentials: "omit" });
    if (response.status !== 200) return null;
    const body: unknown = await response.json();
    return isWidgetPrerender(body) ? { html: body.html, styles: body.styles, snapshot: body.snapshot } : null;
  } catch {
    return null;
  }
}
