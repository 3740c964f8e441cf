import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/*
 * server/ may import shared/contracts, shared/domain and preflight, never the browser's code: the
 * widgets, the host site's source, the API client, the atoms, the UI parts or React. The host site
 * reaches the server only as a build (dist/), loaded at run time by plugins/host-site.ts.
 */

const root = join(import.meta.dirname, "..", "..");
const FORBIDDEN = [/^widgets(\/|$)/, /^host-site(\/|$)/, /^shared\/(http|state|ui)(\/|$)/, /^react(-dom)?(\/|$)/, /^jotai(\/|$)/];
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts"))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !path.includes(`${join("db", "migrations")}`));
}

describe("server/ imports", () => {
  it("nothing of the browser side", async () => {
    const offences: string[] = [];
    for (const file of await sourceFiles(join(root, "server"))) {
      const text = await readFile(file, "utf8");
      for (const match of text.matchAll(IMPORT)) {
        const specifier = match[1] ?? match[2] ?? "";
        const resolved = specifier.startsWith(".") ? relative(root, join(file, "..", specifier)) : specifier;
        if (FORBIDDEN.some((pattern) => pattern.test(resolved))) offences.push(`${relative(root, file)} imports ${specifier}`);
      }
    }
    expect(offences).toEqual([]);
  });
});

/*
 * The preflight engine runs unchanged in a browser Web Worker and a Node worker thread: its core
 * (reading, interpreting, rendering, checking) imports no platform API and nothing of the app.
 * Only its runtime entries (preflight/runtime/, preflight/cli.ts) may use Node or DOM APIs.
 */
describe("preflight/ imports", () => {
  const PLATFORM_FREE = ["core", "content", "render", "checks"];
  const APP = [/^(shared|server|widgets|host-site|tests)(\/|$)/, /^node:/, /^(fs|path|zlib|crypto|worker_threads|child_process|os|url|util|buffer|stream)(\/|$)/, /^react/];

  it("nothing of the app, and no Node API in its core", async () => {
    const offences: string[] = [];
    const folders = PLATFORM_FREE.map((folder) => join(root, "preflight", folder));
    const files = (await Promise.all(folders.map((folder) => sourceFiles(folder).catch(() => [])))).flat();
    const topLevel = (await readdir(join(root, "preflight"), { withFileTypes: true }))
      .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name) && !entry.name.endsWith(".test.ts") && entry.name !== "cli.ts")
      .map((entry) => join(root, "preflight", entry.name));
    for (const file of [...files, ...topLevel]) {
      const text = await readFile(file, "utf8");
      for (const match of text.matchAll(IMPORT)) {
        const specifier = match[1] ?? match[2] ?? "";
        const resolved = specifier.startsWith(".") ? relative(root, join(file, "..", specifier)) : specifier;
        if (APP.some((pattern) => pattern.test(resolved))) offences.push(`${relative(root, file)} imports ${specifier}`);
      }
      if (/\b(Buffer|process)\./.test(text.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, ""))) offences.push(`${relative(root, file)} uses Buffer or process`);
    }
    expect(offences).toEqual([]);
  });
});
