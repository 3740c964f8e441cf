/*
 * The import edges of ../shared/docs/architecture.md ("Folders … may import"), checked by
 * dependency-cruiser in `npm run lint`. Paths are relative to the project root, where the script runs.
 * Type-only imports count as edges too, except where a rule says otherwise.
 * Unit tests (`*.test.ts`) sit next to their code and may also use vitest, Node and tests/ support.
 */

/** Unit tests and their helpers, which may reach further than the code beside them. */
const TEST = "\\.(test|spec)\\.tsx?$";

/** `^folder/` patterns for the areas of the app, so a rule can name what it leaves out. */
const APP = ["^shared/", "^widgets/", "^host-site/", "^server/", "^preflight/", "^demo/", "^tests/"];

/** An npm package by name (resolved under node_modules). */
const npm = (...names) => names.map((name) => `^node_modules/${name}/`);

/** Only these, besides the folder itself: everything else, Node's modules included, is forbidden. */
const onlyImports = (name, comment, folder, allowed) => ({
  name,
  comment,
  severity: "error",
  from: { path: `^${folder}/`, pathNot: TEST },
  // An import that does not resolve is not-to-unresolvable's finding, not this rule's.
  to: { pathNot: [`^${folder}/`, ...allowed], couldNotResolve: false },
});

/** A server floor that must not import the floors above it (`above`: path patterns). */
const serverFloor = (name, comment, folder, above) => ({
  name,
  comment,
  severity: "error",
  from: { path: `^${folder}/`, pathNot: TEST },
  to: { path: above },
});

/** A low server folder (or file) that imports nothing of server/ but `allowed`; packages, shared/ and Node stay free. */
const serverOnly = (name, comment, folder, allowed) => ({
  name,
  comment,
  severity: "error",
  from: { path: `^${folder}`, pathNot: TEST },
  to: { path: "^server/", pathNot: allowed },
});

module.exports = {
  forbidden: [
    onlyImports("contracts-only-zod", "shared/contracts imports only zod.", "shared/contracts", npm("zod")),
    onlyImports("domain-only-contracts", "shared/domain imports only shared/contracts: pure rules, no platform.", "shared/domain", ["^shared/contracts/"]),
    onlyImports("http-only-contracts", "shared/http imports only shared/contracts (and ofetch, zod).", "shared/http", ["^shared/contracts/", ...npm("ofetch", "zod")]),
    onlyImports("state-only-http-domain", "shared/state imports shared/http and shared/domain (and contracts, jotai, React for its hooks).", "shared/state", [
      "^shared/(http|domain|contracts)/",
      ...npm("jotai", "react"),
    ]),
    onlyImports("ui-only-domain-state", "shared/ui imports shared/domain and shared/state (and React, jotai's hooks; contracts for types, see ui-contracts-types-only).", "shared/ui", [
      "^shared/(domain|state|contracts)/",
      ...npm("react", "jotai"),
    ]),
    {
      name: "ui-contracts-types-only",
      comment: "shared/ui gets data through props and shared/state: from shared/contracts it takes types, never schemas — but a form may check what was typed with the contract's own rules, loaded when first needed (the sign-in form).",
      severity: "error",
      from: { path: "^shared/ui/", pathNot: TEST },
      to: { path: "^shared/contracts/", dependencyTypesNot: ["type-only", "dynamic-import"] },
    },
    {
      name: "widget-only-through-its-face",
      comment: "A widget's one public face is its index.ts: another widget reaches its folder through that file only (widgets/README.md, \"Faces\").",
      severity: "error",
      from: { path: "^widgets/([^/]+)/", pathNot: TEST },
      to: { path: "^widgets/[^/]+/", pathNot: ["^widgets/$1/", "^widgets/[^/]+/index\\.ts$"] },
    },
    {
      name: "widget-faces-opened",
      comment: "The widgets that open another's feature (through its face's lazy loader; ESLint's no-restricted-imports lets a widget take only `load…` from another's face): the cart opens the layout checker (a line's «Макеты» dialog), the layout checker opens the PDF viewer (a design order's annotations). No other widget reaches another.",
      severity: "error",
      from: { path: "^widgets/([^/]+)/", pathNot: [TEST] },
      to: { path: "^widgets/[^/]+/index\\.ts$", pathNot: ["^widgets/$1/", "^widgets/layout-checker/index\\.ts$", "^widgets/pdf-viewer/index\\.ts$"] },
    },
    {
      name: "only-the-cart-opens-the-checker",
      comment: "Only the cart and the back office's prepress pages (its proof view, lazily) open the layout checker (and the loader's registry reads its face's `elements`).",
      severity: "error",
      from: { path: "^widgets/", pathNot: ["^widgets/(cart|layout-checker)/", "^widgets/back-office/PrepressSections\\.tsx$", "^widgets/registry\\.ts$", TEST] },
      to: { path: "^widgets/layout-checker/index\\.ts$" },
    },
    {
      name: "only-the-checker-opens-the-viewer",
      comment: "Only the layout checker opens the PDF viewer (and the loader's registry reads its face's `elements`).",
      severity: "error",
      from: { path: "^widgets/", pathNot: ["^widgets/(layout-checker|pdf-viewer)/", "^widgets/registry\\.ts$", TEST] },
      to: { path: "^widgets/pdf-viewer/index\\.ts$" },
    },
    {
      name: "widgets-root-not-a-widget",
      comment: "The widgets root files (element base, define, events, loader, registry…) sit below the widgets: they import none, but for the registry.",
      severity: "error",
      from: { path: "^widgets/[^/]+\\.tsx?$", pathNot: ["^widgets/registry\\.ts$", TEST] },
      to: { path: "^widgets/[^/]+/" },
    },
    {
      name: "registry-only-faces",
      comment: "The loader's registry gathers each widget's tags from its face (`elements`: the tag and a lazy import of its *.element.ts, inside the widget's folder).",
      severity: "error",
      from: { path: "^widgets/registry\\.ts$" },
      to: { path: "^widgets/[^/]+/", pathNot: "^widgets/[^/]+/index\\.ts$" },
    },
    {
      name: "widgets-only-shared",
      comment: "Widgets import shared/* and widgets/*, not the host site, the server, the demo or tests.",
      severity: "error",
      from: { path: "^widgets/", pathNot: TEST },
      to: { path: ["^host-site/", "^server/", "^demo/", "^tests/"] },
    },
    {
      name: "preflight-only-layout-checker",
      comment: "Only the layout checker, the designer (its export's check) and pdf.js's loader (widgets/pdfjs.ts, for its worker) import the preflight engine.",
      severity: "error",
      from: { path: "^widgets/", pathNot: ["^widgets/layout-checker/", "^widgets/designer/", "^widgets/pdfjs\\.ts$", TEST] },
      to: { path: "^preflight/" },
    },
    {
      name: "preflight-through-entries",
      comment: "The layout checker reaches the engine through its entries (index, runtimes, fixups), not its insides.",
      severity: "error",
      from: { path: "^widgets/", pathNot: TEST },
      to: { path: "^preflight/", pathNot: "^preflight/(index\\.ts|runtime/[^/]+\\.ts|fixups/index\\.ts)$" },
    },
    {
      name: "browser-no-node",
      comment: "shared/, widgets/ and host-site/ run in the browser: no Node API.",
      severity: "error",
      from: { path: "^(shared|widgets|host-site)/", pathNot: TEST },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "widget-insides-private",
      comment: "Nothing outside widgets/ and host-site/ (which have their own rules above and below) imports a file inside a widget's folder but its face, index.ts: not shared/, the server, the tests or the build config. The designer's PDF export has a face of its own, widgets/designer/pdf/index.ts (platform-free: its tests and bench run it in Node and a bare page).",
      severity: "error",
      from: { pathNot: ["^widgets/", "^host-site/", "^tests/browser/"] },
      to: { path: "^widgets/[^/]+/", pathNot: ["^widgets/[^/]+/index\\.ts$", "^widgets/designer/pdf/index\\.ts$"] },
    },
    {
      name: "browser-tests-widget-faces",
      comment: "A browser test reaches a widget through its face too; it may also read a widget's stylesheets (`?inline`), which the test runner's Vite does not apply from the face's own `import \"….css\"`.",
      severity: "error",
      from: { path: "^tests/browser/" },
      to: { path: "^widgets/[^/]+/", pathNot: ["^widgets/[^/]+/index\\.ts$", "\\.css$"] },
    },
    {
      name: "host-site-widgets-through-faces",
      comment: "The host site draws a widget's feature through the widget's face (index.ts), which brings the feature's light-DOM stylesheet too; nothing else of widgets/, the root files included.",
      severity: "error",
      from: { path: "^host-site/", pathNot: TEST },
      to: { path: "^widgets/", pathNot: "^widgets/[^/]+/index\\.ts$" },
    },
    {
      name: "host-site-not-server",
      comment: "The host site imports the widgets' components and shared/*; it reaches the server over HTTP only.",
      severity: "error",
      from: { path: "^host-site/", pathNot: TEST },
      to: { path: ["^server/", "^preflight/", "^demo/", "^tests/"] },
    },
    {
      name: "server-not-browser",
      comment: "server/ imports shared/contracts, shared/domain and preflight, never the browser's code, React or jotai.",
      severity: "error",
      from: { path: "^server/" },
      to: { path: ["^widgets/", "^host-site/", "^demo/", "^shared/(http|state|ui)/", ...npm("react", "react-dom", "jotai")] },
    },
    {
      name: "server-not-tests",
      comment: "Server code does not import test support; its unit tests may.",
      severity: "error",
      from: { path: "^server/", pathNot: TEST },
      to: { path: "^tests/" },
    },
    // The server's floors, top to bottom (../shared/docs/architecture.md, server/README.md "Layers"):
    // server.ts, worker.ts, cli/ → app.ts → routes/ → plugins/ → services/ → jobs/ → storage/ → adapters/ and db/;
    // config.ts and limits.ts are read by any floor above them; seed/ stands above the services, imported only by the entries.
    serverFloor("server-routes-not-up", "Routes import plugins, services and below, never app.ts, the entries, cli/ or seed/.", "server/routes", [
      "^server/(app|server|worker)\\.ts$",
      "^server/(cli|seed)/",
    ]),
    serverFloor("server-plugins-not-up", "Fastify plugins import services and below, never a route, app.ts or the entries.", "server/plugins", [
      "^server/(app|server|worker)\\.ts$",
      "^server/(routes|cli|seed)/",
    ]),
    serverFloor("server-services-not-up", "Services import jobs, storage, adapters and db, never routes, plugins, app.ts, config.ts or the entries.", "server/services", [
      "^server/(app|server|worker|config)\\.ts$",
      "^server/(routes|plugins|cli|seed)/",
    ]),
    serverFloor("server-jobs-not-up", "Jobs (the check queue, the scheduler) import storage, adapters and db, never a service or anything above.", "server/jobs", [
      "^server/(app|server|worker|config)\\.ts$",
      "^server/(services|routes|plugins|cli|seed)/",
    ]),
    serverOnly("server-storage-only-below", "File storage imports only db/ and adapters/ of the server.", "server/storage", ["^server/(storage|db|adapters)/"]),
    serverOnly("server-adapters-only-adapters", "An adapter owns its port type and imports nothing of the server but other adapters.", "server/adapters", ["^server/adapters/"]),
    serverOnly("server-db-only-db", "The schemas, migrations and the client import nothing of the server above db/.", "server/db", ["^server/db/"]),
    serverOnly("server-config-only-below", "config.ts reads the environment into the adapters' port types and limits.ts, importing no plugin or service.", "server/config\\.ts$", [
      "^server/config\\.ts$",
      "^server/adapters/",
      "^server/limits\\.ts$",
    ]),
    serverOnly("server-limits-nothing", "limits.ts is plain data and its parser, below everything that reads it.", "server/limits\\.ts$", ["^server/limits\\.ts$"]),
    {
      name: "server-seed-only-from-entries",
      comment: "The seed is an application above the services: only the entries (server.ts, worker.ts, cli/), app.ts and the seed itself import it.",
      severity: "error",
      from: { path: "^server/", pathNot: ["^server/(app|server|worker)\\.ts$", "^server/(cli|seed)/", TEST] },
      to: { path: "^server/seed/" },
    },
    {
      name: "preflight-nothing-of-the-app",
      comment: "The preflight engine imports nothing of the app (nor React).",
      severity: "error",
      from: { path: "^preflight/", pathNot: TEST },
      to: { path: [...APP.filter((folder) => folder !== "^preflight/"), ...npm("react", "react-dom", "jotai")] },
    },
    {
      name: "preflight-core-no-platform",
      comment:
        "The engine's core (core, content, render, checks and its top-level modules; not cli.ts, cli-batch.ts) runs unchanged in a Web Worker and a Node worker thread: no Node API.",
      severity: "error",
      from: { path: "^preflight/((core|content|render|checks)/|[^/]+\\.ts$)", pathNot: ["^preflight/cli(-batch)?\\.ts$", TEST] },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "demo-only-the-bundle",
      comment: "The demo pages load the built bundle with a script tag; they import no source.",
      severity: "error",
      from: { path: "^demo/" },
      to: { path: APP.filter((folder) => folder !== "^demo/") },
    },
    {
      name: "no-circular",
      comment: "No import cycles.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "not-to-unresolvable",
      comment: "Every import resolves to a file or a package.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "^node_modules/" },
    exclude: { path: "^(dist|\\.tmp|data|test-results|server/db/migrations)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json", ".d.ts"],
    },
    cache: { folder: ".tmp/depcruise-cache", strategy: "content" },
  },
};
