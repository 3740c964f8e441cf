import type { PreflightProfile } from "./report";

/*
 * The profile's JSON form (stored per product detail, passed to the CLI) checked by hand: preflight
 * imports nothing of the app, zod included. The bounds are those of the API's schema
 * (shared/contracts/preflight-profile.ts), so a profile the API stores is one the engine takes. Every problem is collected, so one message names them
 * all; whatever the input (null, an array, a string), the answer is a profile or a ProfileError —
 * never a TypeError from poking at a missing property.
 */

export class ProfileError extends Error {
  override readonly name = "ProfileError";
  /** One Russian line per problem. */
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Профиль проверки задан неверно: ${problems.join("; ")}`);
    this.problems = problems;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isFiniteNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

export function parseProfile(json: unknown): PreflightProfile {
  if (!isRecord(json)) throw new ProfileError(["ожидается объект с порогами проверки"]);
  const problems: string[] = [];

  const number = (key: string, what: string, ok: (n: number) => boolean, rule: string): number => {
    const value = json[key];
    if (!isFiniteNumber(value) || !ok(value)) {
      problems.push(`${key} (${what}) — ${rule}`);
      return 0;
    }
    return value;
  };

  const pdfVersion = json.pdfVersion;
  if (typeof pdfVersion !== "string" || !/^\d\.\d$/.test(pdfVersion)) problems.push("pdfVersion (версия PDF) — строка вида \"1.3\"");

  const pages = number("pages", "количество страниц", (n) => Number.isInteger(n) && n >= 1 && n <= 10_000, "целое число от 1 до 10 000");

  let trimMm: [number, number] = [0, 0];
  const trim = json.trimMm;
  const side = (v: unknown): v is number => isFiniteNumber(v) && v > 0 && v <= 100_000;
  if (Array.isArray(trim) && trim.length === 2 && side(trim[0]) && side(trim[1])) trimMm = [trim[0], trim[1]];
  else problems.push("trimMm (обрезной формат, мм) — два положительных числа [ширина, высота]");

  const bleedMm = number("bleedMm", "вылеты, мм", (n) => n >= 0 && n <= 100, "число от 0 до 100");
  const sizeToleranceMm = number("sizeToleranceMm", "допуск размера, мм", (n) => n >= 0 && n <= 100, "число от 0 до 100");
  const minPpi = number("minPpi", "минимальное разрешение, ppi", (n) => n > 0 && n <= 10_000, "положительное число не больше 10 000");
  const ppiTolerancePct = number("ppiTolerancePct", "допуск разрешения, %", (n) => n >= 0 && n <= 100, "число от 0 до 100");

  const compression = json.compression;
  if (compression !== "lossy" && compression !== "any") problems.push("compression (сжатие изображений) — \"lossy\" или \"any\"");

  const maxTacPct = number("maxTacPct", "сумма красок, %", (n) => n >= 0 && n <= 400, "число от 0 до 400");
  const tacTolerancePct = number("tacTolerancePct", "допуск суммы красок, %", (n) => n >= 0 && n <= 100, "число от 0 до 100");
  const tacMinAreaMm2 = number("tacMinAreaMm2", "минимальная площадь превышения, мм²", (n) => n >= 0 && n <= 1_000_000, "число от 0 до 1 000 000");

  if (problems.length > 0) throw new ProfileError(problems);
  return {
    pdfVersion: pdfVersion as string,
    pages,
    trimMm,
    bleedMm,
    sizeToleranceMm,
    minPpi,
    ppiTolerancePct,
    compression: compression as PreflightProfile["compression"],
    maxTacPct,
    tacTolerancePct,
    tacMinAreaMm2,
  };
}
