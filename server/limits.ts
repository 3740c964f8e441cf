/*
 * The shop's limits an operator can change, as plain data: the request limits per client address
 * (their names, defaults and the parser of OTTISK_RATE_LIMITS; plugins/rate-limits.ts applies them)
 * and the per-account quotas (their defaults; services/files/quota.service.ts applies them). Here,
 * below both config.ts and the code that enforces them, so config imports no plugin or service.
 */

export const REQUEST_LIMIT_NAMES = ["login", "handoff", "handoff-redeem", "temp-account", "upload", "feedback", "check", "design-message", "password-change", "registration", "email-send", "email-link", "mail-to", "company-lookup", "payment", "document", "catalog-import", "template", "design-save", "design-upload"] as const;
export type RequestLimitName = (typeof REQUEST_LIMIT_NAMES)[number];

export interface RequestLimit {
  /** Requests allowed per window from one address. */
  max: number;
  /** The window, in milliseconds (a fixed window: it starts with the first request). */
  windowMs: number;
}
export type RequestLimits = Record<RequestLimitName, RequestLimit>;

const MINUTE_MS = 60_000;

export const DEFAULT_REQUEST_LIMITS: RequestLimits = {
  // Sign-in attempts of any outcome; failures are also slowed down per address and account (services/accounts/login-throttle.ts).
  login: { max: 60, windowMs: 10 * MINUTE_MS },
  "handoff": { max: 60, windowMs: 10 * MINUTE_MS },
  "handoff-redeem": { max: 60, windowMs: 10 * MINUTE_MS },
  // New visitors' temporary accounts (the first favourite, cart line or city of a visitor without a session).
  "temp-account": { max: 20, windowMs: 10 * MINUTE_MS },
  upload: { max: 100, windowMs: 60 * MINUTE_MS },
  feedback: { max: 10, windowMs: 10 * MINUTE_MS },
  // Checks started, and the browser's results of checks reported.
  check: { max: 120, windowMs: 10 * MINUTE_MS },
  // Messages on design orders (the customer's and the designer's).
  "design-message": { max: 60, windowMs: 10 * MINUTE_MS },
  // Password changes: each checks the current password (scrypt), so guesses with a stolen session stay few.
  "password-change": { max: 10, windowMs: 10 * MINUTE_MS },
  // New accounts (POST /auth/registration).
  registration: { max: 10, windowMs: 10 * MINUTE_MS },
  // Letters asked for: password recovery, the confirmation letter again.
  "email-send": { max: 10, windowMs: 10 * MINUTE_MS },
  // A letter's link used: confirming the address, setting a new password.
  "email-link": { max: 30, windowMs: 10 * MINUTE_MS },
  // Per e-mail address, not per client address (takeSubjectLimit): registrations and letters to one address.
  "mail-to": { max: 5, windowMs: 60 * MINUTE_MS },
  // Look-ups of a company by ИНН by callers who have not signed in (the registration form; DaData's quota).
  "company-lookup": { max: 30, windowMs: 10 * MINUTE_MS },
  // Paying an order again (POST /client-order/{id}/payment): each may create a payment at YooKassa.
  payment: { max: 30, windowMs: 10 * MINUTE_MS },
  // Closing documents made on demand (GET /client-order/{id}/act: a PDF rendered each time).
  document: { max: 120, windowMs: 10 * MINUTE_MS },
  // The back office's catalogue imports and dry runs (POST /employee/catalog/import): each reads a whole file twice.
  "catalog-import": { max: 30, windowMs: 10 * MINUTE_MS },
  // Layout templates made on the fly (GET /public/product/{id}/template.pdf|svg): each draws a PDF or an SVG; answers are cached by browsers and proxies for an hour.
  template: { max: 120, windowMs: 10 * MINUTE_MS },
  // The layout designer's saves (POST and PUT /layout-designs): the editor saves when asked, not on every keystroke.
  "design-save": { max: 30, windowMs: MINUTE_MS },
  // The layout designer's pictures (POST /layout-design-images).
  "design-upload": { max: 20, windowMs: MINUTE_MS },
};

/** What one account may take: uploads per hour, bytes kept, bytes uploaded per day, checks queued or running at once. */
export interface QuotaLimits {
  uploadsPerHour: number;
  storedBytes: number;
  /** Bytes the account may upload in a day (counted as the uploads stream, files refused or replaced included once stored). */
  bytesPerDay: number;
  queuedChecks: number;
}

/** The quotas of visitors (temporary accounts) and of clients; employees are exempt. */
export interface QuotaConfig {
  visitor: QuotaLimits;
  client: QuotaLimits;
  /** Bytes all visitors' temporary accounts together may upload from one client address in an hour (OTTISK_VISITOR_MB_PER_HOUR). */
  visitorBytesPerHourPerAddress: number;
}

const MB = 1024 * 1024;

/** The largest catalogue file the back office's import takes (POST /employee/catalog/import; 31,000 products are about 60 MB). */
export const CATALOG_IMPORT_MAX_BYTES = 256 * MB;

export const DEFAULT_QUOTAS: QuotaConfig = {
  visitor: { uploadsPerHour: 20, storedBytes: 300 * MB, bytesPerDay: 1000 * MB, queuedChecks: 3 },
  client: { uploadsPerHour: 100, storedBytes: 2048 * MB, bytesPerDay: 10_000 * MB, queuedChecks: 10 },
  visitorBytesPerHourPerAddress: 200 * MB,
};

/** What one account may keep of the layout designer (issue 32): saved designs, and the bytes of their pictures. */
export interface LayoutDesignQuota {
  designs: number;
  imageBytes: number;
}

/** The designer's quotas of visitors (temporary accounts) and of clients; an employee in client mode uses the client's. */
export interface LayoutDesignQuotas {
  visitor: LayoutDesignQuota;
  client: LayoutDesignQuota;
}

export const DEFAULT_LAYOUT_DESIGN_QUOTAS: LayoutDesignQuotas = {
  visitor: { designs: 20, imageBytes: 50 * MB },
  client: { designs: 200, imageBytes: 300 * MB },
};

/** How long a visitor's layout not in a placed order is kept (services/accounts/visitor-sweep.ts). */
export const VISITOR_LAYOUT_MAX_AGE_MS = 24 * 60 * MINUTE_MS;

/** Parses OTTISK_RATE_LIMITS: `login=60/10m,temp-account=20/10m`; each `name=count/window`, window in s, m or h. */
export function parseRequestLimits(text: string): { limits: Partial<RequestLimits> } | { error: string } {
  const limits: Partial<RequestLimits> = {};
  for (const entry of text.split(",").map((part) => part.trim()).filter((part) => part !== "")) {
    const match = /^([a-z-]+)\s*=\s*(\d+)\s*\/\s*(\d+)\s*([smh])$/.exec(entry);
    const name = REQUEST_LIMIT_NAMES.find((known) => known === match?.[1]);
    if (!match || !name) return { error: `"${entry}" is not name=count/window with a name among ${REQUEST_LIMIT_NAMES.join(", ")} (e.g. login=60/10m)` };
    const max = Number(match[2]);
    const unitMs = match[4] === "s" ? 1000 : match[4] === "m" ? MINUTE_MS : 60 * MINUTE_MS;
    const windowMs = Number(match[3]) * unitMs;
    if (max < 1 || max > 1_000_000 || windowMs < 1000 || windowMs > 24 * 60 * MINUTE_MS) {
      return { error: `"${entry}" must allow 1 to 1000000 requests in a window of 1 s to 24 h` };
    }
    limits[name] = { max, windowMs };
  }
  return { limits };
}

/**
 * The site search counts its matches exactly up to this many; beyond it the answer says the total
 * is capped (totalIsCapped) and the page shows «Найдено более 1 000». Counting every match of a
 * common word grew with the catalogue (issue 31, server/docs/performance.md "Growth").
 */
export const SEARCH_COUNT_CAP = 1000;
