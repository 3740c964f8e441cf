import { useProduct } from "../../shared/state/index";
import { catalogPath, designerPath, SCREEN_PATHS } from "../../shared/domain/index";
import { ProductPage as ProductView } from "../../widgets/product/index";

/**
 * /catalog/{category}/{id}: the widgets' product page (photos, options, runs, urgency, the
 * server's price, «В корзину») under the catalogue's breadcrumbs. The product's name is the
 * component's own heading; the page's h1 carries the SEO name for search engines and screen readers.
 */
export function ProductPage({ productId }: { productId: number }) {
  const product = useProduct(productId);
  return (
    <>
      <div className="page-heading">
        <nav aria-label="Навигационная цепочка" className="breadcrumbs">
          <a href={catalogPath()}>Каталог</a>
          {product.status === "ready" ? (
            <>
              {" "}
              <span aria-hidden="true">/</span> <a href={catalogPath(product.data.category.slug)}>{product.data.category.name}</a>
            </>
          ) : null}
        </nav>
        {product.status === "ready" ? <h1 className="ottisk-visually-hidden">{product.data.seoName || product.data.productName}</h1> : null}
      </div>
      <ProductView productId={productId} cartUrl={SCREEN_PATHS.cart} catalogUrl={catalogPath()} designerUrl={designerPath(productId)} />
    </>
  );
}
