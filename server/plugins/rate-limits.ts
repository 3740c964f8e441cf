import { createHash } from "node:crypto";
import fastifyRateLimit, { normalizeIP } from "@fastify/rate-limit";
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { RateLimitService } from "../services/rate-limit.service";
import { DEFAULT_REQUEST_LIMITS } from "../limits";
import type { RequestLimitName, RequestLimits } from "../limits";
import { ShopError } from "../services/shop-error";

/*
 * Request limits per client address: @fastify/rate-limit on the routes that cost the shop
 * something (sign-in, hand-off links, new visitors' temporary accounts, uploads, feedback, layout
 * checks), counted in the database (`app.limits`), so every API node agrees. The address is
 * `request.ip`: behind the proxies named in OTTISK_TRUST_PROXY, the shopper's own; IPv6 addresses
 * count per /64. The defaults are far above what a shopper does; OTTISK_RATE_LIMITS changes them.
 */

/** What the shopper reads on a 429, before «Попробуйте снова через …». */
const LIMIT_UI: Readonly<Record<RequestLimitName, string>> = {
  login: "Слишком много попыток входа с вашего адреса.",
  "handoff": "Слишком много переходов на страницы магазина.",
  "handoff-redeem": "Слишком много переходов на страницы магазина.",
  "temp-account": "Слишком много новых посетителей с вашего адреса.",
  upload: "Слишком много загрузок файлов.",
  feedback: "Слишком много отправленных сообщений.",
  check: "Слишком много проверок макетов.",
  "design-message": "Слишком много сообщений.",
  "password-change": "Слишком много попыток сменить пароль.",
  registration: "Слишком много регистраций с вашего адреса.",
  "email-send": "Слишком много запросов писем с вашего адреса.",
  "email-link": "Слишком много переходов по ссылкам из писем.",
  "mail-to": "Слишком много писем на этот адрес почты.",
  "company-lookup": "Слишком много запросов компаний по ИНН.",
  payment: "Слишком много попыток оплаты.",
  document: "Слишком много запросов документов.",
  "catalog-import": "Слишком много загрузок каталога.",
  template: "Слишком много запросов шаблонов макета.",
  "design-save": "Слишком много сохранений макета подряд.",
  "design-upload": "Слишком много загрузок изображений подряд.",
};

declare module "fastify" {
  interface FastifyInstance {
    /** The request limits in force (defaults with OTTISK_RATE_LIMITS over them). */
    requestLimits: RequestLimits;
  }
}

/** «через 45 с», «через 3 мин», «через 2 ч»: abbreviations need no plural forms. */
export function russianWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} с`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} мин`;
  return `${Math.ceil(minutes / 60)} ч`;
}

/** The 429 every limit answers: the API's error body, with the wait in `messageUI` and in Retry-After. */
export function tooManyRequests(name: RequestLimitName, waitMs: number): ShopError {
  return new ShopError({
    statusCode: 429,
    code: "TOO_MANY_REQUESTS",
    messageUI: `${LIMIT_UI[name]} Попробуйте снова через ${russianWait(waitMs)}.`,
    message: `Request limit "${name}" reached`,
    retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
  });
}

/** One client: its address, IPv6 per /64 (one subscriber's network), IPv4-mapped IPv6 as IPv4. */
export function clientAddress(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

function limitKey(name: RequestLimitName, request: FastifyRequest): string {
  return `limit:${name}:${clientAddress(request)}`;
}

/** @fastify/rate-limit's store on the database counters; the keys already name the limit, so children share it. */
function databaseStore(limits: RateLimitService, now: () => number): FastifyRateLimitStoreCtor {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      limits.hit(key, timeWindow).then(
        (count) => callback(null, { current: count.hits, ttl: Math.max(0, count.resetAt.getTime() - now()) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/** A route's `config.rateLimit`: `name`'s limit per client address. */
export function routeLimit(name: RequestLimitName): RateLimitOptions {
  return {
    keyGenerator: (request) => limitKey(name, request),
    max: (request) => request.server.requestLimits[name].max,
    timeWindow: (request) => request.server.requestLimits[name].windowMs,
    errorResponseBuilder: (_request, context) => tooManyRequests(name, context.ttl),
  };
}

/**
 * Counts one use of `name` by the request's address outside a route's own limit (e.g. opening a
 * temporary account, which only some calls of a route do); past the limit, a 429 with Retry-After.
 */
export async function takeRequestLimit(request: FastifyRequest, reply: FastifyReply, name: RequestLimitName): Promise<void> {
  const limit = request.server.requestLimits[name];
  const count = await request.server.limits.hit(limitKey(name, request), limit.windowMs);
  if (count.hits <= limit.max) return;
  const error = tooManyRequests(name, count.resetAt.getTime() - Date.now());
  reply.header("retry-after", String(error.retryAfterSeconds));
  throw error;
}

/**
 * Counts one use of `name` for a subject other than the client's address (an e-mail address, as a
 * hash, so the counters keep no addresses); past the limit, a 429 with Retry-After.
 */
export async function takeSubjectLimit(request: FastifyRequest, reply: FastifyReply, name: RequestLimitName, subject: string): Promise<void> {
  const limit = request.server.requestLimits[name];
  const key = `limit:${name}:${createHash("sha256").update(subject).digest("base64url")}`;
  const count = await request.server.limits.hit(key, limit.windowMs);
  if (count.hits <= limit.max) return;
  const error = tooManyRequests(name, count.resetAt.getTime() - Date.now());
  reply.header("retry-after", String(error.retryAfterSeconds));
  throw error;
}

/**
 * Installs the limits on the /api instance, before its routes (only routes with `config.rateLimit`
 * are limited). The counters' ended windows are deleted by the scheduler's `rate-limit-sweep`
 * (app.ts, jobs/scheduler.ts), not here.
 */
export async function installRateLimits(api: FastifyInstance, options: { limits: RateLimitService; settings?: Partial<RequestLimits>; now?: () => number }): Promise<void> {
  api.decorate("requestLimits", { ...DEFAULT_REQUEST_LIMITS, ...options.settings });
  await api.register(fastifyRateLimit, {
    global: false,
    store: databaseStore(options.limits, options.now ?? Date.now),
    errorResponseBuilder: (_request, context) =>
      new ShopError({
        statusCode: 429,
        code: "TOO_MANY_REQUESTS",
        messageUI: `Слишком много запросов. Попробуйте снова через ${russianWait(context.ttl)}.`,
        message: "Request limit reached",
      }),
  });
}
