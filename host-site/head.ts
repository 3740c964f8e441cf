import type { Category, Product } from "../shared/contracts/index";

/** What a page puts into <head> for search engines (spec §2: SEO name, title, description, keywords). */
export interface PageHead {
  title: string;
  description: string;
  keywords: string;
  /** Path of the canonical address. */
  canonicalPath: string;
  noindex?: boolean;
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

export function productHead(product: Product, canonicalPath: string): PageHead {
  return {
    title: product.seoTitle || `${product.seoName || product.productName} — ${SHOP}`,
    description: product.seoDescription || product.description.slice(0, 160),
    keywords: product.seoKeywords,
    canonicalPath,
  };
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

export function serviceUnavailableHead(): PageHead {
  return {
    title: `Каталог временно недоступен — ${SHOP}`,
    description: "Каталог временно недоступен, попробуйте обновить страницу через минуту.",
    keywords: "",
    canonicalPath: "/catalog",
    noindex: true,
  };
}
