export { createApi } from "./api";
export type { Api, ApiOptions, SessionTokenStore } from "./api";
export { ApiError, isApiError } from "./error";
export { productListSearchParams } from "./query";
