import type { SectionProps } from "./section-props";

/* The back office's prepress sections (issue 29). Placeholder until the area's pages land. */

export function PrepressSection({ route }: SectionProps) {
  return <p className="back-office__pending">Раздел «{route.section}» готовится.</p>;
}
