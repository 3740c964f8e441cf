import type { InputHTMLAttributes } from "react";
import { formatPhone } from "../domain/index";

export interface PhoneInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value" | "onChange"> {
  value: string;
  /** The formatted number («+7 999 123-45-67»). */
  onChange: (value: string) => void;
}

/**
 * A phone field with the country's mask (spec §3: Russia +7 ### ###-##-##, and the neighbours'):
 * formatted as it is typed, pasted or autofilled (`type="tel"`, `autocomplete="tel"` unless given).
 * An 8 or a bare 9 at the start is read as a Russian number.
 */
export function PhoneInput({ value, onChange, autoComplete = "tel", placeholder = "+7 ___ ___-__-__", ...attributes }: PhoneInputProps) {
  return (
    <input
      {...attributes}
      type="tel"
      inputMode="tel"
      autoComplete={autoComplete}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(formatPhone(event.target.value))}
    />
  );
}
