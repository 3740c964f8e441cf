import type { AccountProfile, Cart, Order, Page, ProductCard, SearchResultPage } from "../shared/contracts/index";
import {
  accountResource,
  cartResource,
  favouriteProducts,
  favouriteProductsHandedOverAtom,
  ordersAtom,
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
 * placed order (/success-payment), loaded with the page's session (issue 31). The page is never
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
  /** The order on /success-payment, by id; absent elsewhere. */
  orders?: Record<string, Resource<Order>>;
  catalog: CatalogSnapshot;
  pages: Record<string, Resource<Page>>;
  search: Record<string, Resource<SearchResultPage>>;
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
  const cart = settled(store.get(cartResource.valueAtom));
  const favourites = settled(store.get(favouriteProducts.valueAtom));
  const orders = settledRecord(store.get(ordersAtom));
  const cookieBanner = store.get(cookieBannerStartAtom);
  return {
    ...(cookieBanner !== "pending" ? { cookieBanner } : {}),
    ...(account?.status === "ready" ? { account: account.data } : {}),
    ...(cart ? { cart } : {}),
    ...(favourites ? { favourites } : {}),
    ...(Object.keys(orders).length > 0 ? { orders } : {}),
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
  if (snapshot.orders) store.set(ordersAtom, snapshot.orders);
  restoreCatalogSnapshot(store, snapshot.catalog);
  store.set(pagesAtom, snapshot.pages);
  store.set(searchPagesAtom, snapshot.search);
  for (const block of SITE_BLOCKS) block.restore(store, snapshot.site);
}
