import { execFile } from "node:child_process";
import { constants as fsConstants } from "node:fs";
import { access, copyFile, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { cpus } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { deflateRawSync, inflateSync, constants as zlibConstants } from "node:zlib";
import type { PreflightErrorCode } from "../../preflight/core/errors";
import type { CheckCode, PreflightProfile } from "../../preflight/report";
import { BUSINESS_CARD_PROFILE } from "../../preflight/core/testing";

/*
 * npm run preflight:corpus — the preflight engine's own corpus: PDFs made by Ghostscript (PostScript
 * programs written here → pdfwrite, pdfmark for boxes, OutputIntents, annotations and layers),
 * ImageMagick (the raster images), qpdf (object streams, linearization, QDF, encryption; QDF +
 * fix-qdf for the one edit no generator makes) and, only for files no tool will write (a flate bomb,
 * 100 000 nested arrays, a form that draws itself), raw PDF written here with correct xref offsets.
 *
 * Each file is then checked with the tools themselves — qpdf --check, pdfinfo, pdfimages, a
 * Ghostscript CMYK render at 150 dpi with overprint simulated — against what the manifest claims, and
 * what they measured is written into the entry's `why`. A claim the tools contradict stops the build.
 * Output: .tmp/preflight-corpus/*.pdf and corpus.json.
 */

const root = fileURLToPath(new URL("../..", import.meta.url));
export const corpusDir = join(root, ".tmp", "preflight-corpus");
/** Where the current build writes (one build per process at a time); tests build into a folder of their own. */
let buildDir = corpusDir;
let workDir = join(buildDir, "work");

export interface ReportEntry {
  file: string;
  profile: PreflightProfile;
  /** The exact set of check codes the engine must answer, sorted. */
  expected: CheckCode[];
  why: string;
}
export interface ErrorEntry {
  file: string;
  profile: PreflightProfile;
  expectedError: PreflightErrorCode;
  why: string;
}
export type CorpusEntry = ReportEntry | ErrorEntry;

/** The base profile every corpus file starts from: one side of a 90 × 50 mm business card. */
export const baseProfile: PreflightProfile = BUSINESS_CARD_PROFILE;

// ---------------------------------------------------------------------------------------------
// Running the tools

interface RunResult {
  code: number;
  stdout: Buffer;
  stderr: string;
}

function run(command: string, args: string[], options: { allowFailure?: boolean } = {}): Promise<RunResult> {
  return new Promise((resolveRun, reject) => {
    execFile(command, args, { encoding: "buffer", maxBuffer: 512 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      const result = { code, stdout, stderr: stderr.toString("utf8") };
      if (code !== 0 && !options.allowFailure) {
        reject(new Error(`${command} ${args.join(" ")} exited with ${code}: ${result.stderr} ${result.stdout.toString("utf8").slice(0, 1500)}`));
        return;
      }
      resolveRun(result);
    });
  });
}

/** ImageMagick's own convert: a `convert` earlier on the PATH may be a stand-in that only renders previews. */
let convertPath = "convert";
async function findConvert(): Promise<void> {
  for (const candidate of ["/usr/bin/convert", "/usr/bin/convert-im6.q16", "/usr/bin/magick"]) {
    if (await access(candidate, fsConstants.X_OK).then(() => true, () => false)) {
      convertPath = candidate;
      return;
    }
  }
}

let iccDir = "";
async function findIccDir(): Promise<void> {
  const base = "/usr/share/ghostscript";
  for (const version of await readdir(base).catch(() => [] as string[])) {
    const dir = join(base, version, "iccprofiles");
    if (await access(join(dir, "default_cmyk.icc")).then(() => true, () => false)) {
      iccDir = dir;
      return;
    }
  }
  throw new Error("Ghostscript's ICC profiles (default_cmyk.icc, srgb.icc) were not found under /usr/share/ghostscript");
}

/** Runs at most `limit` jobs at once (two-core machines: the tools are single-threaded). */
async function inParallel<T>(items: T[], limit: number, job: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      if (item !== undefined) await job(item);
    }
  });
  await Promise.all(workers);
}

const work = (name: string) => join(workDir, name);
const out = (name: string) => join(buildDir, name);

// ---------------------------------------------------------------------------------------------
// Geometry and PostScript

const MM = 72 / 25.4;
const mm = (value: number) => value * MM;
const num = (value: number) => Number(value.toFixed(4)).toString();

/** Base finished page: trim 90 × 50 mm + 2 × 2 mm bleed = 94 × 54 mm. */
const PAGE_W = mm(94);
const PAGE_H = mm(54);

interface GsOptions {
  level?: "1.3" | "1.4" | "1.5" | "1.7";
  /** Leave images uncompressed (2088 with "any" must then stay silent). */
  rawImages?: boolean;
  /** Ghostscript's PDF/X output (-dPDFX, colour converted to CMYK): it writes TrimBox = BleedBox = MediaBox. */
  pdfx?: boolean;
}

/** PostScript → PDF with Ghostscript's pdfwrite, colour left as written, images not re-encoded. */
async function gsPdf(name: string, postscript: string, options: GsOptions = {}): Promise<void> {
  const psPath = work(name.replace(/\.pdf$/, ".ps"));
  await writeFile(psPath, postscript);
  const imageFilters = options.rawImages
    ? ["-dEncodeColorImages=false", "-dEncodeGrayImages=false", "-dEncodeMonoImages=false"]
    : ["-dColorImageFilter=/FlateEncode", "-dGrayImageFilter=/FlateEncode"];
  await run("gs", [
    "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER",
    `--permit-file-read=${workDir}/`, `--permit-file-read=${iccDir}/`,
    "-sDEVICE=pdfwrite",
    `-dCompatibilityLevel=${options.level ?? "1.3"}`,
    ...(options.pdfx ? ["-dPDFX", "-sColorConversionStrategy=CMYK"] : ["-sColorConversionStrategy=LeaveColorUnchanged"]),
    "-dAutoRotatePages=/None",
    "-dAutoFilterColorImages=false", "-dAutoFilterGrayImages=false",
    ...imageFilters,
    "-dDownsampleColorImages=false", "-dDownsampleGrayImages=false", "-dDownsampleMonoImages=false",
    "-dPassThroughJPEGImages=true",
    "-o", out(name), psPath,
  ]);
}

/** A PostScript document: its pages, each given as a body drawn after the page size is set. */
function psDocument(pages: { w?: number; h?: number; body: string }[], prolog = ""): string {
  const parts = ["%!PS-Adobe-3.0", "/mm { 72 mul 25.4 div } bind def", prolog];
  for (const page of pages) {
    parts.push(`<< /PageSize [${num(page.w ?? PAGE_W)} ${num(page.h ?? PAGE_H)}] >> setpagedevice`, page.body, "showpage");
  }
  return parts.join("\n") + "\n";
}

/** A light CMYK background over the whole page: 30 % total ink, never a finding by itself. */
const background = (w = PAGE_W, h = PAGE_H) => `0.2 0.1 0 0 setcmykcolor 0 0 ${num(w)} ${num(h)} rectfill`;

interface RawImage {
  path: string;
  width: number;
  height: number;
  components: 1 | 3 | 4;
}

/** Draws a raw 8-bit image into the rectangle x, y, w × h (points). */
function psImage(image: RawImage, x: number, y: number, w: number, h: number): string {
  const decode = { 1: "[0 1]", 3: "[0 1 0 1 0 1]", 4: "[0 1 0 1 0 1 0 1]" }[image.components];
  const space = { 1: "/DeviceGray", 3: "/DeviceRGB", 4: "/DeviceCMYK" }[image.components];
  return [
    `gsave ${num(x)} ${num(y)} translate ${num(w)} ${num(h)} scale ${space} setcolorspace`,
    `<< /ImageType 1 /Width ${image.width} /Height ${image.height} /BitsPerComponent 8 /Decode ${decode}`,
    `   /ImageMatrix [${image.width} 0 0 -${image.height} 0 ${image.height}] /DataSource (${image.path}) (r) file >> image grestore`,
  ].join("\n");
}

/** A CMYK plasma image at most 60 % per ink (≤ 240 % total), as raw samples. */
async function cmykImage(name: string, width: number, height: number): Promise<RawImage> {
  const path = work(`${name}.cmyk`);
  await run(convertPath, ["-size", `${width}x${height}`, "-seed", "7", "plasma:fractal", "-colorspace", "CMYK", "-channel", "CMYK", "-evaluate", "multiply", "0.6", "+channel", "-depth", "8", `cmyk:${path}`]);
  return { path, width, height, components: 4 };
}

async function rgbImage(name: string, width: number, height: number): Promise<RawImage> {
  const path = work(`${name}.rgb`);
  // Lightened (+level): an RGB image must be a 2078 finding only, whatever CMYK conversion a checker uses for total ink.
  await run(convertPath, ["-size", `${width}x${height}`, "-seed", "7", "plasma:fractal", "+level", "40%,100%", "-depth", "8", `rgb:${path}`]);
  return { path, width, height, components: 3 };
}

// ---------------------------------------------------------------------------------------------
// Raw PDF, for the files no tool writes

const latin1 = (text: string) => Buffer.from(text, "latin1");

function pdfStream(dict: string, data: Uint8Array): Buffer {
  return Buffer.concat([latin1(`<< ${dict} /Length ${data.length} >>\nstream\n`), data, latin1("\nendstream")]);
}

/** Objects 1…n (object 1 is the catalog) → a PDF with a correct xref table. */
function rawPdf(version: string, objects: (string | Buffer)[]): Buffer {
  const chunks: Buffer[] = [latin1(`%PDF-${version}\n%\xe2\xe3\xcf\xd3\n`)];
  let offset = chunks[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(offset);
    const chunk = Buffer.concat([latin1(`${index + 1} 0 obj\n`), typeof body === "string" ? latin1(body) : body, latin1("\nendobj\n")]);
    chunks.push(chunk);
    offset += chunk.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, "0000000000 65535 f \n", ...offsets.map((value) => `${String(value).padStart(10, "0")} 00000 n \n`)].join("");
  chunks.push(latin1(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(chunks);
}

const rawPage = (extra: string) =>
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(PAGE_W)} ${num(PAGE_H)}] ${extra} >>`;

/**
 * A zlib stream that inflates to `gib` GiB of zeros, built in milliseconds: one 64 MiB block of
 * zeros compressed with a full flush (which resets the window, so the same bytes can follow
 * themselves), repeated, closed by an empty final block and the Adler-32 of all those zeros.
 */
function zeroBomb(gib: number): Buffer {
  const chunkBytes = 64 * 1024 * 1024;
  const repeats = (gib * 1024 * 1024 * 1024) / chunkBytes;
  const block = deflateRawSync(Buffer.alloc(chunkBytes), { level: 9, finishFlush: zlibConstants.Z_FULL_FLUSH });
  const total = chunkBytes * repeats;
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((total % 65521) << 16) | 1) >>> 0);
  return Buffer.concat([Buffer.from([0x78, 0xda]), ...Array.from({ length: repeats }, () => block), Buffer.from([0x03, 0x00]), adler]);
}

// ---------------------------------------------------------------------------------------------
// Measuring with the tools

interface Facts {
  /** qpdf --check: 0 fine, 3 warnings (recovered), 2 errors. */
  qpdfCheck: number;
  qpdfMessage: string;
  /** The file in QDF form with streams uncompressed, as text, for looking at what the file holds. */
  qdf: string;
  /** The same without decoding any stream: the filters as the file has them. */
  rawQdf: string;
  pages: number;
  headerVersion: string;
  catalogVersion: string | null;
  boxes: PageBoxes[];
  images: ImageRow[];
  tac: TacPage[];
}

interface PageBoxes {
  rotate: number;
  media: number[];
  crop: number[];
  bleed: number[];
  trim: number[];
}

interface ImageRow {
  page: number;
  type: string;
  width: number;
  height: number;
  color: string;
  enc: string;
  object: string;
  xPpi: number;
  yPpi: number;
}

interface TacPage {
  maxPct: number;
  /** mm² of the page whose total ink is above the profile's limit. */
  areaOverMm2: number;
}

const RENDER_DPI = 150;

function parsePam(data: Buffer, limitPct: number): TacPage[] {
  const pages: TacPage[] = [];
  let at = 0;
  while (at < data.length) {
    const headerEnd = data.indexOf("ENDHDR\n", at, "latin1");
    if (headerEnd < 0) break;
    const header = data.subarray(at, headerEnd).toString("latin1");
    const width = Number(/WIDTH (\d+)/.exec(header)?.[1]);
    const height = Number(/HEIGHT (\d+)/.exec(header)?.[1]);
    const start = headerEnd + "ENDHDR\n".length;
    const end = start + width * height * 4;
    let max = 0;
    let over = 0;
    const limit = (limitPct / 100) * 255;
    for (let i = start; i < end; i += 4) {
      const sum = (data[i] ?? 0) + (data[i + 1] ?? 0) + (data[i + 2] ?? 0) + (data[i + 3] ?? 0);
      if (sum > max) max = sum;
      if (sum > limit + 1e-9) over += 1;
    }
    const pixelMm = 25.4 / RENDER_DPI;
    pages.push({ maxPct: (max / 255) * 100, areaOverMm2: over * pixelMm * pixelMm });
    at = end;
  }
  return pages;
}

function parseBox(text: string, name: string): number[] {
  const match = new RegExp(`${name}:\\s+([-\\d.]+)\\s+([-\\d.]+)\\s+([-\\d.]+)\\s+([-\\d.]+)`).exec(text);
  return match ? match.slice(1, 5).map(Number) : [];
}

async function measure(file: string, profile: PreflightProfile): Promise<Facts> {
  const path = out(file);
  const qdfPath = work(`${file}.qdf`);
  const rawQdfPath = work(`${file}.raw.qdf`);
  const [check, , , info, images, pam] = await Promise.all([
    run("qpdf", ["--check", path], { allowFailure: true }),
    run("qpdf", ["--qdf", "--object-streams=disable", "--decode-level=generalized", path, qdfPath], { allowFailure: true }),
    run("qpdf", ["--qdf", "--object-streams=disable", "--decode-level=none", path, rawQdfPath], { allowFailure: true }),
    run("pdfinfo", ["-box", "-f", "1", "-l", "999", path], { allowFailure: true }),
    run("pdfimages", ["-list", path], { allowFailure: true }),
    run("gs", ["-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=pamcmyk32", `-r${RENDER_DPI}`, "-dOverprint=/simulate", "-o", "-", path], { allowFailure: true }),
  ]);
  const qdf = await readFile(qdfPath, "latin1").catch(() => "");
  const rawQdf = await readFile(rawQdfPath, "latin1").catch(() => "");
  const infoText = info.stdout.toString("utf8");
  const boxes: PageBoxes[] = [];
  const pageCount = Number(/Pages:\s+(\d+)/.exec(infoText)?.[1] ?? 0);
  for (let page = 1; page <= pageCount; page += 1) {
    const lines = infoText.split("\n").filter((line) => new RegExp(`^Page\\s+${page} `).test(line)).join("\n");
    boxes.push({
      rotate: Number(/rot:\s+(\d+)/.exec(lines)?.[1] ?? 0),
      media: parseBox(lines, "MediaBox"),
      crop: parseBox(lines, "CropBox"),
      bleed: parseBox(lines, "BleedBox"),
      trim: parseBox(lines, "TrimBox"),
    });
  }
  const imageRows: ImageRow[] = images.stdout
    .toString("utf8")
    .split("\n")
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols.length >= 14)
    .map((cols) => {
      // "[inline]" takes one column where an object id takes two ("7  0").
      const inline = cols[10] === "[inline]";
      const ppiAt = inline ? 11 : 12;
      return {
        page: Number(cols[0]),
        type: cols[2] ?? "",
        width: Number(cols[3]),
        height: Number(cols[4]),
        color: cols[5] ?? "",
        enc: cols[8] ?? "",
        object: inline ? "inline" : `${cols[10]} ${cols[11]}`,
        xPpi: Number(cols[ppiAt]),
        yPpi: Number(cols[ppiAt + 1]),
      };
    });
  const header = (await readFile(path)).subarray(0, 16).toString("latin1");
  return {
    qpdfCheck: check.code,
    qpdfMessage: (check.stdout.toString("utf8") + check.stderr).split(`${buildDir}/`).join("").trim().split("\n").slice(-2).join(" "),
    qdf,
    rawQdf,
    pages: pageCount,
    headerVersion: /%PDF-(\d\.\d)/.exec(header)?.[1] ?? "",
    catalogVersion: /\/Type \/Catalog[^]*?\/Version \/(\d\.\d)/.exec(qdf.slice(0, qdf.indexOf("endobj", qdf.indexOf("/Type /Catalog"))))?.[1] ?? null,
    boxes,
    images: imageRows,
    tac: parsePam(pam.stdout, profile.maxTacPct + profile.tacTolerancePct),
  };
}

const fmt = (value: number, digits = 2) => Number(value.toFixed(digits)).toString();
const sizeMm = (box: number[]) => {
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = box;
  return [Math.abs(x1 - x0) / MM, Math.abs(y1 - y0) / MM] as const;
};

class ClaimError extends Error {}

function claim(condition: boolean, message: string): void {
  if (!condition) throw new ClaimError(message);
}

/**
 * What the tools say about each rule the tools can judge, checked against the expected codes;
 * returns the sentence for `why`. Rules that need the case's own knowledge (fonts, RGB, filters
 * under "any") are checked by the case's own verify.
 */
function verifyGeneric(entry: ReportEntry, facts: Facts): string {
  const { profile, expected } = entry;
  const has = (code: CheckCode) => expected.includes(code);
  const notes: string[] = [];

  claim(facts.qpdfCheck === 0 || facts.qpdfCheck === 3, `qpdf --check failed (${facts.qpdfCheck}): ${facts.qpdfMessage}`);
  notes.push(facts.qpdfCheck === 0 ? "qpdf --check: no errors" : `qpdf --check: recovered with warnings (${facts.qpdfMessage.slice(0, 120)})`);

  const effective = [facts.headerVersion, facts.catalogVersion ?? "0.0"].sort().at(-1) ?? "";
  claim((effective !== profile.pdfVersion) === has(1120), `1120: header ${facts.headerVersion}, catalog ${facts.catalogVersion ?? "none"}, profile ${profile.pdfVersion}`);
  notes.push(`header %PDF-${facts.headerVersion}${facts.catalogVersion ? `, catalog /Version ${facts.catalogVersion}` : ""}`);

  claim((facts.pages !== profile.pages) === has(1163), `1163: pdfinfo counts ${facts.pages} pages, profile ${profile.pages}`);
  notes.push(`pdfinfo: ${facts.pages} page(s)`);

  const sizeNotes: string[] = [];
  let sizeWrong = false;
  facts.boxes.forEach((box, index) => {
    const hasTrim = /\/TrimBox \[/.test(facts.qdf);
    const hasBleed = /\/BleedBox \[/.test(facts.qdf);
    let [w, h] = hasTrim ? sizeMm(hasBleed ? box.bleed : box.trim) : sizeMm(box.crop.length ? box.crop : box.media);
    if (hasTrim && !hasBleed) {
      w += 2 * profile.bleedMm;
      h += 2 * profile.bleedMm;
    }
    const tol = profile.sizeToleranceMm + 1e-6;
    const fits = (a: number, b: number, wantW: number, wantH: number) => (Math.abs(a - wantW) <= tol && Math.abs(b - wantH) <= tol) || (Math.abs(b - wantW) <= tol && Math.abs(a - wantH) <= tol);
    if (!fits(w, h, profile.trimMm[0] + 2 * profile.bleedMm, profile.trimMm[1] + 2 * profile.bleedMm)) sizeWrong = true;
    sizeNotes.push(`p${index + 1} ${hasTrim ? (hasBleed ? "BleedBox" : "TrimBox+bleed") : "MediaBox"} ${fmt(w, 3)}×${fmt(h, 3)} mm${box.rotate ? ` /Rotate ${box.rotate}` : ""}`);
    // With both boxes the TrimBox itself must be the trim: the bleed is the difference between them.
    if (hasTrim && hasBleed) {
      const [trimW, trimH] = sizeMm(box.trim);
      if (!fits(trimW, trimH, profile.trimMm[0], profile.trimMm[1])) sizeWrong = true;
      sizeNotes.push(`p${index + 1} TrimBox ${fmt(trimW, 3)}×${fmt(trimH, 3)} mm`);
    }
  });
  claim(sizeWrong === has(1198), `1198: ${sizeNotes.join("; ")} against ${profile.trimMm.join("×")} + 2×${profile.bleedMm}`);
  notes.push(`pdfinfo -box: ${sizeNotes.join("; ")}`);

  const lossy = facts.images.some((image) => image.enc === "jpeg" || image.enc === "jp2");
  if (profile.compression === "lossy") claim(lossy === has(2088), `2088: pdfimages lists ${facts.images.map((image) => image.enc).join(", ") || "no images"}`);

  const judged = facts.images.filter((image) => image.type === "image");
  const minPpi = Math.min(...judged.map((image) => Math.min(image.xPpi, image.yPpi)));
  const threshold = profile.minPpi * (1 - profile.ppiTolerancePct / 100);
  claim((minPpi < threshold) === has(4781), `4781: lowest ppi by pdfimages ${minPpi}, threshold ${threshold}`);
  if (facts.images.length) {
    notes.push(
      `pdfimages: ${facts.images.map((image) => `${image.type} ${image.width}×${image.height} ${image.color} ${image.enc}${image.object === "inline" ? " inline" : ""} ${image.xPpi}×${image.yPpi} ppi`).join("; ")}`,
    );
  }

  const maxTac = Math.max(...facts.tac.map((page) => page.maxPct));
  const area = Math.max(...facts.tac.map((page) => page.areaOverMm2));
  claim((area >= profile.tacMinAreaMm2) === has(4731), `4731: gs render max ${fmt(maxTac)} %, ${fmt(area)} mm² over ${profile.maxTacPct + profile.tacTolerancePct} %`);
  notes.push(`gs pamcmyk32 ${RENDER_DPI} dpi, overprint simulated: max ink ${fmt(maxTac, 1)} %, ${fmt(area)} mm² above ${profile.maxTacPct + profile.tacTolerancePct} %`);

  const ocgs = /\/OCGs \[\s*\d+ 0 R/.test(facts.qdf);
  claim(ocgs === has(3244), `3244: /OCGs ${ocgs ? "present" : "absent"}`);

  const icc = /\/DestOutputProfile \d+ 0 R/.test(facts.qdf) || /\/ICCBased/.test(facts.qdf);
  claim(icc === has(3171), `3171: ICC ${icc ? "present" : "absent"} in the file`);

  const colorants = new Set<string>();
  for (const match of facts.qdf.matchAll(/\/Separation\s+\/(\S+)/g)) colorants.add(match[1] ?? "");
  for (const match of facts.qdf.matchAll(/\/DeviceN\s+\[([^\]]*)\]/g)) for (const name of (match[1] ?? "").match(/\/[^\s/]+/g) ?? []) colorants.add(name.slice(1));
  const spots = [...colorants].filter((name) => !["Cyan", "Magenta", "Yellow", "Black", "None", "All"].includes(name));
  claim((spots.length > 0) === has(3159), `3159: colorants ${[...colorants].join(", ") || "none"}`);
  if (colorants.size) notes.push(`colorants: ${[...colorants].join(", ")}`);

  return notes.join("; ");
}

// ---------------------------------------------------------------------------------------------
// The cases

interface Case {
  file: string;
  profile?: Partial<PreflightProfile>;
  expected?: CheckCode[];
  expectedError?: PreflightErrorCode;
  why: string;
  make: () => Promise<void>;
  /** The case's own check with the tools; returns what it found, throws when the file does not say what `why` claims. */
  verify?: (facts: Facts) => string | Promise<string>;
  /** For files the tools cannot open at all (empty, not a PDF, 100 000 nested arrays): a look at the bytes. */
  verifyBytes?: () => Promise<string>;
}

const contentOf = (facts: Facts) => facts.qdf;
const expectIn = (facts: Facts, pattern: RegExp, what: string): string => {
  claim(pattern.test(contentOf(facts)), `expected ${what} (${pattern}) in the QDF form`);
  return what;
};
const expectNotIn = (facts: Facts, pattern: RegExp, what: string): string => {
  claim(!pattern.test(contentOf(facts)), `did not expect ${what} (${pattern}) in the QDF form`);
  return `no ${what}`;
};

/** Text-showing operators in the QDF form (content streams are uncompressed there). */
const textOps = /(\)|>)\s*(Tj|'|")\s*$|\]\s*TJ\s*$/m;

async function pdffonts(file: string): Promise<string> {
  const result = await run("pdffonts", [out(file)], { allowFailure: true });
  return result.stdout.toString("utf8").split("\n").slice(2).map((line) => line.trim().replace(/\s+/g, " ")).filter(Boolean).join(" | ");
}

/** Crop marks at the trim's corners, outside the bleed, 0.25 pt black: what a printer's marks look like. */
function cropMarks(trimX: number, trimY: number, trimW: number, trimH: number): string {
  const off = mm(3);
  const len = mm(5);
  const lines: string[] = ["0 0 0 1 setcmykcolor 0.25 setlinewidth"];
  for (const x of [trimX, trimX + trimW]) {
    for (const y of [trimY, trimY + trimH]) {
      const dx = x === trimX ? -1 : 1;
      const dy = y === trimY ? -1 : 1;
      lines.push(`newpath ${num(x + dx * off)} ${num(y)} moveto ${num(x + dx * (off + len))} ${num(y)} lineto stroke`);
      lines.push(`newpath ${num(x)} ${num(y + dy * off)} moveto ${num(x)} ${num(y + dy * (off + len))} lineto stroke`);
    }
  }
  return lines.join("\n");
}

/** pdfmark: TrimBox (and BleedBox) on the current page. */
const boxesMark = (trim: number[], bleed?: number[]) =>
  `[{ThisPage} << /TrimBox [${trim.map(num).join(" ")}]${bleed ? ` /BleedBox [${bleed.map(num).join(" ")}]` : ""} >> /PUT pdfmark`;

/** pdfmark: an annotation whose normal appearance is drawn by `body` (a form of w × h points). */
function annotation(name: string, x: number, y: number, w: number, h: number, flags: number, body: string): string {
  return [
    `[/_objdef {${name}} /BBox [0 0 ${num(w)} ${num(h)}] /BP pdfmark`,
    body,
    "[/EP pdfmark",
    `[/Rect [${num(x)} ${num(y)} ${num(x + w)} ${num(y + h)}] /Subtype /Square /F ${flags} /AP << /N {${name}} >> /ANN pdfmark`,
  ].join("\n");
}

const TEXT_FONT = "/NimbusSans-Regular findfont 9 scalefont setfont 0 0 0 1 setcmykcolor";

const outputIntentNameOnly = [
  "[/_objdef {oi} /type /dict /OBJ pdfmark",
  "[{oi} << /Type /OutputIntent /S /GTS_PDFX /OutputCondition (Coated FOGRA39) /OutputConditionIdentifier (FOGRA39) /RegistryName (http://www.color.org) >> /PUT pdfmark",
  "[{Catalog} << /OutputIntents [{oi}] >> /PUT pdfmark",
].join("\n");

const outputIntentWithProfile = () =>
  [
    "[/_objdef {icc} /type /stream /OBJ pdfmark",
    "[{icc} << /N 4 >> /PUT pdfmark",
    `[{icc} (${join(iccDir, "default_cmyk.icc")}) (r) file /PUT pdfmark`,
    "[/_objdef {oi} /type /dict /OBJ pdfmark",
    "[{oi} << /Type /OutputIntent /S /GTS_PDFX /OutputConditionIdentifier (Custom) /DestOutputProfile {icc} >> /PUT pdfmark",
    "[{Catalog} << /OutputIntents [{oi}] >> /PUT pdfmark",
  ].join("\n");

/** A 10 × 10 mm CMYK square at (x, y) mm. */
const square = (c: number, m: number, y: number, k: number, xMm: number, yMm: number, sizeMm = 10) =>
  `${c} ${m} ${y} ${k} setcmykcolor ${num(mm(xMm))} ${num(mm(yMm))} ${num(mm(sizeMm))} ${num(mm(sizeMm))} rectfill`;

/** The file several rewrites start from: RGB fill, a Pantone fill and text — 2078, 3159, 4752. */
const COMBO = "combo-rgb-spot-text.pdf";
const comboCodes: CheckCode[] = [2078, 3159, 4752];

function cases(): Case[] {
  const list: Case[] = [];
  const add = (entry: Case) => list.push(entry);
  const simple = (file: string, expected: CheckCode[], why: string, body: string, options: GsOptions & { profile?: Partial<PreflightProfile>; prolog?: string; verify?: Case["verify"] } = {}) =>
    add({
      file,
      expected,
      why,
      profile: options.profile,
      make: () => gsPdf(file, psDocument([{ body: `${background()}\n${body}` }], options.prolog), options),
      verify: options.verify,
    });

  // --- clean files ---------------------------------------------------------------------------
  add({
    file: "clean-pdfx1a-like.pdf",
    expected: [],
    why: "PDF/X-1a-like: PDF 1.3, CMYK vectors, a 300 ppi Flate CMYK image, TrimBox + BleedBox inside a larger MediaBox, an OutputIntent naming FOGRA39 without a profile, GTS_PDFXVersion in Info — nothing to find",
    make: async () => {
      const image = await cmykImage("clean", 150, 150);
      const w = mm(110);
      const h = mm(70);
      const trim = [mm(10), mm(10), mm(100), mm(60)];
      const bleed = [mm(8), mm(8), mm(102), mm(62)];
      const body = [
        outputIntentNameOnly,
        "[/GTS_PDFXVersion (PDF/X-1:2001) /GTS_PDFXConformance (PDF/X-1a:2001) /Title (Ottisk clean) /DOCINFO pdfmark",
        boxesMark(trim, bleed),
        `0.2 0.1 0 0 setcmykcolor ${num(mm(8))} ${num(mm(8))} ${num(mm(94))} ${num(mm(54))} rectfill`,
        square(0, 0.6, 0.9, 0, 20, 20, 20),
        psImage(image, mm(50), mm(20), 36, 36),
      ].join("\n");
      await gsPdf("clean-pdfx1a-like.pdf", psDocument([{ w, h, body }]));
    },
    verify: (facts) => `${expectIn(facts, /\/OutputConditionIdentifier \(FOGRA39\)/, "OutputIntent FOGRA39")}, ${expectNotIn(facts, /\/DestOutputProfile/, "DestOutputProfile")}`,
  });
  add({
    file: "crop-marks-outside-trim.pdf",
    expected: [],
    why: "MediaBox 114 × 74 mm with crop marks (0.25 pt, 100 % K) 3 mm outside the 90 × 50 mm TrimBox and outside the BleedBox: the finished size comes from TrimBox/BleedBox, the marks are no finding",
    make: async () => {
      const w = mm(114);
      const h = mm(74);
      const t = [mm(12), mm(12), mm(102), mm(62)];
      const b = [mm(10), mm(10), mm(104), mm(64)];
      const body = [boxesMark(t, b), `0.2 0.1 0 0 setcmykcolor ${num(mm(10))} ${num(mm(10))} ${num(mm(94))} ${num(mm(54))} rectfill`, cropMarks(mm(12), mm(12), mm(90), mm(50))].join("\n");
      await gsPdf("crop-marks-outside-trim.pdf", psDocument([{ w, h, body }]));
    },
    verify: (facts) => expectIn(facts, /\bm\n[\d.]+ [\d.]+ l\n/, "the marks' moveto/lineto"),
  });

  // --- 1120 version ------------------------------------------------------------------------------
  simple("1120-header-1.4.pdf", [1120], "Ghostscript -dCompatibilityLevel=1.4: header %PDF-1.4, profile wants 1.3", square(0, 0, 0, 1, 10, 10), { level: "1.4" });
  simple("1120-catalog-version-1.7.pdf", [1120], "header %PDF-1.3 but the catalog's /Version /1.7 (pdfmark PUT): the higher one counts", `[{Catalog} << /Version /1.7 >> /PUT pdfmark\n${square(0, 0, 0, 1, 10, 10)}`);
  simple("1120-header-1.7-catalog-1.3.pdf", [], "header %PDF-1.7, catalog /Version /1.3 (lower, ignored), profile wants 1.7: effective 1.7 passes", `[{Catalog} << /Version /1.3 >> /PUT pdfmark\n${square(0, 0, 0, 1, 10, 10)}`, { level: "1.7", profile: { pdfVersion: "1.7" } });
  simple("1120-header-1.4-profile-1.4.pdf", [], "header %PDF-1.4 against a profile that wants 1.4", square(0, 0, 0, 1, 10, 10), { level: "1.4", profile: { pdfVersion: "1.4" } });

  // --- 1163 pages ------------------------------------------------------------------------------
  for (const [file, pages, expected] of [["1163-three-pages-want-two.pdf", 3, [1163]], ["1163-two-pages-want-two.pdf", 2, []]] as const) {
    add({
      file,
      expected: [...expected],
      profile: { pages: 2 },
      why: `${pages} pages of 94 × 54 mm, the profile wants 2`,
      make: () => gsPdf(file, psDocument(Array.from({ length: pages }, (_, index) => ({ body: `${background()}\n${square(0, 0, 0, 1, 10 + index * 12, 10)}` })))),
    });
  }

  // --- 1198 size -------------------------------------------------------------------------------
  const sized = (file: string, expected: CheckCode[], why: string, w: number, h: number, marks: string, profile?: Partial<PreflightProfile>) =>
    add({ file, expected, why, profile, make: () => gsPdf(file, psDocument([{ w, h, body: `${marks}\n${background(w, h)}\n${square(0, 0, 0, 1, 12, 12)}` }])) });
  sized("1198-trimbox-and-bleedbox.pdf", [], "MediaBox 110 × 70 mm, TrimBox 90 × 50 mm, BleedBox 94 × 54 mm: the BleedBox is the finished size", mm(110), mm(70), boxesMark([mm(10), mm(10), mm(100), mm(60)], [mm(8), mm(8), mm(102), mm(62)]));
  sized("1198-trimbox-without-bleedbox.pdf", [], "MediaBox 110 × 70 mm, TrimBox 90 × 50 mm, no BleedBox: TrimBox grown by the profile's 2 mm bleed = 94 × 54", mm(110), mm(70), boxesMark([mm(10), mm(10), mm(100), mm(60)]));
  sized("1198-trimbox-wrong.pdf", [1198], "TrimBox 85 × 50 mm with BleedBox 89 × 54 mm: 5 mm too narrow", mm(110), mm(70), boxesMark([mm(10), mm(10), mm(95), mm(60)], [mm(8), mm(8), mm(97), mm(62)]));
  sized("1198-bleedbox-too-large.pdf", [1198], "TrimBox 90 × 50 mm right, but the BleedBox is 100 × 60 mm (5 mm bleed, profile 2 mm): the BleedBox is the finished size", mm(110), mm(70), boxesMark([mm(10), mm(10), mm(100), mm(60)], [mm(5), mm(5), mm(105), mm(65)]));
  add({
    file: "1198-pdfx-trimbox-equals-bleedbox.pdf",
    expected: [1198],
    why: "Ghostscript's PDF/X output (-dPDFX) of a 94 × 54 mm page: TrimBox = BleedBox = MediaBox = 94 × 54 mm, a trim 4 mm too large each way and no bleed (the BleedBox alone passed it before issue 31)",
    make: () => gsPdf("1198-pdfx-trimbox-equals-bleedbox.pdf", psDocument([{ body: `${background()}\n${square(0, 0, 0, 1, 12, 12)}` }]), { pdfx: true }),
    verify: (facts) => `${expectIn(facts, /\/TrimBox \[/, "-dPDFX's /TrimBox")}, ${expectIn(facts, /\/BleedBox \[/, "-dPDFX's /BleedBox")}`,
  });
  sized("1198-mediabox-without-bleed.pdf", [1198], "no TrimBox, MediaBox 90 × 50 mm: the trim without the 2 × 2 mm bleed", mm(90), mm(50), "");
  sized("1198-portrait-accepted.pdf", [], "no TrimBox, MediaBox 54 × 94 mm (portrait) for a 90 × 50 landscape trim: either orientation is accepted", mm(54), mm(94), "");
  sized("1198-rotated-page.pdf", [], "MediaBox 94 × 54 mm with /Rotate 90 (shown as 54 × 94): rotation applied, either orientation accepted", PAGE_W, PAGE_H, "[{ThisPage} << /Rotate 90 >> /PUT pdfmark");
  sized("1198-a4.pdf", [1198], "an A4 page (210 × 297 mm) for a 90 × 50 mm card", mm(210), mm(297), "");
  const exactProfile: Partial<PreflightProfile> = { trimMm: [90, 46.8], bleedMm: 2, sizeToleranceMm: 1.25 };
  sized("1198-exactly-at-tolerance.pdf", [], "MediaBox 270 × 144 pt = 95.25 × 50.8 mm exactly (binary-exact in points), the profile wants 94 × 50.8 ± 1.25 mm: 1.25 mm off is exactly at the tolerance and passes", 270, 144, "", exactProfile);
  sized("1198-just-over-tolerance.pdf", [1198], "MediaBox 270.5 × 144 pt = 95.43 × 50.8 mm against 94 × 50.8 ± 1.25 mm: 1.43 mm off", 270.5, 144, "", exactProfile);

  // --- 2078 RGB --------------------------------------------------------------------------------
  simple("2078-rgb-fill.pdf", [2078], "a DeviceRGB vector fill (setrgbcolor → rg)", `1 0 0 setrgbcolor ${num(mm(10))} ${num(mm(10))} ${num(mm(10))} ${num(mm(10))} rectfill`, {
    verify: (facts) => expectIn(facts, /rg\s*$/m, "rg operator"),
  });
  add({
    file: "2078-rgb-image.pdf",
    expected: [2078],
    why: "a DeviceRGB Flate image at 300 ppi",
    make: async () => gsPdf("2078-rgb-image.pdf", psDocument([{ body: `${background()}\n${psImage(await rgbImage("rgb", 150, 150), 20, 20, 36, 36)}` }])),
    verify: (facts) => expectIn(facts, /\/ColorSpace \/DeviceRGB/, "image /ColorSpace /DeviceRGB"),
  });
  simple(
    "2078-indexed-rgb-image.pdf",
    [2078],
    "an Indexed image whose base is DeviceRGB (2 entries), 64 px drawn 14.4 pt = 320 ppi",
    `gsave 20 20 translate 14.4 14.4 scale [/Indexed /DeviceRGB 1 <ff000000ff00>] setcolorspace\n<< /ImageType 1 /Width 64 /Height 64 /BitsPerComponent 8 /Decode [0 1] /ImageMatrix [64 0 0 -64 0 64] /DataSource <${"0001".repeat(2048)}> >> image grestore`,
    { verify: (facts) => expectIn(facts, /\/Indexed\s+\/DeviceRGB/, "/Indexed /DeviceRGB") },
  );
  simple(
    "2078-iccbased-rgb.pdf",
    [2078, 3171],
    "a fill in ICCBased N = 3 (Ghostscript's srgb.icc): RGB, and an ICC colour space is used",
    "", // filled in below: needs iccDir
  );
  simple("2078-rgb-shading.pdf", [2078], "an axial shading (shfill) in DeviceRGB", `<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [20 0 80 0] /Function << /FunctionType 2 /Domain [0 1] /C0 [0.9 0.1 0.1] /C1 [0.1 0.1 0.9] /N 1 >> >> gsave 20 20 60 60 rectclip shfill grestore`, {
    verify: (facts) => expectIn(facts, /\/ShadingType 2/, "ShadingType 2"),
  });
  simple(
    "2078-rgb-only-separation-alternate.pdf",
    [],
    "RGB appears only as the alternate space of a Separation /Black: not a use of RGB",
    `[/Separation /Black /DeviceRGB {1 exch sub dup dup}] setcolorspace 0.8 setcolor ${num(mm(10))} ${num(mm(10))} ${num(mm(20))} ${num(mm(20))} rectfill`,
    { verify: (facts) => `${expectIn(facts, /\/Separation\s+\/Black\s+\/DeviceRGB/, "Separation /Black with a DeviceRGB alternate")}, ${expectNotIn(facts, /\brg\s*$/m, "rg")}` },
  );
  simple(
    "2078-rgb-in-printable-annotation.pdf",
    [2078],
    "the page is CMYK; a printable (/F 4) Square annotation's appearance fills in DeviceRGB",
    annotation("ap", 30, 30, 60, 30, 4, "0 0.6 0 setrgbcolor 0 0 60 30 rectfill"),
    { verify: (facts) => expectIn(facts, /\/F 4/, "annotation /F 4") },
  );
  simple(
    "2078-4752-in-hidden-annotation.pdf",
    [],
    "a non-printing (/F 0) annotation whose appearance fills in RGB and shows text: neither counts (its form also sits unused in the page's XObject resources)",
    annotation("ap", 30, 30, 60, 30, 0, `0 0.6 0 setrgbcolor 0 0 60 30 rectfill ${TEXT_FONT} 4 10 moveto (Hidden note) show`),
    { verify: (facts) => `${expectIn(facts, /\/F 0/, "annotation /F 0")}, ${expectIn(facts, textOps, "text in the appearance")}` },
  );

  // --- 2088 compression ------------------------------------------------------------------------
  add({
    file: "2088-dct-image-lossy.pdf",
    expected: [2088],
    why: "a grey JPEG (ImageMagick, quality 85) passed through as DCTDecode at 300 ppi, profile compression lossy",
    make: async () => {
      const jpeg = work("gray.jpg");
      await run(convertPath, ["-size", "150x150", "-seed", "7", "plasma:fractal", "-colorspace", "Gray", "-evaluate", "multiply", "0.8", "-quality", "85", jpeg]);
      await gsPdf("2088-dct-image-lossy.pdf", psDocument([{ body: `${background()}\ngsave 20 20 translate 36 36 scale /DeviceGray setcolorspace 150 150 8 [150 0 0 -150 0 150] (${jpeg}) (r) file /DCTDecode filter image grestore` }]));
    },
    verify: (facts) => expectIn(facts, /\/Filter \/DCTDecode/, "/DCTDecode"),
  });
  add({
    file: "2088-cmyk-jpeg-with-icc.pdf",
    expected: [2088],
    why: "a CMYK JPEG carrying an ICC profile in its APP2 marker, passed through as DCTDecode: 2088, and ICC data inside a JPEG is no 3171",
    make: async () => {
      const jpeg = work("cmyk-icc.jpg");
      await run(convertPath, ["-size", "150x150", "-seed", "7", "plasma:fractal", "-colorspace", "CMYK", "-channel", "CMYK", "-evaluate", "multiply", "0.6", "+channel", "-profile", join(iccDir, "default_cmyk.icc"), "-quality", "85", jpeg]);
      // ImageMagick writes Adobe-style inverted CMYK JPEGs; the Decode array turns them back.
      const body = `gsave 20 20 translate 36 36 scale /DeviceCMYK setcolorspace << /ImageType 1 /Width 150 /Height 150 /BitsPerComponent 8 /Decode [1 0 1 0 1 0 1 0] /ImageMatrix [150 0 0 -150 0 150] /DataSource (${jpeg}) (r) file /DCTDecode filter >> image grestore`;
      await gsPdf("2088-cmyk-jpeg-with-icc.pdf", psDocument([{ body: `${background()}\n${body}` }]));
    },
    verify: (facts) => `${expectIn(facts, /\/Filter \/DCTDecode/, "/DCTDecode")}, ${expectIn(facts, /ICC_PROFILE/, "ICC_PROFILE marker inside the JPEG data")}`,
  });
  for (const [file, compression, expected, why] of [
    ["2088-flate-image-any.pdf", "any", [2088], "a Flate CMYK image at 300 ppi, profile compression any: every filtered image counts"],
    ["2088-flate-image-lossy.pdf", "lossy", [], "the same Flate CMYK image, profile compression lossy: Flate is lossless"],
  ] as const) {
    add({
      file,
      expected: [...expected],
      profile: { compression },
      why,
      make: async () => gsPdf(file, psDocument([{ body: `${background()}\n${psImage(await cmykImage(file, 150, 150), 20, 20, 36, 36)}` }])),
      verify: (facts) => {
        claim(/\/Filter \/FlateDecode[^>]*\/Subtype \/Image/.test(facts.rawQdf), "the image must be FlateDecode");
        return "the image's /Filter is /FlateDecode";
      },
    });
  }
  add({
    file: "2088-raw-image-any.pdf",
    expected: [],
    profile: { compression: "any" },
    why: "an unfiltered CMYK image (-dEncodeColorImages=false) at 300 ppi, profile compression any",
    make: async () => gsPdf("2088-raw-image-any.pdf", psDocument([{ body: `${background()}\n${psImage(await cmykImage("raw", 150, 150), 20, 20, 36, 36)}` }]), { rawImages: true }),
    verify: (facts) => {
      const image = /<<[^<>]*\/Subtype \/Image[^<>]*>>/.exec(facts.rawQdf)?.[0] ?? "";
      claim(image.length > 0 && !/\/Filter/.test(image), "the image must carry no /Filter");
      return "the image dictionary has no /Filter (qpdf --qdf --decode-level=none)";
    },
  });

  // --- 3159 spot colours -----------------------------------------------------------------------
  simple("3159-pantone-separation.pdf", [3159], "a fill in Separation /PANTONE 185 C", `[/Separation (PANTONE 185 C) cvn /DeviceCMYK {dup 0.9 mul 0 3 1 roll 0}] setcolorspace 1 setcolor ${num(mm(10))} ${num(mm(10))} ${num(mm(20))} ${num(mm(20))} rectfill`);
  simple("3159-devicen-with-spot.pdf", [3159], "a fill in DeviceN [/Cyan /Orange]: Orange is a spot", `[/DeviceN [/Cyan /Orange] /DeviceCMYK {dup 0.5 mul exch 0}] setcolorspace 0.5 0.5 setcolor ${num(mm(10))} ${num(mm(10))} ${num(mm(20))} ${num(mm(20))} rectfill`);
  simple("3159-separation-black.pdf", [], "a fill in Separation /Black: a process colorant", `[/Separation /Black /DeviceCMYK {0 0 0 4 -1 roll}] setcolorspace 0.7 setcolor ${num(mm(10))} ${num(mm(10))} ${num(mm(20))} ${num(mm(20))} rectfill`);
  add({
    file: "3159-separation-all-and-none.pdf",
    expected: [],
    why: "fills in Separation /All (registration, tint 0.5 = 200 %) and Separation /None: neither is a spot. Ghostscript refuses to paint in /None (rangecheck), so it wrote a /Black separation that the QDF form renamed to /None (fix-qdf)",
    make: () =>
      gsThenQdfEdit(
        "3159-separation-all-and-none.pdf",
        psDocument([
          {
            body: [
              background(),
              `[/Separation /All /DeviceCMYK {dup dup dup}] setcolorspace 0.5 setcolor ${num(mm(10))} ${num(mm(10))} ${num(mm(20))} ${num(mm(20))} rectfill`,
              `[/Separation /Black /DeviceCMYK {pop 0 0 0 0}] setcolorspace 1 setcolor ${num(mm(40))} ${num(mm(10))} ${num(mm(20))} ${num(mm(20))} rectfill`,
            ].join("\n"),
          },
        ]),
        (qdf) => qdf.replace(/\/Separation\n(\s*)\/Black/, "/Separation\n$1/None"),
      ),
    verify: (facts) => `${expectIn(facts, /\/Separation\s+\/All/, "Separation /All")}, ${expectIn(facts, /\/Separation\s+\/None/, "Separation /None")}`,
  });

  // --- 3171 ICC ----------------------------------------------------------------------------------
  simple("3171-outputintent-with-profile.pdf", [3171], "an OutputIntent whose /DestOutputProfile embeds Ghostscript's default_cmyk.icc", ""); // body needs iccDir
  simple("3171-outputintent-name-only.pdf", [], "an OutputIntent naming FOGRA39 (OutputConditionIdentifier) without a profile, as valid PDF/X-1a files carry", `${outputIntentNameOnly}\n${square(0, 0, 0, 1, 10, 10)}`, {
    verify: (facts) => expectIn(facts, /\/OutputIntents/, "/OutputIntents"),
  });
  simple("3171-iccbased-cmyk.pdf", [3171], "a fill in ICCBased N = 4 (default_cmyk.icc)", ""); // body needs iccDir

  // --- 3244 layers -------------------------------------------------------------------------------
  simple(
    "3244-ocgs.pdf",
    [3244],
    "/OCProperties with one OCG (pdfmark) in the catalog",
    [
      "[/_objdef {ocg} /type /dict /OBJ pdfmark",
      "[{ocg} << /Type /OCG /Name (Varnish) >> /PUT pdfmark",
      "[{Catalog} << /OCProperties << /OCGs [{ocg}] /D << /Order [{ocg}] >> >> >> /PUT pdfmark",
      square(0, 0, 0, 1, 10, 10),
    ].join("\n"),
  );

  // --- 4731 total ink ----------------------------------------------------------------------------
  simple("4731-300-under-limit.pdf", [], "a 20 × 20 mm square of 75/75/75/75 = 300 %, the limit is 300 + 1 %", square(0.75, 0.75, 0.75, 0.75, 10, 10, 20));
  simple("4731-exactly-at-limit.pdf", [], "a 20 × 20 mm square of 100/100/100/0 = 300 % with maxTac 299 + 1 % tolerance: exactly at the limit (inks 0 and 1 are exact in any precision)", square(1, 1, 1, 0, 10, 10, 20), {
    profile: { maxTacPct: 299, tacTolerancePct: 1 },
  });
  simple("4731-over-on-10mm.pdf", [4731], "a 10 × 10 mm square of 100/100/100/20 = 320 %", square(1, 1, 1, 0.2, 10, 10));
  simple("4731-over-below-min-area.pdf", [], "a 0.5 × 0.5 mm square of 320 % (0.25 mm², at most 0.46 mm² once rasterised at 150 dpi) against tacMinAreaMm2 1", square(1, 1, 1, 0.2, 10, 10, 0.5));
  simple(
    "4731-overprint-400.pdf",
    [4731],
    "a 10 × 10 mm square of C100 M100 (200 %) and over it, overprinting, a DeviceN [/Yellow /Black] square of 100/100 (200 %): 400 % where they overlap (≈ 25 mm²); per-object estimates see 200 %",
    [
      square(1, 1, 0, 0, 10, 10),
      "true setoverprint",
      `[/DeviceN [/Yellow /Black] /DeviceCMYK {0 0 4 2 roll}] setcolorspace 1 1 setcolor ${num(mm(15))} ${num(mm(15))} ${num(mm(10))} ${num(mm(10))} rectfill`,
      "false setoverprint",
    ].join("\n"),
    { verify: (facts) => `${expectIn(facts, /\/op true/, "/op true (fill overprint) in an ExtGState")}, ${expectIn(facts, /\/DeviceN\s+\[\s*\/Yellow\s+\/Black\s*\]/, "DeviceN [/Yellow /Black]")}` },
  );

  // --- 4752 fonts --------------------------------------------------------------------------------
  simple("4752-text.pdf", [4752], "text shown with NimbusSans (embedded by Ghostscript)", `${TEXT_FONT} 20 20 moveto (Ottisk) show`, {
    verify: async (facts) => `${expectIn(facts, textOps, "Tj")}; pdffonts: ${await pdffonts("4752-text.pdf")}`,
  });
  simple("4752-invisible-text.pdf", [], "text shown only in render mode 3 (invisible, 3 Tr): not a font use", `${TEXT_FONT} 3 .settextrenderingmode 20 20 moveto (Invisible) show 0 .settextrenderingmode`, {
    verify: (facts) => expectIn(facts, /\b3 Tr\b/, "3 Tr"),
  });
  add({
    file: "4752-unused-font.pdf",
    expected: [],
    why: "the page's /Resources /Font holds a font its content never shows: Ghostscript wrote text, then the BT…ET block was cut from the QDF form (qpdf --qdf, fix-qdf)",
    make: () =>
      gsThenQdfEdit("4752-unused-font.pdf", psDocument([{ body: `${background()}\n${square(0, 0, 0, 1, 10, 10)}\n${TEXT_FONT} 20 20 moveto (Unused) show` }]), (qdf) =>
        qdf.replace(/\bBT\n[^]*?\nET\n/g, ""),
      ),
    verify: async (facts) => {
      claim(!textOps.test(facts.qdf), "no text operators may remain");
      return `${expectIn(facts, /\/Font \d+ 0 R|\/Font <</, "a /Font resource")}, no text-showing operator; pdffonts: ${await pdffonts("4752-unused-font.pdf")}`;
    },
  });
  simple(
    "4752-type3-text.pdf",
    [4752],
    "text in a Type3 font defined in PostScript (a square glyph)",
    [
      "8 dict begin /FontType 3 def /FontMatrix [0.001 0 0 0.001 0 0] def /FontBBox [0 0 750 750] def",
      "/Encoding 256 array def 0 1 255 { Encoding exch /.notdef put } for Encoding 65 /box put",
      "/CharProcs 2 dict def CharProcs begin /.notdef {} def /box { 0 0 moveto 750 0 lineto 750 750 lineto 0 750 lineto closepath fill } def end",
      "/BuildGlyph { 1000 0 0 0 750 750 setcachedevice exch /CharProcs get exch 2 copy known not { pop /.notdef } if get exec } bind def",
      "/BuildChar { 1 index /Encoding get exch get 1 index /BuildGlyph get exec } bind def",
      "currentdict end /OttiskBoxes exch definefont pop",
      "/OttiskBoxes findfont 12 scalefont setfont 0 0 0 1 setcmykcolor 20 20 moveto (AAA) show",
    ].join("\n"),
    { verify: async (facts) => `${expectIn(facts, /\/Subtype \/Type3/, "/Subtype /Type3")}; pdffonts: ${await pdffonts("4752-type3-text.pdf")}` },
  );
  simple(
    "4752-text-in-printable-annotation.pdf",
    [4752],
    "no text on the page; a printable (/F 4) annotation's appearance shows text",
    annotation("ap", 30, 30, 60, 30, 4, `${TEXT_FONT} 4 10 moveto (Note) show`),
    { verify: (facts) => `${expectIn(facts, /\/F 4/, "annotation /F 4")}, ${expectIn(facts, textOps, "text in the appearance")}` },
  );
  simple(
    "4752-text-in-hidden-annotation.pdf",
    [],
    "no text on the page; a non-printing (/F 0) annotation's appearance shows text",
    annotation("ap", 30, 30, 60, 30, 0, `${TEXT_FONT} 4 10 moveto (Note) show`),
    { verify: (facts) => expectIn(facts, /\/F 0/, "annotation /F 0") },
  );

  // --- 4781 resolution -----------------------------------------------------------------------
  const imageCase = (file: string, expected: CheckCode[], why: string, draw: () => Promise<string>) =>
    add({ file, expected, why, make: async () => gsPdf(file, psDocument([{ body: `${background()}\n${await draw()}` }])) });
  imageCase("4781-150ppi.pdf", [4781], "a 75 × 75 px CMYK image drawn 36 × 36 pt: 150 ppi", async () => psImage(await cmykImage("i150", 75, 75), 20, 20, 36, 36));
  imageCase("4781-300ppi.pdf", [], "a 150 × 150 px CMYK image drawn 36 × 36 pt: 300 ppi", async () => psImage(await cmykImage("i300", 150, 150), 20, 20, 36, 36));
  imageCase("4781-exactly-at-threshold.pdf", [], "a 285 × 285 px image drawn 72 × 72 pt: exactly 300 × (1 − 5 %) = 285 ppi, passes", async () => psImage(await cmykImage("i285", 285, 285), 20, 20, 72, 72));
  imageCase("4781-anamorphic.pdf", [4781], "a 150 × 75 px image drawn 36 × 36 pt: 300 ppi across, 150 ppi down — the lower axis counts", async () => psImage(await cmykImage("iana", 150, 75), 20, 20, 36, 36));
  imageCase("4781-rotated-90.pdf", [], "a 300 × 150 px image rotated 90° into 36 pt wide × 72 pt high: 300 ppi on both of its axes (a bbox-based estimate would say 150 × 600)", async () => {
    const image = await cmykImage("irot", 300, 150);
    return `gsave 80 20 translate 90 rotate 72 36 scale /DeviceCMYK setcolorspace << /ImageType 1 /Width 300 /Height 150 /BitsPerComponent 8 /Decode [0 1 0 1 0 1 0 1] /ImageMatrix [300 0 0 -150 0 150] /DataSource (${image.path}) (r) file >> image grestore`;
  });
  const formImage = (matrix: number, image: RawImage, size: number) =>
    `/ImgForm << /FormType 1 /BBox [0 0 ${size} ${size}] /Matrix [${matrix} 0 0 ${matrix} 0 0] /PaintProc { pop ${psImage(image, 0, 0, size, size).replace(/\n/g, " ")} } >> def\ngsave 20 20 translate ImgForm execform grestore`;
  imageCase("4781-scaled-form-ok.pdf", [], "a 75 × 75 px image drawn 36 × 36 pt inside a form XObject whose /Matrix scales by 0.5: 18 pt on the page = 300 ppi (150 ppi in form space)", async () => formImage(0.5, await cmykImage("iform1", 75, 75), 36));
  imageCase("4781-scaled-form-low.pdf", [4781], "a 150 × 150 px image drawn 36 × 36 pt inside a form XObject whose /Matrix scales by 2: 72 pt on the page = 150 ppi (300 ppi in form space)", async () => formImage(2, await cmykImage("iform2", 150, 150), 36));
  imageCase("4781-inline-image.pdf", [4781], "a 20 × 20 px CMYK image small enough for pdfwrite to write inline (BI … ID … EI), drawn 9.6 pt: 150 ppi", async () => psImage(await cmykImage("iinline", 20, 20), 20, 20, 9.6, 9.6));
  imageCase("4781-image-mask.pdf", [], "a 100 × 100 px stencil mask (imagemask) drawn 72 pt: 100 ppi, but image masks are not judged", async () => {
    const mask = work("mask.raw");
    await run(convertPath, ["-size", "100x100", "pattern:checkerboard", "-monochrome", "-depth", "1", `gray:${mask}`]);
    return `gsave 0 0 0 1 setcmykcolor 20 20 translate 72 72 scale 100 100 true [100 0 0 -100 0 100] (${mask}) (r) file imagemask grestore`;
  });

  // --- rewrites of one file ---------------------------------------------------------------------
  simple(COMBO, comboCodes, "an RGB fill, a PANTONE 185 C fill and text on one page", [
    `0.1 0.2 0.9 setrgbcolor ${num(mm(10))} ${num(mm(10))} ${num(mm(10))} ${num(mm(10))} rectfill`,
    `[/Separation (PANTONE 185 C) cvn /DeviceCMYK {dup 0.9 mul 0 3 1 roll 0}] setcolorspace 1 setcolor ${num(mm(25))} ${num(mm(10))} ${num(mm(10))} ${num(mm(10))} rectfill`,
    `${TEXT_FONT} 120 30 moveto (Ottisk) show`,
  ].join("\n"));
  const rewrite = (file: string, args: string[], why: string, profile?: Partial<PreflightProfile>) =>
    add({ file, expected: comboCodes, why, profile, make: async () => void (await run("qpdf", [...args, out(COMBO), out(file)])) });
  rewrite("rewrite-object-streams.pdf", ["--object-streams=generate"], `${COMBO} rewritten by qpdf --object-streams=generate (object streams + a cross-reference stream; qpdf raises the header to 1.5, so the profile wants 1.5)`, { pdfVersion: "1.5" });
  rewrite("rewrite-linearized.pdf", ["--linearize"], `${COMBO} linearized by qpdf (a first-page xref section and hint stream)`);
  rewrite("rewrite-qdf.pdf", ["--qdf", "--object-streams=disable"], `${COMBO} in qpdf's QDF form (uncompressed streams, comments, indirect /Length)`);

  // --- hostile -----------------------------------------------------------------------------------
  add({
    file: "hostile-truncated.pdf",
    expectedError: "DAMAGED",
    why: `${COMBO} cut 20 bytes into its first stream (the page content, which pdfwrite writes first): no page, page tree, catalog or xref is left`,
    make: async () => {
      const bytes = await readFile(out(COMBO));
      await writeFile(out("hostile-truncated.pdf"), bytes.subarray(0, bytes.indexOf("stream") + 20));
    },
    verify: async (facts) => {
      claim(facts.qpdfCheck === 2, `qpdf --check should fail on the truncated file, exited ${facts.qpdfCheck}`);
      const text = (await readFile(out("hostile-truncated.pdf"))).toString("latin1");
      claim(!/\/Type\s*\/(Catalog|Pages?)\b/.test(text) && !/\bxref\b/.test(text), "no catalog, page tree, page or xref may be left");
      return `${text.length} bytes, no /Type /Catalog, /Pages, /Page or xref in them; qpdf --check fails: ${facts.qpdfMessage.slice(0, 160)}`;
    },
  });
  add({
    file: "hostile-truncated-tail.pdf",
    expectedError: "DAMAGED",
    why: `${COMBO} with its last 25 % cut off, no %%EOF: the xref, trailer and Info are gone and so is the end of the font program the page shows its text in. Catalog, page, content and colour spaces are whole and Ghostscript repairs and renders it, but the text would print without its font: a file cut off partway is refused as damaged (issue 17), so the shopper saves it again`,
    make: async () => {
      const bytes = await readFile(out(COMBO));
      await writeFile(out("hostile-truncated-tail.pdf"), bytes.subarray(0, Math.floor(bytes.length * 0.75)));
    },
    // qpdf and pdfinfo give up without a trailer; Ghostscript's repair scans for the catalog, as a reader should.
    verifyBytes: async () => {
      const text = (await readFile(out("hostile-truncated-tail.pdf"))).toString("latin1");
      claim(!/\bstartxref\b/.test(text) && /\/Type \/Catalog/.test(text), "the catalog must be left and the xref gone");
      const inkcov = await run("gs", ["-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=inkcov", "-o", "-", out("hostile-truncated-tail.pdf")]);
      const pages = inkcov.stdout.toString("utf8").trim().split("\n").filter((line) => /CMYK OK/.test(line));
      claim(pages.length === 1, `gs inkcov should repair and render one page, got ${pages.length}`);
      return `no startxref or trailer left, the catalog and page objects whole; qpdf and pdfinfo give up, gs repairs it and renders 1 page (inkcov ${pages[0]?.trim() ?? ""})`;
    },
  });
  add({
    file: "hostile-broken-xref.pdf",
    expected: comboCodes,
    why: `${COMBO} with every xref offset shifted by 7 bytes and startxref pointing into the middle of the file: recoverable by scanning for objects, so a correct report`,
    make: async () => {
      const text = (await readFile(out(COMBO))).toString("latin1");
      const broken = text
        .replace(/^(\d{10}) 00000 n/gm, (_, offset: string) => `${String(Number(offset) + 7).padStart(10, "0")} 00000 n`)
        .replace(/startxref\s+(\d+)/, (_, offset: string) => `startxref\n${Math.floor(Number(offset) / 2)}`);
      await writeFile(out("hostile-broken-xref.pdf"), Buffer.from(broken, "latin1"));
    },
  });
  add({
    file: "hostile-flate-bomb.pdf",
    expectedError: "TOO_LARGE",
    why: "a hand-written PDF whose page content is a 4 MiB FlateDecode stream that inflates to 4 GiB of zeros (zlib, full-flush blocks repeated)",
    make: async () => {
      const bomb = zeroBomb(4);
      await writeFile(out("hostile-flate-bomb.pdf"), rawPdf("1.3", ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", rawPage("/Contents 4 0 R /Resources << >>"), pdfStream("/Filter /FlateDecode", bomb)]));
    },
    // qpdf --check and the renderers would inflate all 4 GiB: only the structure and the first 256 MiB are looked at.
    verifyBytes: async () => {
      const xref = await run("qpdf", ["--show-xref", out("hostile-flate-bomb.pdf")]);
      claim(/^4\/0: uncompressed; offset = \d+/m.test(xref.stdout.toString("utf8")), "qpdf --show-xref must list object 4");
      const bytes = await readFile(out("hostile-flate-bomb.pdf"));
      const start = bytes.indexOf("stream\n") + 7;
      let inflatedPast = false;
      try {
        inflateSync(bytes.subarray(start), { maxOutputLength: 256 * 1024 * 1024 });
      } catch (error) {
        inflatedPast = error instanceof RangeError || (error instanceof Error && /buffer|length|large/i.test(error.message));
      }
      claim(inflatedPast, "zlib must refuse to inflate it under 256 MiB");
      return `${bytes.length} bytes; qpdf --show-xref reads the structure; zlib inflate goes past 256 MiB (maxOutputLength)`;
    },
  });
  add({
    file: "hostile-nested-arrays.pdf",
    expectedError: "TOO_COMPLEX",
    why: "a hand-written PDF whose page dictionary holds /MediaBox as 100 000 nested arrays",
    make: async () => {
      const nested = "[".repeat(100_000) + "]".repeat(100_000);
      await writeFile(
        out("hostile-nested-arrays.pdf"),
        rawPdf("1.3", ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", `<< /Type /Page /Parent 2 0 R /MediaBox ${nested} /Contents 4 0 R >>`, pdfStream("", latin1("0 0 0 1 k 0 0 10 10 re f"))]),
      );
    },
    verifyBytes: async () => {
      const bytes = await readFile(out("hostile-nested-arrays.pdf"));
      const text = bytes.toString("latin1");
      const depth = /\[{1000,}/.exec(text)?.[0].length ?? 0;
      claim(depth === 100_000, `nesting depth ${depth}`);
      const xrefAt = Number(/startxref\n(\d+)/.exec(text)?.[1]);
      claim(text.startsWith("xref", xrefAt), "startxref must point at the xref table");
      return "100 000 '[' in a row; startxref and xref offsets checked";
    },
  });
  add({
    file: "hostile-self-drawing-form.pdf",
    expected: [2078],
    why: "a hand-written PDF whose page draws form /X, whose resources name itself as /X and whose content fills in RGB and then draws /X again: the recursion is cut (as Acrobat and pdf.js do) and the rest read correctly, so a report with the form's RGB fill",
    make: async () => {
      await writeFile(
        out("hostile-self-drawing-form.pdf"),
        rawPdf("1.3", [
          "<< /Type /Catalog /Pages 2 0 R >>",
          "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
          rawPage("/Contents 4 0 R /Resources << /XObject << /X 5 0 R >> >>"),
          pdfStream("", latin1("q 0.5 0 0 0.5 10 10 cm /X Do Q")),
          pdfStream("/Type /XObject /Subtype /Form /BBox [0 0 200 200] /Resources << /XObject << /X 5 0 R >> >>", latin1("0.2 0.4 0.6 rg 0 0 50 50 re f 0.5 0 0 0.5 20 20 cm /X Do")),
        ]),
      );
    },
    verify: (facts) => expectIn(facts, /\/X Do/, "/X Do inside form /X"),
  });
  add({
    file: "hostile-encrypted.pdf",
    expectedError: "ENCRYPTED",
    why: `${COMBO} encrypted by qpdf --encrypt with user password "secret" (AES-256)`,
    make: async () => void (await run("qpdf", ["--encrypt", "secret", "owner-secret", "256", "--", out(COMBO), out("hostile-encrypted.pdf")])),
    verify: async (facts) => {
      claim(facts.qpdfCheck === 2, `qpdf --check without the password should fail, exited ${facts.qpdfCheck}`);
      const shown = await run("qpdf", ["--show-encryption", "--password=secret", out("hostile-encrypted.pdf")]);
      return `qpdf --check without password fails; --show-encryption: ${shown.stdout.toString("utf8").split("\n")[0] ?? ""}`;
    },
  });
  add({
    file: "hostile-empty.pdf",
    expectedError: "EMPTY_FILE",
    why: "zero bytes",
    make: () => writeFile(out("hostile-empty.pdf"), new Uint8Array(0)),
    verifyBytes: async () => {
      claim((await readFile(out("hostile-empty.pdf"))).length === 0, "must be empty");
      return "0 bytes on disk";
    },
  });
  add({
    file: "hostile-jpeg-named-pdf.pdf",
    expectedError: "NOT_A_PDF",
    why: "a JPEG (ImageMagick) saved with a .pdf name",
    make: async () => void (await run(convertPath, ["-size", "64x64", "-seed", "7", "plasma:fractal", "-quality", "80", `jpeg:${out("hostile-jpeg-named-pdf.pdf")}`])),
    verifyBytes: async () => {
      const head = (await readFile(out("hostile-jpeg-named-pdf.pdf"))).subarray(0, 3);
      claim(head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff, "must start with a JPEG SOI marker");
      return "starts with FF D8 FF (JPEG SOI)";
    },
  });

  return list;
}

/** Cases whose PostScript needs the ICC folder found at run time. */
function withIccBodies(list: Case[]): Case[] {
  const bodies: Record<string, string> = {
    "2078-iccbased-rgb.pdf": `[/ICCBased << /N 3 /DataSource (${join(iccDir, "srgb.icc")}) (r) file >>] setcolorspace 0.9 0.2 0.1 setcolor ${num(mm(10))} ${num(mm(10))} ${num(mm(20))} ${num(mm(20))} rectfill`,
    "3171-outputintent-with-profile.pdf": `${outputIntentWithProfile()}\n${square(0, 0, 0, 1, 10, 10)}`,
    "3171-iccbased-cmyk.pdf": `[/ICCBased << /N 4 /DataSource (${join(iccDir, "default_cmyk.icc")}) (r) file >>] setcolorspace 0.1 0.5 0.9 0 setcolor ${num(mm(10))} ${num(mm(10))} ${num(mm(20))} ${num(mm(20))} rectfill`,
  };
  return list.map((entry) => {
    const body = bodies[entry.file];
    if (body === undefined) return entry;
    return { ...entry, make: () => gsPdf(entry.file, psDocument([{ body: `${background()}\n${body}` }])) };
  });
}

/**
 * For the few things Ghostscript will not write: makes `source` with pdfwrite, opens it in qpdf's
 * QDF form (streams uncompressed, meant for editing), applies `edit`, repairs lengths and xref with
 * fix-qdf and compresses it again with qpdf.
 */
async function gsThenQdfEdit(file: string, postscript: string, edit: (qdf: string) => string): Promise<void> {
  const stem = file.replace(/\.pdf$/, "");
  const sourceName = `${stem}.source.pdf`;
  await gsPdf(sourceName, postscript);
  const source = work(sourceName);
  await copyFile(out(sourceName), source);
  await rm(out(sourceName), { force: true });
  const qdfPath = work(`${stem}.source.qdf`);
  await run("qpdf", ["--qdf", "--object-streams=disable", source, qdfPath]);
  const qdf = (await readFile(qdfPath)).toString("latin1");
  const edited = edit(qdf);
  if (edited === qdf) throw new Error(`${file}: the QDF edit changed nothing`);
  const editedPath = work(`${stem}.edited.qdf`);
  await writeFile(editedPath, Buffer.from(edited, "latin1"));
  const fixedPath = work(`${stem}.fixed.qdf`);
  await writeFile(fixedPath, (await run("fix-qdf", [editedPath])).stdout);
  await run("qpdf", ["--object-streams=disable", "--compress-streams=y", fixedPath, out(file)]);
}

export interface BuildResult {
  entries: CorpusEntry[];
  ms: number;
}

/**
 * Makes the corpus and its manifest afresh in `dir` (.tmp/preflight-corpus/ by default); throws when
 * a tool contradicts a claim. Builds running at the same time must use different folders.
 */
export async function buildCorpus(options: { dir?: string; log?: (line: string) => void } = {}): Promise<BuildResult> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  buildDir = options.dir ?? corpusDir;
  workDir = join(buildDir, "work");
  await Promise.all([findConvert(), findIccDir()]);
  await rm(buildDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });

  const list = withIccBodies(cases());
  const limit = Math.max(2, cpus().length + 1);
  // The rewrites and most hostile files start from COMBO: it is made first.
  const combo = list.find((entry) => entry.file === COMBO);
  if (combo) await combo.make();
  await inParallel(list.filter((entry) => entry !== combo), limit, (entry) => entry.make());
  log(`made ${list.length} files in ${Date.now() - started} ms`);

  const entries: CorpusEntry[] = new Array<CorpusEntry>(list.length);
  const failures: string[] = [];
  await inParallel(
    list.map((entry, index) => ({ entry, index })),
    limit,
    async ({ entry, index }) => {
      const profile = { ...baseProfile, ...entry.profile };
      try {
        let why = entry.why;
        const verified: string[] = [];
        if (entry.verifyBytes) {
          verified.push(await entry.verifyBytes());
        } else {
          const facts = await measure(entry.file, profile);
          if (entry.expected) verified.push(verifyGeneric({ file: entry.file, profile, expected: entry.expected, why }, facts));
          if (entry.verify) verified.push(await entry.verify(facts));
        }
        if (verified.length) why += `. Verified: ${verified.join("; ")}`;
        entries[index] = entry.expectedError
          ? { file: entry.file, profile, expectedError: entry.expectedError, why }
          : { file: entry.file, profile, expected: [...(entry.expected ?? [])].sort((a, b) => a - b), why };
      } catch (error) {
        failures.push(`${entry.file}: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  );
  if (failures.length) throw new Error(`The tools contradict the corpus:\n${failures.join("\n")}`);
  await writeFile(join(buildDir, "corpus.json"), JSON.stringify(entries, null, 2) + "\n");
  await rm(workDir, { recursive: true, force: true });
  const ms = Date.now() - started;
  log(`verified ${entries.length} files; corpus.json written in ${ms} ms`);
  return { entries, ms };
}

export async function readManifest(dir = corpusDir): Promise<CorpusEntry[]> {
  return JSON.parse(await readFile(join(dir, "corpus.json"), "utf8")) as CorpusEntry[];
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const result = await buildCorpus({ log: (line) => console.log(line) });
  console.log(`${result.entries.length} files in ${corpusDir}`);
}
