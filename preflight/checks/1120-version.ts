import type { PdfDocument } from "../core/document";
import { isName } from "../core/objects";
import type { Finding, PreflightProfile } from "../report";
import { finding } from "./common";

/*
 * 1120 version: the effective version is the higher of the header's and the catalog's /Version
 * (ISO 32000-1 §7.5.2: an incremental update may raise the version through the catalog); it must
 * EQUAL the profile's pdfVersion — a newer version fails as well as an older one.
 */

/** "1.4" → [1, 4]; null for anything that is not major.minor. */
function parseVersion(text: string): [number, number] | null {
  const m = /^(\d{1,3})\.(\d{1,3})$/.exec(text.trim());
  return m ? [Number(m[1]), Number(m[2])] : null;
}

function compareVersions(a: [number, number], b: [number, number]): number {
  return a[0] - b[0] || a[1] - b[1];
}

/** The higher of the header's version and the catalog's /Version; null when neither can be read. */
export function effectiveVersion(doc: Pick<PdfDocument, "headerVersion" | "catalog">): string | null {
  const candidates: Array<[string, [number, number]]> = [];
  const add = (text: string | null) => {
    const parsed = text === null ? null : parseVersion(text);
    if (text !== null && parsed) candidates.push([`${parsed[0]}.${parsed[1]}`, parsed]);
  };
  add(doc.headerVersion);
  const catalogVersion = doc.catalog.entries.get("Version");
  // /Version is a name; writers that store it as a number (1.4) are met too and mean the same.
  if (isName(catalogVersion)) add(catalogVersion.name);
  else if (typeof catalogVersion === "number" && Number.isFinite(catalogVersion)) add(catalogVersion.toFixed(1));
  let best: [string, [number, number]] | null = null;
  for (const c of candidates) if (best === null || compareVersions(c[1], best[1]) > 0) best = c;
  return best ? best[0] : null;
}

export function checkVersion(doc: Pick<PdfDocument, "headerVersion" | "catalog">, profile: Pick<PreflightProfile, "pdfVersion">): Finding[] {
  const version = effectiveVersion(doc);
  const wanted = parseVersion(profile.pdfVersion);
  const actual = version === null ? null : parseVersion(version);
  if (wanted && actual && compareVersions(wanted, actual) === 0) return [];
  return [finding(1120, null, null, version)];
}
