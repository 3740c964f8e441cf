import { atom } from "jotai/vanilla";
import type { AccountProfile } from "../contracts/index";
import { isApiError } from "../http/index";
import { hiddenSessionPossibleAtom, sessionTokenProbeAtom } from "./api.atoms";
import { dataOf, storeResource } from "./resource";

/*
 * The account as the page knows it, on the resource mechanism (resource.ts): the signed-in (or
 * visitor's) profile, or null when nobody is; the actions that change it are in account.atoms.ts.
 */

/**
 * The account of the page store (GET /client-profile): null without a session — the API's 401, or
 * a partner's page without a stored token, where nobody can be signed in and nothing is asked.
 */
export const accountResource = storeResource<AccountProfile | null>(async (api, get) => {
  if (!get(hiddenSessionPossibleAtom) && !get(sessionTokenProbeAtom).present()) return null;
  try {
    return await api.getProfile();
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
});

/** Whether a load of the account has ended, well or not: a later one keeps the page's account area drawn meanwhile. */
export const accountAskedAtom = atom(false);

export interface AccountState {
  /** Null: nobody is signed in and no visitor session exists yet. Kept while the account is loaded again. */
  profile: AccountProfile | null;
  loading: boolean;
  /** Whether the account is known: asked at least once, or handed over (the server's render, an answer of a change). */
  loaded: boolean;
  /** The Russian message of the last load, when it failed. */
  error: string | null;
}

/** The account as the views read it. */
export const accountStateAtom = atom((get): AccountState => {
  const value = get(accountResource.valueAtom);
  return {
    profile: dataOf(value) ?? null,
    loading: value?.status === "loading",
    loaded: get(accountAskedAtom) || (value !== undefined && value.status !== "loading"),
    error: value?.status === "error" ? value.messageUI : null,
  };
});

/** Signed in for real: a temporary (visitor) account is shown as not signed in (spec §4). */
export const signedInAtom = atom((get) => {
  const profile = get(accountStateAtom).profile;
  return profile !== null && !profile.temporary;
});

/** The cart the storefront works on: the selected company, or the placed client's company in client mode. */
export const cartTargetAtom = atom((get): { companyId?: number } => {
  const profile = get(accountStateAtom).profile;
  if (!profile || profile.temporary) return {};
  const companyId = profile.impersonalization ? profile.placeCompanyId : profile.selectedCompanyId;
  return companyId === null ? {} : { companyId };
});
