import { useAtomValue, useSetAtom } from "jotai/react";
import { useEffect } from "react";
import type { Address, Company, DesignMessage, NotificationListPage, Recipient } from "../contracts/index";
import {
  addressesAtom,
  companiesAtom,
  designMessagesAtom,
  loadAddressesAtom,
  loadCompaniesAtom,
  loadDesignMessagesAtom,
  loadNotificationsAtom,
  loadRecipientsAtom,
  notificationPagesAtom,
  recipientsAtom,
  recipientsKey,
} from "./profile.atoms";
import type { Resource } from "./resource";

const LOADING: Resource<never> = { status: "loading" };

/** A page of the client's notifications (by offset), loaded in the browser. */
export function useNotifications(offset: number): { page: Resource<NotificationListPage>; reload: () => void } {
  const page = useAtomValue(notificationPagesAtom)[String(offset)];
  const load = useSetAtom(loadNotificationsAtom);
  useEffect(() => {
    // Always fresh when the page opens: news may have come since it was last loaded.
    void load(offset, true);
  }, [offset, load]);
  return { page: page ?? LOADING, reload: () => void load(offset, true) };
}

/** The client's companies with their requisites. */
export function useCompanies(): { companies: Resource<Company[]>; reload: () => void } {
  const companies = useAtomValue(companiesAtom).all;
  const load = useSetAtom(loadCompaniesAtom);
  useEffect(() => {
    void load();
  }, [load]);
  return { companies: companies ?? LOADING, reload: () => void load(true) };
}

/** The recipients of a company, or of the personal profile (null). */
export function useRecipients(companyId: number | null): { recipients: Resource<Recipient[]>; reload: () => void } {
  const recipients = useAtomValue(recipientsAtom)[recipientsKey(companyId)];
  const load = useSetAtom(loadRecipientsAtom);
  useEffect(() => {
    void load(companyId);
  }, [companyId, load]);
  return { recipients: recipients ?? LOADING, reload: () => void load(companyId, true) };
}

/** The client's saved delivery addresses. */
export function useAddresses(): { addresses: Resource<Address[]>; reload: () => void } {
  const addresses = useAtomValue(addressesAtom).all;
  const load = useSetAtom(loadAddressesAtom);
  useEffect(() => {
    void load();
  }, [load]);
  return { addresses: addresses ?? LOADING, reload: () => void load(true) };
}

/** A design order's messages, fresh each time the component mounts. */
export function useDesignMessages(designOrderId: number): { messages: Resource<DesignMessage[]>; reload: () => void } {
  const messages = useAtomValue(designMessagesAtom)[String(designOrderId)];
  const load = useSetAtom(loadDesignMessagesAtom);
  useEffect(() => {
    void load(designOrderId, true);
  }, [designOrderId, load]);
  return { messages: messages ?? LOADING, reload: () => void load(designOrderId, true) };
}
