/*
 * Every Ottisk element, defined at once: for the tests and for builds that want all tags without
 * the lazy loader. Partner pages load `loader.ts` (built as ottisk.js) instead.
 */
// First of all: zod reads this setting when the contracts build their schemas (see the module).
import "../shared/http/zod-config";
import "./catalog/catalog.element";
import "./product/product.element";
import "./favourites/favourites.element";
import "./favourite-button/favourite-button.element";
import "./cart/cart.element";
import "./cart-button/cart-button.element";
import "./city-picker/city-picker.element";
import "./login/login.element";
import "./account/account.element";
import "./search/search.element";
import "./search/search-results.element";
import "./header/header.element";
import "./side-menu/side-menu.element";
import "./footer/footer.element";
import "./cookie-banner/cookie-banner.element";
import "./blog-teasers/blog-teasers.element";
import "./popup/popup.element";
import "./contacts/contacts.element";
import "./feedback-form/feedback-form.element";
import "./layout-checker/layout-checker.element";
import "./pdf-viewer/pdf-viewer.element";
import "./orders/orders.element";

export type { OttiskEventMap, OttiskEventName } from "./events";
