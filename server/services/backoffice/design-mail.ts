import type { MailDraft } from "../mail/mail-outbox";
import { designNewsForDesignerMail } from "../mail/order-mail";

/*
 * The letters of the design orders' news (issue 29) to the designer: the client approved the layout
 * or asked for changes. The client's design letters are order-mail.ts's `designNewsLetter` (sent
 * through order-letters.ts with the notification); both are drawn by the one template module.
 */

/** To the designer: the client answered; the link opens the design order in the back office. */
export function designNewsForDesigner(to: string, publicOrigin: string, designId: number, title: string, body: string): MailDraft {
  return designNewsForDesignerMail(to, publicOrigin, designId, title, body);
}
