/*
 * The Ottisk database: every area keeps its tables in a `*.schema.ts` file of its own, and this file
 * only lists them, for drizzle-kit (drizzle.config.ts) and the Drizzle client (client.ts). The table
 * files import each other directly, never this list, so the schema has no import cycle. Money is kept
 * in kopecks (whole numbers, no rounding drift); the API speaks roubles.
 */

export { product, productCategory } from "./catalog.schema";
export type { NewProductCategoryRow, NewProductRow, ProductCategoryRow, ProductRow } from "./catalog.schema";
export { account, accountType, address, company, favorite, recipient, session } from "./accounts.schema";
export type { AccountRow, AddressRow, CompanyRow, RecipientRow, SessionRow } from "./accounts.schema";
export { city, selfPickupPoint, type CityRow, type NewCityRow, type NewSelfPickupPointRow, type SelfPickupPointRow } from "./geo.schema";
export { feedbackRequest } from "./feedback.schema";
export { productDetail, productOption, productOptionGroupValues, productPriceTier, productService } from "./catalog-options.schema";
export type { ProductDetailRow, ProductOptionRow, ProductPriceTierRow, ProductServiceRow } from "./catalog-options.schema";
export { websiteBlock, websitePage, websitePageKindValues } from "./pages.schema";
export type { NewWebsitePageRow, StoredPageComponent, WebsiteBlockRow, WebsitePageRow } from "./pages.schema";
export { cart, delivery, orderProduct, promocode } from "./cart.schema";
export type { CartRow, ChosenOptions, DeliveryRow, OrderProductRow, PromocodeRow } from "./cart.schema";
export { balanceEntry, clientOrder, orderStatusCount, orderStatusEvent, payment, paymentRefund, paymentSettlement, paymentTypeValues } from "./orders.schema";
export type { BalanceEntryRow, ClientOrderRow, OrderStatusEventRow, PaymentRefundRow, PaymentRow, PaymentSettlementRow } from "./orders.schema";
export { storedFile } from "./stored-file.schema";
export type { StoredFileRow } from "./stored-file.schema";
export { designOrder, layout, layoutCheck } from "./files.schema";
export type { DesignOrderRow, LayoutCheckRow, LayoutRow } from "./files.schema";
export { handoffUse, loginThrottle, rateLimit, shopSecret } from "./security.schema";
export type { LoginThrottleRow, RateLimitRow } from "./security.schema";
export { designMessage, emailToken, emailTokenPurposeValues, mailAttachment, mailOutbox, notification, notificationKindValues } from "./mail.schema";
export type { DesignMessageRow, EmailTokenRow, MailOutboxRow, NotificationRow } from "./mail.schema";
export { auditEntry } from "./backoffice.schema";
export type { AuditEntryRow, AuditFieldChange } from "./backoffice.schema";
export { layoutDesign, layoutDesignImage, layoutDesignTemplate } from "./layout-designs.schema";
export type { LayoutDesignImageRow, LayoutDesignRow, LayoutDesignTemplateRow } from "./layout-designs.schema";
