import { SELF_PICKUP_DEFAULT_LIMIT } from "../contracts/wire";
import { contract, contractList } from "./lazy-contracts";
import type { Category, Nds, Product, ProductListPage, ProductListQuery } from "../contracts/index";
import type { AddressByCoords, AddressByCoordsQuery, City, CityByKladrId, SelfPickupPage, SelfPickupQuery } from "../contracts/index";
import type {
  AccountProfile,
  Address,
  AddressCreateRequest,
  Client,
  Company,
  CompanyCreateRequest,
  CompanyLookup,
  FavoriteState,
  FeedbackFormDefinition,
  FeedbackReceipt,
  FeedbackSubmissionRequest,
  LoginRequest,
  Ok,
  RecaptchaConfig,
  Recipient,
  RecipientCreateRequest,
  SessionGrant,
} from "../contracts/index";
import { cartEndpoints } from "./cart.endpoints";
import { authEndpoints } from "./auth.endpoints";
import type { AuthEndpoints } from "./auth.endpoints";
import { catalogEndpoints } from "./catalog.endpoints";
import type { CatalogEndpoints } from "./catalog.endpoints";
import type { CartEndpoints } from "./cart.endpoints";
import { deliveryEndpoints } from "./delivery.endpoints";
import { backOfficePromoEndpoints } from "./back-office-promo.endpoints";
import type { BackOfficePromoEndpoints } from "./back-office-promo.endpoints";
import { backOfficeCatalogEndpoints } from "./back-office-catalog.endpoints";
import type { BackOfficeCatalogEndpoints } from "./back-office-catalog.endpoints";
import { employeeEndpoints } from "./employee.endpoints";
import { backOfficeContentEndpoints } from "./back-office-content.endpoints";
import type { BackOfficeContentEndpoints } from "./back-office-content.endpoints";
import { backOfficePrepressEndpoints } from "./back-office-prepress.endpoints";
import type { BackOfficePrepressEndpoints } from "./back-office-prepress.endpoints";
import { backOfficeDesignEndpoints } from "./back-office-design.endpoints";
import type { BackOfficeDesignEndpoints } from "./back-office-design.endpoints";
import type { EmployeeEndpoints } from "./employee.endpoints";
import { backOfficeStaffEndpoints } from "./back-office-staff.endpoints";
import type { BackOfficeStaffEndpoints } from "./back-office-staff.endpoints";
import type { DeliveryEndpoints } from "./delivery.endpoints";
import { filesEndpoints } from "./files.endpoints";
import { handoffEndpoints } from "./handoff.endpoints";
import type { HandoffEndpoints } from "./handoff.endpoints";
import { orderEndpoints } from "./order.endpoints";
import type { OrderEndpoints } from "./order.endpoints";
import type { FilesEndpoints } from "./files.endpoints";
import { pagesEndpoints } from "./pages.endpoints";
import { profileEndpoints } from "./profile.endpoints";
import type { ProfileEndpoints } from "./profile.endpoints";
import type { PagesEndpoints } from "./pages.endpoints";
import { createRequest } from "./request";
import { layoutDesignEndpoints } from "./layout-design.endpoints";
import { backOfficeLayoutDesignEndpoints } from "./back-office-layout-design.endpoints";
import type { BackOfficeLayoutDesignEndpoints } from "./back-office-layout-design.endpoints";
import type { LayoutDesignEndpoints } from "./layout-design.endpoints";
import { backOfficeCatalogCsvEndpoints } from "./back-office-catalog-csv.endpoints";
import type { BackOfficeCatalogCsvEndpoints } from "./back-office-catalog-csv.endpoints";
import { productListSearchParams } from "./query";
import type { ApiOptions } from "./request";

/**
 * The Ottisk API as the storefront calls it: one function per endpoint of spec §7. Each area keeps
 * its endpoints in a file of its own (`<area>.endpoints.ts`: an interface and a factory taking the
 * shared `request`); this interface extends them and `createApi` spreads them in.
 */
export interface Api extends AuthEndpoints, HandoffEndpoints, DeliveryEndpoints, PagesEndpoints, FilesEndpoints, CartEndpoints, OrderEndpoints, CatalogEndpoints, ProfileEndpoints, EmployeeEndpoints, BackOfficeStaffEndpoints, BackOfficePromoEndpoints, BackOfficeCatalogCsvEndpoints, BackOfficeContentEndpoints, BackOfficePrepressEndpoints, BackOfficeDesignEndpoints, BackOfficeCatalogEndpoints, LayoutDesignEndpoints, BackOfficeLayoutDesignEndpoints {
  readonly baseURL: string;
  getProductCategories(): Promise<Category[]>;
  getProducts(query?: ProductListQuery): Promise<ProductListPage>;
  /** `isUrgent`: the urgent production time and prices (an error when the product cannot be made urgently). */
  getProduct(id: number, query?: { isUrgent?: boolean }): Promise<Product>;
  getNds(): Promise<Nds>;
  /** Cities whose name matches `search`; without it the preset cities first. */
  getCities(search?: string): Promise<City[]>;
  /** The city, or `{}` (no kladrId) when the shop does not know it: show Krasnodar then. */
  getCityByKladrId(kladrId: string): Promise<CityByKladrId>;
  /** The known city nearest to the point, or `{}`. */
  getAddressByCoords(coords: AddressByCoordsQuery): Promise<AddressByCoords>;
  /** Sent with spec §7's defaults: offset 0, limit 100, order createdAt, direction asc. */
  getSelfPickupPoints(query?: SelfPickupQuery): Promise<SelfPickupPage>;

  login(credentials: LoginRequest): Promise<SessionGrant>;
  logout(): Promise<Ok>;
  getProfile(): Promise<AccountProfile>;
  addToFavorites(productId: number): Promise<FavoriteState>;
  removeFromFavorites(productId: number): Promise<FavoriteState>;
  /** A company of the account, or null for the personal profile. */
  selectCompany(companyId: number | null): Promise<AccountProfile>;
  selectCity(kladrId: string): Promise<AccountProfile>;
  createCompany(company: CompanyCreateRequest): Promise<Company>;
  getCompanyByInn(inn: string): Promise<CompanyLookup>;
  getRecipients(companyId?: number): Promise<Recipient[]>;
  createRecipient(recipient: RecipientCreateRequest): Promise<Recipient>;
  getAddresses(): Promise<Address[]>;
  createAddress(address: AddressCreateRequest): Promise<Address>;
  searchClients(query: { search: string; assigned?: boolean }): Promise<Client[]>;
  getClient(clientId: number): Promise<Client>;
  getClientCompanies(clientId: number): Promise<Company[]>;
  getClientCompany(clientId: number, companyId: number): Promise<Company>;
  createClientCompany(clientId: number, company: CompanyCreateRequest): Promise<Company>;
  /** An employee starts acting for the client (client mode). */
  enterClientMode(clientId: number, companyId?: number | null): Promise<AccountProfile>;
  exitClientMode(): Promise<AccountProfile>;
  getFeedbackForm(): Promise<FeedbackFormDefinition>;
  sendFeedback(submission: FeedbackSubmissionRequest): Promise<FeedbackReceipt>;
  getRecaptchaConfig(): Promise<RecaptchaConfig>;
}

export function createApi(options: ApiOptions): Api {
  const request = createRequest(options);
  const tokens = options.sessionToken;
  return {
    baseURL: options.baseURL,
    ...handoffEndpoints(request),
    ...authEndpoints(request, tokens),
    ...deliveryEndpoints(request),
    ...cartEndpoints(request),
    ...pagesEndpoints(request),
    ...filesEndpoints(request),
    ...orderEndpoints(request, options.baseURL),
    ...employeeEndpoints(request),
    ...backOfficeStaffEndpoints(request),
    ...backOfficePromoEndpoints(request),
    ...backOfficeContentEndpoints(request),
    ...backOfficePrepressEndpoints(request),
    ...backOfficeDesignEndpoints(request),
    ...backOfficeCatalogEndpoints(request),
    ...catalogEndpoints(request),
    ...profileEndpoints(request),
    ...backOfficeCatalogCsvEndpoints(request, options.baseURL),
    ...layoutDesignEndpoints(request, options.baseURL),
    ...backOfficeLayoutDesignEndpoints(request),
    getProductCategories: () => request("/public/product/category", contract("categoryListSchema")),
    getProducts: (query = {}) => request("/public/product", contract("productListPageSchema"), { query: productListSearchParams(query) }),
    getProduct: (id, query = {}) =>
      request(`/public/product/${encodeURIComponent(String(id))}`, contract("productSchema"), { query: query.isUrgent ? { isUrgent: true } : {} }),
    getNds: () => request("/nds", contract("ndsSchema")),
    getCities: (search) => request("/geo/city", contract("cityListSchema"), { query: search ? { search } : {} }),
    getCityByKladrId: (kladrId) => request("/geo/city-by-kladrId", contract("cityByKladrIdSchema"), { query: { kladrId } }),
    getAddressByCoords: ({ lat, lon }) => request("/geo/address-by-coords", contract("addressByCoordsSchema"), { query: { lat, lon } }),
    getSelfPickupPoints: (query = {}) =>
      request("/delivery/self-pickup", contract("selfPickupPageSchema"), {
        query: {
          offset: query.offset ?? 0,
          limit: query.limit ?? SELF_PICKUP_DEFAULT_LIMIT,
          order: query.order ?? "createdAt",
          direction: query.direction ?? "asc",
        },
      }),

    login: async (credentials) => {
      const grant = await request("/auth/login", contract("sessionGrantSchema"), { method: "POST", body: { ...credentials } });
      tokens?.set(grant.token);
      return grant;
    },
    logout: async () => {
      const answer = await request("/auth/logout", contract("okSchema"), { method: "POST" });
      tokens?.set(null);
      return answer;
    },
    getProfile: () => request("/account/profile", contract("accountProfileSchema")),
    addToFavorites: (productId) => request(`/public/product/to-favorite/${productId}`, contract("favoriteStateSchema"), { method: "PUT" }),
    removeFromFavorites: (productId) => request(`/public/product/from-favorite/${productId}`, contract("favoriteStateSchema"), { method: "DELETE" }),
    selectCompany: (companyId) => request("/client-account/select-company", contract("accountProfileSchema"), { method: "POST", body: { companyId } }),
    selectCity: (kladrId) => request(`/client-account/select-city/${encodeURIComponent(kladrId)}`, contract("accountProfileSchema"), { method: "POST" }),
    createCompany: (company) => request("/client-account/company", contract("companySchema"), { method: "POST", body: { ...company } }),
    getCompanyByInn: (inn) => request("/utils/company-by-inn", contract("companyLookupSchema"), { query: { inn } }),
    getRecipients: (companyId) => request("/client-account/recipient", contractList("recipientSchema"), { query: companyId ? { companyId } : {} }),
    createRecipient: (recipient) => request("/client-account/recipient", contract("recipientSchema"), { method: "POST", body: { ...recipient } }),
    getAddresses: () => request("/client-account/address", contractList("addressSchema")),
    createAddress: (address) => request("/client-account/address", contract("addressSchema"), { method: "POST", body: { ...address } }),
    searchClients: ({ search, assigned }) =>
      request("/client/search-by-name", contract("clientListSchema"), { query: assigned === undefined ? { search } : { search, assigned } }),
    getClient: (clientId) => request(`/client/${clientId}`, contract("clientSchema")),
    getClientCompanies: (clientId) => request(`/client/${clientId}/company`, contractList("companySchema")),
    getClientCompany: (clientId, companyId) => request(`/client/${clientId}/company/${companyId}`, contract("companySchema")),
    createClientCompany: (clientId, company) => request(`/client/${clientId}/company`, contract("companySchema"), { method: "POST", body: { ...company } }),
    enterClientMode: (clientId, companyId = null) =>
      request(`/client/${clientId}/impersonalization`, contract("accountProfileSchema"), { method: "POST", body: { companyId } }),
    exitClientMode: () => request("/client/exit-impersonalization", contract("accountProfileSchema"), { method: "POST" }),
    getFeedbackForm: () => request("/feedback-form", contract("feedbackFormDefinitionSchema")),
    sendFeedback: (submission) => request("/feedback-form", contract("feedbackReceiptSchema"), { method: "POST", body: { ...submission } }),
    getRecaptchaConfig: () => request("/ReCaptcha", contract("recaptchaConfigSchema")),
  };
}
