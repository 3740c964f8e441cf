import { useSetAtom } from "jotai/react";
import { useEffect, useRef, useState } from "react";
import type { AccountProfile, Company } from "../../shared/contracts/index";
import {
  deleteCompanyAtom,
  markNotificationsReadAtom,
  NOTIFICATIONS_PAGE_SIZE,
  saveCompanyAtom,
  saveNotificationSettingsAtom,
  selectCompanyAtom,
  useCompanies,
  useNotifications,
  useNotificationSettings,
  useShowFailure,
} from "../../shared/state/index";
import { ErrorNote, LoadError } from "../../shared/ui/index";
import { clientOrderPath, formatDateTime } from "../../shared/domain/index";
import { AddressesSection, CompanyForm, DeleteButton, PasswordForm, PersonalForm, RecipientsSection } from "./profile-forms";

/*
 * The client's notifications, profile and company data, and the employee's profile (issue 15).
 * The server draws them with their first data, loaded with the visitor's session
 * (host-site/account-data.ts); the rest loads in the browser.
 */

/** In client mode the employee sees the client's pages; their own name and password stay theirs. */
function ClientModeNotice() {
  return (
    <p className="ottisk-message">
      Вы в режиме клиента. Имя, телефон и пароль клиент меняет сам; получателей, адреса и компании клиента можно править здесь.
    </p>
  );
}

/**
 * «Письма о заказах» (issue 30): the client turns the non-essential order letters off or on; the
 * transactional ones always go (server/docs/letters.md), and every notification stays on this page.
 */
function LetterSettings() {
  const { settings, reload } = useNotificationSettings();
  const save = useSetAtom(saveNotificationSettingsAtom);
  const showFailure = useShowFailure();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (settings.status === "loading") return <p role="status">Загружаем настройки писем…</p>;
  if (settings.status === "error") return <LoadError messageUI={settings.messageUI} onRetry={reload} />;
  const on = settings.data.orderNewsByMail;
  return (
    <fieldset className="account-notifications__settings" part="letter-settings">
      <legend>Письма о заказах</legend>
      <label className="account-notifications__toggle">
        <input
          type="checkbox"
          checked={on}
          disabled={busy}
          onChange={(event) => {
            const next = event.target.checked;
            setBusy(true);
            setError(null);
            setDone(null);
            save({ orderNewsByMail: next })
              .then(() => setDone(next ? "Будем присылать письма о ходе заказа." : "Письма о ходе заказа больше не придут."))
              .catch((failure: unknown) => showFailure(failure, setError))
              .finally(() => setBusy(false));
          }}
        />{" "}
        Присылать письма о ходе заказа (передан в производство, выполнен) и копии сообщений дизайнера
      </label>
      <p className="account-notifications__hint">
        Письма о принятом заказе, оплате, готовности к выдаче, передаче в доставку, отмене, возврате макета и готовом дизайне приходят всегда.
      </p>
      <ErrorNote className="ottisk-message ottisk-message--error" message={error} />
      <p role="status">{done ?? ""}</p>
    </fieldset>
  );
}

/** «Уведомления»: newest first, unread ones marked in words; opening the page marks the shown ones read. */
export function NotificationsPage({ profile }: { profile: AccountProfile }) {
  const [offset, setOffset] = useState(0);
  const { page, reload } = useNotifications(offset);
  const markRead = useSetAtom(markNotificationsReadAtom);
  const showFailure = useShowFailure();
  // Those that were new when the page was shown keep their «Новое» for this visit.
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const marked = useRef(new Set<number>());

  useEffect(() => {
    if (page.status !== "ready") return;
    const unread = page.data.items.filter((item) => !item.read && !marked.current.has(item.id)).map((item) => item.id);
    if (unread.length === 0) return;
    setFresh((current) => new Set([...current, ...unread]));
    // An employee in client mode looks without reading for the client.
    if (profile.impersonalization) return;
    for (const id of unread) marked.current.add(id);
    markRead(unread).catch((failure: unknown) => showFailure(failure, setError));
  }, [page, markRead, showFailure, profile.impersonalization]);

  if (page.status === "loading") return <p role="status">Загружаем уведомления…</p>;
  if (page.status === "error") return <LoadError messageUI={page.messageUI} onRetry={reload} />;
  const { items, total, unread } = page.data;
  // The summary names what the badges show: items new on this visit were marked read on showing.
  const shownNew = items.filter((item) => !item.read || fresh.has(item.id)).length;
  const summary = unread > 0 ? `Непрочитанных: ${unread}` : shownNew > 0 ? `Новых: ${shownNew} — отмечены прочитанными` : total > 0 ? "Все уведомления прочитаны" : "";
  return (
    <div className="account-notifications">
      {profile.impersonalization ? null : <LetterSettings />}
      <div className="account-notifications__bar">
        <p role="status">{summary}</p>
        <button
          type="button"
          className="ottisk-button ottisk-button--quiet"
          disabled={unread === 0}
          onClick={() => {
            setError(null);
            markRead("all").catch((failure: unknown) => showFailure(failure, setError));
          }}
        >
          Отметить все прочитанными
        </button>
      </div>
      <ErrorNote className="ottisk-message ottisk-message--error" message={error} />
      {items.length === 0 ? (
        <p className="ottisk-message">Уведомлений пока нет. Здесь появятся новости о ваших заказах, оплатах и заказах дизайна.</p>
      ) : (
        <ol className="account-notifications__list">
          {items.map((item) => {
            const isNew = !item.read || fresh.has(item.id);
            return (
              <li key={item.id} className={isNew ? "account-notifications__item account-notifications__item--new" : "account-notifications__item"}>
                <p className="account-notifications__meta">
                  {isNew ? <span className="account-notifications__badge">Новое</span> : null}
                  <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
                </p>
                <p className="account-notifications__title">{item.title}</p>
                {item.body ? <p className="account-notifications__body">{item.body}</p> : null}
                {item.orderId !== null ? (
                  <p>
                    <a href={clientOrderPath(item.orderId)}>
                      Открыть заказ<span className="ottisk-visually-hidden"> — {item.title}</span>
                    </a>
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      {total > NOTIFICATIONS_PAGE_SIZE ? (
        <nav className="account-notifications__pages" aria-label="Страницы уведомлений">
          <button type="button" className="ottisk-button ottisk-button--quiet" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - NOTIFICATIONS_PAGE_SIZE))}>
            Новее
          </button>
          <span>
            {offset + 1}–{Math.min(offset + NOTIFICATIONS_PAGE_SIZE, total)} из {total}
          </span>
          <button
            type="button"
            className="ottisk-button ottisk-button--quiet"
            disabled={offset + NOTIFICATIONS_PAGE_SIZE >= total}
            onClick={() => setOffset(offset + NOTIFICATIONS_PAGE_SIZE)}
          >
            Старее
          </button>
        </nav>
      ) : null}
    </div>
  );
}

/** The signed-in person's own name, phone and password (headings' ids `<ids>-personal`, `<ids>-password`). */
function OwnDataSections({ profile, ids }: { profile: AccountProfile; ids: string }) {
  return (
    <>
      <section className="profile-page__section" aria-labelledby={`${ids}-personal`}>
        <h2 id={`${ids}-personal`}>Личные данные</h2>
        <PersonalForm profile={profile} />
      </section>
      <section className="profile-page__section" aria-labelledby={`${ids}-password`}>
        <h2 id={`${ids}-password`}>Пароль</h2>
        <PasswordForm />
      </section>
    </>
  );
}

/** «Данные профиля»: the person's name, phone and password, the personal profile's recipients and the saved addresses. */
export function ProfilePage({ profile }: { profile: AccountProfile }) {
  return (
    <div className="profile-page">
      {profile.impersonalization ? (
        <ClientModeNotice />
      ) : (
        <OwnDataSections profile={profile} ids="profile" />
      )}
      <section className="profile-page__section" aria-labelledby="profile-recipients">
        <h2 id="profile-recipients">Получатели заказов</h2>
        <p className="profile-page__lead">Кто получает заказы личного профиля: их можно выбрать при оформлении доставки.</p>
        <RecipientsSection companyId={null} />
      </section>
      <section className="profile-page__section" aria-labelledby="profile-addresses">
        <h2 id="profile-addresses">Адреса доставки</h2>
        <AddressesSection />
      </section>
    </div>
  );
}

/** Adds a company (with its requisites filled by ИНН) and offers to order for it. */
function AddCompany({ onAdded }: { onAdded?: (company: Company) => void }) {
  const save = useSetAtom(saveCompanyAtom);
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button type="button" className="ottisk-button ottisk-button--quiet" onClick={() => setOpen(true)}>
        Добавить компанию
      </button>
    );
  }
  return (
    <CompanyForm
      company={null}
      onCancel={() => setOpen(false)}
      onSave={async (input) => {
        const company = await save(input);
        setOpen(false);
        onAdded?.(company);
        return null;
      }}
    />
  );
}

/** The company chosen in «Заказываю от имени»: requisites, recipients, delete. */
function CompanyDetails({ company }: { company: Company }) {
  const save = useSetAtom(saveCompanyAtom);
  const remove = useSetAtom(deleteCompanyAtom);
  return (
    <>
      <section className="profile-page__section" aria-labelledby="company-requisites">
        <h2 id="company-requisites">Реквизиты</h2>
        <CompanyForm
          key={company.id}
          company={company}
          onSave={async (input) => {
            await save(input, company.id);
            return "Реквизиты сохранены.";
          }}
        />
      </section>
      <section className="profile-page__section" aria-labelledby="company-recipients">
        <h2 id="company-recipients">Получатели заказов компании</h2>
        <RecipientsSection companyId={company.id} />
      </section>
      <section className="profile-page__section" aria-labelledby="company-delete">
        <h2 id="company-delete">Удаление компании</h2>
        <p className="profile-page__lead">Компанию с заказами удалить нельзя: заказы нужны для закрывающих документов.</p>
        <DeleteButton what={`компанию ${company.name}`} onDelete={() => remove(company.id)} />
      </section>
    </>
  );
}

/** «Данные компании»: the company chosen in «Заказываю от имени», or the list to choose one and a form to add one. */
export function CompanyPage({ profile }: { profile: AccountProfile }) {
  const { companies, reload } = useCompanies();
  const select = useSetAtom(selectCompanyAtom);
  const showFailure = useShowFailure();
  const [error, setError] = useState<string | null>(null);
  const selectedId = profile.impersonalization ? profile.placeCompanyId : profile.selectedCompanyId;
  const choose = (companyId: number) => {
    setError(null);
    select(companyId).catch((failure: unknown) => showFailure(failure, setError));
  };

  if (companies.status === "loading") return <p role="status">Загружаем компании…</p>;
  if (companies.status === "error") return <LoadError messageUI={companies.messageUI} onRetry={reload} />;
  const selected = companies.data.find((company) => company.id === selectedId) ?? null;
  return (
    <div className="profile-page">
      <ErrorNote className="ottisk-message ottisk-message--error" message={error} />
      {selected ? (
        <>
          <p className="profile-page__lead">
            Заказываете от имени <strong>{selected.name}</strong>. Другую компанию выберите в «Заказываю от имени» в шапке сайта.
          </p>
          <CompanyDetails company={selected} />
          <section className="profile-page__section" aria-labelledby="company-add">
            <h2 id="company-add">Другая компания</h2>
            <AddCompany />
          </section>
        </>
      ) : (
        <>
          <p className="profile-page__lead">Сейчас вы заказываете как частное лицо. Выберите компанию, чтобы увидеть и изменить её данные, или добавьте новую.</p>
          {companies.data.length > 0 ? (
            <section className="profile-page__section" aria-labelledby="company-list">
              <h2 id="company-list">Ваши компании</h2>
              <ul className="profile-list__items">
                {companies.data.map((company) => (
                  <li key={company.id} className="profile-list__item">
                    <div className="profile-list__text">
                      <strong>{company.name}</strong>
                      <span>ИНН {company.inn}</span>
                    </div>
                    <div className="profile-list__actions">
                      <button type="button" className="ottisk-button ottisk-button--quiet" onClick={() => choose(company.id)}>
                        Заказывать от её имени<span className="ottisk-visually-hidden">: {company.name}</span>
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section className="profile-page__section" aria-labelledby="company-add">
            <h2 id="company-add">Новая компания</h2>
            <AddCompany onAdded={(company) => choose(company.id)} />
          </section>
        </>
      )}
    </div>
  );
}

/** The employee's own name, phone and password. */
export function EmployeeProfilePage({ profile }: { profile: AccountProfile }) {
  return (
    <div className="profile-page">
      <OwnDataSections profile={profile} ids="employee" />
    </div>
  );
}
