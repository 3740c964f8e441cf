export interface DotPaginationProps {
  pageCount: number;
  /** The current page, counted from 0. */
  page: number;
  onChange: (page: number) => void;
  /** What the pages are of, for screen readers. */
  label: string;
}

/** The dot pagination of spec §2: one dot a page, nothing when there is a single page. */
export function DotPagination({ pageCount, page, onChange, label }: DotPaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label}>
      <ul className="ottisk-dots">
        {Array.from({ length: pageCount }, (_, index) => (
          <li key={index}>
            <button
              type="button"
              className="ottisk-dots__dot"
              aria-label={`Страница ${index + 1} из ${pageCount}`}
              aria-current={index === page ? "page" : undefined}
              onClick={() => onChange(index)}
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}
