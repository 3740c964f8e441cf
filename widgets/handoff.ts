import { useAtomValue } from "jotai/react";
import { useCallback } from "react";
import type { MouseEvent } from "react";
import type { Api } from "../shared/http/index";
import { apiAtom } from "../shared/state/index";
import { storefrontOrigin } from "./api-base";

/*
 * A link from a partner's page to the shop's own pages (the cart, the checkout) must keep the
 * shopper's session, which lives on the partner's origin as a bearer token. Such links go through a
 * hand-off: the API signs a two-minute, single-use link that sets the session cookie on the shop's
 * origin and redirects to the page. Links on the shop's own origin, and links elsewhere, are plain.
 */

/** Whether `href` is a page of the shop on another origin than this page's. */
function needsHandoff(href: string): boolean {
  const target = new URL(href, document.baseURI);
  return target.origin === storefrontOrigin() && target.origin !== window.location.origin;
}

/**
 * An onClick for `<a href>` to the shop's pages: across origins it opens the page through a hand-off
 * link (a plain navigation if the API cannot make one, e.g. for a visitor without a session yet).
 * Modified clicks (new tab, download) keep the browser's behaviour.
 */
export function useShopLink(): (event: MouseEvent<HTMLAnchorElement>) => void {
  const api = useAtomValue(apiAtom);
  return useCallback(
    (event: MouseEvent<HTMLAnchorElement>) => {
      const href = event.currentTarget.href;
      if (!api || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if (!needsHandoff(href)) return;
      event.preventDefault();
      const target = new URL(href);
      api
        .createHandoff(`${target.pathname}${target.search}${target.hash}`)
        .then((grant) => window.location.assign(grant.url))
        .catch(() => window.location.assign(href));
    },
    [api],
  );
}

/**
 * Where the shopper goes after «Оформить заказ» with a card payment. On the shop's own pages: the
 * payment page itself. On a partner's page the shop's pages (the test payment page, the success
 * page ЮKassa returns to) would see no session, as it lives on the partner's origin: the shopper
 * goes through a hand-off link, to the payment page when it is the shop's own (the offline test
 * page), else to the order's success page, which offers «Оплатить» and is where the payment
 * returns, now with the shop's own session (walk finding of issue 30).
 */
export async function paymentDestination(api: Api | null, confirmationUrl: string, successHref: string): Promise<string> {
  const onPartnerPage = window.location.origin !== storefrontOrigin();
  if (!api || !onPartnerPage) return confirmationUrl;
  const target = new URL(needsHandoff(confirmationUrl) ? confirmationUrl : successHref, document.baseURI);
  if (target.origin !== storefrontOrigin()) return confirmationUrl;
  try {
    const grant = await api.createHandoff(`${target.pathname}${target.search}${target.hash}`);
    return grant.url;
  } catch {
    return confirmationUrl;
  }
}
