import { useId } from "react";
import { EMPLOYEE_PRODUCT_LIST_DEFAULT_LIMIT, employeeProductStateValues } from "../../shared/contracts/index";
import type { EmployeeProductState, EmployeeProductSummary } from "../../shared/contracts/index";
import { backOfficePath, formatRoubles } from "../../shared/domain/index";
import { useEmployeeCategoryList, useEmployeeProducts } from "../../shared/state/index";
import { PhotoPlaceholderIcon } from "../../shared/ui/index";
import { whenReady } from "./catalog-form-parts";
import { PageLinks } from "./PageLinks";

/*
 * The back office's product list (issue 29, role catalog): search by name, slug or number, filter
 * by category and state, a page at a time; the filters live in the address (a GET form), so a
 * filtered list can be bookmarked and «Назад» returns to it.
 */

const STATE_LABELS: Readonly<Record<EmployeeProductState, string>> = {
  all: "Все",
  active: "В продаже",
  hidden: "Скрытые",
  archived: "В архиве",
};

/** The list's filters as the address gives them (`?q=&categoryId=&state=&page=`). */
export interface ProductListFilters {
  q: string;
  categoryId: number | null;
  state: EmployeeProductState;
  page: number;
}

export function productListFiltersOf(query: Readonly<Record<string, string>>): ProductListFilters {
  const categoryId = Number(query["categoryId"]);
  const page = Number(query["page"]);
  const state = employeeProductStateValues.find((value) => value === query["state"]) ?? "all";
  return {
    q: (query["q"] ?? "").trim().slice(0, 100),
    categoryId: Number.isInteger(categoryId) && categoryId > 0 ? categoryId : null,
    state,
    page: Number.isInteger(page) && page > 0 ? page : 0,
  };
}

function listPath(filters: ProductListFilters): string {
  return backOfficePath("products", null, {
    q: filters.q,
    categoryId: filters.categoryId === null ? "" : String(filters.categoryId),
    state: filters.state === "all" ? "" : filters.state,
    page: filters.page > 0 ? String(filters.page) : "",
  });
}

/** How the storefront treats the product now: в продаже, скрыт (itself or by its category), в архиве. */
export function productStateText(product: { archivedAt: string | null; hidden: boolean; categoryHidden?: boolean }): string {
  if (product.archivedAt !== null) return "в архиве";
  if (product.hidden) return "скрыт";
  if (product.categoryHidden) return "скрыт вместе с категорией";
  return "в продаже";
}

function ProductRow({ product }: { product: EmployeeProductSummary }) {
  return (
    <tr>
      <td className="catalog-table__photo">
        {product.photoUrl ? <img src={product.photoUrl} alt="" width={56} height={56} loading="lazy" /> : <PhotoPlaceholderIcon />}
      </td>
      <th scope="row">
        <a href={backOfficePath("products", product.id)}>{product.name}</a>
        <span className="employee-table__sub">№ {product.id} · {product.slug}</span>
      </th>
      <td>{product.categoryName}</td>
      <td className="employee-table__money">
        от {formatRoubles(product.priceFrom)}
        {product.discountPct > 0 ? <span className="employee-table__sub">скидка {product.discountPct} %</span> : null}
      </td>
      <td>
        <span className={`catalog-state catalog-state--${product.archivedAt !== null ? "archived" : product.hidden || product.categoryHidden ? "hidden" : "active"}`}>
          {productStateText(product)}
        </span>
      </td>
    </tr>
  );
}

/** `/admin/employee/products?q=&categoryId=&state=&page=`: the products, filtered by a GET form. */
export function ProductTable({ filters }: { filters: ProductListFilters }) {
  const limit = EMPLOYEE_PRODUCT_LIST_DEFAULT_LIMIT;
  const { products, reload } = useEmployeeProducts({
    q: filters.q === "" ? undefined : filters.q,
    categoryId: filters.categoryId ?? undefined,
    state: filters.state,
    offset: filters.page * limit,
    limit,
  });
  const { categories } = useEmployeeCategoryList();
  const ids = useId();
  const filtered = filters.q !== "" || filters.categoryId !== null || filters.state !== "all";
  return (
    <div className="catalog-admin">
      <p className="catalog-admin__actions">
        <a className="ottisk-button" href={backOfficePath("products", "new", filters.categoryId === null ? {} : { categoryId: String(filters.categoryId) })}>
          Добавить товар
        </a>
      </p>
      <form className="employee-filters" method="get" action={backOfficePath("products")} role="search" aria-label="Поиск товаров">
        <div className="employee-filters__field employee-filters__field--wide">
          <label htmlFor={`${ids}-q`}>Название, адрес или номер товара</label>
          <input id={`${ids}-q`} className="ottisk-input" type="search" name="q" defaultValue={filters.q} maxLength={100} autoComplete="off" />
        </div>
        <div className="employee-filters__field">
          <label htmlFor={`${ids}-category`}>Категория</label>
          <select id={`${ids}-category`} className="ottisk-input" name="categoryId" defaultValue={filters.categoryId === null ? "" : String(filters.categoryId)}>
            <option value="">Все категории</option>
            {(categories.status === "ready" ? categories.data : []).map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
            {filters.categoryId !== null && categories.status !== "ready" ? <option value={filters.categoryId}>Категория № {filters.categoryId}</option> : null}
          </select>
        </div>
        <div className="employee-filters__field">
          <label htmlFor={`${ids}-state`}>Состояние</label>
          <select id={`${ids}-state`} className="ottisk-input" name="state" defaultValue={filters.state}>
            {employeeProductStateValues.map((state) => (
              <option key={state} value={state}>
                {STATE_LABELS[state]}
              </option>
            ))}
          </select>
        </div>
        <div className="employee-filters__actions">
          <button type="submit" className="ottisk-button">
            Показать
          </button>
          {filtered ? (
            <a className="ottisk-button ottisk-button--quiet" href={backOfficePath("products")}>
              Сбросить
            </a>
          ) : null}
        </div>
      </form>
      {whenReady(products, "товары", reload, (list) => {
        const pageCount = Math.max(1, Math.ceil(list.total / limit));
        if (list.items.length === 0) {
          return (
            <div className="ottisk-message" role="status">
              <p>{filtered ? "Товаров с такими условиями нет." : "Товаров пока нет."}</p>
              {filters.page > 0 ? <a href={listPath({ ...filters, page: 0 })}>К первой странице</a> : null}
            </div>
          );
        }
        return (
          <>
            <div className="employee-table catalog-table" role="region" aria-labelledby={`${ids}-caption`} tabIndex={0}>
              <table>
                <caption id={`${ids}-caption`}>
                  Найдено товаров: {list.total}
                  {pageCount > 1 ? `, страница ${filters.page + 1} из ${pageCount}` : ""}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">
                      <span className="catalog-visually-hidden">Фото</span>
                    </th>
                    <th scope="col">Товар</th>
                    <th scope="col">Категория</th>
                    <th scope="col" className="employee-table__money">
                      Цена
                    </th>
                    <th scope="col">Состояние</th>
                  </tr>
                </thead>
                <tbody>
                  {list.items.map((product) => (
                    <ProductRow key={product.id} product={product} />
                  ))}
                </tbody>
              </table>
            </div>
            <PageLinks label="Страницы товаров" page={filters.page + 1} pageCount={pageCount} hrefOf={(other) => listPath({ ...filters, page: other - 1 })} />
          </>
        );
      })}
    </div>
  );
}
