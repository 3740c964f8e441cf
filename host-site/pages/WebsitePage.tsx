import type { Page, PageSummary } from "../../shared/contracts/index";
import { formatDateLong, formatDateShort, HOME_PATH, pagePath } from "../../shared/domain/index";
import { usePage } from "../../shared/state/index";
import type { Crumb } from "../head";
import { PageContent } from "./PageContent";
import { LoadError } from "../../shared/ui/index";
import { FeedbackForm } from "../../widgets/feedback-form/index";
import { BlogTeasers } from "../../widgets/blog-teasers/index";

/** The trail above a page: the main page, then its parent section. */
export function pageCrumbs(page: Page): Crumb[] {
  if (page.kind === "main") return [{ name: "Главная", path: HOME_PATH }];
  return [
    { name: "Главная", path: HOME_PATH },
    ...(page.parent ? [{ name: page.parent.name, path: pagePath(page.parent.slug) }] : []),
    { name: page.seoName || page.name, path: pagePath(page.slug) },
  ];
}

/**
 * A website page by its slug (spec §2): the main page, a section's list (blog, uslugi, vakansii,
 * instrukcii) with links to its pages, a page under a section, the contacts, a generic page.
 */
export function WebsitePage({ slug }: { slug: string }) {
  const { page, reload } = usePage(slug);
  if (page.status === "loading") {
    return (
      <p className="ottisk-message" role="status">
        Загружаем страницу…
      </p>
    );
  }
  if (page.status === "error") {
    return (
      <LoadError messageUI={page.messageUI} onRetry={reload}>
        {" "}
        <a href={HOME_PATH}>На главную</a>
      </LoadError>
    );
  }
  const data = page.data;
  if (data.kind === "main") return <MainPage page={data} />;
  return (
    <article className="content-page" data-kind={data.kind}>
      <PageHeading page={data} />
      <PageContent components={data.components} excludePost={data.kind === "blog" ? data.slug : undefined} />
      {data.parent === null && data.children.length > 0 ? <ChildList page={data} /> : null}
      {data.kind === "contacts" ? (
        <div className="content-block">
          <FeedbackForm />
        </div>
      ) : null}
      {data.kind === "blog" && data.parent !== null && !data.components.some((component) => component.key === "BlogTeasers") ? (
        <div className="content-block">
          <BlogTeasers heading="Ещё в блоге" exclude={data.slug} postHref={(post) => pagePath(post.slug)} />
        </div>
      ) : null}
    </article>
  );
}

function MainPage({ page }: { page: Page }) {
  const bannerFirst = page.components.find((component) => component.key !== "Header")?.key === "Banner";
  return (
    <div className="content-page" data-kind="main">
      {bannerFirst ? null : (
        <div className="page-heading">
          <h1>{page.seoName || page.name}</h1>
          {page.summary ? <p className="page-heading__lead">{page.summary}</p> : null}
        </div>
      )}
      <PageContent components={page.components.filter((component) => component.key !== "Header")} headingLevel={bannerFirst ? 1 : 2} />
    </div>
  );
}

function PageHeading({ page }: { page: Page }) {
  const crumbs = pageCrumbs(page).slice(0, -1);
  const article = page.kind === "blog" && page.parent !== null;
  return (
    <header className="page-heading">
      <nav aria-label="Навигационная цепочка" className="breadcrumbs">
        {crumbs.map((crumb, index) => (
          <span key={crumb.path}>
            {index > 0 ? <span aria-hidden="true"> / </span> : null}
            <a href={crumb.path}>{crumb.name}</a>
          </span>
        ))}
      </nav>
      <h1>{page.seoName || page.name}</h1>
      {article ? (
        <p className="content-page__date">
          <time dateTime={page.createdAt}>{formatDateLong(page.createdAt)}</time>
        </p>
      ) : null}
      {page.summary ? <p className="page-heading__lead">{page.summary}</p> : null}
      {article && page.padBanner ? <img className="content-page__cover" src={page.padBanner.url} alt="" width={1200} height={630} /> : null}
    </header>
  );
}

/** The section's pages, each with its cover, name, summary and a link (blog posts with their date). */
function ChildList({ page }: { page: Page }) {
  return (
    <section className="content-block" aria-labelledby="child-list-heading">
      <h2 id="child-list-heading" className="ottisk-visually-hidden">
        {page.name}: все страницы раздела
      </h2>
      <ul className="content-cards">
        {page.children.map((child) => (
          <ChildCard key={child.id} child={child} withDate={page.kind === "blog"} />
        ))}
      </ul>
    </section>
  );
}

function ChildCard({ child, withDate }: { child: PageSummary; withDate: boolean }) {
  return (
    <li className="content-card">
      {child.padBanner ? (
        <img className="content-card__cover" src={child.padBanner.url} alt="" width={600} height={315} loading="lazy" />
      ) : (
        <div className="content-card__cover content-card__cover--empty" aria-hidden="true" />
      )}
      <div className="content-card__body">
        <h3 className="content-card__name">
          <a href={pagePath(child.slug)}>{child.name}</a>
        </h3>
        {withDate ? (
          <time className="content-card__date" dateTime={child.createdAt}>
            {formatDateShort(child.createdAt)}
          </time>
        ) : null}
        {child.summary ? <p className="content-card__summary">{child.summary}</p> : null}
      </div>
    </li>
  );
}
