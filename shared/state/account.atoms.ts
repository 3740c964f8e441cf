import { atom } from "jotai/vanilla";
import type { LoginRequest, SessionGrant } from "../contracts/index";
import { isApiError } from "../http/index";
import { sessionTokenProbeAtom, hiddenSessionPossibleAtom, publishChange, requireApi } from "./api.atoms";
import { loadCartAtom, reissueDeliveriesAtom } from "./cart.atoms";
import { resetFavouritesAtom } from "./favourites.atoms";
import { accountStateAtom } from "./account-state.atoms";
import { followOtherTabs } from "./store";

/*
 * The account of spec §3/§4: loading, then stored; cleared on logout. After every account fetch the
 * cart is loaded for the selected company or the placed client (also when the fetch failed).
 */

export const loadAccountAtom = atom(null, async (get, set) => {
  const api = requireApi(get);
  if (!get(hiddenSessionPossibleAtom) && !get(sessionTokenProbeAtom).present()) {
    // A partner's page without a stored token: nobody is signed in, no need to ask.
    set(accountStateAtom, { profile: null, loading: false, loaded: true, error: null });
    await set(loadCartAtom);
    return;
  }
  set(accountStateAtom, (state) => ({ ...state, loading: true, error: null }));
  try {
    const profile = await api.getProfile();
    set(accountStateAtom, { profile, loading: false, loaded: true, error: null });
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      set(accountStateAtom, { profile: null, loading: false, loaded: true, error: null });
    } else {
      set(accountStateAtom, (state) => ({ ...state, loading: false, loaded: true, error: isApiError(error) ? error.messageUI : null }));
      if (!isApiError(error)) throw error;
    }
  }
  await set(loadCartAtom);
});

/** Loads the account once per page; elements call it on mount. */
export const ensureAccountAtom = atom(null, async (get, set) => {
  const state = get(accountStateAtom);
  if (state.loaded || state.loading) return;
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
  set(accountStateAtom, { profile: null, loading: false, loaded: true, error: null });
  set(resetFavouritesAtom);
  publishChange(get, "account");
  await set(loadCartAtom);
});

/** Tells the server which account the client acts for (null: the personal profile); deliveries follow. */
export const selectCompanyAtom = atom(null, async (get, set, companyId: number | null) => {
  const api = requireApi(get);
  const profile = await api.selectCompany(companyId);
  set(accountStateAtom, { profile, loading: false, loaded: true, error: null });
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
  set(accountStateAtom, { profile, loading: false, loaded: true, error: null });
  publishChange(get, "account");
  await set(loadCartAtom);
});

followOtherTabs((store, topic) => {
  if (topic !== "account") return;
  store.set(resetFavouritesAtom);
  void store.set(loadAccountAtom);
});
