import type { Category, FooterContent, HeaderContent, Page, Product, ProductListPage } from "../shared/contracts/index";
import { catalogPath, HOME_PATH, productPath, SCREEN_PATHS } from "../shared/domain/index";

/** One step of the page's breadcrumb trail; `path` of the shop's own site. */
export interface Crumb {
  name: string;
  path: string;
}

/** What a page puts into <head> for search engines (spec §2: SEO name, title, description, keywords). */
export interface PageHead {
  title: string;
  description: string;
  keywords: string;
  /** Path of the canonical address. */
  canonicalPath: string;
  noindex?: boolean;
  /** Open Graph type: `website` unless said otherwise (`article`, `product`). */
  ogType?: "website" | "article" | "product";
  /** An absolute picture URL for link previews. */
  image?: string | null;
  /** schema.org objects written as application/ld+json (Organization, WebSite, ItemList, Product, BlogPosting, BreadcrumbList); made absolute by the document. */
  structuredData?: (origin: string) => object[];
}

const SHOP = "Оттиск — типография онлайн";

/** The shop's name in schema.org data (the Organization, the WebSite, the products' brand). */
const BRAND = "Оттиск";

/**
 * schema.org ItemList of the product cards a catalogue page shows (its page of the list, numbered
 * from the page's offset), each a ListItem with the product's canonical address and name.
 */
export function productItemList(name: string, products: ProductListPage, origin: string): object {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name,
    numberOfItems: products.total,
    itemListOrder: "https://schema.org/ItemListUnordered",
    itemListElement: products.items.map((card, index) => ({
      "@type": "ListItem",
      position: products.offset + index + 1,
      url: origin + productPath(card.category.slug, card.id),
      name: card.productName,
    })),
  };
}

/** The catalogue's products as an ItemList, when the page's list loaded (an empty page has none). */
function itemListData(name: string, products: ProductListPage | undefined): Pick<PageHead, "structuredData"> {
  return products && products.items.length > 0 ? { structuredData: (origin) => [productItemList(name, products, origin)] } : {};
}

/** `products`: the page of the list the page shows, for its ItemList JSON-LD. */
export function catalogHead(canonicalPath: string, products?: ProductListPage): PageHead {
  return {
    title: `Каталог печатной продукции — ${SHOP}`,
    description:
      "Визитки, листовки, каталоги, баннеры и наклейки с онлайн-проверкой макета, срочным изготовлением и доставкой по России.",
    keywords: "типография, печать, визитки, листовки, каталоги, баннеры, наклейки",
    canonicalPath,
    ...itemListData("Каталог печатной продукции", products),
  };
}

export function categoryHead(category: Category, canonicalPath: string, products?: ProductListPage): PageHead {
  return {
    title: category.seoTitle || `${category.seoName || category.name} — ${SHOP}`,
    description: category.seoDescription || category.description,
    keywords: category.seoKeywords,
    canonicalPath,
    ...itemListData(category.seoName || category.name, products),
  };
}

/**
 * The main page's schema.org data: the shop as an Organization (its phones and e-mail from the
 * header content, its social pages from the footer) and the WebSite with the site search as a
 * SearchAction (`/poisk?q=`), which search engines may offer as a search box under the result.
 */
export function siteStructuredData(origin: string, contacts: HeaderContent | null, footer: FooterContent | null): object[] {
  const phones = contacts ? [contacts.numberPhone, contacts.numberPhoneOption].filter(Boolean) : [];
  const organization = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: BRAND,
    alternateName: SHOP,
    url: `${origin}/`,
    ...(phones[0] ? { telephone: phones[0] } : {}),
    ...(contacts?.email ? { email: contacts.email } : {}),
    ...(phones.length > 0
      ? { contactPoint: phones.map((telephone) => ({ "@type": "ContactPoint", telephone, contactType: "customer service", areaServed: "RU", availableLanguage: "ru" })) }
      : {}),
    ...(footer && footer.social.length > 0 ? { sameAs: footer.social.map((link) => link.url) } : {}),
  };
  const website = {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: BRAND,
    alternateName: SHOP,
    url: `${origin}/`,
    inLanguage: "ru-RU",
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${origin}${SCREEN_PATHS.search}?q={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
  return [organization, website];
}

function breadcrumbList(origin: string, crumbs: readonly Crumb[]): object {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({ "@type": "ListItem", position: index + 1, name: crumb.name, item: origin + crumb.path })),
  };
}

/** schema.org Product: name, pictures, description and the lowest price in roubles (made to order: always available). */
export function productStructuredData(product: Product, origin: string, canonicalPath: string): object {
  const images = product.photos.length > 0 ? product.photos : product.photoUrl ? [product.photoUrl] : [];
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.seoName || product.productName,
    ...(images.length > 0 ? { image: images } : {}),
    description: product.seoDescription || product.description,
    sku: String(product.id),
    category: product.category.name,
    brand: { "@type": "Brand", name: BRAND },
    offers: {
      "@type": "Offer",
      url: origin + canonicalPath,
      priceCurrency: "RUB",
      price: product.priceFrom.toFixed(2),
      availability: "https://schema.org/InStock",
      itemCondition: "https://schema.org/NewCondition",
    },
  };
}

export function productHead(product: Product, canonicalPath: string, crumbs: readonly Crumb[]): PageHead {
  return {
    title: product.seoTitle || `${product.seoName || product.productName} — ${SHOP}`,
    description: product.seoDescription || product.description.slice(0, 160),
    keywords: product.seoKeywords,
    canonicalPath,
    ogType: "product",
    image: product.photos[0] ?? product.photoUrl,
    structuredData: (origin) => [productStructuredData(product, origin, canonicalPath), breadcrumbList(origin, crumbs)],
  };
}

/**
 * The layout designer of a product (issue 32): indexable at the product's own address; a saved
 * design (`?design=`) or a cart line's (`?line=`) is somebody's, so not indexed (the canonical is
 * the product's designer either way).
 */
export function designerHead(product: Product, canonicalPath: string, crumbs: readonly Crumb[], personal: boolean): PageHead {
  const name = product.seoName || product.productName;
  return {
    title: `Конструктор макета — ${name} — ${SHOP}`,
    description: `Соберите макет «${name}» онлайн из готовых шаблонов: свой текст, логотип, QR-код, PDF для печати с проверкой типографии.`,
    keywords: `конструктор макета, ${name.toLowerCase()} онлайн, шаблоны, макет для печати`,
    canonicalPath,
    ...(personal ? { noindex: true } : {}),
    image: product.photos[0] ?? product.photoUrl,
    structuredData: (origin) => [breadcrumbList(origin, crumbs)],
  };
}

/** The main page's head: its SEO fields, and the Organization and WebSite JSON-LD (siteStructuredData). */
export function mainPageHead(page: Page, contacts: HeaderContent | null, footer: FooterContent | null): PageHead {
  return { ...pageHead(page, HOME_PATH, []), structuredData: (origin) => siteStructuredData(origin, contacts, footer) };
}

/** The shop as the author and publisher of its articles. */
function shopOrganization(origin: string): object {
  return { "@type": "Organization", name: BRAND, url: `${origin}/` };
}

/**
 * schema.org BlogPosting of an article (a blog page under the blog): its headline, the dates it was
 * published (its creation, as the page shows) and last edited, its cover, the shop as author and
 * publisher, and the page it is the main entity of.
 */
export function blogPostingData(page: Page, origin: string, canonicalPath: string): object {
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: page.name,
    ...(page.seoDescription || page.summary ? { description: page.seoDescription || page.summary } : {}),
    datePublished: page.createdAt,
    dateModified: page.updatedAt,
    ...(page.padBanner ? { image: [page.padBanner.url] } : {}),
    author: shopOrganization(origin),
    publisher: shopOrganization(origin),
    mainEntityOfPage: { "@type": "WebPage", "@id": origin + canonicalPath },
    inLanguage: "ru-RU",
  };
}

/** A website page's head from its SEO fields (the API fills an empty title and description in). */
export function pageHead(page: Page, canonicalPath: string, crumbs: readonly Crumb[]): PageHead {
  const isArticle = page.kind === "blog" && page.parent !== null;
  const structured = (origin: string): object[] => [
    ...(isArticle ? [blogPostingData(page, origin, canonicalPath)] : []),
    ...(crumbs.length > 1 ? [breadcrumbList(origin, crumbs)] : []),
  ];
  return {
    title: page.seoTitle || `${page.seoName || page.name} — ${SHOP}`,
    description: page.seoDescription || page.summary,
    keywords: page.seoKeywords,
    canonicalPath,
    ogType: isArticle ? "article" : "website",
    image: page.padBanner?.url ?? null,
    ...(isArticle || crumbs.length > 1 ? { structuredData: structured } : {}),
  };
}

/** The shop's own screens (search, favourites, cart, payment): per visitor, so never indexed. */
export function screenHead(name: string, description: string, canonicalPath: string): PageHead {
  return { title: `${name} — ${SHOP}`, description, keywords: "", canonicalPath, noindex: true };
}

export function notFoundHead(): PageHead {
  return {
    title: `Страница не найдена — ${SHOP}`,
    description: "Такой страницы нет в каталоге Оттиска.",
    keywords: "",
    canonicalPath: catalogPath(),
    noindex: true,
  };
}

export function serviceUnavailableHead(canonicalPath = catalogPath()): PageHead {
  return {
    title: `Сайт временно недоступен — ${SHOP}`,
    description: "Сайт временно недоступен, попробуйте обновить страницу через минуту.",
    keywords: "",
    canonicalPath,
    noindex: true,
  };
}
