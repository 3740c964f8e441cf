import { spawn, spawnSync } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { BUSINESS_CARD_PROFILE, businessCardPdf } from "../../preflight/core/testing";
import type { GoalRow } from "./goal-table";
import { printGoalTable } from "./goal-table";

/*
 * Issue 31, "the CLI never loses a batch": BENCH_CLI_RUNS (default 1000) single-file runs of the
 * built CLI (`node cli.js <file> --profile … --json`), each a whole process, counting the runs that
 * abort (a signal, exit code 134 or any code but 0/1/2) or print no complete JSON report. Runs go
 * BENCH_CLI_PARALLEL (default the CPUs) at a time: a loaded machine is where the abort was seen.
 * BENCH_CLI_FILE: another PDF instead of the business card. The reference is `gs` (Ghostscript's inkcov) on the same file, BENCH_CLI_GS_RUNS (default 50)
 * runs in the same loop, counting the same way.
 *
 * Called at the end of preflight.bench.ts (`npm run bench:preflight`); alone:
 * `npx tsx tests/bench/preflight-cli-runs.ts [path/to/cli.js]` (default dist/preflight/cli.js, built first).
 */

const root = fileURLToPath(new URL("../..", import.meta.url));

interface Outcome {
  lost: boolean;
  /** How it ended, for the detail line: "exit 0", "exit 134", "SIGABRT", "exit 0, no report". */
  how: string;
}

function runOnce(command: string, args: string[], expectReport: boolean): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.once("error", (error) => resolve({ lost: true, how: `spawn failed: ${error.message}` }));
    child.once("close", (code, signal) => {
      if (signal) return resolve({ lost: true, how: `${signal}${stderr ? `: ${firstLine(stderr)}` : ""}` });
      if (code === null || code > 2) return resolve({ lost: true, how: `exit ${code}${stderr ? `: ${firstLine(stderr)}` : ""}` });
      if (expectReport && !reportIn(stdout)) return resolve({ lost: true, how: `exit ${code}, no report` });
      resolve({ lost: false, how: `exit ${code}` });
    });
  });
}

const firstLine = (text: string) => text.trim().split("\n")[0] ?? "";

function reportIn(stdout: string): boolean {
  try {
    const parsed: unknown = JSON.parse(stdout);
    return Array.isArray(parsed) && parsed.length === 1;
  } catch {
    return false;
  }
}

async function inLanes(total: number, lanes: number, run: () => Promise<Outcome>): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  const lane = async () => {
    while (next < total) {
      next += 1;
      outcomes.push(await run());
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, total)) }, lane));
  return outcomes;
}

function tally(outcomes: Outcome[]): string {
  const counts = new Map<string, number>();
  for (const outcome of outcomes) counts.set(outcome.how, (counts.get(outcome.how) ?? 0) + 1);
  return [...counts].map(([how, count]) => `${how} × ${count}`).join(", ");
}

/** The goal row "CLI single-file runs that abort or print nothing"; `cli` is a built cli.js (its node-worker.js beside it). */
export async function cliRunsRow(cli: string, workDir: string): Promise<GoalRow> {
  const runs = Number(process.env.BENCH_CLI_RUNS ?? 1000);
  const gsRuns = Number(process.env.BENCH_CLI_GS_RUNS ?? 50);
  const parallel = Number(process.env.BENCH_CLI_PARALLEL ?? availableParallelism());
  await mkdir(workDir, { recursive: true });
  const file = join(workDir, "card.pdf");
  const profile = join(workDir, "card-profile.json");
  // A business card with an RGB rectangle: a report with a finding, exit code 1, the usual answer.
  await writeFile(file, process.env.BENCH_CLI_FILE ? await readFile(process.env.BENCH_CLI_FILE) : businessCardPdf("1 0 0 rg 20 20 100 60 re f", "1.3"));
  await writeFile(profile, JSON.stringify(BUSINESS_CARD_PROFILE));
  const started = performance.now();
  const cliOutcomes = await inLanes(runs, parallel, () => runOnce(process.execPath, [cli, file, "--profile", profile, "--json"], true));
  const seconds = (performance.now() - started) / 1000;
  const gsOutcomes = await inLanes(gsRuns, parallel, () => runOnce("gs", ["-q", "-o", "/dev/null", "-sDEVICE=inkcov", file], false));
  const lost = cliOutcomes.filter((outcome) => outcome.lost).length;
  const gsLost = gsOutcomes.filter((outcome) => outcome.lost).length;
  console.log(`\nCLI single-file runs: ${runs} in ${seconds.toFixed(0)} s, ${parallel} at a time: ${tally(cliOutcomes)}`);
  console.log(`gs on the same file: ${gsRuns} runs: ${tally(gsOutcomes)}`);
  return {
    figure: "CLI single-file runs that abort or print nothing",
    measured: `${lost} of ${runs}`,
    reference: `${gsLost} of ${gsRuns} (\`gs\` inkcov on the same file)`,
    ratio: NaN,
    goal: "0 aborts",
    met: lost === 0,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  let cli = process.argv[2];
  if (!cli) {
    const build = spawnSync("npm", ["run", "--silent", "build:preflight"], { cwd: root, stdio: "inherit" });
    if (build.status !== 0) throw new Error("npm run build:preflight failed");
    cli = join(root, "dist", "preflight", "cli.js");
  }
  const row = await cliRunsRow(cli, join(root, ".tmp", "bench-preflight-cli"));
  printGoalTable("preflight CLI", [row]);
}
