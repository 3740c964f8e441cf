import { buildApp } from "../../../server/app";
import type { App, AppOptions } from "../../../server/app";
import { openTestDatabase } from "./test-database";
import type { TestDatabase } from "./test-database";

/**
 * The origin of the app as app.inject() reaches it (Host: localhost:80). A browser on the shop's own
 * pages sends it as `Origin` on every state-changing call; cookie calls without it are refused as
 * cross-site (plugins/origin-check.ts), so tests that post with the session cookie send it too.
 */
export const TEST_APP_ORIGIN = "http://localhost";

export interface TestApp {
  app: App;
  database: TestDatabase;
  close(): Promise<void>;
}

/** The API on a private copy of the seeded database, not listening: for app.inject() or a later listen(). */
export async function startTestApp(options: Partial<Omit<AppOptions, "database" | "filesDir">> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const app = await buildApp({ database: database.db, filesDir: database.filesDir, logger: false, ...options });
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
