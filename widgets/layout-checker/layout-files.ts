import type { PreflightProfile } from "../../shared/contracts/preflight-profile";
import { preflightProfileSchema } from "../../shared/contracts/preflight-profile";

/*
 * What the layout checker needs besides React: the lazy loaders of the PDF code (the engine and the
 * fix-ups are imported only when the first file is checked, so the element's own chunk holds none
 * of it), the PDF sniff the server also does, names, sizes and the comparison of two checks.
 */

/** The engine in its Web Worker (preflight/runtime/browser.ts): loaded by the first check. */
export const loadEngine = () => import("../../preflight/runtime/browser");
/** The fix-ups (pdf-lib): loaded once a report is there to offer them for. */
export const loadFixups = () => import("../../preflight/fixups/index");

/** How often the server's check is asked for its result while it runs. */
export const CHECK_POLL_MS = 1000;

/**
 * The engine's reasons that are a verdict on the file itself: such a file is not uploaded (the
 * server would refuse or fail it too). Others (too complex, too long, a crash) go to the shop's
 * prepress specialist, so the file may be uploaded.
 */
export const FILE_VERDICT_ERRORS: ReadonlySet<string> = new Set(["EMPTY_FILE", "NOT_A_PDF", "ENCRYPTED", "DAMAGED"]);

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/** Whether `%PDF-` starts within the first 1024 bytes, as the server and Acrobat accept. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, 1024) - PDF_SIGNATURE.length;
  for (let start = 0; start <= end; start += 1) {
    if (PDF_SIGNATURE.every((byte, index) => bytes[start + index] === byte)) return true;
  }
  return false;
}

/** Why a chosen file is not checked at all (Russian), or null for a PDF. */
export function refusalOf(bytes: Uint8Array, name: string): string | null {
  if (bytes.length === 0) return `Файл «${name}» пустой: выберите макет ещё раз`;
  if (!looksLikePdf(bytes)) return `Файл «${name}» — не PDF: сохраните макет в формате PDF`;
  return null;
}

const FIXED_SUFFIX = " (исправлено)";

/** `card.pdf` → `card (исправлено).pdf`; a name that has the mark already keeps it once. */
export function fixedFileName(name: string): string {
  const dot = name.toLowerCase().endsWith(".pdf") ? name.length - 4 : name.length;
  const stem = name.slice(0, dot);
  if (stem.endsWith(FIXED_SUFFIX)) return name;
  return `${stem}${FIXED_SUFFIX}${name.slice(dot) || ".pdf"}`;
}

const sizeFormat = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 1 });

/** «840 КБ», «12,5 МБ». */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${sizeFormat.format(Math.max(1, Math.round(bytes / 1024)))} КБ`;
  return `${sizeFormat.format(bytes / (1024 * 1024))} МБ`;
}

/** The findings as a set of code + page, the terms in which the browser's and the server's checks are compared. */
export function findingKeys(findings: readonly { code: number; page: number | null }[]): string[] {
  return [...new Set(findings.map((finding) => `${finding.code}@${finding.page ?? "doc"}`))].sort();
}

export function sameFindings(a: readonly { code: number; page: number | null }[], b: readonly { code: number; page: number | null }[]): boolean {
  const left = findingKeys(a);
  const right = findingKeys(b);
  return left.length === right.length && left.every((key, index) => key === right[index]);
}

/** «Обрезной формат 90 × 50 мм, вылеты 2 мм, PDF 1.3, страниц: 1, изображения от 300 ppi». */
export function describeProfile(profile: PreflightProfile): string {
  const mm = (value: number) => sizeFormat.format(value);
  return `Обрезной формат ${mm(profile.trimMm[0])} × ${mm(profile.trimMm[1])} мм, вылеты ${mm(profile.bleedMm)} мм, PDF ${profile.pdfVersion}, страниц: ${profile.pages}, изображения от ${profile.minPpi} ppi, сумма красок до ${profile.maxTacPct} %`;
}

const PROFILE_FIELDS: Record<string, string> = {
  pdfVersion: "версия PDF",
  pages: "число страниц",
  trimMm: "обрезной формат, мм",
  bleedMm: "вылеты, мм",
  sizeToleranceMm: "допуск размера, мм",
  minPpi: "наименьшее разрешение, ppi",
  ppiTolerancePct: "допуск разрешения, %",
  compression: "сжатие изображений: lossy или any",
  maxTacPct: "сумма красок, %",
  tacTolerancePct: "допуск суммы красок, %",
  tacMinAreaMm2: "наименьшая площадь превышения, мм²",
};

/**
 * The `profile` attribute: the engine's profile JSON. Bad JSON or a bad profile gives a Russian
 * message naming the problem (for the page's author, who wrote the attribute).
 */
export function parseProfileAttribute(text: string): { profile: PreflightProfile } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? ` (${error.message})` : "";
    return { error: `Профиль проверки (атрибут profile) — не JSON: проверьте кавычки, скобки и запятые${detail}` };
  }
  const parsed = preflightProfileSchema.safeParse(value);
  if (parsed.success) return { profile: parsed.data };
  const issue = parsed.error.issues[0];
  const field = issue?.path[0];
  if (typeof field !== "string") return { error: "Профиль проверки (атрибут profile) неверен: нужен объект с полями pdfVersion, pages, trimMm и другими" };
  const label = PROFILE_FIELDS[field];
  const missing = typeof value === "object" && value !== null && !(field in value);
  return {
    error: `Профиль проверки (атрибут profile) неверен: поле ${field}${label ? ` (${label})` : ""} ${missing ? "не указано" : "указано неверно"}`,
  };
}
