import { ACCOUNT_PATHS } from "../../../shared/domain/index";
import type { MailDraft } from "./mail-outbox";
import { escapeHtml } from "../plain-page";

/*
 * The account's letters, in Russian: plain text and the same as simple HTML (one link as a
 * button, no images, no outside styles). The links point at the account area's pages on the shop's
 * public address (the page paths of shared/domain/page-paths.ts: /admin/auth/…).
 */

export const CONFIRM_EMAIL_PATH = ACCOUNT_PATHS.confirmEmail;
export const PASSWORD_RESET_PATH = ACCOUNT_PATHS.passwordReset;

/** The page a letter's link opens: `path?token=…` on the shop's public address. */
export function emailLink(publicOrigin: string, path: string, token: string): string {
  const url = new URL(path, publicOrigin);
  url.searchParams.set("token", token);
  return url.href;
}

function greeting(name: string): string {
  return name ? `Здравствуйте, ${name}!` : "Здравствуйте!";
}

function html(paragraphs: string[], link: { href: string; label: string }, after: string[]): string {
  const text = (lines: string[]) => lines.map((line) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`).join("\n");
  return `<!doctype html>
<html lang="ru">
<body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1d2333;background:#ffffff">
<div style="max-width:560px;margin:0 auto;padding:24px">
${text(paragraphs)}
<p style="margin:24px 0"><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#1f4fd1;color:#ffffff;text-decoration:none">${escapeHtml(link.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#4a5164">Если кнопка не открывается, скопируйте ссылку в адресную строку браузера:<br><a href="${escapeHtml(link.href)}" style="color:#1f4fd1;word-break:break-all">${escapeHtml(link.href)}</a></p>
${text(after)}
<p style="margin:24px 0 0;font-size:14px;color:#4a5164">Типография «Оттиск»</p>
</div>
</body>
</html>
`;
}

/** The registration letter: the link that confirms the address (48 hours). */
export function confirmEmailMail(to: string, name: string, link: string): MailDraft {
  const intro = [greeting(name), "Вы зарегистрировались в интернет-магазине типографии «Оттиск». Подтвердите, пожалуйста, адрес электронной почты — так мы будем уверены, что письма о заказах дойдут до вас."];
  const after = ["Ссылка действует 48 часов. Если вы не регистрировались, просто не отвечайте на это письмо."];
  return {
    to,
    subject: "Подтвердите адрес электронной почты — «Оттиск»",
    text: `${intro.join("\n\n")}\n\nПодтвердить адрес:\n${link}\n\n${after.join("\n\n")}\n\nТипография «Оттиск»\n`,
    html: html(intro, { href: link, label: "Подтвердить адрес" }, after),
  };
}

/** The recovery letter: the link to set a new password (1 hour). */
export function passwordResetMail(to: string, name: string, link: string): MailDraft {
  const intro = [greeting(name), "Мы получили запрос на восстановление пароля к вашему аккаунту в интернет-магазине типографии «Оттиск»."];
  const after = [
    "Ссылка действует 1 час и только один раз. Если вы не запрашивали восстановление, просто не отвечайте на это письмо: пароль останется прежним.",
  ];
  return {
    to,
    subject: "Восстановление пароля — «Оттиск»",
    text: `${intro.join("\n\n")}\n\nЗадать новый пароль:\n${link}\n\n${after.join("\n\n")}\n\nТипография «Оттиск»\n`,
    html: html(intro, { href: link, label: "Задать новый пароль" }, after),
  };
}

/** The back office's invitation (issue 29): a new employee sets their own password by the link (72 hours). */
export function employeeInvitationMail(to: string, name: string, link: string, roles: string): MailDraft {
  const intro = [
    greeting(name),
    `Вас добавили сотрудником в интернет-магазин типографии «Оттиск» (роли: ${roles}). Задайте свой пароль по ссылке — после этого войдите с адресом ${to}.`,
  ];
  const after = [
    "Ссылка действует 72 часа и только один раз. Если срок прошёл, откройте «Забыли пароль?» на странице входа. Если вы не ждали этого письма, просто не отвечайте на него.",
  ];
  return {
    to,
    subject: "Приглашение в «Оттиск»: задайте пароль",
    text: `${intro.join("\n\n")}\n\nЗадать пароль:\n${link}\n\n${after.join("\n\n")}\n\nТипография «Оттиск»\n`,
    html: html(intro, { href: link, label: "Задать пароль" }, after),
  };
}
