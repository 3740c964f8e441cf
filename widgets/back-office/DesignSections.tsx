import type { SectionProps } from "./section-props";

/* The back office's design orders sections (issue 29). Placeholder until the area's pages land. */

export function DesignSection({ route }: SectionProps) {
  return <p className="back-office__pending">Раздел «{route.section}» готовится.</p>;
}
