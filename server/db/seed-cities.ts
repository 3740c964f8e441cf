import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { readCityCsv, writeCities } from "../services/city-import";
import type { CityImportReport } from "../services/city-import";
import type { Database } from "./client";
import { city } from "./geo.schema";

/*
 * Every Russian city with a population, shipped with the shop: `data/cities.csv` is the HFLabs city
 * data set (CC BY-SA 4.0, see data/README.md) cut to the columns the import reads. A database whose
 * `city` table holds nothing beyond the preset cities gets it on start (the seed), through the same
 * parser and upsert as `npm run geo:import`, so a later import of the full HFLabs file finds every
 * city unchanged. A database that already has other cities (an operator's import) is left alone.
 */

/** The shipped city list, in the layout `readCityCsv` reads. */
export const BUNDLED_CITIES_CSV = fileURLToPath(new URL("./data/cities.csv", import.meta.url));

/** Loads the shipped cities unless the table already has a city that is not a preset; null when it did nothing. */
export async function seedBundledCities(db: Database): Promise<CityImportReport | null> {
  const [other] = await db.select({ kladrId: city.kladrId }).from(city).where(eq(city.preset, false)).limit(1);
  if (other) return null;
  const parsed = readCityCsv(await readFile(BUNDLED_CITIES_CSV, "utf8"));
  if (parsed.skipped.length > 0) {
    // The file ships with the code: a bad row is a packaging mistake, not something to skip quietly.
    const first = parsed.skipped[0];
    throw new Error(`${BUNDLED_CITIES_CSV}: ${parsed.skipped.length} unreadable rows, first on line ${first?.line}: ${first?.message}`);
  }
  return writeCities(db, parsed);
}
