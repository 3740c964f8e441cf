import { useLayoutEffect, useRef } from "react";
import type { TextareaHTMLAttributes } from "react";
import { TEXTAREA_COLLAPSED_PX, TEXTAREA_MIN_MEASURED_PX } from "../domain/index";

export interface TextareaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "value" | "onChange" | "rows"> {
  value: string;
  onChange: (value: string) => void;
}

/**
 * A textarea that grows with its text (spec §5): the content's measured height is used when it is
 * 45 px or more, otherwise the box is 30 px high (its padding and border come on top of that).
 * The height is set through the CSSOM, which a strict CSP allows.
 */
export function Textarea({ value, onChange, ...attributes }: TextareaProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const textarea = ref.current;
    if (!textarea) return;
    textarea.style.height = "0px";
    const style = getComputedStyle(textarea);
    const measured = textarea.scrollHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    const content = measured >= TEXTAREA_MIN_MEASURED_PX ? measured : TEXTAREA_COLLAPSED_PX;
    // With box-sizing: border-box the height includes the padding and the border.
    const extra =
      style.boxSizing === "border-box"
        ? parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) + parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth)
        : 0;
    textarea.style.height = `${content + extra}px`;
  }, [value]);
  return <textarea {...attributes} ref={ref} rows={1} value={value} onChange={(event) => onChange(event.target.value)} />;
}
