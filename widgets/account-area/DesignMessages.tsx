import { useSetAtom } from "jotai/react";
import { useId, useState } from "react";
import type { FormEvent } from "react";
import { DESIGN_MESSAGE_MAX_LENGTH } from "../../shared/contracts/index";
import { postDesignMessageAtom, useDesignMessages, useShowFailure } from "../../shared/state/index";
import { LoadError } from "../../shared/ui/index";
import { formatDateTime } from "../../shared/domain/index";

/**
 * The messages of one design order between the customer and the shop's designer, and a box to
 * write one. The client's order page and the employee's order page both show it; the server
 * decides who may read (the order's client, staff). A designer's answer reaches the client's
 * «Уведомления» too.
 */
export function DesignMessages({ designOrderId }: { designOrderId: number }) {
  const { messages, reload } = useDesignMessages(designOrderId);
  const post = useSetAtom(postDesignMessageAtom);
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const showFailure = useShowFailure();
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (text.trim() === "") {
      setError("Напишите сообщение");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await post(designOrderId, text);
      setText("");
    } catch (failure) {
      showFailure(failure, setError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="design-messages" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="design-messages__title">
        Переписка с дизайнером
      </h3>
      {messages.status === "loading" ? <p role="status">Загружаем сообщения…</p> : null}
      {messages.status === "error" ? <LoadError messageUI={messages.messageUI} onRetry={reload} /> : null}
      {messages.status === "ready" ? (
        messages.data.length === 0 ? (
          <p className="design-messages__empty">Сообщений пока нет. Задайте вопрос или уточните пожелания к дизайну.</p>
        ) : (
          <ol className="design-messages__list" aria-live="polite">
            {messages.data.map((message) => (
              <li key={message.id} className={message.fromShop ? "design-messages__item design-messages__item--shop" : "design-messages__item"}>
                <p className="design-messages__meta">
                  <strong>{message.mine ? "Вы" : message.authorName}</strong>
                  {message.fromShop && !message.mine ? <span className="design-messages__tag"> · типография</span> : null}{" "}
                  <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
                </p>
                <p className="design-messages__text">{message.text}</p>
              </li>
            ))}
          </ol>
        )
      ) : null}
      <form className="design-messages__form" noValidate aria-busy={busy} onSubmit={(event) => void submit(event)}>
        <label htmlFor={`${id}-text`}>Сообщение</label>
        <textarea
          id={`${id}-text`}
          name="message"
          rows={3}
          maxLength={DESIGN_MESSAGE_MAX_LENGTH}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        {error ? (
          <p id={`${id}-error`} className="profile-form__error" role="alert">
            {error}
          </p>
        ) : null}
        <div>
          <button type="submit" className="ottisk-button" aria-disabled={busy}>
            Отправить
          </button>
        </div>
      </form>
    </section>
  );
}
