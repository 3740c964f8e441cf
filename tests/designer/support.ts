import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { designTemplateSchema } from "../../shared/contracts/index";
import type { DesignDocument, DesignFontFamily, DesignTemplate } from "../../shared/contracts/index";
import type { PreflightProfile } from "../../shared/contracts/preflight-profile";
import type { DecodedImage, DesignAssets } from "../../widgets/designer/pdf/index";

/*
 * What the designer's export tests share: the templates folder, the shipped fonts read from
 * node_modules, pictures made in memory, a seeded random generator, and the product profile of a
 * design's size (the seeded shop's "sheet" preset, server/seed/data/demo-pricing.json).
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const TEMPLATES_DIR = join(ROOT, "server/seed/layout-design-templates");

/** Every template in the folder, validated by the contract (a broken file fails here, by name). */
export function loadTemplates(): DesignTemplate[] {
  return readdirSync(TEMPLATES_DIR)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => {
      const parsed = designTemplateSchema.safeParse(JSON.parse(readFileSync(join(TEMPLATES_DIR, file), "utf8")));
      if (!parsed.success) throw new Error(`${file}: ${parsed.error.message}`);
      if (`${parsed.data.id}.json` !== file) throw new Error(`${file}: its id is ${parsed.data.id}`);
      return parsed.data;
    });
}

/** Each family's package folder (read by path, joined from "node_modules" and the package name: that is how tests/lint/dependencies.test.ts sees them used) and file prefix. */
const FONT_PACKAGES: Record<DesignFontFamily, [string, string]> = {
  "PT Sans": [join(ROOT, "node_modules", "@expo-google-fonts/pt-sans"), "PTSans"],
  "PT Serif": [join(ROOT, "node_modules", "@expo-google-fonts/pt-serif"), "PTSerif"],
  Montserrat: [join(ROOT, "node_modules", "@expo-google-fonts/montserrat"), "Montserrat"],
  "Open Sans": [join(ROOT, "node_modules", "@expo-google-fonts/open-sans"), "OpenSans"],
  Lora: [join(ROOT, "node_modules", "@expo-google-fonts/lora"), "Lora"],
  Rubik: [join(ROOT, "node_modules", "@expo-google-fonts/rubik"), "Rubik"],
};

/** The TrueType file of a family's regular or bold face, as installed from npm. */
export function fontFile(family: DesignFontFamily, bold: boolean): string {
  const [folder, prefix] = FONT_PACKAGES[family];
  const weight = bold ? "700Bold" : "400Regular";
  return join(folder, weight, `${prefix}_${weight}.ttf`);
}

const fontBytes = new Map<string, Uint8Array>();

/** Assets from files: the fonts from node_modules, the pictures from `images` (by source id). */
export function fileAssets(images: ReadonlyMap<string, DecodedImage>): DesignAssets & { imageCalls: number } {
  const assets = {
    imageCalls: 0,
    font: async (family: DesignFontFamily, bold: boolean) => {
      const path = fontFile(family, bold);
      let bytes = fontBytes.get(path);
      if (bytes === undefined) {
        bytes = new Uint8Array(readFileSync(path));
        fontBytes.set(path, bytes);
      }
      return bytes;
    },
    image: async (source: { id: string }) => {
      assets.imageCalls++;
      const image = images.get(source.id);
      if (image === undefined) throw new Error(`no test picture ${source.id}`);
      return image;
    },
  };
  return assets;
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error("pick from nothing");
  return item;
}

/** A picture id of the contract's form, from the generator. */
export function pictureId(random: () => number): string {
  const hex = () => Math.floor(random() * 16).toString(16);
  const part = (n: number) => Array.from({ length: n }, hex).join("");
  return `${part(8)}-${part(4)}-${part(4)}-${part(4)}-${part(12)}`;
}

/**
 * A picture of `width` × `height`: a diagonal colour gradient with soft bands and, when `noise`,
 * per-pixel grain (photo-like); with `alpha`, a logo — an opaque disc on transparent pixels with a
 * soft edge.
 */
export function makePicture(random: () => number, width: number, height: number, options: { alpha: boolean; noise: boolean }): DecodedImage {
  const rgba = new Uint8Array(width * height * 4);
  const c0 = [random() * 255, random() * 255, random() * 255];
  const c1 = [random() * 255, random() * 255, random() * 255];
  const bands = 1 + Math.floor(random() * 6);
  const cx = width / 2;
  const cy = height / 2;
  const radius = Math.min(width, height) * (0.3 + random() * 0.18);
  // Triangle waves instead of sines, and one grain draw a pixel: a few megapixels in ~0.1 s.
  const wave = (v: number) => Math.abs(((v % 2) + 2) % 2 - 1);
  for (let y = 0; y < height; y++) {
    const fy = y / height;
    const dy = (y - cy) * (y - cy);
    for (let x = 0; x < width; x++) {
      const t = (x / width + fy) / 2;
      const shade = 0.6 + 0.4 * wave(t * bands + fy);
      const i = (y * width + x) * 4;
      const grain = options.noise ? (random() - 0.5) * 40 : 0;
      rgba[i] = Math.max(0, Math.min(255, ((c0[0] ?? 0) * (1 - t) + (c1[0] ?? 0) * t) * shade + grain));
      rgba[i + 1] = Math.max(0, Math.min(255, ((c0[1] ?? 0) * (1 - t) + (c1[1] ?? 0) * t) * shade + grain));
      rgba[i + 2] = Math.max(0, Math.min(255, ((c0[2] ?? 0) * (1 - t) + (c1[2] ?? 0) * t) * shade + grain));
      if (options.alpha) {
        const edge = radius - Math.sqrt((x - cx) * (x - cx) + dy);
        rgba[i + 3] = Math.max(0, Math.min(255, 128 + edge * 64));
      } else {
        rgba[i + 3] = 255;
      }
    }
  }
  return { widthPx: width, heightPx: height, rgba };
}

interface SeededDetail {
  name: string;
  profile: Partial<PreflightProfile> & { preset: string; trimMm: [number, number] };
}

/** Every product detail of the seeded shop with its profile resolved (preset + changes). */
const SEEDED_PROFILES: { product: string; detail: string; profile: PreflightProfile }[] = (() => {
  const pricing = JSON.parse(readFileSync(join(ROOT, "server/seed/data/demo-pricing.json"), "utf8")) as {
    profilePresets: Record<string, Omit<PreflightProfile, "trimMm">>;
    products: { product: string; details: SeededDetail[] }[];
  };
  return pricing.products.flatMap(({ product, details }) =>
    details.map(({ name, profile: { preset, ...changes } }) => {
      const base = pricing.profilePresets[preset];
      if (base === undefined) throw new Error(`${product}: no preset ${preset}`);
      return { product, detail: name, profile: { ...base, ...changes } };
    }),
  );
})();

/**
 * The product profile for a design: the profile of the seeded shop's product detail of the design's
 * trim size (either orientation; a print detail, not a foil mask), with a page per side (the shop
 * checks each side as a detail of one page; the export writes both sides into one file). A design
 * of a size no product has fails here, by name.
 */
export function profileFor(document: DesignDocument): PreflightProfile {
  const [w, h] = document.trimMm;
  const match = SEEDED_PROFILES.find(({ profile }) => {
    const [pw, ph] = profile.trimMm;
    return profile.maxTacPct > 100 && ((pw === w && ph === h) || (pw === h && ph === w));
  });
  if (match === undefined) throw new Error(`no seeded product has a ${w}×${h} mm detail`);
  return { ...match.profile, trimMm: [w, h], pages: document.sides.length };
}
