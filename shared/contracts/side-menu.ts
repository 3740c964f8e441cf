import { z } from "zod/mini";
import { hrefSchema } from "./pages";

/*
 * The side menu (spec §2 Side menu; issue 29, role `content`): its own list of links, edited in
 * the back office apart from the header's tabs. The storefront's side menu draws these links, then
 * «Избранное» and the account block.
 */

/** At most this many links in the side menu. */
export const SIDE_MENU_MAX_ITEMS = 50;
export const SIDE_MENU_LABEL_MAX_LENGTH = 100;

/** One link of the side menu: what it says and where it leads (a path of the shop's site or an http(s) address). */
export const sideMenuItemSchema = z.object({
  label: z.string().check(
    z.trim(),
    z.minLength(1, { error: "Укажите название пункта бокового меню" }),
    z.maxLength(SIDE_MENU_LABEL_MAX_LENGTH, { error: `Название пункта бокового меню — не длиннее ${SIDE_MENU_LABEL_MAX_LENGTH} знаков` }),
  ),
  href: hrefSchema,
});
export type SideMenuItem = z.infer<typeof sideMenuItemSchema>;

/** The side menu as the shop keeps it (the back office's `side-menu` site block). */
export const sideMenuContentSchema = z.object({
  items: z.array(sideMenuItemSchema).check(z.maxLength(SIDE_MENU_MAX_ITEMS, { error: `Не больше ${SIDE_MENU_MAX_ITEMS} пунктов бокового меню` })),
});
export type SideMenuContent = z.infer<typeof sideMenuContentSchema>;

/** `GET /public/website/side-menu`: the links in order. */
export const sideMenuSchema = z.array(sideMenuItemSchema);
