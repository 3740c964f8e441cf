import type { HostProps } from "../element";
import { LayoutChecker } from "./LayoutChecker";
import type { LayoutCheckerProps } from "./LayoutChecker";

export type LayoutCheckerElementProps = Omit<LayoutCheckerProps, "host">;

/** `<ottisk-layout-checker>` as React sees it: the checker, its events fired from the element. */
export function LayoutCheckerElement({ host, orderProductId, productId, detail, profile }: LayoutCheckerElementProps & HostProps) {
  return <LayoutChecker host={host} orderProductId={orderProductId} productId={productId} detail={detail} profile={profile} />;
}
