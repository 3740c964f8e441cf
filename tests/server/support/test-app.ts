import { buildApp } from "../../../server/app";
import type { App, AppOptions } from "../../../server/app";
import { openTestDatabase } from "./test-database";
import type { TestDatabase } from "./test-database";

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
