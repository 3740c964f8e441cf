import { atom } from "jotai/vanilla";
import type { Getter, PrimitiveAtom, Setter } from "jotai/vanilla";
import type {
  AccountProfile,
  Address,
  AddressCreateRequest,
  Company,
  CompanyCreateRequest,
  DesignMessage,
  NotificationListPage,
  PasswordChangeRequest,
  ProfileUpdateRequest,
  Recipient,
  RecipientCreateRequest,
} from "../contracts/index";
import { accountStateAtom } from "./account-state.atoms";
import { loadAccountAtom } from "./account.atoms";
import { publishChange, requireApi } from "./api.atoms";
import { loadCacheEntry } from "./resource";
import type { Resource } from "./resource";

/*
 * The account area's private data (issue 15): the client's notifications, companies with their
 * requisites, recipients and saved addresses, and design orders' messages. Always loaded in the
 * browser (the server render draws only the frame); each change answers the new data, which
 * replaces the cached entry, so the page never shows a stale list.
 */

/** A page of notifications by its offset. */
export const notificationPagesAtom = atom<Record<string, Resource<NotificationListPage>>>({});
/** The client's companies with their requisites, under the key `all`. */
export const companiesAtom = atom<Record<string, Resource<Company[]>>>({});
/** Recipients by owner: a company's id, or `personal`. */
export const recipientsAtom = atom<Record<string, Resource<Recipient[]>>>({});
/** Saved delivery addresses, under the key `all`. */
export const addressesAtom = atom<Record<string, Resource<Address[]>>>({});
/** A design order's messages by its id. */
export const designMessagesAtom = atom<Record<string, Resource<DesignMessage[]>>>({});

export const NOTIFICATIONS_PAGE_SIZE = 20;
const ALL = "all";

/** The key of a company's recipients, or the personal profile's. */
export function recipientsKey(companyId: number | null): string {
  return companyId === null ? "personal" : String(companyId);
}

/** Forgets an entry and loads it again (after a change elsewhere, or «Повторить»). */
async function reload<T>(get: Getter, set: Setter, cache: PrimitiveAtom<Record<string, Resource<T>>>, key: string, load: () => Promise<T>): Promise<void> {
  set(cache, (entries) => {
    const { [key]: _dropped, ...rest } = entries;
    return rest;
  });
  await loadCacheEntry(get, set, cache, key, load);
}

function put<T>(set: Setter, cache: PrimitiveAtom<Record<string, Resource<T>>>, key: string, data: T): void {
  set(cache, (entries) => ({ ...entries, [key]: { status: "ready", data } }));
}

function readyData<T>(resource: Resource<T> | undefined): T | null {
  return resource?.status === "ready" ? resource.data : null;
}

export const loadNotificationsAtom = atom(null, (get, set, offset: number, force = false) => {
  const load = () => requireApi(get).getNotifications({ offset, limit: NOTIFICATIONS_PAGE_SIZE });
  return force ? reload(get, set, notificationPagesAtom, String(offset), load) : loadCacheEntry(get, set, notificationPagesAtom, String(offset), load);
});

/** Marks notifications read (`ids`, or every one), and shows them read in the loaded pages. */
export const markNotificationsReadAtom = atom(null, async (get, set, ids: number[] | "all") => {
  const { unread } = await requireApi(get).markNotificationsRead(ids === "all" ? { all: true } : { ids });
  const marked = ids === "all" ? null : new Set(ids);
  set(notificationPagesAtom, (pages) =>
    Object.fromEntries(
      Object.entries(pages).map(([key, page]) => [
        key,
        page.status === "ready"
          ? { status: "ready" as const, data: { ...page.data, unread, items: page.data.items.map((item) => (marked === null || marked.has(item.id) ? { ...item, read: true } : item)) } }
          : page,
      ]),
    ),
  );
  return unread;
});

/** Saves the signed-in person's name, surname and phone; the account shows them at once. */
export const updateProfileAtom = atom(null, async (get, set, input: ProfileUpdateRequest): Promise<AccountProfile> => {
  const profile = await requireApi(get).updateProfile(input);
  set(accountStateAtom, { profile, loading: false, loaded: true, error: null });
  publishChange(get, "account");
  return profile;
});

export const changePasswordAtom = atom(null, async (get, _set, input: PasswordChangeRequest) => {
  await requireApi(get).changePassword(input);
});

export const loadCompaniesAtom = atom(null, (get, set, force = false) => {
  const load = () => requireApi(get).getCompanies();
  return force ? reload(get, set, companiesAtom, ALL, load) : loadCacheEntry(get, set, companiesAtom, ALL, load);
});

/** Adds a company (or saves its requisites with `companyId`); the account's list of companies follows. */
export const saveCompanyAtom = atom(null, async (get, set, input: CompanyCreateRequest, companyId: number | null = null): Promise<Company> => {
  const api = requireApi(get);
  const saved = companyId === null ? await api.createCompany(input) : await api.updateCompany(companyId, input);
  const list = readyData(get(companiesAtom)[ALL]);
  if (list) put(set, companiesAtom, ALL, list.some((item) => item.id === saved.id) ? list.map((item) => (item.id === saved.id ? saved : item)) : [...list, saved]);
  publishChange(get, "account");
  await set(loadAccountAtom);
  return saved;
});

/** Deletes a company; the server answers the profile (the personal profile is selected if it was). */
export const deleteCompanyAtom = atom(null, async (get, set, companyId: number) => {
  const profile = await requireApi(get).deleteCompany(companyId);
  const list = readyData(get(companiesAtom)[ALL]);
  if (list) put(set, companiesAtom, ALL, list.filter((item) => item.id !== companyId));
  set(accountStateAtom, { profile, loading: false, loaded: true, error: null });
  publishChange(get, "account");
  await set(loadAccountAtom);
});

export const loadRecipientsAtom = atom(null, (get, set, companyId: number | null, force = false) => {
  const load = () => requireApi(get).getRecipients(companyId ?? undefined);
  const key = recipientsKey(companyId);
  return force ? reload(get, set, recipientsAtom, key, load) : loadCacheEntry(get, set, recipientsAtom, key, load);
});

/** Adds a recipient (`recipientId` null) or saves one. */
export const saveRecipientAtom = atom(
  null,
  async (get, set, input: RecipientCreateRequest, recipientId: number | null): Promise<Recipient> => {
    const api = requireApi(get);
    const saved =
      recipientId === null ? await api.createRecipient(input) : await api.updateRecipient(recipientId, { name: input.name, phone: input.phone, email: input.email ?? null });
    const key = recipientsKey(saved.companyId);
    const list = readyData(get(recipientsAtom)[key]) ?? [];
    put(set, recipientsAtom, key, list.some((item) => item.id === saved.id) ? list.map((item) => (item.id === saved.id ? saved : item)) : [...list, saved]);
    return saved;
  },
);

export const deleteRecipientAtom = atom(null, async (get, set, recipient: Recipient) => {
  await requireApi(get).deleteRecipient(recipient.id);
  const key = recipientsKey(recipient.companyId);
  put(set, recipientsAtom, key, (readyData(get(recipientsAtom)[key]) ?? []).filter((item) => item.id !== recipient.id));
});

export const loadAddressesAtom = atom(null, (get, set, force = false) => {
  const load = () => requireApi(get).getAddresses();
  return force ? reload(get, set, addressesAtom, ALL, load) : loadCacheEntry(get, set, addressesAtom, ALL, load);
});

/** Saves a new address (`addressId` null) or changes one. */
export const saveAddressAtom = atom(null, async (get, set, input: AddressCreateRequest, addressId: number | null): Promise<Address> => {
  const api = requireApi(get);
  const saved = addressId === null ? await api.createAddress(input) : await api.updateAddress(addressId, input);
  const list = readyData(get(addressesAtom)[ALL]) ?? [];
  put(set, addressesAtom, ALL, list.some((item) => item.id === saved.id) ? list.map((item) => (item.id === saved.id ? saved : item)) : [...list, saved]);
  return saved;
});

export const deleteAddressAtom = atom(null, async (get, set, addressId: number) => {
  await requireApi(get).deleteAddress(addressId);
  put(set, addressesAtom, ALL, (readyData(get(addressesAtom)[ALL]) ?? []).filter((item) => item.id !== addressId));
});

export const loadDesignMessagesAtom = atom(null, (get, set, designOrderId: number, force = false) => {
  const load = () => requireApi(get).getDesignMessages(designOrderId);
  const key = String(designOrderId);
  return force ? reload(get, set, designMessagesAtom, key, load) : loadCacheEntry(get, set, designMessagesAtom, key, load);
});

export const postDesignMessageAtom = atom(null, async (get, set, designOrderId: number, text: string): Promise<DesignMessage> => {
  const message = await requireApi(get).postDesignMessage(designOrderId, text);
  const key = String(designOrderId);
  put(set, designMessagesAtom, key, [...(readyData(get(designMessagesAtom)[key]) ?? []), message]);
  return message;
});
