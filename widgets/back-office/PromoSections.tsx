import { useSetAtom } from "jotai/react";
import { useState } from "react";
import type { FormEvent, ReactNode } from "react";
import { PROMOCODE_KIND_LABELS, PROMOCODE_KINDS } from "../../shared/contracts/index";
import type { Category, EmployeePickupPoint, EmployeePromocode, PickupPointCreate, PromocodeCreate } from "../../shared/contracts/index";
import { backOfficePath, formatRoubles, shopDay } from "../../shared/domain/index";
import {
  savePickupPointAtom,
  savePromocodeAtom,
  useBackOfficePickupPoint,
  useBackOfficePickupPoints,
  useBackOfficePromocode,
  useBackOfficePromocodes,
  useCategories,
  useShowFailure,
} from "../../shared/state/index";
import type { Resource } from "../../shared/state/index";
import { ErrorNote, Field, LoadError } from "../../shared/ui/index";
import type { SectionProps } from "./section-props";

/*
 * The back office's promocodes and self-pickup points sections (issue 29, role manager): a list of
 * each with a link to every item, and one form for a new item and for an existing one. The forms
 * send the whole object (PUT replaces it); the server's messageUI is shown as it comes.
 */

/**
 * The sections ask the API again each time they mount (`fresh`): what the page came with is shown
 * meanwhile, so a form is not taken away (and its typing and its «сохранён» lost) while it is asked again.
 */
function whenReady<T>(resource: Resource<T> | null, what: string, reload: () => void, show: (data: T) => ReactNode): ReactNode {
  if (resource === null) return null;
  if (resource.status === "loading" && resource.data !== undefined) return show(resource.data);
  if (resource.status === "loading") {
    return (
      <p className="promo-section__loading" role="status">
        Загружаем {what}…
      </p>
    );
  }
  if (resource.status === "error") return <LoadError messageUI={resource.messageUI} onRetry={resource.httpStatus === 404 ? undefined : reload} />;
  return show(resource.data);
}

/** A decimal typed with a comma or a dot; empty: null. */
function numberOrNull(text: string): number | null {
  const trimmed = text.trim().replace(",", ".");
  return trimmed === "" ? null : Number(trimmed);
}

/** A day of the date input (Moscow): from its first moment, or through its last one. */
function dayStart(day: string): string | null {
  return day === "" ? null : `${day}T00:00:00+03:00`;
}
function dayEnd(day: string): string | null {
  return day === "" ? null : `${day}T23:59:59+03:00`;
}
function dayOf(iso: string | null): string {
  return iso === null ? "" : shopDay(new Date(iso));
}

function validity(code: EmployeePromocode): string {
  const from = code.validFrom ? `с ${dayOf(code.validFrom).split("-").reverse().join(".")}` : "";
  const to = code.validTo ? `по ${dayOf(code.validTo).split("-").reverse().join(".")}` : "";
  return [from, to].filter(Boolean).join(" ") || "без срока";
}

function limits(code: EmployeePromocode): string {
  const total = code.usageLimitTotal === null ? "без лимита" : `из ${code.usageLimitTotal}`;
  const perClient = code.usageLimitPerClient === null ? "" : `, клиенту — ${code.usageLimitPerClient}`;
  return `${code.usedCount} ${total}${perClient}`;
}

export function PromocodesSection({ route }: SectionProps) {
  if (route.id === null) return <PromocodeList />;
  return <PromocodeEditor id={route.id === "new" ? null : route.id} />;
}

function PromocodeList() {
  const { promocodes, reload } = useBackOfficePromocodes();
  return (
    <section className="promo-section" aria-labelledby="promo-list-title">
      <div className="promo-section__head">
        <h2 id="promo-list-title">Промокоды</h2>
        <a className="ottisk-button" href={backOfficePath("promocodes", "new")}>
          Новый промокод
        </a>
      </div>
      {whenReady(promocodes, "промокоды", reload, ({ items }) =>
        items.length === 0 ? (
          <p>Промокодов пока нет.</p>
        ) : (
          <div className="employee-table" role="region" aria-labelledby="promo-table-caption" tabIndex={0}>
            <table>
              <caption id="promo-table-caption">Все промокоды, новые сверху</caption>
              <thead>
                <tr>
                  <th scope="col">Код</th>
                  <th scope="col">Скидка</th>
                  <th scope="col">Срок</th>
                  <th scope="col">Использован</th>
                  <th scope="col">Состояние</th>
                </tr>
              </thead>
              <tbody>
                {items.map((code) => (
                  <tr key={code.id}>
                    <th scope="row">
                      <a href={backOfficePath("promocodes", code.id)}>{code.code}</a>
                      {code.description ? <span className="employee-table__sub">{code.description}</span> : null}
                    </th>
                    <td>
                      {code.kind === "percent" ? `${code.value} %` : formatRoubles(code.value)}
                      {code.minOrderSum > 0 ? <span className="employee-table__sub">от {formatRoubles(code.minOrderSum)}</span> : null}
                    </td>
                    <td>{validity(code)}</td>
                    <td>{limits(code)}</td>
                    <td>{code.active ? "Действует" : "Выключен"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ),
      )}
    </section>
  );
}

function PromocodeEditor({ id }: { id: number | null }) {
  const { promocode, reload } = useBackOfficePromocode(id);
  const categories = useCategories();
  const title = id === null ? "Новый промокод" : "Промокод";
  return (
    <section className="promo-section" aria-labelledby="promo-form-title">
      <p>
        <a href={backOfficePath("promocodes")}>← Все промокоды</a>
      </p>
      <h2 id="promo-form-title">{title}</h2>
      {id === null
        ? whenReady(categories, "категории", reload, (list) => <PromocodeForm id={null} initial={null} categories={list} />)
        : whenReady(promocode, "промокод", reload, (code) =>
            whenReady(categories, "категории", reload, (list) => <PromocodeForm key={code.id} id={code.id} initial={code} categories={list} />),
          )}
    </section>
  );
}

interface PromocodeDraft {
  code: string;
  kind: PromocodeCreate["kind"];
  value: string;
  minOrderSum: string;
  validFrom: string;
  validTo: string;
  usageLimitTotal: string;
  usageLimitPerClient: string;
  categoryIds: number[];
  active: boolean;
  description: string;
}

function draftOf(code: EmployeePromocode | null): PromocodeDraft {
  return {
    code: code?.code ?? "",
    kind: code?.kind ?? "percent",
    value: code ? String(code.value) : "",
    minOrderSum: code ? String(code.minOrderSum) : "0",
    validFrom: dayOf(code?.validFrom ?? null),
    validTo: dayOf(code?.validTo ?? null),
    usageLimitTotal: code?.usageLimitTotal === null || code === null ? "" : String(code.usageLimitTotal),
    usageLimitPerClient: code?.usageLimitPerClient === null || code === null ? "" : String(code.usageLimitPerClient),
    categoryIds: code ? [...code.categoryIds] : [],
    active: code?.active ?? true,
    description: code?.description ?? "",
  };
}

function PromocodeForm({ id, initial, categories }: { id: number | null; initial: EmployeePromocode | null; categories: Category[] }) {
  const save = useSetAtom(savePromocodeAtom);
  const showFailure = useShowFailure();
  const [draft, setDraft] = useState<PromocodeDraft>(() => draftOf(initial));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const set = <K extends keyof PromocodeDraft>(field: K, value: PromocodeDraft[K]) => setDraft((current) => ({ ...current, [field]: value }));
  const toggleCategory = (categoryId: number, on: boolean) =>
    set("categoryIds", on ? [...draft.categoryIds, categoryId] : draft.categoryIds.filter((other) => other !== categoryId));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setDone(null);
    const body: PromocodeCreate = {
      code: draft.code,
      kind: draft.kind,
      value: numberOrNull(draft.value) ?? Number.NaN,
      minOrderSum: numberOrNull(draft.minOrderSum) ?? 0,
      validFrom: dayStart(draft.validFrom),
      validTo: dayEnd(draft.validTo),
      usageLimitTotal: numberOrNull(draft.usageLimitTotal),
      usageLimitPerClient: numberOrNull(draft.usageLimitPerClient),
      categoryIds: draft.categoryIds,
      active: draft.active,
      description: draft.description,
    };
    save({ id, promocode: body })
      .then((saved) => {
        setBusy(false);
        if (id === null) window.location.assign(backOfficePath("promocodes", saved.id, { saved: "1" }));
        else {
          // The form stays mounted (keyed by the code's id, not its updatedAt) so its message stays; it shows the values as stored.
          setDraft(draftOf(saved));
          setDone(`Промокод ${saved.code} сохранён.`);
        }
      })
      .catch((failure: unknown) => {
        setBusy(false);
        showFailure(failure, (text) => setError(text));
      });
  };

  return (
    <form className="promo-form" onSubmit={submit} noValidate>
      <Field block="promo-form" label="Код" hint="Латинские буквы, цифры и дефис; хранится заглавными буквами">
        {(control) => (
          <input {...control} className="ottisk-input" value={draft.code} required maxLength={32} autoCapitalize="characters" onChange={(event) => set("code", event.target.value.toUpperCase())} />
        )}
      </Field>
      <Field block="promo-form" label="Тип скидки">
        {(control) => (
          <select {...control} className="ottisk-input" value={draft.kind} onChange={(event) => set("kind", event.target.value === "fixed" ? "fixed" : "percent")}>
            {PROMOCODE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {PROMOCODE_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field block="promo-form" label={draft.kind === "percent" ? "Скидка, %" : "Скидка, ₽"} hint={draft.kind === "percent" ? "Целое число от 1 до 100" : "Рубли, можно с копейками"}>
        {(control) => <input {...control} className="ottisk-input" inputMode="decimal" value={draft.value} required onChange={(event) => set("value", event.target.value)} />}
      </Field>
      <Field block="promo-form" label="Минимальная сумма заказа, ₽" hint="0 — для любого заказа">
        {(control) => <input {...control} className="ottisk-input" inputMode="decimal" value={draft.minOrderSum} onChange={(event) => set("minOrderSum", event.target.value)} />}
      </Field>
      <Field block="promo-form" label="Действует с" hint="Пусто — сразу; по московскому времени">
        {(control) => <input {...control} type="date" className="ottisk-input" value={draft.validFrom} onChange={(event) => set("validFrom", event.target.value)} />}
      </Field>
      <Field block="promo-form" label="Действует по (включительно)" hint="Пусто — без срока">
        {(control) => <input {...control} type="date" className="ottisk-input" value={draft.validTo} onChange={(event) => set("validTo", event.target.value)} />}
      </Field>
      <Field block="promo-form" label="Лимит использований всего" hint="Заказов, отменённые не считаются; пусто — без лимита">
        {(control) => <input {...control} className="ottisk-input" inputMode="numeric" value={draft.usageLimitTotal} onChange={(event) => set("usageLimitTotal", event.target.value)} />}
      </Field>
      <Field block="promo-form" label="Лимит на одного клиента" hint="Пусто — без лимита">
        {(control) => <input {...control} className="ottisk-input" inputMode="numeric" value={draft.usageLimitPerClient} onChange={(event) => set("usageLimitPerClient", event.target.value)} />}
      </Field>
      <fieldset className="promo-form__categories">
        <legend>Категории (ничего не отмечено — на все товары)</legend>
        {categories.map((category) => (
          <label key={category.id} className="promo-form__check">
            <input type="checkbox" checked={draft.categoryIds.includes(category.id)} onChange={(event) => toggleCategory(category.id, event.target.checked)} /> {category.name}
          </label>
        ))}
      </fieldset>
      <Field block="promo-form" label="Описание для сотрудников">
        {(control) => <textarea {...control} className="ottisk-input" rows={2} maxLength={500} value={draft.description} onChange={(event) => set("description", event.target.value)} />}
      </Field>
      <label className="promo-form__check">
        <input type="checkbox" checked={draft.active} onChange={(event) => set("active", event.target.checked)} /> Промокод действует (снимите, чтобы выключить)
      </label>
      {initial ? <p className="promo-form__note">Использован в заказах: {initial.usedCount}</p> : null}
      <ErrorNote className="promo-form__failure" message={error} />
      <p role="status" className="promo-form__done">
        {done ?? ""}
      </p>
      <button type="submit" className="ottisk-button" disabled={busy}>
        {busy ? "Сохраняем…" : id === null ? "Создать промокод" : "Сохранить"}
      </button>
    </form>
  );
}

export function PickupPointsSection({ route }: SectionProps) {
  if (route.id === null) return <PickupPointList />;
  return <PickupPointEditor id={route.id === "new" ? null : route.id} />;
}

function PickupPointList() {
  const { points, reload } = useBackOfficePickupPoints();
  return (
    <section className="promo-section" aria-labelledby="pickup-list-title">
      <div className="promo-section__head">
        <h2 id="pickup-list-title">Пункты самовывоза</h2>
        <a className="ottisk-button" href={backOfficePath("pickup-points", "new")}>
          Новый пункт
        </a>
      </div>
      {whenReady(points, "пункты самовывоза", reload, ({ items }) =>
        items.length === 0 ? (
          <p>Пунктов самовывоза пока нет.</p>
        ) : (
          <div className="employee-table" role="region" aria-labelledby="pickup-table-caption" tabIndex={0}>
            <table>
              <caption id="pickup-table-caption">Пункты самовывоза по городам</caption>
              <thead>
                <tr>
                  <th scope="col">Пункт</th>
                  <th scope="col">Город</th>
                  <th scope="col">Часы работы</th>
                  <th scope="col">Состояние</th>
                </tr>
              </thead>
              <tbody>
                {items.map((point) => (
                  <tr key={point.id}>
                    <th scope="row">
                      <a href={backOfficePath("pickup-points", point.id)}>{point.name}</a>
                      <span className="employee-table__sub">{point.address}</span>
                    </th>
                    <td>{point.cityName}</td>
                    <td>{point.operatingMode}</td>
                    <td>{point.active ? "Работает" : "Закрыт"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ),
      )}
    </section>
  );
}

function PickupPointEditor({ id }: { id: number | null }) {
  const { point, reload } = useBackOfficePickupPoint(id);
  return (
    <section className="promo-section" aria-labelledby="pickup-form-title">
      <p>
        <a href={backOfficePath("pickup-points")}>← Все пункты самовывоза</a>
      </p>
      <h2 id="pickup-form-title">{id === null ? "Новый пункт самовывоза" : "Пункт самовывоза"}</h2>
      {id === null ? <PickupPointForm id={null} initial={null} /> : whenReady(point, "пункт самовывоза", reload, (found) => <PickupPointForm key={found.id} id={found.id} initial={found} />)}
    </section>
  );
}

type PickupDraft = Record<"name" | "cityKladrId" | "address" | "operatingMode" | "geoLat" | "geoLon" | "phone", string> & { active: boolean };

/** The map coordinates' own check, before the server's: a number in range, or nothing. */
function coordinateError(text: string, limit: number, what: string): string | undefined {
  const value = numberOrNull(text);
  if (value === null) return undefined;
  return Number.isFinite(value) && value >= -limit && value <= limit ? undefined : `${what}: число от -${limit} до ${limit}`;
}

function PickupPointForm({ id, initial }: { id: number | null; initial: EmployeePickupPoint | null }) {
  const save = useSetAtom(savePickupPointAtom);
  const showFailure = useShowFailure();
  const [draft, setDraft] = useState<PickupDraft>(() => ({
    name: initial?.name ?? "",
    cityKladrId: initial?.cityKladrId ?? "",
    address: initial?.address ?? "",
    operatingMode: initial?.operatingMode ?? "",
    geoLat: initial?.geoLat === null || initial === null ? "" : String(initial.geoLat),
    geoLon: initial?.geoLon === null || initial === null ? "" : String(initial.geoLon),
    phone: initial?.phone ?? "",
    active: initial?.active ?? true,
  }));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const set = <K extends keyof PickupDraft>(field: K, value: PickupDraft[K]) => setDraft((current) => ({ ...current, [field]: value }));
  const latError = coordinateError(draft.geoLat, 90, "Широта");
  const lonError = coordinateError(draft.geoLon, 180, "Долгота");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setDone(null);
    if (latError || lonError) {
      setError(latError ?? lonError ?? null);
      return;
    }
    setBusy(true);
    const body: PickupPointCreate = {
      name: draft.name,
      cityKladrId: draft.cityKladrId,
      address: draft.address,
      operatingMode: draft.operatingMode,
      geoLat: numberOrNull(draft.geoLat),
      geoLon: numberOrNull(draft.geoLon),
      phone: draft.phone,
      active: draft.active,
    };
    save({ id, point: body })
      .then((saved) => {
        setBusy(false);
        if (id === null) window.location.assign(backOfficePath("pickup-points", saved.id));
        else setDone(`Пункт «${saved.name}» сохранён.`);
      })
      .catch((failure: unknown) => {
        setBusy(false);
        showFailure(failure, (text) => setError(text));
      });
  };

  return (
    <form className="promo-form" onSubmit={submit} noValidate>
      <Field block="promo-form" label="Название">
        {(control) => <input {...control} className="ottisk-input" value={draft.name} required maxLength={200} onChange={(event) => set("name", event.target.value)} />}
      </Field>
      <Field block="promo-form" label="Код КЛАДР города" hint={initial ? `Сейчас: ${initial.cityName}. 13 цифр, например 2300000100000 — Краснодар` : "13 цифр, например 2300000100000 — Краснодар"}>
        {(control) => <input {...control} className="ottisk-input" inputMode="numeric" value={draft.cityKladrId} required onChange={(event) => set("cityKladrId", event.target.value)} />}
      </Field>
      <Field block="promo-form" label="Адрес">
        {(control) => <input {...control} className="ottisk-input" value={draft.address} required maxLength={500} onChange={(event) => set("address", event.target.value)} />}
      </Field>
      <Field block="promo-form" label="Часы работы" hint="Как их увидит клиент: «Пн–Пт 9:00–19:00, Сб 10:00–16:00»">
        {(control) => <input {...control} className="ottisk-input" value={draft.operatingMode} maxLength={300} onChange={(event) => set("operatingMode", event.target.value)} />}
      </Field>
      <Field block="promo-form" label="Широта" hint="От -90 до 90; пусто — точка города" error={latError}>
        {(control) => <input {...control} className="ottisk-input" inputMode="decimal" value={draft.geoLat} onChange={(event) => set("geoLat", event.target.value)} />}
      </Field>
      <Field block="promo-form" label="Долгота" hint="От -180 до 180" error={lonError}>
        {(control) => <input {...control} className="ottisk-input" inputMode="decimal" value={draft.geoLon} onChange={(event) => set("geoLon", event.target.value)} />}
      </Field>
      <Field block="promo-form" label="Телефон">
        {(control) => <input {...control} type="tel" className="ottisk-input" value={draft.phone} maxLength={50} onChange={(event) => set("phone", event.target.value)} />}
      </Field>
      <label className="promo-form__check">
        <input type="checkbox" checked={draft.active} onChange={(event) => set("active", event.target.checked)} /> Пункт работает (снимите, чтобы закрыть: корзина перестанет его предлагать)
      </label>
      <ErrorNote className="promo-form__failure" message={error} />
      <p role="status" className="promo-form__done">
        {done ?? ""}
      </p>
      <button type="submit" className="ottisk-button" disabled={busy}>
        {busy ? "Сохраняем…" : id === null ? "Добавить пункт" : "Сохранить"}
      </button>
    </form>
  );
}
