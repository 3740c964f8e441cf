import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/*
 * The boundary rules fire. `npm run lint` passes on the project as it is, which proves nothing
 * about a rule that would never fire (a typo in a path pattern, a rule that matches no file). Here
 * the project's own dependency-cruiser config runs on a small tree made for the test, laid out
 * like the project, where each import of the table below breaks exactly one rule of the layers
 * (or none, for the imports the house allows): the rule named must be the one reported.
 */

const root = join(import.meta.dirname, "..", "..");
const config = join(root, "tests", "lint", "dependency-cruiser.cjs");
const depcruise = join(root, "node_modules", ".bin", "depcruise");

interface Case {
  /** The importing file, relative to the tree's root. */
  from: string;
  /** The imported file, relative to the tree's root. */
  to: string;
  /** The rule that must report it; null: the import is allowed. */
  rule: string | null;
  /** How the import is written: static by default; `lazy` for import(). */
  lazy?: boolean;
}

/*
 * One import per case; every file of the tree exists, so nothing is unresolvable, and the files a
 * case imports import nothing themselves, so each violation belongs to one case.
 */
const CASES: Case[] = [
  // Browser floors.
  { from: "shared/contracts/a.ts", to: "shared/domain/b.ts", rule: "contracts-only-zod" },
  { from: "shared/domain/a.ts", to: "shared/http/b.ts", rule: "domain-only-contracts" },
  { from: "shared/http/a.ts", to: "shared/state/b.ts", rule: "http-only-contracts" },
  { from: "shared/state/a.ts", to: "shared/ui/b.tsx", rule: "state-only-http-domain" },
  { from: "shared/domain/c.ts", to: "shared/contracts/b.ts", rule: null },
  { from: "shared/ui/a.tsx", to: "shared/http/b.ts", rule: "ui-only-domain-state" },
  { from: "shared/ui/c.tsx", to: "shared/state/b.ts", rule: null },
  // Widgets, the host site and everything else reach a widget through its face only.
  { from: "widgets/cart/a.ts", to: "widgets/catalog/Catalog.tsx", rule: "widget-only-through-its-face" },
  { from: "widgets/cart/b.ts", to: "widgets/catalog/index.ts", rule: "widget-faces-opened" },
  { from: "widgets/cart/c.ts", to: "widgets/layout-checker/index.ts", rule: null },
  { from: "widgets/catalog/a.ts", to: "widgets/layout-checker/index.ts", rule: "only-the-cart-opens-the-checker" },
  { from: "widgets/cart/d.ts", to: "widgets/pdf-viewer/index.ts", rule: "only-the-checker-opens-the-viewer" },
  { from: "widgets/cart/e.ts", to: "widgets/cart/f.ts", rule: null },
  { from: "widgets/events.ts", to: "widgets/cart/f.ts", rule: "widgets-root-not-a-widget" },
  { from: "widgets/registry.ts", to: "widgets/catalog/catalog.element.ts", rule: "registry-only-faces" },
  { from: "widgets/registry.ts", to: "widgets/catalog/index.ts", rule: null },
  { from: "widgets/catalog/b.ts", to: "server/app.ts", rule: "widgets-only-shared" },
  { from: "host-site/a.ts", to: "widgets/catalog/Catalog.tsx", rule: "host-site-widgets-through-faces" },
  { from: "host-site/b.ts", to: "widgets/catalog/index.ts", rule: null },
  { from: "host-site/c.ts", to: "server/app.ts", rule: "host-site-not-server" },
  { from: "tests/a.ts", to: "widgets/catalog/Catalog.tsx", rule: "widget-insides-private" },
  { from: "tests/b.ts", to: "widgets/catalog/index.ts", rule: null },
  // The server's floors, top to bottom.
  { from: "server/routes/cart/a.ts", to: "server/app.ts", rule: "server-routes-not-up" },
  { from: "server/plugins/a.ts", to: "server/routes/cart/b.ts", rule: "server-plugins-not-up" },
  { from: "server/services/cart/a.ts", to: "server/routes/cart/b.ts", rule: "server-services-not-up" },
  { from: "server/jobs/a.ts", to: "server/services/cart/b.ts", rule: "server-jobs-not-up" },
  { from: "server/storage/a.ts", to: "server/jobs/b.ts", rule: "server-storage-only-below" },
  { from: "server/adapters/a.ts", to: "server/db/b.ts", rule: "server-adapters-only-adapters" },
  { from: "server/db/a.ts", to: "server/services/cart/b.ts", rule: "server-db-only-db" },
  { from: "server/config.ts", to: "server/plugins/b.ts", rule: "server-config-only-below" },
  { from: "server/d.ts", to: "server/seed/a.ts", rule: "server-seed-only-from-entries" },
  { from: "server/app.ts", to: "server/services/cart/c.ts", rule: null },
  { from: "server/routes/cart/d.ts", to: "server/services/cart/c.ts", rule: null },
  { from: "server/seed/b.ts", to: "server/services/cart/c.ts", rule: null },
  { from: "server/jobs/c.ts", to: "server/storage/b.ts", rule: null },
  { from: "server/storage/c.ts", to: "server/adapters/b.ts", rule: null },
  { from: "server/c.ts", to: "widgets/catalog/index.ts", rule: "server-not-browser" },
  // The engine.
  { from: "preflight/core/a.ts", to: "shared/contracts/c.ts", rule: "preflight-nothing-of-the-app" },
];

/** Every file the cases name, each importing what its cases say. */
function tree(): Map<string, string[]> {
  const files = new Map<string, string[]>();
  for (const { from, to, lazy } of CASES) {
    const specifier = relativeSpecifier(from, to);
    const line = lazy ? `export const load = () => import("${specifier}");` : `import "${specifier}";`;
    files.set(from, [...(files.get(from) ?? []), line]);
    if (!files.has(to)) files.set(to, []);
  }
  return files;
}

function relativeSpecifier(from: string, to: string): string {
  const up = dirname(from).split("/").filter((part) => part !== ".").length;
  const path = `${"../".repeat(up)}${to}`.replace(/\.tsx?$/, "");
  return path.startsWith(".") ? path : `./${path}`;
}

let folder: string;
let found: { from: string; to: string; rule: string }[];

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "ottisk-boundaries-"));
  await writeFile(join(folder, "tsconfig.json"), JSON.stringify({ compilerOptions: { module: "ESNext", moduleResolution: "Bundler", jsx: "react-jsx" } }));
  for (const [file, lines] of tree()) {
    await mkdir(dirname(join(folder, file)), { recursive: true });
    await writeFile(join(folder, file), `${lines.join("\n")}\nexport {};\n`);
  }
  const roots = [...new Set([...tree().keys()].map((file) => file.split("/")[0] ?? file))];
  const run = promisify(execFile);
  // depcruise exits non-zero when it finds errors, which is the point here: its JSON is read either way.
  const output = await run(depcruise, ["--config", config, "--output-type", "json", ...roots], { cwd: folder, maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }),
  );
  const result = JSON.parse(output.stdout) as { summary: { violations: { from: string; to: string; rule: { name: string } }[] } };
  found = result.summary.violations.map((violation) => ({ from: violation.from, to: violation.to, rule: violation.rule.name }));
}, 60_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("the boundary rules (tests/lint/dependency-cruiser.cjs)", () => {
  for (const { from, to, rule } of CASES) {
    it(rule ? `${rule} fires on ${from} → ${to}` : `${from} → ${to} is allowed`, () => {
      const rules = found.filter((violation) => violation.from === from && violation.to === to).map((violation) => violation.rule);
      expect(rules).toEqual(rule ? [rule] : []);
    });
  }

  it("reports nothing but the cases' imports", () => {
    const known = new Set(CASES.map(({ from, to }) => `${from} → ${to}`));
    expect(found.filter((violation) => !known.has(`${violation.from} → ${violation.to}`))).toEqual([]);
  });
});

describe("a widget takes only the lazy loaders from another's face (ESLint, tests/lint/eslint.config.js)", () => {
  const eslint = new ESLint({ cwd: root, overrideConfigFile: join(root, "tests", "lint", "eslint.config.js") });
  const rulesOn = async (code: string) => {
    const [result] = await eslint.lintText(code, { filePath: join(root, "widgets", "cart", "face-probe.ts") });
    return (result?.messages ?? []).map((message) => message.ruleId);
  };

  it("refuses the feature itself", async () => {
    expect(await rulesOn('import { LayoutChecker } from "../layout-checker/index";\nexport const eager = LayoutChecker;\n')).toEqual(["no-restricted-imports"]);
  });

  it("lets its lazy loader through", async () => {
    expect(await rulesOn('import { loadLayoutChecker } from "../layout-checker/index";\nexport const later = loadLayoutChecker;\n')).toEqual([]);
  });
});
