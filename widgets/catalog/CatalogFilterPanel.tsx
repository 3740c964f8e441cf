import { useId, useState } from "react";
import type { FormEvent } from "react";
import { PRICE_FILTER_MAX } from "../../shared/contracts/wire";
import type { Category } from "../../shared/contracts/index";
import { formatWorkingDaysLimit } from "../../shared/domain/counts";
import { parseCatalogFilters } from "../../shared/state/index";
import type { CatalogFilters } from "../../shared/state/index";

/*
 * The catalogue's filter panel (spec §7 GET /public/product filters). A separate module, loaded
 * with React.lazy, so the cards of the catalogue paint before its code arrives.
 */

export interface CatalogFilterPanelProps {
  filters: CatalogFilters;
  /** Filters in effect, for the summary's badge. */
  activeCount: number;
  /** The categories to choose from; null when the catalogue is bound to one. */
  categories: readonly Category[] | null;
  onApply: (filters: CatalogFilters) => void;
  onReset: () => void;
}

/** The production times offered (working days); a stored other value is offered too. */
const PRODUCTION_DAYS = [1, 2, 3, 5, 7, 10];

interface Draft {
  productionTimeDay: string;
  discount: boolean;
  minPrice: string;
  maxPrice: string;
  categoryId: string;
}

function draftOf(filters: CatalogFilters): Draft {
  return {
    productionTimeDay: filters.productionTimeDay === undefined ? "" : String(filters.productionTimeDay),
    discount: filters.discount === true,
    minPrice: filters.minPrice === undefined ? "" : String(filters.minPrice),
    maxPrice: filters.maxPrice === undefined ? "" : String(filters.maxPrice),
    categoryId: filters.categoryId === undefined ? "" : String(filters.categoryId),
  };
}

/** A price typed in Russian style ("1 500,50") as roubles; "" is no bound; null is not a price. */
function priceOf(text: string): number | undefined | null {
  const clean = text.replace(/[\s\u00a0]/g, "").replace(",", ".");
  if (clean === "") return undefined;
  const value = Number(clean);
  return Number.isFinite(value) && value >= 0 && value <= PRICE_FILTER_MAX ? value : null;
}

export default function CatalogFilterPanel({ filters, activeCount, categories, onApply, onReset }: CatalogFilterPanelProps) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  const [error, setError] = useState<{ field: "minPrice" | "maxPrice"; text: string } | null>(null);
  const id = useId();
  const errorId = `${id}-error`;
  const days = filters.productionTimeDay !== undefined && !PRODUCTION_DAYS.includes(filters.productionTimeDay)
    ? [...PRODUCTION_DAYS, filters.productionTimeDay].sort((a, b) => a - b)
    : PRODUCTION_DAYS;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const minPrice = priceOf(draft.minPrice);
    const maxPrice = priceOf(draft.maxPrice);
    if (minPrice === null) return setError({ field: "minPrice", text: "Минимальная цена должна быть числом не меньше нуля" });
    if (maxPrice === null) return setError({ field: "maxPrice", text: "Максимальная цена должна быть числом не меньше нуля" });
    if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
      return setError({ field: "minPrice", text: "Минимальная цена не может быть больше максимальной" });
    }
    setError(null);
    onApply(
      parseCatalogFilters({
        productionTimeDay: draft.productionTimeDay === "" ? undefined : Number(draft.productionTimeDay),
        discount: draft.discount,
        minPrice,
        maxPrice,
        categoryId: draft.categoryId === "" ? undefined : Number(draft.categoryId),
      }),
    );
  };

  const reset = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setDraft(draftOf({}));
    onReset();
  };

  const invalid = (field: "minPrice" | "maxPrice") =>
    error?.field === field ? { "aria-invalid": true as const, "aria-describedby": errorId } : {};

  /** A bound of the price range: «от» or «до». */
  const priceBound = (field: "minPrice" | "maxPrice", word: "от" | "до") => (
    <label>
      <span className="ottisk-visually-hidden">{`Цена ${word}, ₽`}</span>
      <input
        className="ottisk-input"
        type="text"
        inputMode="decimal"
        name={field}
        autoComplete="off"
        placeholder={word}
        value={draft[field]}
        onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
        {...invalid(field)}
      />
    </label>
  );

  return (
    <details className="ottisk-catalog__filters" part="filters" open={activeCount > 0 ? true : undefined}>
      <summary className="ottisk-catalog__filters-summary">
        Фильтры
        {activeCount > 0 ? (
          <span className="ottisk-catalog__filters-badge" aria-label={`выбрано: ${activeCount}`}>
            {activeCount}
          </span>
        ) : null}
      </summary>
      <form className="ottisk-catalog__filters-form" aria-label="Фильтры каталога" onSubmit={submit} onReset={reset} noValidate>
        <label className="ottisk-field">
          <span className="ottisk-field__label">Срок изготовления</span>
          <select
            className="ottisk-input"
            name="productionTimeDay"
            value={draft.productionTimeDay}
            onChange={(event) => setDraft({ ...draft, productionTimeDay: event.target.value })}
          >
            <option value="">Любой</option>
            {days.map((day) => (
              <option key={day} value={String(day)}>
                {formatWorkingDaysLimit(day)}
              </option>
            ))}
          </select>
        </label>
        {categories ? (
          <label className="ottisk-field">
            <span className="ottisk-field__label">Категория</span>
            <select className="ottisk-input" name="categoryId" value={draft.categoryId} onChange={(event) => setDraft({ ...draft, categoryId: event.target.value })}>
              <option value="">Все категории</option>
              {categories.map((category) => (
                <option key={category.id} value={String(category.id)}>
                  {category.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <fieldset className="ottisk-field ottisk-catalog__price">
          <legend className="ottisk-field__label">Цена, ₽</legend>
          {priceBound("minPrice", "от")}
          <span aria-hidden="true">—</span>
          {priceBound("maxPrice", "до")}
        </fieldset>
        <label className="ottisk-catalog__check">
          <input
            type="checkbox"
            name="discount"
            checked={draft.discount}
            onChange={(event) => setDraft({ ...draft, discount: event.target.checked })}
          />
          <span>Только со скидкой</span>
        </label>
        {error ? (
          <p id={errorId} className="ottisk-catalog__filters-error" role="alert">
            {error.text}
          </p>
        ) : null}
        <div className="ottisk-catalog__filters-actions">
          <button type="submit" className="ottisk-button">
            Показать
          </button>
          <button type="reset" className="ottisk-button ottisk-button--quiet">
            Сбросить
          </button>
        </div>
      </form>
    </details>
  );
}
