/*
 * The allowlist sanitiser for the HTML a page stores (the Article component, issue 29). The server
 * runs it on every answer that carries a page, whatever the editor, an import or the database
 * holds, so no script, event handler, `javascript:` link, frame, object or style reaches a shopper.
 *
 * It does not filter the input: it reads it into tokens (text, start tag with attributes, end tag;
 * comments, doctypes and processing instructions are dropped) and WRITES NEW HTML from the tokens
 * it allows — known tags only, known attributes only, every text and attribute value escaped anew,
 * every open tag closed. Whatever the tokenizer misreads therefore comes out as escaped text, never
 * as markup. The contents of script, style, iframe, object, embed, template, svg, math … are
 * dropped with them; other unknown tags are dropped and their text kept. No HTML library is
 * installed (parse5 is only a transitive dependency), so this is ours; tests: html-sanitizer.test.ts.
 */

/** The tags kept, with the attributes each may keep. */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  p: [],
  br: [],
  hr: [],
  h2: [],
  h3: [],
  h4: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  small: [],
  sub: [],
  sup: [],
  mark: [],
  code: [],
  pre: [],
  blockquote: [],
  ul: [],
  ol: [],
  li: [],
  a: ["href", "title"],
  img: ["src", "alt", "title", "width", "height"],
  figure: [],
  figcaption: [],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ["colspan", "rowspan"],
  td: ["colspan", "rowspan"],
  span: [],
  div: [],
};

const VOID_TAGS = new Set(["br", "hr", "img", "area", "base", "col", "embed", "input", "link", "meta", "param", "source", "track", "wbr"]);

/** Their text is not HTML: skipped up to their end tag. */
const RAW_TEXT_TAGS = new Set(["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript", "plaintext"]);

/** Dropped with everything inside them. */
const DROPPED_WITH_CONTENT = new Set(["object", "embed", "applet", "template", "svg", "math", "select", "frameset", "frame", "head", "form", "button"]);

/** The named character references a value may use to hide a scheme (`java&Tab;script:`) and the usual ones. */
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  colon: ":",
  tab: "\t",
  newline: "\n",
  sol: "/",
  lpar: "(",
  rpar: ")",
  period: ".",
  comma: ",",
};

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);?/gi, (whole, body: string) => {
    if (body.startsWith("#")) {
      const code = body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (character) => (character === "&" ? "&amp;" : character === "<" ? "&lt;" : "&gt;"));
}

function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character] ?? character);
}

/** Text as written: a valid character reference stays one, a stray & becomes &amp;. */
function normaliseText(text: string): string {
  return escapeText(decodeEntities(text));
}

/** The address with what browsers ignore in a scheme taken out: whitespace and control characters. */
function compactAddress(value: string): string {
  return value.replace(/[\u0000-\u0020\u007f-\u009f\u00a0\u2028\u2029]+/g, "");
}

/** A link's href: http(s), mailto:, tel:, a path, an anchor, a relative address without a scheme. */
export function isAllowedHref(value: string): boolean {
  const address = compactAddress(value).toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(address);
  if (scheme === null) return true;
  return ["http", "https", "mailto", "tel"].includes(scheme[1] ?? "");
}

/** An image's src: http(s), a path, or an inline raster image (data:image/png|jpeg|gif|webp;base64). */
export function isAllowedImageSource(value: string): boolean {
  const address = compactAddress(value).toLowerCase();
  if (address.startsWith("data:")) return /^data:image\/(?:png|jpe?g|gif|webp);base64,[a-z0-9+/=]+$/.test(address);
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(address);
  return scheme === null || scheme[1] === "http" || scheme[1] === "https";
}

interface Attribute {
  name: string;
  value: string;
}

type Token = { type: "text"; text: string } | { type: "start"; name: string; attributes: Attribute[]; selfClosing: boolean } | { type: "end"; name: string };

const NAME_PATTERN = /^[a-zA-Z][^\s/>\u0000]*/;

/** The input as tokens; a `<` that starts no tag is text. */
function tokenize(html: string): Token[] {
  const tokens: Token[] = [];
  let position = 0;
  let text = "";
  const flushText = () => {
    if (text !== "") tokens.push({ type: "text", text });
    text = "";
  };
  while (position < html.length) {
    const open = html.indexOf("<", position);
    if (open === -1) {
      text += html.slice(position);
      break;
    }
    text += html.slice(position, open);
    const rest = html.slice(open);
    if (rest.startsWith("<!--")) {
      flushText();
      const close = html.indexOf("-->", open + 4);
      position = close === -1 ? html.length : close + 3;
      continue;
    }
    if (rest.startsWith("<!") || rest.startsWith("<?")) {
      flushText();
      const close = html.indexOf(">", open);
      position = close === -1 ? html.length : close + 1;
      continue;
    }
    if (rest.startsWith("</")) {
      const name = NAME_PATTERN.exec(rest.slice(2));
      if (name === null) {
        // `</` followed by no name: a bogus comment up to the next > (as browsers read it).
        flushText();
        const close = html.indexOf(">", open);
        position = close === -1 ? html.length : close + 1;
        continue;
      }
      flushText();
      const close = html.indexOf(">", open);
      tokens.push({ type: "end", name: name[0].toLowerCase() });
      position = close === -1 ? html.length : close + 1;
      continue;
    }
    const name = NAME_PATTERN.exec(rest.slice(1));
    if (name === null) {
      text += "<";
      position = open + 1;
      continue;
    }
    flushText();
    const tagName = name[0].toLowerCase();
    let cursor = open + 1 + name[0].length;
    const attributes: Attribute[] = [];
    let selfClosing = false;
    while (cursor < html.length) {
      const whitespace = /^[\s/]*/.exec(html.slice(cursor))?.[0] ?? "";
      selfClosing = whitespace.endsWith("/");
      cursor += whitespace.length;
      if (cursor >= html.length || html[cursor] === ">") break;
      selfClosing = false;
      const attributeName = /^[^\s"'>/=]+|^=/.exec(html.slice(cursor))?.[0] ?? html[cursor] ?? "";
      cursor += attributeName.length;
      let value = "";
      const equals = /^\s*=\s*/.exec(html.slice(cursor));
      if (equals !== null) {
        cursor += equals[0].length;
        const quote = html[cursor];
        if (quote === '"' || quote === "'") {
          const end = html.indexOf(quote, cursor + 1);
          value = html.slice(cursor + 1, end === -1 ? html.length : end);
          cursor = end === -1 ? html.length : end + 1;
        } else {
          value = /^[^\s>]*/.exec(html.slice(cursor))?.[0] ?? "";
          cursor += value.length;
        }
      }
      attributes.push({ name: attributeName.toLowerCase(), value: decodeEntities(value) });
    }
    position = cursor + 1;
    tokens.push({ type: "start", name: tagName, attributes, selfClosing });
    if (RAW_TEXT_TAGS.has(tagName)) {
      // Skip the raw text to its end tag (case-insensitive); an unclosed one swallows the rest.
      const end = new RegExp(`</${tagName}[\\s/>]`, "i").exec(html.slice(position));
      position = end === null ? html.length : html.indexOf(">", position + end.index) + 1 || html.length;
      tokens.push({ type: "end", name: tagName });
    }
  }
  flushText();
  return tokens;
}

function keptAttributes(tag: string, attributes: readonly Attribute[]): string {
  const allowed = ALLOWED[tag] ?? [];
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const { name, value } of attributes) {
    if (!allowed.includes(name) || seen.has(name)) continue;
    if (tag === "a" && name === "href" && !isAllowedHref(value)) continue;
    if (tag === "img" && name === "src" && !isAllowedImageSource(value)) continue;
    if ((name === "width" || name === "height" || name === "colspan" || name === "rowspan") && !/^\d{1,4}$/.test(value.trim())) continue;
    seen.add(name);
    kept.push(` ${name}="${escapeAttribute(name === "href" || name === "src" ? value.trim() : value)}"`);
  }
  if (tag === "a" && seen.has("href")) kept.push(' rel="noopener nofollow"');
  if (tag === "img") {
    if (!seen.has("src")) return "";
    if (!seen.has("alt")) kept.push(' alt=""');
    kept.push(' loading="lazy"');
  }
  return kept.join("");
}

/** The HTML with only the allowed tags and attributes, well formed. */
export function sanitizeHtml(html: string): string {
  const out: string[] = [];
  const open: string[] = [];
  let dropping: { name: string; depth: number } | null = null;
  for (const token of tokenize(html)) {
    if (dropping !== null) {
      if (token.type === "start" && token.name === dropping.name && !token.selfClosing) dropping.depth += 1;
      if (token.type === "end" && token.name === dropping.name) {
        dropping.depth -= 1;
        if (dropping.depth === 0) dropping = null;
      }
      continue;
    }
    switch (token.type) {
      case "text":
        out.push(normaliseText(token.text));
        break;
      case "start": {
        if (RAW_TEXT_TAGS.has(token.name)) {
          // Its end token follows at once (tokenize skipped the raw text); drop both.
          dropping = { name: token.name, depth: 1 };
          break;
        }
        if (DROPPED_WITH_CONTENT.has(token.name)) {
          if (!token.selfClosing && !VOID_TAGS.has(token.name)) dropping = { name: token.name, depth: 1 };
          break;
        }
        if (!(token.name in ALLOWED)) break;
        if (token.name === "img") {
          const attributes = keptAttributes("img", token.attributes);
          if (attributes !== "") out.push(`<img${attributes}>`);
          break;
        }
        out.push(`<${token.name}${keptAttributes(token.name, token.attributes)}>`);
        if (!VOID_TAGS.has(token.name)) open.push(token.name);
        break;
      }
      case "end": {
        const at = open.lastIndexOf(token.name);
        if (at === -1) break;
        while (open.length > at) out.push(`</${open.pop() ?? ""}>`);
        break;
      }
    }
  }
  while (open.length > 0) out.push(`</${open.pop() ?? ""}>`);
  return out.join("");
}

/** The plain text of (sanitised) HTML, for the site search. */
export function htmlText(html: string): string {
  return decodeEntities(
    sanitizeHtml(html)
      .replace(/<(?:br|\/p|\/h\d|\/li|\/blockquote)[^>]*>/gi, "\n")
      .replace(/<[^>]*>/g, ""),
  )
    .replace(/[ \t]+/g, " ")
    .replace(/\n\s*\n+/g, "\n")
    .trim();
}
