import { siteFooter, siteHeader, siteMenu, siteNds, siteSideMenu } from "../shared/state/index";
import type { Store } from "../shared/state/index";

/**
 * Loads what the Layout draws beside the page — the header's tabs, the side menu's links, the
 * header's phones, the footer and the VAT percent — so that the server render draws the header and
 * the footer complete (the site snapshot, snapshot.ts, carries them to the browser). Failures are
 * kept as failed resources: the header and footer show them and the browser tries again.
 */
export async function loadLayoutData(store: Store): Promise<void> {
  await Promise.all([siteMenu, siteSideMenu, siteHeader, siteFooter, siteNds].map((resource) => store.set(resource.loadAtom)));
}
