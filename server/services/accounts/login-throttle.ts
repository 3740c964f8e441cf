import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { CaptchaVerifier } from "../../adapters/recaptcha";
import type { Database } from "../../db/client";
import { loginThrottle } from "../../db/schema";
import { ShopError } from "../shop-error";

/*
 * Sign-in throttling that slows guessing down without letting a stranger lock the owner out.
 *
 * - Per address (`request.ip`, the shopper's own behind a trusted proxy): after `freeFailures`
 *   failures each further attempt waits 1 s, 2 s, 4 s … up to 15 minutes.
 * - Per account, for devices the account has not signed in on: the same backoff (a delay, never a
 *   hard lock), and with reCAPTCHA configured a captcha after `captchaAfter` failures instead of
 *   the wait. With reCAPTCHA a solved captcha also passes the address's wait (an address that waits
 *   asks for one, 429 CAPTCHA_REQUIRED): a stranger who waits out each backoff, even from the
 *   owner's own address (one carrier's NAT), cannot keep the owner's new device waiting (issue 28,
 *   finding 8); every attempt over the thresholds still needs a fresh captcha. A device that signed in to the account before (the signed `ottisk_device` cookie)
 *   is exempt from the address's and the account's counts: it has a count of its own, so strangers'
 *   wrong passwords never stop the owner, and a stolen cookie still cannot guess fast.
 * - Atomic: each attempt is reserved in `login_throttle` by one INSERT … ON CONFLICT DO UPDATE
 *   before the password is checked (counted as a failure until it proves right), so parallel
 *   attempts cannot all slip in before the first failure is written. An attempt refused because
 *   its key is waiting is not counted. A right password forgets the account's (or device's) failures and takes back the
 *   address's reservation. Failures are forgotten after `forgetAfterMs` without an attempt.
 */

export interface LoginThrottleSettings {
  /** Failures of one key before the backoff starts. */
  freeFailures: number;
  /** The first wait; each further failure doubles it. */
  baseDelayMs: number;
  /** The longest wait. */
  maxDelayMs: number;
  /** A key's failures are forgotten after this long without an attempt. */
  forgetAfterMs: number;
  /** With reCAPTCHA configured: the account's failures after which an unknown device must solve a captcha. */
  captchaAfter: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleSettings = {
  freeFailures: 5,
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60 * 1000,
  forgetAfterMs: 60 * 60 * 1000,
  captchaAfter: 3,
};

/** The known-device cookie: set on a successful sign-in, sent back only to the sign-in call. */
export const DEVICE_COOKIE = "ottisk_device";
export const DEVICE_COOKIE_PATH = "/api/auth";
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Who is trying: the address, and the device cookie when the browser sent one. */
export interface LoginClient {
  ip: string;
  deviceToken: string | undefined;
}

/** An attempt let through to the password check. */
export interface AdmittedAttempt {
  /** Keys whose failures a right password forgets. */
  forget: string[];
  /** Keys whose reservation a right password takes back (the address: a stranger behind it may still be guessing). */
  refund: string[];
}

export interface LoginThrottle {
  /**
   * Reserves an attempt at `email` (the account `accountId`, null when there is none) before its
   * password is checked; throws 429 TOO_MANY_LOGIN_ATTEMPTS with Retry-After, or 429
   * CAPTCHA_REQUIRED, or 400 CAPTCHA_FAILED.
   */
  admit(attempt: { email: string; accountId: number | null; client: LoginClient; captchaToken: string | undefined }): Promise<AdmittedAttempt>;
  /** The password was right. */
  succeeded(admitted: AdmittedAttempt): Promise<void>;
  /** The device cookie's value for a device that just signed in to `accountId` (the same one when it was known). */
  deviceToken(accountId: number, client: LoginClient): string;
  /** Deletes keys whose failures are forgotten and that wait for nothing; a tidy-up. */
  sweep(): Promise<number>;
}

const tooManyAttempts = (waitMs: number) => {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const wait = seconds < 60 ? `${seconds} с` : `${Math.ceil(seconds / 60)} мин`;
  return new ShopError({
    statusCode: 429,
    code: "TOO_MANY_LOGIN_ATTEMPTS",
    messageUI: `Слишком много неудачных попыток входа. Попробуйте снова через ${wait}.`,
    message: "Sign-in is throttled after failed attempts",
    retryAfterSeconds: seconds,
  });
};

const captchaRequired = () =>
  new ShopError({
    statusCode: 429,
    code: "CAPTCHA_REQUIRED",
    messageUI: "Слишком много неудачных попыток входа. Подтвердите, что вы не робот, и войдите снова.",
    message: "Sign-in to this account needs a captcha after failed attempts",
  });

const captchaFailed = () =>
  new ShopError({
    statusCode: 400,
    code: "CAPTCHA_FAILED",
    messageUI: "Проверка «я не робот» не пройдена. Попробуйте ещё раз.",
    message: "reCAPTCHA did not confirm the sign-in",
  });

interface Reservation {
  admitted: boolean;
  /** The key's failures with this attempt (admitted), or as they stand (refused). */
  failures: number;
  /** How long until the key may try again (refused), else 0. */
  waitMs: number;
}

export function createLoginThrottle(
  db: Database,
  options: { deviceKey: Buffer; captcha: CaptchaVerifier | null; settings?: Partial<LoginThrottleSettings>; now?: () => number },
): LoginThrottle {
  const settings = { ...DEFAULT_LOGIN_THROTTLE, ...options.settings };
  const now = options.now ?? Date.now;

  /** The wait after a key's `failures`-th failure, in SQL (the count is only known there). */
  function delayAfter(failures: SQL): SQL {
    return sql`CASE WHEN ${failures} < ${settings.freeFailures} THEN NULL
      ELSE least(${settings.baseDelayMs}::float8 * power(2::float8, least(${failures} - ${settings.freeFailures}, 40)::float8), ${settings.maxDelayMs}::float8) END`;
  }

  /** One statement: a key that is not waiting (or `ignoreWait`) takes an attempt; a waiting one is left alone and no row comes back. */
  async function reserve(key: string, ignoreWait = false): Promise<Reservation> {
    const time = new Date(now());
    const at = sql`${time.toISOString()}::timestamptz`;
    const forgetBefore = sql`${new Date(time.getTime() - settings.forgetAfterMs).toISOString()}::timestamptz`;
    const failures = sql`(CASE WHEN ${loginThrottle.updatedAt} <= ${forgetBefore} THEN 1 ELSE ${loginThrottle.failures} + 1 END)`;
    const delay = delayAfter(failures);
    const firstDelay = settings.freeFailures <= 1 ? settings.baseDelayMs : null;
    const [row] = await db
      .insert(loginThrottle)
      .values({ key, failures: 1, blockedUntil: firstDelay === null ? null : new Date(time.getTime() + firstDelay), updatedAt: time })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures,
          blockedUntil: sql`${at} + make_interval(secs => (${delay}) / 1000.0)`,
          updatedAt: time,
        },
        ...(ignoreWait ? {} : { setWhere: sql`${loginThrottle.blockedUntil} IS NULL OR ${loginThrottle.blockedUntil} <= ${at}` }),
      })
      .returning({ failures: loginThrottle.failures });
    if (row) return { admitted: true, failures: row.failures, waitMs: 0 };
    const [waiting] = await db
      .select({ failures: loginThrottle.failures, blockedUntil: loginThrottle.blockedUntil })
      .from(loginThrottle)
      .where(eq(loginThrottle.key, key));
    return { admitted: false, failures: waiting?.failures ?? 0, waitMs: Math.max(1000, (waiting?.blockedUntil?.getTime() ?? 0) - time.getTime()) };
  }

  function sign(payload: string): string {
    return createHmac("sha256", options.deviceKey).update(payload).digest("base64url");
  }

  /** The account a device cookie was given for, and the device's own id; null for a forged or foreign one. */
  function readDevice(token: string | undefined): { accountId: number; deviceId: string } | null {
    const match = token ? /^(\d{1,10})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(token) : null;
    if (!match) return null;
    const [, accountText, deviceId, signature] = match;
    const expected = Buffer.from(sign(`${accountText}.${deviceId}`));
    const given = Buffer.from(signature!);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    return { accountId: Number(accountText), deviceId: deviceId! };
  }

  return {
    async admit({ email, accountId, client, captchaToken }) {
      const device = readDevice(client.deviceToken);
      if (device && accountId !== null && device.accountId === accountId) {
        const deviceKey = `device:${device.deviceId}`;
        const own = await reserve(deviceKey);
        if (!own.admitted) throw tooManyAttempts(own.waitMs);
        return { forget: [deviceKey], refund: [] };
      }

      // A solved captcha proves a person: with reCAPTCHA configured it stands in for every wait of an
      // unknown device, the address's and the account's, so a stranger's paced failures (from anywhere,
      // a shared address included) never make the owner wait. Each such attempt still counts and needs a
      // fresh captcha (Google's tokens are good once), and the request limit per address still applies.
      let solved = false;
      if (options.captcha && captchaToken) {
        solved = await options.captcha.verify(captchaToken, client.ip);
        if (!solved) throw captchaFailed();
      }
      const addressKey = `ip:${client.ip}`;
      const address = await reserve(addressKey, solved);
      if (!address.admitted) throw options.captcha ? captchaRequired() : tooManyAttempts(address.waitMs);

      const accountKey = `account:${email}`;
      const own = await reserve(accountKey, solved);
      if (options.captcha && !solved && (!own.admitted || own.failures > settings.captchaAfter)) throw captchaRequired();
      if (!own.admitted) throw tooManyAttempts(own.waitMs);
      return { forget: [accountKey], refund: [addressKey] };
    },

    async succeeded(admitted) {
      for (const key of admitted.forget) await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
      for (const key of admitted.refund) {
        await db
          .update(loginThrottle)
          .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
          .where(eq(loginThrottle.key, key));
      }
    },

    async sweep() {
      const time = new Date(now());
      const forgotten = new Date(time.getTime() - settings.forgetAfterMs);
      const gone = await db
        .delete(loginThrottle)
        .where(and(lt(loginThrottle.updatedAt, forgotten), or(isNull(loginThrottle.blockedUntil), lt(loginThrottle.blockedUntil, time))))
        .returning({ key: loginThrottle.key });
      return gone.length;
    },

    deviceToken(accountId, client) {
      const known = readDevice(client.deviceToken);
      if (known && known.accountId === accountId && client.deviceToken) return client.deviceToken;
      const deviceId = randomBytes(16).toString("base64url");
      return `${accountId}.${deviceId}.${sign(`${accountId}.${deviceId}`)}`;
    },
  };
}
