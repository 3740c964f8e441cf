import type { SectionProps } from "./section-props";

/* The back office's content sections (issue 29). Placeholder until the area's pages land. */

export function PagesSection({ route }: SectionProps) {
  return <p className="back-office__pending">Раздел «{route.section}» готовится.</p>;
}

export function SiteBlocksSection({ route }: SectionProps) {
  return <p className="back-office__pending">Раздел «{route.section}» готовится.</p>;
}
