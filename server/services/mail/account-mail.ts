import { ACCOUNT_PATHS } from "../../../shared/domain/index";
import type { MailDraft } from "./mail-outbox";
import { greeting, letterHtml } from "./mail-frame";

/*
 * The account's letters, in Russian: plain text and the same as simple HTML in the one frame of
 * every letter (mail-frame.ts: one link as a button, the shop's requisites in the footer). The links point at the account area's pages on the shop's
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

function html(paragraphs: string[], link: { href: string; label: string }, after: string[]): string {
  const [first = "", ...rest] = paragraphs;
  return letterHtml({ greeting: first, paragraphs: rest, link, after });
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
