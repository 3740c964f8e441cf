import { useSetAtom } from "jotai/react";
import { lazy, Suspense, useEffect, useId, useMemo, useState } from "react";
import type { MouseEvent } from "react";
import { PRODUCT_LIST_DEFAULT_LIMIT } from "../../shared/contracts/wire";
import type { FavoriteState, ProductCard as ProductCardData, ProductListQuery, ProductSort } from "../../shared/contracts/index";
import { formatProductCount } from "../../shared/domain/counts";
import type { CatalogView } from "../../shared/domain/page-paths";
import {
  countCatalogFilters,
  loadCategoriesAtom,
  loadProductPageAtom,
  NO_CATALOG_FILTERS,
  parseCatalogFilters,
  useCatalogFilters,
  useCategories,
  useFavouriteToggle,
  useProductPage,
} from "../../shared/state/index";
import type { CatalogFilters } from "../../shared/state/index";
import { Alert, DotPagination, LoadError, ProductCard, ProductCardSkeleton } from "../../shared/ui/index";
import type { AlertMessage } from "../../shared/ui/index";

// The filter panel is its own chunk: the cards' first paint never waits for its code.
const CatalogFilterPanel = lazy(() => import("./CatalogFilterPanel"));

export const catalogSortLabels: Record<ProductSort, string> = {
  NameAsc: "По названию, А–Я",
  NameDesc: "По названию, Я–А",
  TimesOrderedDesc: "Сначала популярные",
  TimesOrderedAsc: "Сначала редко заказываемые",
};

export interface CatalogProps {
  /** The category's slug; all products when absent. */
  categorySlug?: string | undefined;
  /** Where a product's page is. */
  productHref: (card: ProductCardData) => string;
  /**
   * Sort and page to start with (the host site takes them from the address). With `filters` (the
   * host site's address) those are the filters and a change goes to `onViewChange`, not to storage.
   */
  initialView?: CatalogView | undefined;
  /** Products on one page. */
  pageSize?: number | undefined;
  onViewChange?: ((view: CatalogView) => void) | undefined;
  onOrder?: ((card: ProductCardData, event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
  /** The server confirmed a favourite star change. */
  onFavouriteChange?: ((state: FavoriteState) => void) | undefined;
}

const DEFAULT_VIEW: CatalogView = { sort: "NameAsc", page: 0 };

function withoutCategoryFilter(filters: CatalogFilters): CatalogFilters {
  const { categoryId: _bound, ...rest } = filters;
  return rest;
}

/**
 * The catalogue: the product cards of a category or of all categories, filtered (the filters are
 * stored under 'catalog-filters', or, on the host site, carried by the address through the view),
 * sorted and paginated. The star saves the favourite and flips
 * only once the server has answered.
 */
export function Catalog({ categorySlug, productHref, initialView, pageSize, onViewChange, onOrder, onFavouriteChange }: CatalogProps) {
  const limit = pageSize ?? PRODUCT_LIST_DEFAULT_LIMIT;
  const [view, setView] = useState<CatalogView>(initialView ?? DEFAULT_VIEW);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const sortId = useId();
  const categories = useCategories();
  const reloadCategories = useSetAtom(loadCategoriesAtom);
  const reloadPage = useSetAtom(loadProductPageAtom);
  const [storedFilters, saveFilters] = useCatalogFilters();
  const favourites = useFavouriteToggle(onFavouriteChange);
  const favouriteAlert = useMemo<AlertMessage | null>(
    () => (favourites.error ? { kind: "negative", text: favourites.error } : null),
    [favourites.error],
  );

  // The address's filters when the view carries them (the host site), else the stored ones.
  const filtersInView = view.filters !== undefined;
  const shownFilters = view.filters ?? storedFilters;
  // A catalogue bound to a category keeps to it: the stored category filter does not apply there.
  const filters: CatalogFilters = useMemo(() => {
    if (!categorySlug || shownFilters.categoryId === undefined) return shownFilters;
    const { categoryId: _ignored, ...rest } = shownFilters;
    return rest;
  }, [categorySlug, shownFilters]);
  const filterCount = countCatalogFilters(filters);

  const category =
    categorySlug && categories.status === "ready" ? categories.data.find((item) => item.slug === categorySlug) : undefined;
  const categoryMissing = Boolean(categorySlug) && categories.status === "ready" && !category;
  const query: ProductListQuery | null =
    categorySlug && !category
      ? null
      : { ...filters, categoryId: category?.id ?? filters.categoryId, sort: view.sort, offset: view.page * limit, limit };
  const products = useProductPage(query);

  const changeView = (next: CatalogView) => {
    setView(next);
    onViewChange?.(next);
  };
  const applyFilters = (next: CatalogFilters) => {
    if (filtersInView) {
      // The address holds them: a new view on the first page (a bound catalogue's category is its own).
      const clean = parseCatalogFilters(next);
      changeView({ ...view, page: 0, filters: categorySlug ? withoutCategoryFilter(clean) : clean });
      return;
    }
    // The category of a bound catalogue is not the shopper's choice: keep the stored one as it was.
    saveFilters(categorySlug ? { ...next, categoryId: storedFilters.categoryId } : next);
    if (view.page !== 0) changeView({ ...view, page: 0 });
  };
  const resetFilters = () => applyFilters(NO_CATALOG_FILTERS);

  if (categorySlug && categories.status === "error") {
    return (
      <section className="ottisk-root ottisk-catalog" part="catalog">
        <LoadError messageUI={categories.messageUI} onRetry={() => void reloadCategories()} />
      </section>
    );
  }
  if (categoryMissing) {
    return (
      <section className="ottisk-root ottisk-catalog" part="catalog">
        <p className="ottisk-message" role="status">
          Категория «{categorySlug}» не найдена. Возможно, она переименована или снята с продажи.
        </p>
      </section>
    );
  }

  const pageCount = products.status === "ready" ? Math.ceil(products.data.total / limit) : 0;
  return (
    <section className="ottisk-root ottisk-catalog" part="catalog" aria-busy={products.status === "loading"}>
      <div className="ottisk-catalog__toolbar" part="toolbar">
        <p className="ottisk-catalog__count" role="status">
          {products.status === "ready" ? formatProductCount(products.data.total) : "\u00a0"}
        </p>
        <label className="ottisk-catalog__sort" htmlFor={sortId}>
          <span>Сортировка</span>
          <select
            id={sortId}
            className="ottisk-input"
            name="sort"
            value={view.sort}
            onChange={(event) => changeView({ ...view, sort: event.target.value as ProductSort, page: 0 })}
          >
            {(Object.keys(catalogSortLabels) as ProductSort[]).map((sort) => (
              <option key={sort} value={sort}>
                {catalogSortLabels[sort]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {/*
        The filter panel's code loads once the first cards are there, and only in the browser after
        the first render: a server render (and the hydration that follows it) draws the placeholder,
        so it never waits for the panel's code.
      */}
      {products.status === "loading" || !mounted ? (
        <div className="ottisk-catalog__filters ottisk-catalog__filters--loading" aria-hidden="true" />
      ) : (
        <Suspense fallback={<div className="ottisk-catalog__filters ottisk-catalog__filters--loading" aria-hidden="true" />}>
          <CatalogFilterPanel
            // The stored filters changed elsewhere (another catalogue or tab): start the form from them again.
            key={JSON.stringify(filters)}
            filters={filters}
            activeCount={filterCount}
            categories={!categorySlug && categories.status === "ready" ? categories.data : null}
            onApply={applyFilters}
            onReset={resetFilters}
          />
        </Suspense>
      )}
      <Alert alert={favouriteAlert} onClose={favourites.clearError} />
      {products.status === "error" ? (
        <LoadError messageUI={products.messageUI} onRetry={query ? () => void reloadPage(query) : undefined}>
          {filterCount > 0 ? (
            <button type="button" className="ottisk-button ottisk-button--quiet" onClick={resetFilters}>
              Сбросить фильтры
            </button>
          ) : null}
        </LoadError>
      ) : products.status === "ready" && products.data.total === 0 && filterCount > 0 ? (
        <div className="ottisk-message">
          <p>По выбранным фильтрам товаров нет. Попробуйте ослабить условия.</p>
          <button type="button" className="ottisk-button ottisk-button--quiet" onClick={resetFilters}>
            Сбросить фильтры
          </button>
        </div>
      ) : products.status === "ready" && products.data.total === 0 ? (
        <p className="ottisk-message">В этом разделе пока нет товаров. Загляните позже или посмотрите другие разделы каталога.</p>
      ) : products.status === "ready" && products.data.items.length === 0 ? (
        <div className="ottisk-message">
          <p>Такой страницы в каталоге нет.</p>
          <button type="button" className="ottisk-button ottisk-button--quiet" onClick={() => changeView({ ...view, page: 0 })}>
            К первой странице
          </button>
        </div>
      ) : (
        <ul className="ottisk-catalog__grid" part="grid">
          {products.status === "ready"
            ? products.data.items.map((card, index) => (
                <li key={card.id}>
                  <ProductCard
                    card={{ ...card, inFavorite: favourites.isFavourite(card.id, card.inFavorite) }}
                    href={productHref(card)}
                    priority={index === 0}
                    onOrder={onOrder}
                    favoritePending={favourites.isPending(card.id)}
                    onFavoriteToggle={(shown) => void favourites.toggle(shown.id, shown.inFavorite)}
                  />
                </li>
              ))
            : Array.from({ length: Math.min(limit, 8) }, (_, index) => (
                <li key={index}>
                  <ProductCardSkeleton />
                </li>
              ))}
        </ul>
      )}
      <DotPagination
        pageCount={pageCount}
        page={view.page}
        label="Страницы каталога"
        onChange={(page) => changeView({ ...view, page })}
      />
    </section>
  );
}
