import type { ServerConfig } from "./config";

/*
 * The production check (issue 28): a shop whose OTTISK_PUBLIC_URL is not a loopback address is on
 * the internet, and refuses to start (server.ts, worker.ts) unless it is safe to run there.
 * `npm run doctor` (cli/doctor.ts) prints the same check without starting anything. Each problem is
 * one English / Russian sentence naming the variable to set; all of them are listed at once.
 */

/** What a public shop lacks, one sentence each; empty when it may start (and always for a loopback shop). */
export function productionProblems(config: ServerConfig): string[] {
  if (config.loopback) return [];
  const problems: string[] = [];
  if (new URL(config.publicUrl).protocol !== "https:") {
    problems.push(
      `OTTISK_PUBLIC_URL is ${config.publicUrl}: a shop on the internet must be served over https (set OTTISK_PUBLIC_URL=https://… and put a TLS proxy in front) / ` +
        `OTTISK_PUBLIC_URL равен ${config.publicUrl}: магазин в интернете должен работать по https (укажите OTTISK_PUBLIC_URL=https://… и поставьте перед ним прокси с TLS).`,
    );
  }
  if (config.payments.includes("card") && !config.yookassa) {
    problems.push(
      "card payments have no YooKassa keys, so orders would be paid on the built-in test page for free: set YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY, or turn card payments off with OTTISK_PAYMENTS=invoice,balance / " +
        "для оплаты картой не заданы ключи ЮKassa, и заказы «оплачивались» бы на тестовой странице бесплатно: укажите YOOKASSA_SHOP_ID и YOOKASSA_SECRET_KEY или отключите оплату картой через OTTISK_PAYMENTS=invoice,balance.",
    );
  }
  if (!config.mail.smtpUrl) {
    problems.push(
      "OTTISK_SMTP_URL is not set, so no letter (confirmation, password reset) would reach anyone: set it to your SMTP server, e.g. smtps://user:password@smtp.example.ru:465 / " +
        "не задан OTTISK_SMTP_URL, и письма (подтверждение, восстановление пароля) никуда не уйдут: укажите SMTP-сервер, например smtps://user:password@smtp.example.ru:465.",
    );
  }
  if (config.mail.devPageAsked) {
    problems.push(
      "OTTISK_DEV_MAIL=on would show the letters with their sign-in links on a page; it exists only for a shop on this machine: remove OTTISK_DEV_MAIL / " +
        "OTTISK_DEV_MAIL=on показал бы письма со ссылками для входа на странице; она есть только у магазина на этом компьютере: уберите OTTISK_DEV_MAIL.",
    );
  }
  if (!config.handoffSecret) {
    problems.push(
      "OTTISK_HANDOFF_SECRET is not set: keep the key that signs hand-off links and known-device cookies yourself, at least 32 characters (e.g. `openssl rand -base64 32`) / " +
        "не задан OTTISK_HANDOFF_SECRET: храните ключ, которым подписаны ссылки передачи и метки известных устройств, сами, не короче 32 символов (например, `openssl rand -base64 32`).",
    );
  }
  return problems;
}

/** What the configuration says, one line each (`npm run doctor`); no secret is printed. */
export function describeConfig(config: ServerConfig): string[] {
  const database = config.databaseUrl ? `PostgreSQL at ${new URL(config.databaseUrl).host} (DATABASE_URL)` : `embedded PGlite in ${config.dataDir}`;
  const card = config.yookassa ? "card by YooKassa" : config.loopback ? "card on the built-in test page (no YooKassa keys)" : "card WITHOUT YooKassa keys";
  const payments = config.payments.map((method) => (method === "card" ? card : method)).join(", ");
  const mail = config.mail.smtpUrl
    ? `SMTP at ${new URL(config.mail.smtpUrl).host}`
    : `.eml files in ${config.mail.dir}${config.mail.devPage ? ", shown at /api/dev/mail" : ""}`;
  return [
    `public URL:  ${config.publicUrl} (${config.loopback ? "loopback: a shop on this machine" : "public"})`,
    `listens on:  ${config.host}:${config.port}`,
    `proxies:     ${config.trustProxy ? config.trustProxy.join(", ") : "none trusted"}`,
    `database:    ${database}`,
    `files:       ${config.s3 ? `S3 bucket ${config.s3.bucket}` : `on disk in ${config.filesDir}`}`,
    `payments:    ${payments}`,
    `mail:        ${mail}`,
    `secret:      ${config.handoffSecret ? "OTTISK_HANDOFF_SECRET is set" : "none set: one made on first start and kept in the database"}`,
    `shutdown:    requests in flight get ${config.shutdownMs / 1000} s`,
  ];
}

/** The check at a process's start: the problems, one per line, and exit code 1; nothing when the shop may start. */
export function exitUnlessReady(config: ServerConfig, who: string): void {
  const problems = productionProblems(config);
  if (problems.length === 0) return;
  console.error(`${who} cannot start: ${config.publicUrl} is not a loopback address, so the shop is public and it is not ready for that (npm run doctor):`);
  for (const problem of problems) console.error(`- ${problem}`);
  process.exit(1);
}
