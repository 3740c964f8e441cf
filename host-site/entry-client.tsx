// zod is set to jitless by the build (vite.config.ts, jitlessZod) wherever a schema is built.
import { Provider } from "jotai/react";
import { startTransition, useEffect } from "react";
import type { ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { createApi } from "../shared/http/index";
import { createPageStore } from "../shared/state/index";
import "../shared/ui/base.css";
import "../shared/ui/dot-pagination.css";
import "../shared/ui/product-card.css";
import "../shared/ui/product-grid.css";
import "../widgets/catalog/index";
// The other pages' stylesheets are part of the page's CSS file, so a page drawn on the server is
// styled before its code (a chunk of its own, route-page.tsx) arrives.
import "../shared/ui/dialog.css";
import "../shared/ui/menu-item.css";
import "../widgets/blog-teasers/index";
import "../widgets/cart/index";
import "../shared/ui/client-mode-picker.css";
import "../shared/ui/favourite-star.css";
import "../widgets/favourites/index";
import "../widgets/feedback-form/index";
import "../shared/ui/login.css";
import "../widgets/orders/index";
import "../widgets/product/index";
import "../widgets/search/index";
import "./pages/pages.css";
import "../widgets/account-area/index";
import "../widgets/back-office/index";
import { App } from "./App";
import { routePage } from "./route-page";
import { startAppUpdates } from "./app-update";
import { APP_ELEMENT_ID, HYDRATED_ATTRIBUTE, STATE_ELEMENT_ID } from "./document";
import { replayEarlyInput, takeEarlyInput } from "./early-input";
import { matchRoute } from "./routes";
import { restoreSiteSnapshot } from "./snapshot";
import type { SiteSnapshot } from "./snapshot";
import "./site.css";

/** Calls `onHydrated` once the tree below it is hydrated (effects run after the commit); draws nothing of its own. */
function AfterHydration({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

const container = document.getElementById(APP_ELEMENT_ID);
const stateText = document.getElementById(STATE_ELEMENT_ID)?.textContent;
const route = matchRoute(window.location.pathname, new URLSearchParams(window.location.search));

if (container && stateText && route.name !== "redirect") {
  const store = createPageStore(createApi({ baseURL: "/api" }));
  restoreSiteSnapshot(store, JSON.parse(stateText) as SiteSnapshot);
  // The page's own code (a chunk) first, then hydration draws the same tree as the server.
  // In a transition, so React may split hydration into short tasks and the page stays responsive.
  void routePage(route).then((page) => {
    // What the shopper chose before the code arrived, put back to the server's state so that the
    // hydration matches, and chosen again once it is done (early-input.ts).
    const earlyInput = takeEarlyInput(container);
    const hydrated = () => {
      void replayEarlyInput(earlyInput).then(() => container.setAttribute(HYDRATED_ATTRIBUTE, ""));
    };
    startTransition(() => {
      hydrateRoot(
        container,
        <Provider store={store}>
          <AfterHydration onHydrated={hydrated}>
            <App route={route} page={page} />
          </AfterHydration>
        </Provider>,
      );
    });
  });
}

startAppUpdates();
