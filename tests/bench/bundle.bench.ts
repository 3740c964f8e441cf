import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright";
import { build } from "vite";
import { chromiumArgs, chromiumPath } from "../chromium";

/*
 * npm run bench:bundle — what a partner page pays for Ottisk, in gzip bytes (level 9, each file on
 * its own, as a browser downloads them):
 *   - the loader, /widgets/ottisk.js;
 *   - all JavaScript a partner page loads until <ottisk-catalog> shows its cards (measured in
 *     Chromium on demo/minimal.html opened from another origin: the script tag and the element only).
 *     The first cards come drawn by the shop's server (widgets/prerender.ts); the element's code,
 *     React included, follows and hydrates them, so the bench also prints all JavaScript loaded once
 *     the catalogue is interactive;
 *   - React with react-dom (an entry that renders with react-dom/client), built in this run with
 *     the same Vite settings as the widgets (library mode, es2022, production, minified).
 * Target (issue 17): all JavaScript loaded once the catalogue is interactive is at most 1.15 × React
 * alone, and the loader at most 3 KB. BENCH_PORT=n serves the shop on that port (18181 by default).
 */

const root = fileURLToPath(new URL("../..", import.meta.url));
const TARGET_RATIO = 1.15;
const LOADER_LIMIT_BYTES = 3 * 1024;
const PORT = Number(process.env.BENCH_PORT ?? 18181);

const gzipSize = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function reactAloneGzip(workDir: string): Promise<number> {
  const entry = join(workDir, "react-alone.ts");
  await writeFile(
    entry,
    'import { createElement } from "react";\nimport { createRoot } from "react-dom/client";\n' +
      'createRoot(document.body).render(createElement("p", null, "React"));\n',
  );
  const outDir = join(workDir, "react-alone");
  await build({
    configFile: false,
    root,
    logLevel: "warn",
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      outDir,
      emptyOutDir: true,
      target: "es2022",
      lib: { entry, formats: ["es"], fileName: () => "react.js" },
      rolldownOptions: { output: { minify: true } },
    },
  });
  return gzipSize(await readFile(join(outDir, "react.js")));
}

async function waitForServer(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const answer = await fetch(url);
      if (answer.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within a minute`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// Inside the project, so the React-alone entry resolves react from node_modules.
await mkdir(join(root, ".tmp"), { recursive: true });
const workDir = await mkdtemp(join(root, ".tmp", "bench-bundle-"));
await mkdir(join(workDir, "data"));
console.log("Building the widgets…");
await new Promise<void>((resolve, reject) => {
  const child = spawn("npm", ["run", "--silent", "build:widgets"], { cwd: root, stdio: "inherit" });
  child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`build:widgets exited with ${code}`))));
});
const loaderGzip = gzipSize(await readFile(join(root, "dist", "widgets", "ottisk.js")));
const reactGzip = await reactAloneGzip(workDir);

const shop = `http://localhost:${PORT}`;
const server = spawn(process.execPath, ["--import", "tsx", join(root, "server", "server.ts")], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, PORT: String(PORT), OTTISK_DATA_DIR: join(workDir, "data"), OTTISK_PUBLIC_URL: shop, OTTISK_LOG_LEVEL: "warn" },
});
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs, headless: true });
let failed = false;
try {
  await waitForServer(`${shop}/api/nds`);
  const page = await browser.newPage();
  // The partner's page: another origin (127.0.0.1) with nothing but the script tag and the element.
  const partnerUrl = `http://127.0.0.1:${PORT}/demo/minimal.html`;
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  const scripts = new Map<string, Promise<number>>();
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.set(response.url(), response.body().then((body) => gzipSize(body)));
  });
  await page.goto(partnerUrl);
  await page
    .waitForFunction(
      () => (document.querySelector("ottisk-catalog")?.shadowRoot?.querySelectorAll(".ottisk-card:not(.ottisk-card--skeleton)").length ?? 0) > 0,
      undefined,
      { timeout: 30_000 },
    )
    .catch((error: unknown) => {
      throw new Error(`<ottisk-catalog> showed no cards within 30 s:\n${problems.join("\n")}`, { cause: error });
    });
  const loadedUntilCards = new Map(scripts);
  const sizes = await Promise.all([...loadedUntilCards].map(async ([url, size]) => [url, await size] as const));
  const pageGzip = sizes.reduce((sum, [, size]) => sum + size, 0);
  const cardsRatio = pageGzip / reactGzip;
  // Then the element's code arrives and takes the cards over (hydration): what the page loads in all.
  await page.waitForFunction(() => customElements.get("ottisk-catalog") !== undefined, undefined, { timeout: 30_000 });
  await page.waitForLoadState("networkidle");
  const allSizes = await Promise.all([...scripts].map(async ([url, size]) => [url, await size] as const));
  const interactiveGzip = allSizes.reduce((sum, [, size]) => sum + size, 0);
  const ratio = interactiveGzip / reactGzip;

  console.log("\nJavaScript a partner page loads until <ottisk-catalog> shows its cards (gzip -9 per file):");
  for (const [url, size] of sizes) console.log(`  ${kb(size).padStart(9)}  ${url.replace(shop, "")}`);
  console.log("\nThen, until the catalogue is interactive:");
  for (const [url, size] of allSizes) if (!loadedUntilCards.has(url)) console.log(`  ${kb(size).padStart(9)}  ${url.replace(shop, "")}`);
  console.log("");
  console.log(`| what | gzip |`);
  console.log(`|---|---|`);
  console.log(`| loader /widgets/ottisk.js | ${kb(loaderGzip)} (limit ${kb(LOADER_LIMIT_BYTES)}) |`);
  console.log(`| all JavaScript until the catalogue's cards | ${kb(pageGzip)} (${cardsRatio.toFixed(3)} ×) |`);
  console.log(`| all JavaScript once the catalogue is interactive (its code hydrated the cards) | ${kb(interactiveGzip)} |`);
  console.log(`| React + react-dom alone, built the same way | ${kb(reactGzip)} |`);
  console.log(`| ratio, interactive / React alone | ${ratio.toFixed(3)} × (target ≤ ${TARGET_RATIO} ×) |`);
  if (loaderGzip > LOADER_LIMIT_BYTES) {
    console.error(`\nThe loader is ${kb(loaderGzip)}, over ${kb(LOADER_LIMIT_BYTES)}.`);
    failed = true;
  }
  if (ratio > TARGET_RATIO) {
    console.error(`\nThe interactive page's JavaScript is ${ratio.toFixed(3)} × React alone, over the ${TARGET_RATIO} × target.`);
    failed = true;
  }
} finally {
  await browser.close();
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  await rm(workDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
