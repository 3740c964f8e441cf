import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

/*
 * `npm start` (server/server.ts) renders pages with React's production build: server/production-env.ts,
 * its first import, sets NODE_ENV before react-dom/server loads. Checked in a process of its own,
 * started without NODE_ENV as npm start is, by the file react-dom/server actually loaded.
 */

const root = join(import.meta.dirname, "..");
const run = promisify(execFile);

/** The react-dom/server build a fresh Node process loads after `imports`, with NODE_ENV as given. */
async function loadedBuild(imports: string[], nodeEnv: string | undefined): Promise<string> {
  const script = [
    ...imports.map((file) => `await import(${JSON.stringify(join(root, file))});`),
    'await import("react-dom/server");',
    'const { createRequire } = await import("node:module");',
    `const require = createRequire(${JSON.stringify(join(root, "package.json"))});`,
    'console.log(Object.keys(require.cache).filter((file) => file.includes("react-dom-server-legacy.node")).join(","));',
  ].join("\n");
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.NODE_ENV;
  if (nodeEnv !== undefined) env.NODE_ENV = nodeEnv;
  const { stdout } = await run(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: root, env });
  return stdout.trim();
}

describe("npm start's React build", () => {
  it("is the production build when NODE_ENV is not set", async () => {
    expect(await loadedBuild(["server/production-env.ts"], undefined)).toMatch(/react-dom-server-legacy\.node\.production\.js$/);
  });

  it("follows NODE_ENV when the operator sets it", async () => {
    expect(await loadedBuild(["server/production-env.ts"], "development")).toMatch(/react-dom-server-legacy\.node\.development\.js$/);
  });

  it("comes first in server/server.ts, before any module that could load React", async () => {
    const { readFile } = await import("node:fs/promises");
    const source = await readFile(join(root, "server", "server.ts"), "utf8");
    const firstImport = /^import .*$/m.exec(source)?.[0];
    expect(firstImport).toBe('import { productionBuild } from "./production-env";');
  });
});
