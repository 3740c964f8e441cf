/*
 * What the favourites tests share (not a test file): watching a star button's states while its
 * change travels to the server, and the visitor's session token the element stored.
 */
import { apiBase, collectEvents, testApi, waitFor } from "./support";
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

/** What ottisk-favourite-change tells the page. */
export interface FavouriteChange {
  productId: number;
  inFavorite: boolean;
}

/**
 * Clicks the star and waits until `until.done()` (by default: the star pressed, as the server
 * confirmed); gives the states the star went through on the way and the changes the page heard.
 */
export async function clickStar(
  star: HTMLElement,
  until: { done: () => boolean; what: string } = { done: () => star.getAttribute("aria-pressed") === "true", what: "the confirmed star" },
): Promise<{ states: StarState[]; changes: FavouriteChange[] }> {
  const watch = watchStar(star);
  const events = await collectEvents<FavouriteChange>("ottisk-favourite-change", async () => {
    star.click();
    await waitFor(until.done, until.what);
  });
  watch.stop();
  return { states: watch.states, changes: events.map((event) => event.detail) };
}
