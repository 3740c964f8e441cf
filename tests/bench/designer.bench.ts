import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright";
import type { Browser } from "playwright";
import { build } from "vite";
import { DESIGN_FONT_FAMILIES, designTemplateSchema } from "../../shared/contracts/index";
import type { DesignDocument, DesignElement } from "../../shared/contracts/index";
import { chromiumArgs, chromiumPath } from "../chromium";
import { fontFile } from "../designer/support";
import type { DesignerBench } from "./designer-page";
import { freePort } from "../free-port";
import { startBenchServer } from "./bench-process";
import { printGoalTable } from "./goal-table";
import type { GoalRow } from "./goal-table";

/*
 * npm run bench:designer — the layout designer's PDF export (issue 32) in Chromium:
 *   - the export time of a two-sided business card (card-classic-90x50 with a 20 mm logo at 350 ppi
 *     and a QR code) and of an A4 flyer with a photo (flyer-classic-a5 scaled to A4: a 216 × 142 mm
 *     photo at 300 ppi, 2 548 × 1 678 px), beside the time pdf-lib takes to write empty pages of the
 *     same size and number in the same page — interleaved rounds (BENCH_ROUNDS, default 11, after
 *     one warm-up export of each that loads the fonts and makes the photo), medians;
 *   - the designer's JavaScript in gzip (level 9) beside React's (react + react-dom/client), both
 *     built here by Vite with the widgets' settings (es2022, production, minified): the export
 *     module (widgets/designer/pdf/index.ts with pdf-lib, fontkit and qrcode) and — when
 *     `npm run build` has made it — the editor's chunk (`dist/widgets/**` files named `*designer*`;
 *     the row says "not built" until the editor exists);
 *   - the designer's page as shipped (with a build): what /konstruktor/{id} of the built shop fetches
 *     beyond its product page's — scripts and fonts, transfer sizes as served — and that the product
 *     page fetches none of it.
 * The issue sets no goal for the times and sizes: the table reports them. Its one goal here is that
 * the product page fetches none of the designer's files.
 */

const root = fileURLToPath(new URL("../..", import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 11);
const gzipSize = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
};

async function viteLib(workDir: string, name: string, entry: string): Promise<string> {
  const outDir = join(workDir, name);
  await build({
    configFile: false,
    root,
    logLevel: "warn",
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: { outDir, emptyOutDir: true, target: "es2022", lib: { entry, formats: ["es"], fileName: () => `${name}.js` }, rolldownOptions: { output: { minify: true } } },
  });
  return join(outDir, `${name}.js`);
}

function template(id: string): DesignDocument {
  return designTemplateSchema.parse(JSON.parse(readFileSync(join(root, "server/seed/layout-design-templates", `${id}.json`), "utf8"))).document;
}

function benchCard(): DesignDocument {
  const document = template("card-classic-90x50");
  const logoPx = Math.ceil((20 / 25.4) * 350);
  for (const side of document.sides) {
    side.elements = side.elements.map((element): DesignElement =>
      element.kind === "image" ? { ...element, source: { id: "0000aaaa-0000-4000-8000-00000000000a", widthPx: logoPx, heightPx: logoPx } } : element,
    );
  }
  return document;
}

/** The A5 flyer scaled to A4 (210 × 297), its photo filled at 300 ppi. */
function benchA4Flyer(): DesignDocument {
  const a5 = template("flyer-classic-a5");
  const s = 210 / 148;
  const scale = (element: DesignElement): DesignElement => {
    switch (element.kind) {
      case "text":
        return { ...element, x: element.x * s, y: element.y * s, width: element.width * s, fontSizePt: element.fontSizePt * s };
      case "line":
        return { ...element, x1: element.x1 * s, y1: element.y1 * s, x2: element.x2 * s, y2: element.y2 * s };
      case "qr":
        return { ...element, x: element.x * s, y: element.y * s, size: element.size * s };
      case "rect":
        return { ...element, x: element.x * s, y: element.y * s, width: element.width * s, height: element.height * s };
      case "image": {
        const width = element.width * s;
        const height = element.height * s;
        const source = { id: "0000aaaa-0000-4000-8000-00000000000b", widthPx: Math.ceil((width / 25.4) * 300), heightPx: Math.ceil((height / 25.4) * 300) };
        return { ...element, x: element.x * s, y: element.y * s, width, height, source };
      }
    }
  };
  return { ...a5, trimMm: [210, 297], sides: a5.sides.map((side) => ({ ...side, elements: side.elements.map(scale) })) };
}

/**
 * The designer's page as shipped: the built shop (tests/bench/site-server.ts, as `npm start` serves
 * dist/) with its demo data; a business card's product page, then its /konstruktor page until the
 * designer shows its first template. What the second fetches and the first did not is the designer's
 * cost (transfer sizes as served: compressed, headers aside); the first must fetch none of it.
 */
async function designerPageAsShipped(browser: Browser, workDir: string): Promise<{ scripts: number; scriptBytes: number; fonts: number; fontBytes: number; fontsFirst: number; fontBytesFirst: number; onProductPage: number }> {
  const server = await startBenchServer("tests/bench/site-server.ts", [join(workDir, "site"), join(root, "dist"), String(await freePort())]);
  try {
    const categories = (await (await fetch(`${server.url}/api/public/product/category`)).json()) as { id: number; slug: string }[];
    const vizitki = categories.find((category) => category.slug === "vizitki");
    if (!vizitki) throw new Error("the demo data has no vizitki");
    const products = (await (await fetch(`${server.url}/api/public/product?categoryId=${vizitki.id}&sort=NameAsc&limit=1`)).json()) as { items: { id: number }[] };
    const productId = products.items[0]?.id;
    if (productId === undefined) throw new Error("no business card");
    // Without the service worker, so the timing entries carry what came over the network (compressed).
    const context = await browser.newContext({ serviceWorkers: "block" });
    const page = await context.newPage();
    const fetched = () =>
      page.evaluate(() =>
        (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map((entry) => ({ path: new URL(entry.name).pathname, bytes: entry.encodedBodySize, end: entry.responseEnd })),
      );
    await page.goto(`${server.url}/catalog/vizitki/${productId}`, { waitUntil: "networkidle" });
    const onProduct = await fetched();
    const productPaths = new Set(onProduct.map((entry) => entry.path));
    const designerFile = /designer|fontkit|\.ttf$/i;
    await page.goto(`${server.url}/konstruktor/${productId}`);
    // When the editor shows (its chosen template pressed), by the page's clock, checked every frame.
    const shown = (await (
      await page.waitForFunction(() => (document.querySelector("ottisk-designer")?.shadowRoot?.querySelector(".ottisk-designer-template[aria-pressed='true']") ? performance.now() : 0), undefined, { polling: "raf", timeout: 30_000 })
    ).jsonValue()) as number;
    await page.waitForLoadState("networkidle");
    const added = (await fetched()).filter((entry) => !productPaths.has(entry.path));
    const scripts = added.filter((entry) => entry.path.endsWith(".js"));
    const fonts = added.filter((entry) => /\.(ttf|woff2?)$/.test(entry.path));
    const fontsFirst = fonts.filter((entry) => entry.end <= shown);
    await context.close();
    console.log(`What /konstruktor/${productId} fetched beyond its product page (as served):`);
    for (const entry of [...scripts, ...fonts]) console.log(`  ${entry.path}  ${kb(entry.bytes)}`);
    return {
      scripts: scripts.length,
      scriptBytes: scripts.reduce((sum, entry) => sum + entry.bytes, 0),
      fonts: fonts.length,
      fontBytes: fonts.reduce((sum, entry) => sum + entry.bytes, 0),
      fontsFirst: fontsFirst.length,
      fontBytesFirst: fontsFirst.reduce((sum, entry) => sum + entry.bytes, 0),
      onProductPage: onProduct.filter((entry) => designerFile.test(entry.path)).length,
    };
  } finally {
    server.child.kill("SIGTERM");
  }
}

await mkdir(join(root, ".tmp"), { recursive: true });
const workDir = await mkdtemp(join(root, ".tmp", "bench-designer-"));
try {
  const pageEntry = join(workDir, "page.ts");
  await writeFile(pageEntry, `import { installDesignerBench } from ${JSON.stringify(relative(workDir, join(root, "tests/bench/designer-page.ts")).replace(/\.ts$/, ""))};\ninstallDesignerBench();\n`);
  const exportEntry = join(workDir, "export.ts");
  await writeFile(exportEntry, `export * from ${JSON.stringify(relative(workDir, join(root, "widgets/designer/pdf/index")))};\n`);
  const reactEntry = join(workDir, "react.ts");
  await writeFile(reactEntry, 'import { createElement } from "react";\nimport { createRoot } from "react-dom/client";\ncreateRoot(document.body).render(createElement("p", null, "React"));\n');
  const [pageJs, exportJs, reactJs] = [await viteLib(workDir, "page", pageEntry), await viteLib(workDir, "export", exportEntry), await viteLib(workDir, "react", reactEntry)];
  const exportGzip = gzipSize(await readFile(exportJs));
  const reactGzip = gzipSize(await readFile(reactJs));
  const widgetsDist = join(root, "dist/widgets");
  const editorChunks = existsSync(widgetsDist) ? (readdirSync(widgetsDist, { recursive: true }) as string[]).filter((file) => /designer/i.test(file) && file.endsWith(".js")) : [];
  const editorGzip = editorChunks.reduce((sum, file) => sum + gzipSize(readFileSync(join(widgetsDist, file))), 0);

  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs, headless: true });
  const page = await browser.newPage();
  const origin = "https://designer-bench.local";
  const pageCode = await readFile(pageJs, "utf8");
  await page.route(`${origin}/**`, async (route) => {
    const path = decodeURIComponent(new URL(route.request().url()).pathname);
    if (path === "/") return route.fulfill({ contentType: "text/html", body: '<!doctype html><html lang="ru"><title>bench</title><script type="module" src="/page.js"></script>' });
    if (path === "/page.js") return route.fulfill({ contentType: "text/javascript", body: pageCode });
    const font = /^\/fonts\/(.+)\/(400|700)$/.exec(path);
    const family = DESIGN_FONT_FAMILIES.find((name) => name === font?.[1]);
    if (family !== undefined) return route.fulfill({ contentType: "font/ttf", body: readFileSync(fontFile(family, font?.[2] === "700")) });
    return route.fulfill({ status: 404, body: "" });
  });
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") pageErrors.push(message.text());
  });
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => "designerBench" in globalThis, undefined, { timeout: 30_000 }).catch((error: unknown) => {
    throw new Error(`the bench page did not start: ${pageErrors.join("; ") || String(error)}`);
  });
  const designs = { card: benchCard(), a4: benchA4Flyer() };
  for (const document of Object.values(designs)) await page.evaluate((d) => (globalThis as unknown as { designerBench: DesignerBench }).designerBench.warm(d), document);
  const times = { card: [] as number[], cardEmpty: [] as number[], a4: [] as number[], a4Empty: [] as number[] };
  const sizes = { card: 0, a4: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    // Interleaved: each round times all four, so a busy moment of the machine hits them alike.
    const card = await page.evaluate((d) => (globalThis as unknown as { designerBench: DesignerBench }).designerBench.exportDesign(d), designs.card);
    times.card.push(card.ms);
    sizes.card = card.bytes;
    times.cardEmpty.push((await page.evaluate((d) => (globalThis as unknown as { designerBench: DesignerBench }).designerBench.emptyPages(d), designs.card)).ms);
    const a4 = await page.evaluate((d) => (globalThis as unknown as { designerBench: DesignerBench }).designerBench.exportDesign(d), designs.a4);
    times.a4.push(a4.ms);
    sizes.a4 = a4.bytes;
    times.a4Empty.push((await page.evaluate((d) => (globalThis as unknown as { designerBench: DesignerBench }).designerBench.emptyPages(d), designs.a4)).ms);
  }
  const shipped = editorChunks.length > 0 ? await designerPageAsShipped(browser, workDir) : null;
  await browser.close();

  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const row = (figure: string, measured: number, reference: number, what: string, extra = ""): GoalRow => ({
    figure,
    measured: `${ms(measured)}${extra}`,
    reference: `${ms(reference)} (${what})`,
    ratio: measured / reference,
    goal: "none set",
    met: null,
  });
  const rows: GoalRow[] = [
    row("Export of a two-sided card 90×50 (logo, QR, text as curves), Chromium", median(times.card), median(times.cardEmpty), "pdf-lib: 2 empty pages 94×54 mm", `, ${kb(sizes.card)}`),
    row("Export of an A4 flyer with a 300 ppi photo, Chromium", median(times.a4), median(times.a4Empty), "pdf-lib: 1 empty page 214×301 mm", `, ${kb(sizes.a4)}`),
    { figure: "The export module's JS (pdf-lib, fontkit, qrcode), gzip", measured: kb(exportGzip), reference: `${kb(reactGzip)} (React + react-dom)`, ratio: exportGzip / reactGzip, goal: "none set", met: null },
    editorChunks.length > 0
      ? { figure: `The editor's chunk (${editorChunks.join(", ")}), gzip`, measured: kb(editorGzip), reference: `${kb(reactGzip)} (React + react-dom)`, ratio: editorGzip / reactGzip, goal: "none set", met: null }
      : { figure: "The editor's chunk (dist/widgets/**/*designer*.js), gzip", measured: "not built", reference: `${kb(reactGzip)} (React + react-dom)`, ratio: NaN, goal: "none set", met: null },
    ...(shipped
      ? [
          { figure: `JS /konstruktor/{id} fetches beyond its product page's, as served (${shipped.scripts} files)`, measured: kb(shipped.scriptBytes), reference: `${kb(reactGzip)} (React + react-dom)`, ratio: shipped.scriptBytes / reactGzip, goal: "none set", met: null },
          { figure: `Fonts fetched before the editor shows: its template's (${shipped.fontsFirst} files)`, measured: kb(shipped.fontBytesFirst), reference: `${kb(reactGzip)} (React + react-dom)`, ratio: shipped.fontBytesFirst / reactGzip, goal: "none set", met: null },
          { figure: `Fonts /konstruktor/{id} fetches in all, the thumbnails' too (${shipped.fonts} files)`, measured: kb(shipped.fontBytes), reference: `${kb(reactGzip)} (React + react-dom)`, ratio: shipped.fontBytes / reactGzip, goal: "none set", met: null },
          { figure: "Designer files the product page fetches", measured: `${shipped.onProductPage} files`, reference: "—", ratio: NaN, goal: "0", met: shipped.onProductPage === 0 },
        ]
      : []),
  ];
  console.log(`${ROUNDS} interleaved rounds, medians; ${new Date().toISOString()}`);
  printGoalTable("bench:designer — the layout designer's PDF export", rows);
} finally {
  await rm(workDir, { recursive: true, force: true });
}
