import { defineConfig } from "@playwright/test";
import { join } from "node:path";
import { chromiumArgs, chromiumPath } from "../chromium";

/*
 * End-to-end tests on the built storefront (npm run build first): the real server on a fresh
 * embedded database. Pages are opened on localhost; the partner page is opened on 127.0.0.1 while
 * the shop's public address stays localhost, so the embed crosses origins.
 */

const port = Number(process.env.OTTISK_E2E_PORT ?? 18080);
/** The looks (looks.spec.ts) have a server and a database of their own: what the journeys change does not reach their pictures. */
const looksPort = port + 1;
/** The office journeys (the back office, the account area, the CSP walk) have a shop of their own too. */
const officePort = port + 2;
const OFFICE_JOURNEYS = ["back-office-*.spec.ts", "account.spec.ts", "csp.spec.ts"];
const root = join(import.meta.dirname, "..", "..");

/**
 * The built shop on a fresh embedded database. Every run starts from an empty folder; the config is
 * read again by each worker, so the server's command clears it, not this file.
 */
function shopServer(serverPort: number, folder: string) {
  const dataDir = join(root, ".tmp", folder);
  return {
    command: `rm -rf "${dataDir}" && npx tsx server/server.ts`,
    cwd: root,
    url: `http://localhost:${serverPort}/api/nds`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      PORT: String(serverPort),
      HOST: "127.0.0.1",
      OTTISK_DATA_DIR: dataDir,
      OTTISK_PUBLIC_URL: `http://localhost:${serverPort}`,
      OTTISK_LOG_LEVEL: "warn",
      // Every test is a new shopper, and all of them come from 127.0.0.1: more new visitors and
      // sign-ins per address than one real address makes (the limits stay on; server/docs/accounts.md "Request limits").
      OTTISK_RATE_LIMITS: "temp-account=2000/10m,login=2000/10m",
    },
  };
}

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  outputDir: join(root, "test-results", "e2e"),
  fullyParallel: false,
  // The journeys of one shop share its demo accounts, so they run one at a time; the shopper's
  // journeys, the office's journeys and the looks each have a shop of their own, and two of them
  // run side by side (one per core of a 2-core machine; a third browser only made each slower).
  workers: 2,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  reporter: [["list"]],
  use: {
    locale: "ru-RU",
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
  },
  // Pictures compared pixel by pixel (looks.spec.ts): one file per screen and width, no platform suffix.
  snapshotPathTemplate: "{testDir}/looks/{arg}{ext}",
  expect: { toHaveScreenshot: { maxDiffPixels: 0 } },
  projects: [
    { name: "journeys", testIgnore: ["looks.spec.ts", ...OFFICE_JOURNEYS], workers: 1, use: { baseURL: `http://localhost:${port}` } },
    { name: "office", testMatch: OFFICE_JOURNEYS, workers: 1, use: { baseURL: `http://localhost:${officePort}` } },
    { name: "looks", testMatch: "looks.spec.ts", workers: 1, use: { baseURL: `http://localhost:${looksPort}` } },
  ],
  webServer: [shopServer(port, "e2e-data"), shopServer(looksPort, "e2e-looks-data"), shopServer(officePort, "e2e-office-data")],
});
