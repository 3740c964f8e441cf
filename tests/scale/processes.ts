import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { createServer } from "node:net";

/*
 * The processes of npm run test:scale: API nodes and check workers, each a Node process of its own
 * running the TypeScript sources through tsx's loader (`node --import tsx`, one process: a SIGKILL
 * hits the process that runs the checks, not a launcher in front of it). Each child leads its own
 * process group, so stopping it also stops anything it started. Their output is kept (the last
 * lines) to be shown when something fails.
 */

const KEPT_LINES = 400;

export interface Service {
  name: string;
  child: ChildProcess;
  /** The child's stdout and stderr lines, the last KEPT_LINES of them. */
  lines: string[];
  /** Every line logged at error level or above (pino's 50, 60) and every stderr line, in order. */
  problems: string[];
  /** Settles when the child exits: its exit code, or the signal that ended it. */
  exited: Promise<string>;
  /** Whether the child has exited. */
  hasExited(): boolean;
}

/** Starts `node --import tsx <script>` in `cwd` with `env`. */
export function startService(name: string, script: string, env: NodeJS.ProcessEnv, cwd: string): Service {
  const child = spawn(process.execPath, ["--import", "tsx", script], { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const lines: string[] = [];
  const problems: string[] = [];
  let done = false;
  const keep = (chunk: Buffer, partial: { text: string; stderr: boolean }) => {
    partial.text += chunk.toString("utf8");
    const parts = partial.text.split("\n");
    partial.text = parts.pop() ?? "";
    for (const line of parts) {
      lines.push(line);
      if (lines.length > KEPT_LINES) lines.shift();
      if ((partial.stderr && line.trim() !== "") || /^\{"level":(50|60),/.test(line)) problems.push(line);
    }
  };
  const out = { text: "", stderr: false };
  const err = { text: "", stderr: true };
  child.stdout?.on("data", (chunk: Buffer) => keep(chunk, out));
  child.stderr?.on("data", (chunk: Buffer) => keep(chunk, err));
  const exited = new Promise<string>((resolve) => {
    child.once("error", (error) => {
      done = true;
      resolve(`could not start: ${error.message}`);
    });
    child.once("exit", (code, signal) => {
      done = true;
      for (const rest of [out.text, err.text]) if (rest) lines.push(rest);
      resolve(signal ? `killed by ${signal}` : `exit code ${code ?? "?"}`);
    });
  });
  return { name, child, lines, problems, exited, hasExited: () => done };
}

/** Resolves once a line of the service's output contains `text`; rejects when it exits first or after `timeoutMs`. */
export async function waitForLine(service: Service, text: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exit: string | null = null;
  void service.exited.then((how) => (exit = how));
  for (;;) {
    if (service.lines.some((line) => line.includes(text))) return;
    if (exit !== null) throw new Error(`${service.name} ended (${exit}) before printing «${text}»`);
    if (Date.now() > deadline) throw new Error(`${service.name} did not print «${text}» within ${timeoutMs / 1000} s`);
    await sleep(50);
  }
}

/** Sends `signal` to the service's process group (the child and whatever it started). */
export function signalService(service: Service, signal: NodeJS.Signals): void {
  if (service.hasExited() || service.child.pid === undefined) return;
  try {
    process.kill(-service.child.pid, signal);
  } catch {
    // The group is gone already.
  }
}

/** SIGTERM, then SIGKILL after `graceMs` if the service is still running; resolves when it has exited. */
export async function stopService(service: Service, graceMs = 5_000): Promise<void> {
  if (service.hasExited()) return;
  signalService(service, "SIGTERM");
  const stopped = await Promise.race([service.exited.then(() => true), sleep(graceMs).then(() => false)]);
  if (!stopped) {
    signalService(service, "SIGKILL");
    await Promise.race([service.exited, sleep(2_000)]);
  }
}

/** The last `count` lines of the service's output, indented, under a heading. */
export function logTail(service: Service, count = 60): string {
  const tail = service.lines.slice(-count);
  return `--- ${service.name} (last ${tail.length} lines) ---\n${tail.map((line) => `  ${line}`).join("\n")}`;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** `count` ports of [first, last] that nobody listens on now, from a random place in the range (other runs may use some). */
export async function freePortsIn(first: number, last: number, count: number): Promise<number[]> {
  const size = last - first + 1;
  const start = Math.floor(Math.random() * size);
  const found: number[] = [];
  for (let step = 0; step < size && found.length < count; step += 1) {
    const port = first + ((start + step) % size);
    if (await isFree(port)) found.push(port);
  }
  if (found.length < count) throw new Error(`only ${found.length} of ${count} free ports in ${first}–${last}`);
  return found;
}
