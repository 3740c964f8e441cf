export { accountAskedAtom, accountResource, accountStateAtom, cartTargetAtom, signedInAtom } from "./account-state.atoms";
export type { AccountState } from "./account-state.atoms";
export { ensureAccountAtom, exitClientModeAtom, loadAccountAtom, loginAtom, logoutAtom, selectCityAtom, selectCompanyAtom } from "./account.atoms";
export { apiAtom, publishChange, requireApi, tabSyncAtom } from "./api.atoms";
export {
  addToCartAtom,
  cartAnsweredAtom,
  cartItemCountAtom,
  cartResource,
  cartSavingAtom,
  cartStateAtom,
  changeCartAtom,
  deliveryChangeAtom,
  ensureCartAtom,
  loadCartAtom,
  placeOrderAtom,
  reissueDeliveriesAtom,
  runDeliveryChangeAtom,
  scheduleCartRefreshAtom,
  sessionPossibleAtom,
  setInOrderAtom,
  trackCartChangeAtom,
  updateCartAtom,
} from "./cart.atoms";
export type { CartState } from "./cart.atoms";
export {
  categoriesAtom,
  loadCategoriesAtom,
  loadProductAtom,
  loadProductPageAtom,
  mergeCatalogSnapshot,
  productListKey,
  productPagesAtom,
  productsAtom,
  restoreCatalogSnapshot,
  takeCatalogSnapshot,
} from "./catalog.atoms";
export type { CatalogSnapshot } from "./catalog.atoms";
export { addressSuggestions, balances, cityPickupPoints, courierDistricts, deliveryOptions, selfPickupCounters } from "./delivery.atoms";
export type { DeliveryOptionsQuestion, PickupPointsQuestion } from "./delivery.atoms";
export {
  awaitCheckAtom,
  changeDesignOrderAtom,
  layoutsChangedAtom,
  reportCheckAtom,
  setLayoutApprovalAtom,
  startCheckAtom,
  uploadLayoutAtom,
} from "./layout-checker.atoms";
export type { DesignOrderChange } from "./layout-checker.atoms";
export { citiesByKladrId, cityOrDefault, citySearches, DEFAULT_CITY, PRESET_CITY_CHOICES } from "./city.atoms";
export type { CityChoice } from "./city.atoms";
export { useCityName, useCurrentCity } from "./city.hooks";
export { useCategories, useProduct, useProductPage } from "./catalog.hooks";
export { favouriteOverridesAtom, favouritePendingAtom, favouritesVersionAtom, isFavourite, resetFavouritesAtom, toggleFavouriteAtom } from "./favourites.atoms";
export { favouriteProducts, favouriteProductsHandedOverAtom, loadFavouriteProductsAtom } from "./favourite-products.atoms";
export { attachAnnotatedPdfAtom, downloadPdfAtom } from "./pdf-annotations.atoms";
export { useFavouriteProducts, useFavouriteToggle } from "./favourites.hooks";
export type { FavouriteToggle } from "./favourites.hooks";
export { countCatalogFilters, NO_CATALOG_FILTERS, parseCatalogFilters, saveCatalogFilters, useCatalogFilters } from "./catalog-filters";
export { productPrices, urgentProducts } from "./product-page.atoms";
export type { PriceQuestion } from "./product-page.atoms";
export { PRICE_QUOTE_DEBOUNCE_MS, usePriceQuote, useUrgentProduct } from "./product-page.hooks";
export type { PriceQuoteState } from "./product-page.hooks";
export type { CatalogFilters } from "./catalog-filters";
export { dataOf } from "./resource";
export type { KeyedResource, Resource, StoreResource } from "./resource";
export { useDebounced, useKeyedResource, useResource } from "./resource.hooks";
export { loadSearchPageAtom, searchPageKey, searchPagesAtom, storedSearchQuery, storeSearchQuery } from "./search.atoms";
export { loadPageAtom, orders, ordersAtom, pageKey, pagesAtom } from "./pages.atoms";
export { useOrder, usePage } from "./pages.hooks";
export {
  companiesByInn,
  companiesByInnAtom,
  confirmEmailAtom,
  emailConfirmationsAtom,
  lookUpCompanyByInnAtom,
  registerAtom,
  requestPasswordRecoveryAtom,
  resendEmailConfirmationAtom,
  resetPasswordAtom,
} from "./registration.atoms";
export { useCompanyByInn, useEmailConfirmation } from "./registration.hooks";
export {
  accountPageKey,
  clientOrderPages,
  clientOrderPagesAtom,
  documentPages,
  documentPagesAtom,
  forgetOrderListsAtom,
  orderFileUrlAtom,
  payOrderAgainAtom,
  repeatOrderAtom,
  replaceReturnedLayoutAtom,
} from "./orders.atoms";
export type { AccountPageQuery } from "./orders.atoms";
export { deleteLayoutDesignAtom, layoutDesignList, renameLayoutDesignAtom } from "./layout-design-list.atoms";
export { useClientOrders, useDocuments } from "./orders.hooks";
export {
  addresses,
  changePasswordAtom,
  companies,
  deleteAddressAtom,
  deleteCompanyAtom,
  deleteRecipientAtom,
  designMessages,
  markNotificationsReadAtom,
  notificationPages,
  notificationSettings,
  saveNotificationSettingsAtom,
  NOTIFICATIONS_PAGE_SIZE,
  postDesignMessageAtom,
  recipients,
  saveAddressAtom,
  saveCompanyAtom,
  saveRecipientAtom,
  updateProfileAtom,
} from "./profile.atoms";
export { useAddresses, useCompanies, useDesignMessages, useNotifications, useNotificationSettings, useRecipients } from "./profile.hooks";
export {
  changeOrderStatusAtom,
  clientSearches,
  clientSearchesAtom,
  clientSearchKey,
  employeeOrderListKey,
  employeeOrderLists,
  employeeOrderListsAtom,
  employeeOrders,
  employeeOrdersAtom,
  enterClientModeAtom,
  forgetEmployeeOrderListsAtom,
  reloadEmployeeOrderAtom,
} from "./employee.atoms";
export { useClientSearch, useEmployeeOrder, useEmployeeOrders } from "./employee.hooks";
export type { SearchPageQuery } from "./search.atoms";
export { useAccount, useCart, useCartBadge } from "./session.hooks";
export { useReportBug, useShowFailure } from "./failure.hooks";
export {
  feedbackForm,
  latestBlogPosts,
  recaptchaConfig,
  sendFeedbackAtom,
  siteDocuments,
  siteFooter,
  siteHeader,
  siteMenu,
  siteSideMenu,
  siteNds,
  sitePopup,
} from "./site.atoms";
export type { SiteDocuments, SiteResource } from "./site.atoms";
export { useSiteResource } from "./site.hooks";
export { readJson, readText, STORAGE_KEYS, writeJson, writeText, onStoredChange } from "./storage";
export { createPageStore, disposePageStore, followOtherTabs, getPageStore } from "./store";
export type { Store, StoreFollower } from "./store";
export type { SyncTopic, TabSync } from "./sync";
// --- back office: employees and audit (issue 29, staff area) ---
export {
  createStaffEmployeeAtom,
  staffAuditPages,
  staffAuditPagesAtom,
  staffEmployeeLists,
  staffEmployeeListsAtom,
  staffEmployees,
  staffEmployeesAtom,
  updateStaffEmployeeAtom,
} from "./back-office-staff.atoms";
export { useAuditPage, useStaffEmployee, useStaffEmployees } from "./back-office-staff.hooks";
// Back office: promocodes and self-pickup points (issue 29, promo area).
export {
  backOfficePickupPointLists,
  backOfficePickupPoints,
  backOfficePromocodeLists,
  backOfficePromocodes,
  savePickupPointAtom,
  savePromocodeAtom,
} from "./back-office-promo.atoms";
export { useBackOfficePickupPoint, useBackOfficePickupPoints, useBackOfficePromocode, useBackOfficePromocodes } from "./back-office-promo.hooks";
// Back office: the catalogue CSV (issue 29).
export { catalogExportUrlAtom, importCatalogAtom } from "./back-office-catalog-csv.atoms";
export {
  contentPageListKey,
  contentPageLists,
  contentPageListsAtom,
  contentPages,
  contentPagesAtom,
  saveContentPageAtom,
  saveSiteBlockAtom,
  siteBlocks,
  siteBlocksAtom,
  uploadContentPictureAtom,
} from "./back-office-content.atoms";
export { useContentPage, useContentPages, useSiteBlock } from "./back-office-content.hooks";
// The back office: prepress (issue 29).
export { decidePrepressAtom, prepressLayouts, prepressLayoutsAtom, prepressQueueKey, prepressQueues, prepressQueuesAtom } from "./back-office-prepress.atoms";
export type { PrepressDecision } from "./back-office-prepress.atoms";
export { usePrepressLayout, usePrepressQueue } from "./back-office-prepress.hooks";
// The back office's design orders (issue 29).
export {
  approveDesignLayoutAtom,
  designQuotes,
  employeeDesignLists,
  employeeDesignOrders,
  reloadEmployeeDesignOrderAtom,
  requestDesignChangesAtom,
  setDesignOrderStatusAtom,
  takeDesignOrderAtom,
  uploadDesignLayoutAtom,
} from "./back-office-design.atoms";
export { useDesignQuote, useEmployeeDesignOrder, useEmployeeDesignOrders } from "./back-office-design.hooks";
export {
  archiveEmployeeProductAtom,
  employeeCategories,
  employeeCategoryList,
  employeeProductListKey,
  employeeProductLists,
  employeeProducts,
  recordId,
  saveEmployeeCategoryAtom,
  saveEmployeeProductAtom,
  uploadEmployeeCategoryPictureAtom,
  uploadEmployeeProductPhotoAtom,
} from "./back-office-catalog.atoms";
export { useEmployeeCategory, useEmployeeCategoryList, useEmployeeProduct, useEmployeeProducts } from "./back-office-catalog.hooks";
// The back office's layout designer templates (issue 32).
export { employeeLayoutDesignTemplates, writeLayoutDesignTemplateAtom } from "./back-office-layout-design.atoms";
export type { LayoutDesignTemplateWrite } from "./back-office-layout-design.atoms";
// The layout designer (issue 32).
export { designTemplates, layoutDesignImageBytesAtom, layoutDesigns, saveLayoutDesignAtom, uploadLayoutDesignImageAtom } from "./designer.atoms";
