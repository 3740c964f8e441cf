import { useEffect, useState } from "react";
import { onStoredChange, readText, siteDocuments, STORAGE_KEYS, useSiteResource, writeText } from "../../shared/state/index";

export interface CookieBannerProps {
  /**
   * How the banner starts: "pending" by default (nothing drawn until the browser's storage is
   * read); the host site passes what its server drew ("shown" or "accepted"), so hydration matches.
   */
  initialState?: CookieBannerState | undefined;
  /** The privacy policy's address; the main page's PrivacyPolicy document when absent. */
  policyUrl?: string | undefined;
  /** Called once the shopper accepted or closed the banner (acceptance is stored before). */
  onAccept?: (() => void) | undefined;
}

const ACCEPTED = "true";

/** `data-state` of the element's box: storage not read yet, the banner on screen, or accepted before. */
export type CookieBannerState = "pending" | "shown" | "accepted";

function accepted(): boolean {
  return readText(STORAGE_KEYS.acceptCookies) === ACCEPTED;
}

/**
 * The cookie banner (spec §2, §4, §9): shown only in a browser until accepted; accepting or
 * closing stores 'accept-cookies' = 'true' and hides it for good (in the site's other tabs too).
 * Its links are the main page's PrivacyPolicy and Cookies documents (spec §3).
 */
export function CookieBanner({ policyUrl, onAccept, initialState = "pending" }: CookieBannerProps) {
  // Unknown until the browser's storage is read: a server render draws nothing, unless the host
  // knows better (its consent cookie) and says how to start.
  const [state, setState] = useState<CookieBannerState>(initialState);
  useEffect(() => {
    const follow = () => setState(accepted() ? "accepted" : "shown");
    follow();
    return onStoredChange(STORAGE_KEYS.acceptCookies, follow);
  }, []);

  const accept = () => {
    writeText(STORAGE_KEYS.acceptCookies, ACCEPTED);
    setState("accepted");
    onAccept?.();
  };
  return (
    <div className="ottisk-root ottisk-cookie-banner-root" data-state={state}>
      {state === "shown" ? <CookieBannerBox policyUrl={policyUrl} onAccept={accept} /> : null}
    </div>
  );
}

function CookieBannerBox({ policyUrl, onAccept }: { policyUrl: string | undefined; onAccept: () => void }) {
  const { resource: documents } = useSiteResource(siteDocuments);
  const found = documents.status === "ready" ? documents.data : {};
  const privacy = policyUrl ?? found.PrivacyPolicy?.url;
  const cookies = found.Cookies?.url;

  return (
    <section className="ottisk-cookie-banner" part="banner" aria-label="Файлы cookie">
      <p className="ottisk-cookie-banner__text" part="text">
        Мы используем файлы cookie, чтобы сайт работал удобно, и обрабатываем данные посетителей по{" "}
        {privacy ? (
          <a href={privacy} target="_blank" rel="noopener">
            политике конфиденциальности
          </a>
        ) : (
          "политике конфиденциальности"
        )}
        . Оставаясь на сайте, вы соглашаетесь с{" "}
        {cookies ? (
          <a href={cookies} target="_blank" rel="noopener">
            использованием файлов cookie
          </a>
        ) : (
          "использованием файлов cookie"
        )}
        .
      </p>
      <div className="ottisk-cookie-banner__actions">
        <button type="button" className="ottisk-button" part="accept-button" onClick={onAccept}>
          Принять
        </button>
        <button type="button" className="ottisk-close-button" part="close-button" aria-label="Закрыть уведомление о cookie" onClick={onAccept}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </section>
  );
}
