import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { DesignDocument, DesignFontFamily, DesignTextElement } from "../../shared/contracts/index";
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
 * Loads the layout code and the fonts the document the editor starts with uses; `ready` once they
 * are there. Other fonts (another template's, the thumbnails', one chosen in the panel) load when a
 * text first asks for them, and that text is drawn once its font has arrived.
 */
export function useTextShaper(start: DesignDocument): { ready: boolean; shaper: TextShaper; error: string | null } {
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

  const wanted = useMemo(() => documentFonts(start), [start]);

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

  const ready = module !== null && wanted.every((font) => fonts.has(fontKey(font.family, font.bold)));
  return { ready, shaper, error: failed };
}
