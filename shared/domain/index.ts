export {
  cartTotals,
  promocodeCategoriesMessage,
  promocodeDiscount,
  promocodeExpiredMessage,
  promocodeMinSumMessage,
  promocodeNotFoundMessage,
  promocodeNotStartedMessage,
  promocodeUsedByClientMessage,
  promocodeUsedUpMessage,
  promocodeUseProblem,
  vatIncludedKopecks,
} from "./cart-totals";
export type { CartTotals, CartTotalsInput, PromocodeContext, PromocodeLine, PromocodeOutcome, PromocodeProblem, PromocodeTerms, PromocodeUse } from "./cart-totals";
export { formatNumberRu, formatProductCount, formatWorkingDays, formatWorkingDaysLimit, pluralRu } from "./counts";
export type { WordForms } from "./counts";
export { formatDateLong, formatDateShort, formatDateTime, formatDayMonth, SHOP_TIME_ZONE, shopDay } from "./dates";
export { formatRoubles } from "./money";
export { addWorkingDays, isWorkingDay, nextWorkingDay, productionCalendarYear, productionStartDay, readyDate } from "./production-calendar";
export { displayPhone, formatPhone, isCompletePhone, PHONE_MASKS, phoneMaskFor } from "./phones";
export { fileNameWithoutExtension } from "./file-name";
export { MESSENGER_NAMES, messengerPhoneHref, phoneDigits, telHref } from "./contact-links";
export {
  ACCOUNT_LIST_MAX_HEIGHT_PX,
  ALERT_AUTO_CLOSE_MS,
  BLOG_TEASERS_DESKTOP,
  BLOG_TEASERS_NARROW,
  BREAKPOINT_DESKTOP_PX,
  BREAKPOINT_TABLET_PX,
  CART_REFRESH_DELAY_MS,
  CITY_LIST_MAX_HEIGHT_PX,
  CITY_SEARCH_DEBOUNCE_MS,
  CITY_SELECT_DELAY_MS,
  LAYOUT_MAX_WIDTH_PX,
  LAYOUT_SAFE_ZONE_MM,
  MENU_TABS_MAX,
  ORDER_CUTOFF_HOUR,
  TEXTAREA_COLLAPSED_PX,
  TEXTAREA_MIN_MEASURED_PX,
  UPDATE_CHECK_INTERVAL_MS,
} from "./constants";
export { DEFAULT_CITY_KLADR_ID, PRESET_CITIES } from "./geo";
export { integerInWords, kopecksInWords } from "./money-words";
export type { PresetCity } from "./geo";
export { VAT_PERCENT } from "./tax";
export { SHOP_REQUISITES, shopRequisitesText } from "./shop-requisites";
export type { ShopRequisites } from "./shop-requisites";
export { chosenOptionCodes, computePrice, defaultLineSize, defaultOption, detailsNeedingLayout, finishingExclusionKey, layoutProfile, lineSizeOf, MAX_LINE_PRICE_KOPECKS, MAX_QUANTITY, NEW_DETAIL_PROFILE, OPTION_GROUP_LABELS, PRICING_OPTION_GROUPS, SINGLE_CHOICE_GROUPS, SIZE_OPTION_KEYS, sideFits, sizeLabel, sizeProblem, sizeRuleText, tierFor } from "./pricing";
export type { LayoutFormat, LineSize, NormalisedOptions, SizeLimits, PriceBreakdown, PriceRequest, PricingDetail, PricingFailure, PricingFailureCode, PricingOption, PricingOptionGroup, PricingProduct, PricingResult, PricingTier, RequestedOptions, SingleChoiceGroup } from "./pricing";
export {
  ACCOUNT_BASE,
  ACCOUNT_PAGES,
  ACCOUNT_PATHS,
  accountPagePath,
  accountPath,
  CATALOG_PATH,
  catalogPath,
  catalogViewSearch,
  clientOrderPath,
  DESIGNER_LINE_PATH_TEMPLATE,
  DESIGNER_PATH,
  DESIGNER_PATH_TEMPLATE,
  designerPath,
  employeeOrderPath,
  HOME_PATH,
  loginPath,
  pagePath,
  PRODUCT_PATH_TEMPLATE,
  productPath,
  safeNextPath,
  SCREEN_PATHS,
  searchPath,
  sitePath,
  SUCCESS_PATH_TEMPLATE,
  successPath,
  withNext,
} from "./page-paths";
export type { AccountPage, AccountRoute, CatalogView, CatalogViewFilters } from "./page-paths";
export { hasEmployeeRole } from "./back-office-sections";
export { BACK_OFFICE_SECTION_KEYS, BACK_OFFICE_SECTIONS, backOfficePath, backOfficeSectionOf, backOfficeSectionsFor } from "./back-office-sections";
export type { BackOfficeRoute, BackOfficeSection } from "./back-office-sections";
export { escapeHtml, isSafeImageAddress, isSafeLinkAddress, renderInline, renderMarkdown } from "./markdown";
