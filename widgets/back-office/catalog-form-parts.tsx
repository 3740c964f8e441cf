import { useEffect, useId, useState } from "react";
import type { Dispatch, ReactNode, SetStateAction } from "react";
import { useShowFailure } from "../../shared/state/index";
import type { Resource } from "../../shared/state/index";
import { LoadError } from "../../shared/ui/index";
import { fieldErrorsOf } from "./catalog-drafts";
import type { FieldErrors } from "./catalog-drafts";
import { slugFromName } from "./catalog-slug";

/*
 * What the catalogue's pages share: a loading line, a resource's states, a text field of the form,
 * the name and address fields, the SEO block, the warning before leaving a form with unsaved
 * changes and the editing and saving of a category's or a product's form (useRecordForm).
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

/** The name and the address (slug) of a category or a product: the slug follows the name until it is edited. */
export function NameSlugFields({
  name,
  slug,
  errors,
  onChange,
}: {
  name: string;
  slug: string;
  errors: FieldErrors;
  onChange: (change: { name: string } | { slug: string; slugEdited: true }) => void;
}) {
  return (
    <>
      <TextField label="Название" value={name} error={errors["name"]} required maxLength={200} onChange={(value) => onChange({ name: value })} wide />
      <TextField
        label="Адрес (slug)"
        value={slug}
        error={errors["slug"]}
        hint="Латинские строчные буквы, цифры и дефисы; предлагается по названию"
        required
        maxLength={100}
        onChange={(value) => onChange({ slug: value, slugEdited: true })}
      />
    </>
  );
}

/** A draft with a name whose slug follows it until edited. */
interface NamedDraft {
  name: string;
  slug: string;
  slugEdited: boolean;
}

export interface RecordFormOptions<D extends NamedDraft, R, I> {
  original: R | null;
  newDraft: () => D;
  draftOf: (record: R) => D;
  /** The draft checked and turned into what is sent, or each field's error. */
  inputOf: (draft: D, saved: R | null) => { input: I } | { errors: FieldErrors };
  save: (saved: R | null, input: I) => Promise<R>;
  /** What the form says after a save; `created`: the record is new (the caller moves the address to it). */
  saved: (record: R, created: boolean) => string;
  /** Added to a 409's message (someone else saved meanwhile). */
  conflictHint?: string | undefined;
}

/** The editing and saving of a category's or a product's form: the draft, its errors, the busy state and the answer's words. */
export function useRecordForm<D extends NamedDraft, R, I>(options: RecordFormOptions<D, R, I>) {
  const showFailure = useShowFailure();
  const [draft, setDraft] = useState<D>(() => (options.original ? options.draftOf(options.original) : options.newDraft()));
  const [saved, setSaved]: [R | null, Dispatch<SetStateAction<R | null>>] = useState<R | null>(options.original);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useLeaveWarning(dirty);

  /** Every edit goes through the draft as React holds it when it applies the edit (never the render's copy). */
  const edit = (apply: (current: D) => D) => {
    setDraft(apply);
    setDirty(true);
    setDone(null);
  };
  const change = (part: Partial<D>) =>
    edit((current) => {
      const next = { ...current, ...part };
      if (part.name !== undefined && !current.slugEdited) next.slug = slugFromName(part.name);
      return next;
    });

  const submit = () => {
    const made = options.inputOf(draft, saved);
    if ("errors" in made) {
      setErrors(made.errors);
      setError(`Проверьте поля: ${Object.values(made.errors).join("; ")}.`);
      return;
    }
    setBusy(true);
    setError(null);
    setErrors({});
    options
      .save(saved, made.input)
      .then((record) => {
        setBusy(false);
        setDirty(false);
        setDone(options.saved(record, saved === null));
        setSaved(record);
        setDraft(options.draftOf(record));
      })
      .catch((failure: unknown) => {
        setBusy(false);
        showFailure(failure, (messageUI, apiError) => {
          setError(apiError.status === 409 && options.conflictHint ? `${messageUI} ${options.conflictHint}` : messageUI);
          setErrors(fieldErrorsOf(apiError.issues));
        });
      });
  };

  return { draft, setDraft, saved, setSaved, errors, error, done, setDone, busy, edit, change, submit };
}
