import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { DesignDocument, DesignFontFamily, DesignTemplate, DesignTextElement } from "../../shared/contracts/index";
import { fetchStaticAsset } from "../../shared/http/index";
import { useShowFailure } from "../../shared/state/index";
import { fontUrl } from "./fonts";
import { fontSizeMm } from "./model/text";
import type { DesignFont, TextLayout } from "./pdf/index";

/*
 * The canvas's text is the PDF's: the export's own layout (pdf/text-layout.ts — fontkit's shaping
 * of the shipped TTF, the one line-breaking function, the same baselines) and its glyph outlines,
 * drawn as SVG paths. So the screen breaks lines, places letters and draws them exactly as the file
 * will. The layout code (fontkit) and each font file are loaded when first needed; a text whose
 * font is still loading is drawn once it is there.
 */

export interface TextShaper {
  /** The box's lines and glyphs, or null while its font loads. */
  layout(element: DesignTextElement): TextLayout | null;
  /** The box's height: as laid out, or an estimate while its font loads. */
  height(element: DesignTextElement): number;
}

type TextModule = typeof import("./pdf/text-layout");

const fontKey = (family: DesignFontFamily, bold: boolean) => `${family}|${bold ? 700 : 400}`;

/** The fonts a document uses. */
export function documentFonts(document: DesignDocument): { family: DesignFontFamily; bold: boolean }[] {
  const keys = new Map<string, { family: DesignFontFamily; bold: boolean }>();
  for (const side of document.sides) for (const element of side.elements) if (element.kind === "text") keys.set(fontKey(element.fontFamily, element.bold), { family: element.fontFamily, bold: element.bold });
  return [...keys.values()];
}

/**
 * Loads the layout code and the fonts the given documents use (the design and the thumbnails'
 * templates); `ready` once they are there. Other fonts load when a text first asks for them.
 */
export function useTextShaper(documents: readonly DesignDocument[] | null): { ready: boolean; shaper: TextShaper; error: string | null } {
  const [module, setModule] = useState<TextModule | null>(null);
  const [fonts, setFonts] = useState<ReadonlyMap<string, DesignFont>>(new Map());
  const asked = useRef(new Set<string>());
  const showFailure = useShowFailure();
  const [failed, setFailed] = useState<string | null>(null);

  const requestFont = useCallback(
    (family: DesignFontFamily, bold: boolean, textModule: TextModule) => {
      const key = fontKey(family, bold);
      if (asked.current.has(key)) return;
      asked.current.add(key);
      fetchStaticAsset(fontUrl(family, bold))
        .then((bytes) => {
          const font = textModule.loadDesignFont(bytes);
          setFonts((all) => new Map(all).set(key, font));
        })
        .catch((failure: unknown) =>
          showFailure(failure, (messageUI) => {
            asked.current.delete(key);
            setFailed(messageUI);
          }),
        );
    },
    [showFailure],
  );

  useEffect(() => {
    let live = true;
    void import("./pdf/text-layout").then((loaded) => {
      if (live) setModule(loaded);
    });
    return () => {
      live = false;
    };
  }, []);

  const wanted = useMemo(() => {
    const all = new Map<string, { family: DesignFontFamily; bold: boolean }>();
    for (const document of documents ?? []) for (const font of documentFonts(document)) all.set(fontKey(font.family, font.bold), font);
    return [...all.values()];
  }, [documents]);

  useEffect(() => {
    if (!module) return;
    for (const font of wanted) requestFont(font.family, font.bold, module);
  }, [module, wanted, requestFont]);

  const shaper = useMemo<TextShaper>(() => {
    const cache = new WeakMap<DesignTextElement, TextLayout>();
    const layout = (element: DesignTextElement): TextLayout | null => {
      const known = cache.get(element);
      if (known) return known;
      if (!module) return null;
      const font = fonts.get(fontKey(element.fontFamily, element.bold));
      if (!font) {
        // Asked after this render (a new font chosen in the panel): drawn when it has loaded.
        queueMicrotask(() => requestFont(element.fontFamily, element.bold, module));
        return null;
      }
      const made = module.layoutText(element, font);
      cache.set(element, made);
      return made;
    };
    return {
      layout,
      height: (element) => layout(element)?.heightMm ?? Math.max(1, element.text.split("\n").length) * fontSizeMm(element) * element.lineHeight,
    };
  }, [module, fonts, requestFont]);

  const ready = module !== null && documents !== null && wanted.every((font) => fonts.has(fontKey(font.family, font.bold)));
  return { ready, shaper, error: failed };
}

/** The documents whose fonts the designer needs at once: the design's and the templates' first sides (thumbnails). */
export function shaperDocuments(design: DesignDocument | null, templates: readonly DesignTemplate[]): DesignDocument[] {
  return [...(design ? [design] : []), ...templates.map((template) => template.document)];
}
