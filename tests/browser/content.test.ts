/// <reference types="mocha" />
import { expect } from "chai";
import type { FormField, Popup, PopupAnswer } from "../../shared/contracts/index";
import { BLOG_TEASERS_DESKTOP, BLOG_TEASERS_NARROW, BREAKPOINT_DESKTOP_PX } from "../../shared/domain/index";
import { readText, STORAGE_KEYS, writeText } from "../../shared/state/index";
import { storefrontOrigin } from "../../widgets/api-base";
import "../../widgets/index";
import { collectEvents, expectAccessible, find, findText, mount, resetPage, shadow, testApi, typeInto, waitFor } from "./support";
import { orderedFields } from "../../widgets/feedback-form/index";

/*
 * The content elements against the seeded API: <ottisk-blog-teasers>, <ottisk-popup>,
 * <ottisk-contacts> and <ottisk-feedback-form>, each as a fresh visitor.
 */

const api = testApi();

function texts(elements: Iterable<Element>): string[] {
  return Array.from(elements, (element) => element.textContent?.trim() ?? "");
}

/** dd.MM.yyyy in the shop's time zone, written out by hand rather than by the element's formatter. */
function ddMMyyyy(iso: string): string {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Moscow", day: "2-digit", month: "2-digit", year: "numeric" }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? "";
  return `${part("day")}.${part("month")}.${part("year")}`;
}

async function teasersOf(element: HTMLElement, count: number): Promise<HTMLElement[]> {
  return waitFor(() => {
    const found = Array.from(shadow(element).querySelectorAll<HTMLElement>("[part~=teaser]"));
    return found.length === count ? found : null;
  }, `${count} teasers`);
}

function isPopup(answer: PopupAnswer): answer is Popup {
  return "title" in answer;
}

async function activePopup(): Promise<Popup> {
  const answer = await api.getPopup();
  if (!isPopup(answer)) throw new Error("The demo data has no active popup");
  return answer;
}

afterEach(() => resetPage());

describe("<ottisk-blog-teasers>", () => {
  const count = () => (window.matchMedia(`(min-width: ${BREAKPOINT_DESKTOP_PX}px)`).matches ? BLOG_TEASERS_DESKTOP : BLOG_TEASERS_NARROW);

  it("shows the newest posts, as many as the window's width asks for, with cover, name, date and 'Перейти'", async () => {
    const latest = await api.getPages({ kind: "blog", limit: BLOG_TEASERS_DESKTOP });
    const expected = latest.items.slice(0, count());
    const element = mount("ottisk-blog-teasers");
    const teasers = await teasersOf(element, expected.length);

    expect(teasers.map((teaser) => teaser.querySelector("h3")?.textContent)).to.deep.equal(expected.map((post) => post.name));
    teasers.forEach((teaser, index) => {
      const post = expected[index]!;
      const date = teaser.querySelector("time")!;
      expect(date.textContent).to.match(/^\d{2}\.\d{2}\.\d{4}$/);
      expect(date.textContent).to.equal(ddMMyyyy(post.createdAt));
      expect(date.getAttribute("datetime")).to.equal(post.createdAt);
      const link = teaser.querySelector<HTMLAnchorElement>("a[part~=link]")!;
      expect(link.textContent).to.contain("Перейти");
      expect(link.href).to.equal(`${storefrontOrigin()}/${post.slug}`);
      if (post.padBanner) expect(teaser.querySelector("img")?.getAttribute("src")).to.equal(post.padBanner.url);
      else expect(teaser.querySelector("[data-testid=cover-placeholder]")).to.not.equal(null);
    });
    expect(shadow(element).querySelector("[part~=heading]")?.textContent).to.equal("Блог");
    await expectAccessible(element);
  });

  it("leaves out the post of `exclude` and still fills its row", async () => {
    const latest = await api.getPages({ kind: "blog", limit: BLOG_TEASERS_DESKTOP + 1 });
    const skipped = latest.items[0]!;
    const expected = latest.items.slice(1, 1 + count());
    const bySlug = mount("ottisk-blog-teasers", { exclude: skipped.slug });
    const teasers = await teasersOf(bySlug, expected.length);
    expect(texts(teasers.map((teaser) => teaser.querySelector("h3")!))).to.deep.equal(expected.map((post) => post.name));

    const byLastSegment = mount("ottisk-blog-teasers", { exclude: skipped.slug.replace(/^blog\//, ""), heading: "Читайте также" });
    await teasersOf(byLastSegment, expected.length);
    expect(shadow(byLastSegment).textContent).to.not.contain(skipped.name);
    expect(shadow(byLastSegment).querySelector("[part~=heading]")?.textContent).to.equal("Читайте также");
  });
});

describe("<ottisk-popup>", () => {
  it("opens the active popup with its title, text, picture and link, and remembers it once closed", async () => {
    const popup = await activePopup();
    const element = mount("ottisk-popup");
    const dialog = await find<HTMLDialogElement>(element, "dialog");
    await waitFor(() => dialog.open, "the popup to open");
    expect(dialog.matches(":modal")).to.equal(true);
    expect(dialog.querySelector("h2")?.textContent).to.equal(popup.title);
    expect(dialog.querySelector("[part~=description]")?.textContent).to.equal(popup.description);
    if (popup.file) expect(dialog.querySelector("img")?.getAttribute("src")).to.equal(popup.file.url);
    const button = dialog.querySelector<HTMLAnchorElement>("a[part~=button]")!;
    expect(button.textContent).to.equal(popup.textButton);
    expect(button.href).to.equal(new URL(popup.urlButton, `${storefrontOrigin()}/`).href);
    await expectAccessible(element);

    dialog.querySelector<HTMLButtonElement>(".ottisk-dialog__close")!.click();
    await find(element, "[data-state=dismissed]");
    expect(readText(STORAGE_KEYS.dismissedPopup)).to.equal(popup.updatedAt);

    element.remove();
    const again = mount("ottisk-popup");
    await find(again, "[data-state=dismissed]");
    expect(shadow(again).querySelector("dialog")).to.equal(null);
  });

  it("shows an edited popup again: a dismissal counts for one version", async () => {
    writeText(STORAGE_KEYS.dismissedPopup, "2001-01-01T00:00:00.000Z");
    const element = mount("ottisk-popup");
    await find(element, "[data-state=open]");
    const dialog = await find<HTMLDialogElement>(element, "dialog");
    await waitFor(() => dialog.open, "the popup to open");
  });
});

describe("<ottisk-contacts>", () => {
  it("opens the contacts dialog with the two phones as tel: links and the messengers of the second", async () => {
    const header = await api.getHeader();
    const element = mount("ottisk-contacts");
    const button = await find<HTMLButtonElement>(element, "[part~=button]");
    expect(button.textContent).to.contain("Контакты");
    button.focus();
    button.click();
    const dialog = await find<HTMLDialogElement>(element, "dialog");
    await waitFor(() => dialog.open && dialog.querySelector("[part~=phone]"), "the phones");
    expect(dialog.querySelector("h2")?.textContent).to.equal("Контакты");
    const phones = Array.from(dialog.querySelectorAll<HTMLAnchorElement>("[part~=phone]"));
    expect(texts(phones)).to.deep.equal([header.numberPhone, header.numberPhoneOption]);
    expect(phones.map((link) => link.getAttribute("href"))).to.deep.equal(
      [header.numberPhone, header.numberPhoneOption].map((phone) => `tel:+${phone.replace(/\D/g, "")}`),
    );
    const chats = texts(dialog.querySelectorAll("[part~=messenger]"));
    expect(chats).to.have.length(header.numberPhoneOptionMessengers.filter((network) => network !== "vkontakte").length);
    if (header.numberPhoneOptionMessengers.includes("whatsapp")) expect(chats).to.include("WhatsApp");
    await expectAccessible(element);

    dialog.querySelector<HTMLButtonElement>(".ottisk-dialog__close")!.click();
    await waitFor(() => !dialog.open, "the dialog to close");
    await waitFor(() => shadow(element).activeElement === button, "focus back on the button");
  });
});

describe("<ottisk-feedback-form>", () => {
  function control<E extends HTMLElement>(form: HTMLFormElement, key: string): E {
    const found = form.querySelector<E>(`[name="${key}"]`);
    if (!found) throw new Error(`No field ${key}`);
    return found;
  }

  function fill(form: HTMLFormElement, fields: FormField[], values: Record<string, string>): void {
    for (const field of fields) {
      if (field.controlType === "checkbox") {
        const box = control<HTMLInputElement>(form, field.key);
        if (field.required && !box.checked) box.click();
      } else if (field.controlType === "dropdown") {
        const select = control<HTMLSelectElement>(form, field.key);
        select.value = field.options[0]!.key;
        select.dispatchEvent(new Event("change", { bubbles: true }));
      } else if (values[field.key] !== undefined) {
        typeInto(control<HTMLInputElement | HTMLTextAreaElement>(form, field.key), values[field.key]!);
      }
    }
  }

  it("draws the server's fields in their order with labels, and hides the captcha without a site key", async () => {
    const [definition, captcha] = await Promise.all([api.getFeedbackForm(), api.getRecaptchaConfig()]);
    expect(captcha.siteKey, "the test API has no reCAPTCHA key").to.equal(null);
    const element = mount("ottisk-feedback-form");
    const form = await find<HTMLFormElement>(element, "form");
    const ordered = orderedFields(definition.fields);
    const names = Array.from(form.querySelectorAll<HTMLElement>("[name]"), (node) => node.getAttribute("name"));
    expect(names).to.deep.equal(ordered.map((field) => field.key));
    for (const field of ordered) {
      const node = control(form, field.key);
      expect(shadow(element).querySelector(`label[for="${node.id}"]`)?.textContent).to.contain(field.label);
      expect(node.hasAttribute("required")).to.equal(field.required);
      if (field.controlType === "textbox") expect(node.getAttribute("type")).to.equal(field.type);
      if (field.controlType === "textarea") expect(node.localName).to.equal("textarea");
      if (field.controlType === "dropdown") expect(Array.from((node as HTMLSelectElement).options, (option) => option.value)).to.include.members(field.options.map((option) => option.key));
      if (field.controlType === "checkbox") expect(node.getAttribute("type")).to.equal("checkbox");
    }
    expect(shadow(element).querySelector("h2")?.textContent).to.equal(definition.title);
    expect(shadow(element).querySelector("[part~=captcha]"), "no site key, no captcha").to.equal(null);
    expect(document.querySelector('script[src*="recaptcha"]'), "Google's script is not loaded").to.equal(null);
    await expectAccessible(element);
  });

  it("grows the textarea with its text: 30 px for a short text, the measured height from 45 px", async () => {
    const definition = await api.getFeedbackForm();
    const textarea = definition.fields.find((field) => field.controlType === "textarea");
    if (!textarea) throw new Error("The demo form has no textarea");
    const element = mount("ottisk-feedback-form");
    const form = await find<HTMLFormElement>(element, "form");
    const box = control<HTMLTextAreaElement>(form, textarea.key);
    expect(box.style.height).to.equal("30px");
    typeInto(box, "Первая строка\nВторая строка\nТретья строка\nЧетвёртая строка");
    await waitFor(() => parseFloat(box.style.height) >= 45, "the textarea to grow");
    typeInto(box, "");
    await waitFor(() => box.style.height === "30px", "the textarea to shrink back");
  });

  it("names each empty required field in Russian, focuses the first and sends nothing", async () => {
    const definition = await api.getFeedbackForm();
    const ordered = orderedFields(definition.fields);
    const element = mount("ottisk-feedback-form");
    const form = await find<HTMLFormElement>(element, "form");
    const events = await collectEvents("ottisk-feedback-sent", async () => {
      (await find<HTMLButtonElement>(element, "[part~=submit]")).click();
      await waitFor(() => form.querySelector("[aria-invalid=true]"), "the errors");
    });
    expect(events).to.have.length(0);
    const textRequired = ordered.filter((field) => field.required && (field.controlType === "textbox" || field.controlType === "textarea"));
    for (const field of textRequired) {
      const node = control(form, field.key);
      expect(node.getAttribute("aria-invalid")).to.equal("true");
      const message = shadow(element).getElementById(node.getAttribute("aria-describedby")!);
      expect(message?.textContent).to.equal(`Заполните поле «${field.label}»`);
    }
    const checkbox = ordered.find((field) => field.required && field.controlType === "checkbox");
    if (checkbox) await findText(element, `Отметьте «${checkbox.label}»`);
    const first = ordered.find((field) => control(form, field.key).getAttribute("aria-invalid") === "true")!;
    expect(shadow(element).activeElement).to.equal(control(form, first.key));

    typeInto(control<HTMLInputElement>(form, first.key), "Анна");
    await waitFor(() => control(form, first.key).getAttribute("aria-invalid") === null, "the error to clear once typed");
  });

  it("refuses «bad@» as an e-mail in Russian before sending, and sends once it is an address", async () => {
    const definition = await api.getFeedbackForm();
    const ordered = orderedFields(definition.fields);
    const email = ordered.find((field) => field.type === "email");
    if (!email) throw new Error("The demo form has no e-mail");
    const element = mount("ottisk-feedback-form");
    const form = await find<HTMLFormElement>(element, "form");
    fill(form, ordered, { name: "Анна", phone: "+7 918 123-45-67", [email.key]: "bad@", message: "Сколько стоят 500 визиток?" });
    const refused = await collectEvents("ottisk-feedback-sent", async () => {
      (await find<HTMLButtonElement>(element, "[part~=submit]")).click();
      await waitFor(() => control(form, email.key).getAttribute("aria-invalid") === "true", "the e-mail's error");
    });
    expect(refused, "nothing is sent").to.have.length(0);
    const node = control<HTMLInputElement>(form, email.key);
    expect(shadow(element).getElementById(node.getAttribute("aria-describedby")!)?.textContent).to.equal("Проверьте адрес электронной почты: в нём ошибка");
    expect(shadow(element).activeElement).to.equal(node);

    const sent = await collectEvents("ottisk-feedback-sent", async () => {
      typeInto(node, "anna@example.com");
      (await find<HTMLButtonElement>(element, "[part~=submit]")).click();
      await waitFor(() => shadow(element).querySelector<HTMLDialogElement>("dialog.ottisk-feedback__success")?.open, "the success dialog");
    });
    expect(sent).to.have.length(1);
  });

  it("refuses an incomplete phone in the form, with the server's rule and its Russian message, before sending (issue 30, finding 5)", async () => {
    const definition = await api.getFeedbackForm();
    const ordered = orderedFields(definition.fields);
    const phone = ordered.find((field) => field.type === "tel");
    if (!phone) throw new Error("The demo form has no phone");
    const element = mount("ottisk-feedback-form");
    const form = await find<HTMLFormElement>(element, "form");
    for (const typed of ["12345", "+7 918 123-45-6"]) {
      fill(form, ordered, { name: "Анна", [phone.key]: typed, email: "anna@example.com", message: "Сколько стоят 500 визиток?" });
      const refused = await collectEvents("ottisk-feedback-sent", async () => {
        (await find<HTMLButtonElement>(element, "[part~=submit]")).click();
        await waitFor(() => control(form, phone.key).getAttribute("aria-invalid") === "true", "the phone's error");
      });
      expect(refused, `nothing is sent for ${typed}`).to.have.length(0);
      const node = control<HTMLInputElement>(form, phone.key);
      expect(shadow(element).getElementById(node.getAttribute("aria-describedby")!)?.textContent, typed).to.equal("Телефон в формате +7 999 123-45-67");
      expect(shadow(element).activeElement, "the phone is focused").to.equal(node);
      expect(shadow(element).querySelector("[part~=error]"), "no server answer was needed").to.equal(null);
      expect(control<HTMLTextAreaElement>(form, "message").value).to.equal("Сколько стоят 500 визиток?");
    }
  });

  it("sends a filled form, shows the success dialog and fires ottisk-feedback-sent", async () => {
    const definition = await api.getFeedbackForm();
    const ordered = orderedFields(definition.fields);
    const element = mount("ottisk-feedback-form");
    const form = await find<HTMLFormElement>(element, "form");
    fill(form, ordered, { name: "Анна Петрова", phone: "+7 918 123-45-67", email: "anna@example.com", message: "Нужны визитки к пятнице." });

    const events = await collectEvents<{ id: number }>("ottisk-feedback-sent", async () => {
      (await find<HTMLButtonElement>(element, "[part~=submit]")).click();
      await waitFor(() => shadow(element).querySelector<HTMLDialogElement>("dialog.ottisk-feedback__success")?.open, "the success dialog");
    });
    expect(events).to.have.length(1);
    expect(events[0]!.detail.id).to.be.a("number");
    const dialog = shadow(element).querySelector<HTMLDialogElement>("dialog.ottisk-feedback__success")!;
    expect(dialog.querySelector("h2")?.textContent).to.equal("Ваши данные успешно отправлены");
    expect(control<HTMLInputElement>(form, "name").value, "the form starts afresh").to.equal("");
    await expectAccessible(element);

    const back = dialog.querySelector<HTMLButtonElement>("[part~=return-button]")!;
    expect(back.textContent).to.equal("Вернуться на сайт");
    back.click();
    await waitFor(() => !dialog.open, "the success dialog to close");
  });
});
