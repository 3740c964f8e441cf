import type { AccountProfile, Page, SearchResultPage } from "../shared/contracts/index";
import {
  accountStateAtom,
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
  takeCatalogSnapshot,
} from "../shared/state/index";
import type { CatalogSnapshot, Resource, SiteResource, Store } from "../shared/state/index";

/**
 * What the server render hands to the browser inside the page: the public data it loaded (the
 * catalogue, the website pages, the search results, the site-wide blocks), so that hydration draws
 * the same tree. Of the visitor only the account travels (the header's account area is drawn by
 * the server; without a session cookie it is "nobody", and the browser need not ask and get a 401);
 * the cart, favourites and orders are loaded by the browser.
 */
export interface SiteSnapshot {
  /** The signed-in account, or null; undefined: the browser asks itself. */
  account?: AccountProfile | null;
  catalog: CatalogSnapshot;
  pages: Record<string, Resource<Page>>;
  search: Record<string, Resource<SearchResultPage>>;
  site: {
    menu?: SiteValue<typeof siteMenu>;
    header?: SiteValue<typeof siteHeader>;
    footer?: SiteValue<typeof siteFooter>;
    nds?: SiteValue<typeof siteNds>;
    documents?: SiteValue<typeof siteDocuments>;
    latestBlogPosts?: SiteValue<typeof latestBlogPosts>;
    feedbackForm?: SiteValue<typeof feedbackForm>;
  };
}

type SiteValue<R> = R extends SiteResource<infer T> ? Resource<T> : never;

/** The site-wide blocks the snapshot carries, by their snapshot name. */
const SITE = { menu: siteMenu, header: siteHeader, footer: siteFooter, nds: siteNds, documents: siteDocuments, latestBlogPosts, feedbackForm } as const;

/** Only settled data: a value still loading is loaded again by the browser. */
function settled<T>(resource: Resource<T> | undefined): Resource<T> | undefined {
  return resource && resource.status !== "loading" ? resource : undefined;
}

function settledRecord<T>(record: Record<string, Resource<T>>): Record<string, Resource<T>> {
  return Object.fromEntries(Object.entries(record).filter(([, resource]) => resource.status !== "loading"));
}

function take<T>(store: Store, resource: SiteResource<T>): Resource<T> | undefined {
  return settled(store.get(resource.valueAtom));
}

function put<T>(store: Store, resource: SiteResource<T>, value: Resource<T> | undefined): void {
  if (value) store.set(resource.valueAtom, value);
}

export function takeSiteSnapshot(store: Store): SiteSnapshot {
  const site: SiteSnapshot["site"] = {};
  const menu = take(store, SITE.menu);
  if (menu) site.menu = menu;
  const header = take(store, SITE.header);
  if (header) site.header = header;
  const footer = take(store, SITE.footer);
  if (footer) site.footer = footer;
  const nds = take(store, SITE.nds);
  if (nds) site.nds = nds;
  const documents = take(store, SITE.documents);
  if (documents) site.documents = documents;
  const posts = take(store, SITE.latestBlogPosts);
  if (posts) site.latestBlogPosts = posts;
  const form = take(store, SITE.feedbackForm);
  if (form) site.feedbackForm = form;
  const account = store.get(accountStateAtom);
  return {
    ...(account.loaded && account.error === null ? { account: account.profile } : {}),
    catalog: takeCatalogSnapshot(store),
    pages: settledRecord(store.get(pagesAtom)),
    search: settledRecord(store.get(searchPagesAtom)),
    site,
  };
}

/** Seeds the browser's fresh store with the server's data before hydration. */
export function restoreSiteSnapshot(store: Store, snapshot: SiteSnapshot): void {
  if (snapshot.account !== undefined) store.set(accountStateAtom, { profile: snapshot.account, loading: false, loaded: true, error: null });
  restoreCatalogSnapshot(store, snapshot.catalog);
  store.set(pagesAtom, snapshot.pages);
  store.set(searchPagesAtom, snapshot.search);
  put(store, SITE.menu, snapshot.site.menu);
  put(store, SITE.header, snapshot.site.header);
  put(store, SITE.footer, snapshot.site.footer);
  put(store, SITE.nds, snapshot.site.nds);
  put(store, SITE.documents, snapshot.site.documents);
  put(store, SITE.latestBlogPosts, snapshot.site.latestBlogPosts);
  put(store, SITE.feedbackForm, snapshot.site.feedbackForm);
}
