/*
 * Runs the element tests (tests/browser/*.test.ts) in Chromium with @web/test-runner, Vite serving
 * the TypeScript as middleware, against a real Ottisk API on an embedded database.
 *
 * The API listens on 127.0.0.1 and the test pages are served from localhost, so the elements talk
 * to the API across origins, as on a partner's site.
 */
import { startTestRunner } from "@web/test-runner";
import type { TestRunnerConfig } from "@web/test-runner";
import { playwrightLauncher } from "@web/test-runner-playwright";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer as createViteServer } from "vite";
import { createDadataDirectory } from "../../server/adapters/dadata";
import { createRecaptchaVerifier } from "../../server/adapters/recaptcha";
import { buildApp } from "../../server/app";
import { openDatabase } from "../../server/db/client";
import { seedDemoData } from "../../server/seed/seed";
import { createFileStorages } from "../../server/storage/file-storage";
import { chromiumArgs, chromiumPath } from "../chromium";
import { freePort } from "../free-port";
import { startFakeService } from "../server/support/fake-http";

type Middleware = NonNullable<TestRunnerConfig["middleware"]>[number];

const root = process.cwd();
const version = (JSON.parse(await readFile(join(root, "package.json"), "utf8")) as { version: string }).version;
const dataDir = await mkdtemp(join(tmpdir(), "ottisk-browser-"));
const database = await openDatabase({ dataDir });
await seedDemoData(database.db, createFileStorages({ filesDir: join(dataDir, "files") }).publicFiles);
const testPort = await freePort();
/*
 * DaData's findById/party, faked in its documented shape: it knows one company (ПАО Сбербанк), so
 * the registration form's ИНН look-up fills the details as it would with DADATA_API_KEY.
 */
const dadata = await startFakeService((request) => {
  const inn = (JSON.parse(request.body || "{}") as { query?: string }).query;
  const sber = {
    value: "ПАО СБЕРБАНК",
    data: { inn: "7707083893", kpp: "773601001", ogrn: "1027700132195", name: { short_with_opf: "ПАО СБЕРБАНК" }, address: { unrestricted_value: "117312, г Москва, ул Вавилова, д 19" } },
  };
  return { body: { suggestions: inn === sber.data.inn ? [sber] : [] } };
});
// Each API's links (files, invoices, payments) name the address the pages call it at: OTTISK_PUBLIC_URL alone.
const apiPort = await freePort();
const api = await buildApp({
  publicUrl: `http://127.0.0.1:${apiPort}`,
  database: database.db,
  databaseSql: database.sql,
  filesDir: join(dataDir, "files"),
  logger: false,
  partnerOrigins: [`http://localhost:${testPort}`],
  companyDirectory: createDadataDirectory({ apiKey: "browser-test-key", baseUrl: dadata.baseUrl }),
  // Each test starts as a new visitor, all from 127.0.0.1: more new visitors and sign-ins per
  // address than one real address makes (the limits stay on; server/docs/accounts.md "Request limits").
  requestLimits: { "temp-account": { max: 2000, windowMs: 600_000 }, login: { max: 2000, windowMs: 600_000 } },
});
await api.listen({ port: apiPort, host: "127.0.0.1" });
const apiBase = `http://127.0.0.1:${apiPort}/api`;

/*
 * A second API, with reCAPTCHA switched on, on a database of its own (its sign-in throttle counts
 * apart from the first's): for the sign-in that asks an unknown device for the «я не робот» check.
 * Google's siteverify is faked in its documented shape (form fields secret, response; answer
 * {success}); it passes the one token the page's fake widget hands out.
 */
const CAPTCHA_PASS_TOKEN = "browser-test-captcha-passed";
const siteverify = await startFakeService((request) => {
  const form = new URLSearchParams(request.body);
  return { body: { success: form.get("secret") === "browser-test-secret" && form.get("response") === CAPTCHA_PASS_TOKEN } };
});
const captchaDataDir = await mkdtemp(join(tmpdir(), "ottisk-browser-captcha-"));
const captchaDatabase = await openDatabase({ dataDir: captchaDataDir });
await seedDemoData(captchaDatabase.db, createFileStorages({ filesDir: join(captchaDataDir, "files") }).publicFiles);
const captchaPort = await freePort();
const captchaApi = await buildApp({
  publicUrl: `http://127.0.0.1:${captchaPort}`,
  database: captchaDatabase.db,
  databaseSql: captchaDatabase.sql,
  filesDir: join(captchaDataDir, "files"),
  logger: false,
  partnerOrigins: [`http://localhost:${testPort}`],
  recaptcha: {
    siteKey: "browser-test-site-key",
    verifier: createRecaptchaVerifier({ secretKey: "browser-test-secret", verifyUrl: `${siteverify.baseUrl}/recaptcha/api/siteverify` }),
  },
});
await captchaApi.listen({ port: captchaPort, host: "127.0.0.1" });
const captchaApiBase = `http://127.0.0.1:${captchaPort}/api`;

// No React fast refresh here: the test pages are not Vite's HTML and carry no refresh preamble.
const vite = await createViteServer({
  configFile: false,
  root,
  appType: "custom",
  logLevel: "warn",
  define: { __OTTISK_VERSION__: JSON.stringify(version) },
  server: { middlewareMode: true, hmr: false, ws: false },
  oxc: { jsx: { runtime: "automatic" } },
  optimizeDeps: { include: ["react", "react-dom/client", "react-dom/server", "jotai/react", "jotai/vanilla", "zod/mini", "zod/v4/core", "chai", "axe-core"] },
});

/*
 * Vite's dev client would open a websocket for hot updates, which this one-shot run has no use for
 * (it is off above). Modules still import it for import.meta.hot, so they get an inert stand-in
 * that keeps the one other job of the client: /@vite/env, which defines the config's `define` globals.
 */
const INERT_VITE_CLIENT = `
import "/@vite/env";
const inertHot = { accept() {}, dispose() {}, prune() {}, invalidate() {}, on() {}, off() {}, send() {}, data: {} };
export const createHotContext = () => inertHot;
export const updateStyle = () => {};
export const removeStyle = () => {};
export const injectQuery = (url) => url;
`;

const viteMiddleware: Middleware = async (context, next) => {
  if (context.path === "/@vite/client") {
    context.type = "application/javascript";
    context.body = INERT_VITE_CLIENT;
    return;
  }
  const handled = await new Promise<boolean>((resolve) => {
    context.res.once("finish", () => resolve(true));
    vite.middlewares(context.req, context.res, () => resolve(false));
  });
  if (handled) context.respond = false;
  else await next();
};

let exitCode = 1;
try {
  const runner = await startTestRunner({
    readCliArgs: false,
    readFileConfig: false,
    autoExitProcess: false,
    config: {
      rootDir: root,
      // OTTISK_BROWSER_TESTS narrows the run to some files (comma-separated globs) while working on them.
      files: process.env.OTTISK_BROWSER_TESTS ? process.env.OTTISK_BROWSER_TESTS.split(",") : ["tests/browser/**/*.test.ts"],
      port: testPort,
      hostname: "localhost",
      concurrency: 1,
      nodeResolve: false,
      testsFinishTimeout: 120_000,
      browsers: [
        playwrightLauncher({
          product: "chromium",
          launchOptions: { executablePath: chromiumPath(), headless: true, args: chromiumArgs },
        }),
      ],
      middleware: [viteMiddleware],
      testFramework: { config: { timeout: 15_000 } },
      testRunnerHtml: (testFramework) => `<!doctype html>
<html lang="ru">
  <head><meta charset="utf-8"><script>window.OTTISK_TEST_API_BASE = ${JSON.stringify(apiBase)}; window.OTTISK_TEST_CAPTCHA = ${JSON.stringify({ apiBase: captchaApiBase, passToken: CAPTCHA_PASS_TOKEN })};</script></head>
  <body>
    <!-- The config's define globals (__OTTISK_VERSION__) before any test module: Vite's dev client sets them in /@vite/env. -->
    <script type="module" src="/@vite/env"></script>
    <script type="module" src="${testFramework}"></script>
  </body>
</html>`,
    },
  });
  if (!runner) throw new Error("The test runner did not start");
  exitCode = await new Promise<number>((resolve) => {
    runner.on("stopped", (passed) => resolve(passed ? 0 : 1));
  });
} finally {
  await vite.close();
  await api.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
  await captchaApi.close();
  await captchaDatabase.close();
  await siteverify.close();
  await dadata.close();
  await rm(captchaDataDir, { recursive: true, force: true });
}
process.exit(exitCode);
