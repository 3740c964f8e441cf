import { useId } from "react";
import { DESIGN_MESSAGE_MAX_LENGTH } from "../../shared/contracts/index";
import { useDesignMessages } from "../../shared/state/index";
import { DesignMessageBox, DesignMessageList, LoadError } from "../../shared/ui/index";

/**
 * The messages of one design order between the customer and the shop's designer, and a box to
 * write one. The client's order page and the employee's order page both show it; the server
 * decides who may read (the order's client, staff). A designer's answer reaches the client's
 * «Уведомления» too.
 */
export function DesignMessages({ designOrderId }: { designOrderId: number }) {
  const { messages, reload } = useDesignMessages(designOrderId);
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
      <DesignMessageBox designOrderId={designOrderId} label="Сообщение" formClassName="design-messages__form" errorClassName="profile-form__error" maxLength={DESIGN_MESSAGE_MAX_LENGTH} />
    </section>
  );
}
