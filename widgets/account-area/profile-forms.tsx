import { useSetAtom } from "jotai/react";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import type { FormEvent } from "react";
import { PASSWORD_MIN_LENGTH } from "../../shared/contracts/index";
import type { AccountProfile, Address, Company, CompanyCreateRequest, Recipient } from "../../shared/contracts/index";
import { formatPhone } from "../../shared/domain/index";
import {
  changePasswordAtom,
  citySearches,
  deleteAddressAtom,
  deleteRecipientAtom,
  lookUpCompanyByInnAtom,
  PRESET_CITY_CHOICES,
  saveAddressAtom,
  saveRecipientAtom,
  updateProfileAtom,
  useAddresses,
  useCityName,
  useDebounced,
  useKeyedResource,
  useRecipients,
  useShowFailure,
} from "../../shared/state/index";
import type { CityChoice } from "../../shared/state/index";
import { ErrorNote, Field, LoadError, PhoneInput } from "../../shared/ui/index";
import type { FieldProps } from "../../shared/ui/index";
import { fieldErrors } from "./field-errors";

/*
 * The forms of the account area's profile pages: the person's name, phone and password, the
 * recipients of the personal profile or a company, saved delivery addresses and a company's
 * requisites. Each form sends what was typed and shows the server's Russian messages by field
 * (the contracts' rules live on the server, one place).
 */

type FieldErrors = Record<string, string>;

/** How long typing pauses before the address form's city search asks. */
const CITY_SEARCH_PAUSE_MS = 300;

/** A field of the profile and company forms. */
export function ProfileField(props: Omit<FieldProps, "block">) {
  return <Field block="profile-form" {...props} />;
}

/** The form's outcome: a success announced politely, a failure as an alert. */
export function FormResult({ result }: { result: { kind: "ok" | "error"; text: string } | null }) {
  return (
    <div className="profile-form__result" role={result?.kind === "error" ? "alert" : "status"}>
      {result ? <p className={result.kind === "error" ? "ottisk-message ottisk-message--error" : "profile-form__ok"}>{result.text}</p> : null}
    </div>
  );
}

type Result = { kind: "ok" | "error"; text: string } | null;

/** The end of a form: its submit button, «Отмена» when the form can be left without saving, and the outcome. */
function FormFooter({ busy, submitLabel, onCancel, result }: { busy: boolean; submitLabel: string; onCancel?: (() => void) | undefined; result: Result }) {
  return (
    <>
      <div className="profile-form__actions">
        <button type="submit" className="ottisk-button" aria-disabled={busy}>
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="ottisk-button ottisk-button--quiet" onClick={onCancel}>
            Отмена
          </button>
        ) : null}
      </div>
      <FormResult result={result} />
    </>
  );
}

/** A form's busy flag, result and field errors around one async action. */
function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const showFailure = useShowFailure();
  const run = async (action: () => Promise<string | null>) => {
    if (busy) return;
    setBusy(true);
    setResult(null);
    setErrors({});
    try {
      const done = await action();
      if (done) setResult({ kind: "ok", text: done });
    } catch (error) {
      // The server's answer as the form shows it: the message, and each field's own.
      showFailure(error, (text, failure) => {
        setErrors(fieldErrors(failure.issues));
        setResult({ kind: "error", text });
      });
    } finally {
      setBusy(false);
    }
  };
  return { busy, result, errors, run, setErrors, setResult };
}

/** Name, surname and phone of the signed-in person (the e-mail is shown, not changed here). */
export function PersonalForm({ profile }: { profile: AccountProfile }) {
  const update = useSetAtom(updateProfileAtom);
  const [name, setName] = useState(profile.name);
  const [surname, setSurname] = useState(profile.surname);
  const [phone, setPhone] = useState(profile.phone ?? "");
  const { busy, result, errors, run } = useSubmit();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const saved = await update({ name, surname, phone });
      setPhone(saved.phone ?? "");
      return "Данные сохранены.";
    });
  };
  return (
    <form className="profile-form" noValidate aria-busy={busy} onSubmit={submit}>
      {profile.email ? (
        <p className="profile-form__static">
          Электронная почта: <strong>{profile.email}</strong>
        </p>
      ) : null}
      <ProfileField label="Имя" error={errors.name}>
        {(control) => <input {...control} name="name" autoComplete="given-name" required value={name} onChange={(event) => setName(event.target.value)} />}
      </ProfileField>
      <ProfileField label="Фамилия" error={errors.surname}>
        {(control) => <input {...control} name="surname" autoComplete="family-name" value={surname} onChange={(event) => setSurname(event.target.value)} />}
      </ProfileField>
      <ProfileField label="Телефон" error={errors.phone}>
        {(control) => <PhoneInput {...control} name="phone" value={phone} onChange={setPhone} />}
      </ProfileField>
      <FormFooter busy={busy} submitLabel="Сохранить" result={result} />
    </form>
  );
}

/** A new password: the current one, the new one twice; the other sessions end on the server. */
export function PasswordForm() {
  const change = useSetAtom(changePasswordAtom);
  const [currentPassword, setCurrent] = useState("");
  const [newPassword, setNew] = useState("");
  const [repeat, setRepeat] = useState("");
  const { busy, result, errors, run, setErrors, setResult } = useSubmit();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (newPassword !== repeat) {
      setErrors({ repeat: "Пароли не совпадают" });
      setResult({ kind: "error", text: "Новый пароль и повтор не совпадают." });
      return;
    }
    void run(async () => {
      await change({ currentPassword, newPassword });
      setCurrent("");
      setNew("");
      setRepeat("");
      return "Пароль изменён. На других устройствах нужно войти заново.";
    });
  };
  return (
    <form className="profile-form" noValidate aria-busy={busy} onSubmit={submit}>
      <ProfileField label="Текущий пароль" error={errors.currentPassword}>
        {(control) => (
          <input {...control} type="password" name="current-password" autoComplete="current-password" required value={currentPassword} onChange={(event) => setCurrent(event.target.value)} />
        )}
      </ProfileField>
      <ProfileField label="Новый пароль" error={errors.newPassword} hint={`Не короче ${PASSWORD_MIN_LENGTH} символов, буквы и цифры.`}>
        {(control) => <input {...control} type="password" name="new-password" autoComplete="new-password" required value={newPassword} onChange={(event) => setNew(event.target.value)} />}
      </ProfileField>
      <ProfileField label="Новый пароль ещё раз" error={errors.repeat}>
        {(control) => <input {...control} type="password" name="repeat-password" autoComplete="new-password" required value={repeat} onChange={(event) => setRepeat(event.target.value)} />}
      </ProfileField>
      <FormFooter busy={busy} submitLabel="Сменить пароль" result={result} />
    </form>
  );
}

/** «Удалить» that asks once more in place: the question and «Да, удалить» / «Отмена». */
function DeleteButton({ what, onDelete }: { what: string; onDelete: () => Promise<void> }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const showFailure = useShowFailure();
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <button type="button" className="ottisk-button ottisk-button--quiet" onClick={() => setAsking(true)}>
        Удалить<span className="ottisk-visually-hidden"> {what}</span>
      </button>
    );
  }
  return (
    <div className="profile-list__confirm" role="group" aria-label={`Удалить ${what}?`}>
      <span>Удалить {what}?</span>
      <button
        ref={confirmRef}
        type="button"
        className="ottisk-button"
        aria-disabled={busy}
        onClick={() => {
          if (busy) return;
          setBusy(true);
          setError(null);
          onDelete().catch((failure: unknown) => {
            showFailure(failure, setError);
            setBusy(false);
          });
        }}
      >
        Да, удалить
      </button>
      <button type="button" className="ottisk-button ottisk-button--quiet" onClick={() => setAsking(false)}>
        Отмена
      </button>
      <ErrorNote className="ottisk-message ottisk-message--error" message={error} />
    </div>
  );
}

function RecipientForm({ companyId, recipient, onDone }: { companyId: number | null; recipient: Recipient | null; onDone: () => void }) {
  const save = useSetAtom(saveRecipientAtom);
  const [name, setName] = useState(recipient?.name ?? "");
  const [phone, setPhone] = useState(recipient ? formatPhone(recipient.phone) : "");
  const [email, setEmail] = useState(recipient?.email ?? "");
  const { busy, result, errors, run } = useSubmit();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await save({ name, phone, email: email.trim() === "" ? null : email.trim(), companyId }, recipient?.id ?? null);
      onDone();
      return null;
    });
  };
  return (
    <form className="profile-form profile-form--inline" noValidate aria-busy={busy} aria-label={recipient ? `Изменить получателя ${recipient.name}` : "Новый получатель"} onSubmit={submit}>
      <ProfileField label="Имя получателя" error={errors.name}>
        {(control) => <input {...control} name="recipient-name" autoComplete="name" required value={name} onChange={(event) => setName(event.target.value)} />}
      </ProfileField>
      <ProfileField label="Телефон получателя" error={errors.phone}>
        {(control) => <PhoneInput {...control} name="recipient-phone" autoComplete="off" value={phone} onChange={setPhone} />}
      </ProfileField>
      <ProfileField label="Почта получателя (необязательно)" error={errors.email}>
        {(control) => <input {...control} type="email" name="recipient-email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} />}
      </ProfileField>
      <FormFooter busy={busy} submitLabel={recipient ? "Сохранить" : "Добавить"} onCancel={onDone} result={result} />
    </form>
  );
}

/** The recipients of a company, or of the personal profile (`companyId` null): list, add, edit, delete. */
export function RecipientsSection({ companyId }: { companyId: number | null }) {
  const { recipients, reload } = useRecipients(companyId);
  const remove = useSetAtom(deleteRecipientAtom);
  const [editing, setEditing] = useState<number | "new" | null>(null);
  if (recipients.status === "loading") return <p role="status">Загружаем получателей…</p>;
  if (recipients.status === "error") return <LoadError messageUI={recipients.messageUI} onRetry={reload} />;
  return (
    <div className="profile-list">
      {recipients.data.length === 0 ? <p className="profile-list__empty">Получателей пока нет.</p> : null}
      <ul className="profile-list__items">
        {recipients.data.map((recipient) => (
          <li key={recipient.id} className="profile-list__item">
            {editing === recipient.id ? (
              <RecipientForm companyId={companyId} recipient={recipient} onDone={() => setEditing(null)} />
            ) : (
              <>
                <div className="profile-list__text">
                  <strong>{recipient.name}</strong>
                  <span>{formatPhone(recipient.phone)}</span>
                  {recipient.email ? <span>{recipient.email}</span> : null}
                </div>
                <div className="profile-list__actions">
                  <button type="button" className="ottisk-button ottisk-button--quiet" onClick={() => setEditing(recipient.id)}>
                    Изменить<span className="ottisk-visually-hidden"> получателя {recipient.name}</span>
                  </button>
                  <DeleteButton what={`получателя ${recipient.name}`} onDelete={() => remove(recipient)} />
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
      {editing === "new" ? (
        <RecipientForm companyId={companyId} recipient={null} onDone={() => setEditing(null)} />
      ) : (
        <button type="button" className="ottisk-button ottisk-button--quiet" onClick={() => setEditing("new")}>
          Добавить получателя
        </button>
      )}
    </div>
  );
}

function CityName({ kladrId }: { kladrId: string }) {
  const name = useCityName(kladrId);
  return <>{name ?? "Город"}</>;
}

/** The city of an address: a search box and the cities it finds (the presets before any search). */
function CitySelect({ value, onChange, error }: { value: string; onChange: (kladrId: string) => void; error?: string | undefined }) {
  const currentName = useCityName(value);
  const [query, setQuery] = useState("");
  // The presets until two letters are typed; then the cities found, asked once typing pauses.
  const text = query.trim();
  const settled = useDebounced(text, CITY_SEARCH_PAUSE_MS);
  const asked = text.length >= 2 && settled.length >= 2 ? settled : null;
  const { resource: searched } = useKeyedResource(citySearches, asked);
  const answer = asked !== null && searched?.status === "ready" ? searched.data : null;
  // While a newer search is on its way (or failed), the last list found stays.
  const [found, setFound] = useState<readonly CityChoice[]>(PRESET_CITY_CHOICES);
  const shown = asked === null ? PRESET_CITY_CHOICES : (answer ?? found);
  if (shown !== found) setFound(shown);
  const searchError = asked !== null && searched?.status === "error" ? searched.messageUI : null;
  // The search follows the query only; the chosen city is read when the answer comes.
  const pickFirstFound = useEffectEvent((cities: readonly CityChoice[]) => {
    if (cities[0] && !cities.some((city) => city.kladrId === value)) onChange(cities[0].kladrId);
  });
  useEffect(() => {
    if (answer) pickFirstFound(answer);
  }, [answer]);
  const options = value && !found.some((city) => city.kladrId === value) ? [{ kladrId: value, city: currentName ?? "Выбранный город", region: "" }, ...found] : found;
  return (
    <>
      <ProfileField label="Найти город" hint="Начните вводить название: список ниже покажет найденные города." error={searchError ?? undefined}>
        {(control) => <input {...control} type="search" name="city-search" autoComplete="off" value={query} onChange={(event) => setQuery(event.target.value)} />}
      </ProfileField>
      <ProfileField label="Город" error={error}>
        {(control) => (
          <select {...control} name="city" required value={value} onChange={(event) => onChange(event.target.value)}>
            {value === "" ? <option value="">Выберите город</option> : null}
            {options.map((city) => (
              <option key={city.kladrId} value={city.kladrId}>
                {city.region && city.region !== city.city ? `${city.city}, ${city.region}` : city.city}
              </option>
            ))}
          </select>
        )}
      </ProfileField>
    </>
  );
}

function AddressForm({ saved, onDone }: { saved: Address | null; onDone: () => void }) {
  const save = useSetAtom(saveAddressAtom);
  const [cityKladrId, setCity] = useState(saved?.cityKladrId ?? PRESET_CITY_CHOICES[0]?.kladrId ?? "");
  const [text, setText] = useState(saved?.address ?? "");
  const [comment, setComment] = useState(saved?.comment ?? "");
  const { busy, result, errors, run } = useSubmit();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await save({ cityKladrId, address: text, comment }, saved?.id ?? null);
      onDone();
      return null;
    });
  };
  return (
    <form className="profile-form profile-form--inline" noValidate aria-busy={busy} aria-label={saved ? "Изменить адрес" : "Новый адрес"} onSubmit={submit}>
      <CitySelect value={cityKladrId} onChange={setCity} error={errors.cityKladrId} />
      <ProfileField label="Адрес: улица, дом, квартира или офис" error={errors.address}>
        {(control) => <input {...control} name="address" autoComplete="street-address" required value={text} onChange={(event) => setText(event.target.value)} />}
      </ProfileField>
      <ProfileField label="Комментарий для курьера (необязательно)" error={errors.comment}>
        {(control) => <input {...control} name="comment" autoComplete="off" value={comment} onChange={(event) => setComment(event.target.value)} />}
      </ProfileField>
      <FormFooter busy={busy} submitLabel={saved ? "Сохранить" : "Добавить"} onCancel={onDone} result={result} />
    </form>
  );
}

/** The client's saved delivery addresses: list, add, edit, delete. */
export function AddressesSection() {
  const { addresses, reload } = useAddresses();
  const remove = useSetAtom(deleteAddressAtom);
  const [editing, setEditing] = useState<number | "new" | null>(null);
  if (addresses.status === "loading") return <p role="status">Загружаем адреса…</p>;
  if (addresses.status === "error") return <LoadError messageUI={addresses.messageUI} onRetry={reload} />;
  return (
    <div className="profile-list">
      {addresses.data.length === 0 ? <p className="profile-list__empty">Сохранённых адресов пока нет.</p> : null}
      <ul className="profile-list__items">
        {addresses.data.map((saved) => (
          <li key={saved.id} className="profile-list__item">
            {editing === saved.id ? (
              <AddressForm saved={saved} onDone={() => setEditing(null)} />
            ) : (
              <>
                <div className="profile-list__text">
                  <strong>
                    <CityName kladrId={saved.cityKladrId} />, {saved.address}
                  </strong>
                  {saved.comment ? <span>{saved.comment}</span> : null}
                </div>
                <div className="profile-list__actions">
                  <button type="button" className="ottisk-button ottisk-button--quiet" onClick={() => setEditing(saved.id)}>
                    Изменить<span className="ottisk-visually-hidden"> адрес {saved.address}</span>
                  </button>
                  <DeleteButton what={`адрес ${saved.address}`} onDelete={() => remove(saved.id)} />
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
      {editing === "new" ? (
        <AddressForm saved={null} onDone={() => setEditing(null)} />
      ) : (
        <button type="button" className="ottisk-button ottisk-button--quiet" onClick={() => setEditing("new")}>
          Добавить адрес
        </button>
      )}
    </div>
  );
}

/**
 * A company's requisites: a new one (filled by ИНН from /utils/company-by-inn, then checked and
 * edited by the person) or an existing one's changes.
 */
export function CompanyForm({
  company,
  onSave,
  onCancel,
}: {
  company: Company | null;
  onSave: (input: CompanyCreateRequest) => Promise<string | null>;
  onCancel?: (() => void) | undefined;
}) {
  const lookUpCompany = useSetAtom(lookUpCompanyByInnAtom);
  const [values, setValues] = useState({
    inn: company?.inn ?? "",
    name: company?.name ?? "",
    kpp: company?.kpp ?? "",
    ogrn: company?.ogrn ?? "",
    legalAddress: company?.legalAddress ?? "",
  });
  const [lookup, setLookup] = useState<Result>(null);
  const { busy, result, errors, run } = useSubmit();
  const change = (patch: Partial<typeof values>) => setValues((current) => ({ ...current, ...patch }));
  const findByInn = async () => {
    setLookup(null);
    const found = await lookUpCompany(values.inn.trim());
    if (found.status === "ready") {
      change({ name: found.data.name, kpp: found.data.kpp ?? "", ogrn: found.data.ogrn ?? "", legalAddress: found.data.legalAddress });
      setLookup({ kind: "ok", text: `Нашли: ${found.data.name}. Проверьте реквизиты.` });
    } else if (found.status === "error") {
      setLookup({ kind: "error", text: found.messageUI });
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(() =>
      onSave({
        name: values.name,
        inn: values.inn,
        kpp: values.kpp.trim() === "" ? null : values.kpp,
        ogrn: values.ogrn.trim() === "" ? null : values.ogrn,
        legalAddress: values.legalAddress,
      }),
    );
  };
  return (
    <form className="profile-form" noValidate aria-busy={busy} aria-label={company ? `Реквизиты ${company.name}` : "Новая компания"} onSubmit={submit}>
      <ProfileField label="ИНН" error={errors.inn} hint="10 цифр у организации, 12 у ИП.">
        {(control) => <input {...control} name="inn" inputMode="numeric" autoComplete="off" required value={values.inn} onChange={(event) => change({ inn: event.target.value })} />}
      </ProfileField>
      <div className="profile-form__actions">
        <button type="button" className="ottisk-button ottisk-button--quiet" onClick={() => void findByInn()}>
          Заполнить по ИНН
        </button>
      </div>
      <FormResult result={lookup} />
      <ProfileField label="Название" error={errors.name}>
        {(control) => <input {...control} name="company-name" autoComplete="organization" required value={values.name} onChange={(event) => change({ name: event.target.value })} />}
      </ProfileField>
      <ProfileField label="КПП (необязательно)" error={errors.kpp}>
        {(control) => <input {...control} name="kpp" autoComplete="off" value={values.kpp} onChange={(event) => change({ kpp: event.target.value })} />}
      </ProfileField>
      <ProfileField label="ОГРН или ОГРНИП (необязательно)" error={errors.ogrn}>
        {(control) => <input {...control} name="ogrn" inputMode="numeric" autoComplete="off" value={values.ogrn} onChange={(event) => change({ ogrn: event.target.value })} />}
      </ProfileField>
      <ProfileField label="Юридический адрес" error={errors.legalAddress}>
        {(control) => <input {...control} name="legal-address" autoComplete="off" value={values.legalAddress} onChange={(event) => change({ legalAddress: event.target.value })} />}
      </ProfileField>
      <FormFooter busy={busy} submitLabel={company ? "Сохранить реквизиты" : "Добавить компанию"} onCancel={onCancel} result={result} />
    </form>
  );
}

export { DeleteButton };
