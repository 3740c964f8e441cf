import { atom } from "jotai/vanilla";
import { publishChange } from "./api.atoms";
import { loadCartAtom } from "./cart.atoms";

/*
 * The layout checker changes the cart's layouts outside the cart's own calls (an upload, a server
 * check, an approval, a design order): each answers a layout or a design order, not the cart. After
 * one, the other tabs are told and the page's cart is reloaded at once, so every cart element shows
 * the line's new status.
 */
export const layoutsChangedAtom = atom(null, async (get, set) => {
  publishChange(get, "cart");
  await set(loadCartAtom);
});
