import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/*
 * package.json declares every package the code, the tests and the scripts run, and nothing they
 * don't: a package used but not declared works only while another package happens to bring it
 * along (and breaks on the day it stops); one declared but unused is installed for nothing.
 *
 * Used means: imported (static, dynamic, `require`, or `import type`) by a source file of the
 * project; found through `resolve("package/…")` or a `node_modules/package` path; or the owner of a
 * command that package.json's scripts or the shell scripts run. `@types/x` counts as used when `x`
 * is, or when a file names it in `/// <reference types>` or tsconfig's `types`.
 */

const root = join(import.meta.dirname, "..", "..");
const packageJson = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  scripts: Record<string, string>;
};
const declared = new Set([...Object.keys(packageJson.dependencies), ...Object.keys(packageJson.devDependencies)]);

const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;
const FOLDERS = ["shared", "widgets", "host-site", "server", "preflight", "tests", "demo"];

function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !path.includes(`${join(root, "server", "db", "migrations")}`));
}

const sources = [...FOLDERS.flatMap(filesUnder).filter((path) => SOURCE.test(path)), join(root, "vite.config.ts")];
const shellScripts = [...filesUnder("tests").filter((path) => path.endsWith(".sh")), join(root, ".ci", "run")];

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`; null for relative paths, Node's modules and Vite's virtual ones. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith(".") || specifier.startsWith("/") || specifier.startsWith("node:") || specifier.startsWith("virtual:")) return null;
  const bare = specifier.split("?")[0] ?? specifier;
  const parts = bare.split("/");
  const name = bare.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? bare);
  return builtinModules.includes(name) ? null : name;
}

/** Where `types: ["x"]` or `/// <reference types="x/sub" />` is found: `@types/x`, else the package `x` itself (vite/client). */
function typesPackage(name: string): string | null {
  const bare = packageOf(name);
  if (bare === null) return null;
  return declared.has(`@types/${bare}`) ? `@types/${bare}` : bare;
}

function importedPackages(): Map<string, string[]> {
  const used = new Map<string, string[]>();
  const note = (name: string | null, file: string) => {
    if (name === null) return;
    used.set(name, [...(used.get(name) ?? []), file.slice(root.length + 1)]);
  };
  for (const file of sources) {
    const text = readFileSync(file, "utf8");
    const info = ts.preProcessFile(text, true, true);
    for (const imported of info.importedFiles) note(packageOf(imported.fileName), file);
    for (const reference of info.typeReferenceDirectives) note(typesPackage(reference.fileName), file);
    // This file's own patterns below are not uses.
    if (file === import.meta.filename) continue;
    // require.resolve("pkg/…"), createRequire(…).resolve("pkg/…"): a file of the package read by path.
    for (const match of text.matchAll(/(?:[Rr]equire\w*|\))\.resolve\("([^"./][^"]*)"\)/g)) note(packageOf(match[1] ?? ""), file);
    // join(…, "node_modules", "pkg", …): a file of the package read by path.
    for (const match of text.matchAll(/join\([^)]*"node_modules", "([^"]+)"/g)) note(packageOf(match[1] ?? ""), file);
  }
  const tsconfig = JSON.parse(readFileSync(join(root, "tsconfig.json"), "utf8")) as { compilerOptions: { types?: string[] } };
  for (const type of tsconfig.compilerOptions.types ?? []) note(typesPackage(type), join(root, "tsconfig.json"));
  return used;
}

/** Every installed package's commands: `tsc` → typescript. */
function commandOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const name of declared) {
    const manifest = JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8")) as { bin?: string | Record<string, string> };
    if (typeof manifest.bin === "string") owners.set(name.split("/").at(-1) ?? name, name);
    else for (const command of Object.keys(manifest.bin ?? {})) owners.set(command, name);
  }
  return owners;
}

/** The first word of every command in the scripts (`a && b | c; npx d`), npx's included. */
function commandsRun(): Map<string, string> {
  const commands = new Map<string, string>();
  const lines = [
    ...Object.entries(packageJson.scripts).map(([name, script]) => [`npm run ${name}`, script] as const),
    ...shellScripts.flatMap((file) => readFileSync(file, "utf8").split("\n").map((line) => [file.slice(root.length + 1), line] as const)),
  ];
  for (const [where, line] of lines) {
    if (line.trim().startsWith("#")) continue;
    for (const part of line.split(/&&|\|\||[|;(]|\$\(/)) {
      const words = part.trim().split(/\s+/).filter((word) => !/^[A-Z_]+=/.test(word));
      const command = words[0] === "npx" ? words.find((word, index) => index > 0 && !word.startsWith("-")) : words[0];
      if (command && /^[a-z@][\w@./-]*$/.test(command)) commands.set(command, where);
    }
  }
  return commands;
}

describe("package.json", () => {
  const imported = importedPackages();
  const owners = commandOwners();
  const commands = commandsRun();
  const ranPackages = new Set([...commands.keys()].flatMap((command) => (owners.has(command) ? [owners.get(command) ?? command] : [])));

  it("declares every package the code and the tests import", () => {
    const undeclared = [...imported.entries()]
      .filter(([name]) => !declared.has(name))
      .map(([name, files]) => `${name} (${files.slice(0, 3).join(", ")})`);
    expect(undeclared).toEqual([]);
  });

  it("declares every package whose command the scripts run", () => {
    const installed = new Set(readdirSync(join(root, "node_modules", ".bin")));
    const undeclared = [...commands.entries()].filter(([command]) => installed.has(command) && !owners.has(command)).map(([command, where]) => `${command} (${where})`);
    expect(undeclared).toEqual([]);
  });

  it("declares nothing that is neither imported nor run", () => {
    const isUsed = (name: string): boolean => {
      if (imported.has(name) || ranPackages.has(name)) return true;
      const typed = /^@types\/(.+)$/.exec(name)?.[1];
      // @types/x describes x: used with it (`@types/scope__name` for `@scope/name`).
      return typed !== undefined && (imported.has(typed) || imported.has(`@${typed.replace("__", "/")}`));
    };
    expect([...declared].filter((name) => !isUsed(name)).sort()).toEqual([]);
  });

  it("finds what it looks for: the suite's own imports and commands are seen", () => {
    expect(imported.get("vitest")?.length).toBeGreaterThan(10);
    expect(imported.has("react")).toBe(true);
    expect(ranPackages).toContain("typescript");
    expect(ranPackages).toContain("esbuild");
  });
});
