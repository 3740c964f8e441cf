import { formatBalance } from "./balance.service";
import type { TestPaymentPage } from "./payment.service";

/*
 * The built-in test payment page that stands in for YooKassa's when the shop has no YooKassa keys:
 * self-contained HTML in Russian, no script at all (two plain form buttons), so the page's CSP can
 * forbid everything but its own inline style and posting the form back.
 */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char);
}

/** The page's security headers: nothing may load, only its form may post, nobody may frame it. */
export const TEST_PAYMENT_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

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
  return `<!doctype html>
<html lang="ru">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>Тестовая оплата заказа № ${number}</title>
  <style>
    body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f3f4f7; color: #1d2333; margin: 0; }
    main { max-width: 420px; margin: 10vh auto; background: #fff; border-radius: 12px; padding: 32px; box-shadow: 0 8px 30px rgba(0, 0, 0, .08); }
    h1 { font-size: 20px; margin: 0 0 8px; }
    .note { color: #6b7080; font-size: 14px; margin: 0 0 24px; }
    .sum { font-size: 32px; font-weight: 700; margin: 0 0 24px; }
    form { display: flex; gap: 12px; flex-wrap: wrap; }
    button { font: inherit; font-size: 16px; border: 0; border-radius: 8px; padding: 12px 20px; cursor: pointer; }
    .pay { background: #23306b; color: #fff; flex: 1; }
    .cancel { background: #e7ebf5; color: #23306b; }
    .status { font-size: 16px; }
  </style>
</head>
<body>
  <main>
    <h1>Оплата заказа № ${number}</h1>
    <p class="note">Тестовый платёж: магазин работает без ключей ЮKassa, деньги не списываются.</p>
    <p class="sum">${amount}</p>
    ${body}
  </main>
</body>
</html>
`;
}
