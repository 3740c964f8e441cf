import { useSetAtom } from "jotai/react";
import { useId, useState } from "react";
import { PRODUCT_MAX_PHOTOS, PRODUCT_OPTION_GROUP_LABELS, productOptionGroupValues } from "../../shared/contracts/index";
import type { CatalogPhoto, EmployeeCategory, EmployeeProduct, ProductOptionGroupName } from "../../shared/contracts/index";
import { backOfficePath, productPath } from "../../shared/domain/index";
import {
  archiveEmployeeProductAtom,
  recordId,
  saveEmployeeProductAtom,
  uploadEmployeeProductPhotoAtom,
  useEmployeeCategoryList,
  useEmployeeProduct,
  useShowFailure,
} from "../../shared/state/index";
import { Dialog, ErrorNote } from "../../shared/ui/index";
import { errorsUnder, newDetailDraft, newOptionValueDraft, newProductDraft, newTierDraft, productDraftOf, productInputOf } from "./catalog-drafts";
import type { DetailDraft, FieldErrors, OptionGroupDraft, OptionValueDraft, TierDraft } from "./catalog-drafts";
import { CheckField, FormBlock, NameSlugFields, SeoFields, TextAreaField, TextField, useRecordForm, whenReady } from "./catalog-form-parts";
import { productStateText } from "./CatalogProducts";

/*
 * The back office's product editor (issue 29, role catalog): the main fields, photos (upload,
 * «Выше»/«Ниже», «Убрать»; the first is the card's), print options by group, quantity price tiers,
 * the details that need a layout, SEO. «Сохранить» sends the whole product (PUT) with the
 * `updatedAt` it was loaded with, so someone else's save in between is refused (409), not lost.
 * An error shows beside the form and at its fields; nothing typed is lost.
 */

const GROUP_HINTS: Readonly<Record<ProductOptionGroupName, string>> = {
  format: "Размеры в обрезном формате, мм",
  paper: "Плотность бумаги, г/м²",
  colors: "Сколько сторон печатается: 1 (4+0) или 2 (4+4)",
  finishing: "Можно выбрать несколько или ни одной",
};

/** The messages of the fields under `prefix` that the form has no box for (a row's or a group's own). */
function RowErrors({ errors, prefix }: { errors: FieldErrors; prefix: string }) {
  const messages = errorsUnder(errors, prefix).filter((message, index, all) => all.indexOf(message) === index);
  if (messages.length === 0) return null;
  return (
    <ul className="catalog-form__row-errors">
      {messages.map((message) => (
        <li key={message} className="catalog-form__error">
          {message}
        </li>
      ))}
    </ul>
  );
}

/**
 * A change to one of the form's lists, applied to the list as it is when React applies it
 * (`setDraft(current => …)`), so two edits in one tick (a typed key and a click, two quick
 * clicks) both land instead of the second rebuilding the list from the render's copy.
 */
type ListEdit<T> = (current: readonly T[]) => T[];

function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** The photos: previews in order, «Выше»/«Ниже»/«Убрать», and the upload (once the product exists). */
function PhotoList({
  productId,
  name,
  photos,
  onChange,
  onUploaded,
}: {
  productId: number | null;
  name: string;
  photos: CatalogPhoto[];
  onChange: (edit: ListEdit<CatalogPhoto>) => void;
  onUploaded: (photo: CatalogPhoto, updatedAt: string | undefined) => void;
}) {
  const upload = useSetAtom(uploadEmployeeProductPhotoAtom);
  const showFailure = useShowFailure();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [announce, setAnnounce] = useState("");
  const inputId = useId();
  const move = (from: number, to: number) => {
    onChange((current) => moved(current, from, to));
    setAnnounce(`Фото ${from + 1} теперь ${to + 1}-е${to === 0 ? ": оно на карточке товара" : ""}.`);
  };
  return (
    <div className="catalog-photos">
      {photos.length === 0 ? <p>Фотографий нет: на карточке будет заглушка.</p> : null}
      <ol className="catalog-photos__list">
        {photos.map((photo, index) => (
          <li key={photo.path} className="catalog-photos__item">
            {photo.url ? <img src={photo.url} alt={`${name || "Товар"}, фото ${index + 1}`} width={96} height={96} /> : <span>{photo.path}</span>}
            <span className="catalog-photos__caption">{index === 0 ? "Фото на карточке" : `Фото ${index + 1}`}</span>
            <span className="catalog-photos__buttons">
              <button type="button" className="ottisk-button ottisk-button--quiet" disabled={index === 0} aria-label={`Фото ${index + 1}: выше`} onClick={() => move(index, index - 1)}>
                Выше
              </button>
              <button
                type="button"
                className="ottisk-button ottisk-button--quiet"
                disabled={index === photos.length - 1}
                aria-label={`Фото ${index + 1}: ниже`}
                onClick={() => move(index, index + 1)}
              >
                Ниже
              </button>
              <button
                type="button"
                className="ottisk-button ottisk-button--quiet"
                aria-label={`Фото ${index + 1}: убрать`}
                onClick={() => {
                  onChange((current) => current.filter((item) => item.path !== photo.path));
                  setAnnounce(`Фото ${index + 1} убрано. Сохраните товар, чтобы убрать его с сайта.`);
                }}
              >
                Убрать
              </button>
            </span>
          </li>
        ))}
      </ol>
      {productId === null ? (
        <p>Фотографии можно загрузить после того, как товар сохранён.</p>
      ) : (
        <div className="catalog-form__field">
          <label htmlFor={inputId}>Добавить фотографии (JPEG, PNG или WebP, можно несколько)</label>
          <input
            id={inputId}
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp,image/svg+xml"
            disabled={busy || photos.length >= PRODUCT_MAX_PHOTOS}
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              event.target.value = "";
              if (files.length === 0) return;
              setBusy(true);
              setError(null);
              // One at a time, in the order chosen: each is added last.
              const uploadAll = files.reduce<Promise<void>>(
                (previous, file) => previous.then(() => upload({ productId, file }).then((answer) => onUploaded(answer.photo, answer.updatedAt))),
                Promise.resolve(),
              );
              uploadAll
                .then(() => setAnnounce(files.length === 1 ? "Фотография загружена." : `Загружено фотографий: ${files.length}.`))
                .catch((failure: unknown) => showFailure(failure, setError))
                .finally(() => setBusy(false));
            }}
          />
        </div>
      )}
      <p role="status" className="catalog-form__hint">
        {busy ? "Загружаем фотографии…" : announce}
      </p>
      <ErrorNote className="catalog-form__error" message={error} />
    </div>
  );
}

function OptionValueRow({
  group,
  value,
  index,
  at,
  errors,
  onChange,
  onRemove,
}: {
  group: ProductOptionGroupName;
  value: OptionValueDraft;
  index: number;
  at: string;
  errors: FieldErrors;
  onChange: (change: Partial<OptionValueDraft>) => void;
  onRemove: () => void;
}) {
  const label = value.label || `значение ${index + 1}`;
  return (
    <fieldset className="catalog-form__row">
      <legend>
        {PRODUCT_OPTION_GROUP_LABELS[group]}: {label}
      </legend>
      <div className="catalog-form__grid">
        <TextField label="Название" value={value.label} error={errors[`${at}.label`]} onChange={(text) => onChange({ label: text })} />
        <TextField label="Код" value={value.code} error={errors[`${at}.code`]} hint="Латиница, цифры, + . _ -" onChange={(code) => onChange({ code })} />
        <TextField label="Цена, % от базовой" inputMode="numeric" value={value.pricePct} error={errors[`${at}.pricePct`]} onChange={(pricePct) => onChange({ pricePct })} />
        <TextField label="Доплата за штуку, ₽" inputMode="decimal" value={value.unitPrice} error={errors[`${at}.unitPrice`]} onChange={(unitPrice) => onChange({ unitPrice })} />
        <TextField label="Доплата за заказ, ₽" inputMode="decimal" value={value.setupPrice} error={errors[`${at}.setupPrice`]} onChange={(setupPrice) => onChange({ setupPrice })} />
        {group === "format" ? (
          <>
            <TextField label="Ширина, мм" inputMode="numeric" value={value.widthMm} error={errors[`${at}.widthMm`]} onChange={(widthMm) => onChange({ widthMm })} />
            <TextField label="Высота, мм" inputMode="numeric" value={value.heightMm} error={errors[`${at}.heightMm`]} onChange={(heightMm) => onChange({ heightMm })} />
          </>
        ) : null}
        {group === "paper" ? (
          <TextField label="Плотность, г/м²" inputMode="numeric" value={value.paperGsm} error={errors[`${at}.paperGsm`]} onChange={(paperGsm) => onChange({ paperGsm })} />
        ) : null}
        {group === "colors" ? <TextField label="Сторон печати (1 или 2)" inputMode="numeric" value={value.sides} error={errors[`${at}.sides`]} onChange={(sides) => onChange({ sides })} /> : null}
        <CheckField label="По умолчанию" checked={value.isDefault} onChange={(isDefault) => onChange({ isDefault })} />
      </div>
      <button type="button" className="ottisk-button ottisk-button--quiet" onClick={onRemove}>
        Убрать значение «{label}»
      </button>
    </fieldset>
  );
}

function OptionGroups({ options, errors, onChange }: { options: OptionGroupDraft[]; errors: FieldErrors; onChange: (edit: ListEdit<OptionGroupDraft>) => void }) {
  const changeGroup = (group: ProductOptionGroupName, edit: ListEdit<OptionValueDraft>) =>
    onChange((current) => current.map((item) => (item.group === group ? { ...item, values: edit(item.values) } : item)));
  return (
    <div className="catalog-options">
      {productOptionGroupValues.map((group) => {
        const index = options.findIndex((item) => item.group === group);
        const found = options[index];
        const title = PRODUCT_OPTION_GROUP_LABELS[group];
        if (!found) {
          return (
            <p key={group}>
              <button type="button" className="ottisk-button ottisk-button--quiet" onClick={() => {
                  const added: OptionGroupDraft = { group, values: [newOptionValueDraft(group !== "finishing")] };
                  onChange((current) => (current.some((item) => item.group === group) ? [...current] : [...current, added]));
                }}
              >
                Добавить группу «{title}»
              </button>
            </p>
          );
        }
        return (
          <section key={group} className="catalog-options__group" aria-label={`Опции: ${title}`}>
            <h3>{title}</h3>
            <p className="catalog-form__hint">{GROUP_HINTS[group]}</p>
            <RowErrors errors={Object.fromEntries(Object.entries(errors).filter(([field]) => field === `options.${index}` || field === `options.${index}.values` || field === `options.${index}.group`))} prefix={`options.${index}`} />
            {found.values.map((value, valueIndex) => (
              <OptionValueRow
                key={value.key}
                group={group}
                value={value}
                index={valueIndex}
                at={`options.${index}.values.${valueIndex}`}
                errors={errors}
                onChange={(change) =>
                  changeGroup(group, (values) =>
                    values.map((item) => {
                      if (item.key === value.key) return { ...item, ...change };
                      // One default in a single-choice group: choosing one drops the other.
                      return change.isDefault === true && group !== "finishing" ? { ...item, isDefault: false } : item;
                    }),
                  )
                }
                onRemove={() => changeGroup(group, (values) => values.filter((item) => item.key !== value.key))}
              />
            ))}
            <div className="catalog-form__actions">
              <button type="button" className="ottisk-button ottisk-button--quiet" onClick={() => {
                  const added = newOptionValueDraft(group !== "finishing");
                  changeGroup(group, (values) => [...values, { ...added, isDefault: added.isDefault && values.length === 0 }]);
                }}
              >
                Добавить значение в «{title}»
              </button>
              <button type="button" className="ottisk-button ottisk-button--quiet" onClick={() => onChange((current) => current.filter((item) => item.group !== group))}>
                Убрать группу «{title}»
              </button>
            </div>
          </section>
        );
      })}
    </div>
  );
}

function TierRows({ tiers, errors, onChange }: { tiers: TierDraft[]; errors: FieldErrors; onChange: (edit: ListEdit<TierDraft>) => void }) {
  return (
    <div className="catalog-tiers">
      <ErrorNote className="catalog-form__error" message={errors["tiers"]} />
      {tiers.map((tier, index) => (
        <fieldset key={tier.key} className="catalog-form__row catalog-tiers__row">
          <legend>{index === 0 ? "Минимальный тираж" : `Тираж ${index + 1}`}</legend>
          <div className="catalog-form__grid">
            <TextField
              label="От, шт."
              inputMode="numeric"
              value={tier.minQuantity}
              error={errors[`tiers.${index}.minQuantity`]}
              onChange={(minQuantity) => onChange((current) => current.map((item) => (item.key === tier.key ? { ...item, minQuantity } : item)))}
            />
            <TextField
              label="Цена за штуку, ₽"
              inputMode="decimal"
              value={tier.unitPrice}
              error={errors[`tiers.${index}.unitPrice`]}
              onChange={(unitPrice) => onChange((current) => current.map((item) => (item.key === tier.key ? { ...item, unitPrice } : item)))}
            />
          </div>
          <button type="button" className="ottisk-button ottisk-button--quiet" onClick={() => onChange((current) => current.filter((item) => item.key !== tier.key))}>
            Убрать тираж {index + 1}
          </button>
        </fieldset>
      ))}
      <button type="button" className="ottisk-button ottisk-button--quiet" onClick={() => {
          const added = newTierDraft();
          onChange((current) => [...current, added]);
        }}
      >
        Добавить тираж
      </button>
    </div>
  );
}

function DetailRows({ details, options, errors, onChange }: { details: DetailDraft[]; options: OptionGroupDraft[]; errors: FieldErrors; onChange: (edit: ListEdit<DetailDraft>) => void }) {
  const codes = options.flatMap((group) => group.values.filter((value) => value.code.trim() !== "").map((value) => ({ code: value.code.trim(), label: `${PRODUCT_OPTION_GROUP_LABELS[group.group]}: ${value.label || value.code}` })));
  const ids = useId();
  return (
    <div className="catalog-details">
      {details.length === 0 ? <p>Деталей нет: макет к товару не нужен.</p> : null}
      {details.map((detail, index) => {
        const at = `details.${index}`;
        const change = (part: Partial<DetailDraft>) => onChange((current) => current.map((item) => (item.key === detail.key ? { ...item, ...part } : item)));
        const requiredId = `${ids}-${detail.key}`;
        return (
          <fieldset key={detail.key} className="catalog-form__row">
            <legend>Деталь {detail.name || index + 1}</legend>
            <div className="catalog-form__grid">
              <TextField label="Название детали" value={detail.name} error={errors[`${at}.name`]} hint="Например, «Лицевая сторона»" onChange={(name) => change({ name })} />
              <div className="catalog-form__field">
                <label htmlFor={requiredId}>Нужна, когда выбрано</label>
                <select id={requiredId} className="ottisk-input" value={detail.requiresOptionCode} onChange={(event) => change({ requiresOptionCode: event.target.value })}>
                  <option value="">Всегда</option>
                  {codes.map((option) => (
                    <option key={option.code} value={option.code}>
                      {option.label}
                    </option>
                  ))}
                  {detail.requiresOptionCode !== "" && !codes.some((option) => option.code === detail.requiresOptionCode) ? (
                    <option value={detail.requiresOptionCode}>{detail.requiresOptionCode} (такой опции нет)</option>
                  ) : null}
                </select>
                {errors[`${at}.requiresOptionCode`] ? <p className="catalog-form__error">{errors[`${at}.requiresOptionCode`]}</p> : null}
              </div>
              <TextField label="Ширина в обрез, мм" inputMode="decimal" value={detail.trimWidthMm} error={errors[`${at}.profile.trimMm.0`]} onChange={(trimWidthMm) => change({ trimWidthMm })} />
              <TextField label="Высота в обрез, мм" inputMode="decimal" value={detail.trimHeightMm} error={errors[`${at}.profile.trimMm.1`]} onChange={(trimHeightMm) => change({ trimHeightMm })} />
              <TextField label="Вылеты, мм" inputMode="decimal" value={detail.bleedMm} error={errors[`${at}.profile.bleedMm`]} onChange={(bleedMm) => change({ bleedMm })} />
              <TextField label="Страниц в макете" inputMode="numeric" value={detail.pages} error={errors[`${at}.profile.pages`]} onChange={(pages) => change({ pages })} />
              <TextField label="Сумма красок не больше, %" inputMode="decimal" value={detail.maxTacPct} error={errors[`${at}.profile.maxTacPct`]} onChange={(maxTacPct) => change({ maxTacPct })} />
              <TextField label="Разрешение картинок от, ppi" inputMode="decimal" value={detail.minPpi} error={errors[`${at}.profile.minPpi`]} onChange={(minPpi) => change({ minPpi })} />
            </div>
            <RowErrors errors={Object.fromEntries(Object.entries(errors).filter(([field]) => field.startsWith(`${at}.profile`) && !/trimMm|bleedMm|pages|maxTacPct|minPpi/.test(field)))} prefix={at} />
            <button type="button" className="ottisk-button ottisk-button--quiet" onClick={() => onChange((current) => current.filter((item) => item.key !== detail.key))}>
              Убрать деталь {detail.name || index + 1}
            </button>
          </fieldset>
        );
      })}
      <button type="button" className="ottisk-button ottisk-button--quiet" onClick={() => {
          const added = newDetailDraft();
          onChange((current) => [...current, added]);
        }}
      >
        Добавить деталь
      </button>
    </div>
  );
}

/** «В архив» / «Вернуть из архива», confirmed in a dialog. */
function ArchiveControl({ product, onDone }: { product: EmployeeProduct; onDone: (product: EmployeeProduct, message: string) => void }) {
  const archive = useSetAtom(archiveEmployeeProductAtom);
  const showFailure = useShowFailure();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const archived = product.archivedAt !== null && product.archivedAt !== undefined;
  const confirm = () => {
    setBusy(true);
    setError(null);
    archive({ id: recordId(product), archived: !archived })
      .then((answer) => {
        setBusy(false);
        setOpen(false);
        onDone(answer, archived ? "Товар снова в продаже." : "Товар в архиве: на сайте его больше нет, корзины и заказы сохранили свои строки.");
      })
      .catch((failure: unknown) => {
        setBusy(false);
        setOpen(false);
        showFailure(failure, setError);
      });
  };
  return (
    <>
      <button type="button" className="ottisk-button ottisk-button--quiet" onClick={() => setOpen(true)}>
        {archived ? "Вернуть из архива" : "В архив"}
      </button>
      <ErrorNote className="catalog-form__error" message={error} />
      <Dialog open={open} title={archived ? "Вернуть товар в продажу?" : "Убрать товар в архив?"} onClose={() => setOpen(false)}>
        <p>
          {archived
            ? `«${product.name}» снова появится в каталоге, поиске и карте сайта.`
            : `«${product.name}» пропадёт из каталога, поиска и карты сайта. Корзины и заказы с ним сохранят свои строки и покажут, что товар больше не продаётся.`}
        </p>
        <div className="employee-dialog__actions">
          <button type="button" className="ottisk-button" disabled={busy} onClick={confirm}>
            {busy ? "Минуту…" : archived ? "Да, вернуть" : "Да, в архив"}
          </button>
          <button type="button" className="ottisk-button ottisk-button--quiet" disabled={busy} onClick={() => setOpen(false)}>
            Отмена
          </button>
        </div>
      </Dialog>
    </>
  );
}

function ProductForm({ original, categories, startCategoryId }: { original: EmployeeProduct | null; categories: EmployeeCategory[]; startCategoryId: number | null }) {
  const save = useSetAtom(saveEmployeeProductAtom);
  const { draft, setDraft, saved, setSaved, errors, error, done, setDone, busy, edit, change, submit } = useRecordForm({
    original,
    newDraft: () => newProductDraft(startCategoryId),
    draftOf: productDraftOf,
    inputOf: productInputOf,
    save: (current: EmployeeProduct | null, input) => save({ id: current?.id ?? null, input }),
    saved: (product, created) => {
      // A new product gets its own address; the editor stays, now the product's.
      if (created) window.history.replaceState(window.history.state, "", backOfficePath("products", recordId(product)));
      return created ? "Товар добавлен. Теперь можно загрузить его фотографии." : "Товар сохранён. На сайте он уже такой.";
    },
    conflictHint: "Обновите страницу, чтобы увидеть товар таким, какой он сейчас (ваши изменения при этом пропадут).",
  });
  const productId = saved?.id ?? null;
  const ids = useId();

  /** An uploaded photo is already the product's last one on the server: the draft gets it, and the lock the server's new time. */
  const photoUploaded = (photo: CatalogPhoto, updatedAt: string | undefined) => {
    setDraft((current) => ({ ...current, photos: [...current.photos, photo] }));
    setSaved((current) => (current ? { ...current, updatedAt } : current));
  };

  const category = categories.find((item) => item.id === Number(draft.categoryId));
  const archived = saved?.archivedAt !== null && saved?.archivedAt !== undefined;

  return (
    <form
      className="catalog-form"
      noValidate
      aria-label={original ? `Товар «${original.name}»` : "Новый товар"}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {saved ? (
        <p className="catalog-form__lead">
          Товар № {productId} · <span className="catalog-state">{productStateText({ archivedAt: saved.archivedAt ?? null, hidden: saved.hidden, categoryHidden: category?.hidden ?? false })}</span>
        </p>
      ) : null}
      <ErrorNote className="catalog-form__error catalog-form__summary" message={error} />
      <FormBlock title="Основное">
        <div className="catalog-form__grid">
          <NameSlugFields name={draft.name} slug={draft.slug} errors={errors} onChange={change} />
          <div className="catalog-form__field">
            <label htmlFor={`${ids}-category`}>Категория</label>
            <select
              id={`${ids}-category`}
              className="ottisk-input"
              value={draft.categoryId}
              aria-invalid={errors["categoryId"] ? true : undefined}
              aria-describedby={errors["categoryId"] ? `${ids}-category-error` : undefined}
              onChange={(event) => change({ categoryId: event.target.value })}
            >
              <option value="">Выберите категорию</option>
              {categories.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                  {item.hidden ? " (скрыта)" : ""}
                </option>
              ))}
            </select>
            {errors["categoryId"] ? (
              <p id={`${ids}-category-error`} className="catalog-form__error">
                {errors["categoryId"]}
              </p>
            ) : null}
          </div>
          <TextAreaField label="Описание" rows={5} value={draft.description} error={errors["description"]} onChange={(description) => change({ description })} />
          <TextField label="Срок изготовления, рабочих дней" inputMode="numeric" value={draft.productionTimeDay} error={errors["productionTimeDay"]} onChange={(productionTimeDay) => change({ productionTimeDay })} />
          <TextField label="Скидка, %" inputMode="numeric" value={draft.discountPct} error={errors["discountPct"]} onChange={(discountPct) => change({ discountPct })} />
          <TextField
            label="Листов в одном изделии"
            inputMode="numeric"
            value={draft.sheetsPerUnit}
            error={errors["sheetsPerUnit"]}
            hint="Для веса посылки"
            onChange={(sheetsPerUnit) => change({ sheetsPerUnit })}
          />
          <CheckField label="Цена за м², размер — по заказу клиента" checked={draft.perSquareMetre} onChange={(perSquareMetre) => change({ perSquareMetre })} />
          {draft.perSquareMetre ? (
            <>
              <p className="catalog-form__hint">Цены по тиражам и надбавки опций — за 1 м²; клиент вводит ширину и высоту в мм.</p>
              <TextField label="Ширина от, мм" inputMode="numeric" value={draft.minWidthMm} error={errors["sizeLimits.minWidthMm"]} onChange={(minWidthMm) => change({ minWidthMm })} />
              <TextField label="Ширина до, мм" inputMode="numeric" value={draft.maxWidthMm} error={errors["sizeLimits.maxWidthMm"]} onChange={(maxWidthMm) => change({ maxWidthMm })} />
              <TextField label="Высота от, мм" inputMode="numeric" value={draft.minHeightMm} error={errors["sizeLimits.minHeightMm"]} onChange={(minHeightMm) => change({ minHeightMm })} />
              <TextField label="Высота до, мм" inputMode="numeric" value={draft.maxHeightMm} error={errors["sizeLimits.maxHeightMm"]} onChange={(maxHeightMm) => change({ maxHeightMm })} />
              <TextField label="Шаг размера, мм" inputMode="numeric" value={draft.stepMm} error={errors["sizeLimits.stepMm"]} onChange={(stepMm) => change({ stepMm })} />
            </>
          ) : null}
          <CheckField label="Можно изготовить срочно" checked={draft.urgent} onChange={(urgent) => change({ urgent })} />
          {draft.urgent ? (
            <>
              <TextField
                label="Срочно, рабочих дней"
                inputMode="numeric"
                value={draft.urgentProductionTimeDay}
                error={errors["urgentProductionTimeDay"]}
                onChange={(urgentProductionTimeDay) => change({ urgentProductionTimeDay })}
              />
              <TextField label="Наценка за срочность, %" inputMode="numeric" value={draft.urgentSurchargePct} error={errors["urgentSurchargePct"]} onChange={(urgentSurchargePct) => change({ urgentSurchargePct })} />
            </>
          ) : null}
          <CheckField label="Скрыть товар с сайта на время" checked={draft.hidden} onChange={(hidden) => change({ hidden })} />
        </div>
      </FormBlock>
      <FormBlock title="Фотографии">
        <PhotoList productId={productId} name={draft.name} photos={draft.photos} onChange={(apply) => edit((current) => ({ ...current, photos: apply(current.photos) }))} onUploaded={photoUploaded} />
        <RowErrors errors={errors} prefix="photos" />
      </FormBlock>
      <FormBlock title="Опции печати">
        <RowErrors errors={Object.fromEntries(Object.entries(errors).filter(([field]) => field === "options"))} prefix="options" />
        <OptionGroups options={draft.options} errors={errors} onChange={(apply) => edit((current) => ({ ...current, options: apply(current.options) }))} />
      </FormBlock>
      <FormBlock title="Цены по тиражам">
        <p className="catalog-form__hint">Цена за штуку при опциях по умолчанию, до скидки. Первый тираж — минимальный.</p>
        <TierRows tiers={draft.tiers} errors={errors} onChange={(apply) => edit((current) => ({ ...current, tiers: apply(current.tiers) }))} />
      </FormBlock>
      <FormBlock title="Детали, для которых нужен макет">
        <DetailRows details={draft.details} options={draft.options} errors={errors} onChange={(apply) => edit((current) => ({ ...current, details: apply(current.details) }))} />
      </FormBlock>
      <FormBlock title="Для поисковиков">
        <SeoFields values={draft} errors={errors} onChange={change} />
      </FormBlock>
      <div className="catalog-form__actions catalog-form__actions--sticky">
        <button type="submit" className="ottisk-button" disabled={busy}>
          {busy ? "Сохраняем…" : productId === null ? "Добавить товар" : "Сохранить"}
        </button>
        {saved && productId !== null ? (
          <>
            <ArchiveControl
              product={saved}
              onDone={(answer, message) => {
                // The draft stays as typed; the lock and the state follow the server.
                setSaved((current) => (current ? { ...current, archivedAt: answer.archivedAt, updatedAt: answer.updatedAt } : answer));
                setDone(message);
              }}
            />
            {category && !archived ? (
              <a className="ottisk-button ottisk-button--quiet" href={productPath(category.slug, productId)} target="_blank" rel="noreferrer">
                Открыть на сайте
              </a>
            ) : null}
          </>
        ) : null}
        <a href={backOfficePath("products")}>Все товары</a>
      </div>
      <p className="catalog-form__done" role="status">
        {done ?? ""}
      </p>
    </form>
  );
}

/** `/admin/employee/products/{id}` and `/new?categoryId=`: one product's editor. */
export function ProductPage({ id, query }: { id: number | "new"; query: Readonly<Record<string, string>> }) {
  const { product, reload } = useEmployeeProduct(id === "new" ? null : id);
  const { categories, reload: reloadCategories } = useEmployeeCategoryList();
  const startCategory = Number(query["categoryId"]);
  return (
    <>
      {whenReady(categories, "категории", reloadCategories, (list) => {
        if (id === "new" || product === null) return <ProductForm original={null} categories={list} startCategoryId={Number.isInteger(startCategory) && startCategory > 0 ? startCategory : null} />;
        return whenReady(product, "товар", reload, (loaded) => <ProductForm key={loaded.id} original={loaded} categories={list} startCategoryId={null} />);
      })}
    </>
  );
}

