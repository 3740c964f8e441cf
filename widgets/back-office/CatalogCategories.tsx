import { useSetAtom } from "jotai/react";
import { useId, useState } from "react";
import type { EmployeeCategory } from "../../shared/contracts/index";
import { backOfficePath, catalogPath } from "../../shared/domain/index";
import { recordId, saveEmployeeCategoryAtom, uploadEmployeeCategoryPictureAtom, useEmployeeCategory, useEmployeeCategoryList, useShowFailure } from "../../shared/state/index";
import { ErrorNote } from "../../shared/ui/index";
import { categoryDraftOf, categoryInputOf, newCategoryDraft } from "./catalog-drafts";
import type { CategoryDraft } from "./catalog-drafts";
import { CheckField, FormBlock, NameSlugFields, SeoFields, TextAreaField, TextField, useRecordForm, whenReady } from "./catalog-form-parts";

/*
 * The back office's categories (issue 29, role catalog): the table of every category, hidden ones
 * included, and one category's form — name, slug proposed from the name, description, order,
 * hidden, picture, SEO fields. Saving sends the whole category; the storefront shows it at once.
 */

/** `/admin/employee/categories`: every category in the shop's order. */
export function CategoryTable() {
  const { categories, reload } = useEmployeeCategoryList();
  const captionId = useId();
  return (
    <div className="catalog-admin">
      <p className="catalog-admin__actions">
        <a className="ottisk-button" href={backOfficePath("categories", "new")}>
          Добавить категорию
        </a>
      </p>
      {whenReady(categories, "категории", reload, (list) =>
        list.length === 0 ? (
          <p role="status">Категорий пока нет.</p>
        ) : (
          <div className="employee-table catalog-table" role="region" aria-labelledby={captionId} tabIndex={0}>
            <table>
              <caption id={captionId}>Категории: {list.length}</caption>
              <thead>
                <tr>
                  <th scope="col">Название</th>
                  <th scope="col">Адрес (slug)</th>
                  <th scope="col">Порядок</th>
                  <th scope="col">На сайте</th>
                  <th scope="col">Товаров</th>
                </tr>
              </thead>
              <tbody>
                {list.map((category) => (
                  <tr key={category.id ?? category.slug}>
                    <th scope="row">
                      <a href={backOfficePath("categories", recordId(category))}>{category.name}</a>
                    </th>
                    <td>{category.slug}</td>
                    <td>{category.sortOrder}</td>
                    <td>{category.hidden ? "скрыта" : "показана"}</td>
                    <td>{category.productCount ?? 0}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ),
      )}
    </div>
  );
}

/** The category's picture: its preview and the upload (once the category exists). */
function CategoryPicture({ categoryId, draft, onChange }: { categoryId: number | null; draft: CategoryDraft; onChange: (photo: CategoryDraft["photo"]) => void }) {
  const upload = useSetAtom(uploadEmployeeCategoryPictureAtom);
  const showFailure = useShowFailure();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  if (categoryId === null) return <p>Картинку можно загрузить после того, как категория сохранена.</p>;
  return (
    <div className="catalog-picture">
      {draft.photo?.url ? <img className="catalog-picture__preview" src={draft.photo.url} alt={`Картинка категории «${draft.name}»`} /> : <p>Картинки нет.</p>}
      <div className="catalog-form__field">
        <label htmlFor={inputId}>{draft.photo ? "Заменить картинку" : "Загрузить картинку"} (JPEG, PNG или WebP)</label>
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/svg+xml"
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (!file) return;
            setBusy(true);
            setError(null);
            upload({ categoryId, file })
              .then((photo) => onChange(photo))
              .catch((failure: unknown) => showFailure(failure, setError))
              .finally(() => setBusy(false));
          }}
        />
      </div>
      {draft.photo ? (
        <button type="button" className="ottisk-button ottisk-button--quiet" onClick={() => onChange(null)}>
          Убрать картинку
        </button>
      ) : null}
      <p role="status">{busy ? "Загружаем картинку…" : ""}</p>
      <ErrorNote className="catalog-form__error" message={error} />
    </div>
  );
}

function CategoryForm({ original }: { original: EmployeeCategory | null }) {
  const save = useSetAtom(saveEmployeeCategoryAtom);
  const { draft, saved, errors, error, done, busy, change, submit } = useRecordForm({
    original,
    newDraft: newCategoryDraft,
    draftOf: categoryDraftOf,
    inputOf: categoryInputOf,
    save: (current: EmployeeCategory | null, input) => save({ id: current?.id ?? null, input }),
    saved: (category, created) => {
      // A new category gets its own address; the form stays, now the category's.
      if (created) window.history.replaceState(window.history.state, "", backOfficePath("categories", recordId(category)));
      return created ? "Категория добавлена. Теперь можно загрузить её картинку." : "Категория сохранена. На сайте она уже такая.";
    },
  });
  const categoryId = saved?.id ?? null;

  return (
    <form
      className="catalog-form"
      noValidate
      aria-label={original ? `Категория «${original.name}»` : "Новая категория"}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <ErrorNote className="catalog-form__error catalog-form__summary" message={error} />
      <FormBlock title="Основное">
        <div className="catalog-form__grid">
          <NameSlugFields name={draft.name} slug={draft.slug} errors={errors} onChange={change} />
          <TextField label="Порядок в каталоге" inputMode="numeric" value={draft.sortOrder} error={errors["sortOrder"]} hint="Меньше — выше в списке" onChange={(sortOrder) => change({ sortOrder })} />
          <TextAreaField label="Описание" value={draft.description} error={errors["description"]} onChange={(description) => change({ description })} />
          <CheckField label="Скрыть категорию с сайта (вместе с её товарами)" checked={draft.hidden} onChange={(hidden) => change({ hidden })} />
        </div>
      </FormBlock>
      <FormBlock title="Картинка">
        <CategoryPicture categoryId={categoryId} draft={draft} onChange={(photo) => change({ photo })} />
        <ErrorNote className="catalog-form__error" message={errors["photo"] ?? errors["photo.path"]} />
      </FormBlock>
      <FormBlock title="Для поисковиков">
        <SeoFields values={draft} errors={errors} onChange={change} />
      </FormBlock>
      <div className="catalog-form__actions">
        <button type="submit" className="ottisk-button" disabled={busy}>
          {busy ? "Сохраняем…" : categoryId === null ? "Добавить категорию" : "Сохранить"}
        </button>
        {saved ? (
          <a className="ottisk-button ottisk-button--quiet" href={catalogPath(saved.slug)} target="_blank" rel="noreferrer">
            Открыть на сайте
          </a>
        ) : null}
        <a href={backOfficePath("categories")}>Все категории</a>
      </div>
      <p className="catalog-form__done" role="status">
        {done ?? ""}
      </p>
    </form>
  );
}

/** `/admin/employee/categories/{id}` and `/new`: one category's form. */
export function CategoryPage({ id }: { id: number | "new" }) {
  const { category, reload } = useEmployeeCategory(id === "new" ? null : id);
  if (id === "new" || category === null) return <CategoryForm original={null} />;
  // The form starts from the loaded category: keyed by it, a reload starts the form again.
  return <>{whenReady(category, "категорию", reload, (loaded) => <CategoryForm key={loaded.id} original={loaded} />)}</>;
}
