import baseCss from "../../shared/ui/base.css?inline";
import dialogCss from "../../shared/ui/dialog.css?inline";
import dotsCss from "../../shared/ui/dot-pagination.css?inline";
import cardCss from "../../shared/ui/product-card.css?inline";
import gridCss from "../../shared/ui/product-grid.css?inline";
import catalogCss from "./catalog.css?inline";

/** The stylesheets of `<ottisk-catalog>`'s shadow root, in order: the element and its server-side first paint share them. */
export const catalogStyles: readonly string[] = [baseCss, cardCss, gridCss, dotsCss, dialogCss, catalogCss];
