import { useEffect, useId, useRef, useState } from "react";
import { useAtomValue, useSetAtom } from "jotai/react";
import type { Finding, PreflightProfile } from "../../preflight/index";
import type { DesignDocument, DesignTextElement, LayoutDesign } from "../../shared/contracts/index";
import { addToCartAtom, cartStateAtom, changeCartAtom, layoutsChangedAtom, saveLayoutDesignAtom, startCheckAtom, uploadLayoutAtom, useShowFailure } from "../../shared/state/index";
import { SCREEN_PATHS } from "../../shared/domain/index";
import { fireOttiskEvent } from "../events";
import { storefrontHref } from "../navigate";
import type { Command } from "./model/edits";
import { designDetails } from "./model/from-template";
import type { DesignAssets } from "./pdf/index";
import type { DesignProblem } from "./problems";

/*
 * The designer's actions: «Скачать PDF» (export in the browser, check by the shop's engine with the
 * product's profile, then the file is offered — or the reasons and the fixes), «Сохранить» (the
 * account's «Мои макеты»: created, then updated), «В корзину» (the product added with its default
 * options — both sides printed when the design has two — or the cart line the designer was opened
 * for; each side's PDF checked in the browser first — the cart gets nothing from a design that
 * cannot pass — then uploaded as its detail's layout, and the server's check started).
 */

/** A detail of the product the design prints on, with the profile its layout is checked against. */
export interface DesignDetail {
  name: string;
  profile: PreflightProfile;
}

export interface DesignActionsProps {
  host: HTMLElement;
  document: DesignDocument;
  details: readonly DesignDetail[];
  productId: number;
  productName: string;
  /** The product's cart defaults: the smallest run, the option codes that print two sides. */
  cartDefaults: { quantity: number; twoSidedColors: string | null };
  orderProductId: number | null;
  cartUrl: string | null;
  saved: LayoutDesign | null;
  onSaved: (design: LayoutDesign) => void;
  assets: DesignAssets;
  select: (sideIndex: number, id: string | null) => void;
  edit: (command: Command) => void;
  /** A text box's height as laid out (the export's layout). */
  textHeight: (element: DesignTextElement) => number;
}

type Outcome =
  | { kind: "idle" }
  | { kind: "working"; what: string }
  | { kind: "ready"; url: string; fileName: string }
  | { kind: "failed"; findings: Finding[]; problems: DesignProblem[] }
  | { kind: "error"; messageUI: string };

/** The PDF of the document (all its sides, or one). */
async function makePdf(document: DesignDocument, assets: DesignAssets, maxTacPct: number): Promise<Uint8Array> {
  const { exportDesignPdf } = await import("./pdf/export-pdf");
  return exportDesignPdf(document, assets, { maxTacPct });
}

/** The shop's engine, in a Web Worker (loaded on the first check). */
async function check(bytes: Uint8Array, profile: PreflightProfile): Promise<Finding[]> {
  const { checkLayout } = await import("../../preflight/runtime/browser");
  // The bytes go to the worker (their buffer is detached): it checks a copy.
  return (await checkLayout(bytes.slice(), profile)).findings;
}

function fileNameOf(productName: string): string {
  const base = productName.replace(/[\\/:*?"<>|«»]+/g, "").trim().replace(/\s+/g, "-").slice(0, 60) || "maket";
  return `${base}.pdf`;
}

export function DesignActions({ host, document, details, productId, productName, cartDefaults, orderProductId, cartUrl, saved, onSaved, assets, select, edit, textHeight }: DesignActionsProps) {
  const [outcome, setOutcome] = useState<Outcome>({ kind: "idle" });
  const [saveState, setSaveState] = useState<{ kind: "idle" | "saving" | "saved" } | { kind: "error"; messageUI: string }>({ kind: "idle" });
  const [cartState, setCartState] = useState<{ kind: "idle" | "working" } | { kind: "done"; orderProductId: number } | { kind: "error"; messageUI: string }>({ kind: "idle" });
  const [name, setName] = useState(saved?.name ?? `${productName} — мой макет`.slice(0, 120));
  const nameId = useId();
  const showFailure = useShowFailure();
  const saveDesign = useSetAtom(saveLayoutDesignAtom);
  const addToCart = useSetAtom(addToCartAtom);
  const changeCart = useSetAtom(changeCartAtom);
  const uploadLayout = useSetAtom(uploadLayoutAtom);
  const startCheck = useSetAtom(startCheckAtom);
  const layoutsChanged = useSetAtom(layoutsChangedAtom);
  const download = useRef<HTMLAnchorElement | null>(null);
  const currentCart = useAtomValue(cartStateAtom).cart;
  const first = details[0];
  const maxTacPct = first?.profile.maxTacPct ?? 300;

  // A file offered for an older version of the design is withdrawn when the design changes.
  const offered = outcome.kind === "ready" ? outcome.url : null;
  useEffect(() => {
    if (!offered) return;
    return () => URL.revokeObjectURL(offered);
  }, [offered]);
  const lastDocument = useRef(document);
  useEffect(() => {
    if (lastDocument.current === document) return;
    lastDocument.current = document;
    setOutcome((current) => (current.kind === "ready" || current.kind === "failed" ? { kind: "idle" } : current));
    setSaveState((current) => (current.kind === "saved" ? { kind: "idle" } : current));
  }, [document]);

  const exportAndCheck = async () => {
    if (!first) return;
    setOutcome({ kind: "working", what: "Готовим PDF…" });
    try {
      const bytes = await makePdf(document, assets, maxTacPct);
      setOutcome({ kind: "working", what: "Проверяем макет…" });
      // The whole design in one file: the product's profile with a page per side.
      const profile: PreflightProfile = { ...first.profile, pages: document.sides.length };
      const findings = await check(bytes, profile);
      const fileName = fileNameOf(productName);
      fireOttiskEvent(host, "ottisk-design-export", { pages: document.sides.length, bytes: bytes.length, fileName, findings: findings.length });
      const { designerProblems } = await import("./problems");
      const problems = designerProblems(document, profile, textHeight);
      if (findings.length > 0) {
        setOutcome({ kind: "failed", findings, problems });
        return;
      }
      const url = URL.createObjectURL(new Blob([bytes.slice()], { type: "application/pdf" }));
      setOutcome({ kind: "ready", url, fileName });
      // Offered at once: the link is clicked for the shopper (and stays for another try).
      queueMicrotask(() => download.current?.click());
    } catch (failure) {
      showFailure(failure, (messageUI) => setOutcome({ kind: "error", messageUI }));
    }
  };

  const save = async () => {
    setSaveState({ kind: "saving" });
    try {
      const design = await saveDesign({ id: saved?.id ?? null, version: saved?.version ?? null, request: { name: name.trim() || productName, productId, document } });
      onSaved(design);
      setSaveState({ kind: "saved" });
    } catch (failure) {
      showFailure(failure, (messageUI) => setSaveState({ kind: "error", messageUI }));
    }
  };

  /**
   * Each side's PDF for `sideDetails` (side i prints as detail i), checked by the engine in the
   * browser with its detail's profile: the files, or what keeps them from the cart (the findings,
   * numbered by side, and the designer's own reasons with their fixes).
   */
  const exportSides = async (sideDetails: readonly DesignDetail[]): Promise<{ kind: "files"; files: { detail: DesignDetail; bytes: Uint8Array }[] } | { kind: "failed"; findings: Finding[]; problems: DesignProblem[] }> => {
    const files: { detail: DesignDetail; bytes: Uint8Array }[] = [];
    const findings: Finding[] = [];
    for (let index = 0; index < document.sides.length; index += 1) {
      const detail = sideDetails[index];
      const side = document.sides[index];
      if (!detail || !side) continue;
      const bytes = await makePdf({ ...document, sides: [side] }, assets, detail.profile.maxTacPct);
      const sideFindings = await check(bytes, { ...detail.profile, pages: 1 });
      findings.push(...sideFindings.map((finding) => ({ ...finding, page: index + 1 })));
      files.push({ detail, bytes });
    }
    if (findings.length === 0) return { kind: "files", files };
    const { designerProblems } = await import("./problems");
    const base = sideDetails[0] ?? first;
    const problems = base ? designerProblems(document, { ...base.profile, pages: document.sides.length }, textHeight) : [];
    return { kind: "failed", findings, problems };
  };

  const toCart = async () => {
    setCartState({ kind: "working" });
    setOutcome((current) => (current.kind === "failed" ? { kind: "idle" } : current));
    try {
      // Checked in the browser first, side by side with the product's profiles: a design that cannot
      // pass says why here, and the cart gets nothing.
      const checked = await exportSides(details);
      if (checked.kind === "failed") {
        setOutcome(checked);
        setCartState({ kind: "idle" });
        return;
      }
      let lineId = orderProductId;
      let cart = null;
      if (lineId === null) {
        const twoSided = document.sides.length > 1 && cartDefaults.twoSidedColors !== null;
        cart = await addToCart({ productId, quantity: cartDefaults.quantity, options: twoSided && cartDefaults.twoSidedColors ? { colors: cartDefaults.twoSidedColors } : {} });
        const lines = cart.orderProduct.filter((line) => line.product.id === productId);
        lineId = lines.reduce((latest, line) => Math.max(latest, line.id), 0);
      }
      const cartId = cart?.id ?? currentCart?.id ?? null;
      // The line's own details (its format and colours applied), side by side; the product's when the cart is not at hand.
      const line = (cart ?? currentCart)?.orderProduct.find((item) => item.id === lineId);
      const lineDetails: readonly DesignDetail[] = line ? designDetails(line.layouts.map((layout) => ({ name: layout.detailName, profile: layout.profile }))) : details;
      // The files already checked serve when the line's details print them alike; otherwise they are made for the line.
      const same = lineDetails.every((detail, index) => {
        const checkedDetail = checked.files[index]?.detail;
        return checkedDetail === undefined || (checkedDetail.name === detail.name && JSON.stringify(checkedDetail.profile) === JSON.stringify(detail.profile));
      });
      const forLine = same ? checked : await exportSides(lineDetails);
      if (forLine.kind === "failed") {
        // A line this click added goes again: the cart keeps nothing of a design that cannot pass.
        const added = lineId;
        if (orderProductId === null) await changeCart((api) => api.removeCartProduct(added));
        setOutcome(forLine);
        setCartState({ kind: "idle" });
        return;
      }
      const layoutIds: number[] = [];
      for (const [index, file] of forLine.files.entries()) {
        const layout = await uploadLayout({ file: new Blob([file.bytes.slice()], { type: "application/pdf" }), fileName: `${fileNameOf(productName).replace(/\.pdf$/, "")}-${index + 1}.pdf`, orderProductId: lineId, detailName: file.detail.name });
        layoutIds.push(layout.id);
        fireOttiskEvent(host, "ottisk-layout-uploaded", { orderProductId: lineId, detailName: file.detail.name, layoutId: layout.id });
        if (cartId !== null) await startCheck({ cartId, orderProductId: lineId, detailName: file.detail.name });
      }
      await layoutsChanged();
      fireOttiskEvent(host, "ottisk-design-add-to-cart", { productId, orderProductId: lineId, layoutIds });
      setCartState({ kind: "done", orderProductId: lineId });
    } catch (failure) {
      showFailure(failure, (messageUI) => setCartState({ kind: "error", messageUI }));
    }
  };

  const busy = outcome.kind === "working" || saveState.kind === "saving" || cartState.kind === "working";
  return (
    <section className="ottisk-designer-panel ottisk-designer-actions" aria-label="Готовый макет" part="actions">
      <div className="ottisk-designer-row">
        <button type="button" className="ottisk-button" disabled={busy} aria-busy={outcome.kind === "working"} onClick={() => void exportAndCheck()}>
          Скачать PDF
        </button>
        <button type="button" className="ottisk-button ottisk-button--quiet" disabled={busy} aria-busy={saveState.kind === "saving"} onClick={() => void save()}>
          Сохранить
        </button>
        <button type="button" className="ottisk-button" disabled={busy} aria-busy={cartState.kind === "working"} onClick={() => void toCart()}>
          В корзину
        </button>
      </div>
      <div className="ottisk-designer-field">
        <label htmlFor={nameId}>Название макета</label>
        <input id={nameId} className="ottisk-input" value={name} maxLength={120} onChange={(event) => setName(event.target.value)} />
      </div>
      <div role="status" aria-live="polite">
        {outcome.kind === "working" ? <p className="ottisk-designer-note">{outcome.what}</p> : null}
        {outcome.kind === "ready" ? (
          <p className="ottisk-designer-note">
            Макет проверен: замечаний нет.{" "}
            <a ref={download} href={outcome.url} download={outcome.fileName}>
              Скачать {outcome.fileName}
            </a>
          </p>
        ) : null}
        {saveState.kind === "saving" ? <p className="ottisk-designer-note">Сохраняем…</p> : null}
        {saveState.kind === "saved" ? <p className="ottisk-designer-note">Макет сохранён в «Мои макеты».</p> : null}
        {cartState.kind === "working" ? <p className="ottisk-designer-note">Кладём в корзину и загружаем макет…</p> : null}
        {cartState.kind === "done" ? (
          <p className="ottisk-designer-note">
            Товар с макетом в корзине. <a href={cartUrl ?? storefrontHref(SCREEN_PATHS.cart)}>Перейти в корзину</a>
          </p>
        ) : null}
      </div>
      {[outcome, saveState, cartState].map((state, index) =>
        state.kind === "error" ? (
          <p key={index} className="ottisk-designer-error" role="alert" part="error">
            {state.messageUI}
          </p>
        ) : null,
      )}
      {outcome.kind === "failed" ? (
        <div className="ottisk-designer-problems-box" part="problems" role="alert">
          <p className="ottisk-designer-error">Макет не прошёл проверку типографии:</p>
          <ul className="ottisk-designer-problems">
            {outcome.findings.map((finding, index) => (
              <li key={`f${index}`} data-code={finding.code}>
                {finding.message}
                {finding.page !== null ? ` (стр. ${finding.page})` : ""}
              </li>
            ))}
            {outcome.problems.map((problem, index) => (
              <li key={`p${index}`}>
                {problem.message}{" "}
                {problem.elementId ? (
                  <button type="button" className="ottisk-button ottisk-button--quiet ottisk-designer-small" onClick={() => select(problem.sideIndex, problem.elementId)}>
                    Показать
                  </button>
                ) : null}{" "}
                {problem.fix ? (
                  <button
                    type="button"
                    className="ottisk-button ottisk-designer-small ottisk-designer-fix"
                    onClick={() => {
                      if (problem.fix) edit(problem.fix.command);
                    }}
                  >
                    {problem.fix.label}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
