import { join, resolve } from "node:path";
import type { DeliveryConfig } from "./adapters/delivery/index";
import { DEFAULT_QUOTAS, parseRequestLimits } from "./limits";
import type { QuotaConfig, RequestLimits } from "./limits";

/** How the server is set up, read once at start from the environment. */
export interface ServerConfig {
  /** PORT, default 8080. */
  port: number;
  /** HOST: default 127.0.0.1 (this machine only), or 0.0.0.0 (every interface) when OTTISK_PUBLIC_URL names an address that is not loopback. */
  host: string;
  /** OTTISK_DATA_DIR, default ./data; absolute. Holds the embedded database and the files. */
  dataDir: string;
  /** DATABASE_URL: a PostgreSQL server instead of the embedded PGlite; undefined when not set. */
  databaseUrl: string | undefined;
  /** OTTISK_DB_POOL_SIZE: connections this process opens to PostgreSQL at most, default 10 (2–200). Every node and worker has its own pool: keep their sum under the server's max_connections. */
  databasePoolSize: number;
  /** `dataDir/files`: uploads while they arrive, and the public and private files themselves unless OTTISK_S3_* puts them in a bucket. */
  filesDir: string;
  /** OTTISK_PUBLIC_URL: where shoppers reach the shop, without a trailing slash; default http://localhost:PORT. Every link the shop gives out starts with it, never with a request's Host. */
  publicUrl: string;
  /**
   * Whether OTTISK_PUBLIC_URL is a loopback address (localhost, 127.0.0.0/8, [::1]): a shop on this
   * machine. Only such a shop has the test payment page and the dev mail page, and only another shop
   * must pass the production check (production-check.ts).
   */
  loopback: boolean;
  /**
   * OTTISK_ADMIN_URL: an admin panel of the shop's own (registration, the account's pages, the
   * employees' panel) instead of the built-in account area: every /admin address is sent there.
   * Undefined → the storefront's own account area at /admin.
   */
  adminUrl: string | undefined;
  /** OTTISK_PARTNER_ORIGINS: the sites allowed to call the API from a browser (CORS), comma-separated. */
  partnerOrigins: string[];
  /**
   * OTTISK_TRUST_PROXY: which reverse proxies may tell the client's address and scheme
   * (X-Forwarded-For / -Proto): their addresses and subnets (`loopback`, `10.0.0.0/8`, …); false
   * when unset, so a forged header counts for nothing.
   */
  trustProxy: string[] | false;
  /** OTTISK_RATE_LIMITS: request limits per client address over the defaults (`login=60/10m,temp-account=20/10m`); {} when unset. */
  requestLimits: Partial<RequestLimits>;
  /** OTTISK_HANDOFF_SECRET: signs the hand-off links from partner pages to the shop's pages (at least 32 characters); when unset, one the shop makes on first start and keeps in the database (`shop_secret`), the same for every node. */
  handoffSecret: string | undefined;
  /** DADATA_API_KEY: look companies up by ИНН in DaData; without it the shop answers from companies it knows. */
  dadataApiKey: string | undefined;
  /** DADATA_BASE_URL: DaData's address, default https://suggestions.dadata.ru (a proxy or a test double). */
  dadataBaseUrl: string | undefined;
  /** RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY together switch the feedback form's captcha on. */
  recaptcha: { siteKey: string; secretKey: string; verifyUrl: string | undefined } | undefined;
  /**
   * OTTISK_S3_*: keep ALL files in an S3-compatible bucket, so every API node sees the same ones —
   * public files (photos, the website's documents and uploads, served at /files/) under the `public/`
   * prefix, private ones (layouts, invoices) at their keys (createFileStorages). Undefined → on disk:
   * public files in `filesDir`, private ones in `filesDir/private`.
   */
  s3: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string } | undefined;
  /** OTTISK_MAX_LAYOUT_MB: the largest layout PDF accepted, in megabytes; default 100. */
  maxLayoutMb: number;
  /**
   * The checks of layouts (server/jobs/check-runner.ts): OTTISK_PREFLIGHT_WORKERS (checks this
   * process runs at once, default 1; 0 → this node only queues them for `npm run worker`, which
   * needs DATABASE_URL), _TIMEOUT_S (60 s), _MEMORY_MB (512 MB), _ACCOUNT_CONCURRENCY (one account's
   * checks running at once across all processes, default 2), _RETRIES (how often a check whose
   * worker vanished is given to another, default 2).
   */
  checks: { workers: number; timeoutMs: number; memoryMb: number; accountConcurrency: number; retries: number };
  /**
   * OTTISK_QUOTA_UPLOADS_PER_HOUR, OTTISK_QUOTA_STORED_MB, OTTISK_QUOTA_MB_PER_DAY,
   * OTTISK_QUOTA_QUEUED_CHECKS: what one account may upload, keep, upload in a day and queue, each
   * `visitor,client` (or one number for both); staff have none. OTTISK_VISITOR_MB_PER_HOUR: what all
   * visitors' temporary accounts together may upload from one client address in an hour.
   */
  quotas: QuotaConfig;
  /**
   * OTTISK_PAYMENTS: the payment methods offered at checkout, of `card` (YooKassa, or the test page
   * on a loopback shop), `invoice` (a company's invoice) and `balance` (the internal balance);
   * default all three. A method not listed is not offered and the API refuses it.
   */
  payments: PaymentMethod[];
  /** OTTISK_SHUTDOWN_S: how long SIGTERM/SIGINT waits for requests in flight before it cuts their sockets, in ms; default 10 s. */
  shutdownMs: number;
  /** YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY together take payments through YooKassa; undefined → the built-in test payment page. */
  yookassa: { shopId: string; secretKey: string; baseUrl: string | undefined } | undefined;
  /** The delivery providers' APIs, each switched on by its keys; undefined → the shop's own price table (see DeliveryConfig). */
  delivery: DeliveryConfig;
  /**
   * OTTISK_SMTP_URL (smtp:// or smtps://, undefined → letters go to `dataDir/mail` as .eml files),
   * OTTISK_MAIL_FROM (the sender, undefined → «Оттиск <noreply@ottisk.local>»), OTTISK_DEV_MAIL
   * (`off` hides the dev mail page that shows those files; it is never there with SMTP, nor on a
   * shop whose public address is not loopback: `devPageAsked` keeps an `on` for the production check).
   */
  mail: { smtpUrl: string | undefined; from: string | undefined; devPage: boolean; devPageAsked: boolean; dir: string };
}

/** OTTISK_PAYMENTS's words: card (PaymentType Yookassa), invoice (Invoice), balance (InternalBalance). */
export const paymentMethodValues = ["card", "invoice", "balance"] as const;
export type PaymentMethod = (typeof paymentMethodValues)[number];

/** Whether a URL's host is this machine: localhost (and *.localhost), 127.0.0.0/8 or [::1]. */
export function isLoopbackUrl(url: string): boolean {
  const { hostname } = new URL(url);
  return hostname === "localhost" || hostname.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(hostname) || hostname === "[::1]";
}

/** A setting that cannot work; the message names the variable and what it should look like. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

type Env = Readonly<Record<string, string | undefined>>;

/** An unset variable and an empty one mean the same: use the default. */
function setting(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function readPort(env: Env): number {
  const text = setting(env, "PORT");
  if (text === undefined) return 8080;
  const port = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new ConfigError(`PORT must be a whole number from 1 to 65535, got "${text}"`);
  }
  return port;
}

function readUrl(name: string, text: string, protocols: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`${name} must be a full URL such as ${protocols[0]}//host, got "${text}"`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.join(" or ")}//, got "${text}"`);
  }
  return url;
}

/** An origin is scheme, host and port only: that is what a browser sends in its Origin header. */
function readOrigin(name: string, text: string): string {
  const url = readUrl(name, text, ["http:", "https:"]);
  if (url.pathname !== "/" || url.search || url.hash || url.username || url.password) {
    throw new ConfigError(`${name} lists "${text}", which is not an origin: give scheme, host and port only, e.g. https://partner.example`);
  }
  return url.origin;
}

/** A whole number setting within bounds, or its default when unset. */
/** Checks this process runs; 0 only where another process can take them (a worker on the same PostgreSQL). */
function readCheckWorkers(env: Env, databaseUrl: string | undefined): number {
  const workers = readWholeNumber(env, "OTTISK_PREFLIGHT_WORKERS", 1, 0, 16);
  if (workers === 0 && databaseUrl === undefined) {
    throw new ConfigError("OTTISK_PREFLIGHT_WORKERS=0 leaves the checks to `npm run worker`, which needs DATABASE_URL (a PostgreSQL both share); the embedded database runs the checks in this process, so set 1 or more");
  }
  return workers;
}

function readWholeNumber(env: Env, name: string, fallback: number, min: number, max: number): number {
  const text = setting(env, name);
  if (text === undefined) return fallback;
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${text}"`);
  }
  return value;
}

const S3_VARIABLES = ["OTTISK_S3_ENDPOINT", "OTTISK_S3_BUCKET", "OTTISK_S3_REGION", "OTTISK_S3_ACCESS_KEY_ID", "OTTISK_S3_SECRET_ACCESS_KEY"] as const;

/** The S3 bucket for public and private files: all five variables, or none (files stay on disk). */
function readS3(env: Env): ServerConfig["s3"] {
  const values = S3_VARIABLES.map((name) => setting(env, name));
  const [endpoint, bucket, region, accessKeyId, secretAccessKey] = values;
  if (!endpoint || !bucket || !region || !accessKeyId || !secretAccessKey) {
    const missing = S3_VARIABLES.filter((_, index) => values[index] === undefined);
    if (missing.length === S3_VARIABLES.length) return undefined;
    throw new ConfigError(`The OTTISK_S3_* variables go together: set all five or none; missing ${missing.join(", ")}`);
  }
  readUrl("OTTISK_S3_ENDPOINT", endpoint, ["http:", "https:"]);
  return { endpoint: endpoint.replace(/\/+$/, ""), bucket, region, accessKeyId, secretAccessKey };
}

/** YooKassa's shop id and secret key, both or neither; YOOKASSA_BASE_URL only with them (a proxy or a test double). */
function readYookassa(env: Env): ServerConfig["yookassa"] {
  const shopId = setting(env, "YOOKASSA_SHOP_ID");
  const secretKey = setting(env, "YOOKASSA_SECRET_KEY");
  if ((shopId === undefined) !== (secretKey === undefined)) {
    throw new ConfigError("YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY go together: set both, or neither to take payments on the built-in test page");
  }
  if (shopId !== undefined && !/^\d+$/.test(shopId)) throw new ConfigError(`YOOKASSA_SHOP_ID must be YooKassa's numeric shop id, got "${shopId}"`);
  const baseText = setting(env, "YOOKASSA_BASE_URL");
  const baseUrl = baseText === undefined ? undefined : readUrl("YOOKASSA_BASE_URL", baseText, ["http:", "https:"]).href.replace(/\/+$/, "");
  return shopId && secretKey ? { shopId, secretKey, baseUrl } : undefined;
}

/** An optional base URL setting: undefined when unset, without its trailing slash. */
function readBaseUrl(env: Env, name: string): string | undefined {
  const text = setting(env, name);
  return text === undefined ? undefined : readUrl(name, text, ["http:", "https:"]).href.replace(/\/+$/, "");
}

/** Two keys of one provider go together: both (the provider is on) or neither (the table prices). */
function readKeyPair(env: Env, first: string, second: string): [string, string] | undefined {
  const a = setting(env, first);
  const b = setting(env, second);
  if ((a === undefined) !== (b === undefined)) throw new ConfigError(`${first} and ${second} go together: set both, or neither to price by the shop's own table`);
  return a && b ? [a, b] : undefined;
}

function readDelivery(env: Env): DeliveryConfig {
  const cdek = readKeyPair(env, "CDEK_CLIENT_ID", "CDEK_CLIENT_SECRET");
  const dpd = readKeyPair(env, "DPD_CLIENT_NUMBER", "DPD_CLIENT_KEY");
  if (dpd && !/^\d+$/.test(dpd[0])) throw new ConfigError(`DPD_CLIENT_NUMBER must be DPD's numeric client number, got "${dpd[0]}"`);
  const boxberryToken = setting(env, "BOXBERRY_TOKEN");
  const yandexToken = setting(env, "YANDEX_DELIVERY_TOKEN");
  const urls = {
    cdek: readBaseUrl(env, "CDEK_BASE_URL"),
    boxberry: readBaseUrl(env, "BOXBERRY_BASE_URL"),
    dpd: readBaseUrl(env, "DPD_BASE_URL"),
    yandex: readBaseUrl(env, "YANDEX_DELIVERY_BASE_URL"),
  };
  return {
    cdek: cdek ? { clientId: cdek[0], clientSecret: cdek[1], baseUrl: urls.cdek } : undefined,
    boxberry: boxberryToken ? { token: boxberryToken, baseUrl: urls.boxberry } : undefined,
    dpd: dpd ? { clientNumber: dpd[0], clientKey: dpd[1], baseUrl: urls.dpd } : undefined,
    yandex: yandexToken ? { token: yandexToken, baseUrl: urls.yandex } : undefined,
  };
}

/**
 * A quota of visitors and clients: `20,100` (a visitor's temporary account, then a client's) or
 * one number for both; a visitor's may not exceed a client's.
 */
function readQuotaPair(env: Env, name: string, fallback: readonly [number, number], max: number): [number, number] {
  const text = setting(env, name);
  if (text === undefined) return [fallback[0], fallback[1]];
  const parts = text.split(",").map((part) => part.trim());
  const values = parts.map((part) => (/^\d+$/.test(part) ? Number(part) : Number.NaN));
  const [visitor, client] = values.length === 1 ? [values[0], values[0]] : values;
  if (values.length > 2 || visitor === undefined || client === undefined || !(visitor >= 1 && visitor <= max) || !(client >= 1 && client <= max)) {
    throw new ConfigError(`${name} must be two whole numbers from 1 to ${max}, the visitors' and the clients' (e.g. "${fallback[0]},${fallback[1]}"), or one for both; got "${text}"`);
  }
  if (visitor > client) throw new ConfigError(`${name}: the visitors' quota (${visitor}) may not exceed the clients' (${client})`);
  return [visitor, client];
}

const MB = 1024 * 1024;

function readQuotas(env: Env): QuotaConfig {
  const { visitor, client } = DEFAULT_QUOTAS;
  const uploads = readQuotaPair(env, "OTTISK_QUOTA_UPLOADS_PER_HOUR", [visitor.uploadsPerHour, client.uploadsPerHour], 1_000_000);
  const storedMb = readQuotaPair(env, "OTTISK_QUOTA_STORED_MB", [visitor.storedBytes / MB, client.storedBytes / MB], 10_000_000);
  const checks = readQuotaPair(env, "OTTISK_QUOTA_QUEUED_CHECKS", [visitor.queuedChecks, client.queuedChecks], 10_000);
  const dailyMb = readQuotaPair(env, "OTTISK_QUOTA_MB_PER_DAY", [visitor.bytesPerDay / MB, client.bytesPerDay / MB], MAX_BUDGET_MB);
  return {
    visitor: { uploadsPerHour: uploads[0], storedBytes: storedMb[0] * MB, bytesPerDay: dailyMb[0] * MB, queuedChecks: checks[0] },
    client: { uploadsPerHour: uploads[1], storedBytes: storedMb[1] * MB, bytesPerDay: dailyMb[1] * MB, queuedChecks: checks[1] },
    visitorBytesPerHourPerAddress: readWholeNumber(env, "OTTISK_VISITOR_MB_PER_HOUR", DEFAULT_QUOTAS.visitorBytesPerHourPerAddress / MB, 1, MAX_BUDGET_MB) * MB,
  };
}

/** The byte budgets are counted in KiB in the database's 32-bit counters: at most about 2 TB per window. */
const MAX_BUDGET_MB = 2_000_000;

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * OTTISK_TRUST_PROXY: the proxies' addresses, subnets and proxy-addr's names, comma-separated. A
 * hop count is refused: it would trust whoever connects directly, so anyone could forge the address.
 */
function readTrustProxy(env: Env, publicUrlSet: boolean): ServerConfig["trustProxy"] {
  const text = setting(env, "OTTISK_TRUST_PROXY");
  if (text === undefined) return false;
  if (!publicUrlSet) {
    // Behind a proxy the address the shop is reached at is the proxy's: only the operator can name it.
    throw new ConfigError(
      "OTTISK_TRUST_PROXY is set but OTTISK_PUBLIC_URL is not: behind a reverse proxy set OTTISK_PUBLIC_URL to the address shoppers use (e.g. https://your-shop.ru) / " +
        "задан OTTISK_TRUST_PROXY, но не задан OTTISK_PUBLIC_URL: за обратным прокси укажите в OTTISK_PUBLIC_URL адрес, по которому магазин открывают покупатели (например, https://your-shop.ru).",
    );
  }
  const entries = text
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  for (const entry of entries) {
    const address = PROXY_NAMES.has(entry) || (/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(entry) && /[.:]/.test(entry));
    if (!address) {
      throw new ConfigError(
        `OTTISK_TRUST_PROXY must list the reverse proxies' addresses or subnets, comma-separated (e.g. loopback,10.0.0.0/8), got "${entry}"`,
      );
    }
  }
  return entries.length > 0 ? entries : false;
}

/** OTTISK_RATE_LIMITS: `name=count/window` pairs, comma-separated (plugins/rate-limits.ts names the limits). */
function readRequestLimits(env: Env): Partial<RequestLimits> {
  const text = setting(env, "OTTISK_RATE_LIMITS");
  if (text === undefined) return {};
  const parsed = parseRequestLimits(text);
  if ("error" in parsed) throw new ConfigError(`OTTISK_RATE_LIMITS: ${parsed.error}`);
  return parsed.limits;
}

/** OTTISK_PAYMENTS: a comma-separated list of card, invoice, balance; all three when unset. */
function readPayments(env: Env): PaymentMethod[] {
  const text = setting(env, "OTTISK_PAYMENTS");
  if (text === undefined) return [...paymentMethodValues];
  const words = text
    .split(",")
    .map((word) => word.trim().toLowerCase())
    .filter((word) => word !== "");
  const methods = paymentMethodValues.filter((method) => words.includes(method));
  const unknown = words.filter((word) => !(paymentMethodValues as readonly string[]).includes(word));
  if (unknown.length > 0 || methods.length === 0) {
    throw new ConfigError(`OTTISK_PAYMENTS must list the payment methods offered, of card, invoice and balance, comma-separated (e.g. invoice,balance), got "${text}"`);
  }
  return methods;
}

/** OTTISK_SMTP_URL, OTTISK_MAIL_FROM, OTTISK_DEV_MAIL. */
function readMail(env: Env, dataDir: string, loopback: boolean): ServerConfig["mail"] {
  const smtpText = setting(env, "OTTISK_SMTP_URL");
  const smtpUrl = smtpText === undefined ? undefined : (readUrl("OTTISK_SMTP_URL", smtpText, ["smtp:", "smtps:"]), smtpText);
  const from = setting(env, "OTTISK_MAIL_FROM");
  if (from !== undefined && !/^[^@\s<>]+@[^@\s<>]+$|<[^@\s<>]+@[^@\s<>]+>$/.test(from)) {
    throw new ConfigError(`OTTISK_MAIL_FROM must be an address such as "Оттиск <noreply@example.ru>" or noreply@example.ru, got "${from}"`);
  }
  const devText = setting(env, "OTTISK_DEV_MAIL")?.toLowerCase();
  if (devText !== undefined && devText !== "on" && devText !== "off") throw new ConfigError(`OTTISK_DEV_MAIL must be "on" or "off", got "${devText}"`);
  // The letters carry sign-in links: the page exists only for a shop on this machine (its public
  // address is loopback), never for one on the internet, whatever proxy stands before it;
  // OTTISK_DEV_MAIL=on elsewhere is refused by the production check (production-check.ts).
  return { smtpUrl, from, devPage: loopback && devText !== "off", devPageAsked: devText === "on", dir: join(dataDir, "mail") };
}

/** readConfig at a process's start: a setting that cannot work ends the process with one line naming it (`<who> cannot start: …`). */
export function readConfigOrExit(env: Env, who: string): ServerConfig {
  try {
    return readConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`${who} cannot start: ${error.message}`);
    return process.exit(1);
  }
}

export function readConfig(env: Env, cwd: string = process.cwd()): ServerConfig {
  const port = readPort(env);
  const dataDir = resolve(cwd, setting(env, "OTTISK_DATA_DIR") ?? "data");

  const databaseUrlText = setting(env, "DATABASE_URL");
  const databaseUrl =
    databaseUrlText === undefined ? undefined : (readUrl("DATABASE_URL", databaseUrlText, ["postgres:", "postgresql:"]), databaseUrlText);

  const publicUrlText = setting(env, "OTTISK_PUBLIC_URL");
  const publicUrl =
    publicUrlText === undefined
      ? `http://localhost:${port}`
      : (readUrl("OTTISK_PUBLIC_URL", publicUrlText, ["http:", "https:"]), publicUrlText.replace(/\/+$/, ""));
  const loopback = isLoopbackUrl(publicUrl);
  // A shop on this machine listens on loopback only; one with a public address must be reachable from its proxy.
  const host = setting(env, "HOST") ?? (loopback ? "127.0.0.1" : "0.0.0.0");

  const adminUrlText = setting(env, "OTTISK_ADMIN_URL");
  const adminUrl = adminUrlText === undefined ? undefined : readUrl("OTTISK_ADMIN_URL", adminUrlText, ["http:", "https:"]).href.replace(/\/+$/, "");

  const originsText = setting(env, "OTTISK_PARTNER_ORIGINS");
  const partnerOrigins =
    originsText === undefined
      ? [`http://localhost:${port}`, `http://127.0.0.1:${port}`]
      : originsText
          .split(",")
          .map((origin) => origin.trim())
          .filter((origin) => origin !== "")
          .map((origin) => readOrigin("OTTISK_PARTNER_ORIGINS", origin));

  const handoffSecret = setting(env, "OTTISK_HANDOFF_SECRET");
  if (handoffSecret !== undefined && handoffSecret.length < 32) {
    throw new ConfigError("OTTISK_HANDOFF_SECRET must be at least 32 characters long (e.g. `openssl rand -base64 32`)");
  }

  const dadataBaseText = setting(env, "DADATA_BASE_URL");
  const dadataBaseUrl = dadataBaseText === undefined ? undefined : readUrl("DADATA_BASE_URL", dadataBaseText, ["http:", "https:"]).href.replace(/\/+$/, "");
  const recaptchaSiteKey = setting(env, "RECAPTCHA_SITE_KEY");
  const recaptchaSecretKey = setting(env, "RECAPTCHA_SECRET_KEY");
  if ((recaptchaSiteKey === undefined) !== (recaptchaSecretKey === undefined)) {
    throw new ConfigError("RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY go together: set both, or neither to run without a captcha");
  }
  const verifyText = setting(env, "RECAPTCHA_VERIFY_URL");
  const recaptcha =
    recaptchaSiteKey && recaptchaSecretKey
      ? {
          siteKey: recaptchaSiteKey,
          secretKey: recaptchaSecretKey,
          verifyUrl: verifyText === undefined ? undefined : readUrl("RECAPTCHA_VERIFY_URL", verifyText, ["http:", "https:"]).href,
        }
      : undefined;
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    databasePoolSize: readWholeNumber(env, "OTTISK_DB_POOL_SIZE", 10, 2, 200),
    filesDir: join(dataDir, "files"),
    publicUrl,
    loopback,
    adminUrl,
    partnerOrigins,
    trustProxy: readTrustProxy(env, publicUrlText !== undefined),
    requestLimits: readRequestLimits(env),
    handoffSecret,
    dadataApiKey: setting(env, "DADATA_API_KEY"),
    dadataBaseUrl,
    recaptcha,
    s3: readS3(env),
    maxLayoutMb: readWholeNumber(env, "OTTISK_MAX_LAYOUT_MB", 100, 1, 2048),
    checks: {
      workers: readCheckWorkers(env, databaseUrl),
      timeoutMs: readWholeNumber(env, "OTTISK_PREFLIGHT_TIMEOUT_S", 60, 1, 3600) * 1000,
      memoryMb: readWholeNumber(env, "OTTISK_PREFLIGHT_MEMORY_MB", 512, 64, 16_384),
      accountConcurrency: readWholeNumber(env, "OTTISK_PREFLIGHT_ACCOUNT_CONCURRENCY", 2, 1, 64),
      retries: readWholeNumber(env, "OTTISK_PREFLIGHT_RETRIES", 2, 0, 10),
    },
    quotas: readQuotas(env),
    payments: readPayments(env),
    shutdownMs: readWholeNumber(env, "OTTISK_SHUTDOWN_S", 10, 1, 600) * 1000,
    yookassa: readYookassa(env),
    delivery: readDelivery(env),
    mail: readMail(env, dataDir, loopback),
  };
}
