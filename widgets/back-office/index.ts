/*
 * widgets/back-office — the employee's panel under /admin: the panel's start, the orders of every
 * client with their status changes, one order, and the client search with «Войти в режим клиента».
 * It has no custom element: the host site draws it (host-site/pages/account/). The folder's one
 * public face (widgets/README.md, "Faces").
 */
// The stylesheet the feature needs where it is drawn in a page (the host site): whoever imports the face gets it.
import "./employee-pages.css";
import "./back-office.css";
import "./staff-sections.css";
import "./promo-sections.css";
import "./catalog-import.css";
import "./layout-templates.css";
import "./content-sections.css";
import "./prepress.css";
import "./design-sections.css";
import "./back-office-catalog.css";
export { ClientSearchPage, EmployeeHomePage, EmployeeOrderPage, EmployeeOrdersPage, employeeOrdersQuery, LATEST_NEW_ORDERS_QUERY } from "./EmployeePages";
export type { DesignRenderer } from "./EmployeePages";
export { BackOfficePage, backOfficeLinks } from "./BackOfficePage";
export type { SectionProps } from "./section-props";
