/*
 * The few pages the API itself answers with HTML (the test payment page, the hand-off consent
 * page): self-contained, in Russian, no script, one inline style, so their CSP forbids everything
 * but that style and posting their own form back; nobody may frame them (a framed button could be
 * clicked blind).
 */

/** The pages' security header: nothing loads, only their forms post, back to the shop; no frames. */
export const PLAIN_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char);
}

/**
 * The document around a page's card: `title` is text (escaped here), `main` is HTML the caller
 * escaped; `style` adds the page's own rules to the shared ones (page, card, heading, button).
 */
export function renderPlainPage(page: { title: string; main: string; style: string; width: number }): string {
  return `<!doctype html>
<html lang="ru">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>${escapeHtml(page.title)}</title>
  <style>
    body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f3f4f7; color: #1d2333; margin: 0; }
    main { max-width: ${page.width}px; margin: 10vh auto; background: #fff; border-radius: 12px; padding: 32px; box-shadow: 0 8px 30px rgba(0, 0, 0, .08); }
    h1 { font-size: 20px; }
    button { font: inherit; font-size: 16px; border: 0; border-radius: 8px; padding: 12px 20px; cursor: pointer; }
${page.style}
  </style>
</head>
<body>
  <main>
${page.main}
  </main>
</body>
</html>
`;
}
