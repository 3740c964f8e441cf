import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/*
 * What the benchmarks share about the servers they measure: starting one as a process of its own
 * and reading its memory from /proc.
 */

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Starts `script` (relative to the repository) with node --import tsx and waits for its "LISTENING <url>" line. */
export async function startBenchServer(script: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ child: ChildProcess; url: string }> {
  // node --import tsx directly, so the pid is the server's own (memory is read from /proc).
  const child = spawn(process.execPath, ["--import", "tsx", join(root, script), ...args], { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise<string>((resolveUrl, reject) => {
    let seen = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /LISTENING (\S+)/.exec(seen);
      if (match?.[1]) resolveUrl(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code} before listening`)));
  });
  return { child, url };
}

/** The process's resident memory now (VmRSS) or the highest it has had (VmHWM), in MiB. */
export async function memoryMb(pid: number, field: "VmRSS" | "VmHWM"): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) / 1024;
}
