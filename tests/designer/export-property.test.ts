import { describe, expect, it } from "vitest";
import { runPreflight } from "../../preflight/index";
import { exportDesignPdf } from "../../widgets/designer/pdf/index";
import { randomDesign } from "./random-design";
import { fileAssets, loadTemplates, profileFor } from "./support";
import { seededRandom } from "../seeded-random";

/*
 * The issue's property test: every template of server/seed/layout-design-templates/, filled at
 * random (random-design.ts), exported and checked by the REAL preflight engine with the product
 * profile of its size — no findings, ever. Each case has its own seed (BASE_SEED + case number):
 * a failure names it, and `DESIGNER_SEED=<seed>` replays that case alone.
 * DESIGNER_CASES sets how many cases in all (default 200, spread evenly over the templates): 200
 * took 61–88 s with the two first templates on this 2-core machine under a load of 7.5–8.6 (a card ~160 ms,
 * an A5 flyer with its photo ~580 ms, export and check); with the twelve templates ~55 s.
 */

const BASE_SEED = 32_000;
const CASES = Number(process.env.DESIGNER_CASES ?? 200);
const ONLY_SEED = process.env.DESIGNER_SEED === undefined ? null : Number(process.env.DESIGNER_SEED);

describe("the designer's export passes the shop's preflight", () => {
  const templates = loadTemplates();

  it("has templates to test", () => {
    expect(templates.length).toBeGreaterThanOrEqual(2);
  });

  it(`exports ${ONLY_SEED ?? CASES} random designs of every template with no findings`, { timeout: 300_000 }, async () => {
    const seeds = ONLY_SEED !== null ? [ONLY_SEED] : Array.from({ length: Math.max(CASES, templates.length) }, (_, i) => BASE_SEED + i);
    const failures: string[] = [];
    const perTemplate = new Map<string, number>();
    const started = performance.now();
    for (const seed of seeds) {
      // The template by seed, so each has the same share and a seed alone replays its case.
      const template = templates[(seed - BASE_SEED) % templates.length];
      if (template === undefined) throw new Error("no template");
      const random = seededRandom(seed);
      const { document, images } = randomDesign(template, random);
      const profile = profileFor(document);
      const bytes = await exportDesignPdf(document, fileAssets(images), { maxTacPct: profile.maxTacPct });
      const header = new TextDecoder().decode(bytes.subarray(0, 8));
      const report = runPreflight(bytes, profile, { limits: { deadlineMs: 60_000 } });
      perTemplate.set(template.id, (perTemplate.get(template.id) ?? 0) + 1);
      if (header !== "%PDF-1.3" || !report.ok || report.findings.length > 0 || report.pageCount !== document.sides.length) {
        failures.push(`seed ${seed} (${template.id}): ${header}, ${report.pageCount} pages, ${report.findings.map((f) => `${f.code} p.${f.page} ${f.measured}`).join("; ")}`);
      }
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(`designer property test: ${seeds.length} exports of ${perTemplate.size} templates in ${seconds.toFixed(1)} s (${((seconds * 1000) / seeds.length).toFixed(0)} ms each)`);
    expect(failures).toEqual([]);
  });
});
