export { apiAtom } from "./api.atoms";
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
export type { Resource } from "./resource";
export { createPageStore, getPageStore } from "./store";
export type { Store } from "./store";
