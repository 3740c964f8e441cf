/*
 * What the favourites tests share (not a test file): watching a star button's states while its
 * change travels to the server, and the visitor's session token the element stored.
 */
import { apiBase, testApi } from "./support";
import type { Api } from "../../shared/http/index";

export interface StarState {
  pressed: string | null;
  busy: string | null;
}

/**
 * Records every state the button goes through (read on each attribute change, in the microtask
 * after React's commit, so a pending state is seen even when the server answers quickly).
 */
export function watchStar(button: Element): { states: StarState[]; stop(): void } {
  const states: StarState[] = [];
  const observer = new MutationObserver(() => {
    states.push({ pressed: button.getAttribute("aria-pressed"), busy: button.getAttribute("aria-busy") });
  });
  observer.observe(button, { attributes: true, attributeFilter: ["aria-pressed", "aria-busy"] });
  return { states, stop: () => observer.disconnect() };
}

/** The API as the page's visitor: the session token the elements keep in localStorage. */
export function visitorApi(): Api {
  const token = localStorage.getItem(`ottisk-session:${apiBase}`);
  if (!token) throw new Error("The page holds no visitor session");
  return testApi({ value: token });
}
