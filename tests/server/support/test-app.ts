import { and, eq } from "drizzle-orm";
import { buildApp } from "../../../server/app";
import { product, productCategory } from "../../../server/db/schema";
import type { App, AppOptions } from "../../../server/app";
import { freePort } from "../../free-port";
import { openTestDatabase } from "./test-database";
import type { TestDatabase } from "./test-database";

/**
 * The origin of the app as app.inject() reaches it (Host: localhost:80), and the public address of
 * an app built without `publicUrl` (DEFAULT_PUBLIC_URL). A browser on the shop's own pages sends it
 * as `Origin` on every state-changing call; cookie calls without it are refused as cross-site
 * (plugins/origin-check.ts), so tests that post with the session cookie send it too.
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
  const app = await buildApp({ database: database.db, databaseSql: database.sql, notifications: database.notifications, filesDir: database.filesDir, logger: false, ...options });
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A second API node on the database of `testApp` (issue 18): its own pool and listening connection
 * on PostgreSQL (PGlite is one process: the same one), the same files folder as the shared
 * storage. Close it before `testApp`.
 */
export async function startSecondNode(testApp: TestApp, options: Partial<Omit<AppOptions, "database" | "filesDir">> = {}): Promise<App> {
  const node = await testApp.database.openNode();
  return buildApp({ database: node.db, databaseSql: node.sql, notifications: node.notifications, filesDir: testApp.database.filesDir, logger: false, ...options });
}

/** The id of the demo catalogue's «Визитки стандартные 90×50», the product the order and cart tests put in the cart. */
export async function demoBusinessCardsId(testApp: TestApp): Promise<number> {
  const [cards] = await testApp.database.db
    .select({ id: product.id })
    .from(product)
    .innerJoin(productCategory, eq(productCategory.id, product.categoryId))
    .where(and(eq(productCategory.slug, "vizitki"), eq(product.slug, "standartnye-90x50")));
  if (!cards) throw new Error("No demo business cards");
  return cards.id;
}

/** Listens on a free loopback port (for clients that need a real socket) and gives the origin, e.g. `http://127.0.0.1:41234`. */
export async function listenOnLoopback(app: App): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("the test server has no port");
  return `http://127.0.0.1:${address.port}`;
}

/** A test app listening on loopback, with its origin: for the API client (shared/http) and other real sockets. */
export interface LiveTestApp extends TestApp {
  origin: string;
}

/**
 * startTestApp listening on a free loopback port, with that address as its public URL (unless
 * `options.publicUrl` names another): the links it gives out lead back to it.
 */
export async function startLiveTestApp(options: Partial<Omit<AppOptions, "database" | "filesDir">> = {}): Promise<LiveTestApp> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const testApp = await startTestApp({ publicUrl: origin, ...options });
  await testApp.app.listen({ port, host: "127.0.0.1" });
  return { ...testApp, origin };
}
