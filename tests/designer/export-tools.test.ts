import { execFile } from "node:child_process";
import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runPreflight } from "../../preflight/index";
import type { Report } from "../../preflight/index";
import type { DesignDocument, DesignElement, DesignTemplate } from "../../shared/contracts/index";
import { PT_PER_MM, exportDesignPdf, qrContentText } from "../../widgets/designer/pdf/index";
import type { DecodedImage } from "../../widgets/designer/pdf/index";
import { fileAssets, loadTemplates, makePicture, profileFor } from "./support";
import { seededRandom } from "../seeded-random";

/*
 * The independent check of the issue: a two-sided card with a logo (with transparency) and a vCard
 * QR code, and an A5 flyer with a photo, exported and read by Ghostscript, qpdf and poppler
 * (installed by tests/preflight/ensure-tools.sh, which `npm test` runs first) — and what the tools
 * say must agree with the shop's engine on the same bytes.
 */

const run = promisify(execFile);

interface Exported {
  name: string;
  document: DesignDocument;
  bytes: Uint8Array;
  file: string;
  report: Report;
}

let dir = "";
const exported: Exported[] = [];

function template(templates: DesignTemplate[], id: string): DesignTemplate {
  const found = templates.find((t) => t.id === id);
  if (found === undefined) throw new Error(`no template ${id}`);
  return found;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "ottisk-designer-"));
  const templates = loadTemplates();
  const random = seededRandom(3232);
  const images = new Map<string, DecodedImage>();
  // The logo: 20 mm at 350 ppi, a disc on transparent pixels; the photo: 152 × 100 mm at 320 ppi, a
  // smooth gradient (no grain, so a 150 dpi render's highest ink is the file's to within a step).
  const logoId = "0000aaaa-0000-4000-8000-000000000001";
  const photoId = "0000aaaa-0000-4000-8000-000000000002";
  const logoPx = Math.ceil((20 / 25.4) * 350);
  images.set(logoId, makePicture(random, logoPx, logoPx, { alpha: true, noise: false }));
  const photoW = Math.ceil((152 / 25.4) * 320);
  const photoH = Math.ceil((100 / 25.4) * 320);
  images.set(photoId, makePicture(random, photoW, photoH, { alpha: false, noise: false }));

  const card = structuredClone(template(templates, "card-classic-90x50").document);
  for (const side of card.sides) {
    side.elements = side.elements.map((element): DesignElement => {
      if (element.kind === "image" && element.slot === "logo") return { ...element, source: { id: logoId, widthPx: logoPx, heightPx: logoPx } };
      if (element.kind === "qr") {
        return { ...element, content: { type: "vcard", name: "Фёдор Ёлкин", company: "ООО «Оттиск»", position: "Директор", phone: "+7 (495) 123-45-67", email: "fedor@ottisk.ru", site: "ottisk.ru", address: "Москва, ул. Лесная, д. 5" } };
      }
      return element;
    });
  }
  const flyer = structuredClone(template(templates, "flyer-classic-a5").document);
  for (const side of flyer.sides) {
    side.elements = side.elements.map((element): DesignElement => (element.kind === "image" && element.slot === "photo" ? { ...element, source: { id: photoId, widthPx: photoW, heightPx: photoH } } : element));
  }
  for (const [name, document] of [["card", card], ["flyer", flyer]] as const) {
    const profile = profileFor(document);
    const bytes = await exportDesignPdf(document, fileAssets(images), { maxTacPct: profile.maxTacPct });
    const file = join(dir, `${name}.pdf`);
    await writeFile(file, bytes);
    exported.push({ name, document, bytes, file, report: runPreflight(bytes, profile) });
  }
}, 60_000);

afterAll(async () => {
  if (dir !== "") await rm(dir, { recursive: true, force: true });
});

const box = (text: string) => text.trim().split(/\s+/).map(Number);

describe("the exported PDF read by Ghostscript, qpdf and poppler", () => {
  it("passes the engine with no findings", () => {
    for (const e of exported) expect(e.report.findings, e.name).toEqual([]);
  });

  it("pdfinfo: version 1.3, a page per side, MediaBox = BleedBox = trim + bleed, TrimBox = trim — the boxes the engine measured", async () => {
    for (const e of exported) {
      const pages = e.document.sides.length;
      const { stdout } = await run("pdfinfo", ["-box", "-f", "1", "-l", String(pages), e.file]);
      expect(stdout).toMatch(/^PDF version:\s+1\.3$/m);
      expect(stdout).toMatch(new RegExp(`^Pages:\\s+${pages}$`, "m"));
      expect(e.report.version).toBe("1.3");
      expect(e.report.pageCount).toBe(pages);
      const [tw, th] = e.document.trimMm;
      const b = e.document.bleedMm;
      const full = [0, 0, (tw + 2 * b) * PT_PER_MM, (th + 2 * b) * PT_PER_MM];
      const trim = [b * PT_PER_MM, b * PT_PER_MM, (tw + b) * PT_PER_MM, (th + b) * PT_PER_MM];
      for (let page = 1; page <= pages; page++) {
        const read = (name: string) => {
          const match = new RegExp(`^Page\\s+${page} ${name}:(.*)$`, "m").exec(stdout);
          if (match?.[1] === undefined) throw new Error(`${e.name}: pdfinfo shows no ${name} on page ${page}`);
          return box(match[1]);
        };
        const engine = e.report.pages[page - 1];
        if (engine === undefined) throw new Error("the engine has no such page");
        for (const [name, expected, measured] of [["MediaBox", full, engine.view], ["BleedBox", full, engine.bleedBox], ["TrimBox", trim, engine.trimBox]] as const) {
          const poppler = read(name);
          poppler.forEach((v, i) => {
            // pdfinfo prints two decimals: agreement within 0.01 pt (0.004 mm).
            expect(Math.abs(v - (expected[i] ?? NaN)), `${e.name} p.${page} ${name}`).toBeLessThan(0.01);
            expect(Math.abs(v - (measured[i] ?? NaN)), `${e.name} p.${page} ${name} (engine)`).toBeLessThan(0.01);
          });
        }
      }
    }
  });

  it("pdffonts lists no font (text is curves)", async () => {
    for (const e of exported) {
      const { stdout } = await run("pdffonts", [e.file]);
      const lines = stdout.trim().split("\n");
      // The two header lines and nothing under them.
      expect(lines.length, `${e.name}: ${stdout}`).toBe(2);
    }
  });

  it("pdfimages: CMYK pictures, Flate (no DCT), at 300–450 ppi; the logo's transparency is a 1-bit mask", async () => {
    for (const e of exported) {
      const { stdout } = await run("pdfimages", ["-list", e.file]);
      const rows = stdout.trim().split("\n").slice(2).map((line) => line.trim().split(/\s+/));
      const images = rows.filter((row) => row[2] === "image");
      expect(images.length, e.name).toBe(1);
      for (const row of rows) {
        // page num type width height color comp bpc enc interp object ID x-ppi y-ppi size ratio
        const [, , type, , , color, comp, bpc, enc, , , , xPpi, yPpi] = row;
        expect(["image", "mask"], `${e.name}: ${row.join(" ")}`).toContain(type);
        expect(enc, `${e.name}: ${row.join(" ")}`).toBe("image");
        if (type === "image") {
          expect([color, comp, bpc]).toEqual(["cmyk", "4", "8"]);
          expect(Number(xPpi)).toBeGreaterThanOrEqual(300);
          expect(Number(yPpi)).toBeGreaterThanOrEqual(300);
          expect(Number(xPpi)).toBeLessThanOrEqual(451);
          expect(Number(yPpi)).toBeLessThanOrEqual(451);
        } else {
          // An explicit mask: 1 bit, no colour space.
          expect([color, comp, bpc]).toEqual(["-", "1", "1"]);
        }
      }
      expect(rows.some((row) => row[2] === "mask")).toBe(e.name === "card");
      // …and the engine saw neither a compressed picture (2088) nor a low resolution (4781).
      expect(e.report.findings.filter((f) => f.code === 2088 || f.code === 4781)).toEqual([]);
    }
  });

  it("qpdf --check finds nothing", async () => {
    for (const e of exported) {
      const { stdout } = await run("qpdf", ["--check", e.file]);
      expect(stdout).toContain("No syntax or stream encoding errors found");
    }
  });

  it("Ghostscript's ink agrees with the engine's total-ink measurement", async () => {
    for (const e of exported) {
      const pages = e.document.sides.length;
      // inkcov: the share of the page each ink covers, per page; the file is all CMYK.
      const { stdout } = await run("gs", ["-q", "-dNOPAUSE", "-dBATCH", "-r150", "-o", "-", "-sDEVICE=inkcov", e.file]);
      const coverage = stdout.trim().split("\n").map((line) => line.trim().split(/\s+/));
      expect(coverage.length, stdout).toBe(pages);
      for (const row of coverage) expect(row.slice(4), stdout).toEqual(["CMYK", "OK"]);
      // The engine's highest total ink per page: its 4731 areas with a limit of 0 % (every inked
      // area, each with its highest ink); Ghostscript's: the highest C+M+Y+K of its 150 dpi CMYK
      // render (pamcmyk32, the render the corpus is checked with).
      const engine = runPreflight(e.bytes, { ...profileFor(e.document), maxTacPct: 0, tacTolerancePct: 0, tacMinAreaMm2: 0 });
      await run("gs", ["-q", "-dNOPAUSE", "-dBATCH", "-r150", "-sDEVICE=pamcmyk32", "-o", join(dir, `${e.name}-%d.pam`), e.file]);
      const renders = (await readdir(dir)).filter((f) => f.startsWith(`${e.name}-`) && f.endsWith(".pam")).sort();
      expect(renders.length).toBe(pages);
      for (let page = 1; page <= pages; page++) {
        const pam = await readFile(join(dir, `${e.name}-${page}.pam`));
        const headerEnd = pam.indexOf("ENDHDR\n") + "ENDHDR\n".length;
        const samples = pam.subarray(headerEnd);
        let gsMax = 0;
        const sums: [number, number, number, number] = [0, 0, 0, 0];
        for (let i = 0; i + 3 < samples.length; i += 4) {
          const c = samples[i] ?? 0, m = samples[i + 1] ?? 0, y = samples[i + 2] ?? 0, k = samples[i + 3] ?? 0;
          gsMax = Math.max(gsMax, ((c + m + y + k) * 100) / 255);
          sums[0] += c > 0 ? 1 : 0;
          sums[1] += m > 0 ? 1 : 0;
          sums[2] += y > 0 ? 1 : 0;
          sums[3] += k > 0 ? 1 : 0;
        }
        const engineMax = Math.max(0, ...engine.findings.filter((f) => f.code === 4731 && f.page === page).map((f) => Number(f.measured)));
        // Tolerance 1.5 %: both renders hold 8 bits an ink (±0.2 % each, ±0.8 % for four), the
        // engine reports to 0.1 %, and a photo's smooth gradient moves < 0.5 % between the two
        // renderers' pixel centres at 150 dpi.
        expect(Math.abs(gsMax - engineMax), `${e.name} p.${page}: gs ${gsMax.toFixed(1)} %, engine ${engineMax} %`).toBeLessThan(1.5);
        expect(engineMax).toBeLessThanOrEqual(300);
        // inkcov (at the same 150 dpi) is the share of the page each ink covers: the same figure as
        // the render's inked pixels, so the render whose highest ink was compared is Ghostscript's own.
        const pixels = samples.length / 4;
        const row = coverage[page - 1] ?? [];
        for (let ink = 0; ink < 4; ink++) expect(Math.abs(Number(row[ink]) - (sums[ink] ?? 0) / pixels), `${e.name} p.${page} ink ${ink}: ${row.join(" ")}`).toBeLessThan(0.005);
      }
    }
  });

  it("Ghostscript's render: the background and a rectangle touching the trim fill the bleed; a logo's clear pixels leave the paper", async () => {
    const card = exported.find((e) => e.name === "card");
    if (card === undefined) throw new Error("no card");
    await run("gs", ["-q", "-dNOPAUSE", "-dBATCH", "-r300", "-sDEVICE=pamcmyk32", "-o", join(dir, "bleed-%d.pam"), card.file]);
    const ink = async (page: number, xMm: number, yMm: number) => {
      const pam = await readFile(join(dir, `bleed-${page}.pam`));
      const header = pam.subarray(0, pam.indexOf("ENDHDR\n")).toString("latin1");
      const width = Number(/WIDTH (\d+)/.exec(header)?.[1]);
      const offset = pam.indexOf("ENDHDR\n") + "ENDHDR\n".length;
      // Trim coordinates (y down) → the render's pixel (the page starts at the bleed's corner).
      const x = Math.floor(((xMm + 2) / 25.4) * 300);
      const y = Math.floor(((yMm + 2) / 25.4) * 300);
      const i = offset + (y * width + x) * 4;
      return Array.from(pam.subarray(i, i + 4)).map((v) => Math.round((v * 100) / 255));
    };
    // Front: the band (C100 M60 K20, x 0–6 mm) runs on into the left, top and bottom bleed; the
    // right bleed is paper. The logo's corner (outside its disc) is paper, its centre is inked.
    expect(await ink(1, -1, 25)).toEqual([100, 60, 0, 20]);
    expect(await ink(1, 3, -1.5)).toEqual([100, 60, 0, 20]);
    expect(await ink(1, 3, 51.5)).toEqual([100, 60, 0, 20]);
    expect(await ink(1, 91, 25)).toEqual([0, 0, 0, 0]);
    expect(await ink(1, 64.3, 6.3)).toEqual([0, 0, 0, 0]);
    expect((await ink(1, 74, 16)).some((v) => v > 0)).toBe(true);
    // Back: the background fills the bleed's corners; the QR's plate is paper.
    expect(await ink(2, -1.5, -1.5)).toEqual([100, 60, 0, 20]);
    expect(await ink(2, 91.5, 51.5)).toEqual([100, 60, 0, 20]);
    expect(await ink(2, 62.5, 25)).toEqual([0, 0, 0, 0]);
  });

  it("the card's QR code, drawn by poppler and read by a QR reader, says the vCard", async () => {
    const card = exported.find((e) => e.name === "card");
    const qr = card?.document.sides[1]?.elements.find((element) => element.kind === "qr");
    if (card === undefined || qr === undefined || qr.kind !== "qr") throw new Error("no card QR");
    // The back at 600 dpi: a vCard's modules are ~0.35 mm, 8 px each.
    await run("pdftoppm", ["-r", "600", "-f", "2", "-l", "2", "-png", "-singlefile", card.file, join(dir, "card-back")]);
    const png = PNG.sync.read(await readFile(join(dir, "card-back.png")));
    const found = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height);
    expect(found === null ? null : new TextDecoder().decode(new Uint8Array(found.binaryData))).toBe(qrContentText(qr.content));
  });
});
