/*
 * The events Ottisk elements fire. All bubble and are composed, so a partner page hears them on
 * the element or on document, across the shadow boundary.
 */

export interface OttiskEventMap {
  /** 'Заказать' was clicked; cancel it to handle the order on the partner's side. */
  "ottisk-order": { productId: number; categorySlug: string; href: string };
  /** The favourite star was clicked; `inFavorite` is the state the shopper asked for. */
  "ottisk-favourite-toggle": { productId: number; inFavorite: boolean };
}

export type OttiskEventName = keyof OttiskEventMap;

/** Fires an Ottisk event from `host`; returns false when a listener cancelled it. */
export function fireOttiskEvent<N extends OttiskEventName>(
  host: Element,
  name: N,
  detail: OttiskEventMap[N],
  options: { cancelable?: boolean } = {},
): boolean {
  return host.dispatchEvent(
    new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: options.cancelable ?? false }),
  );
}

declare global {
  interface HTMLElementEventMap {
    "ottisk-order": CustomEvent<OttiskEventMap["ottisk-order"]>;
    "ottisk-favourite-toggle": CustomEvent<OttiskEventMap["ottisk-favourite-toggle"]>;
  }
}
