import { CategoryPage, CategoryTable } from "./CatalogCategories";
import { ProductPage } from "./CatalogProductEditor";
import { productListFiltersOf, ProductTable } from "./CatalogProducts";
import type { SectionProps } from "./section-props";

/*
 * The back office's catalogue sections (issue 29, role catalog): categories and products, each a
 * list or one object's form by the route's id; the CSV import and export in CatalogImport.tsx.
 * Everything here loads in the browser (private data); the server draws the frame.
 */

export { CatalogImportSection } from "./CatalogImport";

/** `/admin/employee/categories[/id|/new]`. */
export function CategoriesSection({ route }: SectionProps) {
  return route.id === null ? <CategoryTable /> : <CategoryPage id={route.id} />;
}

/** `/admin/employee/products[/id|/new]?q=&categoryId=&state=&page=`. */
export function ProductsSection({ route }: SectionProps) {
  return route.id === null ? <ProductTable filters={productListFiltersOf(route.query)} /> : <ProductPage id={route.id} query={route.query} />;
}
