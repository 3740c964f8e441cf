import { useSetAtom } from "jotai/react";
import { useId, useRef, useState } from "react";
import type { ReactNode } from "react";
import { PAGE_STATE_LABELS, pageKindValues, pageStateValues } from "../../shared/contracts/index";
import type { EmployeePage, EmployeePageWrite, PageComponent, PageKind, PageState } from "../../shared/contracts/index";
import { backOfficePath, formatDateTime, pagePath, renderMarkdown } from "../../shared/domain/index";
import { saveContentPageAtom, uploadContentPictureAtom, useContentPage, useContentPages, useShowFailure } from "../../shared/state/index";
import type { Resource } from "../../shared/state/index";
import { ArticleBody, ErrorNote, LoadError } from "../../shared/ui/index";
import { SiteBlocksEditor } from "./ContentSiteBlocks";
import type { SectionProps } from "./section-props";

/*
 * The back office's website pages (issue 29, role `content`): the list by kind, words and state,
 * and the page editor — Markdown with a small toolbar and a live preview drawn by the storefront's
 * own ArticleBody, the picture, SEO fields and the publish controls (draft, publish now, schedule
 * in Moscow time). The site blocks (menu, header, footer, popup) are ContentSiteBlocks.tsx.
 */

export const PAGE_KIND_LABELS: Readonly<Record<PageKind, string>> = {
  main: "Главная",
  blog: "Статья блога",
  vacancy: "Вакансия",
  service: "Услуга",
  instruction: "Инструкция",
  contacts: "Контакты",
  generic: "Обычная страница",
};

const PAGES_PER_LIST = 20;

/** Moscow has kept UTC+3 all year since 2014: the shop's datetime-local fields are in it. */
const SHOP_OFFSET = "+03:00";
const SHOP_OFFSET_MS = 3 * 3600_000;

/** «2026-12-01T10:00» (Moscow) → ISO with the offset. */
export function shopLocalToIso(local: string): string | null {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local) ? `${local}:00${SHOP_OFFSET}` : null;
}

/** An ISO moment → «2026-12-01T10:00» in Moscow, for a datetime-local field. */
export function isoToShopLocal(iso: string | null): string {
  if (iso === null) return "";
  const moment = new Date(iso);
  return Number.isNaN(moment.getTime()) ? "" : new Date(moment.getTime() + SHOP_OFFSET_MS).toISOString().slice(0, 16);
}

function kindOf(value: string | undefined): PageKind | undefined {
  return pageKindValues.find((kind) => kind === value);
}

function stateOf(value: string | undefined): PageState | undefined {
  return pageStateValues.find((state) => state === value);
}

function whenReady<T>(resource: Resource<T>, what: string, reload: () => void, show: (data: T) => ReactNode): ReactNode {
  if (resource.status === "loading") {
    return (
      <p className="content-office__muted" role="status">
        Загружаем {what}…
      </p>
    );
  }
  if (resource.status === "error") return <LoadError messageUI={resource.messageUI} onRetry={resource.httpStatus === 404 ? undefined : reload} />;
  return show(resource.data);
}

export function StateBadge({ state }: { state: PageState }) {
  return <span className={`content-state content-state--${state}`}>{PAGE_STATE_LABELS[state]}</span>;
}

export function PagesSection({ route }: SectionProps) {
  if (route.id === null) return <PageList query={route.query} />;
  return <PageEditorLoader pageId={route.id === "new" ? null : route.id} newKind={kindOf(route.query.kind) ?? "blog"} />;
}

export function SiteBlocksSection(_props: SectionProps) {
  return <SiteBlocksEditor />;
}

function PageList({ query }: { query: Readonly<Record<string, string>> }) {
  const kind = kindOf(query.kind);
  const state = stateOf(query.state);
  const words = query.q ?? "";
  const pageNumber = Math.max(1, Number.parseInt(query.page ?? "1", 10) || 1);
  const { pages, reload } = useContentPages({ kind, state, q: words || undefined, offset: (pageNumber - 1) * PAGES_PER_LIST, limit: PAGES_PER_LIST });
  const kindId = useId();
  const stateId = useId();
  const wordsId = useId();
  const listQuery = { kind: kind ?? "", state: state ?? "", q: words };
  return (
    <div className="content-office">
      <p>
        <a className="ottisk-button" href={backOfficePath("pages", "new", kind ? { kind } : {})}>
          Новая страница
        </a>
      </p>
      <form className="content-office__filters" method="get" action={backOfficePath("pages")} aria-label="Отбор страниц">
        <div className="content-office__field">
          <label htmlFor={kindId}>Вид</label>
          <select id={kindId} name="kind" className="ottisk-input" defaultValue={kind ?? ""}>
            <option value="">Все виды</option>
            {pageKindValues.map((value) => (
              <option key={value} value={value}>
                {PAGE_KIND_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="content-office__field">
          <label htmlFor={stateId}>Состояние</label>
          <select id={stateId} name="state" className="ottisk-input" defaultValue={state ?? ""}>
            <option value="">Все</option>
            {pageStateValues.map((value) => (
              <option key={value} value={value}>
                {PAGE_STATE_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="content-office__field content-office__field--wide">
          <label htmlFor={wordsId}>Название или адрес</label>
          <input id={wordsId} name="q" className="ottisk-input" type="search" defaultValue={words} />
        </div>
        <button type="submit" className="ottisk-button">
          Показать
        </button>
      </form>
      {whenReady(pages, "страницы", reload, (list) =>
        list.items.length === 0 ? (
          <p>Страниц с таким отбором нет.</p>
        ) : (
          <>
            <div className="content-office__table" role="region" aria-label="Страницы сайта" tabIndex={0}>
              <table>
                <thead>
                  <tr>
                    <th scope="col">Название</th>
                    <th scope="col">Вид</th>
                    <th scope="col">Адрес</th>
                    <th scope="col">Состояние</th>
                    <th scope="col">Изменена</th>
                  </tr>
                </thead>
                <tbody>
                  {list.items.map((item) => (
                    <tr key={item.id}>
                      <td>
                        <a href={backOfficePath("pages", item.id)}>{item.name}</a>
                      </td>
                      <td>{PAGE_KIND_LABELS[item.kind]}</td>
                      <td>{pagePath(item.slug)}</td>
                      <td>
                        <StateBadge state={item.state} />
                        {item.state === "scheduled" && item.publishAt ? <span className="content-office__muted"> с {formatDateTime(item.publishAt)}</span> : null}
                      </td>
                      <td>{formatDateTime(item.updatedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <nav className="content-office__pager" aria-label="Страницы списка">
              {pageNumber > 1 ? <a href={backOfficePath("pages", null, { ...listQuery, page: String(pageNumber - 1) })}>← Назад</a> : null}
              <span>
                Страница {pageNumber} из {Math.max(1, Math.ceil(list.total / PAGES_PER_LIST))}
              </span>
              {pageNumber * PAGES_PER_LIST < list.total ? <a href={backOfficePath("pages", null, { ...listQuery, page: String(pageNumber + 1) })}>Дальше →</a> : null}
            </nav>
          </>
        ),
      )}
    </div>
  );
}

function blankPage(kind: PageKind): EmployeePageWrite {
  return {
    kind,
    slug: kind === "blog" ? "blog/" : "",
    parentId: null,
    name: "",
    summary: "",
    padBanner: null,
    sortOrder: 0,
    showInMenu: false,
    published: false,
    publishAt: null,
    seoName: "",
    seoTitle: "",
    seoDescription: "",
    seoKeywords: "",
    components: [{ key: "Article", content: { markdown: "", html: "" } }],
  };
}

function PageEditorLoader({ pageId, newKind }: { pageId: number | null; newKind: PageKind }) {
  const { page, reload } = useContentPage(pageId);
  if (pageId === null || page === null) return <PageEditor key="new" pageId={null} initial={blankPage(newKind)} state={null} />;
  return (
    <>
      <p>
        <a href={backOfficePath("pages")}>← Все страницы</a>
      </p>
      {whenReady(page, "страницу", reload, (data) => (
        <PageEditor key={`${data.id}-${data.updatedAt}`} pageId={data.id} initial={data} state={data.state} />
      ))}
    </>
  );
}

function articleMarkdown(components: readonly PageComponent[]): string {
  const article = components.find((component) => component.key === "Article");
  return article?.key === "Article" ? article.content.markdown : "";
}

/** The Markdown around the selection: «**» + text + «**», a prefix at the start of the line … */
function wrapSelection(area: HTMLTextAreaElement, before: string, after: string, placeholder: string): string {
  const { selectionStart, selectionEnd, value } = area;
  const chosen = value.slice(selectionStart, selectionEnd) || placeholder;
  return `${value.slice(0, selectionStart)}${before}${chosen}${after}${value.slice(selectionEnd)}`;
}

function linePrefix(area: HTMLTextAreaElement, prefix: string): string {
  const { selectionStart, value } = area;
  const lineStart = value.lastIndexOf("\n", selectionStart - 1) + 1;
  return `${value.slice(0, lineStart)}${prefix}${value.slice(lineStart)}`;
}

interface Draft {
  page: EmployeePageWrite;
  markdown: string;
  scheduleAt: string;
}

function PageEditor({ pageId, initial, state }: { pageId: number | null; initial: EmployeePageWrite | EmployeePage; state: PageState | null }) {
  const save = useSetAtom(saveContentPageAtom);
  const upload = useSetAtom(uploadContentPictureAtom);
  const showFailure = useShowFailure();
  const [draft, setDraft] = useState<Draft>(() => ({
    page: initial,
    markdown: articleMarkdown(initial.components),
    scheduleAt: isoToShopLocal(initial.publishAt),
  }));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const ids = {
    kind: useId(),
    name: useId(),
    slug: useId(),
    parent: useId(),
    summary: useId(),
    body: useId(),
    picture: useId(),
    image: useId(),
    order: useId(),
    menu: useId(),
    seoName: useId(),
    seoTitle: useId(),
    seoDescription: useId(),
    seoKeywords: useId(),
    schedule: useId(),
  };
  const page = draft.page;
  const set = (change: Partial<EmployeePageWrite>) => setDraft((current) => ({ ...current, page: { ...current.page, ...change } }));
  const setMarkdown = (markdown: string) => setDraft((current) => ({ ...current, markdown }));
  const others = page.components.filter((component) => component.key !== "Article");
  const scheduleIso = shopLocalToIso(draft.scheduleAt);

  const submit = (publish: { published: boolean; publishAt: string | null }, message: string) => {
    setBusy(true);
    setError(null);
    setDone(null);
    const components: PageComponent[] = [...others, ...(draft.markdown.trim() === "" ? [] : [{ key: "Article" as const, content: { markdown: draft.markdown, html: "" } }])];
    save({ pageId, page: { ...page, ...publish, components } })
      .then((saved) => {
        setBusy(false);
        if (pageId === null) {
          window.location.assign(backOfficePath("pages", saved.id));
          return;
        }
        setDone(message);
      })
      .catch((failure: unknown) => {
        setBusy(false);
        showFailure(failure, (text) => setError(text));
      });
  };

  const insertPicture = (file: File | undefined, into: "body" | "banner") => {
    if (!file) return;
    setBusy(true);
    setError(null);
    upload(file)
      .then((url) => {
        setBusy(false);
        if (into === "banner") {
          set({ padBanner: { url } });
          return;
        }
        // The site's own path: the article keeps working under another address of the shop.
        const path = new URL(url).pathname;
        const alt = file.name.replace(/\.[^.]+$/, "").replace(/[[\]]/g, "");
        setMarkdown(`${draft.markdown}${draft.markdown === "" || draft.markdown.endsWith("\n") ? "" : "\n"}\n![${alt}](${path})\n`);
      })
      .catch((failure: unknown) => {
        setBusy(false);
        showFailure(failure, (text) => setError(text));
      });
  };

  const tool = (label: string, title: string, apply: (textarea: HTMLTextAreaElement) => string) => (
    <button
      type="button"
      className="content-editor__tool"
      title={title}
      aria-label={title}
      onClick={() => {
        const textarea = area.current;
        if (!textarea) return;
        setMarkdown(apply(textarea));
        textarea.focus();
      }}
    >
      {label}
    </button>
  );

  return (
    <form
      className="content-editor"
      aria-label={pageId === null ? "Новая страница" : `Страница «${initial.name}»`}
      onSubmit={(event) => {
        event.preventDefault();
        submit({ published: page.published, publishAt: page.publishAt }, "Изменения сохранены.");
      }}
    >
      <h2 className="content-editor__title">
        {pageId === null ? "Новая страница" : initial.name} {state ? <StateBadge state={state} /> : null}
      </h2>
      {state === "scheduled" && initial.publishAt ? <p>Запланирована на {formatDateTime(initial.publishAt)} (московское время).</p> : null}
      {pageId !== null && state !== "draft" ? (
        <p>
          <a href={pagePath(initial.slug)} target="_blank" rel="noopener">
            Открыть на сайте<span className="ottisk-visually-hidden"> (откроется в новой вкладке)</span>
          </a>
        </p>
      ) : null}
      <fieldset className="content-editor__group">
        <legend>Страница</legend>
        <div className="content-office__field">
          <label htmlFor={ids.kind}>Вид страницы</label>
          <select id={ids.kind} className="ottisk-input" value={page.kind} onChange={(event) => set({ kind: kindOf(event.target.value) ?? page.kind })}>
            {pageKindValues.map((value) => (
              <option key={value} value={value}>
                {PAGE_KIND_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="content-office__field content-office__field--wide">
          <label htmlFor={ids.name}>Название</label>
          <input id={ids.name} className="ottisk-input" required value={page.name} onChange={(event) => set({ name: event.target.value })} />
        </div>
        <div className="content-office__field content-office__field--wide">
          <label htmlFor={ids.slug}>Адрес (латиницей, без / в начале)</label>
          <input id={ids.slug} className="ottisk-input" value={page.slug} onChange={(event) => set({ slug: event.target.value.trim() })} placeholder="blog/kak-podgotovit-maket" />
        </div>
        <div className="content-office__field">
          <label htmlFor={ids.parent}>Номер родительской страницы</label>
          <input
            id={ids.parent}
            className="ottisk-input"
            inputMode="numeric"
            value={page.parentId === null ? "" : String(page.parentId)}
            onChange={(event) => {
              const value = Number.parseInt(event.target.value, 10);
              set({ parentId: Number.isInteger(value) && value > 0 ? value : null });
            }}
          />
        </div>
        <div className="content-office__field content-office__field--full">
          <label htmlFor={ids.summary}>Краткое описание (для списков и анонсов)</label>
          <textarea id={ids.summary} className="ottisk-input" rows={2} value={page.summary} onChange={(event) => set({ summary: event.target.value })} />
        </div>
        <div className="content-office__field">
          <label htmlFor={ids.order}>Порядок</label>
          <input
            id={ids.order}
            className="ottisk-input"
            type="number"
            value={page.sortOrder}
            onChange={(event) => set({ sortOrder: Number.parseInt(event.target.value, 10) || 0 })}
          />
        </div>
        <div className="content-office__check">
          <input id={ids.menu} type="checkbox" checked={page.showInMenu} onChange={(event) => set({ showInMenu: event.target.checked })} />
          <label htmlFor={ids.menu}>Показывать в меню (для страниц верхнего уровня)</label>
        </div>
      </fieldset>

      <fieldset className="content-editor__group">
        <legend>Картинка страницы</legend>
        {page.padBanner ? (
          <p className="content-editor__banner">
            <img src={page.padBanner.url} alt="Картинка страницы" width={240} height={120} />
            <button type="button" className="ottisk-button ottisk-button--secondary" onClick={() => set({ padBanner: null })}>
              Убрать картинку
            </button>
          </p>
        ) : (
          <p className="content-office__muted">Картинки нет.</p>
        )}
        <div className="content-office__field">
          <label htmlFor={ids.picture}>Загрузить картинку (PNG, JPEG, WebP, до 20 МБ)</label>
          <input id={ids.picture} type="file" accept="image/png,image/jpeg,image/webp" disabled={busy} onChange={(event) => insertPicture(event.target.files?.[0], "banner")} />
        </div>
      </fieldset>

      <fieldset className="content-editor__group">
        <legend>Текст страницы</legend>
        <div className="content-editor__toolbar" role="toolbar" aria-label="Оформление текста">
          {tool("З", "Заголовок", (textarea) => linePrefix(textarea, "## "))}
          {tool("Ж", "Жирный", (textarea) => wrapSelection(textarea, "**", "**", "жирный текст"))}
          {tool("К", "Курсив", (textarea) => wrapSelection(textarea, "*", "*", "курсив"))}
          {tool("🔗", "Ссылка", (textarea) => wrapSelection(textarea, "[", "](/catalog)", "текст ссылки"))}
          {tool("•", "Список", (textarea) => linePrefix(textarea, "- "))}
          <label className="content-editor__tool content-editor__upload" htmlFor={ids.image}>
            Картинка в текст
          </label>
          <input
            id={ids.image}
            className="ottisk-visually-hidden"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            disabled={busy}
            onChange={(event) => insertPicture(event.target.files?.[0], "body")}
          />
        </div>
        <div className="content-editor__split">
          <div className="content-office__field content-office__field--full">
            <label htmlFor={ids.body}>Текст в Markdown</label>
            <textarea id={ids.body} ref={area} className="ottisk-input content-editor__markdown" rows={18} value={draft.markdown} onChange={(event) => setMarkdown(event.target.value)} />
          </div>
          <section className="content-editor__preview" aria-label="Предпросмотр">
            <h3 className="content-editor__preview-title">Предпросмотр</h3>
            <ArticleBody html={renderMarkdown(draft.markdown)} />
          </section>
        </div>
        {others.length > 0 ? (
          <p className="content-office__muted">Другие блоки страницы ({others.map((component) => component.key).join(", ")}) сохраняются как есть.</p>
        ) : null}
      </fieldset>

      <fieldset className="content-editor__group">
        <legend>SEO</legend>
        <div className="content-office__field content-office__field--wide">
          <label htmlFor={ids.seoName}>SEO-название</label>
          <input id={ids.seoName} className="ottisk-input" value={page.seoName} onChange={(event) => set({ seoName: event.target.value })} />
        </div>
        <div className="content-office__field content-office__field--wide">
          <label htmlFor={ids.seoTitle}>Заголовок окна (title)</label>
          <input id={ids.seoTitle} className="ottisk-input" value={page.seoTitle} onChange={(event) => set({ seoTitle: event.target.value })} />
        </div>
        <div className="content-office__field content-office__field--full">
          <label htmlFor={ids.seoDescription}>Описание (description)</label>
          <textarea id={ids.seoDescription} className="ottisk-input" rows={2} value={page.seoDescription} onChange={(event) => set({ seoDescription: event.target.value })} />
        </div>
        <div className="content-office__field content-office__field--wide">
          <label htmlFor={ids.seoKeywords}>Ключевые слова</label>
          <input id={ids.seoKeywords} className="ottisk-input" value={page.seoKeywords} onChange={(event) => set({ seoKeywords: event.target.value })} />
        </div>
      </fieldset>

      <fieldset className="content-editor__group content-editor__publish">
        <legend>Публикация</legend>
        <button type="button" className="ottisk-button ottisk-button--secondary" disabled={busy} onClick={() => submit({ published: false, publishAt: page.publishAt }, "Черновик сохранён. Покупатели его не видят.")}>
          Сохранить черновик
        </button>
        <button type="button" className="ottisk-button" disabled={busy} onClick={() => submit({ published: true, publishAt: null }, "Страница опубликована.")}>
          Опубликовать
        </button>
        <div className="content-office__field">
          <label htmlFor={ids.schedule}>Дата и время публикации (Москва)</label>
          <input
            id={ids.schedule}
            className="ottisk-input"
            type="datetime-local"
            value={draft.scheduleAt}
            onChange={(event) => setDraft((current) => ({ ...current, scheduleAt: event.target.value }))}
          />
        </div>
        <button
          type="button"
          className="ottisk-button ottisk-button--secondary"
          disabled={busy}
          onClick={() => {
            const at = scheduleIso;
            if (at === null) {
              setError("Укажите дату и время публикации");
              return;
            }
            submit({ published: true, publishAt: at }, `Публикация запланирована на ${formatDateTime(at)}.`);
          }}
        >
          Запланировать на {scheduleIso === null ? "…" : formatDateTime(scheduleIso)}
        </button>
        {pageId !== null ? (
          <button type="submit" className="ottisk-button ottisk-button--secondary" disabled={busy}>
            Сохранить, не меняя состояния
          </button>
        ) : null}
      </fieldset>
      <ErrorNote className="content-office__error" message={error} />
      <p className="content-office__done" role="status">
        {done ?? ""}
      </p>
    </form>
  );
}
