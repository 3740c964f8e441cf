import { contract, contractList } from "./lazy-contracts";
import type {
  AccountProfile,
  Address,
  AddressUpdateRequest,
  Company,
  CompanyUpdateRequest,
  DesignMessage,
  DesignOrder,
  DesignStatusUpdateRequest,
  NotificationListPage,
  NotificationListQuery,
  NotificationReadRequest,
  NotificationReadResult,
  Ok,
  PasswordChangeRequest,
  ProfileUpdateRequest,
  Recipient,
  RecipientUpdateRequest,
  NotificationSettings,
} from "../contracts/index";
import type { ApiRequest } from "./request";

/**
 * The account area's profile calls (issue 15): the client's notifications, the signed-in person's
 * name, phone and password, editing and deleting companies, recipients and saved addresses, and a
 * design order's messages (and, for staff, its status).
 */
export interface ProfileEndpoints {
  getNotifications(query?: NotificationListQuery): Promise<NotificationListPage>;
  markNotificationsRead(target: NotificationReadRequest): Promise<NotificationReadResult>;
  /** Whether non-essential order letters go (issue 30). */
  getNotificationSettings(): Promise<NotificationSettings>;
  saveNotificationSettings(settings: NotificationSettings): Promise<NotificationSettings>;
  updateProfile(profile: ProfileUpdateRequest): Promise<AccountProfile>;
  /** The account's other sessions end; this one stays. */
  changePassword(change: PasswordChangeRequest): Promise<Ok>;
  /** The client's companies with their requisites (the profile lists only names). */
  getCompanies(): Promise<Company[]>;
  getCompany(companyId: number): Promise<Company>;
  updateCompany(companyId: number, company: CompanyUpdateRequest): Promise<Company>;
  /** Answers the profile: the personal profile is selected if the company was. */
  deleteCompany(companyId: number): Promise<AccountProfile>;
  updateRecipient(recipientId: number, recipient: RecipientUpdateRequest): Promise<Recipient>;
  deleteRecipient(recipientId: number): Promise<Ok>;
  updateAddress(addressId: number, address: AddressUpdateRequest): Promise<Address>;
  deleteAddress(addressId: number): Promise<Ok>;
  getDesignMessages(designOrderId: number): Promise<DesignMessage[]>;
  postDesignMessage(designOrderId: number, text: string): Promise<DesignMessage>;
  /** Staff only. */
  setDesignStatus(designOrderId: number, status: DesignStatusUpdateRequest["status"]): Promise<DesignOrder>;
}

/** Drops the unset fields: no empty query values. */
function defined(query: NotificationListQuery): Record<string, number> {
  return Object.fromEntries(Object.entries(query).filter((entry): entry is [string, number] => typeof entry[1] === "number"));
}

export function profileEndpoints(request: ApiRequest): ProfileEndpoints {
  return {
    getNotifications: (query = {}) => request("/client-account/notification", contract("notificationListPageSchema"), { query: defined(query) }),
    markNotificationsRead: (target) =>
      request("/client-account/notification/read", contract("notificationReadResultSchema"), { method: "POST", body: { ...target } }),
    getNotificationSettings: () => request("/client-account/notification/settings", contract("notificationSettingsSchema")),
    saveNotificationSettings: (settings) =>
      request("/client-account/notification/settings", contract("notificationSettingsSchema"), { method: "PUT", body: { ...settings } }),
    updateProfile: (profile) => request("/account/profile", contract("accountProfileSchema"), { method: "PUT", body: { ...profile } }),
    changePassword: (change) => request("/account/password", contract("okSchema"), { method: "POST", body: { ...change } }),
    getCompanies: () => request("/client-account/company", contractList("companySchema")),
    getCompany: (companyId) => request(`/client-account/company/${companyId}`, contract("companySchema")),
    updateCompany: (companyId, company) => request(`/client-account/company/${companyId}`, contract("companySchema"), { method: "PUT", body: { ...company } }),
    deleteCompany: (companyId) => request(`/client-account/company/${companyId}`, contract("accountProfileSchema"), { method: "DELETE" }),
    updateRecipient: (recipientId, recipient) =>
      request(`/client-account/recipient/${recipientId}`, contract("recipientSchema"), { method: "PUT", body: { ...recipient } }),
    deleteRecipient: (recipientId) => request(`/client-account/recipient/${recipientId}`, contract("okSchema"), { method: "DELETE" }),
    updateAddress: (addressId, address) => request(`/client-account/address/${addressId}`, contract("addressSchema"), { method: "PUT", body: { ...address } }),
    deleteAddress: (addressId) => request(`/client-account/address/${addressId}`, contract("okSchema"), { method: "DELETE" }),
    getDesignMessages: (designOrderId) => request(`/client-order/design/${designOrderId}/message`, contractList("designMessageSchema")),
    postDesignMessage: (designOrderId, text) =>
      request(`/client-order/design/${designOrderId}/message`, contract("designMessageSchema"), { method: "POST", body: { text } }),
    setDesignStatus: (designOrderId, status) =>
      request(`/client-order/design/${designOrderId}/status`, contract("designOrderSchema"), { method: "PUT", body: { status } }),
  };
}
