/*
 * Choices made before the page's code arrived (host-site/docs/performance.md, "Loading order").
 *
 * The server draws the page whole and its code hydrates it a moment later (boot.ts). A shopper may
 * pick a paper, tick a finishing or type a quantity in that moment. The browser shows the choice,
 * but the components' state does not know it: React keeps what the server drew, so the price, and
 * the line put in the cart, would follow the server's choice while the page shows the shopper's.
 *
 * So, just before hydrating, `takeEarlyInput` finds every control whose state differs from what
 * the server drew (its default: the `checked`, `value` and `selected` attributes, a textarea's
 * text), notes the shopper's choice and puts the control back; once the page is hydrated,
 * `replayEarlyInput` makes each choice again as the shopper would have (a click on a radio or
 * checkbox, an `input` or `change` event after setting the value), so the components' handlers run.
 * This also covers a form the browser restored when going back in history.
 *
 * The shopper's last action that needs the code — a click on a button that opens a menu or a
 * dialog, «В корзину», a form's submission — is held by boot.ts until then (a form without an
 * `action` would otherwise be sent to the page's own address, reloading it). It is made again
 * after the choices, so «В корзину» adds what the shopper chose.
 */

/** The element whose action boot.ts held (the same name is written there). */
export const EARLY_ACTION_ATTRIBUTE = "data-ottisk-early-action";
/** Set on the app's element when hydration starts, so boot.ts stops holding actions (the same name is written there). */
export const HYDRATING_ATTRIBUTE = "data-hydrating";

type EarlyInput =
  | { kind: "check"; element: HTMLInputElement }
  | { kind: "text"; element: HTMLInputElement | HTMLTextAreaElement; value: string }
  | { kind: "select"; element: HTMLSelectElement; value: string }
  | { kind: "action"; element: HTMLButtonElement | HTMLFormElement };

/** Inputs whose state a shopper sets by hand; files, hidden and button-like inputs are left alone. */
const SKIPPED_TYPES = new Set(["file", "hidden", "button", "submit", "reset", "image"]);

function earlyInput(element: Element): EarlyInput | null {
  if (element instanceof HTMLInputElement) {
    if (SKIPPED_TYPES.has(element.type)) return null;
    if (element.type === "checkbox" || element.type === "radio") {
      // A radio is noted where it was checked; the one it unchecked follows from it.
      return element.checked && !element.defaultChecked ? { kind: "check", element } : null;
    }
    return element.value !== element.defaultValue ? { kind: "text", element, value: element.value } : null;
  }
  if (element instanceof HTMLTextAreaElement) {
    return element.value !== element.defaultValue ? { kind: "text", element, value: element.value } : null;
  }
  if (element instanceof HTMLSelectElement) {
    const changed = Array.from(element.options).some((option) => option.selected !== option.defaultSelected);
    return changed ? { kind: "select", element, value: element.value } : null;
  }
  return null;
}

/** Puts a control back to what the server drew. */
function restoreDefault(input: EarlyInput): void {
  switch (input.kind) {
    case "action":
      input.element.removeAttribute(EARLY_ACTION_ATTRIBUTE);
      return;
    case "select":
      for (const option of Array.from(input.element.options)) option.selected = option.defaultSelected;
      return;
    case "text":
      input.element.value = input.element.defaultValue;
      return;
    case "check": {
      // Every box of the group back, so the server's choice is the checked one again.
      const { element } = input;
      const group = element.form && element.name ? Array.from(element.form.elements) : [element];
      for (const box of group) if (box instanceof HTMLInputElement && (box === element || box.name === element.name)) box.checked = box.defaultChecked;
      return;
    }
  }
}

/**
 * The controls under `root` that the shopper changed before hydration, each put back to the
 * server's state, and then the action boot.ts held: call it right before hydrating, in the same
 * task. From then on React handles the page's input (boot.ts holds no more actions).
 */
export function takeEarlyInput(root: HTMLElement): EarlyInput[] {
  root.setAttribute(HYDRATING_ATTRIBUTE, "");
  const inputs = Array.from(root.querySelectorAll("input, textarea, select"), earlyInput).filter((input) => input !== null);
  // Unticked checkboxes are choices too (a finishing the server drew ticked).
  for (const box of Array.from(root.querySelectorAll<HTMLInputElement>('input[type="checkbox"]'))) {
    if (!box.checked && box.defaultChecked) inputs.push({ kind: "check", element: box });
  }
  const action = root.querySelector(`[${EARLY_ACTION_ATTRIBUTE}]`);
  if (action instanceof HTMLButtonElement || action instanceof HTMLFormElement) inputs.push({ kind: "action", element: action });
  for (const input of inputs) restoreDefault(input);
  return inputs;
}

/** Sets a control's value through the prototype's setter: the way a user's typing reaches React. */
function setNativeValue(element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): void {
  const prototype = Object.getPrototypeOf(element) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, "value")?.set;
  if (setter) setter.call(element, value);
  else element.value = value;
}

/**
 * Makes the noted choices again, once the page is hydrated: one per task, so that each handler
 * sees the state the previous choice left (React renders a handler's update after the event, and
 * handlers that copy the current choice would otherwise each start from the same one).
 */
export async function replayEarlyInput(inputs: readonly EarlyInput[]): Promise<void> {
  for (const input of inputs) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (input.kind === "action") {
      const { element } = input;
      if (!element.isConnected) continue;
      if (element instanceof HTMLFormElement) element.requestSubmit();
      else if (!element.disabled) element.click();
      continue;
    }
    if (!input.element.isConnected || input.element.disabled) continue;
    if (input.kind === "check") {
      input.element.click();
    } else {
      setNativeValue(input.element, input.value);
      input.element.dispatchEvent(new Event(input.kind === "select" ? "change" : "input", { bubbles: true }));
    }
  }
}
