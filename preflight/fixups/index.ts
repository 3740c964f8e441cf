import type { CheckCode, Report } from "../report";
import { fixAdvice } from "./advice";
import { FixupError } from "./errors";
import type { FixupErrorCode } from "./errors";
import { flattenLayers } from "./flatten-layers";
import { removeOutputProfiles } from "./output-intent";
import { loadPdf, savePdf } from "./pdf";
import { versionBlockers, writeAsPdf13 } from "./pdf-version";
import { convertRgbToCmyk } from "./rgb-to-cmyk";
import type { ColorUses } from "./scan";

/*
 * The layout fix-ups offered by <ottisk-layout-checker> as buttons, on pdf-lib: platform-free (the
 * browser's main thread, Node in tests). After a fix-up the caller checks the new file with the
 * engine again. See "Fix-ups" in preflight/README.md.
 */

export type FixupId = "pdf-version" | "output-intent" | "flatten-layers" | "rgb-to-cmyk";

export interface FixupOffer {
  id: FixupId;
  /** Russian button text. */
  label: string;
  /** Russian: what it changes and what it leaves alone. */
  description: string;
  /** The codes it claims to clear. */
  clears: CheckCode[];
  /** null when it can be applied; else the Russian reason it cannot. */
  blockedBy: string | null;
}

const LABELS: Record<FixupId, string> = {
  "flatten-layers": "Свести слои",
  "output-intent": "Удалить ICC-профиль",
  "rgb-to-cmyk": "Перевести RGB в CMYK",
  "pdf-version": "Сохранить как PDF 1.3",
};

const DESCRIPTIONS: Record<FixupId, string> = {
  "flatten-layers":
    "Слои убираются: то, что видно и печатается при открытии файла, становится обычным содержимым, скрытые и непечатаемые слои удаляются. Остальное содержимое страниц не меняется.",
  "output-intent":
    "Из описания условий печати (OutputIntent) удаляется встроенный ICC-профиль; название условий печати и содержимое страниц остаются прежними.",
  "rgb-to-cmyk":
    "Заливки, обводки, текст и градиенты в RGB переводятся в CMYK по простой формуле, без цветового профиля — оттенки могут немного измениться. Изображения не меняются: RGB-фотографии нужно перевести в CMYK в Photoshop.",
  "pdf-version":
    "Файл записывается заново как PDF версии 1.3: меняются только номер версии и способ записи файла, а страницы, цвета, шрифты и изображения остаются прежними.",
};

const ICC_SPACES_REMAIN = " ICC-профили в цветах объектов (ICCBased) это исправление не удаляет: переведите эти цвета в CMYK в программе вёрстки.";
const RGB_IMAGES_REMAIN = " В макете есть RGB-изображения: для них замечание о RGB останется.";
const RGB_VECTORS_REMAIN = " Часть цветов (сложные градиенты или цвета, унаследованные из других объектов) перевести не удаётся: их нужно исправить в программе вёрстки.";

/** Order of the buttons: layers first (they block the version change), the version last. */
const ORDER: FixupId[] = ["flatten-layers", "output-intent", "rgb-to-cmyk", "pdf-version"];

const isIccSpaceFinding = (measured: number | string | null): boolean => typeof measured === "string" && measured.startsWith("ICCBased");

function offer(id: FixupId, clears: CheckCode[], blockedBy: string | null, remark = ""): FixupOffer {
  return { id, label: LABELS[id], description: DESCRIPTIONS[id] + remark, clears, blockedBy };
}

const messageOf = (error: unknown): string => (error instanceof FixupError ? error.messageUI : new FixupError("FAILED", String(error)).messageUI);

/** The engine's reader and interpreter are loaded only when an RGB offer needs them (the caller's thread otherwise never holds them). */
async function scanOrNull(bytes: Uint8Array): Promise<ColorUses | null> {
  try {
    const { scanColorUses } = await import("./scan");
    return scanColorUses(bytes);
  } catch {
    return null;
  }
}

/** «Перевести RGB в CMYK»: offered when vectors are painted in RGB; what it clears is found by a trial run. */
async function rgbOffer(bytes: Uint8Array, report: Report): Promise<FixupOffer | null> {
  const before = await scanOrNull(bytes);
  if (before === null) return offer("rgb-to-cmyk", [], new FixupError("UNREADABLE", "engine").messageUI);
  if (before.rgbVector === 0) return null;
  let after: ColorUses | null;
  try {
    after = await scanOrNull(await applyFixup(bytes, "rgb-to-cmyk"));
  } catch (error) {
    return offer("rgb-to-cmyk", [], messageOf(error));
  }
  if (after === null) return offer("rgb-to-cmyk", [], new FixupError("FAILED", "result unreadable").messageUI);
  const clears: CheckCode[] = [];
  if (after.rgbVector === 0 && after.rgbImage === 0) clears.push(2078);
  const icc = report.findings.filter((f) => f.code === 3171);
  if (icc.length > 0 && icc.every((f) => isIccSpaceFinding(f.measured)) && after.icc === 0) clears.push(3171);
  const remark = (after.rgbImage > 0 ? RGB_IMAGES_REMAIN : "") + (after.rgbVector > 0 ? RGB_VECTORS_REMAIN : "");
  return offer("rgb-to-cmyk", clears, null, remark);
}

/** The fix-ups that apply to this file given the engine's report (only those whose codes are in the findings). */
export async function offerFixups(bytes: Uint8Array, report: Report): Promise<FixupOffer[]> {
  const codes = new Set(report.findings.map((f) => f.code));
  const intentFindings = report.findings.filter((f) => f.code === 3171 && !isIccSpaceFinding(f.measured));
  const candidates = new Set<FixupId>();
  if (codes.has(3244)) candidates.add("flatten-layers");
  if (intentFindings.length > 0) candidates.add("output-intent");
  if (codes.has(2078)) candidates.add("rgb-to-cmyk");
  // The fix-up writes 1.3, the version the shop's profiles ask for; a file already at 1.3 that fails 1120 wants another one.
  if (codes.has(1120) && report.version !== "1.3") candidates.add("pdf-version");
  if (candidates.size === 0) return [];

  let blockers: string[];
  try {
    blockers = versionBlockers(await loadPdf(bytes));
  } catch (error) {
    const reason = messageOf(error);
    return ORDER.filter((id) => candidates.has(id)).map((id) => offer(id, [], reason));
  }

  const offers: FixupOffer[] = [];
  for (const id of ORDER) {
    if (!candidates.has(id)) continue;
    if (id === "flatten-layers") offers.push(offer(id, [3244], null));
    else if (id === "output-intent") {
      const all = report.findings.filter((f) => f.code === 3171).length === intentFindings.length;
      offers.push(offer(id, all ? [3171] : [], null, all ? "" : ICC_SPACES_REMAIN));
    } else if (id === "pdf-version") offers.push(offer(id, [1120], blockers.length > 0 ? blockers.join("; ") : null));
    else {
      const rgb = await rgbOffer(bytes, report);
      if (rgb) offers.push(rgb);
    }
  }
  return offers;
}

/** Applies one fix-up; returns a new PDF (the input is not modified). Throws FixupError when the file cannot be changed. */
export async function applyFixup(bytes: Uint8Array, id: FixupId): Promise<Uint8Array> {
  const doc = await loadPdf(bytes);
  try {
    switch (id) {
      case "pdf-version": {
        const blockers = versionBlockers(doc);
        if (blockers.length > 0) throw new FixupError("BLOCKED", `pdf-version blocked: ${blockers.length} reasons`, blockers.join("; "));
        writeAsPdf13(doc);
        break;
      }
      case "output-intent":
        removeOutputProfiles(doc);
        break;
      case "flatten-layers":
        flattenLayers(doc);
        break;
      case "rgb-to-cmyk":
        convertRgbToCmyk(doc);
        break;
      default:
        throw new FixupError("FAILED", `unknown fix-up ${String(id)}`);
    }
  } catch (error) {
    if (error instanceof FixupError) throw error;
    throw new FixupError("FAILED", error instanceof Error ? error.message : String(error));
  }
  return savePdf(doc);
}

export { FixupError, fixAdvice };
export type { FixupErrorCode };
