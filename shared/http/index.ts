export { createApi } from "./api";
export type { Api } from "./api";
export type { LayoutDesignEndpoints } from "./layout-design.endpoints";
export type { ApiOptions, ApiRequest, RequestInit, SessionTokenStore } from "./request";
export { ApiError, isApiError } from "./error";
export { fetchStaticAsset } from "./static-asset";
export { productListSearchParams } from "./query";
export { withServerReads } from "./server-reads";
