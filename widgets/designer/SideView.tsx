import type { ReactNode, SVGProps } from "react";
import type { DesignDocument, DesignElement, DesignImageSource, DesignTextElement } from "../../shared/contracts/index";
import { DESIGN_IMAGE_SLOT_LABELS } from "../../shared/contracts/index";
import { cmykToCss } from "./model/color";
import type { OutlineCommand } from "./pdf/index";
import { qrPath } from "./qr-path";
import type { TextShaper } from "./text-shaper";

/*
 * One side of a design as SVG in millimetres (the viewBox is the bleed box in the trim's
 * coordinates), drawn the way the PDF export draws it: the background over the whole bleed box,
 * then the elements bottom layer first. The canvas draws it big with its guides and handles on
 * top (`children`); the template picker draws it small.
 */

export interface SideViewProps {
  document: DesignDocument;
  sideIndex: number;
  shaper: TextShaper;
  /** The address to draw a picture from (a blob: URL once loaded), or null while it loads. */
  imageHref: (source: DesignImageSource) => string | null;
  /** The trim, bleed and safe-zone lines. */
  guides?: boolean;
  /** Width and height on screen (CSS px); the aspect is the bleed box's. */
  width: number;
  /** Drawn over the side (selection, handles, snap lines), in the same millimetres. */
  children?: ReactNode;
  /** The SVG's accessible name; none: the picture is decorative (aria-hidden). */
  label?: string;
  className?: string;
  svgRef?: (node: SVGSVGElement | null) => void;
  /** The canvas's pointer handlers. */
  svgProps?: Pick<SVGProps<SVGSVGElement>, "onPointerDown" | "onPointerMove" | "onPointerUp" | "onPointerCancel">;
}

export function SideView({ document, sideIndex, shaper, imageHref, guides = false, width, children, label, className, svgRef, svgProps }: SideViewProps) {
  const side = document.sides[sideIndex];
  const [trimWidth, trimHeight] = document.trimMm;
  const bleed = document.bleedMm;
  const boxWidth = trimWidth + 2 * bleed;
  const boxHeight = trimHeight + 2 * bleed;
  const height = (width * boxHeight) / boxWidth;
  const safe = document.safeMm;
  return (
    <svg
      ref={svgRef}
      className={className}
      width={width}
      height={height}
      viewBox={`${-bleed} ${-bleed} ${boxWidth} ${boxHeight}`}
      xmlns="http://www.w3.org/2000/svg"
      {...svgProps}
      {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}
    >
      <rect x={-bleed} y={-bleed} width={boxWidth} height={boxHeight} fill={side?.background ? cmykToCss(side.background) : "#fff"} />
      {side?.elements.map((element) => (
        <g key={element.id} data-element-id={element.id}>
          <ElementView element={element} shaper={shaper} imageHref={imageHref} />
        </g>
      ))}
      {guides ? (
        <g className="ottisk-designer-guides" fill="none" pointerEvents="none">
          <rect className="ottisk-designer-guide-bleed" x={-bleed} y={-bleed} width={boxWidth} height={boxHeight} vectorEffect="non-scaling-stroke" />
          <rect className="ottisk-designer-guide-trim" x={0} y={0} width={trimWidth} height={trimHeight} vectorEffect="non-scaling-stroke" />
          <rect className="ottisk-designer-guide-safe" x={safe} y={safe} width={Math.max(0, trimWidth - 2 * safe)} height={Math.max(0, trimHeight - 2 * safe)} vectorEffect="non-scaling-stroke" />
        </g>
      ) : null}
      {children}
    </svg>
  );
}

function ElementView({ element, shaper, imageHref }: { element: DesignElement; shaper: TextShaper; imageHref: SideViewProps["imageHref"] }) {
  switch (element.kind) {
    case "text":
      return <TextView element={element} shaper={shaper} />;
    case "rect":
      return (
        <rect
          x={element.x}
          y={element.y}
          width={element.width}
          height={element.height}
          rx={element.radiusMm}
          fill={element.fill ? cmykToCss(element.fill) : "none"}
          stroke={element.stroke ? cmykToCss(element.stroke) : "none"}
          strokeWidth={element.stroke ? element.strokeWidthMm : 0}
        />
      );
    case "line":
      return <line x1={element.x1} y1={element.y1} x2={element.x2} y2={element.y2} stroke={cmykToCss(element.color)} strokeWidth={element.widthMm} />;
    case "qr":
      return (
        <>
          <rect x={element.x} y={element.y} width={element.size} height={element.size} fill="transparent" />
          <path d={qrPath(element)} fill={cmykToCss(element.color)} />
        </>
      );
    case "image": {
      const href = element.source ? imageHref(element.source) : null;
      if (!element.source) {
        return (
          <g className="ottisk-designer-slot">
            <rect x={element.x} y={element.y} width={element.width} height={element.height} vectorEffect="non-scaling-stroke" />
            <text x={element.x + element.width / 2} y={element.y + element.height / 2} fontSize={Math.min(element.height / 4, element.width / 6, 4)} textAnchor="middle" dominantBaseline="middle">
              {element.slot ? DESIGN_IMAGE_SLOT_LABELS[element.slot] : "Изображение"}
            </text>
          </g>
        );
      }
      const { widthPx, heightPx } = element.source;
      const crop = element.crop;
      return (
        <svg
          x={element.x}
          y={element.y}
          width={element.width}
          height={element.height}
          viewBox={`${crop.x * widthPx} ${crop.y * heightPx} ${crop.width * widthPx} ${crop.height * heightPx}`}
          preserveAspectRatio="none"
        >
          {href ? <image href={href} width={widthPx} height={heightPx} preserveAspectRatio="none" /> : <rect width={widthPx} height={heightPx} fill="#eee" />}
        </svg>
      );
    }
  }
}

/** A glyph's outline (font units, y up) as SVG path data in millimetres at its origin (y down). */
function outlinePath(outline: readonly OutlineCommand[], x: number, y: number, unit: number): string {
  const px = (value: number) => String(Math.round((x + value * unit) * 1000) / 1000);
  const py = (value: number) => String(Math.round((y - value * unit) * 1000) / 1000);
  let d = "";
  for (const { command, args } of outline) {
    const a = args.map((value, index) => (index % 2 === 0 ? px(value) : py(value)));
    if (command === "moveTo") d += `M${a[0]} ${a[1]}`;
    else if (command === "lineTo") d += `L${a[0]} ${a[1]}`;
    else if (command === "quadraticCurveTo") d += `Q${a.join(" ")}`;
    else if (command === "bezierCurveTo") d += `C${a.join(" ")}`;
    else d += "Z";
  }
  return d;
}

/** A text box drawn as the PDF draws it: the export's layout and the font's own glyph outlines. */
function TextView({ element, shaper }: { element: DesignTextElement; shaper: TextShaper }) {
  const layout = shaper.layout(element);
  if (!layout) return null;
  const d = layout.glyphs.map((glyph) => outlinePath(glyph.outline, glyph.xMm, glyph.baselineMm, layout.unitMm)).join("");
  return (
    <>
      {/* The box, so an empty or thin text can still be picked. */}
      <rect x={element.x} y={element.y} width={element.width} height={layout.heightMm} fill="transparent" />
      <path d={d} fill={cmykToCss(element.color)} data-text={element.text} />
    </>
  );
}
