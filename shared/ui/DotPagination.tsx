import { useEffect, useRef } from "react";
import type { KeyboardEvent } from "react";

export interface DotPaginationProps {
  pageCount: number;
  /** The current page, counted from 0. */
  page: number;
  onChange: (page: number) => void;
  /** What the pages are of, for screen readers. */
  label: string;
}

/** Pages around the current one that get a dot of their own, on each side. */
const AROUND = 2;
/** Up to this many pages every page has a dot: a window would draw as many items. */
const ALL_UP_TO = 2 * AROUND + 3;

/** One item of the row: a page's dot, or an ellipsis for the pages left out between two dots. */
export type DotItem = { page: number } | { gap: "before" | "after" };

/**
 * The dots the row draws: every page while there are few; else a window — the first page, the
 * current one with AROUND pages each side, the last page, and an ellipsis for each run of pages left
 * out (a run of one page gets its dot instead). At most 2·AROUND + 5 items, whatever the page count:
 * 1,292 pages drew 1,292 buttons (SSR HTML 58 → 200 KB at 31k products).
 */
export function dotItems(pageCount: number, page: number): DotItem[] {
  if (pageCount <= ALL_UP_TO) return Array.from({ length: pageCount }, (_, index) => ({ page: index }));
  const current = Math.min(Math.max(page, 0), pageCount - 1);
  const from = Math.max(1, current - AROUND);
  const to = Math.min(pageCount - 2, current + AROUND);
  const items: DotItem[] = [{ page: 0 }];
  if (from === 2) items.push({ page: 1 });
  else if (from > 2) items.push({ gap: "before" });
  for (let index = from; index <= to; index += 1) items.push({ page: index });
  if (to === pageCount - 3) items.push({ page: pageCount - 2 });
  else if (to < pageCount - 3) items.push({ gap: "after" });
  items.push({ page: pageCount - 1 });
  return items;
}

/** The page a key moves to from `page` (←/→ one page, Home/End the first and last), or null for other keys. */
function pageForKey(key: string, page: number, pageCount: number): number | null {
  switch (key) {
    case "ArrowLeft":
      return Math.max(0, page - 1);
    case "ArrowRight":
      return Math.min(pageCount - 1, page + 1);
    case "Home":
      return 0;
    case "End":
      return pageCount - 1;
    default:
      return null;
  }
}

/**
 * The dot pagination of spec §2: a dot a page (a window of them when there are many), nothing when
 * there is a single page. Each dot is a button named «Страница N из M»; the current one has
 * aria-current="page". From a dot, ←/→ go to the previous and next page, Home/End to the first and
 * the last, and the focus follows to the new current dot.
 */
export function DotPagination({ pageCount, page, onChange, label }: DotPaginationProps) {
  const list = useRef<HTMLUListElement>(null);
  /** Set by a key press: the focus moves to the current dot once the new page is drawn. */
  const focusCurrent = useRef(false);

  useEffect(() => {
    if (!focusCurrent.current) return;
    focusCurrent.current = false;
    list.current?.querySelector<HTMLButtonElement>('[aria-current="page"]')?.focus();
  }, [page]);

  if (pageCount <= 1) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = pageForKey(event.key, page, pageCount);
    if (next === null) return;
    event.preventDefault();
    if (next === page) return;
    focusCurrent.current = true;
    onChange(next);
  };

  return (
    <nav aria-label={label}>
      <ul className="ottisk-dots" ref={list}>
        {dotItems(pageCount, page).map((item) =>
          "gap" in item ? (
            <li key={item.gap} className="ottisk-dots__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <button
                type="button"
                className="ottisk-dots__dot"
                aria-label={`Страница ${item.page + 1} из ${pageCount}`}
                aria-current={item.page === page ? "page" : undefined}
                onClick={() => onChange(item.page)}
                onKeyDown={onKeyDown}
              />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
