import { createElement } from "react";
import baseCss from "../../shared/ui/base.css?inline";
import { defineElement } from "../define";
import { reactElement } from "../element";
import type { HostProps } from "../element";
import { navigateHandler, storefrontHref } from "../navigate";
import blogTeasersCss from "./blog-teasers.css?inline";
import { BlogTeasers } from "./BlogTeasers";

interface BlogTeasersElementProps {
  exclude?: string;
  heading?: string;
}

function BlogTeasersElement({ exclude, heading, host }: BlogTeasersElementProps & HostProps) {
  return createElement(BlogTeasers, {
    exclude,
    heading,
    postHref: (post) => storefrontHref(post.slug),
    onNavigate: navigateHandler(host),
  });
}

const ReactBlogTeasersElement = reactElement(BlogTeasersElement, {
  attributes: { exclude: "string", heading: "string" },
  styles: [baseCss, blogTeasersCss],
});

/**
 * The latest blog posts: three when the window is 1280 px wide or wider, two below (it follows the
 * window as it is resized), each with its cover, name, date (dd.MM.yyyy) and a «Перейти» link to
 * the post on the storefront.
 *
 * @summary Latest blog posts.
 * @tag ottisk-blog-teasers
 *
 * @attr {string} exclude - Slug of a post to leave out (`blog/cmyk-i-rgb` or `cmyk-i-rgb`), for the block under that post.
 * @attr {string} heading - The block's heading; «Блог» by default.
 * @attr {string} api-base - The Ottisk API's address; defaults to the script tag's `data-api-base`, then to `/api` on the script's origin.
 *
 * @fires {CustomEvent<{href: string}>} ottisk-navigate - A «Перейти» link was clicked. Cancelable: call `preventDefault()` to route on the page yourself.
 *
 * @csspart section - The block.
 * @csspart heading - The block's heading.
 * @csspart teaser - One post's card.
 * @csspart link - A post's «Перейти» link.
 *
 * @cssprop --ottisk-grid-gap - Space between the cards (20px).
 * @cssprop --ottisk-font-family - Font of the block.
 * @cssprop --ottisk-color-text - Main text colour.
 * @cssprop --ottisk-color-muted - The dates.
 * @cssprop --ottisk-color-accent - The «Перейти» links.
 * @cssprop --ottisk-color-surface - Card background.
 * @cssprop --ottisk-color-border - Card outline.
 * @cssprop --ottisk-radius - Card corner radius.
 */
export class OttiskBlogTeasersElement extends ReactBlogTeasersElement {}

declare global {
  interface HTMLElementTagNameMap {
    "ottisk-blog-teasers": OttiskBlogTeasersElement;
  }
}

defineElement("ottisk-blog-teasers", OttiskBlogTeasersElement);
