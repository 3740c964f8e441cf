import { useSetAtom } from "jotai/react";
import { useEffect, useId, useRef, useState } from "react";
import type { FormEvent, ReactNode } from "react";
import type { AccountProfile, Client } from "../contracts/index";
import { enterClientModeAtom, useClientSearch, useShowFailure } from "../state/index";
import { ErrorNote } from "./ErrorNote";
import { LoadError } from "./LoadError";

/*
 * An employee's way into client mode (issue 15): find a client by name, e-mail, company or ИНН,
 * then «Войти в режим клиента» for the personal profile or one of the client's companies. The
 * employee's cart shows it instead of a bare error, and so do the account area's panel and client
 * search. The search asks the server as the employee types (after a short pause) or on «Найти».
 */

/** How long typing must pause before the search asks the server. */
export const CLIENT_SEARCH_PAUSE_MS = 300;

/** What was entered: the client, the account (null: the personal profile) and its words. */
export interface ClientModeEntered {
  profile: AccountProfile;
  client: Client;
  companyId: number | null;
  /** «Иван Иванов, ООО «Ромашка»». */
  label: string;
  /** The chosen destination's address, when the picker offers destinations. */
  href: string | null;
}

export interface ClientModeDestination {
  href: string;
  /** What opens: «Корзину», «Каталог». */
  label: string;
}

export interface ClientModePickerProps {
  /** What the search box holds at first (the page's `?q=`). */
  initialQuery?: string | undefined;
  /** Told of each search the employee makes (the page keeps it in its address). */
  onQueryChange?: ((query: string) => void) | undefined;
  /** Where to go once in client mode, chosen with radio buttons; none: the caller stays where it is. */
  destinations?: readonly ClientModeDestination[] | undefined;
  /** Called once the session acts for the client (the account and the cart are reloaded already). */
  onEntered?: ((entered: ClientModeEntered) => void) | undefined;
  /** Text above the search (the cart says why it asks). */
  intro?: ReactNode;
}

export function clientName(client: Pick<Client, "name" | "surname" | "email">): string {
  const name = [client.name, client.surname].filter((part) => part !== "").join(" ");
  return name === "" ? (client.email ?? "Клиент без имени") : name;
}


/** Enters client mode for one account of a client, remembering what happened. */
export function useEnterClientMode(onEntered: ClientModePickerProps["onEntered"]) {
  const enter = useSetAtom(enterClientModeAtom);
  const showFailure = useShowFailure();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [entered, setEntered] = useState<string | null>(null);
  return {
    busy,
    error,
    entered,
    enter: (client: Client, companyId: number | null, href: string | null) => {
      const key = `${client.id}:${companyId ?? "personal"}`;
      const company = companyId === null ? null : client.companies.find((item) => item.id === companyId);
      const label = `${clientName(client)}, ${company ? company.name : "личный профиль"}`;
      setBusy(key);
      setError(null);
      enter({ clientId: client.id, companyId })
        .then((profile) => {
          setBusy(null);
          setEntered(label);
          onEntered?.({ profile, client, companyId, label, href });
        })
        .catch((failure: unknown) => {
          setBusy(null);
          showFailure(failure, setError);
        });
    },
  };
}

/** The radio buttons «Затем открыть»: where the employee goes once in client mode. */
export function DestinationChoice({ destinations, value, onChange }: { destinations: readonly ClientModeDestination[]; value: string; onChange: (href: string) => void }) {
  const name = useId();
  return (
    <fieldset className="ottisk-client-picker__destinations">
      <legend>После входа открыть</legend>
      {destinations.map((destination) => (
        <label key={destination.href}>
          <input type="radio" name={name} value={destination.href} checked={value === destination.href} onChange={() => onChange(destination.href)} />
          {destination.label}
        </label>
      ))}
    </fieldset>
  );
}

export function ClientModePicker({ initialQuery = "", onQueryChange, destinations, onEntered, intro }: ClientModePickerProps) {
  const [text, setText] = useState(initialQuery);
  const [search, setSearch] = useState(initialQuery);
  const [assigned, setAssigned] = useState(false);
  const [destination, setDestination] = useState(destinations?.[0]?.href ?? "");
  const { clients, reload } = useClientSearch(search, assigned);
  const entry = useEnterClientMode(onEntered);
  const fieldId = useId();
  const hintId = useId();
  const onQueryChangeRef = useRef(onQueryChange);
  onQueryChangeRef.current = onQueryChange;

  // A pause in typing searches, as «Найти» does at once.
  useEffect(() => {
    if (text.trim() === search.trim()) return;
    const timer = setTimeout(() => setSearch(text), CLIENT_SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, search]);
  useEffect(() => onQueryChangeRef.current?.(search.trim()), [search, onQueryChangeRef]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(text);
  };
  const href = destinations && destinations.length > 0 ? destination : null;

  return (
    <div className="ottisk-client-picker" part="client-picker">
      {intro}
      <form className="ottisk-client-picker__form" role="search" aria-label="Поиск клиента" onSubmit={submit}>
        <label htmlFor={fieldId}>Клиент</label>
        <div className="ottisk-client-picker__row">
          <input
            id={fieldId}
            className="ottisk-input"
            type="search"
            name="q"
            value={text}
            autoComplete="off"
            maxLength={100}
            aria-describedby={hintId}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" className="ottisk-button">
            Найти
          </button>
        </div>
        <p id={hintId} className="ottisk-client-picker__hint">
          Имя, фамилия, почта, название компании или ИНН — от двух знаков
        </p>
        <label className="ottisk-client-picker__check">
          <input type="checkbox" checked={assigned} onChange={(event) => setAssigned(event.target.checked)} />
          Только мои клиенты
        </label>
        {destinations && destinations.length > 0 ? <DestinationChoice destinations={destinations} value={destination} onChange={setDestination} /> : null}
      </form>

      <ErrorNote className="ottisk-client-picker__error" message={entry.error} />
      <p className="ottisk-client-picker__status" role="status">
        {entry.entered ? `Вы работаете от имени клиента: ${entry.entered}.` : ""}
      </p>

      <ClientResults clients={clients} onRetry={reload} busy={entry.busy} onEnter={(client, companyId) => entry.enter(client, companyId, href)} />
    </div>
  );
}

interface ClientResultsProps {
  clients: ReturnType<typeof useClientSearch>["clients"];
  onRetry: () => void;
  busy: string | null;
  onEnter: (client: Client, companyId: number | null) => void;
}

function ClientResults({ clients, onRetry, busy, onEnter }: ClientResultsProps) {
  if (clients === null) return null;
  if (clients.status === "loading") {
    return (
      <p className="ottisk-client-picker__note" role="status">
        Ищем клиентов…
      </p>
    );
  }
  if (clients.status === "error") return <LoadError messageUI={clients.messageUI} onRetry={onRetry} />;
  if (clients.data.length === 0) {
    return (
      <p className="ottisk-client-picker__note" role="status">
        Никого не нашли. Проверьте имя, почту или ИНН.
      </p>
    );
  }
  return (
    <ul className="ottisk-client-picker__results" aria-label="Найденные клиенты">
      {clients.data.map((client) => {
        const name = clientName(client);
        const accounts: { companyId: number | null; title: string; detail: string | null }[] = [
          { companyId: null, title: "Личный профиль", detail: null },
          ...client.companies.map((company) => ({ companyId: company.id, title: company.name, detail: `ИНН ${company.inn}` })),
        ];
        return (
          <li key={client.id} className="ottisk-client-picker__client" data-client-id={client.id}>
            <p className="ottisk-client-picker__name">
              <strong>{name}</strong>
              {client.email ? <span className="ottisk-client-picker__email">{client.email}</span> : null}
            </p>
            <ul className="ottisk-client-picker__accounts" aria-label={`Аккаунты: ${name}`}>
              {accounts.map((item) => {
                const key = `${client.id}:${item.companyId ?? "personal"}`;
                return (
                  <li key={key} className="ottisk-client-picker__account">
                    <span>
                      {item.title}
                      {item.detail ? <span className="ottisk-client-picker__detail"> · {item.detail}</span> : null}
                    </span>
                    <button
                      type="button"
                      className="ottisk-button ottisk-button--quiet"
                      disabled={busy !== null}
                      aria-busy={busy === key}
                      aria-label={`${busy === key ? "Входим…" : "Войти в режим клиента"}: ${name}, ${item.companyId === null ? "личный профиль" : item.title}`}
                      data-company-id={item.companyId ?? ""}
                      onClick={() => onEnter(client, item.companyId)}
                    >
                      {busy === key ? "Входим…" : "Войти в режим клиента"}
                    </button>
                  </li>
                );
              })}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
