import { useSetAtom } from "jotai/react";
import { useMemo } from "react";
import type { MouseEvent } from "react";
import type { FavoriteState, ProductCard as ProductCardData } from "../../shared/contracts/index";
import { formatProductCount } from "../../shared/domain/counts";
import { loadFavouriteProductsAtom, useFavouriteProducts, useFavouriteToggle } from "../../shared/state/index";
import { Alert, LoadError, ProductCard, ProductCardSkeleton } from "../../shared/ui/index";
import type { AlertMessage } from "../../shared/ui/index";

export interface FavouritesProps {
  /** Where a product's page is. */
  productHref: (card: ProductCardData) => string;
  /** Where the catalogue is (the empty list's link). */
  catalogHref: string;
  onOrder?: ((card: ProductCardData, event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
  onFavouriteChange?: ((state: FavoriteState) => void) | undefined;
}

/**
 * The caller's favourite products as the catalogue's cards. Unstarring a card removes it once the
 * server has confirmed; the list loads again whenever favourites change here or in another tab.
 */
export function Favourites({ productHref, catalogHref, onOrder, onFavouriteChange }: FavouritesProps) {
  const products = useFavouriteProducts();
  const reload = useSetAtom(loadFavouriteProductsAtom);
  const favourites = useFavouriteToggle(onFavouriteChange);
  const alert = useMemo<AlertMessage | null>(() => (favourites.error ? { kind: "negative", text: favourites.error } : null), [favourites.error]);

  if (products.status === "error") {
    return (
      <section className="ottisk-root ottisk-favourites" part="favourites">
        <LoadError messageUI={products.messageUI} onRetry={() => void reload()} />
      </section>
    );
  }
  // A card unstarred here goes as soon as the server confirms, before the list is loaded again.
  const cards = products.status === "ready" ? products.data.filter((card) => favourites.isFavourite(card.id, card.inFavorite)) : [];
  return (
    <section className="ottisk-root ottisk-favourites" part="favourites" aria-busy={products.status === "loading"}>
      <p className="ottisk-favourites__count" role="status">
        {products.status === "ready" && cards.length > 0 ? `В избранном ${formatProductCount(cards.length)}` : "\u00a0"}
      </p>
      <Alert alert={alert} onClose={favourites.clearError} />
      {products.status === "ready" && cards.length === 0 ? (
        <div className="ottisk-message" part="empty">
          <p>В избранном пока ничего нет. Отмечайте товары звёздочкой, чтобы вернуться к ним позже.</p>
          <a className="ottisk-button" href={catalogHref}>
            Перейти в каталог
          </a>
        </div>
      ) : (
        <ul className="ottisk-catalog__grid" part="grid">
          {products.status === "ready"
            ? cards.map((card, index) => (
                <li key={card.id}>
                  <ProductCard
                    card={{ ...card, inFavorite: true }}
                    // Under the screen's one heading (h1 on the shop's page): the cards' names come next.
                    headingLevel={2}
                    // The first card's photo is the page's largest paint, as the catalogue's (drawn by the server).
                    priority={index === 0}
                    href={productHref(card)}
                    onOrder={onOrder}
                    favoritePending={favourites.isPending(card.id)}
                    onFavoriteToggle={() => void favourites.toggle(card.id, true)}
                  />
                </li>
              ))
            : Array.from({ length: 4 }, (_, index) => (
                <li key={index}>
                  <ProductCardSkeleton />
                </li>
              ))}
        </ul>
      )}
    </section>
  );
}
