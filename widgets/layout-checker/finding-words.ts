import type { CheckCode, Finding } from "../../preflight/index";
import { pluralRu } from "../../shared/domain/counts";

/*
 * How the proof and the report speak of a finding: its page, its measured figure in words, and
 * whether two findings are the same one (a parent may pass equal copies after a re-render).
 */

const numberFormat = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 1 });

/** What the PDF filters are called in a design program. */
const FILTER_NAMES: Record<string, string> = {
  DCTDecode: "JPEG",
  JPXDecode: "JPEG 2000",
  JBIG2Decode: "JBIG2",
  CCITTFaxDecode: "CCITT",
  FlateDecode: "ZIP/Flate",
  LZWDecode: "LZW",
  RunLengthDecode: "RLE",
};

function filterWords(filters: string): string {
  return filters
    .split(/[,\s]+/)
    .filter((name) => name !== "")
    .map((name) => (FILTER_NAMES[name] ? `${FILTER_NAMES[name]} (${name})` : name))
    .join(", ");
}

const figure = (measured: number | string): string => (typeof measured === "number" ? numberFormat.format(measured) : measured);

/** The measured figure of a finding in words, per code («в файле версия 1.7», «150 ppi»); null when nothing was measured. */
export function measuredWords(code: CheckCode, measured: number | string | null): string | null {
  if (measured === null || measured === "") return null;
  const text = figure(measured);
  switch (code) {
    case 1120:
      return `в файле версия ${text}`;
    case 1163:
      return `страниц: ${text}`;
    case 1198:
      return `размер с вылетами: ${text}`;
    case 2078:
      return `цветовое пространство: ${text}`;
    case 2088:
      return `сжатие: ${typeof measured === "string" ? filterWords(measured) : text}`;
    case 3159:
      return `${String(measured).includes(",") ? "краски" : "краска"}: ${text}`;
    case 3171:
      return typeof measured === "string" && measured.startsWith("ICCBased") ? `цветовое пространство с профилем: ${text}` : `профиль вывода (OutputIntent): ${text}`;
    case 3244:
      return `слоёв: ${text}`;
    case 4731:
      return `до ${text} %`;
    case 4752:
      return `шрифт: ${text}`;
    case 4781:
      return `${text} ppi`;
  }
}

/** «стр. 1», or «весь документ» for a finding of the whole file. */
export function pageWords(page: number | null): string {
  return page === null ? "весь документ" : `стр. ${page}`;
}

/** «и ещё 3 таких же» for a collapsed finding that stands for 4; null for a single one. */
export function repeatWords(count: number | undefined): string | null {
  if (count === undefined || count < 2) return null;
  return `и ещё ${count - 1} ${pluralRu(count - 1, { one: "такое же", few: "таких же", many: "таких же" })}`;
}

/** The same finding, whether or not the same object. */
export function sameFinding(a: Finding | null | undefined, b: Finding | null | undefined): boolean {
  if (!a || !b) return false;
  if (a === b) return true;
  const boxesEqual = a.bbox === null || b.bbox === null ? a.bbox === b.bbox : a.bbox.every((value, i) => value === b.bbox?.[i]);
  return a.code === b.code && a.page === b.page && a.measured === b.measured && boxesEqual;
}
