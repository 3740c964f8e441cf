export {
  feedbackFormDefinitionSchema,
  feedbackReceiptSchema,
  feedbackSubmissionSchema,
  formControlTypeSchema,
  formFieldSchema,
  recaptchaConfigSchema,
} from "./feedback";
export type {
  FeedbackFormDefinition,
  FeedbackReceipt,
  FeedbackSubmission,
  FeedbackSubmissionRequest,
  FormControlType,
  FormField,
  RecaptchaConfig,
} from "./feedback";
export {
  accountProfileSchema,
  accountTypeSchema,
  companyRefSchema,
  favoriteStateSchema,
  loginRequestSchema,
  okSchema,
  SESSION_TOKEN_HEADER,
  sessionGrantSchema,
} from "./account";
export type { AccountProfile, AccountType, CompanyRef, FavoriteState, LoginRequest, Ok, SessionGrant } from "./account";
export {
  clientCompanyParamsSchema,
  clientIdParamsSchema,
  clientListSchema,
  clientSchema,
  clientSearchQuerySchema,
  enterClientModeRequestSchema,
} from "./client";
export type { Client } from "./client";
export {
  addressCreateSchema,
  addressSchema,
  companyByInnQuerySchema,
  companyCreateSchema,
  companyLookupSchema,
  companySchema,
  innSchema,
  isValidInn,
  phoneSchema,
  recipientCreateSchema,
  recipientListQuerySchema,
  recipientSchema,
  selectCityParamsSchema,
  selectCompanyRequestSchema,
} from "./company";
export type {
  Address,
  AddressCreate,
  AddressCreateRequest,
  Company,
  CompanyCreate,
  CompanyCreateRequest,
  CompanyLookup,
  Recipient,
  RecipientCreate,
  RecipientCreateRequest,
} from "./company";
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
export {
  addressByCoordsQuerySchema,
  addressByCoordsSchema,
  CITY_KLADR_ID_PATTERN,
  CITY_SEARCH_LIMIT,
  CITY_SEARCH_MAX_LENGTH,
  cityByKladrIdQuerySchema,
  cityByKladrIdSchema,
  cityDetailsSchema,
  cityKladrIdSchema,
  cityListSchema,
  citySchema,
  citySearchQuerySchema,
  nearestCitySchema,
  SELF_PICKUP_DEFAULT_LIMIT,
  SELF_PICKUP_MAX_LIMIT,
  selfPickupOrderValues,
  selfPickupPageSchema,
  selfPickupPointSchema,
  selfPickupQuerySchema,
  sortDirectionValues,
  unknownCitySchema,
} from "./geo";
export type {
  AddressByCoords,
  AddressByCoordsQuery,
  City,
  CityByKladrId,
  CityByKladrIdQuery,
  CityDetails,
  CitySearchQuery,
  NearestCity,
  SelfPickupOrder,
  SelfPickupPage,
  SelfPickupPoint,
  SelfPickupQuery,
  SortDirection,
  UnknownCity,
} from "./geo";
export type { ClientAssets, HostSiteRender, RenderRequest, RenderResult } from "./host-render";
export { parseIntText, parseNumberText, queryBoolean, queryEnum, queryInt, queryNumber } from "./query";
export { seoFieldsSchema } from "./seo";
export type { SeoFields } from "./seo";
export { ndsSchema } from "./tax";
export type { Nds } from "./tax";
