import { useSetAtom } from "jotai/react";
import { useId, useState } from "react";
import { displayPhone } from "../../shared/domain/index";
import { saveRecipientAtom, useRecipients, useShowFailure } from "../../shared/state/index";
import { PhoneInput } from "../../shared/ui/index";

export interface RecipientFieldProps {
  /** The company whose recipients are listed; null: the personal profile. */
  companyId: number | null;
  value: number | null;
  onChange: (recipientId: number | null) => void;
}

/**
 * Who receives the parcel: a saved recipient of the account (GET /client-account/recipient, asked
 * afresh each time the form opens) or a new one (POST, then in the list at once). Part of the
 * delivery form, so its fields are a fieldset, not a form of their own.
 */
export function RecipientField({ companyId, value, onChange }: RecipientFieldProps) {
  const { recipients } = useRecipients(companyId, { fresh: true });
  const saveRecipient = useSetAtom(saveRecipientAtom);
  const showFailure = useShowFailure();
  const [adding, setAdding] = useState(false);
  const [draft, setDraft] = useState({ name: "", phone: "", email: "" });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const selectId = useId();
  const ids = { name: useId(), phone: useId(), email: useId(), error: useId() };

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const created = await saveRecipient(
        {
          name: draft.name,
          phone: draft.phone,
          email: draft.email.trim() === "" ? null : draft.email.trim(),
          companyId,
        },
        null,
      );
      setAdding(false);
      setDraft({ name: "", phone: "", email: "" });
      onChange(created.id);
    } catch (failure) {
      showFailure(failure, setError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className="ottisk-cart__fieldset">
      <legend>Получатель</legend>
      {recipients.status === "error" ? (
        <p className="ottisk-cart__error" role="alert">
          {recipients.messageUI}
        </p>
      ) : null}
      <label htmlFor={selectId}>Кто получит заказ</label>
      <select
        id={selectId}
        value={value === null ? "" : String(value)}
        disabled={recipients.status !== "ready"}
        onChange={(event) => onChange(event.target.value === "" ? null : Number(event.target.value))}
      >
        <option value="">Не указан — свяжемся с вами</option>
        {recipients.status === "ready"
          ? recipients.data.map((recipient) => (
              <option key={recipient.id} value={recipient.id}>
                {recipient.name}, {displayPhone(recipient.phone)}
              </option>
            ))
          : null}
      </select>
      {adding ? (
        <div className="ottisk-cart__recipient-new">
          <label htmlFor={ids.name}>Имя и фамилия</label>
          <input
            id={ids.name}
            name="recipient-name"
            autoComplete="name"
            value={draft.name}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          />
          <label htmlFor={ids.phone}>Телефон</label>
          <PhoneInput id={ids.phone} name="recipient-phone" value={draft.phone} onChange={(phone) => setDraft({ ...draft, phone })} />
          <label htmlFor={ids.email}>Эл. почта (необязательно)</label>
          <input
            id={ids.email}
            name="recipient-email"
            type="email"
            autoComplete="email"
            value={draft.email}
            onChange={(event) => setDraft({ ...draft, email: event.target.value })}
          />
          {error ? (
            <p id={ids.error} className="ottisk-cart__error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="ottisk-cart__inline-row">
            <button type="button" className="ottisk-button ottisk-button--quiet" disabled={busy} onClick={() => void save()}>
              Сохранить получателя
            </button>
            <button type="button" className="ottisk-cart__link-button" onClick={() => setAdding(false)}>
              Отмена
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="ottisk-cart__link-button" onClick={() => setAdding(true)}>
          Новый получатель
        </button>
      )}
    </fieldset>
  );
}
