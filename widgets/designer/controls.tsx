import { useId, useState } from "react";
import type { CmykColor } from "../../shared/contracts/index";
import { cmykToCss, describeCmyk, inkWarning, sameColor } from "./model/color";
import { DESIGN_PALETTE, limitInk } from "./pdf/colours";

/*
 * The designer's small form controls: a number field that commits while typed (one undo step per
 * field, the caller's merge key) and the CMYK colour field (palette and four values, with the
 * total-ink warning and its fix).
 */

export interface NumberFieldProps {
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  onChange: (value: number) => void;
  onDone?: () => void;
}

/** A labelled number field: a valid number within min…max is applied as typed; anything else waits (and is shown as invalid). */
export function NumberField({ label, value, min, max, step = 0.1, onChange, onDone }: NumberFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? formatNumber(value);
  const parsed = Number(shown.replace(",", "."));
  const invalid = shown.trim() === "" || !Number.isFinite(parsed) || parsed < min || parsed > max;
  return (
    <div className="ottisk-designer-field ottisk-designer-field--number">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="ottisk-input"
        type="text"
        inputMode="decimal"
        value={shown}
        aria-invalid={invalid ? true : undefined}
        data-min={min}
        data-max={max}
        data-step={step}
        onChange={(event) => {
          const text = event.target.value;
          setDraft(text);
          const number = Number(text.replace(",", "."));
          if (text.trim() !== "" && Number.isFinite(number) && number >= min && number <= max) onChange(number);
        }}
        onBlur={() => {
          setDraft(null);
          onDone?.();
        }}
      />
    </div>
  );
}

export function formatNumber(value: number): string {
  return String(Math.round(value * 100) / 100).replace(".", ",");
}

export interface ColorFieldProps {
  label: string;
  color: CmykColor | null;
  /** The product's total-ink limit, per cent. */
  maxTacPct: number;
  /** Offer «Без цвета» (no fill, no background). */
  allowNone?: boolean;
  /** Offer rich black (backgrounds and large shapes, not text or thin lines). */
  largeArea?: boolean;
  onChange: (color: CmykColor | null, merge: string | null) => void;
  onDone?: () => void;
}

const INKS = [
  ["c", "C"],
  ["m", "M"],
  ["y", "Y"],
  ["k", "K"],
] as const;

/** A colour: the palette's swatches and the four inks in per cent; over the product's ink limit it warns and offers to lower the ink. */
export function ColorField({ label, color, maxTacPct, allowNone = false, largeArea = false, onChange, onDone }: ColorFieldProps) {
  const warningId = useId();
  const key = useId();
  const warning = color ? inkWarning(color, maxTacPct) : null;
  return (
    <fieldset className="ottisk-designer-color" aria-describedby={warning ? warningId : undefined}>
      <legend>{label}</legend>
      <div className="ottisk-designer-swatches">
        {allowNone ? (
          <button type="button" className="ottisk-designer-swatch ottisk-designer-swatch--none" aria-pressed={color === null} aria-label="Без цвета" title="Без цвета" onClick={() => onChange(null, null)} />
        ) : null}
        {DESIGN_PALETTE.filter((entry) => largeArea || !entry.largeAreas).map((entry) => (
          <button
            key={entry.name}
            type="button"
            className="ottisk-designer-swatch"
            style={{ background: cmykToCss(entry.color) }}
            aria-pressed={sameColor(color, entry.color)}
            aria-label={`${entry.name}: ${describeCmyk(entry.color)}`}
            title={`${entry.name}: ${describeCmyk(entry.color)}`}
            onClick={() => onChange(entry.color, null)}
          />
        ))}
      </div>
      {color ? (
        <div className="ottisk-designer-inks">
          {INKS.map(([ink, inkLabel]) => (
            <NumberField
              key={ink}
              label={`${inkLabel}, %`}
              value={color[ink]}
              min={0}
              max={100}
              step={1}
              onChange={(value) => onChange({ ...color, [ink]: Math.round(value) }, `${key}:${ink}`)}
              {...(onDone ? { onDone } : {})}
            />
          ))}
        </div>
      ) : null}
      {warning && color ? (
        <p id={warningId} className="ottisk-designer-warning" role="status">
          {warning}{" "}
          <button type="button" className="ottisk-button ottisk-designer-fix" onClick={() => onChange(limitInk(color, maxTacPct), null)}>
            Снизить краску до {maxTacPct} %
          </button>
        </p>
      ) : null}
    </fieldset>
  );
}
