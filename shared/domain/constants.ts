/** The business constants of spec §9 that the storefront's views and state use. */

/** The cart reloads after this pause following a change. */
export const CART_REFRESH_DELAY_MS = 500;
/** The service worker looks for a new version this often (not in development). */
export const UPDATE_CHECK_INTERVAL_MS = 30 * 60 * 1000;
/** City search waits this long after the last keystroke; an empty query clears the results. */
export const CITY_SEARCH_DEBOUNCE_MS = 400;
/** The city dialog closes this long after a city is chosen. */
export const CITY_SELECT_DELAY_MS = 500;
/** Alerts close themselves after this long. */
export const ALERT_AUTO_CLOSE_MS = 2000;
/** Blog teasers: 3 at desktop width, 2 below. */
export const BLOG_TEASERS_DESKTOP = 3;
export const BLOG_TEASERS_NARROW = 2;
/** The desktop header shows at most this many page tabs. */
export const MENU_TABS_MAX = 9;
/** Lists in dialogs and dropdowns scroll beyond these heights (px). */
export const ACCOUNT_LIST_MAX_HEIGHT_PX = 200;
export const CITY_LIST_MAX_HEIGHT_PX = 500;
/** Layout width limit and breakpoints (px): desktop from 1280, tablet from 768, mobile below. */
export const LAYOUT_MAX_WIDTH_PX = 1520;
export const BREAKPOINT_TABLET_PX = 768;
export const BREAKPOINT_DESKTOP_PX = 1280;
/** Textarea auto height: a measured height of 45 px or more is used, otherwise 30 px. */
export const TEXTAREA_MIN_MEASURED_PX = 45;
export const TEXTAREA_COLLAPSED_PX = 30;
/**
 * The layout checker's safe zone: text and important objects stay this far inside the trim line
 * (print-shop practice: the cut may wander by up to a millimetre or two).
 */
export const LAYOUT_SAFE_ZONE_MM = 3;
/**
 * The shop's cut-off hour, Moscow time: an order placed on a working day before it is taken into
 * production that day; placed at or after it (or on a day off), the next working day
 * (shared/domain/production-calendar.ts, server/docs/deadlines.md).
 */
export const ORDER_CUTOFF_HOUR = 14;
