import { useAtomValue, useSetAtom } from "jotai/react";
import { useEffect, useId, useRef, useState } from "react";
import type { FormEvent } from "react";
import type { LayoutDesignListItem } from "../../shared/contracts/index";
import { catalogPath, designerPath, formatDateTime } from "../../shared/domain/index";
import { deleteLayoutDesignAtom, layoutDesignList, renameLayoutDesignAtom, useShowFailure } from "../../shared/state/index";
import { LoadError } from "../../shared/ui/index";
import { DeleteButton } from "./profile-forms";

/*
 * «Мои макеты» (/admin/client/designs, issue 32): the layout designs the account saved in the
 * designer, newest first — each with its product, size and last change, «Открыть» (back to the
 * designer with the design), «Переименовать» (in place) and «Удалить» (asked once more in place).
 * The server render draws the list with the visitor's session (host-site/account-data.ts).
 */

const mm = (value: number) => value.toLocaleString("ru-RU");

/** «90 × 50 мм», the first side's trim size. */
function sizeText(design: LayoutDesignListItem): string {
  return `${mm(design.trimMm[0])} × ${mm(design.trimMm[1])} мм`;
}

/** «Мои макеты»: the session account's layout designs with «Открыть», «Переименовать» and «Удалить». */
export function LayoutDesignsPage() {
  const designs = useAtomValue(layoutDesignList.valueAtom);
  const load = useSetAtom(layoutDesignList.loadAtom);
  const refresh = useSetAtom(layoutDesignList.refreshAtom);
  useEffect(() => {
    void load();
  }, [load]);

  if (designs === undefined || (designs.status === "loading" && designs.data === undefined)) {
    return (
      <p className="profile-list__empty" role="status">
        Загружаем макеты…
      </p>
    );
  }
  if (designs.status === "error" && designs.data === undefined) return <LoadError messageUI={designs.messageUI} onRetry={() => void refresh()} />;
  const list = designs.data ?? [];
  if (list.length === 0) {
    return (
      <div className="profile-page profile-list layout-designs">
        <p className="profile-list__empty">Макетов пока нет. Выберите товар в каталоге и нажмите «Создать макет онлайн» — макет сохранится здесь.</p>
        <p>
          <a className="ottisk-button" href={catalogPath()}>
            Перейти в каталог
          </a>
        </p>
      </div>
    );
  }
  return (
    <div className="profile-page profile-list layout-designs">
      <p className="profile-list__empty">Макеты из конструктора: откройте, чтобы изменить и заказать снова.</p>
      <ul className="profile-list__items" aria-label="Мои макеты">
        {list.map((design) => (
          <LayoutDesignItem key={design.id} design={design} />
        ))}
      </ul>
    </div>
  );
}

function LayoutDesignItem({ design }: { design: LayoutDesignListItem }) {
  const [renaming, setRenaming] = useState(false);
  const remove = useSetAtom(deleteLayoutDesignAtom);
  const titleId = useId();
  return (
    <li className="profile-list__item layout-designs__item" aria-labelledby={titleId}>
      <div className="profile-list__text">
        <strong id={titleId}>{design.name}</strong>
        <span>
          {design.productName}, {sizeText(design)}
        </span>
        <span className="profile-list__empty">Изменён {formatDateTime(design.updatedAt)}</span>
      </div>
      {renaming ? (
        <RenameForm design={design} onDone={() => setRenaming(false)} />
      ) : (
        <div className="profile-list__actions">
          <a className="ottisk-button" href={designerPath(design.productId, { designId: design.id })}>
            Открыть<span className="ottisk-visually-hidden"> «{design.name}»</span>
          </a>
          <button type="button" className="ottisk-button ottisk-button--quiet" onClick={() => setRenaming(true)}>
            Переименовать<span className="ottisk-visually-hidden"> «{design.name}»</span>
          </button>
          <DeleteButton what={`макет «${design.name}»`} onDelete={() => remove(design.id)} />
        </div>
      )}
    </li>
  );
}

function RenameForm({ design, onDone }: { design: LayoutDesignListItem; onDone: () => void }) {
  const rename = useSetAtom(renameLayoutDesignAtom);
  const showFailure = useShowFailure();
  const [name, setName] = useState(design.name);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    inputRef.current?.select();
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const trimmed = name.trim();
    if (trimmed === "") {
      setError("Введите название макета");
      return;
    }
    setBusy(true);
    setError(null);
    rename({ id: design.id, name: trimmed })
      .then(onDone)
      .catch((failure: unknown) => {
        showFailure(failure, setError);
        setBusy(false);
      });
  };
  return (
    <form className="profile-form profile-form--inline layout-designs__rename" noValidate aria-busy={busy} aria-label={`Переименовать макет «${design.name}»`} onSubmit={submit}>
      <div className="profile-form__field">
        <label htmlFor={inputId}>Новое название</label>
        <input
          ref={inputRef}
          id={inputId}
          name="name"
          maxLength={120}
          required
          value={name}
          aria-invalid={error !== null || undefined}
          aria-describedby={error !== null ? errorId : undefined}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div className="profile-form__actions">
        <button type="submit" className="ottisk-button" aria-disabled={busy}>
          Сохранить
        </button>
        <button type="button" className="ottisk-button ottisk-button--quiet" onClick={onDone}>
          Отмена
        </button>
      </div>
      {error !== null ? (
        <p id={errorId} className="profile-form__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
