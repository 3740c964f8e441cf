/// <reference types="mocha" />
import { expect } from "chai";
import { createElement, useState } from "react";
import { PhoneInput, Textarea } from "../../shared/ui/index";
import { renderOnPage, unmountFromPage } from "./react-page";
import { sendKeys } from "./real-input";
import { expectAccessible, resetPage, waitFor } from "./support";

/*
 * The shared form controls of shared/ui (spec §3 phone masks, §5 textarea auto height), rendered as
 * plain React components in the page with a label, typed into with the real keyboard.
 */

function render(node: ReturnType<typeof createElement>): HTMLElement {
  return renderOnPage(node, { container: document.createElement("form") });
}

function PhoneField() {
  const [value, setValue] = useState("");
  return createElement(
    "label",
    null,
    "Телефон",
    createElement(PhoneInput, { name: "phone", value, onChange: setValue }),
  );
}

function TextField() {
  const [value, setValue] = useState("");
  return createElement("label", null, "Сообщение", createElement(Textarea, { name: "message", value, onChange: setValue, className: "message" }));
}

function find<E extends Element>(container: HTMLElement, selector: string): Promise<E> {
  return waitFor(() => container.querySelector<E>(selector), selector);
}

afterEach(() => {
  unmountFromPage();
  resetPage();
});

describe("PhoneInput", () => {
  it("masks a Russian number as it is typed, from 8 or from +7", async () => {
    const form = render(createElement(PhoneField));
    const input = await find<HTMLInputElement>(form, "input[name=phone]");
    expect(input.type).to.equal("tel");
    expect(input.autocomplete).to.equal("tel");
    input.focus();
    await sendKeys({ type: "89181234567" });
    await waitFor(() => input.value === "+7 918 123-45-67", `the masked number, got «${input.value}»`);
    for (let index = 0; index < 12; index++) await sendKeys({ press: "Backspace" });
    await waitFor(() => input.value === "", `an emptied field, got «${input.value}»`);
    await sendKeys({ type: "+375291112233" });
    await waitFor(() => input.value === "+375 29 111-22-33", `the Belarusian mask, got «${input.value}»`);
    await expectAccessible(form);
  });
});

describe("Textarea", () => {
  it("is 30 px high while short and grows with its text (45 px or more)", async () => {
    const form = render(createElement(TextField));
    const textarea = await find<HTMLTextAreaElement>(form, "textarea[name=message]");
    textarea.style.boxSizing = "content-box";
    textarea.style.padding = "0";
    textarea.style.border = "0";
    textarea.style.font = "16px/20px sans-serif";
    textarea.focus();
    await sendKeys({ type: "Одна строка" });
    await waitFor(() => textarea.value === "Одна строка", "the typed text");
    await waitFor(() => textarea.getBoundingClientRect().height === 30 || null, "the collapsed height of 30 px");
    await sendKeys({ type: "\nвторая\nтретья\nчетвёртая" });
    await waitFor(() => textarea.getBoundingClientRect().height >= 45 || null, "a height grown to the text");
    const grown = textarea.getBoundingClientRect().height;
    expect(grown).to.equal(textarea.scrollHeight);
    await expectAccessible(form);
  });
});
