import { atom } from "jotai/vanilla";
import type { LoginRequest, SessionGrant } from "../contracts/index";
import { isApiError } from "../http/index";
import { accountAskedAtom, accountResource } from "./account-state.atoms";
import { publishChange, requireApi } from "./api.atoms";
import { followAccountAtom, loadCartAtom, reissueDeliveriesAtom } from "./cart.atoms";
import { resetFavouritesAtom } from "./favourites.atoms";
import { followOtherTabs } from "./store";

/*
 * The account of spec §3/§4, changed by these action atoms: loaded (account-state.atoms.ts, the
 * resource), signed in, cleared on logout; a change the server answers with the profile stores it at
 * once. After every account load the cart is loaded for the selected company or the placed client
 * (also when the load failed).
 */

/**
 * Asks for the account again; the cart follows it (also when the account did not load), except on
 * a partner's page where nobody can have a session and nothing asked for the cart yet.
 */
export const loadAccountAtom = atom(null, async (_get, set) => {
  try {
    await set(accountResource.refreshAtom);
  } finally {
    set(accountAskedAtom, true);
  }
  await set(followAccountAtom);
});

/** Loads the account once per page; elements call it on mount. */
export const ensureAccountAtom = atom(null, async (get, set) => {
  if (get(accountResource.valueAtom) !== undefined) return;
  await set(loadAccountAtom);
});

/** Signs in; rejects with the ApiError whose messageUI the login dialog shows. */
export const loginAtom = atom(null, async (get, set, credentials: LoginRequest): Promise<SessionGrant> => {
  const api = requireApi(get);
  const grant = await api.login(credentials);
  set(resetFavouritesAtom);
  publishChange(get, "account");
  await set(loadAccountAtom);
  return grant;
});

export const logoutAtom = atom(null, async (get, set) => {
  const api = requireApi(get);
  try {
    await api.logout();
  } catch (error) {
    // The session is gone already: nothing to close on the server, the page still signs out.
    if (!isApiError(error) || error.status !== 401) throw error;
  }
  set(accountResource.valueAtom, { status: "ready", data: null });
  set(resetFavouritesAtom);
  publishChange(get, "account");
  await set(loadCartAtom);
});

/** Tells the server which account the client acts for (null: the personal profile); deliveries follow. */
export const selectCompanyAtom = atom(null, async (get, set, companyId: number | null) => {
  const api = requireApi(get);
  const profile = await api.selectCompany(companyId);
  set(accountResource.valueAtom, { status: "ready", data: profile });
  publishChange(get, "account");
  await set(reissueDeliveriesAtom);
});

/** Chooses the city and reloads the account (spec §4). */
export const selectCityAtom = atom(null, async (get, set, kladrId: string) => {
  const api = requireApi(get);
  await api.selectCity(kladrId);
  publishChange(get, "account");
  await set(loadAccountAtom);
});

/** An employee leaves client mode; the caller then goes to the admin panel (spec §4). */
export const exitClientModeAtom = atom(null, async (get, set) => {
  const api = requireApi(get);
  const profile = await api.exitClientMode();
  set(accountResource.valueAtom, { status: "ready", data: profile });
  publishChange(get, "account");
  await set(loadCartAtom);
});

followOtherTabs((store, topic) => {
  if (topic !== "account") return;
  store.set(resetFavouritesAtom);
  void store.set(loadAccountAtom);
});
