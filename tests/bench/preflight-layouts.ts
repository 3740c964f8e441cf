import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { baseProfile } from "../preflight/make-corpus";
import type { PreflightProfile } from "../../preflight/report";

/*
 * Real-sized layouts for `npm run bench:preflight`: A4 pages (210 × 297 mm, 3 mm bleed) as a
 * catalogue or a brochure is laid out — a CMYK background, a few CMYK boxes, and a CMYK photo of
 * 1 500 × 1 000 px placed at 300 ppi (127 × 85 mm), a separate image object on every page (the
 * photos are cycled from 12 ImageMagick plasma fractals, JPEG quality 85, DCTDecode as a layout
 * program writes them). Written once into .tmp/preflight-layouts/ and reused; delete the folder
 * to build them again.
 */

const root = fileURLToPath(new URL("../..", import.meta.url));
export const layoutsDir = join(root, ".tmp", "preflight-layouts");
const PHOTOS = 12;
const PHOTO_W = 1500;
const PHOTO_H = 1000;
const MM = 72 / 25.4;
const BLEED_MM = 3;
const version = "v1";

/** The profile the layouts are checked against: A4 with 3 mm bleed, as many pages as the file has, PDF 1.4 (the shop's rules otherwise: its JPEGs are 2088). */
export function layoutProfile(pages: number): PreflightProfile {
  return { ...baseProfile, pdfVersion: "1.4", pages, trimMm: [210, 297], bleedMm: BLEED_MM };
}

/** ImageMagick's own convert (a `convert` earlier on the PATH may be a stand-in, see make-corpus.ts). */
function convertPath(): string {
  for (const candidate of ["/usr/bin/convert", "/usr/bin/convert-im6.q16", "/usr/bin/magick"]) if (existsSync(candidate)) return candidate;
  return "convert";
}

async function photo(index: number): Promise<Buffer> {
  const file = join(layoutsDir, "photos", `photo-${index}.jpg`);
  if (!existsSync(file)) {
    await mkdir(join(layoutsDir, "photos"), { recursive: true });
    const result = spawnSync(
      convertPath(),
      ["-size", `${PHOTO_W}x${PHOTO_H}`, "-seed", String(100 + index), "plasma:fractal", "-blur", "0x1.5", "-colorspace", "CMYK", "-quality", "85", `${file}.part.jpg`],
      { stdio: ["ignore", "ignore", "inherit"] },
    );
    if (result.status !== 0) throw new Error(`ImageMagick could not make ${file}`);
    await rename(`${file}.part.jpg`, file);
  }
  return readFile(file);
}

const latin1 = (text: string) => Buffer.from(text, "latin1");
const n = (value: number) => String(Math.round(value * 100) / 100);

/** An A4 layout of `pages` pages; its path (built on first use). */
export async function a4Layout(pages: number): Promise<string> {
  const file = join(layoutsDir, `a4-photos-${pages}p-${version}.pdf`);
  if (existsSync(file)) return file;
  const photos = await Promise.all(Array.from({ length: PHOTOS }, (_, index) => photo(index)));
  const mediaW = (210 + 2 * BLEED_MM) * MM;
  const mediaH = (297 + 2 * BLEED_MM) * MM;
  const trim = [BLEED_MM * MM, BLEED_MM * MM, (210 + BLEED_MM) * MM, (297 + BLEED_MM) * MM];
  const photoW = (PHOTO_W / 300) * 72;
  const photoH = (PHOTO_H / 300) * 72;
  // Objects: 1 catalog, 2 pages, then per page: page, content, image.
  const objects: Buffer[] = [latin1("<< /Type /Catalog /Pages 2 0 R >>"), latin1("")];
  const kids: string[] = [];
  for (let page = 0; page < pages; page += 1) {
    const pageId = objects.length + 1;
    kids.push(`${pageId} 0 R`);
    const x = trim[0] ?? 0;
    const content = [
      `q 0.02 0.03 0.06 0 k 0 0 ${n(mediaW)} ${n(mediaH)} re f Q`,
      `q 0.9 0.4 0 0.1 k ${n(x + 15 * MM)} ${n(mediaH - 40 * MM)} ${n(180 * MM)} ${n(12 * MM)} re f Q`,
      `q 0 0.6 1 0 k ${n(x + 15 * MM)} ${n(30 * MM)} ${n(80 * MM)} ${n(40 * MM)} re f Q`,
      `q 0 0 0 0.8 k ${n(x + 100 * MM)} ${n(30 * MM)} ${n(95 * MM)} ${n(3 * MM)} re f Q`,
      `q ${n(photoW)} 0 0 ${n(photoH)} ${n(x + ((210 * MM - photoW) / 2))} ${n(mediaH / 2 - photoH / 2)} cm /Im0 Do Q`,
    ].join("\n");
    objects.push(
      latin1(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${n(mediaW)} ${n(mediaH)}] /TrimBox [${trim.map(n).join(" ")}] /BleedBox [0 0 ${n(mediaW)} ${n(mediaH)}] /Resources << /XObject << /Im0 ${pageId + 2} 0 R >> >> /Contents ${pageId + 1} 0 R >>`,
      ),
    );
    objects.push(Buffer.concat([latin1(`<< /Length ${content.length} >>\nstream\n`), latin1(content), latin1("\nendstream")]));
    const jpeg = photos[page % PHOTOS] ?? Buffer.alloc(0);
    objects.push(
      Buffer.concat([
        latin1(`<< /Type /XObject /Subtype /Image /Width ${PHOTO_W} /Height ${PHOTO_H} /ColorSpace /DeviceCMYK /BitsPerComponent 8 /Decode [1 0 1 0 1 0 1 0] /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`),
        jpeg,
        latin1("\nendstream"),
      ]),
    );
  }
  objects[1] = latin1(`<< /Type /Pages /Kids [${kids.join(" ")}] /Count ${pages} >>`);

  const chunks: Buffer[] = [latin1("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")];
  let offset = chunks[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(offset);
    const chunk = Buffer.concat([latin1(`${index + 1} 0 obj\n`), body, latin1("\nendobj\n")]);
    chunks.push(chunk);
    offset += chunk.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, "0000000000 65535 f \n", ...offsets.map((value) => `${String(value).padStart(10, "0")} 00000 n \n`)].join("");
  chunks.push(latin1(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`));
  await mkdir(layoutsDir, { recursive: true });
  await writeFile(`${file}.part`, Buffer.concat(chunks));
  // qpdf must read it without a warning: the bench measures tools on valid files.
  const check = spawnSync("qpdf", ["--check", `${file}.part`], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`qpdf --check refused ${file}: ${check.stdout}${check.stderr}`);
  await rename(`${file}.part`, file);
  return file;
}
