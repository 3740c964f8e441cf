/*
 * Every Ottisk tag and the code that defines it. The loader imports an element's module the first
 * time the tag appears on the page; tags that share a module share one download.
 * Each module defines its tags itself (defineElement) when it is evaluated.
 *
 * The element modules (`<folder>/*.element.ts`) are the widgets bundle's entries, and this is the one
 * place outside a widget's folder that names them, lazily; everything else reaches a widget through
 * its face, `index.ts`. Not the faces here: a face carries the widget's React code, and the loader must
 * stay a kilobyte that pulls nothing in until a tag appears (widgets/README.md, "Faces").
 */
export const elementModules: Readonly<Record<string, () => Promise<unknown>>> = {
  "ottisk-catalog": () => import("./catalog/catalog.element"),
  "ottisk-product": () => import("./product/product.element"),
  "ottisk-favourites": () => import("./favourites/favourites.element"),
  "ottisk-favourite-button": () => import("./favourite-button/favourite-button.element"),
  "ottisk-cart": () => import("./cart/cart.element"),
  "ottisk-cart-button": () => import("./cart-button/cart-button.element"),
  "ottisk-city-picker": () => import("./city-picker/city-picker.element"),
  "ottisk-login": () => import("./login/login.element"),
  "ottisk-account": () => import("./account/account.element"),
  "ottisk-search": () => import("./search/search.element"),
  "ottisk-search-results": () => import("./search/search-results.element"),
  "ottisk-header": () => import("./header/header.element"),
  "ottisk-side-menu": () => import("./side-menu/side-menu.element"),
  "ottisk-footer": () => import("./footer/footer.element"),
  "ottisk-cookie-banner": () => import("./cookie-banner/cookie-banner.element"),
  "ottisk-blog-teasers": () => import("./blog-teasers/blog-teasers.element"),
  "ottisk-popup": () => import("./popup/popup.element"),
  "ottisk-contacts": () => import("./contacts/contacts.element"),
  "ottisk-feedback-form": () => import("./feedback-form/feedback-form.element"),
  "ottisk-layout-checker": () => import("./layout-checker/layout-checker.element"),
  "ottisk-pdf-viewer": () => import("./pdf-viewer/pdf-viewer.element"),
  "ottisk-orders": () => import("./orders/orders.element"),
};
