import { useId, useState } from "react";
import type { ReactNode } from "react";
import type { Finding } from "../../preflight/index";
import type { FixupId } from "../../preflight/fixups/index";
import { ErrorNote } from "../../shared/ui/index";
import { FindingsReport } from "./FindingsReport";
import { ProofView } from "./ProofView";
import { formatFileSize } from "./layout-files";
import type { LayoutFile } from "./use-layout-files";

export interface LayoutFileItemProps {
  file: LayoutFile;
  onRemove: () => void;
  onRecheck: () => void;
  onApplyFixup: (id: FixupId) => void;
  /** Cart mode: the detail select, the replace note and the upload (rendered between the header and the report). */
  children?: ReactNode;
  /** Cart mode: the upload's own state, shown under the report. */
  footer?: ReactNode;
}

/** One chosen file: its name and size, «Убрать», the check's progress, then the report and the proof. */
export function LayoutFileItem({ file, onRemove, onRecheck, onApplyFixup, children, footer }: LayoutFileItemProps) {
  const progressId = useId();
  const [highlighted, setHighlighted] = useState<Finding | null>(null);
  const check = file.check;
  // While a fix-up's result is checked again, the report before it stays (the fix-up busy), so that it can say what was cleared.
  const shown = check?.state === "done" ? check : check?.state === "checking" && file.busyFixup !== null ? check.previous : null;
  return (
    <li className="ottisk-layout-file" part="file" aria-label={file.name}>
      <div className="ottisk-layout-file__header">
        <span className="ottisk-layout-file__name">{file.name}</span>
        {file.bytes ? <span className="ottisk-layout-file__size">{formatFileSize(file.bytes.length)}</span> : null}
        <button type="button" className="ottisk-layout-file__remove" aria-label={`Убрать файл «${file.name}»`} onClick={onRemove}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {file.refusal ? (
        <p className="ottisk-layout-error" role="alert" part="error">
          {file.refusal}
        </p>
      ) : null}
      {children}
      {check?.state === "checking" ? (
        <div className="ottisk-layout-progress">
          <label htmlFor={progressId}>Проверяем файл в браузере…</label>
          <progress id={progressId} max={1} value={check.fraction} part="progress" />
        </div>
      ) : null}
      {check?.state === "error" ? (
        <div className="ottisk-layout-error" role="alert" part="error">
          <p>{check.messageUI}</p>
          {check.code === "LOAD_FAILED" ? (
            <button type="button" className="ottisk-button ottisk-button--quiet" onClick={onRecheck}>
              Проверить снова
            </button>
          ) : null}
        </div>
      ) : null}
      {shown && file.bytes ? (
        <div className="ottisk-layout-result">
          <FindingsReport
            findings={shown.report.findings}
            offers={file.offers}
            advice={shown.advice}
            busyFixup={file.busyFixup}
            onApplyFixup={onApplyFixup}
            highlighted={highlighted}
            onHighlight={setHighlighted}
            sourceLabel="Проверка в браузере"
          />
          <ErrorNote className="ottisk-layout-error" message={file.fixupError} />
          {check?.state === "done" ? (
            <ProofView pdf={file.bytes} pages={check.report.pages} findings={check.report.findings} highlighted={highlighted} label={`Пробный оттиск: ${file.name}`} />
          ) : null}
        </div>
      ) : null}
      {footer}
    </li>
  );
}
