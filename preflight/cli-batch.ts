import { readFile, stat } from "node:fs/promises";
import { performance } from "node:perf_hooks";
import type { Finding, PreflightProfile } from "./report";
import { LayoutCheckError } from "./runtime/errors";
import type { CheckErrorCode } from "./runtime/errors";
import type { NodeCheckPool } from "./runtime/node-pool";

/*
 * One batch of ottisk-preflight (cli.ts parses the arguments): the files checked a few at a time on
 * the pool's warm workers, each file's report written as soon as it and every file before it are
 * done — plain lines, or the --json array one element at a time, its closing bracket right after
 * the last file — and only THEN the pool closed. Whatever happens to the pool or the process after
 * a file is answered, its report is already out (issue 31: a crash while the pool's threads ended
 * lost a whole --json batch). The batch never throws: a file the pool cannot answer is a CRASHED
 * answer, and `signal` (aborted on an uncaught error of the process) answers every file still
 * waiting CRASHED, so the output is complete whatever broke.
 */

/** Bigger files are not read into memory at all: a layout of half a gigabyte is for a specialist. */
const MAX_FILE_BYTES = 512 * 1024 * 1024;

export type CliErrorCode = CheckErrorCode | "UNREADABLE";

export interface FileResult {
  file: string;
  ok: boolean;
  findings: Finding[];
  error?: { code: CliErrorCode; message: string };
  ms: number;
}

export interface BatchOptions {
  files: string[];
  json: boolean;
  profile: PreflightProfile;
  /** How many files are checked at once (the pool's workers). */
  lanes: number;
}

export interface BatchIo {
  pool: NodeCheckPool;
  /** Standard output (synchronous for files, pipes and terminals on POSIX). */
  write: (text: string) => void;
  /** Aborted: every file not yet answered is answered CRASHED at once. */
  signal?: AbortSignal;
}

async function checkFile(pool: NodeCheckPool, file: string, profile: PreflightProfile): Promise<FileResult> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  let bytes: Uint8Array;
  try {
    const info = await stat(file);
    if (!info.isFile()) return { file, ok: false, findings: [], error: { code: "UNREADABLE", message: "Это не файл: укажите PDF-файл" }, ms: ms() };
    if (info.size > MAX_FILE_BYTES) {
      const error = new LayoutCheckError("TOO_LARGE", `${info.size} bytes`);
      return { file, ok: false, findings: [], error: { code: error.code, message: error.messageUI }, ms: ms() };
    }
    bytes = new Uint8Array(await readFile(file));
  } catch (error) {
    const code = error instanceof Error && "code" in error ? String(error.code) : "";
    const message = code === "ENOENT" ? "Файл не найден" : code === "EACCES" || code === "EPERM" ? "Нет доступа к файлу" : "Файл не читается";
    return { file, ok: false, findings: [], error: { code: "UNREADABLE", message }, ms: ms() };
  }
  try {
    const report = await pool.check(bytes, profile);
    return { file, ok: report.findings.length === 0, findings: report.findings, ms: ms() };
  } catch (error) {
    return crashed(file, error, ms());
  }
}

function crashed(file: string, error: unknown, ms: number): FileResult {
  const failure = error instanceof LayoutCheckError ? error : new LayoutCheckError("CRASHED", String(error));
  return { file, ok: false, findings: [], error: { code: failure.code, message: failure.messageUI }, ms };
}

/** «1 замечание», «3 замечания», «5 замечаний». */
function remarks(count: number): string {
  const tens = count % 100;
  const ones = count % 10;
  const word = tens >= 11 && tens <= 14 ? "замечаний" : ones === 1 ? "замечание" : ones >= 2 && ones <= 4 ? "замечания" : "замечаний";
  return `${count} ${word}`;
}

function measuredText(finding: Finding): string {
  if (finding.measured === null) return "";
  if (typeof finding.measured === "string") return ` (${finding.measured})`;
  const value = Number.isInteger(finding.measured) ? String(finding.measured) : finding.measured.toFixed(1);
  const unit = finding.code === 4781 ? " ppi" : finding.code === 4731 ? " %" : "";
  return ` (${value}${unit})`;
}

function plainLines(result: FileResult): string[] {
  if (result.error) return [`! ${result.file} — ${result.error.message}`];
  if (result.ok) return [`✓ ${result.file} — готов к печати (${result.ms} мс)`];
  return [
    `✗ ${result.file} — ${remarks(result.findings.length)}`,
    ...result.findings.map((finding) => `  ${finding.page === null ? "документ" : `стр. ${finding.page}`} · ${finding.code} ${finding.message}${measuredText(finding)}`),
  ];
}

/** One element of the --json array as JSON.stringify(results, null, 2) writes it, so the streamed text is the same. */
function jsonElement(result: FileResult, first: boolean): string {
  return `${first ? "[\n" : ",\n"}  ${JSON.stringify(result, null, 2).split("\n").join("\n  ")}`;
}

function exitCodeOf(results: FileResult[]): 0 | 1 | 2 {
  if (results.some((result) => result.error)) return 2;
  return results.some((result) => !result.ok) ? 1 : 0;
}

/**
 * Checks `options.files` on `io.pool`, writes every report (in the files' order, each as soon as it
 * can be), then closes the pool; resolves with the exit code: 0 all passed, 1 some have findings,
 * 2 an error.
 */
export async function runBatch(options: BatchOptions, io: BatchIo): Promise<0 | 1 | 2> {
  const { files } = options;
  const results: Array<FileResult | undefined> = new Array(files.length);
  let next = 0;
  let printed = 0;
  const settle = (index: number, result: FileResult) => {
    if (results[index] !== undefined) return;
    results[index] = result;
    for (let ready = results[printed]; ready !== undefined; ready = results[printed]) {
      io.write(options.json ? jsonElement(ready, printed === 0) : `${plainLines(ready).join("\n")}\n`);
      printed += 1;
      if (printed === files.length && options.json) io.write("\n]\n");
    }
  };
  const started = performance.now();
  const giveUp = () => {
    const ms = Math.round(performance.now() - started);
    const reason = io.signal?.reason;
    files.forEach((file, index) => settle(index, crashed(file, reason instanceof LayoutCheckError ? reason : new LayoutCheckError("CRASHED", String(reason)), ms)));
  };
  const lane = async () => {
    for (let index = next++; index < files.length && !io.signal?.aborted; index = next++) {
      const file = files[index] ?? "";
      settle(index, await checkFile(io.pool, file, options.profile));
    }
  };
  if (io.signal?.aborted) giveUp();
  io.signal?.addEventListener("abort", giveUp, { once: true });
  try {
    await Promise.race([
      Promise.all(Array.from({ length: Math.max(1, Math.min(files.length, options.lanes)) }, lane)),
      new Promise<void>((resolve) => io.signal?.addEventListener("abort", () => resolve(), { once: true })),
    ]);
  } finally {
    io.signal?.removeEventListener("abort", giveUp);
    // Every report is out before the pool's threads end: whatever ending them does, nothing is lost.
    await io.pool.close().catch(() => undefined);
  }
  return exitCodeOf(results.filter((result): result is FileResult => result !== undefined));
}
