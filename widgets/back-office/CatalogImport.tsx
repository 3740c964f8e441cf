import type { SectionProps } from "./section-props";

/* The catalogue's CSV import and export (issue 29). Placeholder until the "csv" part fills it. */

export function CatalogImportSection({ route }: SectionProps) {
  return <p className="back-office__pending">Раздел «{route.section}» готовится.</p>;
}
