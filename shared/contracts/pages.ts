import { z } from "zod/mini";
import { entityIdSchema } from "./catalog";
import { INT32_MAX } from "./input";
import { queryInt } from "./query";
import { seoFieldsSchema } from "./seo";
import { MAIN_PAGE_ALIAS, SEARCH_MAX_LIMIT } from "./wire";

/*
 * The website's pages and site-wide blocks (spec §2, §3, §7 "Pages"): pages with their components,
 * the menu tabs, the header, the footer, the popup and the site search. Every component is plain
 * data the storefront renders itself — no HTML travels here but the Article's, which the server
 * sanitises before it leaves, so nothing an editor writes can run as a script on the shop's pages. Links are http(s) URLs or paths of the shop's own site.
 */

/** What a page is; the storefront's routes of spec §2 list them by kind. */
export const pageKindValues = ["main", "blog", "vacancy", "service", "instruction", "contacts", "generic"] as const;
export const pageKindSchema = z.enum(pageKindValues);
export type PageKind = z.infer<typeof pageKindSchema>;

/** The kinds that have a list page with items under it (blog, vakansii, uslugi, instrukcii). */
export const pageListKindValues = ["blog", "vacancy", "service", "instruction"] as const;
export type PageListKind = (typeof pageListKindValues)[number];

/** The messengers of spec §3. */
export const messengerValues = ["telegram", "whatsapp", "vkontakte"] as const;
export const messengerSchema = z.enum(messengerValues);
export type Messenger = z.infer<typeof messengerSchema>;

export const PAGE_SLUG_MAX_LENGTH = 200;
export { MAIN_PAGE_ALIAS, SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT } from "./wire";
export const PAGE_LIST_DEFAULT_LIMIT = 12;
export const PAGE_LIST_MAX_LIMIT = 50;
export const SEARCH_QUERY_MAX_LENGTH = 200;

/** Lowercase Latin words with dashes, joined by slashes: `blog/kak-podgotovit-maket`. */
export const PAGE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

/** A link a shopper may follow: an http(s) address or a path of the shop's own site (`/catalog/vizitki`). */
export const hrefSchema = z
  .string()
  .check(
    z.maxLength(2000),
    z.refine((value) => /^\/(?!\/)/.test(value) || /^https?:\/\/[^\s]+$/i.test(value), { error: "Ссылка должна начинаться с / или http(s)://" }),
  );

/** A file the shop serves: an absolute URL under /files/. */
export const fileLinkSchema = z.object({ url: z.url({ protocol: /^https?$/ }) });
export type FileLink = z.infer<typeof fileLinkSchema>;

/** A downloadable document: the storefront shows `name` without its extension (spec §2 Footer). */
export const namedFileSchema = z.object({ name: z.string().check(z.minLength(1)), url: z.url({ protocol: /^https?$/ }) });
export type NamedFile = z.infer<typeof namedFileSchema>;

// ——— Components ———————————————————————————————————————————————————————————————————————

/** Spec §3 "Header content": the main phone and a second one, reachable in the listed messengers. */
export const headerContentSchema = z.object({
  /** «+7 861 200-40-50»: shown as it is; the tel: link is its + and digits. */
  numberPhone: z.string().check(z.minLength(1)),
  /** The second number (mobile), «+7 918 200-40-50». */
  numberPhoneOption: z.string(),
  /** Messengers that answer on the second number. */
  numberPhoneOptionMessengers: z.array(messengerSchema),
  email: z.string(),
});
export type HeaderContent = z.infer<typeof headerContentSchema>;

/** Spec §3 "Footer content" (the spec spells `addreses` so, and so does the API). */
export const footerContentSchema = z.object({
  /** Several lines separated by \n: the company's name, ИНН, ОГРН … */
  infoCompany: z.string(),
  addreses: z.array(z.object({ address: z.string().check(z.minLength(1)), operatingMode: z.string() })),
  social: z.array(z.object({ network: messengerSchema, url: z.url({ protocol: /^https?$/ }) })),
  files: z.array(namedFileSchema),
  /**
   * The shop's rating on a review service, shown as a badge in the desktop footer (spec §2 Footer):
   * where it comes from («Яндекс Карты»), the score out of 5, how many reviews, and the page of the
   * reviews. No badge without it.
   */
  rating: z.optional(
    z.object({
      source: z.string().check(z.minLength(1, { error: "Укажите, где стоит рейтинг (например, «Яндекс Карты»)" })),
      value: z.number().check(z.gte(0, { error: "Рейтинг — от 0 до 5" }), z.lte(5, { error: "Рейтинг — от 0 до 5" })),
      reviews: z.number().check(z.int({ error: "Число отзывов — целое число" }), z.gte(0, { error: "Число отзывов не может быть меньше нуля" }), z.lte(INT32_MAX, { error: "Число отзывов слишком большое" })),
      url: z.url({ protocol: /^https?$/, error: "Ссылка на отзывы — адрес http(s)" }),
    }),
  ),
});
export type FooterContent = z.infer<typeof footerContentSchema>;

/** One block of rich text: headings, paragraphs, lists and a highlighted note; plain text inside. */
export const textBlockSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("heading"), level: z.union([z.literal(2), z.literal(3)]), text: z.string().check(z.minLength(1)) }),
  z.object({
    type: z.literal("paragraph"),
    text: z.string().check(z.minLength(1)),
    /** A link shown after the text: a source credited, a page to read on (an outside http(s) address or a path of the site). */
    link: z.optional(z.object({ label: z.string().check(z.minLength(1)), href: hrefSchema })),
  }),
  z.object({ type: z.literal("list"), ordered: z.boolean(), items: z.array(z.string().check(z.minLength(1))).check(z.minLength(1)) }),
  z.object({ type: z.literal("note"), text: z.string().check(z.minLength(1)) }),
]);
export type TextBlock = z.infer<typeof textBlockSchema>;

export const textContentSchema = z.object({ blocks: z.array(textBlockSchema) });
export type TextContent = z.infer<typeof textContentSchema>;

/** The main page's documents for the cookie banner and the forms (spec §3: content.file.url). */
export const widgetContentSchema = z.object({
  widget: z.enum(["PrivacyPolicy", "Cookies"]),
  title: z.string().check(z.minLength(1)),
  file: fileLinkSchema,
});
export type WidgetContent = z.infer<typeof widgetContentSchema>;

export const bannerContentSchema = z.object({
  title: z.string().check(z.minLength(1)),
  subtitle: z.string(),
  imageUrl: z.nullable(z.url({ protocol: /^https?$/ })),
  link: z.nullable(z.object({ label: z.string().check(z.minLength(1)), href: hrefSchema })),
});
export type BannerContent = z.infer<typeof bannerContentSchema>;

/** Catalogue categories to show, in this order; the storefront takes them from GET /public/product/category. */
export const productCategoriesContentSchema = z.object({ title: z.string(), categorySlugs: z.array(z.string().check(z.minLength(1))) });
export type ProductCategoriesContent = z.infer<typeof productCategoriesContentSchema>;

/** The latest blog posts (spec §2: 3 on desktop, 2 otherwise); loaded with GET /public/website/page?kind=blog. */
export const blogTeasersContentSchema = z.object({ title: z.string(), limit: z.number().check(z.int(), z.gte(1), z.lte(PAGE_LIST_MAX_LIMIT)) });
export type BlogTeasersContent = z.infer<typeof blogTeasersContentSchema>;

export const contactsContentSchema = z.object({
  phones: z.array(z.object({ label: z.string(), number: z.string().check(z.minLength(1)) })),
  email: z.string(),
  addresses: z.array(
    z.object({
      title: z.string().check(z.minLength(1)),
      address: z.string().check(z.minLength(1)),
      operatingMode: z.string(),
      geoLat: z.number().check(z.gte(-90), z.lte(90)),
      geoLon: z.number().check(z.gte(-180), z.lte(180)),
      note: z.string(),
    }),
  ),
  /** The company's details for contracts and invoices, one per line. */
  requisites: z.string(),
});
export type ContactsContent = z.infer<typeof contactsContentSchema>;

export const vacancyContentSchema = z.object({
  /** Roubles a month before tax; null when not stated. */
  salaryFrom: z.nullable(z.number().check(z.int(), z.gte(0), z.lte(2_147_483_647))),
  salaryTo: z.nullable(z.number().check(z.int(), z.gte(0), z.lte(2_147_483_647))),
  employment: z.enum(["full", "part", "shift", "internship"]),
  /** «5/2, 9:00–18:00». */
  schedule: z.string(),
  experience: z.string(),
  duties: z.array(z.string().check(z.minLength(1))),
  requirements: z.array(z.string().check(z.minLength(1))),
  conditions: z.array(z.string().check(z.minLength(1))),
  contactEmail: z.string(),
});
export type VacancyContent = z.infer<typeof vacancyContentSchema>;

export const serviceContentSchema = z.object({
  /** Roubles, VAT included; null: priced on request. */
  priceFrom: z.nullable(z.number().check(z.gte(0))),
  /** What the price is for: «за заказ», «за м²». */
  priceUnit: z.string(),
  /** «от 1 рабочего дня». */
  productionTime: z.string(),
  features: z.array(z.string().check(z.minLength(1))),
  /** Where the shopper orders it: a catalogue page or the contacts. */
  orderHref: z.nullable(hrefSchema),
});
export type ServiceContent = z.infer<typeof serviceContentSchema>;

/** What to check in a layout; `preflightCode` ties an item to the check code of spec §5. */
export const checklistContentSchema = z.object({
  title: z.string(),
  items: z.array(z.object({ title: z.string().check(z.minLength(1)), text: z.string(), preflightCode: z.nullable(z.number().check(z.int(), z.gte(-2_147_483_648), z.lte(2_147_483_647))) })),
});
export type ChecklistContent = z.infer<typeof checklistContentSchema>;

export const filesContentSchema = z.object({ title: z.string(), files: z.array(namedFileSchema) });
export type FilesContent = z.infer<typeof filesContentSchema>;

/**
 * A page's body written in the back office (issue 29): the Markdown the editor keeps and the HTML
 * made of it on save. The server sanitises `html` with an allowlist whenever it answers a page
 * (server/services/pages/html-sanitizer.ts), whatever was stored, so it carries no script, no
 * event handler and no `javascript:` link to the storefront.
 */
export const articleContentSchema = z.object({ markdown: z.string().check(z.maxLength(200_000)), html: z.string().check(z.maxLength(400_000)) });
export type ArticleContent = z.infer<typeof articleContentSchema>;

/** One component of a page, rendered by its `key`. */
export const pageComponentSchema = z.discriminatedUnion("key", [
  z.object({ key: z.literal("Header"), content: headerContentSchema }),
  z.object({ key: z.literal("Footer"), content: footerContentSchema }),
  z.object({ key: z.literal("Text"), content: textContentSchema }),
  z.object({ key: z.literal("Widget"), content: widgetContentSchema }),
  z.object({ key: z.literal("Banner"), content: bannerContentSchema }),
  z.object({ key: z.literal("ProductCategories"), content: productCategoriesContentSchema }),
  z.object({ key: z.literal("BlogTeasers"), content: blogTeasersContentSchema }),
  z.object({ key: z.literal("Contacts"), content: contactsContentSchema }),
  z.object({ key: z.literal("Vacancy"), content: vacancyContentSchema }),
  z.object({ key: z.literal("Service"), content: serviceContentSchema }),
  z.object({ key: z.literal("Checklist"), content: checklistContentSchema }),
  z.object({ key: z.literal("Files"), content: filesContentSchema }),
  z.object({ key: z.literal("Article"), content: articleContentSchema }),
]);
export type PageComponent = z.infer<typeof pageComponentSchema>;
export type PageComponentKey = PageComponent["key"];

// ——— Pages ————————————————————————————————————————————————————————————————————————————

/** A page in a list, a teaser or a link (spec §3 "Blog page": id, slug, name, createdAt, padBanner.url). */
export const pageSummarySchema = z.object({
  id: entityIdSchema,
  /** The whole path without slashes at the ends; empty for the main page. */
  slug: z.string(),
  kind: pageKindSchema,
  name: z.string().check(z.minLength(1)),
  summary: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  padBanner: z.nullable(fileLinkSchema),
});
export type PageSummary = z.infer<typeof pageSummarySchema>;

export const pageRefSchema = z.object({ id: entityIdSchema, slug: z.string(), name: z.string().check(z.minLength(1)) });
export type PageRef = z.infer<typeof pageRefSchema>;

/**
 * `GET /public/website/page/{slug}`: the page with its components, the site's Header first and
 * Footer last among them (spec §3), and its published child pages (list pages, instructions).
 */
export const pageSchema = z.extend(
  z.extend(pageSummarySchema, {
    /** When the page was last edited (an article's dateModified). */
    updatedAt: z.iso.datetime({ offset: true }),
    parent: z.nullable(pageRefSchema),
    children: z.array(pageSummarySchema),
    components: z.array(pageComponentSchema),
  }),
  seoFieldsSchema.shape,
);
export type Page = z.infer<typeof pageSchema>;

/** `GET /public/website/page/{slug}/seo`: what the page's <head> needs. */
export const pageSeoSchema = z.extend(z.object({ name: z.string().check(z.minLength(1)) }), seoFieldsSchema.shape);
export type PageSeo = z.infer<typeof pageSeoSchema>;

/**
 * A page's path as the storefront sends it, slashes URL-encoded (`blog%2Fkak-podgotovit-maket`).
 * Slashes at the ends are dropped and letters lowered; `main` (or `/`) names the main page.
 */
export const pageSlugSchema = z.pipe(
  z.pipe(
    z.pipe(
      z.string({ error: "Укажите адрес страницы" }),
      z.transform((value: string) => value.trim().replace(/^\/+|\/+$/g, "").toLowerCase()),
    ),
    z
      .string()
      .check(
        z.maxLength(PAGE_SLUG_MAX_LENGTH, { error: `Адрес страницы — не длиннее ${PAGE_SLUG_MAX_LENGTH} символов` }),
        z.refine((value) => value === "" || PAGE_SLUG_PATTERN.test(value), {
          error: "Адрес страницы может содержать только латинские буквы, цифры, дефисы и косые черты",
        }),
      ),
  ),
  z.transform((value: string) => (value === MAIN_PAGE_ALIAS ? "" : value)),
);

export const pageSlugParamsSchema = z.object({ slug: pageSlugSchema });

/** `GET /public/website/page`: one kind's pages, newest first for the blog, in the shop's order otherwise. */
export const pageListQuerySchema = z.object({
  kind: z.enum(pageListKindValues, { error: "Укажите раздел: blog, vacancy, service или instruction" }),
  offset: queryInt({ min: 0, max: 100_000, messageUI: "Смещение (offset) — целое число от 0" }),
  limit: queryInt({ min: 1, max: PAGE_LIST_MAX_LIMIT, messageUI: `Размер страницы (limit) — от 1 до ${PAGE_LIST_MAX_LIMIT}` }),
  /** A page left out of the list: the post the teasers are shown under. */
  exclude: queryInt({ min: 1, max: 2_147_483_647, messageUI: "Исключаемая страница (exclude) — номер страницы" }),
});
export type PageListQuery = z.infer<typeof pageListQuerySchema>;

export const pageListSchema = z.object({
  items: z.array(pageSummarySchema),
  total: z.number().check(z.int(), z.gte(0)),
  offset: z.number().check(z.int(), z.gte(0)),
  limit: z.number().check(z.int(), z.positive()),
});
export type PageList = z.infer<typeof pageListSchema>;

/** Spec §3 "Menu tab". The main page is the first tab; the storefront's header shows the next nine. */
export const menuTabSchema = z.object({ slug: z.string(), label: z.string().check(z.minLength(1)) });
export type MenuTab = z.infer<typeof menuTabSchema>;
export const menuSchema = z.array(menuTabSchema);

// ——— Site-wide blocks —————————————————————————————————————————————————————————————————

/** Spec §3 "Website popup": `file` is the optional picture; `updatedAt` lets the storefront remember a dismissed one. */
export const popupSchema = z.object({
  title: z.string().check(z.minLength(1)),
  description: z.string(),
  file: z.nullable(fileLinkSchema),
  urlButton: hrefSchema,
  textButton: z.string().check(z.minLength(1)),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Popup = z.infer<typeof popupSchema>;

/** No popup is active: an empty object, as the geography answers an unknown city. */
export const noPopupSchema = z.strictObject({});
export const popupAnswerSchema = z.union([popupSchema, noPopupSchema]);
export type PopupAnswer = z.infer<typeof popupAnswerSchema>;

// ——— Search ———————————————————————————————————————————————————————————————————————————

/** `GET /public/website/search`: words in any form («визитка» finds «Визитки»), quotes for phrases, -word to leave out. */
export const searchQuerySchema = z.object({
  search: z.pipe(
    z.pipe(
      z.string({ error: "Введите, что нужно найти" }),
      // Control characters (a NUL above all, which PostgreSQL text cannot hold) count as spaces.
      z.transform((value: string) => value.replace(/[\u0000-\u001f\u007f]+/g, " ").trim()),
    ),
    z
      .string()
      .check(
        z.minLength(1, { error: "Введите, что нужно найти" }),
        z.maxLength(SEARCH_QUERY_MAX_LENGTH, { error: `Запрос для поиска — не длиннее ${SEARCH_QUERY_MAX_LENGTH} символов` }),
      ),
  ),
  offset: queryInt({ min: 0, max: 100_000, messageUI: "Смещение (offset) — целое число от 0" }),
  limit: queryInt({ min: 1, max: SEARCH_MAX_LIMIT, messageUI: `Результатов на странице (limit) — от 1 до ${SEARCH_MAX_LIMIT}` }),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchResultTypeValues = ["page", "product"] as const;

export const searchResultSchema = z.object({
  type: z.enum(searchResultTypeValues),
  id: entityIdSchema,
  title: z.string().check(z.minLength(1)),
  /** Plain text around the words found, «…» where it was cut. */
  snippet: z.string(),
  /** The storefront's path without slashes at the ends: `catalog/vizitki/3`, `blog/kak-podgotovit-maket`, `` (main). */
  path: z.string(),
  imageUrl: z.nullable(z.url({ protocol: /^https?$/ })),
  /** A product's «от … ₽»: the lowest price of its smallest run after the discount, roubles, VAT included; null for a page. */
  priceFrom: z.nullable(z.number().check(z.gte(0))),
  /** How well it matches; results come best first, every product (rank ≥ 1) before every page (rank < 1). */
  rank: z.number().check(z.gte(0)),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResultPageSchema = z.object({
  items: z.array(searchResultSchema),
  /** Every match, counted exactly up to the server's cap (1 000); when there are more, the cap itself and totalIsCapped. */
  total: z.number().check(z.int(), z.gte(0)),
  /** True when more than `total` match: the page says «Найдено более {total}» (issue 31). */
  totalIsCapped: z.boolean(),
  offset: z.number().check(z.int(), z.gte(0)),
  limit: z.number().check(z.int(), z.positive()),
});
export type SearchResultPage = z.infer<typeof searchResultPageSchema>;
