import { createHmac, randomBytes } from "node:crypto";
import { SCHEDULED_PAGES_EVERY_MS, scheduledPagesTask } from "./services/backoffice/content.service";
import fastifyCors from "@fastify/cors";
import Fastify from "fastify";
import type { FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { CaptchaVerifier } from "./adapters/recaptcha";
import type { Database, OpenDatabase, SqlExecutor } from "./db/client";
import { clientErrorHandler, frameworkErrors, installErrorHandlers, sendNotFound } from "./plugins/errors";
import { installCompression } from "./plugins/compression";
import { installSecurityHeaders } from "./plugins/security-headers";
import { installOpenApi, openApiDocumentRoute } from "./plugins/openapi";
import { installSessions } from "./plugins/session";
import { installAccessCheck } from "./plugins/access";
import { installInputGuard } from "./plugins/input-guard";
import { installRateLimits } from "./plugins/rate-limits";
import type { LayoutDesignQuotas, QuotaConfig, RequestLimits } from "./limits";
import type { PaymentMethod } from "./config";
import { installOriginCheck } from "./plugins/origin-check";
import { createAccountService } from "./services/accounts/account.service";
import type { AccountService } from "./services/accounts/account.service";
import { createLoginThrottle } from "./services/accounts/login-throttle";
import { createFileTransport, createSmtpTransport, DEFAULT_MAIL_FROM } from "./adapters/mailer";
import type { MailTransport } from "./adapters/mailer";
import { createMailOutbox, DEFAULT_MAIL_OUTBOX } from "./services/mail/mail-outbox";
import type { MailOutbox, MailOutboxSettings } from "./services/mail/mail-outbox";
import { createRegistrationService } from "./services/accounts/registration.service";
import type { RegistrationService } from "./services/accounts/registration.service";
import type { LoginThrottleSettings } from "./services/accounts/login-throttle";
import {
  addressByCoordsRoutes,
  authRoutes,
  cartDeliveryRoutes,
  cartProductRoutes,
  cartRoutes,
  checkRoutes,
  cityRoutes,
  deliveryGeoRoutes,
  clientAccountRoutes,
  clientDataRoutes,
  backOfficeCatalogRoutes,
  backOfficeLayoutDesignTemplateRoutes,
  layoutDesignRoutes,
  backOfficeContentRoutes,
  backOfficeDesignRoutes,
  backOfficePrepressRoutes,
  backOfficePromoRoutes,
  backOfficeStaffRoutes,
  devMailRoutes,
  clientRoutes,
  designMessageRoutes,
  designOrderRoutes,
  employeeOrderRoutes,
  fileRoutes,
  favoriteRoutes,
  healthRoutes,
  notificationRoutes,
  profileRoutes,
  feedbackRoutes,
  ndsRoutes,
  orderRoutes,
  paymentRoutes,
  orderDocumentRoutes,
  productCategoryRoutes,
  productOptionRoutes,
  productTemplateRoutes,
  productRoutes,
  registrationRoutes,
  selfPickupRoutes,
  websiteRoutes,
} from "./routes/index";
import { createCartService } from "./services/cart/cart.service";
import type { CartService } from "./services/cart/cart.service";
import { createCatalogService } from "./services/catalog/catalog.service";
import type { CatalogService } from "./services/catalog/catalog.service";
import { createPricingService } from "./services/catalog/pricing.service";
import type { PricingService } from "./services/catalog/pricing.service";
import { createLayoutTemplateService } from "./services/catalog/layout-template.service";
import type { LayoutTemplateService } from "./services/catalog/layout-template.service";
import { createGeoService } from "./services/geo/geo.service";
import type { GeoService } from "./services/geo/geo.service";
import { createDeliveryQuoteService } from "./services/geo/delivery-quote.service";
import type { DeliveryQuoteService } from "./services/geo/delivery-quote.service";
import { createDeliveryService } from "./services/geo/delivery.service";
import type { DeliveryService } from "./services/geo/delivery.service";
import type { AddressSuggester } from "./adapters/dadata-address";
import type { DeliveryProvider } from "./adapters/delivery/provider";
import { createClientService } from "./services/accounts/client.service";
import type { ClientService } from "./services/accounts/client.service";
import { createCompanyService } from "./services/accounts/company.service";
import { createFeedbackService } from "./services/pages/feedback.service";
import type { FeedbackService } from "./services/pages/feedback.service";
import type { CompanyService } from "./services/accounts/company.service";
import type { CompanyDirectory } from "./adapters/dadata";
import { createPublicResponseCache } from "./services/catalog/public-response-cache";
import { startCacheInvalidation } from "./services/cache-invalidation";
import type { CacheInvalidation } from "./services/cache-invalidation";
import { createLocalNotifications } from "./db/notifications";
import type { DatabaseNotifications } from "./db/notifications";
import type { PublicResponseCache } from "./services/catalog/public-response-cache";
import { createPagesService } from "./services/pages/pages.service";
import type { PagesService } from "./services/pages/pages.service";
import { createFileService } from "./services/files/file.service";
import type { FileService } from "./services/files/file.service";
import { createFileStorages, PRIVATE_FILES_FOLDER } from "./storage/file-storage";
import type { FileStorages } from "./storage/file-storage";
import { publicFilesRoutes } from "./plugins/public-files";
import { createLayoutService } from "./services/files/layout.service";
import type { LayoutService } from "./services/files/layout.service";
import { createDesignService } from "./services/files/design.service";
import { createDesignMessageService } from "./services/files/design-message.service";
import type { DesignMessageService } from "./services/files/design-message.service";
import { createNotificationService } from "./services/accounts/notification.service";
import type { NotificationService } from "./services/accounts/notification.service";
import { createProfileService } from "./services/accounts/profile.service";
import type { ProfileService } from "./services/accounts/profile.service";
import { DEFAULT_LAYOUT_DESIGN_QUOTAS, DEFAULT_QUOTAS } from "./limits";
import { createQuotaService } from "./services/files/quota.service";
import type { QuotaService } from "./services/files/quota.service";
import { clearStaleUploads } from "./routes/files/multipart";
import { backOfficeCatalogCsvRoutes } from "./routes/backoffice/catalog-csv";
import type { DesignService } from "./services/files/design.service";
import { createCheckRunner, SWEEP_EVERY_MS as CHECK_SWEEP_EVERY_MS } from "./jobs/check-runner";
import type { CheckRunner, CheckRunnerOptions } from "./jobs/check-runner";
import { createScheduler } from "./jobs/scheduler";
import type { Scheduler } from "./jobs/scheduler";
import { createLayoutDesignService } from "./services/layout-designs/layout-design.service";
import type { LayoutDesignService } from "./services/layout-designs/layout-design.service";
import { createLayoutDesignImageService } from "./services/layout-designs/layout-design-image.service";
import type { LayoutDesignImageService } from "./services/layout-designs/layout-design-image.service";
import { createLayoutDesignTemplateService } from "./services/layout-designs/layout-design-template.service";
import type { LayoutDesignTemplateService } from "./services/layout-designs/layout-design-template.service";
import { createBalanceService } from "./services/orders/balance.service";
import type { BalanceService } from "./services/orders/balance.service";
import { createOrderService } from "./services/orders/order.service";
import type { OrderService } from "./services/orders/order.service";
import { createEmployeeOrderService } from "./services/orders/employee-orders.service";
import type { EmployeeOrderService } from "./services/orders/employee-orders.service";
import { createPaymentService } from "./services/orders/payment.service";
import type { PaymentService } from "./services/orders/payment.service";
import type { YookassaClient } from "./adapters/yookassa";
import { createHandoffService } from "./services/accounts/handoff.service";
import type { HandoffService } from "./services/accounts/handoff.service";
import { createSessionService } from "./services/accounts/session.service";
import { createHealthService } from "./services/health.service";
import { createVisitorSweep } from "./services/accounts/visitor-sweep";
import type { HealthService } from "./services/health.service";
import { createRateLimitService } from "./services/rate-limit.service";
import type { RateLimitService } from "./services/rate-limit.service";
import type { SessionService } from "./services/accounts/session.service";
import { paymentTypeValues, SESSION_TOKEN_HEADER } from "../shared/contracts/index";
import type { PaymentType, ProductListPage } from "../shared/contracts/index";

declare module "fastify" {
  interface FastifyInstance {
    catalog: CatalogService;
    pricing: PricingService;
    /** The layout templates of «Скачать шаблон» (issue 30). */
    templates: LayoutTemplateService;
    geo: GeoService;
    deliveryQuotes: DeliveryQuoteService;
    delivery: DeliveryService;
    carts: CartService;
    sessions: SessionService;
    handoff: HandoffService;
    accounts: AccountService;
    /** Registration, e-mail confirmation and password recovery (issue 15). */
    registration: RegistrationService;
    /** Every e-mail: the outbox table and its sender (SMTP, or .eml files in the data folder). */
    mail: MailOutbox;
    companies: CompanyService;
    clients: ClientService;
    feedback: FeedbackService;
    pages: PagesService;
    orders: OrderService;
    /** Every client's orders for staff: the panel's list, one order, the status change (issue 15). */
    employeeOrders: EmployeeOrderService;
    /** Private files (layouts, invoices, annotated PDFs) and public website uploads. */
    files: FileService;
    layouts: LayoutService;
    designs: DesignService;
    /** A design order's messages between the customer and the designer (issue 15). */
    designMessages: DesignMessageService;
    /** The client's notifications: read and marked read (written by recordNotification). */
    notifications: NotificationService;
    /** The signed-in person's own name, phone and password. */
    profiles: ProfileService;
    /** The layouts' print-readiness checks (pg-boss queue, engine threads); started when the app is ready, stopped on close. */
    checks: CheckRunner;
    /** The periodic work of this process (sweeps, the mail outbox's poll, the check sweep): jobs/scheduler.ts; stopped before the services close. */
    scheduler: Scheduler;
    balance: BalanceService;
    payments: PaymentService;
    /** Counters in the database that every node shares: request limits and quotas. */
    limits: RateLimitService;
    /** What one account may upload, keep and queue (OTTISK_QUOTA_*); staff have no quota. */
    quotas: QuotaService;
    /** GET /api/health's write probes of the database and the files. */
    health: HealthService;
    /** The layout designer's saved designs («Мои макеты», issue 32). */
    layoutDesigns: LayoutDesignService;
    /** The layout designer's pictures, in the private file storage. */
    layoutDesignImages: LayoutDesignImageService;
    /** The layout designer's templates: the public list and the back office's. */
    layoutDesignTemplates: LayoutDesignTemplateService;
    /** Anonymous callers' catalogue pages as validated JSON, for a short while (services/catalog/public-response-cache.ts). */
    publicCache: PublicResponseCache<ProductListPage>;
    /** Drops the in-memory caches on every node after a write to what they were made from (services/cache-invalidation.ts). */
    cacheInvalidation: CacheInvalidation;
  }
  interface FastifyRequest {
    /** Where shoppers reach the shop, e.g. `https://ottisk.ru`: the start of every absolute URL the API gives out. */
    readonly publicOrigin: string;
  }
}

/** Which OTTISK_PAYMENTS word turns each payment type on. */
const PAYMENT_METHOD_OF: Readonly<Record<PaymentType, PaymentMethod>> = { Yookassa: "card", Invoice: "invoice", InternalBalance: "balance" };

/** The public address of an app built without one (tests, app.inject()'s default Host): http://localhost. */
export const DEFAULT_PUBLIC_URL = "http://localhost";

/** How often the scheduler tidies up the limits' counters, the sign-in throttle's keys, abandoned visitors' accounts and visitors' day-old layouts. */
const TIDY_UP_EVERY_MS = 10 * 60_000;
/** How often the scheduler clears stale uploads from the incoming folder (also once at start). */
const STALE_UPLOADS_EVERY_MS = 60 * 60_000;

/** How old an anonymous catalogue page may be: the catalogue changes only in the admin panel or by an import. */
export const PUBLIC_CACHE_TTL_MS = 30_000;

export interface AppOptions {
  database: Database;
  /** Plain SQL on the same database, for the check queue (pg-boss): OpenDatabase.sql. */
  databaseSql: SqlExecutor;
  /** OpenDatabase.underSetupLock: the check queue makes its tables under it; default runs the work at once (one process). */
  underSetupLock?: OpenDatabase["underSetupLock"];
  /** The embedded database's folder probe for GET /api/health, which also reopens it after a fault (OpenDatabase.probeStorage). */
  probeDatabaseStorage?: () => Promise<void>;
  /** The data folder's files: uploads stream to `private/.incoming/` here, and by default both storages live here. */
  filesDir: string;
  /**
   * Where public files (served at /files/) and private ones (layouts, invoices) are kept:
   * createFileStorages — on disk by default (`filesDir` and `filesDir/private`), or the S3 bucket (OTTISK_S3_*).
   */
  storages?: FileStorages;
  /** The largest layout PDF accepted, in MB (OTTISK_MAX_LAYOUT_MB); default 100. */
  maxLayoutMb?: number;
  /** The checks' worker threads: how many, time and memory limits, the engine module (tests). */
  checks?: Omit<CheckRunnerOptions, "onError">;
  /** Fastify's logger: false (the default) for tests, true or pino options for the server. */
  logger?: FastifyServerOptions["logger"];
  /**
   * The shop's public address (OTTISK_PUBLIC_URL): the start of every absolute URL it gives out —
   * letters, hand-off and payment links, photos, pages' canonical addresses. Never taken from a
   * request's Host or X-Forwarded-Host, which anyone can write; default DEFAULT_PUBLIC_URL (tests).
   */
  publicUrl?: string;
  /**
   * Whether the built-in test payment page (GET/POST /api/payment/test/{id}) stands in for
   * YooKassa's when there are no YooKassa keys; default true. server.ts sets it only for a shop whose
   * public address is loopback: it is not registered at all otherwise.
   */
  testPaymentPage?: boolean;
  /** The payment methods offered (OTTISK_PAYMENTS): card, invoice, balance; default all three. */
  payments?: readonly PaymentMethod[];
  /** Browser origins allowed to call /api across sites (partners embedding the widgets). */
  partnerOrigins?: string[];
  /** Which reverse proxies may name the client's address and scheme (OTTISK_TRUST_PROXY); none by default. */
  trustProxy?: string[] | false;
  /** Signs the hand-off links from partner pages to the shop's pages (OTTISK_HANDOFF_SECRET); random per start without it. */
  handoffSecret?: string;
  /** Request limits per client address over the defaults (OTTISK_RATE_LIMITS; plugins/rate-limits.ts). */
  requestLimits?: Partial<RequestLimits>;
  /** The sign-in throttle's backoff over the defaults, and its clock (tests); services/accounts/login-throttle.ts. */
  loginThrottle?: Partial<LoginThrottleSettings> & { now?: () => number };
  /** Where companies are looked up by ИНН beyond the shop's own (DaData); none offline. */
  companyDirectory?: CompanyDirectory | null;
  /** reCAPTCHA for the feedback form: the site key the storefront shows and the server's check; none offline. */
  recaptcha?: { siteKey: string; verifier: CaptchaVerifier } | null;
  /** Delivery: the configured providers' adapters (none offline: the shop's table prices) and the clock dates count from. */
  delivery?: { providers?: DeliveryProvider[]; now?: () => Date; addressSuggester?: AddressSuggester | null };
  /** YooKassa's API for card payments; none offline: the built-in test payment page takes them. */
  yookassa?: YookassaClient | null;
  /** The site search counts its matches exactly up to this many (limits.ts SEARCH_COUNT_CAP without it; tests use a few). */
  searchCountCap?: number;
  /** Per-account quotas of visitors and clients (OTTISK_QUOTA_*); DEFAULT_QUOTAS without it. */
  quotas?: QuotaConfig;
  /** The layout designer's quotas (designs and picture bytes per account); DEFAULT_LAYOUT_DESIGN_QUOTAS without it. */
  layoutDesignQuotas?: LayoutDesignQuotas;
  /**
   * E-mail: an SMTP server (OTTISK_SMTP_URL), else .eml files in `dir` (default `filesDir/private/.mail`;
   * server.ts passes the data folder's mail/) with the dev mail page unless `devPage` is false
   * (OTTISK_DEV_MAIL=off); the sender (OTTISK_MAIL_FROM); `transport` and `settings` for tests.
   */
  mail?: { smtpUrl?: string | null; from?: string; dir?: string; devPage?: boolean; transport?: MailTransport; settings?: Partial<MailOutboxSettings> };
  /**
   * The database's notices to the other nodes (OpenDatabase.notifications: LISTEN/NOTIFY on
   * PostgreSQL), which drop their caches after a write; without it only this app's caches are dropped.
   */
  notifications?: DatabaseNotifications;
}

/**
 * The Ottisk API as a Fastify instance that is not listening yet: the error handlers, CORS for
 * partners, the OpenAPI document, the routes under /api and the files under /files/. The caller
 * adds the host site and the widgets, then listens (server.ts) or injects requests (tests).
 */
export async function buildApp(options: AppOptions) {
  const app = Fastify({
    logger: options.logger ?? false,
    frameworkErrors,
    // Requests Node's parser refuses (431 headers too large, 408, 400) answer the API's error body too.
    clientErrorHandler,
    // Only the named proxies' X-Forwarded-* count; with none (false) a forged header counts for nothing.
    trustProxy: options.trustProxy ?? false,
    // Each /api answer is small; a larger body is a mistake or an attack.
    bodyLimit: 1024 * 1024,
    // A page's slug is its whole path with the slashes encoded (blog%2F…); the contract caps it at 200 characters.
    routerOptions: { maxParamLength: 1000 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandlers(app);
  // Before any route: the plugin attaches itself to each route as it is declared.
  await installCompression(app);
  // Every answer, pages included (the host site is added to this instance later): see the plugin.
  installSecurityHeaders(app, { publicUrl: options.publicUrl, recaptcha: Boolean(options.recaptcha) });

  // One fixed address for every request: a forged Host cannot put another site into a letter's link.
  const publicUrl = (options.publicUrl ?? DEFAULT_PUBLIC_URL).replace(/\/+$/, "");
  app.decorateRequest("publicOrigin", {
    getter() {
      return publicUrl;
    },
  });
  app.decorate("limits", createRateLimitService(options.database));
  const cacheInvalidation = await startCacheInvalidation(options.notifications ?? createLocalNotifications(), {
    onError: (error) => app.log.warn({ err: error }, "the other nodes were not told to drop their caches; theirs expire with their time to live"),
  });
  app.decorate("cacheInvalidation", cacheInvalidation);
  app.addHook("onClose", async () => cacheInvalidation.close());
  app.decorate("catalog", createCatalogService(options.database, { invalidation: cacheInvalidation, ...(options.delivery?.now ? { clock: options.delivery.now } : {}) }));
  const publicCache = createPublicResponseCache<ProductListPage>({ ttlMs: PUBLIC_CACHE_TTL_MS, maxEntries: 1000 });
  cacheInvalidation.onInvalidate(["catalog"], () => publicCache.clear());
  app.decorate("publicCache", publicCache);
  app.decorate("pricing", createPricingService(options.database));
  app.decorate("templates", createLayoutTemplateService(options.database));
  const geo = createGeoService(options.database);
  app.decorate("geo", geo);
  const deliveryQuotes = createDeliveryQuoteService(options.database, geo, {
    providers: options.delivery?.providers ?? [],
    ...(options.delivery?.now ? { now: options.delivery.now } : {}),
    onProviderError: (provider, error) => app.log.warn({ err: error, provider }, "delivery provider failed; the shop's table answers"),
  });
  app.decorate("deliveryQuotes", deliveryQuotes);
  app.decorate(
    "delivery",
    createDeliveryService(options.database, geo, deliveryQuotes, {
      providers: options.delivery?.providers ?? [],
      addressSuggester: options.delivery?.addressSuggester ?? null,
      ...(options.delivery?.now ? { now: options.delivery.now } : {}),
      onProviderError: (provider, error) => app.log.warn({ err: error, provider }, "delivery provider failed; the shop's own data answers"),
    }),
  );
  // OTTISK_PAYMENTS's words as the API's payment types: the carts offer only these, place-order refuses the others.
  const offeredPayments = paymentTypeValues.filter((type) => (options.payments ?? ["card", "invoice", "balance"]).includes(PAYMENT_METHOD_OF[type]));
  app.decorate("carts", createCartService(options.database, deliveryQuotes, options.delivery?.now, offeredPayments));
  const sessions = createSessionService(options.database);
  // The layout designer's quotas: its services', and the bound on designs a visitor brings in at sign-in.
  const layoutDesignQuotas = options.layoutDesignQuotas ?? DEFAULT_LAYOUT_DESIGN_QUOTAS;
  const companies = createCompanyService(options.database, options.companyDirectory ?? null);
  app.decorate("sessions", sessions);
  // Without a configured secret each start signs with a new one: links in flight then die with a restart.
  app.decorate("handoff", createHandoffService(options.database, sessions, { secret: options.handoffSecret ?? randomBytes(32).toString("base64url"), designQuotas: layoutDesignQuotas }));
  // The known-device cookies are signed with a key of their own, made from the hand-off secret (random per start without it).
  const deviceKey = createHmac("sha256", options.handoffSecret ?? randomBytes(32)).update("ottisk known-device cookie").digest();
  const { now: throttleNow, ...throttleSettings } = options.loginThrottle ?? {};
  const loginThrottle = createLoginThrottle(options.database, {
    deviceKey,
    captcha: options.recaptcha?.verifier ?? null,
    settings: throttleSettings,
    ...(throttleNow ? { now: throttleNow } : {}),
  });
  app.decorate("accounts", createAccountService(options.database, sessions, geo, loginThrottle, layoutDesignQuotas));
  const mailFrom = options.mail?.from ?? DEFAULT_MAIL_FROM;
  const smtpUrl = options.mail?.smtpUrl ?? null;
  const mailDir = options.mail?.dir ?? join(resolve(options.filesDir), PRIVATE_FILES_FOLDER, ".mail");
  const mailTransport = options.mail?.transport ?? (smtpUrl ? createSmtpTransport(smtpUrl, mailFrom) : createFileTransport(mailDir, mailFrom));
  const mail = createMailOutbox(options.database, mailTransport, {
    ...(options.mail?.settings ? { settings: options.mail.settings } : {}),
    // The order-placed letter of an invoice order carries the invoice PDF, read (or made) when it is sent.
    attachments: async (attachment) => {
      if (attachment.orderId === null) throw new Error(`Attachment ${attachment.id} names no order`);
      const invoice = await app.orders.invoiceFile(attachment.orderId);
      return { fileName: invoice.fileName, contentType: "application/pdf", bytes: invoice.bytes };
    },
    onError: (error, mailId) => app.log.warn({ err: error, mailId }, "a letter was not sent; the outbox tries again later"),
  });
  app.decorate("mail", mail);
  app.addHook("onReady", async () => mail.start());
  app.addHook("onClose", () => mail.stop());
  const mailPollMs = options.mail?.settings?.pollMs ?? DEFAULT_MAIL_OUTBOX.pollMs;
  // The letters (with their sign-in links) are readable on a page only while they go to files.
  const devMailPage = !smtpUrl && options.mail?.devPage !== false;
  app.decorate("registration", createRegistrationService(options.database, { sessions, outbox: mail, throttle: loginThrottle, designQuotas: layoutDesignQuotas }));
  app.decorate("companies", companies);
  app.decorate("clients", createClientService(options.database, companies, sessions));
  app.decorate("feedback", createFeedbackService(options.database, options.recaptcha?.verifier ?? null));
  app.decorate("pages", createPagesService(options.database, { searchCountCap: options.searchCountCap }));
  const balance = createBalanceService(options.database);
  const payments = createPaymentService(options.database, options.yookassa ?? null, { publicOrigin: publicUrl, mail, log: app.log });
  app.decorate("balance", balance);
  app.decorate("payments", payments);
  // The file service is read when an order needs it, so the order of the decorations does not matter.
  const orderFiles = { stage: (...args: Parameters<FileService["stage"]>) => app.files.stage(...args), read: (fileId: number) => app.files.read(fileId) };
  const filesDir = resolve(options.filesDir);
  const storages = options.storages ?? createFileStorages({ filesDir });
  const fileStorage = storages.privateFiles;
  const files = createFileService(options.database, fileStorage, storages.publicFiles, (error) => app.log.error({ err: error }, "a stored file could not be removed"));
  // Uploads stream here while they arrive: on the private files' disk, so storing one is a rename.
  const incomingDir = join(filesDir, PRIVATE_FILES_FOLDER, INCOMING_FOLDER);
  const checks = createCheckRunner({ db: options.database, sql: options.databaseSql, underSetupLock: options.underSetupLock ?? ((work) => work()) }, fileStorage, {
    ...options.checks,
    onError: (error, checkId) => app.log.error({ err: error, checkId }, "check failed unexpectedly"),
  });
  const layouts = createLayoutService(options.database, files, checks, (options.maxLayoutMb ?? 100) * 1024 * 1024);
  app.decorate("files", files);
  // Visitors' temporary accounts nobody can reach any more go, with their files, and live visitors' layouts after a day (the scheduler's visitor-sweep below).
  const visitorSweep = createVisitorSweep(options.database, files);
  app.decorate(
    "health",
    createHealthService({
      limits: app.limits,
      storage: fileStorage,
      publicFiles: storages.publicFiles,
      ...(options.probeDatabaseStorage ? { probeDatabaseStorage: options.probeDatabaseStorage } : {}),
      // What failed and why goes to the log and GET /api/health/details, not to the anonymous answer.
      onFailure: (part, error) => app.log.warn({ err: error, part }, "health probe failed"),
    }),
  );
  app.decorate("layouts", layouts);
  app.decorate("designs", createDesignService(options.database, layouts, files));
  app.decorate("designMessages", createDesignMessageService(options.database));
  app.decorate("notifications", createNotificationService(options.database));
  app.decorate("profiles", createProfileService(options.database));
  app.decorate(
    "quotas",
    createQuotaService(options.database, app.limits, files, options.quotas ?? DEFAULT_QUOTAS, (error) =>
      app.log.warn({ err: error }, "an upload budget's counter was not given back; it counts a little more until its window ends"),
    ),
  );
  app.decorate("checks", checks);
  app.decorate("layoutDesigns", createLayoutDesignService(options.database, layoutDesignQuotas));
  app.decorate(
    "layoutDesignImages",
    createLayoutDesignImageService(options.database, fileStorage, layoutDesignQuotas, (error) => app.log.error({ err: error }, "a designer's picture could not be removed")),
  );
  app.decorate("layoutDesignTemplates", createLayoutDesignTemplateService(options.database));
  app.addHook("onReady", () => checks.start());
  app.addHook("onClose", () => checks.stop());
  app.decorate("orders", createOrderService(options.database, { carts: app.carts, files: orderFiles, balance, payments, caches: cacheInvalidation, offered: offeredPayments, mail }));
  app.decorate("employeeOrders", createEmployeeOrderService(options.database, { orders: app.orders, layouts, payments, mail }));

  // All periodic work of this process, started once the services are (onReady: the outbox, the check
  // queue) and stopped, its runs awaited, before any of them closes (preClose runs before onClose).
  const scheduler = createScheduler({ onError: (error, task) => app.log.warn({ err: error, task }, "a scheduled task failed; it runs again at its next tick") });
  // The request limits' ended windows and the sign-in throttle's forgotten keys: a tidy-up, the counts are right without it.
  scheduler.add({ name: "rate-limit-sweep", everyMs: TIDY_UP_EVERY_MS, run: () => app.limits.sweep() });
  scheduler.add({ name: "login-throttle-sweep", everyMs: TIDY_UP_EVERY_MS, run: () => loginThrottle.sweep() });
  scheduler.add({ name: "visitor-sweep", everyMs: TIDY_UP_EVERY_MS, run: () => visitorSweep.sweep() });
  // The designer's pictures of accounts that are gone (abandoned visitors'): rows and bytes.
  scheduler.add({ name: "design-image-sweep", everyMs: TIDY_UP_EVERY_MS, run: () => app.layoutDesignImages.sweepOwnerless() });
  // Letters that no wake sent: another node's, and retries that came due.
  scheduler.add({ name: "mail-outbox", everyMs: mailPollMs, run: () => mail.poll() });
  // Waiting checks without a carrier (only in a process that takes checks; a no-op elsewhere).
  scheduler.add({ name: "check-sweep", everyMs: CHECK_SWEEP_EVERY_MS, run: () => checks.sweep() });
  // Uploads a stopped process left half-written in the incoming folder (older than an hour): at start, then hourly.
  scheduler.add({ name: "scheduled-pages", everyMs: SCHEDULED_PAGES_EVERY_MS, run: scheduledPagesTask(options.database, () => cacheInvalidation.invalidate("pages")) });
  scheduler.add({ name: "stale-uploads", everyMs: STALE_UPLOADS_EVERY_MS, atStart: true, run: () => clearStaleUploads(incomingDir) });
  app.decorate("scheduler", scheduler);
  app.addHook("onReady", async () => scheduler.start());
  app.addHook("preClose", () => scheduler.stop());

  await installOpenApi(app);

  await app.register(
    async (api) => {
      // Only the partners' sites may call the API from a browser with the shopper's cookies.
      await api.register(fastifyCors, {
        origin: options.partnerOrigins ?? [],
        credentials: true,
        methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
        // A widget on a partner's page keeps the session it is handed here (third-party cookies are blocked there).
        exposedHeaders: [SESSION_TOKEN_HEADER],
        maxAge: 600,
      });
      await installSessions(api, sessions);
      // Before the routes: only those with config.rateLimit (routeLimit) are limited, per client address.
      await installRateLimits(api, { limits: app.limits, ...(options.requestLimits ? { settings: options.requestLimits } : {}) });
      // Cookie calls that change something must come from the shop's or a partner's page (CSRF); bearer calls pass.
      installOriginCheck(api, { partnerOrigins: options.partnerOrigins ?? [] });
      // Who may call a route (config.access), before its body is read or validated: 401/403 before any 400.
      installAccessCheck(api);
      // No NUL or unpaired surrogate in any text of a request reaches a handler (400), whatever its schema says.
      installInputGuard(api);
      // A 404 inside /api runs the CORS hook above, so a partner's page can read its messageUI.
      api.setNotFoundHandler(sendNotFound);
      await api.register(openApiDocumentRoute);
      await api.register(productCategoryRoutes);
      await api.register(productRoutes);
      await api.register(productOptionRoutes);
      await api.register(productTemplateRoutes);
      await api.register(ndsRoutes);
      // Loopback callers read the details only when no proxy is trusted: a proxy on this host makes every caller loopback.
      await api.register(healthRoutes, { loopbackDetails: !options.trustProxy || options.trustProxy.length === 0 });
      await api.register(cityRoutes);
      await api.register(addressByCoordsRoutes);
      await api.register(deliveryGeoRoutes);
      await api.register(selfPickupRoutes);
      await api.register(authRoutes);
      await api.register(registrationRoutes);
      if (devMailPage) await api.register(devMailRoutes);
      await api.register(favoriteRoutes);
      await api.register(clientAccountRoutes);
      await api.register(clientRoutes);
      await api.register(cartRoutes);
      await api.register(cartProductRoutes);
      await api.register(cartDeliveryRoutes);
      await api.register(feedbackRoutes, { recaptchaSiteKey: options.recaptcha?.siteKey ?? null });
      await api.register(websiteRoutes);
      await api.register(orderRoutes);
      await api.register(employeeOrderRoutes);
      // The test payment page stands in for YooKassa only on a shop on this machine (testPaymentPage); the webhook is always there.
      await api.register(paymentRoutes, { testPage: !options.yookassa && options.testPaymentPage !== false });
      await api.register(orderDocumentRoutes);
      await api.register(fileRoutes, { maxLayoutBytes: (options.maxLayoutMb ?? 100) * 1024 * 1024, incomingDir });
      await api.register(designOrderRoutes);
      await api.register(checkRoutes);
      await api.register(designMessageRoutes);
      await api.register(layoutDesignRoutes, { incomingDir });
      await api.register(notificationRoutes);
      await api.register(profileRoutes);
      await api.register(clientDataRoutes);
      // The back office (issue 29): /api/employee/…, one plugin per area.
      await api.register(backOfficeCatalogRoutes, { database: options.database, incomingDir });
      await api.register(backOfficeCatalogCsvRoutes, { database: options.database, incomingDir });
      await api.register(backOfficeContentRoutes, { database: options.database });
      await api.register(backOfficePromoRoutes, { database: options.database });
      await api.register(backOfficeDesignRoutes, { database: options.database, upload: { maxLayoutBytes: (options.maxLayoutMb ?? 100) * 1024 * 1024, incomingDir } });
      await api.register(backOfficePrepressRoutes, { database: options.database, maxLayoutBytes: (options.maxLayoutMb ?? 100) * 1024 * 1024, incomingDir });
      await api.register(backOfficeStaffRoutes, { database: options.database });
      await api.register(backOfficeLayoutDesignTemplateRoutes);
    },
    { prefix: "/api" },
  );

  await mkdir(filesDir, { recursive: true });
  // The public storage's files, from disk or the bucket; the private ones are read through GET /api/file/{id}.
  publicFilesRoutes(app, storages.publicFiles);

  return app;
}

/** The folder of `filesDir` the local private storage keeps its files in (storage/file-storage.ts). */
export { PRIVATE_FILES_FOLDER };
/** The folder of the private one where uploads stream to while they arrive (no storage key starts with a dot). */
export const INCOMING_FOLDER = ".incoming";

/** The instance buildApp gives: routes added to it get request types from their zod schemas. */
export type App = Awaited<ReturnType<typeof buildApp>>;
