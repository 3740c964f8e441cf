import { existsSync } from "node:fs";
import { join } from "node:path";
import { hostSite } from "../../../server/plugins/host-site";
import { startTestApp } from "./test-app";
import type { TestApp } from "./test-app";

/** The built host site (npm run build:client && npm run build:ssr) the server render tests draw pages with. */
export const HOST_SITE_DIST = join(import.meta.dirname, "..", "..", "..", "dist");

/** A test app on PGlite serving the storefront's pages from the built render, as `npm start` does. */
export async function startHostSiteApp(): Promise<TestApp> {
  if (!existsSync(join(HOST_SITE_DIST, "host-site", "server", "entry-server.js"))) {
    throw new Error("The host site is not built: run npm run build:client && npm run build:ssr before this test");
  }
  const testApp = await startTestApp({ publicUrl: "https://ottisk.example" });
  await testApp.app.register(hostSite, { distDir: HOST_SITE_DIST });
  await testApp.app.ready();
  return testApp;
}
