export {
  feedbackEmailProblem,
  feedbackFormDefinitionSchema,
  feedbackReceiptSchema,
  feedbackSubmissionSchema,
  formFieldSchema,
  recaptchaConfigSchema,
} from "./feedback";
export type {
  FeedbackFormDefinition,
  FeedbackReceipt,
  FeedbackSubmission,
  FeedbackSubmissionRequest,
  FormField,
  RecaptchaConfig,
} from "./feedback";
export {
  accountProfileSchema,
  favoriteStateSchema,
  loginRequestSchema,
  okSchema,
  CLIENT_MODE_REQUIRED_MESSAGE,
  SESSION_COOKIE,
  SESSION_TOKEN_HEADER,
  sessionGrantSchema,
} from "./account";
export type { AccountProfile, FavoriteState, LoginRequest, Ok, SessionGrant } from "./account";
export { EMPLOYEE_ROLE_LABELS, EMPLOYEE_ROLES, employeeRoleSchema, hasEmployeeRole, isEmployeeRole } from "./employee";
export type { EmployeeRole } from "./employee";
export {
  confirmEmailRequestSchema,
  devMailListSchema,
  devMailParamsSchema,
  devMailQuerySchema,
  devMailSchema,
  emailConfirmedSchema,
  emailLinkSentSchema,
  newPasswordSchema,
  PASSWORD_IS_EMAIL_MESSAGE,
  PASSWORD_MIN_LENGTH,
  passwordRecoveryRequestSchema,
  passwordResetRequestSchema,
  passwordRules,
  registrationKindSchema,
  registrationRequestSchema,
  sameAsEmail,
} from "./registration";
export type {
  DevMail,
  EmailConfirmed,
  EmailLinkSent,
  PasswordResetRequest,
  PasswordRule,
  PasswordRuleId,
  Registration,
  RegistrationKind,
  RegistrationRequest,
} from "./registration";
export { passwordChangeSchema, profileUpdateSchema } from "./profile";
export type { PasswordChangeRequest, ProfileUpdate, ProfileUpdateRequest } from "./profile";
export {
  DESIGN_MESSAGE_MAX_LENGTH,
  designMessageCreateSchema,
  designMessageListSchema,
  designMessageSchema,
  designStatusUpdateSchema,
  NOTIFICATION_LIST_DEFAULT_LIMIT,
  notificationListPageSchema,
  notificationListQuerySchema,
  notificationReadRequestSchema,
  notificationReadResultSchema,
  notificationSchema,
} from "./notification";
export type {
  DesignMessage,
  DesignStatusUpdateRequest,
  Notification,
  NotificationListPage,
  NotificationListQuery,
  NotificationReadRequest,
  NotificationReadResult,
} from "./notification";
export { handoffConfirmSchema, handoffGrantSchema, handoffQuerySchema, handoffRequestSchema } from "./handoff";
export type { HandoffGrant } from "./handoff";
export { PRERENDER_ATTRIBUTES, widgetPrerenderSchema } from "./prerender";
export type { PrerenderTag, WidgetPrerender } from "./prerender";
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
  isValidInn,
  phoneSchema,
  recipientCreateSchema,
  recipientListQuerySchema,
  recipientSchema,
  selectCityParamsSchema,
  selectCompanyRequestSchema,
  addressParamsSchema,
  addressUpdateSchema,
  companyParamsSchema,
  companyUpdateSchema,
  recipientParamsSchema,
  recipientUpdateSchema,
} from "./company";
export type {
  AddressUpdate,
  AddressUpdateRequest,
  CompanyUpdate,
  CompanyUpdateRequest,
  RecipientUpdate,
  RecipientUpdateRequest,
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
  PRICE_FILTER_MAX,
  PRODUCT_LIST_DEFAULT_LIMIT,
  productCardSchema,
  productIdParamsSchema,
  productListPageSchema,
  productListQuerySchema,
  productSortSchema,
  productSortValues,
} from "./catalog";
export type { Category, CategoryRef, ProductCard, ProductListPage, ProductListQuery, ProductSort } from "./catalog";
export { productSchema } from "./product";
export type { Product } from "./product";
export {
  categoryTreeNodeSchema,
  categoryTreeSchema,
  PRODUCT_MAX_QUANTITY,
  productByListRequestSchema,
  productDetailSchema,
  productOptionGroupNameSchema,
  productOptionGroupSchema,
  productOptionGroupValues,
  productPriceQuerySchema,
  productPriceQuoteSchema,
  productPriceTierSchema,
  productQuerySchema,
  productServiceIdParamsSchema,
  productServiceListSchema,
  productServiceSchema,
  productUrgencySchema,
} from "./product-options";
export type {
  CategoryTreeNode,
  ProductDetail,
  ProductOptionGroup,
  ProductOptionGroupName,
  ProductPriceQuery,
  ProductPriceQuote,
  ProductPriceTier,
  ProductServiceItem,
  ProductUrgency,
} from "./product-options";
export {
  ADDRESS_SUGGESTION_LIMIT,
  addressSuggestionListSchema,
  addressSuggestionSchema,
  addressSuggestQuerySchema,
  DEFAULT_QUOTE_WEIGHT_GRAMS,
  DELIVERY_METHOD_LABELS,
  DELIVERY_METHOD_TYPES,
  DELIVERY_TYPE_LABELS,
  deliveryCityParamsSchema,
  deliveryMethodValues,
  deliveryOptionSchema,
  deliveryOptionsQuerySchema,
  deliveryOptionsSchema,
  deliveryRequestSchema,
  deliveryTypeValues,
  deliveryUpdateRequestSchema,
  districtListSchema,
  districtQuerySchema,
  districtSchema,
  pickupPointListSchema,
  pickupPointSchema,
  pickupProviderValues,
  pvzParamsSchema,
  pvzQuerySchema,
} from "./delivery";
export type {
  AddressSuggestion,
  DeliveryMethod,
  DeliveryOption,
  DeliveryOptions,
  DeliveryOptionsQuery,
  DeliveryRequest,
  DeliveryType,
  DeliveryUpdateRequest,
  District,
  DistrictQuery,
  PickupPoint,
  PickupProvider,
  PvzQuery,
} from "./delivery";
export {
  CART_COMMENT_MAX_LENGTH,
  CART_LINE_MAX_QUANTITY,
  cartChangeInOrderSchema,
  cartDeliveryCreateSchema,
  cartDeliverySchema,
  cartDeliveryUpdateSchema,
  cartElsewhereSchema,
  cartItemParamsSchema,
  cartLayoutSchema,
  cartLayoutStatusValues,
  cartLineOptionSchema,
  cartLineOptionsSchema,
  cartLineSchema,
  cartMoveSchema,
  cartProblemSchema,
  cartProductAddSchema,
  cartProductUpdateSchema,
  cartPromocodeRequestSchema,
  cartPromocodeSchema,
  cartQuerySchema,
  cartSchema,
  cartUpdateSchema,
  PROMOCODE_MAX_LENGTH,
} from "./cart";
export type {
  Cart,
  CartChangeInOrderRequest,
  CartDelivery,
  CartDeliveryCreateRequest,
  CartDeliveryUpdateRequest,
  CartElsewhere,
  CartLayout,
  CartLine,
  CartLineOption,
  CartLineOptions,
  CartMove,
  CartMoveRequest,
  CartProblem,
  CartProductAdd,
  CartProductAddRequest,
  CartProductUpdate,
  CartProductUpdateRequest,
  CartPromocode,
  CartQuery,
  CartTarget,
  CartUpdate,
  CartUpdateRequest,
} from "./cart";
export { fieldIssueSchema, serverErrorSchema } from "./error";
export type { FieldIssue, ServerError } from "./error";
export {
  addressByCoordsQuerySchema,
  addressByCoordsSchema,
  CITY_SEARCH_LIMIT,
  cityByKladrIdQuerySchema,
  cityByKladrIdSchema,
  cityDetailsSchema,
  cityListSchema,
  citySchema,
  citySearchQuerySchema,
  nearestCitySchema,
  SELF_PICKUP_DEFAULT_LIMIT,
  selfPickupOrderValues,
  selfPickupPageSchema,
  selfPickupPointSchema,
  selfPickupQuerySchema,
  sortDirectionValues,
} from "./geo";
export type {
  AddressByCoords,
  AddressByCoordsQuery,
  City,
  CityByKladrId,
  CityDetails,
  NearestCity,
  SelfPickupOrder,
  SelfPickupPage,
  SelfPickupPoint,
  SelfPickupQuery,
  SortDirection,
} from "./geo";
export {
  BALANCE_ENTRIES_SHOWN,
  balanceQuerySchema,
  balanceSchema,
  DOCUMENT_LIST_DEFAULT_LIMIT,
  documentListPageSchema,
  documentListQuerySchema,
  IDEMPOTENCY_KEY_HEADER,
  ORDER_LIST_DEFAULT_LIMIT,
  orderDeliverySchema,
  orderDocumentKindSchema,
  orderDocumentSchema,
  orderIdParamsSchema,
  orderLineDesignSchema,
  orderLineSchema,
  orderListPageSchema,
  orderListQuerySchema,
  orderPaymentSchema,
  orderPaymentStatusSchema,
  orderSchema,
  orderStatusSchema,
  orderSummarySchema,
  paymentTypeSchema,
  paymentTypesFor,
  paymentTypeValues,
  placeOrderHeadersSchema,
  placeOrderRequestSchema,
  testPaymentFormSchema,
  testPaymentParamsSchema,
  yookassaNotificationSchema,
} from "./order";
export { INVOICE_NEEDS_COMPANY_MESSAGE, PAYMENT_TYPE_OFF_MESSAGE } from "./order";
export type {
  Balance,
  DocumentListPage,
  DocumentListQuery,
  Order,
  OrderDelivery,
  OrderDocument,
  OrderDocumentKind,
  OrderLine,
  OrderLineDesign,
  OrderListPage,
  OrderListQuery,
  OrderPayment,
  OrderPaymentStatus,
  OrderStatus,
  OrderSummary,
  PaymentType,
  PlaceOrderRequest,
  YookassaNotification,
} from "./order";
export {
  EMPLOYEE_ORDER_LIST_DEFAULT_LIMIT,
  employeeOrderListPageSchema,
  employeeOrderListQuerySchema,
  employeeOrderSchema,
  employeeOrderSummarySchema,
  ORDER_STATUS_LABELS,
  ORDER_STATUS_NEWS,
  orderStatusChangeSchema,
  orderStatusCountsSchema,
  orderStatusValues,
} from "./employee-order";
export type {
  EmployeeOrder,
  EmployeeOrderListPage,
  EmployeeOrderListQuery,
  EmployeeOrderSummary,
  OrderStatusCounts,
} from "./employee-order";
export type {
  ClientAssets,
  HostSiteRender,
  RenderReadFailure,
  RenderReads,
  RenderRequest,
  RenderResult,
  SitemapIndexRequest,
  SitemapPage,
  SitemapProduct,
  SitemapRequest,
  WidgetPrerenderRequest,
} from "./host-render";
export {
  bannerContentSchema,
  checklistContentSchema,
  contactsContentSchema,
  filesContentSchema,
  footerContentSchema,
  headerContentSchema,
  hrefSchema,
  MAIN_PAGE_ALIAS,
  menuSchema,
  menuTabSchema,
  messengerSchema,
  PAGE_LIST_DEFAULT_LIMIT,
  pageComponentSchema,
  pageKindSchema,
  pageKindValues,
  pageListQuerySchema,
  pageListSchema,
  pageRefSchema,
  pageSchema,
  pageSeoSchema,
  pageSlugParamsSchema,
  pageSummarySchema,
  popupAnswerSchema,
  popupSchema,
  productCategoriesContentSchema,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_LIMIT,
  searchQuerySchema,
  searchResultPageSchema,
  searchResultSchema,
  serviceContentSchema,
  textBlockSchema,
  vacancyContentSchema,
  widgetContentSchema,
} from "./pages";
export type {
  BannerContent,
  ChecklistContent,
  ContactsContent,
  FilesContent,
  FooterContent,
  HeaderContent,
  MenuTab,
  Messenger,
  Page,
  PageComponent,
  PageKind,
  PageList,
  PageListQuery,
  PageRef,
  PageSeo,
  PageSummary,
  Popup,
  PopupAnswer,
  ProductCategoriesContent,
  SearchQuery,
  SearchResult,
  SearchResultPage,
  ServiceContent,
  TextBlock,
  VacancyContent,
  WidgetContent,
} from "./pages";

export { INT32_MAX, isSafeText, safeText, UNSAFE_TEXT_MESSAGE_UI } from "./input";

export { healthCheckDetailsSchema, healthCheckSchema, healthDetailsSchema, healthPartSchema, healthPartValues, healthSchema } from "./health";
export type { Health, HealthCheck, HealthCheckDetails, HealthDetails, HealthPart } from "./health";
export { ndsSchema } from "./tax";
export type { Nds } from "./tax";
export {
  checkParamsSchema,
  checkSchema,
  checkStartedSchema,
  checkReportSchema,
  checkVerdictSchema,
  checkStartParamsSchema,
  designIdParamsSchema,
  designOrderCreateSchema,
  designOrderPatchSchema,
  designOrderSchema,
  fileIdParamsSchema,
  layoutApprovalSchema,
  layoutIdParamsSchema,
  layoutPrepressSchema,
  layoutSchema,
  layoutUploadFieldsSchema,
  preflightCodeMessages,
  preflightFindingSchema,
  uploadedFileSchema,
  websiteFileSchema,
} from "./files";
export type {
  Check,
  CheckStarted,
  CheckReport,
  CheckVerdict,
  DesignOrder,
  DesignOrderCreate,
  DesignOrderCreateRequest,
  DesignOrderPatch,
  Layout,
  LayoutPrepress,
  PreflightFinding,
  UploadedFile,
  WebsiteFile,
} from "./files";
// --- back office: employees and audit (issue 29, staff area) ---
export {
  AUDIT_PAGE_DEFAULT_LIMIT,
  AUDIT_PAGE_MAX_LIMIT,
  auditChangeSchema,
  auditEntrySchema,
  auditPageSchema,
  auditQuerySchema,
  EMPLOYEE_STATES,
  employeeCreateSchema,
  employeeIdParamsSchema,
  employeeListQuerySchema,
  employeeListSchema,
  employeeRolesInputSchema,
  employeeSchema,
  employeeUpdateSchema,
} from "./back-office-staff";
export type {
  AuditChange,
  AuditEntry,
  AuditPage,
  AuditQuery,
  Employee,
  EmployeeCreateRequest,
  EmployeeListQuery,
  EmployeeState,
  EmployeeUpdateRequest,
} from "./back-office-staff";

// Back office: catalogue (issue 29, helper "catalog").
export {
  CATALOG_DESCRIPTION_MAX_LENGTH,
  CATALOG_NAME_MAX_LENGTH,
  CATALOG_SEO_MAX_LENGTH,
  CATALOG_SLUG_MAX_LENGTH,
  CATALOG_SLUG_PATTERN,
  EMPLOYEE_PRODUCT_LIST_DEFAULT_LIMIT,
  EMPLOYEE_PRODUCT_LIST_MAX_LIMIT,
  PRODUCT_MAX_DETAILS,
  PRODUCT_MAX_OPTIONS_PER_GROUP,
  PRODUCT_MAX_PHOTOS,
  PRODUCT_MAX_TIERS,
  PRODUCT_MAX_UNIT_PRICE,
  PRODUCT_OPTION_GROUP_LABELS,
  catalogPhotoSchema,
  catalogPhotoUploadSchema,
  catalogSlugSchema,
  employeeCatalogIdParamsSchema,
  employeeCategoryInputSchema,
  employeeCategoryListSchema,
  employeeCategorySchema,
  employeeProductArchiveSchema,
  employeeProductDetailSchema,
  employeeProductInputSchema,
  employeeProductListPageSchema,
  employeeProductListQuerySchema,
  employeeProductOptionGroupSchema,
  employeeProductOptionValueSchema,
  employeeProductSchema,
  employeeProductStateValues,
  employeeProductSummarySchema,
  employeeProductTierSchema,
  productRuleIssues,
  roublesInput,
} from "./back-office-catalog";
export type {
  CatalogPhoto,
  CatalogPhotoUpload,
  EmployeeCategory,
  EmployeeCategoryInput,
  EmployeeCategoryRecord,
  EmployeeProduct,
  EmployeeProductArchive,
  EmployeeProductDetail,
  EmployeeProductInput,
  EmployeeProductListPage,
  EmployeeProductListQuery,
  EmployeeProductOptionGroup,
  EmployeeProductOptionValue,
  EmployeeProductRecord,
  EmployeeProductState,
  EmployeeProductSummary,
  EmployeeProductTier,
  ProductRuleIssue,
  ProductRulesInput,
} from "./back-office-catalog";

// ——— Back office: promocodes and self-pickup points (issue 29, promo area) ———
export {
  employeePickupPointListSchema,
  employeePickupPointSchema,
  employeePromocodeListSchema,
  employeePromocodeSchema,
  pickupPointCreateSchema,
  pickupPointIdParamsSchema,
  pickupPointUpdateSchema,
  PROMOCODE_CODE_PATTERN,
  PROMOCODE_KIND_LABELS,
  PROMOCODE_KINDS,
  PROMOCODE_MAX_ROUBLES,
  promocodeCreateSchema,
  promocodeIdParamsSchema,
  promocodeUpdateSchema,
} from "./back-office-promo";
export type {
  EmployeePickupPoint,
  EmployeePickupPointList,
  EmployeePromocode,
  EmployeePromocodeList,
  PickupPointCreate,
  PickupPointUpdate,
  PromocodeCreate,
  PromocodeUpdate,
} from "./back-office-promo";
// ——— Back office: catalogue CSV import and export (issue 29, helper "csv") ———
export {
  catalogImportChangeSchema,
  catalogImportCountsSchema,
  catalogImportErrorSchema,
  catalogImportFieldChangeSchema,
  catalogImportQuerySchema,
  catalogImportResultSchema,
} from "./back-office-catalog-csv";
export type { CatalogImportChange, CatalogImportCounts, CatalogImportError, CatalogImportFieldChange, CatalogImportQuery, CatalogImportResult } from "./back-office-catalog-csv";

// ——— Back office: content (issue 29) ———————————————————————————————————————————————————
export { articleContentSchema, PAGE_SLUG_PATTERN } from "./pages";
export type { ArticleContent } from "./pages";
export {
  EMPLOYEE_PAGE_LIST_DEFAULT_LIMIT,
  EMPLOYEE_PAGE_LIST_MAX_LIMIT,
  employeePageDeletedSchema,
  employeePageIdParamsSchema,
  employeePageListQuerySchema,
  employeePageListSchema,
  employeePageSchema,
  employeePageSummarySchema,
  employeePageWriteSchema,
  menuBlockContentSchema,
  PAGE_STATE_LABELS,
  pageStateSchema,
  pageStateValues,
  popupBlockContentSchema,
  siteBlockKeySchema,
  siteBlockKeyValues,
  siteBlockParamsSchema,
  siteBlockSchema,
  siteBlockWriteSchema,
} from "./back-office-content";
export type {
  EmployeePage,
  EmployeePageDeleted,
  EmployeePageList,
  EmployeePageListQuery,
  EmployeePageSummary,
  EmployeePageWrite,
  MenuBlockContent,
  PageState,
  PopupBlockContent,
  SiteBlock,
  SiteBlockKey,
  SiteBlockWrite,
} from "./back-office-content";

// The back office: prepress (issue 29).
export {
  PREPRESS_NOTE_MAX_LENGTH,
  PREPRESS_QUEUE_DEFAULT_LIMIT,
  PREPRESS_QUEUE_MAX_LIMIT,
  PREPRESS_QUEUE_STATE_LABELS,
  prepressAcceptSchema,
  prepressLayoutSchema,
  prepressQueueItemSchema,
  prepressQueuePageSchema,
  prepressQueueQuerySchema,
  prepressQueueStateValues,
  prepressReasonValues,
  prepressReturnSchema,
} from "./back-office-prepress";
export type { PrepressAccept, PrepressLayout, PrepressQueueItem, PrepressQueuePage, PrepressQueueQuery, PrepressQueueState, PrepressReturn } from "./back-office-prepress";

// Back office — design orders (issue 29).
export { designStatusValues } from "./files";
export {
  DESIGN_STATUS_TITLES,
  designChangesRequestSchema,
  designOrderIdParamsSchema,
  designQuoteQuerySchema,
  designQuoteSchema,
  EMPLOYEE_DESIGN_PAGE_SIZE,
  employeeDesignLayoutSchema,
  employeeDesignOrderListQuerySchema,
  employeeDesignOrderListSchema,
  employeeDesignOrderSchema,
  employeeDesignOrderSummarySchema,
  employeeDesignStatusSchema,
} from "./back-office-design";
export type {
  DesignChangesRequest,
  DesignQuote,
  EmployeeDesignOrder,
  EmployeeDesignOrderList,
  EmployeeDesignOrderListQuery,
  EmployeeDesignOrderSummary,
  EmployeeDesignStatus,
} from "./back-office-design";

// Website — the side menu, its own site block (issue 29).
export { SIDE_MENU_LABEL_MAX_LENGTH, SIDE_MENU_MAX_ITEMS, sideMenuContentSchema, sideMenuItemSchema, sideMenuSchema } from "./side-menu";
export type { SideMenuContent, SideMenuItem } from "./side-menu";

// Deadlines — the production calendar's data file (issue 30).
export { productionCalendarSchema, productionCalendarYearSchema } from "./production-calendar";
export type { ProductionCalendar, ProductionCalendarYear } from "./production-calendar";
// Sizes and templates — per-m² products and layout templates (issue 30).
export { PRODUCT_SIZE_MAX_MM, productSizeLimitsSchema, productTemplatePath, productTemplateQuerySchema, templateKindValues } from "./product-size";
export type { ProductSizeLimits, ProductTemplateQuery, TemplateKind } from "./product-size";
// Money after the order — fiscal receipts (54-ФЗ), refunds, the payments' recorded requests (issue 30).
export {
  fiscalReceiptItemSchema,
  fiscalReceiptSchema,
  orderRefundSchema,
  paymentRecordListSchema,
  paymentRecordSchema,
  paymentRefundRecordSchema,
  refundStatusSchema,
  yookassaAmountSchema,
  yookassaPaymentRequestSchema,
  yookassaRefundRequestSchema,
} from "./receipts";
export type {
  FiscalReceipt,
  FiscalReceiptItem,
  OrderRefund,
  PaymentRecord,
  PaymentRecordList,
  PaymentRefundRecord,
  RefundStatus,
  YookassaAmount,
  YookassaPaymentRequest,
  YookassaRefundRequest,
} from "./receipts";
// Letters, tracking and the order timeline (issue 30).
export { orderTimelineEntrySchema, orderTrackingSchema, TRACKING_CARRIER_LABELS, trackingCarrierSchema, trackingCarrierValues } from "./order";
export type { OrderTimelineEntry, OrderTracking, TrackingCarrier } from "./order";
export type { OrderStatusChange } from "./employee-order";
export { notificationSettingsSchema } from "./notification";
export type { NotificationSettings } from "./notification";
// Issue 30, the walk's findings: the feedback form's phone rule, shared by the form and the server.
export { FEEDBACK_PHONE_PROBLEM, feedbackPhoneProblem } from "./feedback";
// The settlement receipt («полный расчёт») of a card order handed over (issue 30, s3-settle).
export { paymentSettlementRecordSchema, receiptSettlementSchema, yookassaSettlementReceiptRequestSchema } from "./receipts";
export type { PaymentSettlementRecord, ReceiptSettlement, YookassaSettlementReceiptRequest } from "./receipts";
