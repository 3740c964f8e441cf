import type { Budget } from "./budget";
import type { PdfPage, Rect } from "./document";
import { isArray, isDict, isName, isNumber, isRef, isStream, type PdfDict, type PdfObject, type PdfStream } from "./objects";

/*
 * The page tree (ISO 32000-1 §7.7.3): walked depth-first with an explicit stack and a visited set,
 * so a tree whose /Kids point back at itself or at an ancestor ends instead of looping. A node is
 * visited once: a page listed twice counts once.
 *
 * The number of pages is the number this walk finds, not the root's /Count: /Count is a producer's
 * claim that broken files get wrong, while the pages found are what a RIP would print — and what
 * rule 1163 must count.
 */

type Resolve = (value: PdfObject | undefined) => PdfObject;

interface Inherited {
  readonly resources: PdfDict | null;
  readonly mediaBox: Rect | null;
  readonly cropBox: Rect | null;
  readonly rotate: number | null;
}

/**
 * When no /MediaBox is found on a page or any ancestor (required by the spec, but missing in some
 * files), viewers assume US Letter; so do we, rather than refusing a file Acrobat opens.
 */
export const DEFAULT_MEDIA_BOX: Rect = [0, 0, 612, 792];

const EMPTY_DICT: PdfDict = { kind: "dict", entries: new Map() };

export function walkPageTree(catalog: PdfDict, resolve: Resolve, budget: Budget): PdfPage[] {
  const pages: PdfPage[] = [];
  const root = resolve(catalog.entries.get("Pages"));
  if (!isDict(root)) return pages;
  const visitedRefs = new Set<string>();
  const visitedDicts = new Set<PdfDict>();
  const rootRef = catalog.entries.get("Pages");
  if (isRef(rootRef)) visitedRefs.add(`${rootRef.num} ${rootRef.gen}`);
  visitedDicts.add(root);
  const stack: { node: PdfDict; inherited: Inherited }[] = [{ node: root, inherited: { resources: null, mediaBox: null, cropBox: null, rotate: null } }];
  while (stack.length > 0) {
    budget.tick(1);
    const { node, inherited: parent } = stack.pop()!;
    const inherited: Inherited = {
      resources: dictOrNull(resolve(node.entries.get("Resources"))) ?? parent.resources,
      mediaBox: readRect(node.entries.get("MediaBox"), resolve) ?? parent.mediaBox,
      cropBox: readRect(node.entries.get("CropBox"), resolve) ?? parent.cropBox,
      rotate: readRotate(resolve(node.entries.get("Rotate"))) ?? parent.rotate,
    };
    const kids = resolve(node.entries.get("Kids"));
    if (isArray(kids)) {
      // Pushed in reverse so the first kid is visited first and the pages come out in order.
      for (let i = kids.length - 1; i >= 0; i--) {
        const kidRef = kids[i];
        if (isRef(kidRef)) {
          const key = `${kidRef.num} ${kidRef.gen}`;
          if (visitedRefs.has(key)) continue;
          visitedRefs.add(key);
        }
        const kid = resolve(kidRef);
        if (!isDict(kid) || visitedDicts.has(kid)) continue;
        visitedDicts.add(kid);
        stack.push({ node: kid, inherited });
      }
      continue;
    }
    // A /Pages node without /Kids holds no pages; anything else without /Kids is a page (a missing /Type is tolerated).
    if (isName(node.entries.get("Type"), "Pages")) continue;
    pages.push(makePage(pages.length + 1, node, inherited, resolve, budget));
  }
  return pages;
}

function makePage(number: number, dict: PdfDict, inherited: Inherited, resolve: Resolve, budget: Budget): PdfPage {
  const mediaBox = inherited.mediaBox ?? DEFAULT_MEDIA_BOX;
  // The crop box is clipped to the media box (§14.11.2); one that misses it entirely is ignored.
  const cropBox = (inherited.cropBox && intersect(inherited.cropBox, mediaBox)) ?? mediaBox;
  const contents: PdfStream[] = [];
  const rawContents = resolve(dict.entries.get("Contents"));
  if (isStream(rawContents)) contents.push(rawContents);
  else if (isArray(rawContents)) {
    for (const item of rawContents) {
      budget.tick(1);
      const stream = resolve(item);
      if (isStream(stream)) contents.push(stream);
    }
  }
  const annotations: PdfDict[] = [];
  const annots = resolve(dict.entries.get("Annots"));
  if (isArray(annots)) {
    for (const item of annots) {
      budget.tick(1);
      const annot = resolve(item);
      if (isDict(annot)) annotations.push(annot);
    }
  }
  return {
    number,
    dict,
    resources: inherited.resources ?? EMPTY_DICT,
    mediaBox,
    cropBox,
    trimBox: readRect(dict.entries.get("TrimBox"), resolve),
    bleedBox: readRect(dict.entries.get("BleedBox"), resolve),
    rotate: inherited.rotate ?? 0,
    contents,
    annotations,
  };
}

const dictOrNull = (value: PdfObject): PdfDict | null => (isDict(value) ? value : null);

/** A rectangle of four numbers (each possibly indirect), normalised; null when it is not one. */
export function readRect(value: PdfObject | undefined, resolve: Resolve): Rect | null {
  const array = resolve(value);
  if (!isArray(array) || array.length < 4) return null;
  const n = array.slice(0, 4).map((v) => resolve(v));
  if (!n.every(isNumber)) return null;
  const [a, b, c, d] = n as [number, number, number, number];
  return [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
}

/** /Rotate as 0, 90, 180 or 270: negative values and multiples of 360 are folded, odd angles rounded to a quarter turn. */
export function readRotate(value: PdfObject): number | null {
  if (!isNumber(value)) return null;
  const quarter = Math.round(value / 90);
  return (((quarter % 4) + 4) % 4) * 90;
}

function intersect(a: Rect, b: Rect): Rect | null {
  const r: Rect = [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
  return r[0] < r[2] && r[1] < r[3] ? r : null;
}
