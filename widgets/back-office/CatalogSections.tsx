import type { SectionProps } from "./section-props";

/* The back office's catalog sections (issue 29). Placeholder until the area's pages land. */

export { CatalogImportSection } from "./CatalogImport";

export function CategoriesSection({ route }: SectionProps) {
  return <p className="back-office__pending">Раздел «{route.section}» готовится.</p>;
}

export function ProductsSection({ route }: SectionProps) {
  return <p className="back-office__pending">Раздел «{route.section}» готовится.</p>;
}
