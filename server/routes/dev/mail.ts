import { formatDateTime } from "../../../shared/domain/dates";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { devMailListSchema, devMailParamsSchema, devMailQuerySchema, serverErrorSchema } from "../../../shared/contracts/index";
import type { DevMail } from "../../../shared/contracts/index";
import type { MailOutboxRow } from "../../db/schema";
import { fromThisMachine } from "../../plugins/access";
import { openApiTags } from "../../plugins/openapi";
import { escapeHtml, PLAIN_PAGE_CSP, renderPlainPage } from "../../services/plain-page";
import { ShopError } from "../../services/shop-error";
import { binaryResponse } from "../orders/orders";
import { notFoundResponse, validationErrorResponse } from "../responses";

/*
 * The dev-only mail page: with no SMTP server configured the outbox writes letters into the data
 * folder's mail/ folder, and these pages show them, so registration and password recovery can be
 * finished offline and in tests. Registered only when there is no OTTISK_SMTP_URL and
 * OTTISK_DEV_MAIL is not `off` (app.ts); even then only for callers on this machine (loopback) or
 * the shop's employees, since the letters carry sign-in links.
 */

const forbiddenDevMailResponse = serverErrorSchema.check(z.describe("Только с этого компьютера или для сотрудников / Loopback callers and employees only"));

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/;

function firstLink(text: string): string | null {
  return URL_IN_TEXT.exec(text)?.[0] ?? null;
}

export function devMailOf(row: MailOutboxRow): DevMail {
  return {
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    link: firstLink(row.textBody),
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    attempts: row.attempts,
    lastError: row.lastError,
  };
}

/** Callers on this machine (the developer's own browser, tests; not through a proxy) and employees; anyone else reads nothing. */
function requireDevReader(request: FastifyRequest): void {
  if (fromThisMachine(request)) return;
  const viewer = request.viewer;
  if (viewer && !viewer.account.temporary && viewer.account.typeUser === "employee") return;
  throw new ShopError({
    statusCode: 403,
    code: "DEV_MAIL_LOCAL_ONLY",
    messageUI: "Письма магазина можно посмотреть только с компьютера, где он запущен, или войдя как сотрудник.",
    message: "The dev mail page answers loopback callers and employees only",
  });
}

function statusText(row: MailOutboxRow): string {
  if (row.sentAt) return `записано ${formatTime(row.sentAt)}`;
  if (row.lastError) return `ошибка (${row.attempts}): ${row.lastError}`;
  return "в очереди";
}

function formatTime(date: Date): string {
  return formatDateTime(date.toISOString());
}

/** Escapes the text and makes its links clickable. */
function linkify(text: string): string {
  return escapeHtml(text).replace(new RegExp(URL_IN_TEXT.source, "g"), (url) => `<a href="${url}">${url}</a>`);
}

const PAGE_STYLE = `    table { border-collapse: collapse; width: 100%; font-size: 14px; }
    th, td { text-align: left; padding: 8px; border-bottom: 1px solid #d9dce5; vertical-align: top; }
    a { color: #1f3fa8; }
    pre { white-space: pre-wrap; word-break: break-word; font: inherit; background: #f3f4f7; padding: 16px; border-radius: 8px; }
    .meta { color: #4a5164; font-size: 14px; }`;

function renderList(rows: MailOutboxRow[], transport: string): string {
  const items = rows
    .map(
      (row) => `<tr>
  <td>${escapeHtml(formatTime(row.createdAt))}</td>
  <td>${escapeHtml(row.toAddress)}</td>
  <td><a href="/api/dev/mail/${row.id}">${escapeHtml(row.subject)}</a></td>
  <td>${escapeHtml(statusText(row))}</td>
</tr>`,
    )
    .join("\n");
  return renderPlainPage({
    title: "Письма магазина",
    width: 960,
    style: PAGE_STYLE,
    main: `<h1>Письма магазина</h1>
<p class="meta">SMTP не настроен (OTTISK_SMTP_URL): письма записываются в папку данных (${escapeHtml(transport)}). Новые — сверху. JSON: <a href="/api/dev/mail.json">/api/dev/mail.json</a>.</p>
${rows.length === 0 ? "<p>Писем пока нет.</p>" : `<table>\n<thead><tr><th scope="col">Создано</th><th scope="col">Кому</th><th scope="col">Тема</th><th scope="col">Состояние</th></tr></thead>\n<tbody>\n${items}\n</tbody>\n</table>`}`,
  });
}

function renderOne(row: MailOutboxRow): string {
  return renderPlainPage({
    title: row.subject,
    width: 760,
    style: PAGE_STYLE,
    main: `<p><a href="/api/dev/mail">← Все письма</a></p>
<h1>${escapeHtml(row.subject)}</h1>
<p class="meta">Кому: ${escapeHtml(row.toAddress)}<br>Создано: ${escapeHtml(formatTime(row.createdAt))}<br>Состояние: ${escapeHtml(statusText(row))}</p>
<pre>${linkify(row.textBody)}</pre>`,
  });
}

function sendPage(reply: FastifyReply, html: string) {
  return reply
    .code(200)
    .type("text/html; charset=utf-8")
    .header("content-security-policy", PLAIN_PAGE_CSP)
    .header("cache-control", "no-store")
    .send(Buffer.from(html, "utf8"));
}

const LIST_LIMIT = 200;

/** GET /dev/mail, /dev/mail/{id}, /dev/mail.json: the outbox's letters (registered only without SMTP). */
export const devMailRoutes: FastifyPluginAsyncZod = async (api) => {
  const tags = [openApiTags.account];

  api.get(
    "/dev/mail",
    {
      schema: {
        tags,
        operationId: "devMailPage",
        summary: "Письма магазина (только без SMTP) / The shop's letters (dev only, without SMTP)",
        description:
          "HTML-список писем из очереди, новые сверху. Есть, только если не задан OTTISK_SMTP_URL и не OTTISK_DEV_MAIL=off; отвечает только запросам с этого компьютера (loopback) и сотрудникам. / An HTML list of the outbox's letters, newest first; only without SMTP and for loopback callers or employees.",
        response: { 200: binaryResponse("Список писем, text/html / The list, text/html"), 403: forbiddenDevMailResponse },
      },
    },
    async (request, reply) => {
      requireDevReader(request);
      return sendPage(reply, renderList(await api.mail.list({ limit: LIST_LIMIT }), api.mail.transport));
    },
  );

  api.get(
    "/dev/mail.json",
    {
      schema: {
        tags,
        operationId: "devMailList",
        summary: "Письма магазина, JSON (только без SMTP) / The shop's letters as JSON (dev only)",
        description: "То же, что /dev/mail, в JSON; ?to= — только письма на этот адрес. / The same as JSON; ?to= keeps one address's letters.",
        querystring: devMailQuerySchema,
        response: { 200: devMailListSchema, 400: validationErrorResponse, 403: forbiddenDevMailResponse },
      },
    },
    async (request) => {
      requireDevReader(request);
      return (await api.mail.list({ to: request.query.to, limit: LIST_LIMIT })).map(devMailOf);
    },
  );

  api.get(
    "/dev/mail/:id",
    {
      schema: {
        tags,
        operationId: "devMailLetter",
        summary: "Одно письмо (только без SMTP) / One letter (dev only)",
        description: "Текст письма со ссылками, по которым можно перейти. / The letter's text with its links clickable.",
        params: devMailParamsSchema,
        response: { 200: binaryResponse("Письмо, text/html / The letter, text/html"), 400: validationErrorResponse, 403: forbiddenDevMailResponse, 404: notFoundResponse },
      },
    },
    async (request, reply) => {
      requireDevReader(request);
      const row = await api.mail.get(request.params.id);
      if (!row) throw new ShopError({ statusCode: 404, code: "MAIL_NOT_FOUND", messageUI: "Такого письма нет.", message: `No letter ${request.params.id}` });
      return sendPage(reply, renderOne(row));
    },
  );
};
