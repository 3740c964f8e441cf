import type { AccountRow } from "../db/schema";

/*
 * The question a hand-off link asks when the browser already holds another account's session
 * (see HandoffService.needsConsent): self-contained HTML in Russian, no script, so the page's CSP
 * can forbid everything but its inline style and posting its own form; nobody may frame it (a
 * framed consent button could be clicked blind).
 */

/** The page's security headers: nothing loads, only its form posts, back to the shop; no frames. */
export const HANDOFF_CONSENT_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char);
}

/** How the page names a signed-in account: «Ольга Петрова (petrova@example.com)», or the e-mail alone. */
function accountTitle(account: AccountRow): string {
  const name = [account.name, account.surname].filter((part) => part.trim() !== "").join(" ");
  const email = account.email ?? "";
  if (name === "") return email === "" ? `аккаунт № ${account.id}` : email;
  return email === "" ? name : `${name} (${email})`;
}

export interface HandoffConsent {
  /** The account this browser is signed in to now (or a visitor's temporary one with a cart or favourites). */
  current: AccountRow;
  /** The account the link opens. */
  target: AccountRow;
  /** The form's address (POST /api/auth/handoff/confirm), the link's token and the page to go on to. */
  confirmAction: string;
  token: string;
  next: string;
}

export function renderHandoffConsentPage(consent: HandoffConsent): string {
  const current = consent.current.temporary ? null : escapeHtml(accountTitle(consent.current));
  const target = consent.target.temporary ? null : escapeHtml(accountTitle(consent.target));
  const now = current === null ? "В этом браузере уже есть ваша корзина или избранное, вы не входили в аккаунт." : `Вы вошли как <b>${current}</b>.`;
  const opens = target === null ? "Ссылка откроет корзину, собранную на сайте партнёра." : `Ссылка откроет аккаунт <b>${target}</b>.`;
  const effect =
    current === null
      ? "Если продолжить, товары и избранное из этого браузера перейдут туда."
      : "Если продолжить, вы выйдете из своего аккаунта в этом браузере.";
  const proceed = target === null ? "Продолжить по ссылке" : `Продолжить как ${target}`;
  const stay = current === null ? "Остаться со своей корзиной" : `Остаться как ${current}`;
  return `<!doctype html>
<html lang="ru">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>Вход по ссылке</title>
  <style>
    body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f3f4f7; color: #1d2333; margin: 0; }
    main { max-width: 460px; margin: 10vh auto; background: #fff; border-radius: 12px; padding: 32px; box-shadow: 0 8px 30px rgba(0, 0, 0, .08); }
    h1 { font-size: 20px; margin: 0 0 16px; }
    p { margin: 0 0 12px; line-height: 1.45; }
    .actions { display: flex; gap: 12px; flex-wrap: wrap; align-items: center; margin-top: 24px; }
    button { font: inherit; font-size: 16px; border: 0; border-radius: 8px; padding: 12px 20px; cursor: pointer; background: #23306b; color: #fff; }
    a { color: #23306b; font-size: 16px; }
  </style>
</head>
<body>
  <main>
    <h1>Сменить аккаунт?</h1>
    <p>${now}</p>
    <p>${opens}</p>
    <p>${effect}</p>
    <div class="actions">
      <form method="post" action="${escapeHtml(consent.confirmAction)}">
        <input type="hidden" name="token" value="${escapeHtml(consent.token)}">
        <input type="hidden" name="next" value="${escapeHtml(consent.next)}">
        <button type="submit">${proceed}</button>
      </form>
      <a href="${escapeHtml(consent.next)}">${stay}</a>
    </div>
  </main>
</body>
</html>
`;
}
