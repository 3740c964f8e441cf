import { atom } from "jotai/vanilla";
import type { Getter, Setter } from "jotai/vanilla";
import type { CompanyLookup, EmailConfirmed, EmailLinkSent, PasswordResetRequest, RegistrationRequest, SessionGrant } from "../contracts/index";
import { accountStateAtom } from "./account-state.atoms";
import { loadAccountAtom } from "./account.atoms";
import { publishChange, requireApi } from "./api.atoms";
import { resetFavouritesAtom } from "./favourites.atoms";
import { keyedResource, LOADING, loadCacheEntry } from "./resource";
import type { Resource } from "./resource";

/*
 * Registration, e-mail confirmation and password recovery (the account area's auth pages). Signing
 * up and setting a new password sign in, as loginAtom does: the account (and with it the cart) is
 * loaded again and the other tabs follow. Companies looked up by ИНН and confirmed links are kept
 * per store, so a form that asks twice makes one request.
 */

/** Companies by ИНН, as /utils/company-by-inn answered (an error: «заполните данные вручную»). */
export const companiesByInnAtom = atom<Record<string, Resource<CompanyLookup>>>({});

/** The answers to confirmation links, by token (the page confirms once when it opens). */
export const emailConfirmationsAtom = atom<Record<string, Resource<EmailConfirmed>>>({});

/** The companies looked up by ИНН. */
export const companiesByInn = keyedResource({ key: (inn: string) => inn, fetch: (api, inn) => api.getCompanyByInn(inn), entriesAtom: companiesByInnAtom });

/** «Заполнить по ИНН»: asks again on each click and gives the look-up's entry (its error's messageUI, or the company). */
export const lookUpCompanyByInnAtom = atom(null, async (get, set, inn: string): Promise<Resource<CompanyLookup>> => {
  await set(companiesByInn.refreshAtom, inn);
  return get(companiesByInnAtom)[inn] ?? LOADING;
});

/** After a sign-in by registration or by a reset link: as after loginAtom. */
async function signedIn(get: Getter, set: Setter): Promise<void> {
  set(resetFavouritesAtom);
  publishChange(get, "account");
  await set(loadAccountAtom);
}

/** Creates the account and signs in; rejects with the ApiError whose messageUI (and issues) the form shows. */
export const registerAtom = atom(null, async (get, set, registration: RegistrationRequest): Promise<SessionGrant> => {
  const grant = await requireApi(get).register(registration);
  await signedIn(get, set);
  return grant;
});

/** Confirms the address by the link's token once per page; the account (emailConfirmed) follows when signed in. */
export const confirmEmailAtom = atom(null, async (get, set, token: string) => {
  await loadCacheEntry(get, set, emailConfirmationsAtom, token, () => requireApi(get).confirmEmail(token));
  if (get(emailConfirmationsAtom)[token]?.status === "ready" && get(accountStateAtom).profile) {
    publishChange(get, "account");
    await set(loadAccountAtom);
  }
});

/** The confirmation letter again; the answer's messageUI is what to show. */
export const resendEmailConfirmationAtom = atom(null, (get): Promise<EmailLinkSent> => requireApi(get).resendEmailConfirmation());

/** Asks for a reset link; the same answer whether or not the address has an account. */
export const requestPasswordRecoveryAtom = atom(null, (get, _set, email: string): Promise<EmailLinkSent> => requireApi(get).requestPasswordRecovery(email));

/** Sets the new password by the link and signs in. */
export const resetPasswordAtom = atom(null, async (get, set, reset: PasswordResetRequest): Promise<SessionGrant> => {
  const grant = await requireApi(get).resetPassword(reset);
  await signedIn(get, set);
  return grant;
});
