import type { ReactElement } from "react";
import { ErrorBoundary } from "../shared/ui/index";
import { Layout } from "./Layout";
import type { PageRoute } from "./route-page";

export type { PageRoute } from "./route-page";

/**
 * The storefront: the same tree on the server and in the browser; `page` comes from routePage(route).
 * A bug in the page shows the error boundary's message inside the layout (the header and footer stay);
 * one in the layout itself, the message instead of the site (shared/README.md, "Errors").
 */
export function App({ route, page }: { route: PageRoute; page: ReactElement }) {
  const activeCategorySlug = route.name === "category" || route.name === "product" ? route.categorySlug : undefined;
  // A website page marks its section's tab (`blog` for a post).
  const activePageSlug = route.name === "page" ? route.slug.split("/")[0] : undefined;
  // The popup announces; it does not interrupt ordering (the product, the cart, the payment, the account, the designer).
  const popup = route.name !== "product" && route.name !== "cart" && route.name !== "success" && route.name !== "account" && route.name !== "designer";
  return (
    <ErrorBoundary>
      <Layout activeCategorySlug={activeCategorySlug} activePageSlug={activePageSlug} popup={popup}>
        <ErrorBoundary>{page}</ErrorBoundary>
      </Layout>
    </ErrorBoundary>
  );
}
