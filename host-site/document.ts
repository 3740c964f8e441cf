import type { ClientAssets } from "../shared/contracts/index";
import type { PageHead } from "./head";
import type { SiteSnapshot } from "./snapshot";

/** The logo's CMYK mark, inline so that no request is spent on it. */
const FAVICON =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#1f2330"/>' +
      '<circle cx="11" cy="12" r="5" fill="#00a3e0"/><circle cx="21" cy="12" r="5" fill="#e6007e"/>' +
      '<circle cx="16" cy="21" r="5" fill="#ffd400"/></svg>',
  );

export const STATE_ELEMENT_ID = "ottisk-state";
export const APP_ELEMENT_ID = "ottisk-app";
/** Set on the app's element once the browser has hydrated it (entry-client.tsx): for styles and tests. */
export const HYDRATED_ATTRIBUTE = "data-hydrated";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** JSON inside <script> must not be able to close the tag or open a comment. */
function embedJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

export function documentHtml(options: {
  head: PageHead;
  origin: string;
  appHtml: string;
  snapshot: SiteSnapshot;
  assets: ClientAssets;
  /** The route's page chunk and what it imports (ClientAssets.pageChunks), preloaded with the entry's. */
  pageChunks: string[];
}): string {
  const { head, origin, appHtml, snapshot, assets, pageChunks } = options;
  const meta = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    head.keywords ? `<meta name="keywords" content="${escapeHtml(head.keywords)}">` : "",
    head.noindex ? `<meta name="robots" content="noindex">` : "",
    `<link rel="canonical" href="${escapeHtml(origin + head.canonicalPath)}">`,
    `<meta property="og:type" content="${head.ogType ?? "website"}">`,
    `<meta property="og:site_name" content="Оттиск">`,
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    `<meta property="og:url" content="${escapeHtml(origin + head.canonicalPath)}">`,
    head.image ? `<meta property="og:image" content="${escapeHtml(head.image)}">` : "",
    `<meta property="og:locale" content="ru_RU">`,
    ...(head.structuredData?.(origin) ?? []).map((data) => `<script type="application/ld+json">${embedJson(data)}</script>`),
  ].filter(Boolean);
  return [
    "<!doctype html>",
    '<html lang="ru">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="theme-color" content="#c2185b">',
    `<link rel="icon" type="image/svg+xml" href="${FAVICON}">`,
    ...meta,
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    "</head>",
    "<body>",
    `<div id="${APP_ELEMENT_ID}">${appHtml}</div>`,
    `<script id="${STATE_ELEMENT_ID}" type="application/json">${embedJson(snapshot)}</script>`,
    // One script: boot.ts loads the entry, the chunks it imports and the route's own chunk (which
    // the entry would ask for only once it runs, a round trip later) after the page is painted.
    // Low priority: a script of high priority that runs before the first paint counts as render-blocking.
    `<script type="module" fetchpriority="low" src="${escapeHtml(assets.boot)}" data-modules="${escapeHtml([...assets.preloads, assets.entry, ...pageChunks].join(" "))}"></script>`,
    "</body>",
    "</html>",
  ].join("\n");
}
