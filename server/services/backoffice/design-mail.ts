import { ACCOUNT_PATHS, backOfficePath } from "../../../shared/domain/index";
import type { MailDraft } from "../mail/mail-outbox";

/*
 * The letters of the design orders' news (issue 29): the client hears that a designer took the
 * order, wrote, finished the layout or cancelled; the designer hears that the client approved the
 * layout or asked for changes. Each goes through the mail outbox in the transaction of its change,
 * beside the client's notification («Уведомления»).
 */

function letter(to: string, subject: string, paragraphs: readonly string[], link: { href: string; label: string }): MailDraft {
  return {
    to,
    subject,
    text: `Здравствуйте!\n\n${paragraphs.join("\n\n")}\n\n${link.label}:\n${link.href}\n\nТипография «Оттиск»\n`,
  };
}

/** To the client: news of the design order; the link opens «Уведомления» in the account area. */
export function designNewsForClient(to: string, publicOrigin: string, designId: number, title: string, body: string): MailDraft {
  return letter(to, `${title} — «Оттиск»`, [title, ...(body ? [body] : [])], {
    href: `${publicOrigin}${ACCOUNT_PATHS.clientNotifications}`,
    label: `Заказ дизайна № ${designId} в личном кабинете`,
  });
}

/** To the designer: the client answered; the link opens the design order in the back office. */
export function designNewsForDesigner(to: string, publicOrigin: string, designId: number, title: string, body: string): MailDraft {
  return letter(to, `${title} — «Оттиск»`, [title, ...(body ? [body] : [])], {
    href: `${publicOrigin}${backOfficePath("design", designId)}`,
    label: "Открыть заказ дизайна",
  });
}
