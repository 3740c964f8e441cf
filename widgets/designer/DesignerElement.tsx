import type { HostProps } from "../element";
import { Designer } from "./Designer";
import type { DesignerProps } from "./Designer";

export type DesignerElementProps = Omit<DesignerProps, "host">;

/** `<ottisk-designer>` as React sees it: the designer, its events fired from the element. */
export function DesignerElement(props: DesignerElementProps & HostProps) {
  return <Designer {...props} />;
}
