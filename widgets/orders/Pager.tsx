export interface PagerProps {
  pageCount: number;
  /** Counted from 0. */
  page: number;
  /** What the pages are of, for screen readers: «Страницы заказов». */
  label: string;
  /** Pages as links (the account area: `?page=N`)… */
  pageHref?: ((page: number) => string) | undefined;
  /** …or as buttons that change the page in place (an element on a partner's page). */
  onPage?: ((page: number) => void) | undefined;
}

/** Numbered pages of a list; nothing when it has one page. */
export function Pager({ pageCount, page, label, pageHref, onPage }: PagerProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className="ottisk-orders__pager" aria-label={label} part="pager">
      <ul>
        {Array.from({ length: pageCount }, (_, index) => {
          const current = index === page;
          const text = String(index + 1);
          const name = `Страница ${index + 1} из ${pageCount}`;
          return (
            <li key={index}>
              {pageHref ? (
                <a href={pageHref(index)} aria-label={name} aria-current={current ? "page" : undefined}>
                  {text}
                </a>
              ) : (
                <button type="button" aria-label={name} aria-current={current ? "page" : undefined} onClick={() => onPage?.(index)}>
                  {text}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
