import { useState } from "react";
import type { MouseEvent } from "react";
import type { Popup as PopupContent, PopupAnswer } from "../../shared/contracts/index";
import { readText, sitePopup, STORAGE_KEYS, useSiteResource, writeText } from "../../shared/state/index";
import { Dialog } from "../../shared/ui/index";

export interface PopupProps {
  /** The storefront's address of the button's link (a site path like `/catalog/vizitki`, or a full address). */
  linkHref: (urlButton: string) => string;
  onNavigate?: ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
}

/** Where the popup is: `data-state` of the element's box, for the page's styles and scripts. */
export type PopupState = "loading" | "none" | "dismissed" | "open";

function isPopup(answer: PopupAnswer): answer is PopupContent {
  return "title" in answer;
}

/** The version of the popup the shopper closed (its `updatedAt`); an edited popup shows again. */
function dismissed(popup: PopupContent): boolean {
  return readText(STORAGE_KEYS.dismissedPopup) === popup.updatedAt;
}

/**
 * The website popup (spec §2 Dialogs, §3): title, description, an optional picture and a button
 * linking out. It opens once the API answers with an active popup, unless this version was closed
 * before; closing it or following its button remembers the version (the spec is silent: see
 * widgets/README.md). A failed load shows nothing: the popup is an announcement, not content.
 */
export function Popup({ linkHref, onNavigate }: PopupProps) {
  const { resource } = useSiteResource(sitePopup);
  const [closed, setClosed] = useState(false);
  const popup = resource.status === "ready" && isPopup(resource.data) ? resource.data : null;
  const state: PopupState =
    resource.status === "loading" ? "loading" : !popup ? "none" : closed || dismissed(popup) ? "dismissed" : "open";

  const remember = () => {
    if (popup) writeText(STORAGE_KEYS.dismissedPopup, popup.updatedAt);
  };

  return (
    <div className="ottisk-root ottisk-popup-root" data-state={state}>
      {popup && state === "open" ? (
        <Dialog
          open
          title={popup.title}
          className="ottisk-popup"
          onClose={() => {
            remember();
            setClosed(true);
          }}
        >
          {popup.file ? <img className="ottisk-popup__image" part="image" src={popup.file.url} alt="" /> : null}
          {popup.description ? (
            <p className="ottisk-popup__description" part="description">
              {popup.description}
            </p>
          ) : null}
          <a
            className="ottisk-button ottisk-popup__button"
            part="button"
            href={linkHref(popup.urlButton)}
            onClick={(event) => {
              remember();
              onNavigate?.(event);
            }}
          >
            {popup.textButton}
          </a>
        </Dialog>
      ) : null}
    </div>
  );
}
