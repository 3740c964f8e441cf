import { describe, expect, it } from "vitest";
import { firstExtra, pagesPdf, streamObject } from "./checks/test-pdf";
import { profile as baseProfile } from "./checks/test-fixtures";
import { preflightErrorCode } from "./core/testing";
import { inkDpi, INK_DPI, INK_MIN_DPI, runPreflight } from "./engine";
import type { PreflightProfile, ProgressEvent } from "./report";

/*
 * The engine end to end on hand-written PDFs: reader, interpreter, the page checks and the ink
 * renderer behind one composite device.
 */

const profile: PreflightProfile = { ...baseProfile, pages: 1 };
const X = firstExtra(1);
const page = (content: string, resources = "<< >>") => pagesPdf([{ content, resources }]);
const codesOf = (bytes: Uint8Array, prof = profile) => runPreflight(bytes, prof).findings.map((f) => f.code);

/** A 10×10 mm square (28.35 pt) in CMYK `c m y k`. */
const square = (cmyk: string, x = 20, y = 20) => `${cmyk} k ${x} ${y} 28.35 28.35 re f`;


describe("runPreflight", () => {
  it("answers a clean layout with ok, no findings, the page count and the effective version", () => {
    const report = runPreflight(page(square("0 0 0 1")), profile);
    expect(report).toMatchObject({ ok: true, findings: [], pageCount: 1, version: "1.3" });
    expect(report.pages.map(({ page: number, rotate }) => ({ number, rotate }))).toEqual([{ number: 1, rotate: 0 }]);
  });

  it("throws the reader's PreflightError for files it cannot read", () => {
    expect(preflightErrorCode(() => runPreflight(new Uint8Array(), profile))).toBe("EMPTY_FILE");
    expect(preflightErrorCode(() => runPreflight(new TextEncoder().encode("<html>not a pdf</html>"), profile))).toBe("NOT_A_PDF");
  });

  it("ends in TIMEOUT when the clock passes the deadline, and in TOO_COMPLEX past the work limit", () => {
    let t = 0;
    const now = () => (t += 10_000);
    expect(preflightErrorCode(() => runPreflight(page(square("0 0 0 1")), profile, { now }))).toBe("TIMEOUT");
    const busy = page(Array.from({ length: 200 }, () => "0 0 m 1 1 l S").join("\n"));
    expect(preflightErrorCode(() => runPreflight(busy, profile, { limits: { maxOperators: 50 } }))).toBe("TOO_COMPLEX");
  });

  it("answers ENCRYPTED for an encrypted file, and a report for a form that draws itself", () => {
    const encrypted = new TextDecoder("latin1").decode(page("")).replace("/Root 1 0 R", "/Root 1 0 R /Encrypt << /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>");
    expect(preflightErrorCode(() => runPreflight(Uint8Array.from(encrypted, (c) => c.charCodeAt(0)), profile))).toBe("ENCRYPTED");
    const loop = streamObject(`/Type /XObject /Subtype /Form /BBox [0 0 10 10] /Resources << /XObject << /Fm0 ${X} 0 R >> >>`, "1 0 0 rg 0 0 1 1 re f /Fm0 Do");
    const report = runPreflight(pagesPdf([{ content: "/Fm0 Do", resources: `<< /XObject << /Fm0 ${X} 0 R >> >>` }], { extra: [loop] }), profile);
    expect(report.findings.map((f) => f.code)).toEqual([2078]);
  });

  it("reports progress as each page begins and once at the end", () => {
    const events: ProgressEvent[] = [];
    runPreflight(pagesPdf([{}, {}]), { ...profile, pages: 2 }, { onProgress: (e) => events.push(e) });
    expect(events).toEqual([
      { page: 1, pages: 2, fraction: 0 },
      { page: 2, pages: 2, fraction: 0.5 },
      { page: 2, pages: 2, fraction: 1 },
    ]);
  });

  it("sorts findings: the document's first, then by page, then by code", () => {
    const font = `<< /Font << /F1 ${firstExtra(2)} 0 R >> >>`;
    const bytes = pagesPdf(
      [
        { content: "BT /F1 12 Tf 10 10 Td (Hi) Tj ET 1 0 0 rg 0 0 5 5 re f", resources: font },
        { content: "1 0 0 rg 0 0 5 5 re f", entries: "/MediaBox [0 0 100 100]" },
      ],
      { header: "1.4", extra: ["<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"] },
    );
    const report = runPreflight(bytes, profile);
    expect(report.ok).toBe(false);
    expect(report.version).toBe("1.4");
    expect(report.findings.map((f) => [f.page, f.code])).toEqual([
      [null, 1120],
      [null, 1163],
      [1, 2078],
      [1, 4752],
      [2, 1198],
      [2, 2078],
    ]);
  });

  it("collapses identical repeats on a page into the first, with a count", () => {
    const report = runPreflight(page("1 0 0 rg 0 0 5 5 re f 10 10 5 5 re f 20 20 5 5 re f 0 0 1 rg 30 30 5 5 re f"), profile);
    expect(report.findings).toEqual([{ code: 2078, message: "RGB-цвета недопустимы: используйте CMYK", page: 1, bbox: [0, 0, 5, 5], measured: "DeviceRGB", count: 4 }]);
  });

  it("keeps one finding per distinct problem on a page of a hundred thousand RGB fills", () => {
    const report = runPreflight(page(`1 0 0 rg ${"0 0 1 1 re f ".repeat(100_000)}`), profile);
    expect(report.findings).toEqual([{ code: 2078, message: "RGB-цвета недопустимы: используйте CMYK", page: 1, bbox: [0, 0, 1, 1], measured: "DeviceRGB", count: 100_000 }]);
  });

  describe("4731 total ink through the renderer", () => {
    it("passes 300 % and fails 400 % over 10×10 mm, measuring the highest ink and its area", () => {
      expect(codesOf(page(square("1 1 1 0")))).toEqual([]);
      const report = runPreflight(page(square("1 1 1 1")), profile);
      expect(report.findings).toHaveLength(1);
      expect(report.findings[0]).toMatchObject({ code: 4731, page: 1, measured: 400 });
      const bbox = report.findings[0]?.bbox ?? [0, 0, 0, 0];
      // The area's bounds, within a pixel at 150 dpi (0.48 pt).
      for (const [got, want] of [[bbox[0], 20], [bbox[1], 20], [bbox[2], 48.35], [bbox[3], 48.35]] as const) expect(Math.abs(got - want)).toBeLessThanOrEqual(0.5);
    });

    it("passes at the limit plus tolerance (301 %) and fails a step above", () => {
      expect(codesOf(page(square("0.7525 0.7525 0.7525 0.7525")))).toEqual([]);
      expect(codesOf(page(square("0.76 0.76 0.76 0.76")))).toEqual([4731]);
    });

    it("adds up overprinting objects (two 200 % fills make 400 %) but not knocked-out ones", () => {
      const gs = `<< /ExtGState << /OP << /Type /ExtGState /OP true /op true /OPM 1 >> >> >>`;
      expect(codesOf(page(`${square("1 1 0 0")} ${square("0 0 1 1")}`, gs))).toEqual([]);
      const report = runPreflight(page(`${square("1 1 0 0")} /OP gs ${square("0 0 1 1")}`, gs), profile);
      expect(report.findings).toMatchObject([{ code: 4731, measured: 400 }]);
    });

    it("ignores an over-limit area smaller than tacMinAreaMm2", () => {
      // 0.8 × 0.8 mm = 0.64 mm².
      expect(codesOf(page("1 1 1 1 k 20 20 2.27 2.27 re f"))).toEqual([]);
    });

    it("counts text per object, at its colour's ink", () => {
      const font = `<< /Font << /F1 ${X} 0 R >> >>`;
      const bytes = pagesPdf([{ content: "BT /F1 24 Tf 1 1 1 1 k 10 10 Td (Rich black) Tj ET", resources: font }], { extra: ["<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"] });
      expect(runPreflight(bytes, profile).findings).toMatchObject([
        { code: 4731, measured: 400 },
        { code: 4752, measured: "Helvetica" },
      ]);
    });

    it("renders images: a 400 % raw CMYK image fails", () => {
      const px = 30;
      const data = new Uint8Array(px * px * 4).fill(255);
      const img = streamObject(`/Type /XObject /Subtype /Image /Width ${px} /Height ${px} /BitsPerComponent 8 /ColorSpace /DeviceCMYK`, data);
      const bytes = pagesPdf([{ content: "q 7.2 0 0 7.2 20 20 cm /Im0 Do Q", resources: `<< /XObject << /Im0 ${X} 0 R >> >>` }], { extra: [img] });
      // 30 px over 7.2 pt is 300 ppi: only the ink fails.
      expect(runPreflight(bytes, profile).findings).toMatchObject([{ code: 4731, measured: 400 }]);
    });
  });

  it("renders total ink at the coarsest raster that still finds an area of tacMinAreaMm2, wherever it sits", () => {
    expect(inkDpi({ tacMinAreaMm2: 1 })).toBeCloseTo(101.6, 6); // 4 pixels of 0.25 mm across a 1 mm side
    expect(inkDpi({ tacMinAreaMm2: 100 })).toBeGreaterThanOrEqual(INK_MIN_DPI);
    expect(inkDpi({ tacMinAreaMm2: 100 })).toBeCloseTo((29 * 25.4) / 10, 6);
    expect(inkDpi({ tacMinAreaMm2: 0 })).toBe(INK_DPI);
    expect(inkDpi({ tacMinAreaMm2: 0.01 })).toBe(INK_DPI);
    const mm = 72 / 25.4;
    const tac = (side: number, x: number, y: number) => codesOf(page(`1 1 1 0.2 k ${x} ${y} ${side * mm} ${side * mm} re f`)).filter((c) => c === 4731).length;
    // A square of exactly the minimum area (1 mm², 320 %) is found at every position on the raster
    // (at a fixed 150 dpi it covered 5 × 5 pixels = 0.72 mm² at some), and one of 0.55 mm² never is.
    for (let j = 0; j < 12; j++) {
      const x = 40 + j * 0.0613;
      const y = 30 + j * 0.0471;
      expect([j, tac(1, x, y)]).toEqual([j, 1]);
      expect([j, tac(0.74, x, y)]).toEqual([j, 0]);
    }
  });
});

