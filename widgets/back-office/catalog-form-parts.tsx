import { useEffect, useId } from "react";
import type { ReactNode } from "react";
import type { Resource } from "../../shared/state/index";
import { LoadError } from "../../shared/ui/index";

/*
 * What the catalogue's pages share: a loading line, a resource's states, a text field of the form,
 * the SEO block and the warning before leaving a form with unsaved changes.
 */

/** The CSS block of the catalogue's forms: `catalog-form__field`, `__hint`, `__error`. */
export const FORM_BLOCK = "catalog-form";

/** The resource's data, or what to show instead (loading, the error with «Повторить»). */
export function whenReady<T>(resource: Resource<T>, what: string, reload: () => void, show: (data: T) => ReactNode): ReactNode {
  // Asked again after a write: what it held stays drawn (a form on it keeps what was typed).
  if (resource.status === "loading" && resource.data !== undefined) return show(resource.data);
  if (resource.status === "loading") {
    return (
      <p className="catalog-admin__loading" role="status">
        Загружаем {what}…
      </p>
    );
  }
  if (resource.status === "error") return <LoadError messageUI={resource.messageUI} onRetry={resource.httpStatus === 404 ? undefined : reload} />;
  return show(resource.data);
}

/** A labelled one-line text box with its error (typed text stays as typed). */
export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  inputMode,
  required,
  maxLength,
  wide,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  inputMode?: "text" | "numeric" | "decimal";
  required?: boolean;
  maxLength?: number;
  wide?: boolean;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={wide ? `${FORM_BLOCK}__field ${FORM_BLOCK}__field--wide` : `${FORM_BLOCK}__field`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="ottisk-input"
        type="text"
        inputMode={inputMode ?? "text"}
        value={value}
        required={required}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint ? (
        <p id={`${id}-hint`} className={`${FORM_BLOCK}__hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={`${FORM_BLOCK}__error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled text area with its error. */
export function TextAreaField({ label, value, onChange, error, rows = 4 }: { label: string; value: string; onChange: (value: string) => void; error?: string | undefined; rows?: number }) {
  const id = useId();
  return (
    <div className={`${FORM_BLOCK}__field ${FORM_BLOCK}__field--wide`}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className="ottisk-input"
        rows={rows}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className={`${FORM_BLOCK}__error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A checkbox with its label after it. */
export function CheckField({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className={`${FORM_BLOCK}__check`}>
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

export interface SeoValues {
  seoName: string;
  seoTitle: string;
  seoDescription: string;
  seoKeywords: string;
}

/** The four SEO fields of a category or a product. */
export function SeoFields({ values, errors, onChange }: { values: SeoValues; errors: Readonly<Record<string, string>>; onChange: (change: Partial<SeoValues>) => void }) {
  return (
    <div className={`${FORM_BLOCK}__grid`}>
      <TextField label="SEO-название" value={values.seoName} error={errors["seoName"]} onChange={(seoName) => onChange({ seoName })} />
      <TextField label="Заголовок страницы (title)" value={values.seoTitle} error={errors["seoTitle"]} onChange={(seoTitle) => onChange({ seoTitle })} wide />
      <TextAreaField label="Описание для поисковиков (description)" rows={2} value={values.seoDescription} error={errors["seoDescription"]} onChange={(seoDescription) => onChange({ seoDescription })} />
      <TextField label="Ключевые слова (keywords)" value={values.seoKeywords} error={errors["seoKeywords"]} onChange={(seoKeywords) => onChange({ seoKeywords })} wide />
    </div>
  );
}

/** While `dirty`, leaving the page (a link, closing the tab) asks the browser's «Покинуть страницу?» first. */
export function useLeaveWarning(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
}

/** A block of a form with its heading. */
export function FormBlock({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="catalog-form__block" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
