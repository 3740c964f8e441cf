import type { ReactElement } from "react";
import type { Route } from "./routes";
import { CatalogPage } from "./pages/CatalogPage";

export type PageRoute = Exclude<Route, { name: "redirect" }>;

/**
 * The source module of the route's page chunk as Vite's manifest names it (keys of
 * ClientAssets.pageChunks), so the document preloads it beside the entry; null for the catalogue,
 * which is part of the entry. Kept beside routePage's imports below: the two change together.
 */
export function routePageModule(route: PageRoute): string | null {
  switch (route.name) {
    case "catalog":
    case "category":
      return null;
    case "main":
    case "page":
      return "host-site/pages/WebsitePage.tsx";
    case "product":
      return "host-site/pages/ProductPage.tsx";
    case "search":
    case "favourites":
    case "cart":
    case "success":
      return "host-site/pages/ScreenPages.tsx";
    case "account":
      return "host-site/pages/account/AccountPage.tsx";
    case "designer":
      return "host-site/pages/DesignerPage.tsx";
  }
}

/** A module imported once, its promise kept: a second import() would resolve the specifier again (under tsx a round trip to its loader thread, per page). */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

const websitePages = once(() => import("./pages/WebsitePage"));
const productPages = once(() => import("./pages/ProductPage"));
const screenPages = once(() => import("./pages/ScreenPages"));
const accountPages = once(() => import("./pages/account/AccountPage"));
const designerPages = once(() => import("./pages/DesignerPage"));

/**
 * The page inside the layout for a route. The catalogue is part of the entry (the shop's most
 * visited pages); every other page's code is a chunk of its own, loaded before the server renders
 * and before the browser hydrates, so both draw the same tree and the catalogue does not carry the
 * cart's, the product's or the content pages' code.
 */
export async function routePage(route: PageRoute): Promise<ReactElement> {
  switch (route.name) {
    case "catalog":
      return <CatalogPage view={route.view} />;
    case "category":
      return <CatalogPage categorySlug={route.categorySlug} view={route.view} />;
    case "main":
    case "page": {
      const { WebsitePage } = await websitePages();
      return <WebsitePage slug={route.name === "main" ? "" : route.slug} />;
    }
    case "product": {
      const { ProductPage } = await productPages();
      return <ProductPage productId={route.productId} />;
    }
    case "search": {
      const { SearchPage } = await screenPages();
      return <SearchPage query={route.query} />;
    }
    case "favourites": {
      const { FavouritesPage } = await screenPages();
      return <FavouritesPage />;
    }
    case "cart": {
      const { CartPage } = await screenPages();
      return <CartPage />;
    }
    case "success": {
      const { SuccessPage } = await screenPages();
      return <SuccessPage orderId={route.orderId} />;
    }
    case "account": {
      const { AccountPage } = await accountPages();
      return <AccountPage route={route.page} />;
    }
    case "designer": {
      const { DesignerPage } = await designerPages();
      return <DesignerPage productId={route.productId} designId={route.designId} orderProductId={route.orderProductId} />;
    }
  }
}
