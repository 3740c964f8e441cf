import { readFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import { runBatch } from "./cli-batch";
import { parseProfile, ProfileError } from "./profile";
import type { PreflightProfile } from "./report";
import { LayoutCheckError } from "./runtime/errors";
import { createNodeCheckPool } from "./runtime/node-pool";

/*
 * ottisk-preflight <file.pdf>... [--profile <profile.json> | --product <id> --detail <name> [--api <base>]] [--timeout <s>] [--json]
 *
 * Checks PDF layouts against a product detail's profile in a pool of warm worker threads
 * (runtime/node-pool.ts: as many as CPUs, each with a time and a memory limit), several files at
 * once, each worker reused for file after file (cli-batch.ts: each report written as soon as it is
 * ready, the pool closed only after the last). Exit code: 0 all passed,
 * 1 some have findings, 2 an error (a file that cannot be read or checked, a bad profile, bad
 * arguments). Built to dist/preflight/cli.js by `npm run build:preflight`: plain JavaScript starts
 * fast, and this module does not load the engine itself — only the workers do.
 */

const USAGE =
  "Использование: ottisk-preflight <файл.pdf>... [--profile <профиль.json> | --product <id товара> --detail <деталь> [--api <адрес API>]] [--timeout <секунды>] [--json]";
const DEFAULT_API = "http://localhost:8080/api";
/**
 * The time limit of one file (--timeout, seconds). A 200-page A4 layout with photos must fit: 31 s
 * measured on a loaded 2-core machine, ~90 s at the 0.44 CPU-s a page issue 17 found before the
 * engine's speed work; a staff member running the CLI waits for an answer rather than TIMEOUT.
 */
const DEFAULT_TIMEOUT_S = 120;
const MAX_TIMEOUT_S = 3_600;
const CHECK_MEMORY_MB = 512;

/** A mistake in how the CLI was called: printed with the usage line, exit code 2. */
class UsageError extends Error {}

interface Options {
  files: string[];
  json: boolean;
  profile: PreflightProfile;
  timeoutMs: number;
}

async function profileFromFile(path: string): Promise<PreflightProfile> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch {
    throw new UsageError(`Не удалось прочитать профиль ${path}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UsageError(`Профиль ${path} — не JSON`);
  }
  return checkedProfile(json, path);
}

function checkedProfile(json: unknown, where: string): PreflightProfile {
  try {
    return parseProfile(json);
  } catch (error) {
    if (error instanceof ProfileError) throw new UsageError(`Профиль ${where} задан неверно: ${error.problems.join("; ")}`);
    throw error;
  }
}

/** The detail's profile as the shop's API gives it: GET {api}/public/product/{id} → details[].profile. */
async function profileFromApi(api: string, productId: string, detailName: string): Promise<PreflightProfile> {
  if (!/^[1-9]\d*$/.test(productId)) throw new UsageError(`--product — это номер товара, а не «${productId}»`);
  const url = `${api.replace(/\/+$/, "")}/public/product/${productId}`;
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(15_000) });
  } catch (error) {
    // undici hides the reason (ECONNREFUSED, ENOTFOUND …) in the cause of its "fetch failed".
    const inner = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const cause = inner instanceof Error ? ("code" in inner ? String(inner.code) : inner.message) : "";
    throw new UsageError(`API магазина не отвечает (${url}${cause ? `, ${cause}` : ""})`);
  }
  if (response.status === 404) throw new UsageError(`Товар ${productId} не найден (${url})`);
  if (!response.ok) throw new UsageError(`API магазина ответило ${response.status} (${url})`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new UsageError(`API магазина ответило не JSON (${url})`);
  }
  const details = typeof body === "object" && body !== null && "details" in body && Array.isArray(body.details) ? (body.details as unknown[]) : [];
  const named = details.filter((item): item is { name: string; profile: unknown } => typeof item === "object" && item !== null && "name" in item && typeof item.name === "string" && "profile" in item);
  const detail = named.find((item) => item.name === detailName);
  if (!detail) {
    const names = named.map((item) => `«${item.name}»`).join(", ");
    throw new UsageError(names ? `У товара ${productId} нет детали «${detailName}»: есть ${names}` : `У товара ${productId} нет деталей с макетом`);
  }
  return checkedProfile(detail.profile, `детали «${detailName}» товара ${productId}`);
}

/** The options, or null when only the usage is asked for (--help). */
async function parseOptions(argv: string[], env: NodeJS.ProcessEnv): Promise<Options | null> {
  let parsed: ReturnType<typeof parseCli>;
  try {
    parsed = parseCli(argv);
  } catch (error) {
    throw new UsageError(argumentProblem(error));
  }
  const { values, positionals } = parsed;
  if (values.help) return null;
  if (positionals.length === 0) throw new UsageError("Укажите хотя бы один PDF-файл");
  const byProduct = values.product !== undefined || values.detail !== undefined;
  if (values.profile !== undefined && byProduct) throw new UsageError("Укажите либо --profile, либо --product с --detail");
  let profile: PreflightProfile;
  if (values.profile !== undefined) {
    profile = await profileFromFile(values.profile);
  } else if (byProduct) {
    if (values.product === undefined || values.detail === undefined) throw new UsageError("--product и --detail указываются вместе");
    profile = await profileFromApi(values.api ?? env.OTTISK_API ?? DEFAULT_API, values.product, values.detail);
  } else {
    throw new UsageError("Укажите профиль: --profile <профиль.json> или --product <id товара> --detail <деталь>");
  }
  return { files: positionals, json: values.json ?? false, profile, timeoutMs: timeoutOf(values.timeout) };
}

/** --timeout in seconds (a decimal point or comma allowed), 0 < s ≤ 3600; default DEFAULT_TIMEOUT_S. */
function timeoutOf(value: string | undefined): number {
  if (value === undefined) return DEFAULT_TIMEOUT_S * 1000;
  const seconds = /^\d+([.,]\d+)?$/.test(value) ? Number(value.replace(",", ".")) : NaN;
  if (!(seconds > 0 && seconds <= MAX_TIMEOUT_S)) throw new UsageError(`--timeout — это число секунд больше 0 и не больше ${MAX_TIMEOUT_S}, а не «${value}»`);
  return Math.max(1, Math.round(seconds * 1000));
}

/** parseArgs explains in English; the shop's staff read Russian. */
function argumentProblem(error: unknown): string {
  const code = error instanceof Error && "code" in error ? String(error.code) : "";
  const option = error instanceof Error ? (/'(-[-\w]*)/.exec(error.message)?.[1] ?? "") : "";
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") return `Неизвестный параметр ${option}`;
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") return `Параметру ${option} нужно значение`;
  return "Неверные аргументы";
}

function parseCli(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      profile: { type: "string" },
      product: { type: "string" },
      detail: { type: "string" },
      api: { type: "string" },
      timeout: { type: "string" },
      json: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
}

async function main(): Promise<void> {
  let options: Options | null;
  try {
    options = await parseOptions(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`ottisk-preflight: ${error.message}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  if (!options) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const lanes = Math.max(1, Math.min(options.files.length, availableParallelism()));
  const pool = createNodeCheckPool({ workers: lanes, timeoutMs: options.timeoutMs, memoryMb: CHECK_MEMORY_MB });
  // A bug of the pool's own (an error thrown in a worker's event) must not end the process with the
  // batch half said: every file not yet answered is answered CRASHED, and the output is complete.
  const crash = new AbortController();
  const onCrash = (error: unknown) => {
    // Once: the output may be what broke (EPIPE when the reader has gone), and writing again would throw again.
    if (crash.signal.aborted) return;
    crash.abort(new LayoutCheckError("CRASHED", String(error)));
    if (error instanceof Error && "code" in error && error.code === "EPIPE") return;
    try {
      process.stderr.write(`ottisk-preflight: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    } catch {
      // Nowhere left to say it.
    }
  };
  process.on("uncaughtException", onCrash);
  process.on("unhandledRejection", onCrash);
  process.exitCode = await runBatch({ files: options.files, json: options.json, profile: options.profile, lanes }, { pool, write: (text) => process.stdout.write(text), signal: crash.signal });
}

await main();
