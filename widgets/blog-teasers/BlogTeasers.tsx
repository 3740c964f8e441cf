import { useId } from "react";
import type { MouseEvent } from "react";
import type { PageSummary } from "../../shared/contracts/index";
import { BLOG_TEASERS_DESKTOP, BLOG_TEASERS_NARROW, BREAKPOINT_DESKTOP_PX, formatDateShort } from "../../shared/domain/index";
import { latestBlogPosts, useSiteResource } from "../../shared/state/index";
import { useMediaQuery } from "./use-media-query";
import { LoadError } from "../../shared/ui/index";

export interface BlogTeasersProps {
  /** A post to leave out (the one the block is shown under): its slug, `blog/cmyk-i-rgb` or `cmyk-i-rgb`. */
  exclude?: string | undefined;
  /** The block's heading. */
  heading?: string | undefined;
  /** The storefront's address of a post. */
  postHref: (post: PageSummary) => string;
  onNavigate?: ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
}

export const DESKTOP_MEDIA_QUERY = `(min-width: ${BREAKPOINT_DESKTOP_PX}px)`;

function isExcluded(post: PageSummary, exclude: string | undefined): boolean {
  if (!exclude) return false;
  const slug = exclude.replace(/^\/+|\/+$/g, "");
  return post.slug === slug || post.slug === `blog/${slug}`;
}

/**
 * The latest blog posts (spec §2 Other blocks): 3 on desktop (1280 px and wider), 2 below,
 * following the viewport as it changes; optionally without one post.
 */
export function BlogTeasers({ exclude, heading = "Блог", postHref, onNavigate }: BlogTeasersProps) {
  const desktop = useMediaQuery(DESKTOP_MEDIA_QUERY);
  const count = desktop ? BLOG_TEASERS_DESKTOP : BLOG_TEASERS_NARROW;
  const { resource: posts, reload } = useSiteResource(latestBlogPosts);
  const headingId = useId();

  return (
    <section className="ottisk-root ottisk-teasers" part="section" aria-labelledby={headingId} aria-busy={posts.status === "loading"}>
      <h2 className="ottisk-teasers__heading" id={headingId} part="heading">
        {heading}
      </h2>
      {posts.status === "error" ? (
        <LoadError messageUI={posts.messageUI} onRetry={reload} />
      ) : posts.status === "loading" ? (
        <ul className="ottisk-teasers__list" data-count={count}>
          {Array.from({ length: count }, (_, index) => (
            <li key={index} className="ottisk-teaser ottisk-teaser--skeleton" aria-hidden="true">
              <div className="ottisk-teaser__cover" />
            </li>
          ))}
        </ul>
      ) : (
        <TeaserList
          posts={posts.data.items.filter((post) => !isExcluded(post, exclude)).slice(0, count)}
          count={count}
          postHref={postHref}
          onNavigate={onNavigate}
        />
      )}
    </section>
  );
}

function TeaserList({
  posts,
  count,
  postHref,
  onNavigate,
}: {
  posts: PageSummary[];
  count: number;
  postHref: (post: PageSummary) => string;
  onNavigate: ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
}) {
  if (posts.length === 0) return <p className="ottisk-message">Статей пока нет. Загляните позже.</p>;
  return (
    <ul className="ottisk-teasers__list" data-count={count}>
      {posts.map((post) => (
        <li key={post.id} className="ottisk-teaser" part="teaser">
          {post.padBanner ? (
            <img className="ottisk-teaser__cover" src={post.padBanner.url} alt="" loading="lazy" />
          ) : (
            <div className="ottisk-teaser__cover ottisk-teaser__cover--empty" data-testid="cover-placeholder" aria-hidden="true" />
          )}
          <div className="ottisk-teaser__body">
            <h3 className="ottisk-teaser__name">{post.name}</h3>
            <time className="ottisk-teaser__date" dateTime={post.createdAt}>
              {formatDateShort(post.createdAt)}
            </time>
            <a className="ottisk-teaser__link" part="link" href={postHref(post)} onClick={onNavigate}>
              Перейти<span className="ottisk-visually-hidden"> к статье «{post.name}»</span>
            </a>
          </div>
        </li>
      ))}
    </ul>
  );
}
