import { useId, useState } from "react";
import type { CartLayout, CartLine } from "../../shared/contracts/index";
import { DesignOrderPanel } from "./DesignOrderPanel";
import { DetailApproval } from "./DetailApproval";
import { DetailLayoutStatus, isChecked } from "./DetailLayoutStatus";
import { DetailProof, useLayoutProof } from "./DetailProof";
import type { LayoutSession } from "./session";

export interface DetailLayoutProps {
  /** The cart holding the line (the check's orderId). */
  cartId: number;
  line: CartLine;
  layout: CartLayout;
  session: LayoutSession;
}

/**
 * One detail of the line (spec §3 Design side): its current layout's status with the server check
 * followed while it runs (DetailLayoutStatus), the proof with the server's findings (DetailProof),
 * the approval of the proof (DetailApproval), and the design order instead (DesignOrderPanel).
 */
export function DetailLayout({ cartId, line, layout, session }: DetailLayoutProps) {
  const headingId = useId();
  const proof = useLayoutProof(layout, session);
  /** Which layout file's proof the shopper has seen drawn: a new layout must be seen again before approval. */
  const proofKey = `${layout.layoutId ?? ""}:${layout.fileUrl ?? ""}`;
  const [seenProof, setSeenProof] = useState<string | null>(null);
  const layoutId = layout.layoutId;

  return (
    <section className="ottisk-layout-detail" part="detail" aria-labelledby={headingId} data-status={layout.status}>
      <h3 id={headingId} className="ottisk-layout-detail__title">
        {layout.detailName}
      </h3>
      <DetailLayoutStatus cartId={cartId} line={line} layout={layout} session={session} />
      <DetailProof key={proofKey} layout={layout} proof={proof} onSeen={() => setSeenProof(proofKey)} />
      {/* The designer's layout waiting for the client is approved with its design order («Утвердить макет» below), which approves the layout too. */}
      {layoutId !== null && isChecked(layout) && layout.design?.status !== "waiting_client" ? (
        <DetailApproval
          line={line}
          layout={layout}
          layoutId={layoutId}
          findings={(layout.findings ?? []).length}
          proofSeen={seenProof === proofKey}
          session={session}
        />
      ) : null}
      <DesignOrderPanel line={line} layout={layout} proofBytes={proof?.state === "ready" ? proof.bytes : null} session={session} />
    </section>
  );
}
