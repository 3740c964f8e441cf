import { useCallback, useLayoutEffect, useRef } from "react";
import { fireOttiskEvent } from "../events";
import { adoptStylesOnce } from "../own-styles";
import { CartLayoutChecker } from "./CartLayoutChecker";
import findingsReportCss from "./findings-report.css?inline";
import layoutCheckerCss from "./layout-checker.css?inline";
import proofViewCss from "./proof-view.css?inline";
import type { FireEvent } from "./session";
import { ProductChecker, ProfileChecker } from "./StandaloneChecker";

/*
 * The layout checker (issue 6). The engine (a Web Worker), the fix-ups (pdf-lib) and pdf.js are
 * imported only when a file is checked or a proof is drawn, so this module's chunk holds none of
 * them; the cart loads this component itself with React.lazy.
 */

export interface LayoutCheckerProps {
  /** Cart mode: the cart line whose layouts are checked, uploaded and approved. */
  orderProductId?: number | undefined;
  /** Standalone: the product whose detail profile the files are checked against. */
  productId?: number | undefined;
  /** Standalone: the detail («Лицевая сторона»); with `product-id`, the first detail when absent. */
  detail?: string | undefined;
  /** Standalone: the engine's profile JSON (wins over `product-id`). */
  profile?: string | undefined;
  /** Where the events are fired from; by default the component's own root (they bubble out of any shadow root). */
  host?: HTMLElement | undefined;
  /** False inside a dialog whose title already names the line. */
  showTitle?: boolean | undefined;
}

/**
 * The checker's stylesheets: adopted by whichever shadow root (or document) shows the component,
 * and by whoever draws its parts (FindingsReport, ProofView) bare; the PDF viewer of a design order
 * brings its own.
 */
export const LAYOUT_CHECKER_STYLES: readonly string[] = [layoutCheckerCss, findingsReportCss, proofViewCss];

export function LayoutChecker({ orderProductId, productId, detail, profile, host, showTitle = true }: LayoutCheckerProps) {
  const rootRef = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    if (rootRef.current) adoptStylesOnce(rootRef.current, LAYOUT_CHECKER_STYLES);
  }, []);

  const fire = useCallback<FireEvent>(
    (name, detailOfEvent) => {
      const target = host ?? rootRef.current;
      if (target) fireOttiskEvent(target, name, detailOfEvent);
    },
    [host],
  );

  let content;
  if (orderProductId !== undefined) content = <CartLayoutChecker key={orderProductId} orderProductId={orderProductId} showTitle={showTitle} fire={fire} />;
  else if (profile !== undefined) content = <ProfileChecker key={profile} profileText={profile} detail={detail ?? null} fire={fire} />;
  else if (productId !== undefined) content = <ProductChecker key={productId} productId={productId} detail={detail ?? null} fire={fire} />;
  else {
    content = (
      <p className="ottisk-layout-error" role="alert" part="error">
        Не указано, что проверять: нужен атрибут order-product-id (строка корзины), product-id с detail или profile.
      </p>
    );
  }

  return (
    <div ref={rootRef} className="ottisk-root ottisk-layout-checker" part="checker">
      {content}
    </div>
  );
}
