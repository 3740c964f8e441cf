import { useSetAtom } from "jotai/react";
import { useEffect, useEffectEvent, useState } from "react";
import type { CheckCode, Finding, PageBoxes } from "../../preflight/index";
import type { CartLayout } from "../../shared/contracts/index";
import { downloadPdfAtom, useShowFailure } from "../../shared/state/index";
import { isChecked } from "./DetailLayoutStatus";
import { FindingsReport } from "./FindingsReport";
import { ProofView } from "./ProofView";
import { loadEngine, loadFixups } from "./layout-files";
import type { LayoutSession } from "./session";

/** The proof of a detail's current layout: its bytes, the engine's page boxes (the trim lines) and the fix advice. */
export type Proof =
  | { state: "loading" }
  | { state: "ready"; bytes: Uint8Array; pages: PageBoxes[] | null; advice: Record<CheckCode, string> }
  | { state: "error"; messageUI: string };

/**
 * The proof of the layout: the bytes uploaded here (the session keeps them), or the stored file
 * downloaded; the engine gives its page boxes. Null while the detail has no layout file.
 */
export function useLayoutProof(layout: CartLayout, session: LayoutSession): Proof | null {
  const download = useSetAtom(downloadPdfAtom);
  const showFailure = useShowFailure();
  const { layoutId, fileUrl } = layout;
  const [loaded, setLoaded] = useState<{ layoutId: number; fileUrl: string; proof: Proof } | null>(null);
  // The profile belongs to the layout: a new layout id brings its own, so it is read, not followed.
  const pagesOf = useEffectEvent(async (bytes: Uint8Array): Promise<PageBoxes[] | null> => {
    const engine = await loadEngine();
    return engine.checkLayout(bytes.slice(), layout.profile).then(
      (report) => report.pages,
      // A file the engine cannot read is still drawn by pdf.js if it can; without the lines then.
      () => null,
    );
  });

  useEffect(() => {
    if (layoutId === null || fileUrl === null) return;
    const controller = new AbortController();
    const load = async (): Promise<Proof> => {
      const cached = session.proofs.get(layoutId);
      const bytes = cached?.bytes ?? (await download({ url: fileUrl, signal: controller.signal }));
      let pages = cached?.pages ?? null;
      if (!cached) {
        pages = await pagesOf(bytes);
        session.proofs.set(layoutId, { bytes, pages });
      }
      const { fixAdvice } = await loadFixups();
      return { state: "ready", bytes, pages, advice: fixAdvice };
    };
    load()
      .then((proof) => {
        if (!controller.signal.aborted) setLoaded({ layoutId, fileUrl, proof });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) showFailure(error, (messageUI) => setLoaded({ layoutId, fileUrl, proof: { state: "error", messageUI } }));
      });
    return () => controller.abort();
  }, [download, showFailure, layoutId, fileUrl, session]);

  if (layoutId === null || fileUrl === null) return null;
  return loaded !== null && loaded.layoutId === layoutId && loaded.fileUrl === fileUrl ? loaded.proof : { state: "loading" };
}

export interface DetailProofProps {
  layout: CartLayout;
  proof: Proof | null;
  /** The proof has been drawn for the shopper to see: the approval may be given. */
  onSeen: () => void;
}

/** The proof of the detail's layout with the server's findings beside it; a finding chosen in the list is marked on the proof. */
export function DetailProof({ layout, proof, onSeen }: DetailProofProps) {
  const [highlighted, setHighlighted] = useState<Finding | null>(null);
  const findings = layout.findings ?? [];
  if (proof?.state === "loading") return <p className="ottisk-layout-progress">Загружаем пробный оттиск…</p>;
  if (proof?.state === "error") {
    return (
      <p className="ottisk-layout-error" role="alert">
        Пробный оттиск не загрузился: {proof.messageUI}
      </p>
    );
  }
  if (proof?.state !== "ready") return null;
  return (
    <div className="ottisk-layout-result">
      {isChecked(layout) && (layout.status !== "failed" || findings.length > 0) ? (
        <FindingsReport
          findings={findings}
          offers={[]}
          advice={proof.advice}
          busyFixup={null}
          onApplyFixup={() => undefined}
          highlighted={highlighted}
          onHighlight={setHighlighted}
          sourceLabel="Проверка на сервере"
        />
      ) : null}
      <ProofView
        pdf={proof.bytes}
        pages={proof.pages}
        findings={findings}
        highlighted={highlighted}
        label={`Пробный оттиск: ${layout.detailName}`}
        onPageCountKnown={onSeen}
      />
    </div>
  );
}
