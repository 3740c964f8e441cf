import { spawn } from "node:child_process";
import { join } from "node:path";

const root = join(import.meta.dirname, "..", "..", "..");
const tsx = join(root, "node_modules", ".bin", "tsx");

/** How a CLI of server/cli/ ended: its exit code and all it printed. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `server/cli/<script>.ts` with `args` and only `env` (no inherited environment) from the project's folder, to its end. */
export function runServerCli(script: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [join(root, "server", "cli", `${script}.ts`), ...args], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}
