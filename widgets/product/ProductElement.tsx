import { storefrontHref } from "../navigate";
import type { HostProps } from "../element";
import { fireOttiskEvent } from "../events";
import { ProductPage } from "./Product";
import { CATALOG_PATH, DESIGNER_PATH_TEMPLATE, SCREEN_PATHS } from "../../shared/domain/index";

export interface ProductElementProps {
  productId?: number;
  cartUrl?: string;
  catalogUrl?: string;
  designerUrl?: string;
}

/** Fills `{id}` of the designer's address template (the element's `designer-url`). */
export function designerUrlFor(template: string, productId: number): string {
  return template.replaceAll("{id}", encodeURIComponent(String(productId)));
}

/** `<ottisk-product>` as React sees it: the product page, its events fired from the element. */
export function ProductElement({ productId, cartUrl, catalogUrl, designerUrl, host, apiBase }: ProductElementProps & HostProps) {
  const catalog = catalogUrl ?? storefrontHref(CATALOG_PATH);
  if (productId === undefined) {
    // Nothing chosen yet (a partner page that sets the attribute later): say what to set, not an error.
    return (
      <section className="ottisk-root ottisk-product" part="product">
        <div className="ottisk-message" role="status" part="hint">
          <p>Укажите товар: атрибут product-id (номер товара из каталога).</p>
          <a className="ottisk-button ottisk-button--quiet" href={catalog}>
            Перейти в каталог
          </a>
        </div>
      </section>
    );
  }
  if (!Number.isInteger(productId) || productId < 1) {
    return (
      <section className="ottisk-root ottisk-product" part="product">
        <div className="ottisk-message ottisk-message--error" role="alert" part="error">
          <p>Товар указан неверно: в product-id нужен номер товара из каталога.</p>
          <a className="ottisk-button ottisk-button--quiet" href={catalog}>
            Перейти в каталог
          </a>
        </div>
      </section>
    );
  }
  return (
    <ProductPage
      // Another product is another page: its choice starts afresh.
      key={productId}
      productId={productId}
      cartUrl={cartUrl ?? storefrontHref(SCREEN_PATHS.cart)}
      catalogUrl={catalog}
      apiBase={apiBase}
      designerUrl={designerUrlFor(designerUrl ?? storefrontHref(DESIGNER_PATH_TEMPLATE), productId)}
      onAdded={(cart, line, quantity) => {
        fireOttiskEvent(host, "ottisk-add-to-cart", {
          productId,
          orderProductId: line?.id ?? 0,
          quantity,
          itemCount: cart.orderProduct.length,
        });
      }}
      onFavouriteChange={(state) => fireOttiskEvent(host, "ottisk-favourite-change", state)}
    />
  );
}
