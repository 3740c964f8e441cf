/*
 * The API reports of what other code builds on (`npm run api:check` in `npm test`, `npm run
 * api:update` to accept a change), the way tldraw keeps its api-report.api.md files: API Extractor
 * (Microsoft's, the well-kept tool for this) reads the TypeScript declarations of a public entry
 * and writes every exported name with its type into a Markdown file that is committed. A change to
 * the surface then shows in review as a diff of that file, and the check fails until it is accepted.
 *
 * Two surfaces:
 * - shared/contracts/contracts.api.md: `shared/contracts/index.ts`, the zod contracts both the
 *   server and the browser use (each schema's shape, each inferred type, each limit).
 * - widgets/widgets.api.md: the widgets' public faces, one namespace per `widgets/<tag>/index.ts`
 *   (named by its folder in camelCase), and the widgets root `index.ts` (the events' types).
 *
 * How: TypeScript emits the declarations of the entries (and of what they reach) into
 * .tmp/api/dts, a small generated entry names each face as a namespace, and API Extractor writes
 * the reports into .tmp/api/report; the check compares them with the committed ones byte for byte
 * and prints the first lines that differ.
 */
import { Extractor, ExtractorConfig, ExtractorLogLevel } from "@microsoft/api-extractor";
import type { ExtractorMessage } from "@microsoft/api-extractor";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const root = join(import.meta.dirname, "..", "..");
const work = join(root, ".tmp", "api");
const dts = join(work, "dts");
const update = process.argv.includes("--update");

interface Surface {
  /** Shown in messages. */
  name: string;
  /** The committed report, relative to the project. */
  report: string;
  /** The declarations entry API Extractor reads (under .tmp/api/dts). */
  entry: string;
  /**
   * Whether a type the surface uses but does not export is noted in the report. The contracts
   * export every schema their types are built from, and a note there is a gap; the widgets' props
   * name the contracts' types (`Order`, `CartLine`), which the contracts' own report shows.
   */
  noteUnexported: boolean;
}

/** `layout-checker` → `layoutChecker`: a face's namespace in the report. */
function namespaceOf(folder: string): string {
  return folder.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** Every widget folder with a face, in name order. */
function widgetFaces(): string[] {
  return readdirSync(join(root, "widgets"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, "widgets", entry.name, "index.ts")))
    .map((entry) => entry.name)
    .sort();
}

function emitDeclarations(sources: string[]): void {
  const parsed = ts.getParsedCommandLineOfConfigFile(join(root, "tsconfig.json"), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    },
  });
  if (!parsed) throw new Error("tsconfig.json could not be read");
  const options: ts.CompilerOptions = {
    ...parsed.options,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    declarationDir: dts,
    rootDir: root,
  };
  // The project's ambient declarations (globals the build defines, CSS imports) come along.
  const ambient = parsed.fileNames.filter((file) => file.endsWith(".d.ts"));
  const program = ts.createProgram([...sources.map((source) => join(root, source)), ...ambient], options);
  const result = program.emit(undefined, undefined, undefined, true);
  const problems = [...ts.getPreEmitDiagnostics(program), ...result.diagnostics].filter((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error);
  if (problems.length > 0) {
    throw new Error(ts.formatDiagnostics(problems, { getCanonicalFileName: (name) => name, getCurrentDirectory: () => root, getNewLine: () => "\n" }));
  }
}

function extract(surface: Surface): string {
  const reportFolder = join(work, "report");
  const fileName = surface.report.split("/").at(-1) ?? surface.report;
  const config = ExtractorConfig.prepare({
    configObject: {
      projectFolder: root,
      mainEntryPointFilePath: join(dts, surface.entry),
      compiler: {
        overrideTsconfig: {
          compilerOptions: { target: "es2022", module: "esnext", moduleResolution: "bundler", jsx: "react-jsx", lib: ["es2023", "dom", "dom.iterable"], types: ["node"], skipLibCheck: true, strict: true },
          include: [join(dts, surface.entry)],
        },
      },
      apiReport: { enabled: true, reportFileName: fileName, reportFolder, reportTempFolder: join(work, "temp") },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        // What a name lacks (docs, a release tag, an export of a type it uses) is written into the
        // report itself ("Warnings were encountered during analysis"), not printed.
        extractorMessageReporting: {
          default: { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
          "ae-forgotten-export": { logLevel: ExtractorLogLevel.None, addToApiReportFile: surface.noteUnexported },
        },
        tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
        compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Error } },
      },
    },
    configObjectFullPath: join(work, "api-extractor.json"),
    packageJsonFullPath: join(root, "package.json"),
  });
  const errors: string[] = [];
  const result = Extractor.invoke(config, {
    localBuild: true,
    messageCallback: (message: ExtractorMessage) => {
      if (message.logLevel === ExtractorLogLevel.Error) errors.push(message.formatMessageWithLocation(root));
      // The rest (which TypeScript it bundles, a report created or changed) is what this script says itself.
      message.handled = true;
    },
  });
  if (!result.succeeded || errors.length > 0) throw new Error(`API Extractor failed on ${surface.name}:\n${errors.join("\n")}`);
  return readFileSync(join(reportFolder, fileName), "utf8");
}

/** The first lines that differ, as a reviewer would want to see them. */
function firstDifferences(before: string, after: string, limit = 40): string[] {
  const old = before.split("\n");
  const now = after.split("\n");
  let start = 0;
  while (start < old.length && start < now.length && old[start] === now[start]) start += 1;
  let endOld = old.length;
  let endNow = now.length;
  while (endOld > start && endNow > start && old[endOld - 1] === now[endNow - 1]) {
    endOld -= 1;
    endNow -= 1;
  }
  const lines = [`@@ line ${start + 1} @@`, ...old.slice(start, endOld).map((line) => `- ${line}`), ...now.slice(start, endNow).map((line) => `+ ${line}`)];
  return lines.length > limit ? [...lines.slice(0, limit), `… ${lines.length - limit} more lines`] : lines;
}

rmSync(work, { recursive: true, force: true });
mkdirSync(dts, { recursive: true });
mkdirSync(join(work, "report"), { recursive: true });
const faces = widgetFaces();
emitDeclarations(["shared/contracts/index.ts", "widgets/index.ts", ...faces.map((face) => `widgets/${face}/index.ts`)]);

// The widgets' surface: each face as a namespace named by its folder, and the root's own exports.
writeFileSync(
  join(dts, "widgets-surface.d.ts"),
  [
    "/* Generated by tests/docs/api-report.ts: the widgets' public faces, one namespace each. */",
    ...faces.map((face) => `import * as ${namespaceOf(face)} from "./widgets/${face}/index";`),
    `export { ${faces.map(namespaceOf).join(", ")} };`,
    'export type { OttiskEventMap, OttiskEventName } from "./widgets/index";',
    "",
  ].join("\n"),
);

const surfaces: Surface[] = [
  { name: "shared/contracts", report: "shared/contracts/contracts.api.md", entry: "shared/contracts/index.d.ts", noteUnexported: true },
  { name: `the widgets' faces (${faces.length})`, report: "widgets/widgets.api.md", entry: "widgets-surface.d.ts", noteUnexported: false },
];

const stale: string[] = [];
for (const surface of surfaces) {
  const made = extract(surface);
  const committedPath = join(root, surface.report);
  const committed = existsSync(committedPath) ? readFileSync(committedPath, "utf8") : "";
  if (made === committed) continue;
  if (update) {
    writeFileSync(committedPath, made);
    console.log(`api:update: ${surface.report} written.`);
    continue;
  }
  stale.push(surface.report);
  console.error(`api:check: the public surface of ${surface.name} changed (${surface.report}):`);
  for (const line of firstDifferences(committed, made)) console.error(`  ${line}`);
  console.error(`  The new report is ${relative(root, join(work, "report", surface.report.split("/").at(-1) ?? ""))}.`);
}
if (stale.length > 0) {
  console.error("If the change is meant, accept it with `npm run api:update` and commit the report with the change.");
  process.exit(1);
}
if (!update) console.log(`api:check: ${surfaces.map((surface) => surface.report).join(" and ")} match the code.`);
