import type { FavouriteToggle } from "../state/index";

export interface FavouriteStarProps {
  productId: number;
  /** What the product's data said; this page's confirmed change wins over it. */
  inFavorite: boolean;
  favourites: FavouriteToggle;
}

/**
 * The favourite star as a toggle button (aria-pressed). It flips only when the server has confirmed
 * the change; while the change is on its way it is busy and ignores clicks, keeping its focus.
 */
export function FavouriteStar({ productId, inFavorite, favourites }: FavouriteStarProps) {
  const pressed = favourites.isFavourite(productId, inFavorite);
  const pending = favourites.isPending(productId);
  const label = pressed ? "Убрать из избранного" : "Добавить в избранное";
  return (
    <button
      type="button"
      className="ottisk-star"
      part="favourite"
      aria-pressed={pressed}
      aria-label={label}
      title={label}
      aria-busy={pending || undefined}
      aria-disabled={pending || undefined}
      onClick={() => {
        if (!pending) void favourites.toggle(productId, pressed);
      }}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.1l-5.7 3.2 1.2-6.4-4.7-4.4 6.4-.8z"
          fill={pressed ? "currentColor" : "none"}
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
