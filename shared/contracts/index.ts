export {
  categoryListSchema,
  categoryRefSchema,
  categorySchema,
  entityIdSchema,
  PRICE_FILTER_MAX,
  PRODUCT_LIST_DEFAULT_LIMIT,
  PRODUCT_LIST_MAX_LIMIT,
  productCardSchema,
  productIdParamsSchema,
  productListPageSchema,
  productListQuerySchema,
  productSchema,
  productSortSchema,
  productSortValues,
} from "./catalog";
export type { Category, CategoryRef, Product, ProductCard, ProductListPage, ProductListQuery, ProductSort } from "./catalog";
export { fieldIssueSchema, serverErrorSchema } from "./error";
export type { FieldIssue, ServerError } from "./error";
export type { ClientAssets, HostSiteRender, RenderRequest, RenderResult } from "./host-render";
export { parseIntText, queryBoolean, queryEnum, queryInt, queryNumber } from "./query";
export { seoFieldsSchema } from "./seo";
export type { SeoFields } from "./seo";
export { ndsSchema } from "./tax";
export type { Nds } from "./tax";
