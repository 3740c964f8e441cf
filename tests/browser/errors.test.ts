/// <reference types="mocha" />
import { expect } from "chai";
import { createElement, useState } from "react";
import { ApiError } from "../../shared/http/index";
import { createPageStore, useShowFailure } from "../../shared/state/index";
import { BUG_MESSAGE, ErrorBoundary, ErrorNote } from "../../shared/ui/index";
import baseCss from "../../shared/ui/base.css?inline";
import { defineElement } from "../../widgets/define";
import { reactElement } from "../../widgets/element";
import { renderOnPage, unmountFromPage } from "./react-page";
import { find, findText, mount, resetPage, shadow, testApi, waitFor } from "./support";

/*
 * The one error policy (shared/README.md, "Errors"): an API error is shown where it happened as its
 * messageUI; a bug — thrown in an async handler and sent on with useShowFailure, or thrown while
 * drawing — reaches the error boundary every element has (widgets/element.ts) and the host site puts
 * around its page, which logs it with console.error and shows the generic message.
 */

const CONFLICT = "Корзину изменили в другой вкладке: обновили её.";

type Failure = "api" | "bug" | "render";

/** A part with one button whose server action fails as `failure` says: the way every handler of the storefront handles a failure. */
function FailingAction({ failure }: { failure?: Failure | undefined }) {
  const showFailure = useShowFailure();
  const [error, setError] = useState<string | null>(null);
  if (failure === "render") throw new TypeError("a bug while drawing");
  const run = async () => {
    setError(null);
    try {
      await Promise.resolve();
      if (failure === "api") throw new ApiError({ status: 409, code: "CART_VERSION_CONFLICT", messageUI: CONFLICT, message: "409" });
      // A bug: what no API call answers.
      (null as unknown as { items: string[] }).items.push("x");
    } catch (caught) {
      showFailure(caught, setError);
    }
  };
  return createElement(
    "div",
    { className: "ottisk-root" },
    createElement("button", { type: "button", onClick: () => void run() }, "Сохранить"),
    createElement(ErrorNote, { className: "probe__error", message: error }),
  );
}

defineElement(
  "ottisk-test-failing-action",
  reactElement<{ failure?: Failure }>(FailingAction, { attributes: { failure: "string" }, styles: [baseCss] }),
);

declare global {
  interface HTMLElementTagNameMap {
    "ottisk-test-failing-action": HTMLElement;
  }
}

/** console.error, collected instead of printed while `action` runs. */
async function loggedErrors(action: () => Promise<void>): Promise<unknown[][]> {
  const logged: unknown[][] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => logged.push(args);
  try {
    await action();
  } finally {
    console.error = original;
  }
  return logged;
}

const loggedTheBug = (logged: unknown[][]) => logged.some((args) => args.some((arg) => arg instanceof TypeError));

afterEach(() => {
  unmountFromPage();
  resetPage();
});

describe("the error policy in an element", () => {
  it("shows an API error's messageUI where the action failed, and the element goes on working", async () => {
    const element = mount("ottisk-test-failing-action", { failure: "api" });
    const logged = await loggedErrors(async () => {
      (await find<HTMLButtonElement>(element, "button")).click();
      await findText(element, CONFLICT);
    });
    expect(shadow(element).querySelector(".probe__error")?.textContent).to.equal(CONFLICT);
    expect(shadow(element).querySelector("button"), "the element is still there").to.not.equal(null);
    expect(shadow(element).textContent).to.not.contain(BUG_MESSAGE);
    expect(logged, "an API error is no bug: nothing is logged").to.deep.equal([]);
  });

  it("sends a bug thrown in an async handler to the element's error boundary, which logs it and shows the generic message", async () => {
    const element = mount("ottisk-test-failing-action", { failure: "bug" });
    const logged = await loggedErrors(async () => {
      (await find<HTMLButtonElement>(element, "button")).click();
      await findText(element, BUG_MESSAGE);
    });
    const alert = shadow(element).querySelector("[role='alert']");
    expect(alert?.textContent).to.equal(BUG_MESSAGE);
    expect(shadow(element).querySelector("button"), "the broken part is gone").to.equal(null);
    expect(loggedTheBug(logged), "the bug itself is logged").to.equal(true);
  });

  it("catches a bug thrown while drawing", async () => {
    const logged = await loggedErrors(async () => {
      const element = mount("ottisk-test-failing-action", { failure: "render" });
      await findText(element, BUG_MESSAGE);
    });
    expect(loggedTheBug(logged)).to.equal(true);
  });
});

describe("the error policy on the host site's page", () => {
  it("sends a bug of a page's handler to the boundary around the page; an API error stays the page's", async () => {
    const store = createPageStore(testApi());
    const container = renderOnPage(createElement(ErrorBoundary, null, createElement(FailingAction, { failure: "api" })), { store });
    (await waitFor(() => container.querySelector("button"), "the page's button")).click();
    await waitFor(() => container.textContent?.includes(CONFLICT), "the API's message on the page");
    unmountFromPage();

    const broken = renderOnPage(createElement(ErrorBoundary, null, createElement(FailingAction, { failure: "bug" })), { store });
    const logged = await loggedErrors(async () => {
      (await waitFor(() => broken.querySelector("button"), "the page's button")).click();
      await waitFor(() => broken.textContent?.includes(BUG_MESSAGE), "the boundary's message");
    });
    expect(broken.querySelector("[role='alert']")?.textContent).to.equal(BUG_MESSAGE);
    expect(loggedTheBug(logged)).to.equal(true);
  });
});
