import type { ComponentType } from "react";
import { EMPLOYEE_ROLE_LABELS } from "../../shared/contracts/index";
import type { AccountProfile } from "../../shared/contracts/index";
import { BACK_OFFICE_SECTIONS, backOfficePath, backOfficeSectionsFor } from "../../shared/domain/index";
import type { BackOfficeRoute, BackOfficeSection } from "../../shared/domain/index";
import { CatalogImportSection, CategoriesSection, ProductsSection } from "./CatalogSections";
import { PagesSection, SiteBlocksSection } from "./ContentSections";
import { DesignSection } from "./DesignSections";
import { LayoutDesignTemplatesSection } from "./LayoutDesignTemplates";
import { PrepressSection } from "./PrepressSections";
import { PickupPointsSection, PromocodesSection } from "./PromoSections";
import type { SectionProps } from "./section-props";
import { AuditSection, EmployeesSection } from "./StaffSections";

/*
 * The back office (issue 29) under /admin/employee/…: one page per section, each drawn by its
 * area's file (catalogue, content, promocodes and pickup points, design, prepress, staff). An
 * employee sees the sections of their roles; another section's address says which role it needs
 * (the API refuses its calls with 403 EMPLOYEE_ROLE_MISSING all the same).
 */

const SECTION_PAGES: Readonly<Record<BackOfficeSection, ComponentType<SectionProps>>> = {
  categories: CategoriesSection,
  products: ProductsSection,
  "catalog-import": CatalogImportSection,
  "layout-design-templates": LayoutDesignTemplatesSection,
  pages: PagesSection,
  "site-blocks": SiteBlocksSection,
  promocodes: PromocodesSection,
  "pickup-points": PickupPointsSection,
  design: DesignSection,
  prepress: PrepressSection,
  employees: EmployeesSection,
  audit: AuditSection,
};

/** The sections an employee may open, as links: the panel's start page and the account area's menu. */
export function backOfficeLinks(profile: AccountProfile): { href: string; label: string }[] {
  return backOfficeSectionsFor(profile.roles).map((section) => ({ href: backOfficePath(section), label: BACK_OFFICE_SECTIONS[section].label }));
}

/** One page of the back office, by its route. */
export function BackOfficePage({ route, profile }: SectionProps) {
  if (!backOfficeSectionsFor(profile.roles).includes(route.section)) {
    const roles = ["admin", ...BACK_OFFICE_SECTIONS[route.section].roles].filter((role, index, all) => all.indexOf(role) === index) as (keyof typeof EMPLOYEE_ROLE_LABELS)[];
    return (
      <div className="back-office__denied" role="alert">
        <h2>Нет доступа</h2>
        <p>
          Этот раздел доступен сотрудникам с ролью «{roles.map((role) => EMPLOYEE_ROLE_LABELS[role]).join("» или «")}». Попросите администратора добавить её.
        </p>
      </div>
    );
  }
  const Page = SECTION_PAGES[route.section];
  return <Page route={route} profile={profile} />;
}

export type { BackOfficeRoute };
