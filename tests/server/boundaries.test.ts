import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/*
 * server/ may import shared/contracts, shared/domain and preflight, never the browser's code: the
 * widgets, the host site's source, the API client, the atoms, the UI parts or React. The host site
 * reaches the server only as a build (dist/), loaded at run time by plugins/host-site.ts.
 */

const root = join(import.meta.dirname, "..", "..");
const FORBIDDEN = [/^widgets(\/|$)/, /^host-site(\/|$)/, /^shared\/(http|state|ui)(\/|$)/, /^react(-dom)?(\/|$)/, /^jotai(\/|$)/, /^@r2wc\//];
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
