import type { CartLine, Order } from "../../shared/contracts/index";
import { storefrontOrigin } from "../api-base";
import { defaultAdminUrl, storefrontHref } from "../navigate";
import { defaultProductUrl } from "../product-url";
import type { HostProps } from "../element";
import { fireOttiskEvent } from "../events";
import { useCartChangeEvent } from "../cart-change-event";
import { Cart } from "./Cart";
import { CATALOG_PATH, DESIGNER_LINE_PATH_TEMPLATE, SUCCESS_PATH_TEMPLATE } from "../../shared/domain/index";
import { LoginButton } from "../../shared/ui/index";

export interface CartElementProps {
  catalogUrl?: string;
  successUrl?: string;
  productUrl?: string;
  designerUrl?: string;
}

/** Fills `{id}` and `{category}` of a product address template with a cart line's product. */
export function productUrlForLine(template: string, line: CartLine): string {
  return template
    .replaceAll("{id}", encodeURIComponent(String(line.product.id)))
    .replaceAll("{category}", encodeURIComponent(line.product.category.slug));
}

/** Fills `{id}` (the product) and `{line}` (the cart line) of the designer's address template. */
export function designerUrlForLine(template: string, line: CartLine): string {
  return template.replaceAll("{id}", encodeURIComponent(String(line.product.id))).replaceAll("{line}", encodeURIComponent(String(line.id)));
}

/** Fills `{id}` and `{number}` of the success address template with the placed order. */
export function successUrlFor(template: string, order: Order): string {
  return template.replaceAll("{id}", encodeURIComponent(String(order.id))).replaceAll("{number}", encodeURIComponent(order.number));
}

/** `<ottisk-cart>` as React sees it: the Cart, its events fired from the element. */
export function CartElement({ catalogUrl, successUrl, productUrl, designerUrl, host }: CartElementProps & HostProps) {
  useCartChangeEvent(host);
  const productTemplate = productUrl ?? defaultProductUrl(storefrontOrigin());
  const successTemplate = successUrl ?? storefrontHref(SUCCESS_PATH_TEMPLATE);
  const designerTemplate = designerUrl ?? storefrontHref(DESIGNER_LINE_PATH_TEMPLATE);
  return (
    <Cart
      catalogHref={catalogUrl ?? storefrontHref(CATALOG_PATH)}
      productHref={(line) => productUrlForLine(productTemplate, line)}
      designerHref={(line) => designerUrlForLine(designerTemplate, line)}
      successHref={(order) => successUrlFor(successTemplate, order)}
      onPlaced={(order, href) =>
        fireOttiskEvent(
          host,
          "ottisk-checkout",
          { orderId: order.id, number: order.number, paymentType: order.paymentType, total: order.total, href },
          { cancelable: true },
        )
      }
      onCompanyChange={(companyId) => fireOttiskEvent(host, "ottisk-company-change", { companyId })}
      signIn={
        <LoginButton
          adminUrl={defaultAdminUrl()}
          onLogin={(grant) => fireOttiskEvent(host, "ottisk-login", { name: grant.profile.name, typeUser: grant.profile.typeUser })}
        />
      }
    />
  );
}
