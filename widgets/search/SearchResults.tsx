import { useAtomValue, useSetAtom } from "jotai/react";
import { useEffect, useState } from "react";
import type { MouseEvent } from "react";
import { SEARCH_DEFAULT_LIMIT } from "../../shared/contracts/wire";
import type { SearchResult, SearchResultPage } from "../../shared/contracts/index";
import { pluralRu } from "../../shared/domain/counts";
import { formatRoubles } from "../../shared/domain/money";
import { loadSearchPageAtom, searchPageKey, searchPagesAtom } from "../../shared/state/index";
import type { Resource } from "../../shared/state/index";
import { LoadError } from "../../shared/ui/index";

export interface SearchResultsProps {
  /** What to search for; empty or missing: a hint to type a query. */
  query: string | undefined;
  /** Results per page («Показать ещё» loads the next page). */
  pageSize?: number | undefined;
  /** The address of a result's storefront path (`catalog/vizitki/3`, `blog/…`, `` for the main page). */
  resultHref: (result: SearchResult) => string;
  /** A result link was clicked; call `event.preventDefault()` to route on the page. */
  onNavigate?: ((result: SearchResult, event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
}

const LOADING: Resource<never> = { status: "loading" };

/**
 * The site search results (spec §2 "poisk"): pages and products best first, each with its picture,
 * title, a product's «от … ₽» and the text around the words found, paged with «Показать ещё». Give it a `key` of the
 * query, so another query starts again from its first page.
 */
export function SearchResults({ query, pageSize = SEARCH_DEFAULT_LIMIT, resultHref, onNavigate }: SearchResultsProps) {
  const search = (query ?? "").trim();
  const [pageCount, setPageCount] = useState(1);
  const pages = useAtomValue(searchPagesAtom);
  const load = useSetAtom(loadSearchPageAtom);

  useEffect(() => {
    if (search === "") return;
    for (let page = 0; page < pageCount; page++) void load({ search, offset: page * pageSize, limit: pageSize });
  }, [search, pageSize, pageCount, load]);

  if (search === "") {
    return (
      <section className="ottisk-root ottisk-search-results" part="results">
        <p className="ottisk-message" role="status">
          Введите запрос в поле поиска, чтобы найти товары и страницы сайта.
        </p>
      </section>
    );
  }

  const resources: Resource<SearchResultPage>[] = Array.from(
    { length: pageCount },
    (_, page) => pages[searchPageKey({ search, offset: page * pageSize, limit: pageSize })] ?? LOADING,
  );
  const first = resources[0] ?? LOADING;
  const items = resources.flatMap((resource) => (resource.status === "ready" ? resource.data.items : []));
  const last = resources[resources.length - 1] ?? LOADING;
  const total = first.status === "ready" ? first.data.total : 0;
  // The server counts exactly up to a cap (1 000) and says when there are more: «Найдено более 1 000 результатов».
  const capped = first.status === "ready" && first.data.totalIsCapped;
  const retry = () => {
    resources.forEach((resource, page) => {
      if (resource.status === "error") void load({ search, offset: page * pageSize, limit: pageSize });
    });
  };

  return (
    <section className="ottisk-root ottisk-search-results" part="results" aria-busy={last.status === "loading"}>
      <h2 className="ottisk-search-results__title">Результаты поиска по запросу «{search}»</h2>
      {first.status === "ready" ? (
        <p className="ottisk-search-results__count" role="status">
          {total === 0
            ? `Ничего не найдено по запросу «${search}»`
            : `Найдено ${capped ? "более " : ""}${total.toLocaleString("ru-RU").replace(/\s/g, "\u00a0")} ${pluralRu(total, { one: "результат", few: "результата", many: "результатов" })}`}
        </p>
      ) : null}
      {items.length > 0 ? (
        <ol className="ottisk-search-results__list">
          {items.map((item) => (
            <li key={`${item.type}-${item.id}`}>
              <ResultItem result={item} href={resultHref(item)} onNavigate={onNavigate} />
            </li>
          ))}
        </ol>
      ) : null}
      {last.status === "loading" ? (
        <p className="ottisk-search-results__loading" role="status">
          Ищем…
        </p>
      ) : null}
      {last.status === "error" ? (
        <LoadError messageUI={last.messageUI} onRetry={retry} />
      ) : null}
      {last.status === "ready" && items.length < total ? (
        <button type="button" className="ottisk-button ottisk-button--quiet ottisk-search-results__more" part="more-button" onClick={() => setPageCount((count) => count + 1)}>
          Показать ещё
        </button>
      ) : null}
    </section>
  );
}

function ResultItem({ result, href, onNavigate }: { result: SearchResult; href: string; onNavigate: SearchResultsProps["onNavigate"] }) {
  return (
    <article className="ottisk-search-result" part="result">
      {result.imageUrl ? <img className="ottisk-search-result__image" src={result.imageUrl} alt="" loading="lazy" width={96} height={72} /> : null}
      <div className="ottisk-search-result__text">
        <p className="ottisk-search-result__type">{result.type === "product" ? "Товар" : "Страница"}</p>
        <h3 className="ottisk-search-result__title">
          <a href={href} part="result-link" onClick={(event) => onNavigate?.(result, event)}>
            {result.title}
          </a>
        </h3>
        {result.priceFrom !== null ? (
          <p className="ottisk-search-result__price" part="result-price">
            от {formatRoubles(result.priceFrom)}
          </p>
        ) : null}
        {result.snippet ? <p className="ottisk-search-result__snippet">{result.snippet}</p> : null}
      </div>
    </article>
  );
}
