import { useCategories } from "../../shared/state/index";
import type { CatalogView } from "../../shared/domain/index";
import { catalogPath, catalogViewSearch, productPath } from "../../shared/domain/index";
import { Catalog } from "../../widgets/catalog/index";

/** /catalog and /catalog/{category}: the heading and the shared Catalog component. */
export function CatalogPage({ categorySlug, view }: { categorySlug?: string | undefined; view: CatalogView }) {
  const categories = useCategories();
  const category =
    categorySlug && categories.status === "ready" ? categories.data.find((item) => item.slug === categorySlug) : undefined;
  return (
    <>
      <div className="page-heading">
        {categorySlug ? (
          <nav aria-label="Навигационная цепочка" className="breadcrumbs">
            <a href={catalogPath()}>Каталог</a>
          </nav>
        ) : null}
        <h1>{category ? category.seoName || category.name : categorySlug ? "Категория не найдена" : "Каталог печатной продукции"}</h1>
        {category?.description ? <p className="page-heading__lead">{category.description}</p> : null}
        {!categorySlug ? (
          <p className="page-heading__lead">Визитки, листовки, каталоги, баннеры и наклейки — с проверкой макета и доставкой по России.</p>
        ) : null}
      </div>
      {/* The cards' names are h3: this keeps the page's outline in order (h1, h2, h3) for screen readers. */}
      {!categorySlug || category ? <h2 className="ottisk-visually-hidden">Товары</h2> : null}
      <Catalog
        categorySlug={categorySlug}
        initialView={view}
        productHref={(card) => productPath(card.category.slug, card.id)}
        onViewChange={(next) => {
          window.history.replaceState(window.history.state, "", `${window.location.pathname}${catalogViewSearch(next)}`);
        }}
      />
    </>
  );
}
