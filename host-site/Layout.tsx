import type { ReactNode } from "react";
import { useCategories } from "../shared/state/index";
import { catalogPath } from "./routes";

/** The storefront's frame: header with the catalogue's sections, the page, the footer. */
export function Layout({ activeCategorySlug, children }: { activeCategorySlug?: string | undefined; children: ReactNode }) {
  const categories = useCategories();
  return (
    <div className="site ottisk-root">
      <a className="site__skip" href="#content">
        Перейти к содержанию
      </a>
      <header className="site__header">
        <div className="site__bar">
          <a className="site__logo" href={catalogPath()} aria-label="Оттиск — на главную">
            <span className="site__logo-mark" aria-hidden="true" />
            Оттиск
          </a>
          <span className="site__tagline">Типография онлайн</span>
        </div>
        <nav className="site__nav" aria-label="Разделы каталога">
          <ul>
            <li>
              <a href={catalogPath()} aria-current={activeCategorySlug === undefined ? "page" : undefined}>
                Весь каталог
              </a>
            </li>
            {categories.status === "ready"
              ? categories.data.map((category) => (
                  <li key={category.id}>
                    <a href={catalogPath(category.slug)} aria-current={category.slug === activeCategorySlug ? "page" : undefined}>
                      {category.name}
                    </a>
                  </li>
                ))
              : null}
          </ul>
        </nav>
      </header>
      <main id="content" className="site__main">
        {children}
      </main>
      <footer className="site__footer">
        <p>© Оттиск — печать визиток, листовок, каталогов и баннеров.</p>
      </footer>
    </div>
  );
}
