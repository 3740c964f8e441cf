import { atom } from "jotai/vanilla";
import type { Getter } from "jotai/vanilla";
import type {
  FeedbackFormDefinition,
  FeedbackReceipt,
  FeedbackSubmissionRequest,
  FooterContent,
  HeaderContent,
  MenuTab,
  SideMenuItem,
  Nds,
  PageList,
  PopupAnswer,
  RecaptchaConfig,
  WidgetContent,
} from "../contracts/index";
import type { Api } from "../http/index";
import { BLOG_TEASERS_DESKTOP } from "../domain/constants";
import { requireApi } from "./api.atoms";
import { pageKey, pagesAtom } from "./pages.atoms";
import { storeResource } from "./resource";
import type { StoreResource } from "./resource";

/*
 * The site-wide content the layout and content elements show (spec §3): the menu, the header's
 * phones, the footer, the VAT percent, the popup, the main page's documents, the latest blog posts,
 * the feedback form and the captcha key. Each is loaded once per page store, so a header, a side
 * menu and a contacts button on one page make one request for the menu and one for the phones; a
 * failed load is tried again by the next element (or retry button) that asks.
 */

/** A site-wide block: one value per page store (resource.ts). */
export type SiteResource<T> = StoreResource<T>;

/** The main page's documents for the cookie banner and the forms (spec §3: the Widget components). */
export type SiteDocuments = Partial<Record<WidgetContent["widget"], { title: string; url: string }>>;

/** From the main page: the one in the store's pages when it is there (the main page's server render hands it over), else asked for. */
async function loadSiteDocuments(api: Api, get: Getter): Promise<SiteDocuments> {
  const cached = get(pagesAtom)[pageKey("")];
  const page = cached?.status === "ready" ? cached.data : await api.getPage("");
  const documents: SiteDocuments = {};
  for (const component of page.components) {
    if (component.key === "Widget") documents[component.content.widget] ??= { title: component.content.title, url: component.content.file.url };
  }
  return documents;
}

/** The site's top-level tabs, the main page first (the header shows the next nine). */
export const siteMenu: SiteResource<MenuTab[]> = storeResource((api) => api.getMenu());
/** The side menu's links, edited apart from the header's tabs. */
export const siteSideMenu: SiteResource<SideMenuItem[]> = storeResource((api) => api.getSideMenu());
/** The header's phones (also the contacts dialog's). */
export const siteHeader: SiteResource<HeaderContent> = storeResource((api) => api.getHeader());
export const siteFooter: SiteResource<FooterContent> = storeResource((api) => api.getFooter());
/** The VAT percent of the footer's note. */
export const siteNds: SiteResource<Nds> = storeResource((api) => api.getNds());
export const sitePopup: SiteResource<PopupAnswer> = storeResource((api) => api.getPopup());
export const siteDocuments: SiteResource<SiteDocuments> = storeResource(loadSiteDocuments);
/**
 * The newest blog posts: one more than the desktop shows, so that a teaser block placed under a
 * post can leave that post out and still fill its row from the same answer.
 */
export const latestBlogPosts: SiteResource<PageList> = storeResource((api) => api.getPages({ kind: "blog", limit: BLOG_TEASERS_DESKTOP + 1 }));
export const feedbackForm: SiteResource<FeedbackFormDefinition> = storeResource((api) => api.getFeedbackForm());
export const recaptchaConfig: SiteResource<RecaptchaConfig> = storeResource((api) => api.getRecaptchaConfig());

/** Sends the feedback form; rejects with the ApiError whose messageUI the form shows. */
export const sendFeedbackAtom = atom(null, (get, _set, submission: FeedbackSubmissionRequest): Promise<FeedbackReceipt> =>
  requireApi(get).sendFeedback(submission),
);
