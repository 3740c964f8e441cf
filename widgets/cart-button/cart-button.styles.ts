import baseCss from "../../shared/ui/base.css?inline";
import cartButtonCss from "../../shared/ui/cart-button.css?inline";

/** The stylesheets of `<ottisk-cart-button>`'s shadow root: the element and its server-side first paint share them. */
export const cartButtonStyles: readonly string[] = [baseCss, cartButtonCss];
