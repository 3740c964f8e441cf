import type {
  AccountProfile,
  Address,
  Cart,
  Company,
  DocumentListPage,
  LayoutDesignListItem,
  EmployeeOrder,
  EmployeeOrderListPage,
  NotificationListPage,
  NotificationSettings,
  Order,
  OrderListPage,
  Page,
  ProductCard,
  Recipient,
  SearchResultPage,
} from "../shared/contracts/index";
import {
  accountResource,
  addresses,
  cartResource,
  clientOrderPagesAtom,
  companies,
  documentPagesAtom,
  employeeOrderListsAtom,
  employeeOrdersAtom,
  favouriteProducts,
  layoutDesignList,
  favouriteProductsHandedOverAtom,
  notificationPages,
  ordersAtom,
  notificationSettings,
  recipients,
  feedbackForm,
  latestBlogPosts,
  pagesAtom,
  restoreCatalogSnapshot,
  searchPagesAtom,
  siteDocuments,
  siteFooter,
  siteHeader,
  siteMenu,
  siteNds,
  siteSideMenu,
  takeCatalogSnapshot,
} from "../shared/state/index";
import type { CatalogSnapshot, Resource, SiteResource, Store } from "../shared/state/index";
import { cookieBannerStartAtom } from "./cookie-consent";

/**
 * What the server render hands to the browser inside the page: the public data it loaded (the
 * catalogue, the website pages, the search results, the site-wide blocks), so that hydration draws
 * the same tree. Of the visitor only the account travels (the header's account area is drawn by
 * the server; without a session cookie it is "nobody", and the browser need not ask and get a 401),
 * and on the screens that show them the cart (/cart), the favourite cards (/izbrannoe) and the
 * placed order (/success-payment), loaded with the page's session (issue 31); on an account page, that page's data
 * (account-data.ts: the page is drawn with it). The page is never
 * kept in a shared cache (server/plugins/host-site.ts: private, no-cache).
 */
export interface SiteSnapshot {
  /** The signed-in account, or null; undefined: the browser asks itself. */
  account?: AccountProfile | null;
  /** How the server drew the cookie banner (cookie-consent.ts): the browser starts from it. */
  cookieBanner?: "shown" | "accepted";
  /** The cart on /cart (the header's badge reads it too); absent elsewhere: the browser asks. */
  cart?: Resource<Cart>;
  /** The favourite cards on /izbrannoe; absent elsewhere. */
  favourites?: Resource<ProductCard[]>;
  catalog: CatalogSnapshot;
  pages: Record<string, Resource<Page>>;
  search: Record<string, Resource<SearchResultPage>>;
  /**
   * The visitor's own lists and values an account page (account-data.ts) or the success page (its
   * placed order) was drawn with; absent on every other page.
   */
  accountPages?: AccountPagesSnapshot;
  site: {
    menu?: SiteValue<typeof siteMenu>;
    sideMenu?: SiteValue<typeof siteSideMenu>;
    header?: SiteValue<typeof siteHeader>;
    footer?: SiteValue<typeof siteFooter>;
    nds?: SiteValue<typeof siteNds>;
    documents?: SiteValue<typeof siteDocuments>;
    latestBlogPosts?: SiteValue<typeof latestBlogPosts>;
    feedbackForm?: SiteValue<typeof feedbackForm>;
  };
}

/** The account pages' lists and values, as their store atoms hold them (only those loaded: the page's own). */
export interface AccountPagesSnapshot {
  clientOrders?: Record<string, Resource<OrderListPage>>;
  /** One of the client's orders, by id. */
  orders?: Record<string, Resource<Order>>;
  documents?: Record<string, Resource<DocumentListPage>>;
  employeeOrders?: Record<string, Resource<EmployeeOrderListPage>>;
  /** One order of any client's (staff), by id. */
  employeeOrder?: Record<string, Resource<EmployeeOrder>>;
  notifications?: Record<string, Resource<NotificationListPage>>;
  notificationSettings?: Resource<NotificationSettings>;
  companies?: Resource<Company[]>;
  recipients?: Record<string, Resource<Recipient[]>>;
  addresses?: Resource<Address[]>;
  /** «Мои макеты»: the account's layout designs. */
  layoutDesigns?: Resource<LayoutDesignListItem[]>;
}

/** An account page's data, or undefined when the page loaded none (a public page, a visitor without a session). */
function takeAccountPages(store: Store): AccountPagesSnapshot | undefined {
  const taken: AccountPagesSnapshot = {};
  const record = <T>(entries: Record<string, Resource<T>>, put: (value: Record<string, Resource<T>>) => void) => {
    const kept = settledRecord(entries);
    if (Object.keys(kept).length > 0) put(kept);
  };
  record(store.get(clientOrderPagesAtom), (value) => (taken.clientOrders = value));
  record(store.get(ordersAtom), (value) => (taken.orders = value));
  record(store.get(employeeOrdersAtom), (value) => (taken.employeeOrder = value));
  record(store.get(documentPagesAtom), (value) => (taken.documents = value));
  record(store.get(employeeOrderListsAtom), (value) => (taken.employeeOrders = value));
  record(store.get(notificationPages.entriesAtom), (value) => (taken.notifications = value));
  record(store.get(recipients.entriesAtom), (value) => (taken.recipients = value));
  const settings = settled(store.get(notificationSettings.valueAtom));
  if (settings) taken.notificationSettings = settings;
  const companyList = settled(store.get(companies.valueAtom));
  if (companyList) taken.companies = companyList;
  const addressList = settled(store.get(addresses.valueAtom));
  if (addressList) taken.addresses = addressList;
  const designList = settled(store.get(layoutDesignList.valueAtom));
  if (designList) taken.layoutDesigns = designList;
  return Object.keys(taken).length > 0 ? taken : undefined;
}

function restoreAccountPages(store: Store, taken: AccountPagesSnapshot): void {
  if (taken.clientOrders) store.set(clientOrderPagesAtom, taken.clientOrders);
  if (taken.orders) store.set(ordersAtom, taken.orders);
  if (taken.employeeOrder) store.set(employeeOrdersAtom, taken.employeeOrder);
  if (taken.documents) store.set(documentPagesAtom, taken.documents);
  if (taken.employeeOrders) store.set(employeeOrderListsAtom, taken.employeeOrders);
  if (taken.notifications) store.set(notificationPages.entriesAtom, taken.notifications);
  if (taken.recipients) store.set(recipients.entriesAtom, taken.recipients);
  if (taken.notificationSettings) store.set(notificationSettings.valueAtom, taken.notificationSettings);
  if (taken.companies) store.set(companies.valueAtom, taken.companies);
  if (taken.addresses) store.set(addresses.valueAtom, taken.addresses);
  if (taken.layoutDesigns) store.set(layoutDesignList.valueAtom, taken.layoutDesigns);
}

type SiteValue<R> = R extends SiteResource<infer T> ? Resource<T> : never;

/** One site-wide block: its store resource and its place in the snapshot. */
interface SiteBlock {
  take(store: Store, site: SiteSnapshot["site"]): void;
  restore(store: Store, site: SiteSnapshot["site"]): void;
}

function siteBlock<T>(
  resource: SiteResource<T>,
  read: (site: SiteSnapshot["site"]) => Resource<T> | undefined,
  write: (site: SiteSnapshot["site"], value: Resource<T>) => void,
): SiteBlock {
  return {
    take(store, site) {
      const value = settled(store.get(resource.valueAtom));
      if (value) write(site, value);
    },
    restore(store, site) {
      const value = read(site);
      if (value) store.set(resource.valueAtom, value);
    },
  };
}

/** The site-wide blocks the snapshot carries. */
const SITE_BLOCKS: readonly SiteBlock[] = [
  siteBlock(siteMenu, (site) => site.menu, (site, value) => (site.menu = value)),
  siteBlock(siteSideMenu, (site) => site.sideMenu, (site, value) => (site.sideMenu = value)),
  siteBlock(siteHeader, (site) => site.header, (site, value) => (site.header = value)),
  siteBlock(siteFooter, (site) => site.footer, (site, value) => (site.footer = value)),
  siteBlock(siteNds, (site) => site.nds, (site, value) => (site.nds = value)),
  siteBlock(siteDocuments, (site) => site.documents, (site, value) => (site.documents = value)),
  siteBlock(latestBlogPosts, (site) => site.latestBlogPosts, (site, value) => (site.latestBlogPosts = value)),
  siteBlock(feedbackForm, (site) => site.feedbackForm, (site, value) => (site.feedbackForm = value)),
];

/** Only settled data: a value still loading is loaded again by the browser. */
function settled<T>(resource: Resource<T> | undefined): Resource<T> | undefined {
  return resource && resource.status !== "loading" ? resource : undefined;
}

function settledRecord<T>(record: Record<string, Resource<T>>): Record<string, Resource<T>> {
  return Object.fromEntries(Object.entries(record).filter(([, resource]) => resource.status !== "loading"));
}

export function takeSiteSnapshot(store: Store): SiteSnapshot {
  const site: SiteSnapshot["site"] = {};
  for (const block of SITE_BLOCKS) block.take(store, site);
  const account = store.get(accountResource.valueAtom);
  const accountPages = takeAccountPages(store);
  const cart = settled(store.get(cartResource.valueAtom));
  const favourites = settled(store.get(favouriteProducts.valueAtom));
  const cookieBanner = store.get(cookieBannerStartAtom);
  return {
    ...(cookieBanner !== "pending" ? { cookieBanner } : {}),
    ...(account?.status === "ready" ? { account: account.data } : {}),
    ...(accountPages ? { accountPages } : {}),
    ...(cart ? { cart } : {}),
    ...(favourites ? { favourites } : {}),
    catalog: takeCatalogSnapshot(store),
    pages: settledRecord(store.get(pagesAtom)),
    search: settledRecord(store.get(searchPagesAtom)),
    site,
  };
}

/** Seeds the browser's fresh store with the server's data before hydration. */
export function restoreSiteSnapshot(store: Store, snapshot: SiteSnapshot): void {
  if (snapshot.account !== undefined) store.set(accountResource.valueAtom, { status: "ready", data: snapshot.account });
  if (snapshot.cookieBanner) store.set(cookieBannerStartAtom, snapshot.cookieBanner);
  if (snapshot.cart) store.set(cartResource.valueAtom, snapshot.cart);
  if (snapshot.favourites) store.set(favouriteProductsHandedOverAtom, snapshot.favourites);
  restoreCatalogSnapshot(store, snapshot.catalog);
  store.set(pagesAtom, snapshot.pages);
  store.set(searchPagesAtom, snapshot.search);
  if (snapshot.accountPages) restoreAccountPages(store, snapshot.accountPages);
  for (const block of SITE_BLOCKS) block.restore(store, snapshot.site);
}
