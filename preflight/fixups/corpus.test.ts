import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildCorpus, corpusDir, readManifest } from "../../tests/preflight/make-corpus";
import type { ReportEntry } from "../../tests/preflight/make-corpus";
import { runPreflight } from "../engine";
import type { CheckCode } from "../report";
import { FixupError, fixupErrorMessages } from "./errors";
import { applyFixup, offerFixups } from "./index";
import type { FixupId } from "./index";
import { codesOf, pdfjsOperators, qpdfCheck } from "./testing";

/*
 * Every fix-up over the engine's corpus (tests/preflight/make-corpus.ts): for each file whose
 * expected codes include one a fix-up claims, the offers are asked for; each unblocked one is
 * applied and the result checked again — the claimed codes gone, every other code as before — and
 * opened by qpdf --check and pdf.js. The corpus is the one `npm run preflight:corpus` built; when
 * there is none, this run builds it (a few minutes).
 */

const FIXUP_CODES: ReadonlySet<number> = new Set([1120, 2078, 3171, 3244]);

let entries: ReportEntry[] = [];

beforeAll(async () => {
  const manifest = await stat(join(corpusDir, "corpus.json")).catch(() => null);
  if (!manifest) await buildCorpus({ dir: corpusDir });
  entries = (await readManifest(corpusDir)).filter((e): e is ReportEntry => "expected" in e && e.expected.some((c) => FIXUP_CODES.has(c)));
}, 600_000);

interface Outcome {
  file: string;
  id: FixupId;
  clears: CheckCode[];
  before: CheckCode[];
  after: CheckCode[] | null;
  blockedBy: string | null;
}

async function runAll(): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const entry of entries) {
    const bytes = new Uint8Array(await readFile(join(corpusDir, entry.file)));
    const report = runPreflight(bytes, entry.profile);
    const before = [...new Set(report.findings.map((f) => f.code))].sort((a, b) => a - b);
    for (const offer of await offerFixups(bytes, report)) {
      if (offer.blockedBy !== null) {
        outcomes.push({ file: entry.file, id: offer.id, clears: offer.clears, before, after: null, blockedBy: offer.blockedBy });
        continue;
      }
      const copy = bytes.slice();
      const out = await applyFixup(bytes, offer.id);
      expect(bytes).toEqual(copy);
      const check = qpdfCheck(out);
      expect([0, 3], `${entry.file} ${offer.id}: ${check.output}`).toContain(check.status);
      expect((await pdfjsOperators(out)).length).toBe(report.pageCount);
      outcomes.push({ file: entry.file, id: offer.id, clears: offer.clears, before, after: codesOf(out, entry.profile), blockedBy: null });
    }
  }
  return outcomes;
}

describe("fix-ups over the preflight corpus", () => {
  let outcomes: Outcome[] = [];
  beforeAll(async () => {
    outcomes = await runAll();
  }, 120_000);

  it("clears exactly the claimed codes and leaves every other code as it was", () => {
    const applied = outcomes.filter((o) => o.after !== null);
    const wrong = applied.filter((o) => JSON.stringify(o.after) !== JSON.stringify(o.before.filter((c) => !o.clears.includes(c))));
    expect(wrong).toEqual([]);
    // Every claim is a code the file had.
    expect(applied.filter((o) => o.clears.some((c) => !o.before.includes(c)))).toEqual([]);
  });

  it("clears its code on the corpus files that need it", () => {
    const cleared = (id: FixupId, code: CheckCode) =>
      outcomes.filter((o) => o.id === id && o.after !== null && o.before.includes(code) && !o.after.includes(code)).map((o) => o.file).sort();
    expect(cleared("pdf-version", 1120)).toEqual(["1120-catalog-version-1.7.pdf", "1120-header-1.4.pdf"]);
    expect(cleared("output-intent", 3171)).toEqual(["3171-outputintent-with-profile.pdf"]);
    expect(cleared("flatten-layers", 3244)).toEqual(["3244-ocgs.pdf"]);
    expect(cleared("rgb-to-cmyk", 2078)).toEqual([
      "2078-iccbased-rgb.pdf",
      "2078-rgb-fill.pdf",
      "2078-rgb-in-printable-annotation.pdf",
      "2078-rgb-shading.pdf",
      "combo-rgb-spot-text.pdf",
      "hostile-broken-xref.pdf",
      "hostile-self-drawing-form.pdf",
      "rewrite-linearized.pdf",
      "rewrite-object-streams.pdf",
      "rewrite-qdf.pdf",
    ]);
    // The sRGB fill was the file's only ICC use: converting it clears 3171 too, and says so.
    expect(outcomes.find((o) => o.file === "2078-iccbased-rgb.pdf")?.clears).toEqual([2078, 3171]);
  });

  it("offers nothing for RGB that is only in images, nor for ICC that is only in colour spaces", () => {
    const offered = (file: string) => outcomes.filter((o) => o.file === file).map((o) => o.id);
    expect(offered("2078-rgb-image.pdf")).toEqual([]);
    expect(offered("2078-indexed-rgb-image.pdf")).toEqual([]);
    expect(offered("3171-iccbased-cmyk.pdf")).toEqual([]);
  });

  it("blocks nothing on the files the engine reports on: pdf-lib reads every one of them", () => {
    // The one file the engine read only by recovery and pdf-lib could not (hostile-truncated-tail)
    // is refused as DAMAGED since issue 17; fixups.test.ts covers UNREADABLE on hand-made files.
    const blocked = outcomes.filter((o) => o.blockedBy !== null);
    expect(blocked.map((o) => [o.file, o.id, o.blockedBy])).toEqual([]);
  });
});

describe("fix-ups on the corpus's hostile files", () => {
  it("answers FixupError with the code and its Russian message", async () => {
    const cases: Array<[string, FixupId, string]> = [
      ["hostile-encrypted.pdf", "rgb-to-cmyk", "ENCRYPTED"],
      ["hostile-empty.pdf", "pdf-version", "UNREADABLE"],
      ["hostile-jpeg-named-pdf.pdf", "pdf-version", "UNREADABLE"],
      ["hostile-truncated.pdf", "rgb-to-cmyk", "UNREADABLE"],
      // A content stream that inflates past the content limit: the fix-up stops, it does not hang.
      ["hostile-flate-bomb.pdf", "flatten-layers", "FAILED"],
    ];
    for (const [file, id, code] of cases) {
      const error = await applyFixup(new Uint8Array(await readFile(join(corpusDir, file))), id).catch((e: unknown) => e);
      expect(error, file).toBeInstanceOf(FixupError);
      expect(error, file).toMatchObject({ code, messageUI: fixupErrorMessages[code as keyof typeof fixupErrorMessages] });
    }
  });
});
