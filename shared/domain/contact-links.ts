import type { Messenger } from "../contracts/index";

/** The messengers' names as a shopper reads them. */
export const MESSENGER_NAMES: Readonly<Record<Messenger, string>> = {
  telegram: "Telegram",
  whatsapp: "WhatsApp",
  vkontakte: "ВКонтакте",
};

/** The phone's + and digits: «+7 861 200-40-50» → «+78612004050»; «8 (861) 200-40-50» → «+78612004050». */
export function phoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("8")) return `+7${digits.slice(1)}`;
  return `+${digits}`;
}

/** A `tel:` link for a phone written for people. */
export function telHref(phone: string): string {
  return `tel:${phoneDigits(phone)}`;
}

/**
 * A chat with the phone's owner in a messenger: wa.me and t.me open one by number. VKontakte has
 * no link by phone number, so it gives null (the footer links the shop's VK page instead).
 */
export function messengerPhoneHref(messenger: Messenger, phone: string): string | null {
  const number = phoneDigits(phone);
  switch (messenger) {
    case "whatsapp":
      return `https://wa.me/${number.slice(1)}`;
    case "telegram":
      return `https://t.me/${number}`;
    case "vkontakte":
      return null;
  }
}
