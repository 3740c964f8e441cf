import type { Address, Company, DesignMessage, NotificationListPage, NotificationSettings, Recipient } from "../contracts/index";
import { addresses, companies, designMessages, notificationPages, notificationSettings, recipients } from "./profile.atoms";
import { LOADING } from "./resource";
import type { Resource } from "./resource";
import { useKeyedResource, useResource } from "./resource.hooks";

/** A page of the client's notifications (by offset), loaded in the browser, fresh each time the page opens (news may have come since). */
export function useNotifications(offset: number): { page: Resource<NotificationListPage>; reload: () => void } {
  const { resource, reload } = useKeyedResource(notificationPages, offset, { fresh: true });
  return { page: resource ?? LOADING, reload };
}

/** The client's companies with their requisites. */
export function useCompanies(): { companies: Resource<Company[]>; reload: () => void } {
  const { resource, reload } = useResource(companies);
  return { companies: resource, reload };
}

/** The recipients of a company, or of the personal profile (null); `fresh`: asked again each time the view mounts. */
export function useRecipients(companyId: number | null, options: { fresh?: boolean } = {}): { recipients: Resource<Recipient[]>; reload: () => void } {
  const { resource, reload } = useKeyedResource(recipients, { companyId }, options);
  return { recipients: resource ?? LOADING, reload };
}

/** The client's saved delivery addresses. */
export function useAddresses(): { addresses: Resource<Address[]>; reload: () => void } {
  const { resource, reload } = useResource(addresses);
  return { addresses: resource, reload };
}

/** A design order's messages, fresh each time the component mounts. */
export function useDesignMessages(designOrderId: number): { messages: Resource<DesignMessage[]>; reload: () => void } {
  const { resource, reload } = useKeyedResource(designMessages, designOrderId, { fresh: true });
  return { messages: resource ?? LOADING, reload };
}

/** The client's letter setting (issue 30). */
export function useNotificationSettings(): { settings: Resource<NotificationSettings>; reload: () => void } {
  const { resource, reload } = useResource(notificationSettings);
  return { settings: resource, reload };
}
