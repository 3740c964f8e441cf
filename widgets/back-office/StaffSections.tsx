import type { SectionProps } from "./section-props";

/* The back office's employees and audit sections (issue 29). Placeholder until the area's pages land. */

export function EmployeesSection({ route }: SectionProps) {
  return <p className="back-office__pending">Раздел «{route.section}» готовится.</p>;
}

export function AuditSection({ route }: SectionProps) {
  return <p className="back-office__pending">Раздел «{route.section}» готовится.</p>;
}
