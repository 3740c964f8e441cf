import { useAtomValue, useSetAtom } from "jotai/react";
import { useEffect, useId, useState } from "react";
import type { CatalogImportResult } from "../../shared/contracts/index";
import { catalogExportUrlAtom, importCatalogAtom, useShowFailure } from "../../shared/state/index";
import { ErrorNote } from "../../shared/ui/index";
import type { SectionProps } from "./section-props";

/*
 * «Импорт и экспорт каталога» (issue 29; the file: server/docs/back-office-catalog-csv.md): the
 * whole catalogue downloads as one CSV; a file goes back in after «Проверить» (a dry run that
 * lists what would change and every row's error) — «Загрузить» is open only after a clean check of
 * the same file. A file with any error changes nothing.
 */

const COUNT_LABELS: ReadonlyArray<[keyof CatalogImportResult["counts"], string]> = [
  ["rows", "Строк в файле"],
  ["productsCreated", "Новых товаров"],
  ["productsUpdated", "Изменённых товаров"],
  ["productsUnchanged", "Товаров без изменений"],
  ["categoriesCreated", "Новых категорий"],
  ["categoriesUpdated", "Изменённых категорий"],
];

/** The file a check was made for: «Загрузить» needs the same one, unchanged since. */
function sameFile(a: File | null, b: File | null): boolean {
  return a !== null && b !== null && a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
}

function ImportReport({ result, headingId }: { result: CatalogImportResult; headingId: string }) {
  const verdict = result.applied
    ? "Каталог загружен."
    : result.errorsTotal > 0
      ? `В файле ошибок: ${result.errorsTotal}. Ничего не изменено — исправьте строки и проверьте файл снова.`
      : result.changesTotal === 0
        ? "Файл проверен: он ничего не изменит."
        : `Файл проверен, ошибок нет. Изменений: ${result.changesTotal}. Нажмите «Загрузить», чтобы записать их.`;
  return (
    <section className="catalog-import__report" aria-labelledby={headingId}>
      <h2 id={headingId} className="catalog-import__heading">
        {result.applied ? "Результат загрузки" : "Результат проверки"}
      </h2>
      <p className="catalog-import__verdict" role="status">
        {verdict}
      </p>
      <dl className="catalog-import__counts">
        {COUNT_LABELS.map(([key, label]) => (
          <div key={key} className="catalog-import__count">
            <dt>{label}</dt>
            <dd>{result.counts[key]}</dd>
          </div>
        ))}
      </dl>
      {result.errors.length > 0 ? (
        <div className="catalog-import__table-wrap">
          <table className="catalog-import__table">
            <caption>
              Ошибки в файле{result.errorsTotal > result.errors.length ? ` (первые ${result.errors.length} из ${result.errorsTotal})` : ""}
            </caption>
            <thead>
              <tr>
                <th scope="col">Строка</th>
                <th scope="col">Что не так</th>
              </tr>
            </thead>
            <tbody>
              {result.errors.map((error) => (
                <tr key={`${error.line}:${error.messageUI}`}>
                  <td>{error.line}</td>
                  <td>{error.messageUI}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {result.changes.length > 0 ? (
        <div className="catalog-import__table-wrap">
          <table className="catalog-import__table">
            <caption>
              {result.applied ? "Что изменено" : "Что изменится"}
              {result.changesTotal > result.changes.length ? ` (первые ${result.changes.length} из ${result.changesTotal})` : ""}
            </caption>
            <thead>
              <tr>
                <th scope="col">Строка</th>
                <th scope="col">Что</th>
                <th scope="col">Поля: было → стало</th>
              </tr>
            </thead>
            <tbody>
              {result.changes.map((change) => (
                <tr key={`${change.kind}:${change.key}`}>
                  <td>{change.line}</td>
                  <td>
                    {change.kind === "category" ? "Категория" : "Товар"} «{change.name}» ({change.key}){change.action === "create" ? " — новый" : ""}
                  </td>
                  <td>
                    {change.fields.length === 0 ? (
                      "—"
                    ) : (
                      <ul className="catalog-import__fields">
                        {change.fields.map((field) => (
                          <li key={field.field}>
                            <span className="catalog-import__field-name">{field.field}</span>: {field.before ?? "—"} → {field.after ?? "—"}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

/** The page of section "catalog-import" (/admin/employee/catalog-import). */
export function CatalogImportSection(_props: SectionProps) {
  const exportUrl = useAtomValue(catalogExportUrlAtom);
  const importCatalog = useSetAtom(importCatalogAtom);
  const showFailure = useShowFailure();
  const inputId = useId();
  const hintId = useId();
  const reportId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [checkedFile, setCheckedFile] = useState<File | null>(null);
  const [result, setResult] = useState<CatalogImportResult | null>(null);
  const [busy, setBusy] = useState<"check" | "load" | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The link's address is the browser's API address (the server render may call the API elsewhere).
  const [href, setHref] = useState("/api/employee/catalog/export");
  useEffect(() => setHref(exportUrl), [exportUrl]);

  const cleanCheck = result !== null && result.dryRun && result.errorsTotal === 0 && sameFile(file, checkedFile);

  const run = async (dryRun: boolean): Promise<void> => {
    if (!file) {
      setFailure("Выберите файл каталога (CSV)");
      return;
    }
    setBusy(dryRun ? "check" : "load");
    setFailure(null);
    try {
      const answer = await importCatalog({ file, fileName: file.name, dryRun });
      setResult(answer);
      setCheckedFile(dryRun ? file : null);
    } catch (error) {
      showFailure(error, (messageUI) => setFailure(messageUI));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="catalog-import">
      <section className="catalog-import__part" aria-labelledby={`${inputId}-export`}>
        <h2 id={`${inputId}-export`} className="catalog-import__heading">
          Выгрузка
        </h2>
        <p>Весь каталог одним файлом: категории, товары, их варианты, ступени цены и детали. Измените файл в таблице и загрузите его обратно.</p>
        <a className="catalog-import__download" href={href} download="catalog.csv">
          Скачать каталог (CSV)
        </a>
      </section>

      <section className="catalog-import__part" aria-labelledby={`${inputId}-import`}>
        <h2 id={`${inputId}-import`} className="catalog-import__heading">
          Загрузка
        </h2>
        <p id={hintId} className="catalog-import__hint">
          CSV в кодировке UTF-8, разделитель — точка с запятой, первая строка — заголовок, как в выгрузке. Строка kind = category — категория, product — товар, за ним его
          строки option (вариант), tier (ступень цены: тираж от min_quantity, цена за штуку unit_price в рублях) и detail (деталь с макетом). Товар узнаётся по адресу категории и
          своему адресу; товары, которых нет в файле, не меняются. Сначала «Проверить»: проверка ничего не записывает. Файл с любой ошибкой не меняет ничего.
        </p>
        <div className="catalog-import__form">
          <label htmlFor={inputId} className="catalog-import__label">
            Файл каталога
          </label>
          <input
            id={inputId}
            className="catalog-import__file"
            type="file"
            accept=".csv,text/csv"
            aria-describedby={hintId}
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              setFailure(null);
            }}
          />
          <div className="catalog-import__actions">
            <button type="button" className="catalog-import__button" disabled={busy !== null} onClick={() => void run(true)}>
              {busy === "check" ? "Проверяем…" : "Проверить"}
            </button>
            <button type="button" className="catalog-import__button catalog-import__button--primary" disabled={busy !== null || !cleanCheck} onClick={() => void run(false)}>
              {busy === "load" ? "Загружаем…" : "Загрузить"}
            </button>
          </div>
          {!cleanCheck && busy === null ? <p className="catalog-import__note">«Загрузить» станет доступна после проверки этого файла без ошибок.</p> : null}
          <ErrorNote className="catalog-import__error" message={failure} />
        </div>
      </section>

      {result ? <ImportReport result={result} headingId={reportId} /> : null}
    </div>
  );
}
