import { useSetAtom } from "jotai/react";
import { useId, useState } from "react";
import { SIDE_MENU_MAX_ITEMS } from "../../shared/contracts/index";
import type { FooterContent, HeaderContent, MenuBlockContent, PopupBlockContent, SideMenuContent, SideMenuItem, SiteBlock, SiteBlockKey, SiteBlockWrite } from "../../shared/contracts/index";
import { pagePath } from "../../shared/domain/index";
import { saveSiteBlockAtom, useShowFailure, useSiteBlock } from "../../shared/state/index";
import { ErrorNote, LoadError } from "../../shared/ui/index";

/*
 * The site-wide blocks (issue 29): the menu (the top-level pages in the order of the header's tabs,
 * each shown or not), the side menu's own links, the header's phones and e-mail, the footer's company text
 * and addresses, and the popup. Each block saves on its own; the storefront shows it at once.
 */

const BLOCK_TITLES: Readonly<Record<SiteBlockKey, string>> = {
  menu: "Вкладки шапки",
  "side-menu": "Боковое меню",
  header: "Шапка: телефоны и почта",
  footer: "Подвал",
  popup: "Всплывающее окно",
};

export function SiteBlocksEditor() {
  return (
    <div className="content-office">
      {(["menu", "side-menu", "header", "footer", "popup"] as const).map((key) => (
        <BlockLoader key={key} blockKey={key} />
      ))}
    </div>
  );
}

function BlockLoader({ blockKey }: { blockKey: SiteBlockKey }) {
  const { block, reload } = useSiteBlock(blockKey);
  const headingId = useId();
  return (
    <section className="content-block-editor" aria-labelledby={headingId}>
      <h2 id={headingId}>{BLOCK_TITLES[blockKey]}</h2>
      {block.status === "loading" ? (
        <p className="content-office__muted" role="status">
          Загружаем…
        </p>
      ) : block.status === "error" ? (
        <LoadError messageUI={block.messageUI} onRetry={reload} />
      ) : (
        <BlockForm key={block.data.updatedAt ?? JSON.stringify(block.data.content)} block={block.data} />
      )}
    </section>
  );
}

function BlockForm({ block }: { block: SiteBlock }) {
  const save = useSetAtom(saveSiteBlockAtom);
  const showFailure = useShowFailure();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [draft, setDraft] = useState<SiteBlock>(block);
  const submit = () => {
    const problem = draft.key === "footer" ? footerRatingProblem(draft.content) : null;
    if (problem) {
      setError(problem);
      setDone(null);
      return;
    }
    setBusy(true);
    setError(null);
    setDone(null);
    const write: SiteBlockWrite = draft;
    save(write)
      .then(() => {
        setBusy(false);
        setDone("Сохранено. Сайт уже показывает изменения.");
      })
      .catch((failure: unknown) => {
        setBusy(false);
        showFailure(failure, (text) => setError(text));
      });
  };
  return (
    <form
      className="content-block-editor__form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {draft.key === "menu" ? <MenuFields content={draft.content} onChange={(content) => setDraft({ ...draft, content })} /> : null}
      {draft.key === "side-menu" ? <SideMenuFields content={draft.content} onChange={(content) => setDraft({ ...draft, content })} /> : null}
      {draft.key === "header" ? <HeaderFields content={draft.content} onChange={(content) => setDraft({ ...draft, content })} /> : null}
      {draft.key === "footer" ? <FooterFields content={draft.content} onChange={(content) => setDraft({ ...draft, content })} /> : null}
      {draft.key === "popup" ? <PopupFields content={draft.content} onChange={(content) => setDraft({ ...draft, content })} /> : null}
      <p>
        <button type="submit" className="ottisk-button" disabled={busy}>
          Сохранить
        </button>
      </p>
      <ErrorNote className="content-office__error" message={error} />
      <p className="content-office__done" role="status">
        {done ?? ""}
      </p>
    </form>
  );
}

function TextField({ label, value, onChange, multiline = false, type = "text" }: { label: string; value: string; onChange: (value: string) => void; multiline?: boolean; type?: string }) {
  const id = useId();
  return (
    <div className={`content-office__field ${multiline ? "content-office__field--full" : "content-office__field--wide"}`}>
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea id={id} className="ottisk-input" rows={4} value={value} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input id={id} className="ottisk-input" type={type} value={value} onChange={(event) => onChange(event.target.value)} />
      )}
    </div>
  );
}

/** The list with its item at `index` moved one place up (-1) or down (1). */
function movedBy<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const items = [...list];
  const [item] = items.splice(index, 1);
  if (item === undefined) return [...list];
  items.splice(index + by, 0, item);
  return items;
}

function MenuFields({ content, onChange }: { content: MenuBlockContent; onChange: (content: MenuBlockContent) => void }) {
  const move = (index: number, by: -1 | 1) => onChange({ items: movedBy(content.items, index, by) });
  return (
    <ol className="content-menu">
      {content.items.map((item, index) => (
        <li key={item.pageId} className="content-menu__item">
          <label className="content-menu__show">
            <input
              type="checkbox"
              checked={item.showInMenu}
              onChange={(event) => onChange({ items: content.items.map((other) => (other.pageId === item.pageId ? { ...other, showInMenu: event.target.checked } : other)) })}
            />{" "}
            {item.label}
          </label>
          <span className="content-office__muted">{pagePath(item.slug)}</span>
          <span className="content-menu__moves">
            <button type="button" className="content-editor__tool" disabled={index === 0} onClick={() => move(index, -1)} aria-label={`«${item.label}» выше`}>
              ↑
            </button>
            <button type="button" className="content-editor__tool" disabled={index === content.items.length - 1} onClick={() => move(index, 1)} aria-label={`«${item.label}» ниже`}>
              ↓
            </button>
          </span>
        </li>
      ))}
    </ol>
  );
}

function SideMenuFields({ content, onChange }: { content: SideMenuContent; onChange: (content: SideMenuContent) => void }) {
  const change = (index: number, item: Partial<SideMenuItem>) => onChange({ items: content.items.map((other, at) => (at === index ? { ...other, ...item } : other)) });
  const move = (index: number, by: -1 | 1) => onChange({ items: movedBy(content.items, index, by) });
  return (
    <div className="content-office__fields">
      <p className="content-office__muted content-office__field--full">Ссылки по порядку; после них витрина показывает «Избранное» и вход в аккаунт.</p>
      {content.items.map((item, index) => (
        <fieldset key={index} className="content-editor__group">
          <legend>Пункт {index + 1}</legend>
          <TextField label="Название" value={item.label} onChange={(label) => change(index, { label })} />
          <TextField label="Ссылка (/blog или https://…)" value={item.href} onChange={(href) => change(index, { href })} />
          <span className="content-menu__moves">
            <button type="button" className="content-editor__tool" disabled={index === 0} onClick={() => move(index, -1)} aria-label={`Пункт ${index + 1} выше`}>
              ↑
            </button>
            <button type="button" className="content-editor__tool" disabled={index === content.items.length - 1} onClick={() => move(index, 1)} aria-label={`Пункт ${index + 1} ниже`}>
              ↓
            </button>
          </span>
          <button type="button" className="ottisk-button ottisk-button--secondary" onClick={() => onChange({ items: content.items.filter((_, at) => at !== index) })}>
            Убрать пункт
          </button>
        </fieldset>
      ))}
      <p>
        <button
          type="button"
          className="ottisk-button ottisk-button--secondary"
          disabled={content.items.length >= SIDE_MENU_MAX_ITEMS}
          onClick={() => onChange({ items: [...content.items, { label: "", href: "/" }] })}
        >
          Добавить пункт
        </button>
      </p>
    </div>
  );
}

function HeaderFields({ content, onChange }: { content: HeaderContent; onChange: (content: HeaderContent) => void }) {
  return (
    <div className="content-office__fields">
      <TextField label="Основной телефон" value={content.numberPhone} onChange={(numberPhone) => onChange({ ...content, numberPhone })} />
      <TextField label="Второй телефон (мессенджеры)" value={content.numberPhoneOption} onChange={(numberPhoneOption) => onChange({ ...content, numberPhoneOption })} />
      <TextField label="Почта" type="email" value={content.email} onChange={(email) => onChange({ ...content, email })} />
    </div>
  );
}

function FooterFields({ content, onChange }: { content: FooterContent; onChange: (content: FooterContent) => void }) {
  return (
    <div className="content-office__fields">
      <TextField label="О компании (каждая строка — отдельно)" multiline value={content.infoCompany} onChange={(infoCompany) => onChange({ ...content, infoCompany })} />
      {content.addreses.map((address, index) => (
        <fieldset key={index} className="content-editor__group">
          <legend>Адрес {index + 1}</legend>
          <TextField
            label="Адрес"
            value={address.address}
            onChange={(value) => onChange({ ...content, addreses: content.addreses.map((other, at) => (at === index ? { ...other, address: value } : other)) })}
          />
          <TextField
            label="Часы работы"
            value={address.operatingMode}
            onChange={(value) => onChange({ ...content, addreses: content.addreses.map((other, at) => (at === index ? { ...other, operatingMode: value } : other)) })}
          />
          <button type="button" className="ottisk-button ottisk-button--secondary" onClick={() => onChange({ ...content, addreses: content.addreses.filter((_, at) => at !== index) })}>
            Убрать адрес
          </button>
        </fieldset>
      ))}
      <p>
        <button type="button" className="ottisk-button ottisk-button--secondary" onClick={() => onChange({ ...content, addreses: [...content.addreses, { address: "Краснодар, ", operatingMode: "" }] })}>
          Добавить адрес
        </button>
      </p>
      <RatingFields rating={content.rating} onChange={(rating) => onChange(withRating(content, rating))} />
      {content.social.length + content.files.length > 0 ? (
        <p className="content-office__muted">
          Ссылки на соцсети ({content.social.length}) и документы ({content.files.length}) сохраняются как есть.
        </p>
      ) : null}
    </div>
  );
}

type FooterRating = NonNullable<FooterContent["rating"]>;

/** The footer with its rating badge set, or without one (the key left out: «no badge»). */
function withRating(content: FooterContent, rating: FooterRating | undefined): FooterContent {
  const { rating: _previous, ...rest } = content;
  return rating === undefined ? rest : { ...rest, rating };
}

/** A number typed in Russian («4,8»); NaN when it is not one (the form then says what to fix). */
function typedNumber(text: string): number {
  const trimmed = text.trim().replace(",", ".");
  return trimmed === "" ? Number.NaN : Number(trimmed);
}

/** What is wrong with the badge's numbers before it goes to the server, in the form's words; null when nothing. */
function footerRatingProblem(content: FooterContent): string | null {
  const rating = content.rating;
  if (!rating) return null;
  if (!Number.isFinite(rating.value)) return "Оценка рейтинга — число от 0 до 5, например 4,8";
  if (!Number.isFinite(rating.reviews)) return "Число отзывов — целое число, например 120";
  return null;
}

/**
 * The desktop footer's rating badge (spec §2): shown when the box is ticked, with where the rating
 * is, the score, how many reviews and the reviews' page. The numbers are kept as typed until saved.
 */
function RatingFields({ rating, onChange }: { rating: FooterRating | undefined; onChange: (rating: FooterRating | undefined) => void }) {
  const id = useId();
  const [value, setValue] = useState(rating ? String(rating.value).replace(".", ",") : "");
  const [reviews, setReviews] = useState(rating ? String(rating.reviews) : "");
  const shown: FooterRating = rating ?? { source: "Яндекс Карты", value: Number.NaN, reviews: Number.NaN, url: "https://" };
  return (
    <fieldset className="content-editor__group content-office__field--full">
      <legend>Рейтинг в подвале</legend>
      <p className="content-office__field--full">
        <input
          id={id}
          type="checkbox"
          checked={rating !== undefined}
          onChange={(event) => onChange(event.target.checked ? { ...shown, value: typedNumber(value), reviews: typedNumber(reviews) } : undefined)}
        />{" "}
        <label htmlFor={id}>Показывать рейтинг магазина (на компьютере)</label>
      </p>
      {rating ? (
        <>
          <TextField label="Где рейтинг (например, «Яндекс Карты»)" value={rating.source} onChange={(source) => onChange({ ...rating, source })} />
          <TextField
            label="Оценка, от 0 до 5"
            value={value}
            onChange={(text) => {
              setValue(text);
              onChange({ ...rating, value: typedNumber(text) });
            }}
          />
          <TextField
            label="Число отзывов"
            value={reviews}
            onChange={(text) => {
              setReviews(text);
              onChange({ ...rating, reviews: typedNumber(text) });
            }}
          />
          <TextField label="Ссылка на отзывы" type="url" value={rating.url} onChange={(url) => onChange({ ...rating, url })} />
        </>
      ) : null}
    </fieldset>
  );
}

/** Moscow time for the datetime-local fields (ContentSections.tsx). */
function isoToLocal(iso: string | null): string {
  return iso === null ? "" : new Date(new Date(iso).getTime() + 3 * 3600_000).toISOString().slice(0, 16);
}

function localToIso(local: string): string | null {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local) ? `${local}:00+03:00` : null;
}

function PopupFields({ content, onChange }: { content: PopupBlockContent; onChange: (content: PopupBlockContent) => void }) {
  const activeId = useId();
  return (
    <div className="content-office__fields">
      <div className="content-office__check">
        <input id={activeId} type="checkbox" checked={content.active} onChange={(event) => onChange({ ...content, active: event.target.checked })} />
        <label htmlFor={activeId}>Показывать всплывающее окно</label>
      </div>
      <TextField label="Заголовок" value={content.title} onChange={(title) => onChange({ ...content, title })} />
      <TextField label="Текст" multiline value={content.description} onChange={(description) => onChange({ ...content, description })} />
      <TextField label="Текст кнопки" value={content.textButton} onChange={(textButton) => onChange({ ...content, textButton })} />
      <TextField label="Ссылка кнопки (/catalog или https://…)" value={content.urlButton} onChange={(urlButton) => onChange({ ...content, urlButton })} />
      <TextField label="Показывать с (Москва)" type="datetime-local" value={isoToLocal(content.showFrom)} onChange={(value) => onChange({ ...content, showFrom: localToIso(value) })} />
      <TextField label="Показывать до (Москва)" type="datetime-local" value={isoToLocal(content.showUntil)} onChange={(value) => onChange({ ...content, showUntil: localToIso(value) })} />
    </div>
  );
}
