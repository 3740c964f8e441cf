import { describe, expect, it } from "vitest";
import type { DesignDocument, DesignImageElement, DesignTemplate, DesignTextElement } from "../../../shared/contracts/index";
import { designDocumentSchema } from "../../../shared/contracts/index";
import { DESIGN_PALETTE, limitInk, RICH_BLACK, totalInk } from "../pdf/colours";
import { inkWarning, cmykToRgb } from "./color";
import { addElement, deleteElement, duplicateElement, fieldText, moveElement, moveLayer, newElement, replaceElement, setFieldText, setLocked, setSlotSource, updateElement } from "./edits";
import { carryOver, coverCrop, designDetails, designFromTemplate, designTarget, templateFit, templatesFor } from "./from-template";
import { elementBox, movedElement } from "./geometry";
import type { TextHeight } from "./geometry";
import { applyEdit, canRedo, canUndo, endGesture, redo, startHistory, undo } from "./history";
import { frameAtPpi, imagePpi, pannedCrop, zoomedCrop } from "./image";
import { resizedElement } from "./resize";
import { snapMove, snapPoint, snapTargets } from "./snapping";
import { breakTextLines, roughMeasure, textHeightMm } from "./text";

const roughHeight: TextHeight = (element) => textHeightMm(element, breakTextLines(element, roughMeasure).length);

const black = { c: 0, m: 0, y: 0, k: 100 };

function text(id: string, patch: Partial<DesignTextElement> = {}): DesignTextElement {
  return { id, name: id, locked: false, kind: "text", x: 5, y: 5, width: 40, field: null, text: "Текст", fontFamily: "PT Sans", bold: false, fontSizePt: 10, color: black, align: "left", letterSpacing: 0, lineHeight: 1.2, ...patch };
}

function image(id: string, patch: Partial<DesignImageElement> = {}): DesignImageElement {
  return { id, name: id, locked: false, kind: "image", x: 60, y: 10, width: 20, height: 20, slot: "logo", source: null, crop: { x: 0, y: 0, width: 1, height: 1 }, ...patch };
}

function card(): DesignDocument {
  return {
    version: 1,
    trimMm: [90, 50],
    bleedMm: 2,
    safeMm: 3,
    sides: [
      {
        background: { c: 0, m: 0, y: 0, k: 0 },
        elements: [
          { id: "band", name: "Полоса", locked: false, kind: "rect", x: -2, y: 40, width: 94, height: 12, fill: { c: 100, m: 70, y: 0, k: 10 }, stroke: null, strokeWidthMm: 0, radiusMm: 0 },
          text("name", { field: "name", text: "Анна Ёлкина", fontSizePt: 14, bold: true }),
          text("phone", { field: "phone", text: "+7 (861) 200-00-00", y: 20 }),
          image("logo"),
        ],
      },
      { background: RICH_BLACK, elements: [text("name-back", { field: "name", text: "Анна Ёлкина", align: "center" }), { id: "qr", name: "QR", locked: false, kind: "qr", x: 60, y: 15, size: 20, color: black, content: { type: "url", url: "https://ottisk.ru" } }] },
    ],
  };
}

const template = (document: DesignDocument, id = "card-test-90x50"): DesignTemplate => ({ id, name: "Тест", kind: "business-card", document });

const source = (widthPx: number, heightPx: number) => ({ id: "0f8fad5b-d9cb-469f-a165-70867728950e", widthPx, heightPx });

describe("a design made from a template for a product", () => {
  const details = [
    { name: "Лицевая сторона", profile: { pages: 1, trimMm: [85, 55] as [number, number], bleedMm: 2, maxTacPct: 300 } },
    { name: "Обратная сторона", profile: { pages: 1, trimMm: [85, 55] as [number, number], bleedMm: 2, maxTacPct: 300 } },
    { name: "Маска фольги", profile: { pages: 1, trimMm: [85, 55] as [number, number], bleedMm: 0, maxTacPct: 100 } },
  ];

  it("takes the product's printed details as sides (a foil mask is none) and their size", () => {
    expect(designDetails(details).map((detail) => detail.name)).toEqual(["Лицевая сторона", "Обратная сторона"]);
    expect(designTarget(details)).toEqual({ trimMm: [85, 55], bleedMm: 2, sides: 2, maxTacPct: 300 });
    expect(designTarget([details[0]!])?.sides).toBe(1);
    expect(designTarget([details[2]!])).toBeNull();
  });

  it("offers templates of the size first, then those it can fit, and never a flyer for a card", () => {
    const flyer = template({ ...card(), trimMm: [148, 210] }, "flyer-a5");
    const euro = template({ ...card(), trimMm: [85, 55] }, "card-85x55");
    const classic = template(card(), "card-90x50");
    expect(templateFit(classic, [85, 55])).toBe("fitted");
    expect(templateFit(euro, [85, 55])).toBe("exact");
    expect(templateFit(flyer, [85, 55])).toBeNull();
    expect(templatesFor([classic, flyer, euro], [85, 55]).map((each) => each.id)).toEqual(["card-85x55", "card-90x50"]);
  });

  it("fits a 90×50 template to 85×55: full-bleed bands stay full-bleed, letters and QR codes keep their shape, the result is a valid document", () => {
    const design = designFromTemplate(template(card()), { trimMm: [85, 55], bleedMm: 2, sides: 2, maxTacPct: 300 });
    expect(design.trimMm).toEqual([85, 55]);
    expect(designDocumentSchema.safeParse(design).success).toBe(true);
    const band = design.sides[0]!.elements[0]!;
    if (band.kind !== "rect") throw new Error("the band is a rectangle");
    expect(band.x).toBeLessThanOrEqual(-2 * (85 / 90) + 0.01);
    expect(band.x + band.width).toBeGreaterThanOrEqual(85);
    const name = design.sides[0]!.elements[1]!;
    if (name.kind !== "text") throw new Error("the name is a text");
    expect(name.fontSizePt).toBeCloseTo(14 * (85 / 90), 1);
    const qr = design.sides[1]!.elements[1]!;
    if (qr.kind !== "qr") throw new Error("a QR code");
    expect(qr.size).toBeCloseTo(20 * (85 / 90), 1);
  });

  it("makes as many sides as the product has: one for a one-sided product, an empty back for a one-sided template", () => {
    expect(designFromTemplate(template(card()), { trimMm: [90, 50], bleedMm: 2, sides: 1, maxTacPct: 300 }).sides).toHaveLength(1);
    const oneSided = template({ ...card(), sides: [card().sides[0]!] });
    const design = designFromTemplate(oneSided, { trimMm: [90, 50], bleedMm: 2, sides: 2, maxTacPct: 300 });
    expect(design.sides).toHaveLength(2);
    expect(design.sides[1]).toEqual({ background: null, elements: [] });
  });

  it("carries the typed fields and the uploaded logo into another template", () => {
    let filled = setFieldText("name", "Пётр Щукин")(card());
    filled = setSlotSource("logo", source(600, 600))(filled);
    const other = carryOver(filled, card());
    expect(fieldText(other, "name")).toBe("Пётр Щукин");
    const logo = other.sides[0]!.elements.find((element) => element.id === "logo");
    expect(logo?.kind === "image" ? logo.source?.widthPx : null).toBe(600);
  });
});

describe("edits, undo and redo", () => {
  it("undoes and redoes every edit, one step each", () => {
    let history = startHistory(card());
    history = applyEdit(history, moveElement(0, "name", 1, 0));
    history = applyEdit(history, setLocked(0, "band", true));
    expect(history.past).toHaveLength(2);
    history = undo(history);
    expect(history.document.sides[0]!.elements[0]!.locked).toBe(false);
    history = undo(history);
    expect(history.document).toEqual(card());
    expect(canUndo(history)).toBe(false);
    history = redo(redo(history));
    expect(canRedo(history)).toBe(false);
    expect(history.document.sides[0]!.elements[0]!.locked).toBe(true);
  });

  it("makes a drag one step and typing into a field one step, until the gesture ends", () => {
    const start = card();
    let history = startHistory(start);
    const name = start.sides[0]!.elements[1]!;
    for (const dx of [1, 2, 3, 4]) history = applyEdit(history, replaceElement(0, movedElement(name, dx, 0)), "move:1");
    expect(history.past).toHaveLength(1);
    for (const typed of ["П", "Пё", "Пёт", "Пётр"]) history = applyEdit(history, setFieldText("name", typed), "field:name");
    expect(history.past).toHaveLength(2);
    history = endGesture(history);
    history = applyEdit(history, setFieldText("name", "Пётр!"), "field:name");
    expect(history.past).toHaveLength(3);
    expect(fieldText(undo(undo(history)).document, "name")).toBe("Анна Ёлкина");
  });

  it("types a field into every text of it on both sides", () => {
    const next = setFieldText("name", "Ёжик «Иван»")(card());
    expect(next.sides.flatMap((side) => side.elements).filter((element) => element.kind === "text" && element.field === "name").map((element) => (element.kind === "text" ? element.text : ""))).toEqual(["Ёжик «Иван»", "Ёжик «Иван»"]);
  });

  it("records nothing for an edit that changes nothing", () => {
    const history = startHistory(card());
    expect(applyEdit(history, moveElement(0, "nope", 1, 1))).toBe(history);
    expect(applyEdit(history, moveElement(0, "name", 0, 0))).toBe(history);
    expect(applyEdit(history, updateElement(0, "name", { bold: true }))).toBe(history);
  });

  it("keeps a locked element where it is: no move, no drag, no resize, no delete; unlocking frees it", () => {
    const locked = setLocked(0, "name", true)(card());
    expect(moveElement(0, "name", 5, 5)(locked)).toBe(locked);
    const name = locked.sides[0]!.elements[1]!;
    expect(replaceElement(0, { ...movedElement(name, 3, 3), locked: true })(locked)).toBe(locked);
    expect(deleteElement(0, "name")(locked)).toBe(locked);
    expect(updateElement(0, "name", { fontSizePt: 30 })(locked)).toBe(locked);
    const unlocked = setLocked(0, "name", false)(locked);
    const moved = moveElement(0, "name", 0.5, -5)(unlocked);
    const box = moved.sides[0]!.elements[1]!;
    expect(box.kind === "text" ? [box.x, box.y] : null).toEqual([5.5, 0]);
  });

  it("orders layers up, down, to the front and to the back", () => {
    const ids = (document: DesignDocument) => document.sides[0]!.elements.map((element) => element.id);
    const start = card();
    expect(ids(moveLayer(0, "band", "up")(start))).toEqual(["name", "band", "phone", "logo"]);
    expect(ids(moveLayer(0, "band", "front")(start))).toEqual(["name", "phone", "logo", "band"]);
    expect(ids(moveLayer(0, "logo", "back")(start))).toEqual(["logo", "band", "name", "phone"]);
    expect(ids(moveLayer(0, "logo", "down")(start))).toEqual(["band", "name", "logo", "phone"]);
    expect(moveLayer(0, "logo", "front")(start)).toBe(start);
  });

  it("duplicates an element above it, moved by 2 mm, unlocked and free of its field", () => {
    let copyId = "";
    const next = duplicateElement(0, "name", (id) => (copyId = id))(setLocked(0, "name", true)(card()));
    const elements = next.sides[0]!.elements;
    expect(elements.map((element) => element.id)).toEqual(["band", "name", copyId, "phone", "logo"]);
    const copy = elements[2]!;
    expect(copy.kind === "text" ? { x: copy.x, y: copy.y, field: copy.field, locked: copy.locked } : null).toEqual({ x: 7, y: 7, field: null, locked: false });
    expect(designDocumentSchema.safeParse(next).success).toBe(true);
  });

  it("adds new elements of every kind with unique ids, valid by the contract", () => {
    let document = card();
    for (const kind of ["text", "image", "rect", "line", "qr", "text"] as const) {
      const element = newElement(document, 1, kind);
      if (!element) throw new Error("no element");
      document = addElement(1, element)(document);
    }
    const ids = document.sides[1]!.elements.map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(designDocumentSchema.safeParse(document).success).toBe(true);
  });
});

describe("snapping", () => {
  const document = card();
  const targets = snapTargets(document, [{ x: 60, y: 10, width: 20, height: 20 }]);

  it("pulls a dragged box's edges and centre to the trim, the safe zone, the centre lines and other elements within the tolerance", () => {
    // The left edge 0.6 mm from the safe zone (3 mm): snapped at zoom 1 (1 mm), not at zoom 2 (0.5 mm).
    expect(snapMove({ x: 10, y: 30, width: 10, height: 4 }, -6.4, 0, targets, 1).dx).toBeCloseTo(-7);
    expect(snapMove({ x: 10, y: 30, width: 10, height: 4 }, -6.4, 0, targets, 0.5).dx).toBeCloseTo(-6.4);
    // The centre to the trim's vertical centre line (45 mm).
    const centred = snapMove({ x: 10, y: 30, width: 10, height: 4 }, 29.7, 0, targets, 1);
    expect(centred.dx).toBeCloseTo(30);
    expect(centred.guides).toContainEqual({ axis: "x", at: 45 });
    // The top to another element's bottom (30 mm).
    expect(snapMove({ x: 10, y: 20, width: 10, height: 4 }, 0, 9.4, targets, 1).dy).toBeCloseTo(10);
  });

  it("snaps a resize's corner to the trim's edge", () => {
    expect(snapPoint(89.3, 24, targets, 1)).toMatchObject({ x: 90, y: 25 });
  });
});

describe("resizing", () => {
  it("changes a text's width only, keeps a picture's proportions and a QR code square", () => {
    const resizedText = resizedElement(text("t"), 30, 99);
    expect(resizedText.kind === "text" ? resizedText.width : null).toBe(25);
    const picture = resizedElement(image("i", { width: 20, height: 10 }), 100, 10);
    expect(picture.kind === "image" ? [picture.width, picture.height] : null).toEqual([40, 20]);
    const qr = resizedElement({ id: "q", name: "q", locked: false, kind: "qr", x: 10, y: 10, size: 20, color: black, content: { type: "phone", phone: "+7" } }, 40, 25);
    expect(qr.kind === "qr" ? qr.size : null).toBe(30);
  });
});

describe("pictures", () => {
  it("crops a picture to its frame without stretching it, and zooms and pans the crop", () => {
    const wide = image("i", { width: 20, height: 20, source: source(2000, 1000) });
    expect(coverCrop(wide)).toEqual({ x: 0.25, y: 0, width: 0.5, height: 1 });
    const cropped = { ...wide, crop: coverCrop(wide) };
    const zoomed = { ...cropped, crop: zoomedCrop(cropped, 2) };
    expect(zoomed.crop).toEqual({ x: 0.375, y: 0.25, width: 0.25, height: 0.5 });
    expect(pannedCrop(zoomed, 0, 1)).toEqual({ x: 0, y: 0.5, width: 0.25, height: 0.5 });
  });

  it("tells the effective resolution and the frame at which it reaches 300 ppi", () => {
    // 20 mm = 0.787 in; 236 px across → 300 ppi.
    expect(imagePpi(image("i", { source: source(236, 236) }))).toBe(299);
    const small = image("i", { source: source(94, 94) });
    expect(imagePpi(small)).toBe(119);
    const fitted = frameAtPpi(small);
    expect(imagePpi(fitted)).toBeGreaterThanOrEqual(300);
    expect(fitted.width).toBeCloseTo(7.95, 1);
    expect(imagePpi(image("i"))).toBeNull();
  });
});

describe("colours and text", () => {
  it("warns over the product's ink limit and lowers the ink to it", () => {
    const heavy = { c: 100, m: 100, y: 100, k: 30 };
    expect(inkWarning(heavy, 300)).toBe("Сумма красок 330 % больше допустимых 300 %");
    expect(inkWarning(RICH_BLACK, 300)).toBeNull();
    expect(totalInk(limitInk(heavy, 300))).toBeLessThanOrEqual(300);
    for (const entry of DESIGN_PALETTE) expect(totalInk(entry.color)).toBeLessThanOrEqual(300);
    expect(cmykToRgb({ c: 0, m: 0, y: 0, k: 0 })).toEqual([255, 255, 255]);
    expect(cmykToRgb({ c: 100, m: 0, y: 0, k: 0 })).toEqual([0, 255, 255]);
  });

  it("breaks lines at spaces inside the box, keeps hard breaks, and breaks a word too long for the box", () => {
    const element = text("t", { width: 25, fontSizePt: 10, text: "Анна Ёлкина Петровна\nООО «Оттиск»" });
    const lines = breakTextLines(element, roughMeasure);
    expect(lines.map((line) => line.text)).toEqual(["Анна Ёлкина", "Петровна", "ООО «Оттиск»"]);
    expect(breakTextLines(text("t", { width: 5, text: "Абвгдежзик" }), roughMeasure).length).toBeGreaterThan(1);
    expect(elementBox(element, roughHeight).height).toBeCloseTo(3 * 10 * (25.4 / 72) * 1.2);
  });
});
