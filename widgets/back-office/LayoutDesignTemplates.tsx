import { useSetAtom } from "jotai/react";
import { useId, useState } from "react";
import type { DesignTemplateKind, EmployeeLayoutDesignTemplate } from "../../shared/contracts/index";
import { formatDateShort } from "../../shared/domain/index";
import { employeeLayoutDesignTemplates, useResource, useShowFailure, writeLayoutDesignTemplateAtom } from "../../shared/state/index";
import { ErrorNote, LoadError } from "../../shared/ui/index";
import type { SectionProps } from "./section-props";

/*
 * «Шаблоны конструктора» (issue 32; server/README.md "Layout designs"): the layout designer's
 * templates as the shop offers them — turned on or off, moved up or down, downloaded as their JSON
 * document, and new ones uploaded as a JSON file (checked by the server's contract, whose Russian
 * message shows). A template changed here is never overwritten by the shipped file of its id.
 */

const KIND_LABELS: Readonly<Record<DesignTemplateKind, string>> = { "business-card": "Визитка", flyer: "Листовка", sticker: "Наклейка" };

/** A `data:` address of the template's JSON, for «Скачать». */
function jsonHref(entry: EmployeeLayoutDesignTemplate): string {
  return `data:application/json;charset=utf-8,${encodeURIComponent(`${JSON.stringify(entry.template, null, 2)}\n`)}`;
}

const mm = (value: number) => String(value).replace(".", ",");

/** The page of section "layout-design-templates" (/admin/employee/layout-design-templates). */
export function LayoutDesignTemplatesSection(_props: SectionProps) {
  const { resource, reload } = useResource(employeeLayoutDesignTemplates);
  const write = useSetAtom(writeLayoutDesignTemplateAtom);
  const showFailure = useShowFailure();
  const inputId = useId();
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  /** A switch shows its new state while the change is saved (and goes back if it fails). */
  const [switching, setSwitching] = useState<Readonly<Record<string, boolean>>>({});

  const run = async (label: string, work: () => Promise<unknown>, success: string): Promise<void> => {
    setBusy(label);
    setFailure(null);
    setDone(null);
    try {
      await work();
      setDone(success);
    } catch (error) {
      showFailure(error, (messageUI) => setFailure(messageUI));
    } finally {
      setBusy(null);
    }
  };

  const setActive = async (entry: EmployeeLayoutDesignTemplate, active: boolean, success: string): Promise<void> => {
    const id = entry.template.id;
    setSwitching((current) => ({ ...current, [id]: active }));
    await run(id, () => write({ kind: "update", templateId: id, input: { template: entry.template, active, position: entry.position } }), success);
    setSwitching(({ [id]: _done, ...rest }) => rest);
  };

  /** Moves `entry` to `other`'s place: they swap positions (equal ones are told apart). */
  const swap = (entry: EmployeeLayoutDesignTemplate, other: EmployeeLayoutDesignTemplate, upwards: boolean, success: string) => {
    const [mine, theirs] = entry.position === other.position ? (upwards ? [other.position, other.position + 1] : [other.position + 1, other.position]) : [other.position, entry.position];
    return run(
      entry.template.id,
      async () => {
        await write({ kind: "update", templateId: entry.template.id, input: { template: entry.template, active: entry.active, position: mine } });
        await write({ kind: "update", templateId: other.template.id, input: { template: other.template, active: other.active, position: theirs } });
      },
      success,
    );
  };

  const uploadFile = async (): Promise<void> => {
    if (!file) {
      setFailure("Выберите файл шаблона (JSON)");
      return;
    }
    let template: unknown;
    try {
      template = JSON.parse(await file.text());
    } catch {
      setFailure("Файл не похож на JSON: откройте его в редакторе и проверьте скобки и кавычки");
      return;
    }
    const entries = resource.status === "ready" ? resource.data.templates : [];
    const position = entries.reduce((most, entry) => Math.max(most, entry.position), 0) + 10;
    // The server checks the document against the contract; a wrong one answers its Russian message.
    await run("upload", () => write({ kind: "create", input: { template: template as EmployeeLayoutDesignTemplate["template"], active: true, position } }), "Шаблон добавлен.");
  };

  return (
    <div className="layout-templates">
      <section aria-labelledby={`${inputId}-list`}>
        <h2 id={`${inputId}-list`} className="layout-templates__heading">
          Шаблоны конструктора макетов
        </h2>
        {resource.status === "loading" ? <p>Загружаем шаблоны…</p> : null}
        {resource.status === "error" ? <LoadError messageUI={resource.messageUI} onRetry={reload} /> : null}
        {resource.status === "ready" && resource.data.templates.length === 0 ? <p>Шаблонов пока нет: загрузите первый ниже.</p> : null}
        {resource.status === "ready" && resource.data.templates.length > 0 ? (
          <div className="layout-templates__table-wrap">
            <table className="layout-templates__table">
              <caption>В порядке показа в конструкторе</caption>
              <thead>
                <tr>
                  <th scope="col">Шаблон</th>
                  <th scope="col">Вид и формат</th>
                  <th scope="col">Показывается</th>
                  <th scope="col">Изменён</th>
                  <th scope="col">Действия</th>
                </tr>
              </thead>
              <tbody>
                {resource.data.templates.map((entry, index, all) => {
                  const previous = all[index - 1];
                  const next = all[index + 1];
                  const { template } = entry;
                  const active = switching[template.id] ?? entry.active;
                  return (
                    <tr key={template.id}>
                      <td>
                        {template.name}
                        <br />
                        <code className="layout-templates__code">{template.id}</code>
                      </td>
                      <td>
                        {KIND_LABELS[template.kind]}, {mm(template.document.trimMm[0])}×{mm(template.document.trimMm[1])} мм, сторон: {template.document.sides.length}
                      </td>
                      <td>
                        <label className="layout-templates__toggle">
                          <input
                            type="checkbox"
                            checked={active}
                            aria-label={`Показывать «${template.name}» в конструкторе`}
                            disabled={busy !== null}
                            onChange={(event) => void setActive(entry, event.currentTarget.checked, event.currentTarget.checked ? `«${template.name}» снова в конструкторе.` : `«${template.name}» скрыт из конструктора.`)}
                          />
                          {active ? "Да" : "Нет"}
                        </label>
                      </td>
                      <td>
                        {formatDateShort(entry.updatedAt)}
                        <br />
                        {entry.updatedBy ?? "из файла магазина"}
                      </td>
                      <td className="layout-templates__actions">
                        <button
                          type="button"
                          disabled={busy !== null || !previous}
                          aria-label={`Выше: ${template.name}`}
                          onClick={() => previous && void swap(entry, previous, true, `«${template.name}» поднят выше.`)}
                        >
                          ↑
                        </button>
                        <button
                          type="button"
                          disabled={busy !== null || !next}
                          aria-label={`Ниже: ${template.name}`}
                          onClick={() => next && void swap(entry, next, false, `«${template.name}» опущен ниже.`)}
                        >
                          ↓
                        </button>
                        <a href={jsonHref(entry)} download={`${template.id}.json`}>
                          Скачать JSON
                        </a>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>

      <section aria-labelledby={`${inputId}-upload`}>
        <h2 id={`${inputId}-upload`} className="layout-templates__heading">
          Новый шаблон
        </h2>
        <p id={hintId} className="layout-templates__hint">
          Один шаблон — один файл JSON, как скачанный выше: код (id), название, вид и документ макета. Шрифты — только из списка конструктора, места для логотипа и фото
          остаются пустыми. Чтобы изменить шаблон, скачайте его, поправьте и загрузите под новым кодом, а старый скройте.
        </p>
        <div className="layout-templates__form">
          <label htmlFor={inputId}>Файл шаблона</label>
          <input
            id={inputId}
            type="file"
            accept=".json,application/json"
            aria-describedby={hintId}
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              setFailure(null);
            }}
          />
          <button type="button" disabled={busy !== null} onClick={() => void uploadFile()}>
            {busy === "upload" ? "Загружаем…" : "Загрузить шаблон"}
          </button>
        </div>
      </section>
      {done ? (
        <p className="layout-templates__done" role="status">
          {done}
        </p>
      ) : null}
      <ErrorNote className="layout-templates__error" message={failure} />
    </div>
  );
}
