import { useId } from "react";
import { DESIGN_MESSAGE_MAX_LENGTH } from "../../shared/contracts/index";
import { useDesignMessages } from "../../shared/state/index";
import { DesignMessageList, LoadError, useDesignMessageForm } from "../../shared/ui/index";

/**
 * The messages of one design order between the customer and the shop's designer, and a box to
 * write one. The client's order page and the employee's order page both show it; the server
 * decides who may read (the order's client, staff). A designer's answer reaches the client's
 * «Уведомления» too.
 */
export function DesignMessages({ designOrderId }: { designOrderId: number }) {
  const { messages, reload } = useDesignMessages(designOrderId);
  const { text, setText, busy, error, submit } = useDesignMessageForm(designOrderId);
  const id = useId();

  return (
    <section className="design-messages" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="design-messages__title">
        Переписка с дизайнером
      </h3>
      {messages.status === "loading" ? <p role="status">Загружаем сообщения…</p> : null}
      {messages.status === "error" ? <LoadError messageUI={messages.messageUI} onRetry={reload} /> : null}
      {messages.status === "ready" ? (
        <DesignMessageList messages={messages.data} block="design-messages" emptyText="Сообщений пока нет. Задайте вопрос или уточните пожелания к дизайну." />
      ) : null}
      <form className="design-messages__form" noValidate aria-busy={busy} onSubmit={submit}>
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
