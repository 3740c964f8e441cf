/*
 * The back office's Markdown (issue 29): a small, safe subset, turned into HTML the same way in the
 * editor's live preview (the browser) and on save (the server), so the preview is what the
 * storefront will show. No Markdown library is installed, and the shop needs little, so this is
 * ours (server/docs/back-office-content.md):
 *
 *   ## Heading / ### Heading (# is read as ##: the page's own name is its h1)
 *   paragraphs (lines joined; a blank line ends one), - or * lists, 1. lists, > quotes, --- rule
 *   **bold**, *italic* or _italic_, `code`, [text](link), ![alt](image)
 *
 * Everything else is text: raw HTML is escaped, never passed through, and a link or image whose
 * address is not http(s), a path of the site, #anchor or mailto:/tel: stays text. The server
 * still sanitises whatever HTML is stored before it answers a page (defence in depth).
 */

const ESCAPES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/** A link address the renderer keeps: http(s), a site path (not //host), #anchor, mailto:, tel:. */
export function isSafeLinkAddress(address: string): boolean {
  return /^(?:https?:\/\/[^\s]+|\/(?!\/)[^\s]*|#[^\s]*|mailto:[^\s]+|tel:[+\d\s()-]+)$/i.test(address);
}

/** An image address the renderer keeps: http(s) or a site path. */
export function isSafeImageAddress(address: string): boolean {
  return /^(?:https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/i.test(address);
}

const INLINE_PATTERN = /!\[([^\]]*)\]\(([^()\s]+)\)|\[([^\]]+)\]\(([^()\s]+)\)|\*\*(.+?)\*\*|\*([^*\s](?:.*?[^*\s])?)\*|(?<![\p{L}\p{N}])_([^_\s](?:.*?[^_\s])?)_(?![\p{L}\p{N}])|`([^`]+)`/gu;

/** One line's (or paragraph's) inline Markdown as HTML; every text piece escaped. */
export function renderInline(text: string): string {
  let html = "";
  let last = 0;
  for (const match of text.matchAll(INLINE_PATTERN)) {
    const index = match.index;
    html += escapeHtml(text.slice(last, index));
    last = index + match[0].length;
    const [whole, alt, imageSrc, linkText, linkHref, bold, italic, underscored, code] = match;
    if (imageSrc !== undefined) {
      html += isSafeImageAddress(imageSrc) ? `<img src="${escapeHtml(imageSrc)}" alt="${escapeHtml(alt ?? "")}" loading="lazy">` : escapeHtml(whole);
    } else if (linkHref !== undefined) {
      const label = renderInline(linkText ?? "");
      html += isSafeLinkAddress(linkHref)
        ? `<a href="${escapeHtml(linkHref)}"${/^https?:/i.test(linkHref) ? ' rel="noopener" target="_blank"' : ""}>${label}</a>`
        : label;
    } else if (bold !== undefined) {
      html += `<strong>${renderInline(bold)}</strong>`;
    } else if (italic !== undefined || underscored !== undefined) {
      html += `<em>${renderInline(italic ?? underscored ?? "")}</em>`;
    } else if (code !== undefined) {
      html += `<code>${escapeHtml(code)}</code>`;
    }
  }
  return html + escapeHtml(text.slice(last));
}

type Block =
  | { type: "heading"; level: 2 | 3; text: string }
  | { type: "paragraph"; lines: string[] }
  | { type: "list"; ordered: boolean; items: string[] }
  | { type: "quote"; lines: string[] }
  | { type: "rule" };

function blocksOf(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  for (const raw of lines) {
    const line = raw.trimEnd();
    const current = blocks[blocks.length - 1];
    if (line.trim() === "") {
      blocks.push({ type: "paragraph", lines: [] });
      continue;
    }
    const heading = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      blocks.push({ type: "heading", level: (heading[1] ?? "").length <= 2 ? 2 : 3, text: heading[2] ?? "" });
      continue;
    }
    if (/^\s{0,3}(?:-{3,}|\*{3,}|_{3,})\s*$/.test(line)) {
      blocks.push({ type: "rule" });
      continue;
    }
    const bullet = /^\s{0,3}[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\s{0,3}\d{1,9}[.)]\s+(.*)$/.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      const ordered = numbered !== null && bullet === null;
      if (current?.type === "list" && current.ordered === ordered) current.items.push(item[1] ?? "");
      else blocks.push({ type: "list", ordered, items: [item[1] ?? ""] });
      continue;
    }
    const quote = /^\s{0,3}>\s?(.*)$/.exec(line);
    if (quote) {
      if (current?.type === "quote") current.lines.push(quote[1] ?? "");
      else blocks.push({ type: "quote", lines: [quote[1] ?? ""] });
      continue;
    }
    // A line under a list item continues it (lazy continuation); otherwise it belongs to a paragraph.
    if (current?.type === "list" && /^\s+/.test(raw)) {
      current.items[current.items.length - 1] += ` ${line.trim()}`;
    } else if (current?.type === "paragraph") {
      current.lines.push(line.trim());
    } else if (current?.type === "quote") {
      current.lines.push(line.trim());
    } else {
      blocks.push({ type: "paragraph", lines: [line.trim()] });
    }
  }
  return blocks;
}

/** The page body's Markdown as HTML (the storefront's Article component). */
export function renderMarkdown(markdown: string): string {
  const parts: string[] = [];
  for (const block of blocksOf(markdown)) {
    switch (block.type) {
      case "heading":
        if (block.text !== "") parts.push(`<h${block.level}>${renderInline(block.text)}</h${block.level}>`);
        break;
      case "paragraph":
        if (block.lines.length > 0) parts.push(`<p>${block.lines.map(renderInline).join("<br>\n")}</p>`);
        break;
      case "list": {
        const tag = block.ordered ? "ol" : "ul";
        parts.push(`<${tag}>${block.items.map((item) => `<li>${renderInline(item)}</li>`).join("")}</${tag}>`);
        break;
      }
      case "quote":
        parts.push(`<blockquote><p>${block.lines.filter((line) => line.trim() !== "").map(renderInline).join("<br>\n")}</p></blockquote>`);
        break;
      case "rule":
        parts.push("<hr>");
        break;
    }
  }
  return parts.join("\n");
}
