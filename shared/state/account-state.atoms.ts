import { atom } from "jotai/vanilla";
import type { AccountProfile } from "../contracts/index";

/* The account as the page knows it; the actions that change it are in account.atoms.ts. */

export interface AccountState {
  /** Null: nobody is signed in and no visitor session exists yet. */
  profile: AccountProfile | null;
  loading: boolean;
  /** Whether the account was asked for at least once. */
  loaded: boolean;
  error: string | null;
}

export const accountStateAtom = atom<AccountState>({ profile: null, loading: false, loaded: false, error: null });

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
