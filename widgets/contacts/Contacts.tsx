import { useState } from "react";
import { displayPhone, MESSENGER_NAMES, messengerPhoneHref, telHref } from "../../shared/domain/index";
import { siteHeader, useSiteResource } from "../../shared/state/index";
import { Dialog, LoadError, MessengerIcon } from "../../shared/ui/index";

export interface ContactsProps {
  /** The button's text. */
  label?: string | undefined;
}

/**
 * A button that opens the contacts dialog (spec §2 Dialogs: "Contacts (two phone links)"): the
 * header content's two phones as tel: links, and chats on the second number in the messengers it
 * is reachable in.
 */
export function Contacts({ label = "Контакты" }: ContactsProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className="ottisk-root ottisk-contacts">
      <button type="button" className="ottisk-button ottisk-button--quiet" part="button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <svg className="ottisk-contacts__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1l-2.3 2.2Z"
            fill="currentColor"
          />
        </svg>
        {label}
      </button>
      <Dialog open={open} title="Контакты" className="ottisk-contacts__dialog" onClose={() => setOpen(false)}>
        <ContactsBody />
      </Dialog>
    </div>
  );
}

function ContactsBody() {
  const { resource: header, reload } = useSiteResource(siteHeader);
  if (header.status === "loading") {
    return (
      <p className="ottisk-contacts__status" role="status">
        Загружаем телефоны…
      </p>
    );
  }
  if (header.status === "error") {
    return (
      <LoadError className="ottisk-contacts__status" messageUI={header.messageUI} onRetry={reload} />
    );
  }
  const { numberPhone, numberPhoneOption, numberPhoneOptionMessengers, email } = header.data;
  const chats = numberPhoneOption
    ? numberPhoneOptionMessengers.flatMap((network) => {
        const href = messengerPhoneHref(network, numberPhoneOption);
        return href ? [{ network, href }] : [];
      })
    : [];
  return (
    <div className="ottisk-contacts__body" part="contacts">
      <ul className="ottisk-contacts__phones">
        <li>
          <a className="ottisk-contacts__phone" part="phone" href={telHref(numberPhone)}>
            {displayPhone(numberPhone)}
          </a>
        </li>
        {numberPhoneOption ? (
          <li>
            <a className="ottisk-contacts__phone" part="phone" href={telHref(numberPhoneOption)}>
              {displayPhone(numberPhoneOption)}
            </a>
          </li>
        ) : null}
      </ul>
      {chats.length > 0 ? (
        <ul className="ottisk-contacts__chats" aria-label={`Написать на ${displayPhone(numberPhoneOption)}`}>
          {chats.map((chat) => (
            <li key={chat.network}>
              <a className="ottisk-contacts__chat" part="messenger" href={chat.href} target="_blank" rel="noopener">
                <MessengerIcon network={chat.network} />
                {MESSENGER_NAMES[chat.network]}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {email ? (
        <a className="ottisk-contacts__email" part="email" href={`mailto:${email}`}>
          {email}
        </a>
      ) : null}
    </div>
  );
}
