/*
 * The script partners include: `<script type="module" src=".../widgets/ottisk.js" data-api-base=".../api">`.
 * It registers every Ottisk element; a second copy on the page registers nothing and warns once.
 */
import { OttiskCatalogElement } from "./catalog/catalog.element";
import { defineElement } from "./define";

defineElement("ottisk-catalog", OttiskCatalogElement);

export { OttiskCatalogElement };
export type { OttiskEventMap, OttiskEventName } from "./events";
