import { defineConfig } from "@playwright/test";
import { join } from "node:path";
import { chromiumArgs, chromiumPath } from "../chromium";

/*
 * End-to-end tests on the built storefront (npm run build first): the real server on a fresh
 * embedded database. Pages are opened on localhost; the partner page is opened on 127.0.0.1 while
 * the shop's public address stays localhost, so the embed crosses origins.
 */

const port = Number(process.env.OTTISK_E2E_PORT ?? 18080);
const root = join(import.meta.dirname, "..", "..");
// Every run starts from an empty folder; the config is read again by each worker, so the server's
// command clears it, not this file.
const dataDir = join(root, ".tmp", "e2e-data");

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  outputDir: join(root, "test-results", "e2e"),
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: "ru-RU",
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
  },
  webServer: {
    command: `rm -rf "${dataDir}" && npx tsx server/server.ts`,
    cwd: root,
    url: `http://localhost:${port}/api/nds`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      OTTISK_DATA_DIR: dataDir,
      OTTISK_PUBLIC_URL: `http://localhost:${port}`,
      OTTISK_LOG_LEVEL: "warn",
      // Every test is a new shopper, and all of them come from 127.0.0.1: more new visitors and
      // sign-ins per address than one real address makes (the limits stay on; server/docs/accounts.md "Request limits").
      OTTISK_RATE_LIMITS: "temp-account=2000/10m,login=2000/10m",
    },
  },
});
