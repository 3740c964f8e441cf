import type { Logger } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../shared/contracts/index";
import { loginToken } from "./support/api-calls";
import { startHostSiteApp } from "./support/host-site-app";
import type { TestApp } from "./support/test-app";

/*
 * A signed-in visitor's server-rendered page looks the session up once, not once per in-process API
 * call of the render (server/plugins/in-process-session.ts); a request from outside, forged headers
 * and all, still resolves its own session. Needs the built render (npm run build:ssr).
 */

let testApp: TestApp;
let token: string;
let lookups = 0;
const statements: string[] = [];

beforeAll(async () => {
  testApp = await startHostSiteApp();
  token = await loginToken(testApp.app, "client@example.com", "client12345");
  // Every session lookup, and every SQL statement the database runs (Drizzle's query logger).
  const sessions = testApp.app.sessions;
  const resolve = sessions.resolve.bind(sessions);
  sessions.resolve = (value) => {
    lookups += 1;
    return resolve(value);
  };
  // Drizzle keeps the logger on its session (not in the public type) and hands the same object to
  // every query it builds, prepared statements made at start-up included (the session lookup):
  // its method is replaced, not the object, so those count too.
  const logger = (testApp.database.db as unknown as { session: { logger: Logger } }).session.logger;
  logger.logQuery = (query) => void statements.push(query);
});

afterAll(async () => {
  await testApp.close();
});

async function counted(run: () => Promise<void>): Promise<{ lookups: number; sessionStatements: number; statements: number }> {
  lookups = 0;
  statements.length = 0;
  await run();
  return { lookups, sessionStatements: statements.filter((query) => /from "session"/.test(query)).length, statements: statements.length };
}

describe("a signed-in server-rendered page", () => {
  it.each(["/catalog", "/", "/cart"])("%s looks the session up once for all its API calls", async (url) => {
    const seen = await counted(async () => {
      const response = await testApp.app.inject({ url, headers: { cookie: `${SESSION_COOKIE}=${token}` } });
      expect(response.statusCode).toBe(200);
      // Still signed in: the header's account area shows the client (the profile call got the session).
      expect(response.body).toContain('"account":{');
    });
    expect(seen.lookups).toBe(1);
    expect(seen.sessionStatements, statements.filter((query) => /from "session"/.test(query)).join("\n")).toBe(1);
  });

  it("does not share the lookup between pages: each page request resolves the session afresh", async () => {
    const seen = await counted(async () => {
      for (let round = 0; round < 2; round += 1) {
        await testApp.app.inject({ url: "/catalog", headers: { cookie: `${SESSION_COOKIE}=${token}` } });
      }
    });
    expect(seen.lookups).toBe(2);
  });

  it("leaves API requests from outside as they were: one lookup each, whatever headers they send", async () => {
    const seen = await counted(async () => {
      for (let round = 0; round < 3; round += 1) {
        const response = await testApp.app.inject({
          url: "/api/account/profile",
          headers: { cookie: `${SESSION_COOKIE}=${token}`, "x-ottisk-render": "1", "x-forwarded-for": "127.0.0.1" },
        });
        expect(response.statusCode).toBe(200);
      }
      const forged = await testApp.app.inject({ url: "/api/account/profile", headers: { cookie: `${SESSION_COOKIE}=${"x".repeat(43)}` } });
      expect(forged.statusCode).toBe(401);
    });
    expect(seen.lookups).toBe(4);
  });
});
