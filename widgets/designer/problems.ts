import type { DesignDocument, DesignElement, DesignTextElement } from "../../shared/contracts/index";
import type { PreflightProfile } from "../../preflight/index";
import type { Command } from "./model/edits";
import { setBackground, updateElement } from "./model/edits";
import type { DesignFix, DesignProblem as ExportProblem } from "./pdf/problems";
import { designProblems } from "./pdf/problems";

/*
 * What keeps a design from passing the shop's check, as the designer lists it beside the engine's
 * findings: the export's own `designProblems` (a picture under 300 ppi, a colour over the ink
 * limit, text outside the safe zone), each turned into an edit that fixes it — shrink the frame to
 * the size at which the picture reaches 300 ppi, use the colour within the limit, move the text in.
 */

export interface DesignProblem {
  sideIndex: number;
  elementId: string | null;
  severity: ExportProblem["severity"];
  message: string;
  fix: { label: string; command: Command } | null;
}

function fixCommand(sideIndex: number, elementId: string | null, fix: DesignFix): { label: string; command: Command } | null {
  switch (fix.type) {
    case "resize-image":
      return elementId === null ? null : { label: `Уменьшить до ${fix.width} × ${fix.height} мм`, command: updateElement(sideIndex, elementId, { width: fix.width, height: fix.height }) };
    case "limit-ink":
      if (fix.property === "background") return { label: "Снизить краску фона", command: setBackground(sideIndex, fix.color) };
      return elementId === null ? null : { label: "Снизить краску", command: updateElement(sideIndex, elementId, { [fix.property]: fix.color } as Partial<DesignElement>) };
    case "move-into-safe-zone":
      return elementId === null ? null : { label: "Переместить в безопасную зону", command: updateElement(sideIndex, elementId, { x: fix.x, y: fix.y }) };
    case "use-product-size":
      // The designer always makes the product's size and sides.
      return null;
  }
}

export function designerProblems(document: DesignDocument, profile: PreflightProfile, textHeight: (element: DesignTextElement) => number): DesignProblem[] {
  return designProblems(document, profile, { textHeightMm: textHeight }).map((problem) => {
    const sideIndex = problem.side ?? 0;
    return { sideIndex, elementId: problem.elementId, severity: problem.severity, message: problem.message, fix: problem.fix ? fixCommand(sideIndex, problem.elementId, problem.fix) : null };
  });
}
