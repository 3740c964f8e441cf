import { zlibSync } from "fflate";
import { PDFDocument, PDFName } from "pdf-lib";

/*
 * The slow layout of npm run test:scale. A check must still be running when the worker is killed,
 * so the file keeps the engine busy for seconds while staying small (≈ 30 KB a page): every page
 * paints `fills` small CMYK rectangles, and the engine follows each fill (ink coverage, boxes).
 * Measured on the development machine (one worker thread): ≈ 1.1 s a page with 100 000 fills.
 * Each page has a content stream object of its own, so nothing can be reused between pages.
 * The page is 94 × 54 mm without a TrimBox: the business card's check finds problems (1120, 1163),
 * which the layout then carries.
 */

const MM = 72 / 25.4;

export async function heavyLayoutPdf(pages: number, fills = 100_000): Promise<Uint8Array> {
  const operators: string[] = [];
  for (let index = 0; index < fills; index += 1) operators.push(`0 0 0 1 k ${index % 200} ${(index * 7) % 140} 3 3 re f`);
  const compressed = zlibSync(new TextEncoder().encode(operators.join("\n")), { level: 6 });
  const pdf = await PDFDocument.create();
  for (let page = 0; page < pages; page += 1) {
    const target = pdf.addPage([94 * MM, 54 * MM]);
    const content = pdf.context.register(pdf.context.stream(compressed, { Filter: "FlateDecode" }));
    target.node.set(PDFName.of("Contents"), content);
  }
  return pdf.save({ useObjectStreams: false });
}
