import { atom } from "jotai/vanilla";
import type { PrimitiveAtom, Setter } from "jotai/vanilla";
import type {
  AccountProfile,
  Address,
  AddressCreateRequest,
  Company,
  CompanyCreateRequest,
  DesignMessage,
  NotificationListPage,
  NotificationSettings,
  PasswordChangeRequest,
  ProfileUpdateRequest,
  Recipient,
  RecipientCreateRequest,
} from "../contracts/index";
import { accountResource } from "./account-state.atoms";
import { loadAccountAtom } from "./account.atoms";
import { publishChange, requireApi } from "./api.atoms";
import { keyedResource, storeResource } from "./resource";
import type { Resource } from "./resource";

/*
 * The account area's private data (issue 15): the client's notifications, companies with their
 * requisites, recipients and saved addresses, and design orders' messages, as resources of
 * resource.ts: what an account page shows first is loaded by the server render with the visitor's
 * session (host-site/account-data.ts) and handed over in the page, the rest in the browser; each change
 * answers the new data, which replaces the cached entry, so the page never shows a stale list.
 */

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** A page of notifications by its offset. */
export const notificationPages = keyedResource<number, NotificationListPage>({
  key: (offset) => String(offset),
  fetch: (api, offset) => api.getNotifications({ offset, limit: NOTIFICATIONS_PAGE_SIZE }),
});

/** The client's companies with their requisites. */
export const companies = storeResource((api) => api.getCompanies());

/** Whether non-essential order letters go (issue 30). */
export const notificationSettings = storeResource((api) => api.getNotificationSettings());

/** Saves the letter setting; the page shows the answer at once. */
export const saveNotificationSettingsAtom = atom(null, async (get, set, settings: NotificationSettings): Promise<NotificationSettings> => {
  const saved = await requireApi(get).saveNotificationSettings(settings);
  set(notificationSettings.valueAtom, { status: "ready", data: saved });
  return saved;
});

/** The key of a company's recipients, or the personal profile's. */
export function recipientsKey(companyId: number | null): string {
  return companyId === null ? "personal" : String(companyId);
}

/** Recipients by owner: a company's id, or null for the personal profile. */
export const recipients = keyedResource<{ companyId: number | null }, Recipient[]>({
  key: ({ companyId }) => recipientsKey(companyId),
  fetch: (api, { companyId }) => api.getRecipients(companyId ?? undefined),
});

/** Saved delivery addresses. */
export const addresses = storeResource((api) => api.getAddresses());

/** A design order's messages by its id. */
export const designMessages = keyedResource<number, DesignMessage[]>({
  key: (designOrderId) => String(designOrderId),
  fetch: (api, designOrderId) => api.getDesignMessages(designOrderId),
});

function putEntry<T>(set: Setter, cache: PrimitiveAtom<Record<string, Resource<T>>>, key: string, data: T): void {
  set(cache, (entries) => ({ ...entries, [key]: { status: "ready", data } }));
}

function readyData<T>(resource: Resource<T> | undefined): T | null {
  return resource?.status === "ready" ? resource.data : null;
}

/** A list with `saved` in place of its old version, or added at the end. */
function withSaved<T extends { id: number }>(list: readonly T[], saved: T): T[] {
  return list.some((item) => item.id === saved.id) ? list.map((item) => (item.id === saved.id ? saved : item)) : [...list, saved];
}

/** Marks notifications read (`ids`, or every one), and shows them read in the loaded pages. */
export const markNotificationsReadAtom = atom(null, async (get, set, ids: number[] | "all") => {
  const { unread } = await requireApi(get).markNotificationsRead(ids === "all" ? { all: true } : { ids });
  const marked = ids === "all" ? null : new Set(ids);
  set(notificationPages.entriesAtom, (pages) =>
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
  set(accountResource.valueAtom, { status: "ready", data: profile });
  publishChange(get, "account");
  return profile;
});

export const changePasswordAtom = atom(null, async (get, _set, input: PasswordChangeRequest) => {
  await requireApi(get).changePassword(input);
});

/** Adds a company (or saves its requisites with `companyId`); the account's list of companies follows. */
export const saveCompanyAtom = atom(null, async (get, set, input: CompanyCreateRequest, companyId: number | null = null): Promise<Company> => {
  const api = requireApi(get);
  const saved = companyId === null ? await api.createCompany(input) : await api.updateCompany(companyId, input);
  const list = readyData(get(companies.valueAtom));
  if (list) set(companies.valueAtom, { status: "ready", data: withSaved(list, saved) });
  publishChange(get, "account");
  await set(loadAccountAtom);
  return saved;
});

/** Deletes a company; the server answers the profile (the personal profile is selected if it was). */
export const deleteCompanyAtom = atom(null, async (get, set, companyId: number) => {
  const profile = await requireApi(get).deleteCompany(companyId);
  const list = readyData(get(companies.valueAtom));
  if (list) set(companies.valueAtom, { status: "ready", data: list.filter((item) => item.id !== companyId) });
  set(accountResource.valueAtom, { status: "ready", data: profile });
  publishChange(get, "account");
  await set(loadAccountAtom);
});

/** Adds a recipient (`recipientId` null) or saves one. */
export const saveRecipientAtom = atom(
  null,
  async (get, set, input: RecipientCreateRequest, recipientId: number | null): Promise<Recipient> => {
    const api = requireApi(get);
    const saved =
      recipientId === null ? await api.createRecipient(input) : await api.updateRecipient(recipientId, { name: input.name, phone: input.phone, email: input.email ?? null });
    const key = recipientsKey(saved.companyId);
    putEntry(set, recipients.entriesAtom, key, withSaved(readyData(get(recipients.entriesAtom)[key]) ?? [], saved));
    return saved;
  },
);

export const deleteRecipientAtom = atom(null, async (get, set, recipient: Recipient) => {
  await requireApi(get).deleteRecipient(recipient.id);
  const key = recipientsKey(recipient.companyId);
  putEntry(set, recipients.entriesAtom, key, (readyData(get(recipients.entriesAtom)[key]) ?? []).filter((item) => item.id !== recipient.id));
});

/** Saves a new address (`addressId` null) or changes one. */
export const saveAddressAtom = atom(null, async (get, set, input: AddressCreateRequest, addressId: number | null): Promise<Address> => {
  const api = requireApi(get);
  const saved = addressId === null ? await api.createAddress(input) : await api.updateAddress(addressId, input);
  set(addresses.valueAtom, { status: "ready", data: withSaved(readyData(get(addresses.valueAtom)) ?? [], saved) });
  return saved;
});

export const deleteAddressAtom = atom(null, async (get, set, addressId: number) => {
  await requireApi(get).deleteAddress(addressId);
  set(addresses.valueAtom, { status: "ready", data: (readyData(get(addresses.valueAtom)) ?? []).filter((item) => item.id !== addressId) });
});

export const postDesignMessageAtom = atom(null, async (get, set, designOrderId: number, text: string): Promise<DesignMessage> => {
  const message = await requireApi(get).postDesignMessage(designOrderId, text);
  const key = String(designOrderId);
  putEntry(set, designMessages.entriesAtom, key, [...(readyData(get(designMessages.entriesAtom)[key]) ?? []), message]);
  return message;
});
