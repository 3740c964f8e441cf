export { accountStateAtom, cartTargetAtom, signedInAtom } from "./account-state.atoms";
export type { AccountState } from "./account-state.atoms";
export { ensureAccountAtom, exitClientModeAtom, loadAccountAtom, loginAtom, logoutAtom, selectCityAtom, selectCompanyAtom } from "./account.atoms";
export { apiAtom, publishChange, requireApi, tabSyncAtom } from "./api.atoms";
export {
  addToCartAtom,
  cartItemCountAtom,
  cartStateAtom,
  changeCartAtom,
  ensureCartAtom,
  loadCartAtom,
  reissueDeliveriesAtom,
  runDeliveryChangeAtom,
  scheduleCartRefreshAtom,
  setInOrderAtom,
  updateCartAtom,
} from "./cart.atoms";
export type { CartState } from "./cart.atoms";
export {
  categoriesAtom,
  loadCategoriesAtom,
  loadProductAtom,
  loadProductPageAtom,
  productListKey,
  productPagesAtom,
  productsAtom,
  restoreCatalogSnapshot,
  takeCatalogSnapshot,
} from "./catalog.atoms";
export type { CatalogSnapshot } from "./catalog.atoms";
export { useCategories, useProduct, useProductPage } from "./catalog.hooks";
export { favouriteOverridesAtom, favouritePendingAtom, favouritesVersionAtom, isFavourite, resetFavouritesAtom, toggleFavouriteAtom } from "./favourites.atoms";
export type { Resource } from "./resource";
export { useAccount, useCart } from "./session.hooks";
export { readJson, readText, STORAGE_KEYS, writeJson, writeText, onStoredChange } from "./storage";
export { createPageStore, disposePageStore, followOtherTabs, getPageStore } from "./store";
export type { Store, StoreFollower } from "./store";
export type { SyncTopic, TabSync } from "./sync";
