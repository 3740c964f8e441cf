import type { SectionProps } from "./section-props";

/* The back office's promocodes and pickup points sections (issue 29). Placeholder until the area's pages land. */

export function PromocodesSection({ route }: SectionProps) {
  return <p className="back-office__pending">Раздел «{route.section}» готовится.</p>;
}

export function PickupPointsSection({ route }: SectionProps) {
  return <p className="back-office__pending">Раздел «{route.section}» готовится.</p>;
}
