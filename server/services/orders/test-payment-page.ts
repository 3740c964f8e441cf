import { formatBalance } from "./balance.service";
import type { TestPaymentPage } from "./payment.service";
import { escapeHtml, PLAIN_PAGE_CSP, renderPlainPage } from "../plain-page";

/*
 * The built-in test payment page that stands in for YooKassa's when the shop has no YooKassa keys:
 * self-contained HTML in Russian, no script at all (two plain form buttons), so the page's CSP can
 * forbid everything but its own inline style and posting the form back.
 */

/** The page's security headers (plain-page.ts): nothing may load, only its form may post, nobody may frame it. */
export const TEST_PAYMENT_PAGE_CSP = PLAIN_PAGE_CSP;

const STATUS_TEXT: Record<string, string> = {
  succeeded: "Этот платёж уже оплачен.",
  canceled: "Этот платёж отменён.",
  waiting_for_capture: "Платёж ждёт подтверждения.",
};

export function renderTestPaymentPage(page: TestPaymentPage, formAction: string, returnUrl: string): string {
  const amount = escapeHtml(formatBalance(page.amountKopecks));
  const number = escapeHtml(page.orderNumber);
  const body =
    page.status === "pending"
      ? `<form method="post" action="${escapeHtml(formAction)}">
      <button type="submit" name="action" value="pay" class="pay">Оплатить ${amount}</button>
      <button type="submit" name="action" value="cancel" class="cancel">Отменить</button>
    </form>`
      : `<p class="status">${escapeHtml(STATUS_TEXT[page.status] ?? "Платёж уже обработан.")}</p>
    <p><a href="${escapeHtml(returnUrl)}">Вернуться в магазин</a></p>`;
  return renderPlainPage({
    // The title is text: the order number is escaped by renderPlainPage.
    title: `Тестовая оплата заказа № ${page.orderNumber}`,
    width: 420,
    style: `    h1 { margin: 0 0 8px; }
    .note { color: #6b7080; font-size: 14px; margin: 0 0 24px; }
    .sum { font-size: 32px; font-weight: 700; margin: 0 0 24px; }
    form { display: flex; gap: 12px; flex-wrap: wrap; }
    .pay { background: #23306b; color: #fff; flex: 1; }
    .cancel { background: #e7ebf5; color: #23306b; }
    .status { font-size: 16px; }`,
    main: `    <h1>Оплата заказа № ${number}</h1>
    <p class="note">Тестовый платёж: магазин работает без ключей ЮKassa, деньги не списываются.</p>
    <p class="sum">${amount}</p>
    ${body}`,
  });
}
