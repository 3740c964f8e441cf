import type { AccountRow } from "../../db/schema";
import { escapeHtml, PLAIN_PAGE_CSP, renderPlainPage } from "../plain-page";

/*
 * The question a hand-off link asks when the browser already holds another account's session
 * (see HandoffService.needsConsent): self-contained HTML in Russian, no script, so the page's CSP
 * can forbid everything but its inline style and posting its own form; nobody may frame it (a
 * framed consent button could be clicked blind).
 */

/** The page's security headers (plain-page.ts): nothing loads, only its form posts, back to the shop; no frames. */
export const HANDOFF_CONSENT_PAGE_CSP = PLAIN_PAGE_CSP;

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
  return renderPlainPage({
    title: "Вход по ссылке",
    width: 460,
    style: `    h1 { margin: 0 0 16px; }
    p { margin: 0 0 12px; line-height: 1.45; }
    .actions { display: flex; gap: 12px; flex-wrap: wrap; align-items: center; margin-top: 24px; }
    button { background: #23306b; color: #fff; }
    a { color: #23306b; font-size: 16px; }`,
    main: `    <h1>Сменить аккаунт?</h1>
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
    </div>`,
  });
}
