import { describe, expect, it } from "vitest";
import { messengerPhoneHref, phoneDigits, telHref } from "./contact-links";

describe("contact links", () => {
  it("turns a phone written for people into a tel: link", () => {
    expect(telHref("+7 861 200-40-50")).toBe("tel:+78612004050");
    expect(telHref("8 (918) 200-40-50")).toBe("tel:+79182004050");
    expect(phoneDigits("+375 29 123-45-67")).toBe("+375291234567");
  });

  it("opens a chat by number in WhatsApp and Telegram, not in VKontakte", () => {
    expect(messengerPhoneHref("whatsapp", "+7 918 200-40-50")).toBe("https://wa.me/79182004050");
    expect(messengerPhoneHref("telegram", "+7 918 200-40-50")).toBe("https://t.me/+79182004050");
    expect(messengerPhoneHref("vkontakte", "+7 918 200-40-50")).toBe(null);
  });
});
