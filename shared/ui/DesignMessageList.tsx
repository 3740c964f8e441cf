import { useSetAtom } from "jotai/react";
import { useId, useState } from "react";
import type { FormEvent } from "react";
import type { DesignMessage } from "../contracts/index";
import { formatDateTime } from "../domain/index";
import { postDesignMessageAtom, useShowFailure } from "../state/index";

export interface DesignMessageListProps {
  messages: readonly DesignMessage[];
  /** The CSS block of the page that shows the list (`design-messages` in the account, `design-chat` in the back office): `__list`, `__item`, `__item--shop`, `__meta`, `__tag`, `__text`, `__empty`. */
  block: string;
  /** Said when there is no message yet. */
  emptyText: string;
}

/**
 * The messages of one design order between the client and the shop, oldest first: who wrote
 * («Вы» for the reader's own, «· типография» after a shop's employee), when, and the text as
 * typed. The client's order page (DesignMessages) and the designer's page in the back office
 * draw the same list, each in its own page's look.
 */
export function DesignMessageList({ messages, block, emptyText }: DesignMessageListProps) {
  if (messages.length === 0) return <p className={`${block}__empty`}>{emptyText}</p>;
  return (
    <ol className={`${block}__list`} aria-live="polite">
      {messages.map((message) => (
        <li key={message.id} className={message.fromShop ? `${block}__item ${block}__item--shop` : `${block}__item`}>
          <p className={`${block}__meta`}>
            <strong>{message.mine ? "Вы" : message.authorName}</strong>
            {message.fromShop && !message.mine ? <span className={`${block}__tag`}> · типография</span> : null}{" "}
            <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
          </p>
          <p className={`${block}__text`}>{message.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** The text, «Напишите сообщение» when empty, the post and its failure. */
function useDesignMessageForm(designOrderId: number) {
  const post = useSetAtom(postDesignMessageAtom);
  const showFailure = useShowFailure();
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (text.trim() === "") {
      setError("Напишите сообщение");
      return;
    }
    setBusy(true);
    setError(null);
    post(designOrderId, text)
      .then(() => setText(""))
      .catch((failure: unknown) => showFailure(failure, setError))
      .finally(() => setBusy(false));
  };
  return { text, setText, busy, error, submit };
}

export interface DesignMessageBoxProps {
  designOrderId: number;
  /** The text box's label («Сообщение», «Сообщение клиенту»). */
  label: string;
  /** The page's classes: the form, the text box (none: the form's CSS styles it) and the error line. */
  formClassName: string;
  inputClassName?: string | undefined;
  errorClassName: string;
  /** The longest message the API takes (the contract's DESIGN_MESSAGE_MAX_LENGTH; shared/ui reads contracts as types only). */
  maxLength: number;
}

/** The box that writes a message to a design order, on the client's order page and on the designer's page alike. */
export function DesignMessageBox({ designOrderId, label, formClassName, inputClassName, errorClassName, maxLength }: DesignMessageBoxProps) {
  const { text, setText, busy, error, submit } = useDesignMessageForm(designOrderId);
  const id = useId();
  return (
    <form className={formClassName} noValidate aria-busy={busy} onSubmit={submit}>
      <label htmlFor={`${id}-text`}>{label}</label>
      <textarea
        id={`${id}-text`}
        className={inputClassName}
        name="message"
        rows={3}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className={errorClassName} role="alert">
          {error}
        </p>
      ) : null}
      <div>
        <button type="submit" className="ottisk-button" aria-disabled={busy}>
          {busy ? "Отправляем…" : "Отправить"}
        </button>
      </div>
    </form>
  );
}
