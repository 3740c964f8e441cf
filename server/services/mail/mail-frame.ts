import { SHOP_REQUISITES } from "../../../shared/domain/shop-requisites";
import { escapeHtml } from "../plain-page";

/*
 * The one frame of every letter the shop sends (account letters, order letters, design and prepress
 * news): a greeting, paragraphs, an optional table of facts and of order lines, one link as a button
 * with the address spelled out under it, closing paragraphs, and the shop's requisites in the footer
 * (shared/domain/shop-requisites.ts). The plain-text part says the same in the same order. No images,
 * no outside styles: mail programs strip them.
 */

export interface LetterLink {
  href: string;
  label: string;
}

/** A table row of the letter: «Способ оплаты — Картой онлайн». */
export type LetterFact = readonly [label: string, value: string];

/** A line of an order as a letter lists it. */
export interface LetterTableRow {
  title: string;
  /** «90×50 мм, Мелованная 300 г/м²»; empty when none. */
  details: string;
  /** «1 000 шт» */
  quantity: string;
  /** «1 290 ₽» */
  price: string;
}

export interface LetterContent {
  /** Before the paragraphs: «Здравствуйте, Анна!». */
  greeting: string;
  paragraphs: readonly string[];
  /** The order's lines (the order-placed letter). */
  table?: readonly LetterTableRow[];
  facts?: readonly LetterFact[];
  link?: LetterLink;
  after?: readonly string[];
}

const SIGNATURE = "Типография «Оттиск»";

/** The footer's requisites: name, ИНН/КПП, ОГРН and the legal address. */
export function requisitesLine(): string {
  return `${SHOP_REQUISITES.name}, ИНН ${SHOP_REQUISITES.inn}, КПП ${SHOP_REQUISITES.kpp}, ОГРН ${SHOP_REQUISITES.ogrn}, ${SHOP_REQUISITES.address}`;
}

function paragraphsHtml(lines: readonly string[]): string {
  return lines.map((line) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`).join("\n");
}

function tableHtml(rows: readonly LetterTableRow[]): string {
  const cell = "padding:8px;border-bottom:1px solid #dfe2e8;vertical-align:top";
  const body = rows
    .map(
      (row) =>
        `<tr><td style="${cell}">${escapeHtml(row.title)}${row.details ? `<br><span style="font-size:14px;color:#4a5164">${escapeHtml(row.details)}</span>` : ""}</td>` +
        `<td style="${cell};white-space:nowrap">${escapeHtml(row.quantity)}</td><td style="${cell};text-align:right;white-space:nowrap">${escapeHtml(row.price)}</td></tr>`,
    )
    .join("\n");
  return `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px;font-size:15px">
<tr><th style="text-align:left;padding:8px;border-bottom:2px solid #1d2333">Товар</th><th style="text-align:left;padding:8px;border-bottom:2px solid #1d2333">Тираж</th><th style="text-align:right;padding:8px;border-bottom:2px solid #1d2333">Сумма</th></tr>
${body}
</table>`;
}

function factsHtml(facts: readonly LetterFact[]): string {
  const rows = facts
    .map(([label, value]) => `<tr><td style="padding:4px 12px 4px 0;color:#4a5164;vertical-align:top">${escapeHtml(label)}</td><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`)
    .join("\n");
  return `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px;font-size:15px">\n${rows}\n</table>`;
}

/** The HTML part. */
export function letterHtml(content: LetterContent): string {
  const link = content.link;
  return `<!doctype html>
<html lang="ru">
<body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1d2333;background:#ffffff">
<div style="max-width:560px;margin:0 auto;padding:24px">
${paragraphsHtml([content.greeting, ...content.paragraphs])}
${content.table && content.table.length > 0 ? tableHtml(content.table) : ""}
${content.facts && content.facts.length > 0 ? factsHtml(content.facts) : ""}
${
  link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#1f4fd1;color:#ffffff;text-decoration:none">${escapeHtml(link.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#4a5164">Если кнопка не открывается, скопируйте ссылку в адресную строку браузера:<br><a href="${escapeHtml(link.href)}" style="color:#1f4fd1;word-break:break-all">${escapeHtml(link.href)}</a></p>`
    : ""
}
${paragraphsHtml(content.after ?? [])}
<p style="margin:24px 0 0;font-size:14px;color:#4a5164">${escapeHtml(SIGNATURE)}</p>
<p style="margin:8px 0 0;font-size:12px;color:#4a5164">${escapeHtml(requisitesLine())}</p>
</div>
</body>
</html>
`;
}

/** The plain-text part: the same content, the link spelled out. */
export function letterText(content: LetterContent): string {
  const blocks: string[] = [content.greeting, ...content.paragraphs];
  if (content.table && content.table.length > 0) {
    blocks.push(content.table.map((row) => `— ${row.title}${row.details ? ` (${row.details})` : ""}: ${row.quantity}, ${row.price}`).join("\n"));
  }
  if (content.facts && content.facts.length > 0) blocks.push(content.facts.map(([label, value]) => `${label}: ${value}`).join("\n"));
  if (content.link) blocks.push(`${content.link.label}:\n${content.link.href}`);
  blocks.push(...(content.after ?? []));
  blocks.push(`${SIGNATURE}\n${requisitesLine()}`);
  return `${blocks.join("\n\n")}\n`;
}

export function greeting(name: string | null | undefined): string {
  return name ? `Здравствуйте, ${name}!` : "Здравствуйте!";
}
