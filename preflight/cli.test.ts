import { execFile, spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkMessages } from "./report";
import { BUSINESS_CARD_PROFILE, businessCardPdf } from "./core/testing";

/*
 * The built CLI (dist/preflight/cli.js, `npm run build:preflight` in beforeAll — the same esbuild
 * command `npm run build` runs), spawned as a user would: plain and --json output, exit codes
 * 0 / 1 / 2, the files checked in a pool of warm workers, --timeout, and how fast it starts (printed,
 * not asserted).
 */

const root = join(import.meta.dirname, "..");
const CLI = join(root, "dist", "preflight", "cli.js");


interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

function runCli(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Run> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: dir, env });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr, ms: performance.now() - started }));
  });
}

interface JsonResult {
  file: string;
  ok: boolean;
  findings: Array<{ code: number; message: string; page: number | null; measured: number | string | null }>;
  error?: { code: string; message: string };
  ms: number;
}

let dir: string;

beforeAll(async () => {
  await promisify(execFile)("npm", ["run", "--silent", "build:preflight"], { cwd: root });
  dir = await mkdtemp(join(tmpdir(), "ottisk-cli-"));
  await writeFile(join(dir, "profile.json"), JSON.stringify(BUSINESS_CARD_PROFILE));
  await writeFile(join(dir, "bad-profile.json"), JSON.stringify({ ...BUSINESS_CARD_PROFILE, pages: 0, compression: "jpeg" }));
  // A CMYK rectangle on a correctly sized page: nothing to object to.
  await writeFile(join(dir, "good.pdf"), businessCardPdf("0 0.5 1 0 k 20 20 100 60 re f", "1.3"));
  // PDF 1.7 instead of 1.3, and an RGB rectangle.
  await writeFile(join(dir, "rgb.pdf"), businessCardPdf("1 0 0 rg 20 20 100 60 re f", "1.7"));
  await writeFile(join(dir, "letter.pdf"), "Dear customer, this is not a PDF.\n");
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("ottisk-preflight (the built CLI)", () => {
  it("starts fast: prints its usage, and checks one good file with exit code 0", async () => {
    const help = await runCli(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Использование: ottisk-preflight");
    const good = await runCli(["good.pdf", "--profile", "profile.json"]);
    expect(good.stderr).toBe("");
    expect(good.code).toBe(0);
    expect(good.stdout).toMatch(/^✓ good\.pdf — готов к печати \(\d+ мс\)\n$/);
    console.log(`ottisk-preflight: --help in ${Math.round(help.ms)} ms, one file checked in ${Math.round(good.ms)} ms (process start to exit)`);
  });

  it("lists a failing file's findings, one indented line each, with exit code 1", async () => {
    const run = await runCli(["good.pdf", "rgb.pdf", "--profile", "profile.json"]);
    expect(run.code).toBe(1);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^✓ good\.pdf — готов к печати/);
    expect(lines[1]).toBe("✗ rgb.pdf — 2 замечания");
    expect(lines.slice(2).sort()).toEqual([`  документ · 1120 ${checkMessages[1120]} (1.7)`, expect.stringMatching(/^ {2}стр\. 1 · 2078 RGB-цвета недопустимы: используйте CMYK/)].sort());
  });

  it("answers --json: an array of { file, ok, findings, error?, ms } in the files' order; an error means exit code 2", async () => {
    const run = await runCli(["rgb.pdf", "missing.pdf", "good.pdf", "letter.pdf", "--profile", "profile.json", "--json"]);
    expect(run.code).toBe(2);
    const results = JSON.parse(run.stdout) as JsonResult[];
    expect(results.map((result) => [result.file, result.ok, result.error?.code ?? null])).toEqual([
      ["rgb.pdf", false, null],
      ["missing.pdf", false, "UNREADABLE"],
      ["good.pdf", true, null],
      ["letter.pdf", false, "NOT_A_PDF"],
    ]);
    expect(results[0]?.findings.map((finding) => finding.code).sort()).toEqual([1120, 2078]);
    expect(results[0]?.findings.find((finding) => finding.code === 1120)).toMatchObject({ page: null, measured: "1.7", message: checkMessages[1120] });
    expect(results[1]?.error?.message).toBe("Файл не найден");
    expect(results[3]?.error?.message).toBe("Это не PDF-файл: сохраните макет в формате PDF");
    for (const result of results) {
      expect(Object.keys(result).sort()).toEqual(result.error ? ["error", "file", "findings", "ms", "ok"] : ["file", "findings", "ms", "ok"]);
      expect(result.ms).toBeGreaterThanOrEqual(0);
    }
  });

  it("prints an unreadable file as `! file — message` with exit code 2", async () => {
    const run = await runCli(["missing.pdf", "--profile", "profile.json"]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("! missing.pdf — Файл не найден\n");
  });

  it("refuses bad arguments and a bad profile with a Russian usage line and exit code 2", async () => {
    const cases: Array<[string[], string]> = [
      [["--profile", "profile.json"], "Укажите хотя бы один PDF-файл"],
      [["good.pdf"], "Укажите профиль"],
      [["good.pdf", "--profile", "profile.json", "--product", "1"], "либо --profile, либо --product"],
      [["good.pdf", "--product", "1"], "--product и --detail указываются вместе"],
      [["good.pdf", "--profile", "profile.json", "--colour"], "Неизвестный параметр --colour"],
      [["good.pdf", "--profile", "nowhere.json"], "Не удалось прочитать профиль nowhere.json"],
      [["good.pdf", "--profile", "bad-profile.json"], "Профиль bad-profile.json задан неверно: pages"],
      [["good.pdf", "--profile", "profile.json", "--timeout", "0"], "--timeout — это число секунд больше 0"],
      [["good.pdf", "--profile", "profile.json", "--timeout", "soon"], "а не «soon»"],
      [["good.pdf", "--profile", "profile.json", "--timeout"], "Параметру --timeout нужно значение"],
    ];
    for (const [args, message] of cases) {
      const run = await runCli(args);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr).toContain(message);
      expect(run.stderr).toContain("Использование: ottisk-preflight <файл.pdf>...");
    }
  });

  it("reads the detail's profile from the shop's API with --product and --detail (--api or OTTISK_API)", async () => {
    const { createServer } = await import("node:http");
    const asked: string[] = [];
    const server = createServer((request, response) => {
      asked.push(request.url ?? "");
      if (request.url === "/api/public/product/7") {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ id: 7, details: [{ name: "Лицевая сторона", profile: BUSINESS_CARD_PROFILE, requiresOptionCode: null }, { name: "Обратная сторона", profile: { ...BUSINESS_CARD_PROFILE, pages: 2 }, requiresOptionCode: "4+4" }] }));
      } else {
        response.writeHead(404, { "content-type": "application/json" });
        response.end("{}");
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    const api = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/api`;
    try {
      const face = await runCli(["good.pdf", "--product", "7", "--detail", "Лицевая сторона", "--api", api]);
      expect(face.code).toBe(0);
      // The back side's profile wants two pages; the API's address comes from the environment here.
      const back = await runCli(["good.pdf", "--product", "7", "--detail", "Обратная сторона", "--json"], { ...process.env, OTTISK_API: api });
      expect(back.code).toBe(1);
      expect((JSON.parse(back.stdout) as JsonResult[])[0]?.findings.map((finding) => [finding.code, finding.measured])).toEqual([[1163, 1]]);
      const unknownDetail = await runCli(["good.pdf", "--product", "7", "--detail", "Крышка", "--api", api]);
      expect(unknownDetail.code).toBe(2);
      expect(unknownDetail.stderr).toContain("У товара 7 нет детали «Крышка»: есть «Лицевая сторона», «Обратная сторона»");
      const unknownProduct = await runCli(["good.pdf", "--product", "8", "--detail", "Крышка", "--api", api]);
      expect(unknownProduct.code).toBe(2);
      expect(unknownProduct.stderr).toContain("Товар 8 не найден");
      expect(asked).toEqual(["/api/public/product/7", "/api/public/product/7", "/api/public/product/7", "/api/public/product/8"]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("checks many files in one process, and ends a file past --timeout with the Russian timeout message", async () => {
    const files = Array.from({ length: 12 }, (_, index) => (index % 3 === 2 ? "rgb.pdf" : "good.pdf"));
    const run = await runCli([...files, "--profile", "profile.json", "--json"]);
    expect(run.code).toBe(1);
    expect((JSON.parse(run.stdout) as JsonResult[]).map((result) => result.ok)).toEqual(files.map((file) => file === "good.pdf"));
    console.log(`ottisk-preflight: ${files.length} files in one process in ${Math.round(run.ms)} ms`);
    // A millisecond is less than a cold thread's first check takes.
    const late = await runCli(["good.pdf", "--profile", "profile.json", "--timeout", "0.001"]);
    expect(late.code).toBe(2);
    expect(late.stdout).toBe("! good.pdf — Проверка заняла слишком много времени: файл проверит специалист\n");
    expect((await runCli(["good.pdf", "--profile", "profile.json", "--timeout", "2,5"])).code).toBe(0);
  });

  it("runs as `npx ottisk-preflight` (package.json bin)", async () => {
    const { stdout } = await promisify(execFile)("npx", ["--no-install", "ottisk-preflight", join(dir, "good.pdf"), "--profile", join(dir, "profile.json"), "--json"], { cwd: root });
    expect((JSON.parse(stdout) as JsonResult[]).map((result) => result.ok)).toEqual([true]);
  });
});
