import type { Category, Page, Product } from "../shared/contracts/index";

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
  /** schema.org objects written as application/ld+json (a Product, a BreadcrumbList); made absolute by the document. */
  structuredData?: (origin: string) => object[];
}

const SHOP = "Оттиск — типография онлайн";

export function catalogHead(canonicalPath: string): PageHead {
  return {
    title: `Каталог печатной продукции — ${SHOP}`,
    description:
      "Визитки, листовки, каталоги, баннеры и наклейки с онлайн-проверкой макета, срочным изготовлением и доставкой по России.",
    keywords: "типография, печать, визитки, листовки, каталоги, баннеры, наклейки",
    canonicalPath,
  };
}

export function categoryHead(category: Category, canonicalPath: string): PageHead {
  return {
    title: category.seoTitle || `${category.seoName || category.name} — ${SHOP}`,
    description: category.seoDescription || category.description,
    keywords: category.seoKeywords,
    canonicalPath,
  };
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
    brand: { "@type": "Brand", name: "Оттиск" },
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

/** A website page's head from its SEO fields (the API fills an empty title and description in). */
export function pageHead(page: Page, canonicalPath: string, crumbs: readonly Crumb[]): PageHead {
  return {
    title: page.seoTitle || `${page.seoName || page.name} — ${SHOP}`,
    description: page.seoDescription || page.summary,
    keywords: page.seoKeywords,
    canonicalPath,
    ogType: page.kind === "blog" && page.parent ? "article" : "website",
    image: page.padBanner?.url ?? null,
    ...(crumbs.length > 1 ? { structuredData: (origin: string) => [breadcrumbList(origin, crumbs)] } : {}),
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
    canonicalPath: "/catalog",
    noindex: true,
  };
}

export function serviceUnavailableHead(canonicalPath = "/catalog"): PageHead {
  return {
    title: `Сайт временно недоступен — ${SHOP}`,
    description: "Сайт временно недоступен, попробуйте обновить страницу через минуту.",
    keywords: "",
    canonicalPath,
    noindex: true,
  };
}
