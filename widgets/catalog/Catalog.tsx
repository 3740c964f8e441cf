import { useSetAtom } from "jotai/react";
import { useId, useState } from "react";
import type { MouseEvent } from "react";
import { PRODUCT_LIST_DEFAULT_LIMIT } from "../../shared/contracts/index";
import type { ProductCard as ProductCardData, ProductListQuery, ProductSort } from "../../shared/contracts/index";
import { formatProductCount } from "../../shared/domain/format";
import { loadCategoriesAtom, loadProductPageAtom, useCategories, useProductPage } from "../../shared/state/index";
import { DotPagination, ProductCard, ProductCardSkeleton } from "../../shared/ui/index";

export const catalogSortLabels: Record<ProductSort, string> = {
  NameAsc: "По названию, А–Я",
  NameDesc: "По названию, Я–А",
  TimesOrderedDesc: "Сначала популярные",
  TimesOrderedAsc: "Сначала редко заказываемые",
};

export interface CatalogView {
  sort: ProductSort;
  /** Counted from 0. */
  page: number;
}

export interface CatalogProps {
  /** The category's slug; all products when absent. */
  categorySlug?: string | undefined;
  /** Where a product's page is. */
  productHref: (card: ProductCardData) => string;
  /** Sort and page to start with (the host site takes them from the address). */
  initialView?: CatalogView | undefined;
  /** Products on one page. */
  pageSize?: number | undefined;
  onViewChange?: ((view: CatalogView) => void) | undefined;
  onOrder?: ((card: ProductCardData, event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
  onFavoriteToggle?: ((card: ProductCardData) => void) | undefined;
}

const DEFAULT_VIEW: CatalogView = { sort: "NameAsc", page: 0 };

/** The catalogue: the product cards of a category or of all categories, sorted and paginated. */
export function Catalog({ categorySlug, productHref, initialView, pageSize, onViewChange, onOrder, onFavoriteToggle }: CatalogProps) {
  const limit = pageSize ?? PRODUCT_LIST_DEFAULT_LIMIT;
  const [view, setView] = useState<CatalogView>(initialView ?? DEFAULT_VIEW);
  const sortId = useId();
  const categories = useCategories();
  const reloadCategories = useSetAtom(loadCategoriesAtom);
  const reloadPage = useSetAtom(loadProductPageAtom);

  const category =
    categorySlug && categories.status === "ready" ? categories.data.find((item) => item.slug === categorySlug) : undefined;
  const categoryMissing = Boolean(categorySlug) && categories.status === "ready" && !category;
  const query: ProductListQuery | null =
    categorySlug && !category
      ? null
      : { categoryId: category?.id, sort: view.sort, offset: view.page * limit, limit };
  const products = useProductPage(query);

  const changeView = (next: CatalogView) => {
    setView(next);
    onViewChange?.(next);
  };

  if (categorySlug && categories.status === "error") {
    return (
      <section className="ottisk-root ottisk-catalog">
        <div className="ottisk-message ottisk-message--error" role="alert">
          <p>{categories.messageUI}</p>
          <button type="button" className="ottisk-button ottisk-button--quiet" onClick={() => void reloadCategories()}>
            Повторить
          </button>
        </div>
      </section>
    );
  }
  if (categoryMissing) {
    return (
      <section className="ottisk-root ottisk-catalog">
        <p className="ottisk-message" role="status">
          Категория «{categorySlug}» не найдена. Возможно, она переименована или снята с продажи.
        </p>
      </section>
    );
  }

  const pageCount = products.status === "ready" ? Math.ceil(products.data.total / limit) : 0;
  return (
    <section className="ottisk-root ottisk-catalog" aria-busy={products.status === "loading"}>
      <div className="ottisk-catalog__toolbar">
        <p className="ottisk-catalog__count" role="status">
          {products.status === "ready" ? formatProductCount(products.data.total) : "\u00a0"}
        </p>
        <label className="ottisk-catalog__sort" htmlFor={sortId}>
          <span>Сортировка</span>
          <select
            id={sortId}
            value={view.sort}
            onChange={(event) => changeView({ sort: event.target.value as ProductSort, page: 0 })}
          >
            {(Object.keys(catalogSortLabels) as ProductSort[]).map((sort) => (
              <option key={sort} value={sort}>
                {catalogSortLabels[sort]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {products.status === "error" ? (
        <div className="ottisk-message ottisk-message--error" role="alert">
          <p>{products.messageUI}</p>
          {query ? (
            <button type="button" className="ottisk-button ottisk-button--quiet" onClick={() => void reloadPage(query)}>
              Повторить
            </button>
          ) : null}
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
        <ul className="ottisk-catalog__grid">
          {products.status === "ready"
            ? products.data.items.map((card) => (
                <li key={card.id}>
                  <ProductCard card={card} href={productHref(card)} onOrder={onOrder} onFavoriteToggle={onFavoriteToggle} />
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
