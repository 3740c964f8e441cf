import { useSetAtom } from "jotai/react";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import type { CartLine } from "../../shared/contracts/index";
import { layoutsChangedAtom, loadCartAtom, startCheckAtom, uploadLayoutAtom, useCart, useShowFailure } from "../../shared/state/index";
import { LoadError } from "../../shared/ui/index";
import { DetailLayout } from "./DetailLayout";
import { FileDropZone } from "./FileDropZone";
import { LayoutFileItem } from "./LayoutFileItem";
import type { LayoutSession, FireEvent } from "./session";
import { useLayoutFiles } from "./use-layout-files";
import type { LayoutFile } from "./use-layout-files";

type UploadState = { state: "uploading"; loaded: number; total: number } | { state: "starting" } | { state: "error"; messageUI: string };

export interface CartLayoutCheckerProps {
  orderProductId: number;
  showTitle: boolean;
  fire: FireEvent;
}

/**
 * The layouts of one cart line: files checked in the browser, assigned to details and uploaded
 * (the server's check follows), and each detail's current layout with its proof, approval and
 * design order.
 */
export function CartLayoutChecker({ orderProductId, showTitle, fire }: CartLayoutCheckerProps) {
  const { cart, error, loading } = useCart();
  const loadCart = useSetAtom(loadCartAtom);
  const layoutsChanged = useSetAtom(layoutsChangedAtom);
  const uploadLayout = useSetAtom(uploadLayoutAtom);
  const startCheck = useSetAtom(startCheckAtom);
  const showFailure = useShowFailure();
  const line = cart?.orderProduct.find((item) => item.id === orderProductId) ?? null;
  // The file list's callbacks run on the shopper's actions, after this render is committed: they read the line then.
  const lineRef = useRef<CartLine | null>(line);
  useEffect(() => {
    lineRef.current = line;
  }, [line]);
  const [uploads, setUploads] = useState<Record<string, UploadState>>({});

  const session = useMemo<LayoutSession>(
    () => ({ proofs: new Map(), browserResults: new Map(), fire, changed: () => layoutsChanged() }),
    [fire, layoutsChanged],
  );

  const { files, addFiles, removeFile, recheck, setDetail, applyFixup } = useLayoutFiles({
    profileFor: (detailName) => lineRef.current?.layouts.find((layout) => layout.detailName === detailName)?.profile ?? null,
    assignDetail: (taken) => (lineRef.current ? nextDetail(lineRef.current, taken) : null),
    onChecked: (file, report) =>
      fire("ottisk-layout-checked", {
        detailName: file.detailName,
        fileName: file.name,
        ok: report.ok,
        codes: [...new Set(report.findings.map((finding) => finding.code))],
        source: "browser",
      }),
  });

  const setUpload = useCallback((key: string, state: UploadState | null) => {
    setUploads((all) => {
      const next = { ...all };
      if (state) next[key] = state;
      else delete next[key];
      return next;
    });
  }, []);

  const upload = async (file: LayoutFile) => {
    const cartId = cart?.id;
    const detailName = file.detailName;
    const bytes = file.bytes;
    const check = file.check;
    if (cartId === null || cartId === undefined || detailName === null || !bytes || !check || check.state === "checking") return;
    setUpload(file.key, { state: "uploading", loaded: 0, total: bytes.length });
    let uploaded = false;
    try {
      const layout = await uploadLayout({
        file: new Blob([bytes.slice()], { type: "application/pdf" }),
        fileName: file.name,
        orderProductId,
        detailName,
        onProgress: (loaded, total) => setUpload(file.key, { state: "uploading", loaded, total }),
      });
      uploaded = true;
      session.proofs.set(layout.id, { bytes, pages: check.state === "done" ? check.report.pages : null });
      session.browserResults.set(
        layout.id,
        check.state === "done"
          ? { findings: check.report.findings.map((finding) => ({ code: finding.code, page: finding.page })), error: null }
          : { findings: null, error: check.code },
      );
      fire("ottisk-layout-uploaded", { orderProductId, detailName, layoutId: layout.id });
      setUpload(file.key, { state: "starting" });
      await startCheck({ cartId, orderProductId, detailName });
      // The detail now shows the layout and follows the server's check.
      removeFile(file.key);
      setUpload(file.key, null);
    } catch (failure) {
      showFailure(failure, (messageUI) => setUpload(file.key, { state: "error", messageUI }));
      if (uploaded) await layoutsChanged();
    }
  };

  if (!cart) {
    if (error) {
      return <LoadError className="ottisk-layout-error" part="error" messageUI={error} onRetry={() => void loadCart()} />;
    }
    return (
      <p className="ottisk-layout-progress" role="status">
        Загружаем корзину…
      </p>
    );
  }
  if (!line) {
    return (
      <p className="ottisk-layout-error" role="alert" part="error">
        {loading ? "Загружаем корзину…" : "Этой строки нет в корзине: её удалили или заказ уже оформлен. Обновите страницу корзины."}
      </p>
    );
  }
  if (line.layouts.length === 0) {
    return <p className="ottisk-layout-note">Для «{line.product.name}» макет не нужен.</p>;
  }

  const allApproved = line.layouts.every((layout) => layout.approvedAt !== null);
  const details = line.layouts.map((layout) => layout.detailName);

  return (
    <div className="ottisk-layout-cart">
      {showTitle ? <h2 className="ottisk-layout-checker__title">Макеты: {line.product.name}</h2> : null}
      <p className="ottisk-layout-note">
        Нужны макеты: {details.map((name) => `«${name}»`).join(", ")}. Каждый файл сначала проверяется в браузере; исправьте, что можно, и загрузите — после
        загрузки его проверит сервер типографии. У детали один макет: новый файл заменяет прежний.
      </p>
      {allApproved ? (
        <p className="ottisk-layout-approved" role="status" part="all-approved">
          Все макеты утверждены
        </p>
      ) : null}
      <FileDropZone onFiles={(chosen) => void addFiles(chosen)} hint={dropHint(line, files.map((file) => file.detailName))} />
      {files.length > 0 ? (
        <ul className="ottisk-layout-files" aria-label="Выбранные файлы">
          {files.map((file) => (
            <LayoutFileItem
              key={file.key}
              file={file}
              onRemove={() => {
                removeFile(file.key);
                setUpload(file.key, null);
              }}
              onRecheck={() => recheck(file.key)}
              onApplyFixup={(id) => void applyFixup(file.key, id)}
              footer={file.bytes ? <UploadControls file={file} line={line} upload={uploads[file.key] ?? null} onUpload={() => void upload(file)} /> : null}
            >
              {file.bytes ? <DetailSelect file={file} details={details} onChange={(detailName) => setDetail(file.key, detailName)} /> : null}
            </LayoutFileItem>
          ))}
        </ul>
      ) : null}
      {line.layouts.map((layout) => (
        <DetailLayout key={layout.detailName} cartId={cart.id ?? 0} line={line} layout={layout} session={session} />
      ))}
    </div>
  );
}

/**
 * The detail a newly added file goes to: the first one with neither a layout nor a file in the list,
 * then the first without a layout, then the first without a file in the list; only when every detail
 * has a layout and a file, the first detail (the hint says so, and the upload says what it replaces).
 */
export function nextDetail(line: CartLine, taken: readonly (string | null)[]): string | null {
  const names = line.layouts.map((layout) => layout.detailName);
  const empty = new Set(line.layouts.filter((layout) => layout.status === "missing").map((layout) => layout.detailName));
  return (
    names.find((name) => empty.has(name) && !taken.includes(name)) ??
    names.find((name) => empty.has(name)) ??
    names.find((name) => !taken.includes(name)) ??
    names[0] ??
    null
  );
}

/** The drop zone's hint: which detail the next file goes to, and what it replaces when every detail has a layout. */
function dropHint(line: CartLine, taken: readonly (string | null)[]): string {
  const next = nextDetail(line, taken);
  if (next === null) return "";
  const layout = line.layouts.find((item) => item.detailName === next);
  if (line.layouts.length === 1) {
    return layout && layout.status !== "missing" ? `Новый файл заменит загруженный макет «${next}».` : "";
  }
  if (layout && layout.status !== "missing") {
    return `У всех деталей уже есть макеты: следующий файл заменит макет «${next}»; деталь можно сменить.`;
  }
  return `Следующий файл достанется детали «${next}», у которой ещё нет макета; деталь можно сменить.`;
}

function DetailSelect({ file, details, onChange }: { file: LayoutFile; details: string[]; onChange: (detailName: string | null) => void }) {
  const id = useId();
  return (
    <div className="ottisk-layout-file__detail">
      <label htmlFor={id}>Деталь</label>
      <select id={id} className="ottisk-input" name="detail" value={file.detailName ?? ""} onChange={(event) => onChange(event.target.value || null)}>
        {file.detailName === null ? <option value="">Выберите деталь</option> : null}
        {details.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}

interface UploadControlsProps {
  file: LayoutFile;
  line: CartLine;
  upload: UploadState | null;
  onUpload: () => void;
}

/** «Загрузить макет» once the browser's check has ended, with what the upload replaces and its progress. */
function UploadControls({ file, line, upload, onUpload }: UploadControlsProps) {
  const progressId = useId();
  const current = line.layouts.find((layout) => layout.detailName === file.detailName);
  const check = file.check;
  const ready = check !== null && (check.state === "done" || (check.state === "error" && check.uploadable));
  const busy = upload?.state === "uploading" || upload?.state === "starting" || file.busyFixup !== null;
  return (
    <div className="ottisk-layout-upload" part="upload">
      {current && current.status !== "missing" ? (
        <p className="ottisk-layout-note">
          Загруженный файл заменит текущий макет «{current.detailName}»{current.fileName ? ` (${current.fileName})` : ""}
          {current.approvedAt !== null ? " и его утверждение" : ""}.
        </p>
      ) : null}
      {check?.state === "done" && !check.report.ok ? (
        <p className="ottisk-layout-note">Файл с замечаниями тоже можно загрузить: заказ пойдёт в печать, только когда вы утвердите макет как есть.</p>
      ) : null}
      {upload?.state === "uploading" ? (
        <div className="ottisk-layout-progress">
          <label htmlFor={progressId}>Загружаем файл…</label>
          <progress id={progressId} max={upload.total || 1} value={upload.loaded} part="progress" />
        </div>
      ) : null}
      {upload?.state === "starting" ? (
        <p className="ottisk-layout-progress" role="status">
          Файл загружен, запускаем проверку на сервере…
        </p>
      ) : null}
      {upload?.state === "error" ? (
        <p className="ottisk-layout-error" role="alert">
          {upload.messageUI}
        </p>
      ) : null}
      <button type="button" className="ottisk-button" disabled={!ready || busy || file.detailName === null} onClick={onUpload}>
        Загрузить макет
      </button>
    </div>
  );
}
