/*
 * Every Ottisk tag and the code that defines it. The loader imports an element's module the first
 * time the tag appears on the page; tags that share a module share one download. Each module
 * defines its tags itself (defineElement) when it is evaluated.
 *
 * Each widget names its own tags in its face (`elements` in `<folder>/index.ts`: the tag and a lazy
 * import of its `*.element.ts`, the widgets bundle's entries); this file only gathers them. The
 * faces' React features are not used here, and a face and its features have no side effects, so
 * the loader takes nothing of them but these few functions and stays a kilobyte that pulls nothing
 * in until a tag appears (widgets/README.md, "Faces").
 */
import { elements as account } from "./account/index";
import { elements as blogTeasers } from "./blog-teasers/index";
import { elements as cartButton } from "./cart-button/index";
import { elements as cart } from "./cart/index";
import { elements as catalog } from "./catalog/index";
import { elements as cityPicker } from "./city-picker/index";
import { elements as contacts } from "./contacts/index";
import { elements as cookieBanner } from "./cookie-banner/index";
import { elements as designer } from "./designer/index";
import { elements as favouriteButton } from "./favourite-button/index";
import { elements as favourites } from "./favourites/index";
import { elements as feedbackForm } from "./feedback-form/index";
import { elements as footer } from "./footer/index";
import { elements as header } from "./header/index";
import { elements as layoutChecker } from "./layout-checker/index";
import { elements as login } from "./login/index";
import { elements as orders } from "./orders/index";
import { elements as pdfViewer } from "./pdf-viewer/index";
import { elements as popup } from "./popup/index";
import { elements as product } from "./product/index";
import { elements as search } from "./search/index";
import { elements as sideMenu } from "./side-menu/index";

export const elementModules: Readonly<Record<string, () => Promise<unknown>>> = {
  ...account,
  ...blogTeasers,
  ...cartButton,
  ...cart,
  ...catalog,
  ...cityPicker,
  ...contacts,
  ...cookieBanner,
  ...designer,
  ...favouriteButton,
  ...favourites,
  ...feedbackForm,
  ...footer,
  ...header,
  ...layoutChecker,
  ...login,
  ...orders,
  ...pdfViewer,
  ...popup,
  ...product,
  ...search,
  ...sideMenu,
};

/**
 * Tags whose code the loader takes as soon as the tag appears, not when it comes into view: they
 * decide themselves whether to show (the popup after its delay, the cookie banner until consent),
 * and may have no box to watch until then.
 */
export const LOADED_AT_ONCE: ReadonlySet<string> = new Set(["ottisk-popup", "ottisk-cookie-banner"]);

/**
 * Tags whose code, once the shop's server drew their first paint (widgets/prerender.ts: on a
 * partner's page, for a visitor without a session), waits for the visitor to use them (pointer,
 * focus, a key; a click that comes before the code is replayed on it) or for the page's account or
 * cart to change (a sign-in, a line added): until then they show «Войти» and an empty cart, as their
 * code would. Drawn in the browser (no first paint), they load when visible like the others.
 */
export const CODE_ON_USE: ReadonlySet<string> = new Set(["ottisk-account", "ottisk-cart-button"]);

/** The events after which an element of CODE_ON_USE may have something else to show: its code loads. */
export const STATE_EVENTS: readonly string[] = ["ottisk-login", "ottisk-logout", "ottisk-company-change", "ottisk-add-to-cart", "ottisk-cart-change"];
