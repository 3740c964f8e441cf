import { Layout } from "./Layout";
import { CatalogPage } from "./pages/CatalogPage";
import { ProductPage } from "./pages/ProductPage";
import type { Route } from "./routes";

export type PageRoute = Exclude<Route, { name: "redirect" }>;

/** The storefront: the same tree on the server and in the browser. */
export function App({ route }: { route: PageRoute }) {
  switch (route.name) {
    case "catalog":
      return (
        <Layout>
          <CatalogPage view={route.view} />
        </Layout>
      );
    case "category":
      return (
        <Layout activeCategorySlug={route.categorySlug}>
          <CatalogPage categorySlug={route.categorySlug} view={route.view} />
        </Layout>
      );
    case "product":
      return (
        <Layout activeCategorySlug={route.categorySlug}>
          <ProductPage productId={route.productId} />
        </Layout>
      );
  }
}
