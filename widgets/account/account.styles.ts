import baseCss from "../../shared/ui/base.css?inline";
import dialogCss from "../../shared/ui/dialog.css?inline";
import menuItemCss from "../../shared/ui/menu-item.css?inline";
import accountMenuCss from "../../shared/ui/account-menu.css?inline";
import loginCss from "../../shared/ui/login.css?inline";
import logoutDialogCss from "../../shared/ui/logout-dialog.css?inline";

/** The stylesheets of `<ottisk-account>`'s shadow root, in order: the element and its server-side first paint share them. */
export const accountStyles: readonly string[] = [baseCss, dialogCss, menuItemCss, loginCss, logoutDialogCss, accountMenuCss];
