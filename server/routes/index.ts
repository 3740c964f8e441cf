export { productCategoryRoutes } from "./catalog/product-categories";
export { productRoutes } from "./catalog/products";
export { ndsRoutes } from "./tax/nds";
