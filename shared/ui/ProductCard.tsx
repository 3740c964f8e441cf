import type { MouseEvent } from "react";
import type { ProductCard as ProductCardData } from "../contracts/index";
import { formatWorkingDays } from "../domain/counts";
import { formatRoubles } from "../domain/money";
import { PhotoPlaceholderIcon } from "./PhotoPlaceholderIcon";

export interface ProductCardProps {
  card: ProductCardData;
  /** Where the product's page is. */
  href: string;
  /** Heading level of the product name inside the page's outline. */
  headingLevel?: 2 | 3;
  /** The card is likely the page's largest paint (the first of a list): its photo loads at once, first. */
  priority?: boolean;
  /** Called when 'Заказать' is clicked; call `event.preventDefault()` to stay on the page. */
  onOrder?: (card: ProductCardData, event: MouseEvent<HTMLAnchorElement>) => void;
  onFavoriteToggle?: (card: ProductCardData) => void;
  /** The star's change is on its way to the server: the star stays as it is and takes no clicks. */
  favoritePending?: boolean;
}

/** A product card of spec §2: photo or an empty placeholder, name, 'Заказать' and a favourite star. */
export function ProductCard({
  card,
  href,
  headingLevel = 3,
  priority = false,
  onOrder,
  onFavoriteToggle,
  favoritePending = false,
}: ProductCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const favoriteLabel = card.inFavorite ? "Убрать из избранного" : "Добавить в избранное";
  return (
    <article className="ottisk-card" data-product-id={card.id}>
      <a className="ottisk-card__photo" href={href} tabIndex={-1} aria-hidden="true">
        {card.photoUrl ? (
          <img
            src={card.photoUrl}
            alt=""
            loading={priority ? "eager" : "lazy"}
            fetchPriority={priority ? "high" : undefined}
            decoding="async"
            width={400}
            height={300}
          />
        ) : (
          <span className="ottisk-card__placeholder" data-testid="photo-placeholder">
            <PhotoPlaceholderIcon />
          </span>
        )}
      </a>
      {card.discountPct > 0 ? <span className="ottisk-card__badge">−{card.discountPct}%</span> : null}
      <button
        type="button"
        className="ottisk-card__favorite"
        aria-pressed={card.inFavorite}
        aria-label={favoriteLabel}
        aria-busy={favoritePending || undefined}
        aria-disabled={favoritePending || undefined}
        title={favoriteLabel}
        onClick={() => {
          if (!favoritePending) onFavoriteToggle?.(card);
        }}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.1l-5.7 3.2 1.2-6.4-4.7-4.4 6.4-.8z"
            fill={card.inFavorite ? "currentColor" : "none"}
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      <div className="ottisk-card__body">
        <Heading className="ottisk-card__name">
          <a href={href}>{card.productName}</a>
        </Heading>
        <p className="ottisk-card__meta">
          <span className="ottisk-card__price">от {formatRoubles(card.priceFrom)}</span>
          <br />
          Изготовление: {formatWorkingDays(card.productionTimeDay)}
        </p>
        <a
          className="ottisk-button ottisk-card__order"
          href={href}
          aria-label={`Заказать: ${card.productName}`}
          onClick={(event) => onOrder?.(card, event)}
        >
          Заказать
        </a>
      </div>
    </article>
  );
}

/** The card's shape while the list loads, so the page does not jump when it arrives. */
export function ProductCardSkeleton() {
  return (
    <div className="ottisk-card ottisk-card--skeleton" aria-hidden="true">
      <div className="ottisk-card__photo" />
      <div className="ottisk-card__body">
        <div className="ottisk-card__line" style={{ width: "80%" }} />
        <div className="ottisk-card__line" style={{ width: "45%" }} />
        <div className="ottisk-card__line" style={{ width: "60%", height: "44px" }} />
      </div>
    </div>
  );
}
