import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../shared/http/index";
import { citiesByKladrId, citySearches } from "../../shared/state/city.atoms";
import { siteMenu } from "../../shared/state/site.atoms";
import { createPageStore } from "../../shared/state/index";
import { startLiveTestApp } from "./support/test-app";
import type { LiveTestApp } from "./support/test-app";

/*
 * The one way the browser loads data (shared/state/resource.ts) against the real API on a socket:
 * one request for two askers, the API's Russian message for a refused question, a refresh asking
 * again, what a value held kept while it is asked again and after a failed attempt, a slow answer
 * overtaken by a newer one dropped, and a store seeded with the server render's values asking nothing. The requests are counted (and one held back) around the real fetch.
 */

let testApp: LiveTestApp;

beforeAll(async () => {
  testApp = await startLiveTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

/** A page store on the live API whose requests are listed; `hold` keeps answers to matching URLs until released. */
function observedStore() {
  const requests: string[] = [];
  const held: { url: string; release: () => void }[] = [];
  let holding: ((url: string) => boolean) | null = null;
  const observed: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    requests.push(url);
    const response = await fetch(input, init);
    if (holding?.(url)) await new Promise<void>((release) => held.push({ url, release }));
    return response;
  };
  const store = createPageStore(createApi({ baseURL: `${testApp.origin}/api`, fetch: observed }));
  return {
    store,
    requests,
    held,
    hold(match: (url: string) => boolean) {
      holding = match;
    },
  };
}

describe("resources of the page store", () => {
  it("makes one request for two askers of the same value, and none once it is there", async () => {
    const { store, requests } = observedStore();
    await Promise.all([store.set(siteMenu.loadAtom), store.set(siteMenu.loadAtom)]);
    expect(requests.filter((url) => url.includes("/website/menu"))).toHaveLength(1);
    const menu = store.get(siteMenu.valueAtom);
    expect(menu?.status).toBe("ready");
    await store.set(siteMenu.loadAtom);
    expect(requests.filter((url) => url.includes("/website/menu"))).toHaveLength(1);
  });

  it("keeps entries by key: a question asked before asks nothing again", async () => {
    const { store, requests } = observedStore();
    await Promise.all([store.set(citySearches.loadAtom, "Казань"), store.set(citySearches.loadAtom, "Каза")]);
    await store.set(citySearches.loadAtom, "Казань");
    expect(requests.filter((url) => url.includes("/geo/city?"))).toHaveLength(2);
    const kazan = store.get(citySearches.entriesAtom)["Казань"];
    expect(kazan?.status === "ready" ? kazan.data.map((city) => city.city) : kazan).toContain("Казань");
  });

  it("stores the API's Russian message and status for a refused question, and asks again the next time", async () => {
    const { store, requests } = observedStore();
    const tooLong = "а".repeat(101);
    await store.set(citySearches.loadAtom, tooLong);
    expect(store.get(citySearches.entriesAtom)[tooLong]).toEqual({
      status: "error",
      messageUI: "Название города для поиска — не длиннее 100 символов",
      httpStatus: 400,
    });
    await store.set(citySearches.loadAtom, tooLong);
    expect(requests.filter((url) => url.includes("/geo/city?"))).toHaveLength(2);
  });

  it("asks again on refresh even when the value is there", async () => {
    const { store, requests } = observedStore();
    await store.set(siteMenu.loadAtom);
    await store.set(siteMenu.refreshAtom);
    expect(requests.filter((url) => url.includes("/website/menu"))).toHaveLength(2);
    expect(store.get(siteMenu.valueAtom)?.status).toBe("ready");
  });

  it("keeps what a value held while it is asked again, and after the attempt failed", async () => {
    const { store, held, hold } = observedStore();
    await store.set(siteMenu.loadAtom);
    const menu = store.get(siteMenu.valueAtom);
    if (menu?.status !== "ready") throw new Error("the menu did not load");
    hold((url) => url.includes("/website/menu"));
    const again = store.set(siteMenu.refreshAtom);
    await expect.poll(() => held.length).toBe(1);
    expect(store.get(siteMenu.valueAtom)).toEqual({ status: "loading", data: menu.data });
    held[0]?.release();
    await again;
    expect(store.get(siteMenu.valueAtom)?.status).toBe("ready");

    // The server gone: the network's ApiError, with the menu it had.
    const offline = createPageStore(createApi({ baseURL: "http://127.0.0.1:9/api" }));
    offline.set(siteMenu.valueAtom, menu);
    await offline.set(siteMenu.refreshAtom);
    expect(offline.get(siteMenu.valueAtom)).toMatchObject({ status: "error", httpStatus: 0, data: menu.data });
  });

  it("drops an answer overtaken by a newer request for the same key", async () => {
    const { store, requests, held, hold } = observedStore();
    hold((url) => url.includes("/geo/city-by-kladrId") && held.length === 0);
    const slow = store.set(citiesByKladrId.loadAtom, "9900000000000");
    await expect.poll(() => held.length).toBe(1);
    hold(() => false);
    await store.set(citiesByKladrId.refreshAtom, "9900000000000");
    const fresh = store.get(citiesByKladrId.entriesAtom)["9900000000000"];
    expect(fresh?.status).toBe("ready");
    // The held answer comes last: it must not replace the newer one (nor flip it back to loading).
    held[0]?.release();
    await slow;
    expect(store.get(citiesByKladrId.entriesAtom)["9900000000000"]).toBe(fresh);
    expect(requests.filter((url) => url.includes("/geo/city-by-kladrId"))).toHaveLength(2);
  });

  it("starts a browser store from the server render's values without asking", async () => {
    const server = observedStore();
    await server.store.set(siteMenu.loadAtom);
    const taken = server.store.get(siteMenu.valueAtom);
    // The page carries it as JSON.
    const snapshot = JSON.parse(JSON.stringify(taken)) as typeof taken;

    const browser = observedStore();
    browser.store.set(siteMenu.valueAtom, snapshot);
    await browser.store.set(siteMenu.loadAtom);
    expect(browser.requests).toHaveLength(0);
    expect(browser.store.get(siteMenu.valueAtom)).toEqual(server.store.get(siteMenu.valueAtom));
  });
});
