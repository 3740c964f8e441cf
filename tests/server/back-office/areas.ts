import { catalogArea } from "./catalog.calls";
import { catalogCsvArea } from "./catalog-csv.calls";
import { contentArea } from "./content.calls";
import { designArea } from "./design.calls";
import { layoutDesignArea } from "./layout-design.calls";
import type { BackOfficeArea } from "./matrix";
import { prepressArea } from "./prepress.calls";
import { promoArea } from "./promo.calls";
import { staffArea } from "./staff.calls";

/** Every area of the back office with its operations (the authorization matrix reads them all). */
export const BACK_OFFICE_AREAS: readonly BackOfficeArea[] = [catalogArea, catalogCsvArea, contentArea, promoArea, designArea, prepressArea, staffArea, layoutDesignArea];
