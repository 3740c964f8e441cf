import { PDFDocument } from "pdf-lib";
import type { DesignDocument, DesignFontFamily } from "../../shared/contracts/index";
import { exportDesignPdf } from "../../widgets/designer/pdf/index";
import type { DecodedImage, DesignAssets } from "../../widgets/designer/pdf/index";

/*
 * The page side of `npm run bench:designer` (bundled by Vite and run in Chromium): the export with
 * the browser's own assets (fonts by fetch, as the designer loads them; the photo made in memory),
 * and the reference — pdf-lib writing empty pages of the same size with the same save options.
 */

const fonts = new Map<string, Promise<Uint8Array>>();
const images = new Map<string, DecodedImage>();

const assets: DesignAssets = {
  font(family: DesignFontFamily, bold: boolean) {
    const key = `${family}/${bold ? 700 : 400}`;
    let bytes = fonts.get(key);
    if (bytes === undefined) {
      bytes = fetch(`/fonts/${encodeURIComponent(family)}/${bold ? 700 : 400}`).then(async (answer) => new Uint8Array(await answer.arrayBuffer()));
      fonts.set(key, bytes);
    }
    return bytes;
  },
  async image(source) {
    let image = images.get(source.id);
    if (image === undefined) {
      // A photo-like gradient with grain, made once per picture.
      const rgba = new Uint8Array(source.widthPx * source.heightPx * 4);
      let seed = 1;
      for (let y = 0; y < source.heightPx; y++) {
        for (let x = 0; x < source.widthPx; x++) {
          seed = (seed * 1103515245 + 12345) >>> 0;
          const i = (y * source.widthPx + x) * 4;
          const grain = (seed >>> 24) / 16;
          rgba[i] = Math.min(255, (x * 255) / source.widthPx + grain);
          rgba[i + 1] = Math.min(255, (y * 255) / source.heightPx + grain);
          rgba[i + 2] = Math.min(255, 128 + grain);
          rgba[i + 3] = 255;
        }
      }
      image = { widthPx: source.widthPx, heightPx: source.heightPx, rgba };
      images.set(source.id, image);
    }
    return image;
  },
};

async function emptyPages(widthPt: number, heightPt: number, pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  for (let i = 0; i < pages; i++) pdf.addPage([widthPt, heightPt]);
  return pdf.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false });
}

async function timed(work: () => Promise<Uint8Array>): Promise<{ ms: number; bytes: number }> {
  const start = performance.now();
  const bytes = await work();
  return { ms: performance.now() - start, bytes: bytes.length };
}

/** What the page offers the bench (on `globalThis.designerBench`). */
export interface DesignerBench {
  exportDesign(document: DesignDocument): Promise<{ ms: number; bytes: number }>;
  emptyPages(document: DesignDocument): Promise<{ ms: number; bytes: number }>;
  warm(document: DesignDocument): Promise<void>;
}

const bench: DesignerBench = {
  exportDesign: (document) => timed(() => exportDesignPdf(document, assets, { maxTacPct: 300 })),
  emptyPages: (document) => {
    const k = 72 / 25.4;
    return timed(() => emptyPages((document.trimMm[0] + 2 * document.bleedMm) * k, (document.trimMm[1] + 2 * document.bleedMm) * k, document.sides.length));
  },
  // Fonts fetched and pictures made before the timed rounds: the designer has them loaded already.
  async warm(document) {
    await exportDesignPdf(document, assets, { maxTacPct: 300 });
  },
};
/** Puts the bench on `globalThis.designerBench` (called by the page's entry: the package's sideEffects list keeps no bare import). */
export function installDesignerBench(): void {
  Object.assign(globalThis, { designerBench: bench });
}
