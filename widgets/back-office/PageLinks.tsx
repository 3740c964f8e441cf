/**
 * «← Предыдущая · Страница N из M · Следующая →» under a back-office list; nothing when the list
 * fits one page. `page` counts from 1; `hrefOf` gives the address of another page (counted from 1).
 */
export function PageLinks({ label, page, pageCount, hrefOf }: { label: string; page: number; pageCount: number; hrefOf: (page: number) => string }) {
  if (pageCount <= 1) return null;
  return (
    <nav className="employee-pages" aria-label={label}>
      {page > 1 ? (
        <a href={hrefOf(page - 1)} rel="prev">
          ← Предыдущая
        </a>
      ) : null}
      <span>
        Страница {page} из {pageCount}
      </span>
      {page < pageCount ? (
        <a href={hrefOf(page + 1)} rel="next">
          Следующая →
        </a>
      ) : null}
    </nav>
  );
}
