/*
 * A page's Article component (issue 29): HTML made from the back office's Markdown. The storefront
 * draws it from the API's answer, which the server has sanitised with an allowlist
 * (server/services/pages/html-sanitizer.ts); the back office's live preview draws the HTML of
 * shared/domain/markdown.ts, which escapes every raw tag. Both use this one component.
 */
export function ArticleBody({ html }: { html: string }) {
  return <div className="content-block content-text content-article" dangerouslySetInnerHTML={{ __html: html }} />;
}
