// First of all: zod reads this setting when the contracts build their schemas (see the module).
import "../shared/http/zod-config";
import { Provider } from "jotai/react";
import { hydrateRoot } from "react-dom/client";
import { createApi } from "../shared/http/index";
import { createPageStore, restoreCatalogSnapshot } from "../shared/state/index";
import type { CatalogSnapshot } from "../shared/state/index";
import "../shared/ui/base.css";
import "../shared/ui/dot-pagination.css";
import "../shared/ui/product-card.css";
import "../widgets/catalog/catalog.css";
import { App } from "./App";
import { APP_ELEMENT_ID, STATE_ELEMENT_ID } from "./document";
import { matchRoute } from "./routes";
import "./site.css";

const container = document.getElementById(APP_ELEMENT_ID);
const stateText = document.getElementById(STATE_ELEMENT_ID)?.textContent;
const route = matchRoute(window.location.pathname, new URLSearchParams(window.location.search));

if (container && stateText && route.name !== "redirect") {
  const store = createPageStore(createApi({ baseURL: "/api" }));
  restoreCatalogSnapshot(store, JSON.parse(stateText) as CatalogSnapshot);
  hydrateRoot(
    container,
    <Provider store={store}>
      <App route={route} />
    </Provider>,
  );
}
