import { useId } from "react";
import type { MouseEvent } from "react";
import type { FooterContent } from "../../shared/contracts/index";
import { fileNameWithoutExtension, MESSENGER_NAMES, pluralRu } from "../../shared/domain/index";
import { siteFooter, siteNds, useSiteResource } from "../../shared/state/index";
import { LoadError, MessengerIcon, SHOP_NAME, ShopLogo } from "../../shared/ui/index";

export interface FooterProps {
  /** The shop's main page (the logo's link). */
  homeUrl: string;
  /** A logo picture; the shop's name as text without it. */
  logoSrc?: string | undefined;
  /** Called when a link to the shop's pages is clicked (the element fires ottisk-navigate from it). */
  onNavigate?: ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
}

/**
 * The site's footer (spec §2 Footer): logo, company info with its line breaks, the VAT note with
 * the percent from GET /nds, the documents (names without extension), addresses with hours and the
 * social links, and on desktop the rating badge (the footer content's `rating`, see widgets/README.md).
 */
export function Footer({ homeUrl, logoSrc, onNavigate }: FooterProps) {
  const { resource: footer, reload } = useSiteResource(siteFooter);
  const { resource: nds } = useSiteResource(siteNds);
  const addressesId = useId();
  const filesId = useId();

  return (
    <footer className="ottisk-root ottisk-footer" part="footer" aria-busy={footer.status === "loading"}>
      <div className="ottisk-footer__inner">
        <div className="ottisk-footer__brand">
          <a className="ottisk-footer__logo" part="logo" href={homeUrl} onClick={onNavigate}>
            <ShopLogo src={logoSrc} />
          </a>
          {footer.status === "ready" && footer.data.infoCompany ? (
            <p className="ottisk-footer__info" part="company-info">
              {footer.data.infoCompany}
            </p>
          ) : null}
          {nds.status === "ready" ? (
            <p className="ottisk-footer__vat" part="vat-note">
              Все цены указаны с учётом НДС {nds.data.percent} %
            </p>
          ) : null}
        </div>

        {footer.status === "loading" ? (
          <p className="ottisk-footer__status" role="status">
            Загружаем контакты…
          </p>
        ) : footer.status === "error" ? (
          <LoadError className="ottisk-footer__status" messageUI={footer.messageUI} onRetry={reload} />
        ) : (
          <>
            {footer.data.addreses.length > 0 ? (
              <section className="ottisk-footer__section" aria-labelledby={addressesId} part="addresses">
                <h2 className="ottisk-footer__heading" id={addressesId}>
                  Адреса
                </h2>
                <ul className="ottisk-footer__list">
                  {footer.data.addreses.map((place) => (
                    <li key={place.address} className="ottisk-footer__address">
                      <span>{place.address}</span>
                      {place.operatingMode ? <span className="ottisk-footer__hours">{place.operatingMode}</span> : null}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            {footer.data.files.length > 0 ? (
              <section className="ottisk-footer__section" aria-labelledby={filesId} part="files">
                <h2 className="ottisk-footer__heading" id={filesId}>
                  Документы
                </h2>
                <ul className="ottisk-footer__list">
                  {footer.data.files.map((file) => (
                    <li key={file.url}>
                      <a className="ottisk-footer__file" href={file.url} target="_blank" rel="noopener">
                        {fileNameWithoutExtension(file.name)}
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            {footer.data.rating ? <RatingBadge rating={footer.data.rating} /> : null}
            {footer.data.social.length > 0 ? (
              <ul className="ottisk-footer__social" part="social" aria-label="Мы в соцсетях и мессенджерах">
                {footer.data.social.map((link) => (
                  <li key={link.url}>
                    <a
                      className="ottisk-footer__social-link"
                      href={link.url}
                      target="_blank"
                      rel="noopener"
                      aria-label={`${SHOP_NAME} в ${MESSENGER_NAMES[link.network]}`}
                    >
                      <MessengerIcon network={link.network} />
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        )}
      </div>
    </footer>
  );
}

/** «4,8»: made once (`toLocaleString` with options builds a formatter per call, ~5 % of a page's render). */
const ratingScore = new Intl.NumberFormat("ru-RU", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The shop's rating on a review service (spec §2: on desktop a rating badge): a link to the reviews. */
function RatingBadge({ rating }: { rating: NonNullable<FooterContent["rating"]> }) {
  const score = ratingScore.format(rating.value);
  return (
    <a className="ottisk-footer__rating" part="rating" href={rating.url} target="_blank" rel="noopener">
      <span className="ottisk-footer__rating-score">
        <span aria-hidden="true">★ </span>
        {score}
        <span className="ottisk-visually-hidden"> из 5</span>
      </span>
      <span className="ottisk-footer__rating-source">
        {rating.source} · {rating.reviews} {pluralRu(rating.reviews, { one: "отзыв", few: "отзыва", many: "отзывов" })}
      </span>
    </a>
  );
}
