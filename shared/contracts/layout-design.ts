import { z } from "zod/mini";
import { safeText } from "./input";

/*
 * The layout designer's document (issue 32): a business card, a flyer or a sticker made in the
 * browser with <ottisk-designer>, kept as JSON — a template is the same document with a name. One
 * contract for the designer, the PDF export, the server (which stores designs and templates and
 * checks them) and the back office (which adds templates).
 *
 * Geometry is in millimetres, in the trim's coordinates: (0, 0) is the trim's top-left corner, x
 * grows to the right and y downwards. An element may reach into the bleed (negative x or y, or past
 * the trim's size); the side's background always fills the whole bleed box. Colours are CMYK in
 * per cent (0–100 each): the designer has no RGB.
 */

/** The font families the designer ships (OFL, full Cyrillic; each in regular and bold). */
export const DESIGN_FONT_FAMILIES = ["PT Sans", "PT Serif", "Montserrat", "Open Sans", "Lora", "Rubik"] as const;
export type DesignFontFamily = (typeof DESIGN_FONT_FAMILIES)[number];

/** A template's named text fields: each is an input labelled with its Russian name in the designer. */
export const DESIGN_FIELD_NAMES = ["name", "position", "company", "phone", "email", "site", "address"] as const;
export type DesignFieldName = (typeof DESIGN_FIELD_NAMES)[number];
export const DESIGN_FIELD_LABELS: Readonly<Record<DesignFieldName, string>> = {
  name: "Имя",
  position: "Должность",
  company: "Компания",
  phone: "Телефон",
  email: "E-mail",
  site: "Сайт",
  address: "Адрес",
};

/** A template's picture slots. */
export const DESIGN_IMAGE_SLOTS = ["logo", "photo"] as const;
export type DesignImageSlot = (typeof DESIGN_IMAGE_SLOTS)[number];
export const DESIGN_IMAGE_SLOT_LABELS: Readonly<Record<DesignImageSlot, string>> = { logo: "Логотип", photo: "Фото" };

/** What a template is for: the designer offers a product the templates of its kind and trim size. */
export const DESIGN_TEMPLATE_KINDS = ["business-card", "flyer", "sticker"] as const;
export type DesignTemplateKind = (typeof DESIGN_TEMPLATE_KINDS)[number];

/** The largest design document the server keeps, as JSON text. */
export const DESIGN_DOCUMENT_MAX_BYTES = 512 * 1024;
/** Elements on one side. */
export const DESIGN_SIDE_MAX_ELEMENTS = 200;

const mm = (what: string) =>
  z.number({ error: `${what}: укажите число миллиметров` }).check(z.gte(-1000, { error: `${what}: не больше 1000 мм за обрезом` }), z.lte(2000, { error: `${what}: не больше 2000 мм` }));
const sizeMm = (what: string) =>
  z.number({ error: `${what}: укажите число миллиметров` }).check(z.gte(0, { error: `${what}: не меньше 0 мм` }), z.lte(2000, { error: `${what}: не больше 2000 мм` }));
const percent = (what: string) =>
  z.number({ error: `${what}: укажите процент от 0 до 100` }).check(z.gte(0, { error: `${what}: не меньше 0 %` }), z.lte(100, { error: `${what}: не больше 100 %` }));

/** A process colour, each ink in per cent. Rich black is e.g. { c: 60, m: 40, y: 40, k: 100 }. */
export const cmykColorSchema = z.object({ c: percent("Голубой"), m: percent("Пурпурный"), y: percent("Жёлтый"), k: percent("Чёрный") });
export type CmykColor = z.infer<typeof cmykColorSchema>;

const elementId = z.string({ error: "Укажите код элемента" }).check(z.regex(/^[A-Za-z0-9_-]{1,40}$/, { error: "Код элемента: латинские буквы, цифры, «-» и «_», до 40 знаков" }));

/** What every element has: its id (unique on its side), the layer's name, and whether it is locked. */
const elementBase = {
  id: elementId,
  /** The layer's name in the layers list («Имя», «Логотип», «Прямоугольник 2»…). */
  name: z.string().check(z.maxLength(80, { error: "Имя слоя: не длиннее 80 знаков" }), safeText()),
  /** A locked element is not selected, moved or deleted on the canvas until unlocked. */
  locked: z.boolean(),
};

/** A text box: lines wrap inside `width`; `y` is the box's top. Exported as curves, never as a font. */
export const designTextElementSchema = z.object({
  ...elementBase,
  kind: z.literal("text"),
  x: mm("Положение текста"),
  y: mm("Положение текста"),
  width: sizeMm("Ширина текста"),
  /** The template's field this text shows (its input edits it), or null for a free text. */
  field: z.nullable(z.enum(DESIGN_FIELD_NAMES)),
  text: z.string().check(z.maxLength(2000, { error: "Текст: не длиннее 2000 знаков" }), safeText()),
  fontFamily: z.enum(DESIGN_FONT_FAMILIES, { error: "Выберите шрифт из списка конструктора" }),
  bold: z.boolean(),
  fontSizePt: z.number({ error: "Укажите размер шрифта" }).check(z.gte(4, { error: "Размер шрифта: не меньше 4 пт" }), z.lte(300, { error: "Размер шрифта: не больше 300 пт" })),
  color: cmykColorSchema,
  align: z.enum(["left", "center", "right"]),
  /** Extra space between letters, in thousandths of an em (as in layout programs). */
  letterSpacing: z.number().check(z.gte(-200, { error: "Разрядка: не меньше −200" }), z.lte(1000, { error: "Разрядка: не больше 1000" })),
  /** Line height as a multiple of the font size. */
  lineHeight: z.number().check(z.gte(0.7, { error: "Интерлиньяж: не меньше 0,7" }), z.lte(4, { error: "Интерлиньяж: не больше 4" })),
});
export type DesignTextElement = z.infer<typeof designTextElementSchema>;

/** A picture the account uploaded (POST /api/layout-design-images): its id and pixel size. */
export const designImageSourceSchema = z.object({
  id: z.string().check(z.regex(/^[0-9a-f-]{36}$/, { error: "Неизвестное изображение" })),
  widthPx: z.number().check(z.int(), z.gte(1), z.lte(20_000)),
  heightPx: z.number().check(z.int(), z.gte(1), z.lte(20_000)),
});
export type DesignImageSource = z.infer<typeof designImageSourceSchema>;

/**
 * A picture in a frame: the frame is x, y, width, height; `crop` is the part of the source shown in
 * it, as fractions of the source's width and height (the whole picture: 0, 0, 1, 1). Its effective
 * resolution is the cropped pixels over the frame's size; under 300 ppi the designer warns.
 */
export const designImageElementSchema = z.object({
  ...elementBase,
  kind: z.literal("image"),
  x: mm("Положение изображения"),
  y: mm("Положение изображения"),
  width: sizeMm("Ширина изображения"),
  height: sizeMm("Высота изображения"),
  /** The template's slot («Логотип», «Фото»), or null for a picture added freely. */
  slot: z.nullable(z.enum(DESIGN_IMAGE_SLOTS)),
  /** The picture, or null: an empty slot (exported as nothing). */
  source: z.nullable(designImageSourceSchema),
  crop: z.object({ x: z.number().check(z.gte(0), z.lte(1)), y: z.number().check(z.gte(0), z.lte(1)), width: z.number().check(z.gt(0), z.lte(1)), height: z.number().check(z.gt(0), z.lte(1)) }),
});
export type DesignImageElement = z.infer<typeof designImageElementSchema>;

/** A rectangle, filled and/or outlined; one that touches a trim edge is extended into the bleed on export. */
export const designRectElementSchema = z.object({
  ...elementBase,
  kind: z.literal("rect"),
  x: mm("Положение прямоугольника"),
  y: mm("Положение прямоугольника"),
  width: sizeMm("Ширина прямоугольника"),
  height: sizeMm("Высота прямоугольника"),
  fill: z.nullable(cmykColorSchema),
  stroke: z.nullable(cmykColorSchema),
  strokeWidthMm: z.number().check(z.gte(0), z.lte(50)),
  radiusMm: z.number().check(z.gte(0), z.lte(500)),
});
export type DesignRectElement = z.infer<typeof designRectElementSchema>;

/** A straight line. */
export const designLineElementSchema = z.object({
  ...elementBase,
  kind: z.literal("line"),
  x1: mm("Начало линии"),
  y1: mm("Начало линии"),
  x2: mm("Конец линии"),
  y2: mm("Конец линии"),
  color: cmykColorSchema,
  widthMm: z.number().check(z.gte(0.05, { error: "Толщина линии: не меньше 0,05 мм" }), z.lte(50, { error: "Толщина линии: не больше 50 мм" })),
});
export type DesignLineElement = z.infer<typeof designLineElementSchema>;

const shortText = (max: number) => z.string().check(z.maxLength(max, { error: `Не длиннее ${max} знаков` }), safeText());

/** What a QR code says: a link, a phone number to call, or a contact card (vCard 3.0). */
export const designQrContentSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("url"), url: shortText(500) }),
  z.object({ type: z.literal("phone"), phone: shortText(40) }),
  z.object({
    type: z.literal("vcard"),
    name: shortText(200),
    company: shortText(200),
    position: shortText(200),
    phone: shortText(40),
    email: shortText(200),
    site: shortText(200),
    address: shortText(300),
  }),
]);
export type DesignQrContent = z.infer<typeof designQrContentSchema>;

/** A QR code, drawn as vector squares in one colour (exported as paths, never as a picture). */
export const designQrElementSchema = z.object({
  ...elementBase,
  kind: z.literal("qr"),
  x: mm("Положение QR-кода"),
  y: mm("Положение QR-кода"),
  size: z.number().check(z.gte(8, { error: "QR-код: не меньше 8 мм" }), z.lte(500, { error: "QR-код: не больше 500 мм" })),
  color: cmykColorSchema,
  content: designQrContentSchema,
});
export type DesignQrElement = z.infer<typeof designQrElementSchema>;

export const designElementSchema = z.discriminatedUnion("kind", [
  designTextElementSchema,
  designImageElementSchema,
  designRectElementSchema,
  designLineElementSchema,
  designQrElementSchema,
]);
export type DesignElement = z.infer<typeof designElementSchema>;
export type DesignElementKind = DesignElement["kind"];

/** One side (one page of the PDF): its background (the whole bleed box) and its elements, bottom layer first. */
export const designSideSchema = z.object({
  background: z.nullable(cmykColorSchema),
  elements: z.array(designElementSchema).check(z.maxLength(DESIGN_SIDE_MAX_ELEMENTS, { error: `На одной стороне не больше ${DESIGN_SIDE_MAX_ELEMENTS} элементов` })),
});
export type DesignSide = z.infer<typeof designSideSchema>;

/**
 * The design: the trim size, the bleed and the safe zone (guides), and its sides (1 or 2 for a
 * card: front and back). The product decides the size and the number of sides: the designer makes
 * a document of the product's detail sizes from a template.
 */
export const designDocumentSchema = z.object({
  version: z.literal(1),
  trimMm: z.tuple([
    z.number().check(z.gte(10, { error: "Формат: не меньше 10 мм" }), z.lte(2000, { error: "Формат: не больше 2000 мм" })),
    z.number().check(z.gte(10, { error: "Формат: не меньше 10 мм" }), z.lte(2000, { error: "Формат: не больше 2000 мм" })),
  ]),
  bleedMm: z.number().check(z.gte(0), z.lte(20)),
  /** The safe zone's inset from the trim: important text stays inside it. */
  safeMm: z.number().check(z.gte(0), z.lte(50)),
  sides: z.array(designSideSchema).check(z.minLength(1, { error: "В макете нет ни одной стороны" }), z.maxLength(2, { error: "В макете не больше двух сторон" })),
});
export type DesignDocument = z.infer<typeof designDocumentSchema>;

/** A template: a design document with a name and a kind, kept as one JSON document (the back office adds more). */
export const designTemplateSchema = z.object({
  /** Its address-safe code, e.g. "card-classic-90x50". */
  id: z.string().check(z.regex(/^[a-z0-9-]{3,60}$/, { error: "Код шаблона: латинские строчные буквы, цифры и «-», от 3 до 60 знаков" })),
  name: z.string().check(z.minLength(1, { error: "Укажите название шаблона" }), z.maxLength(120), safeText()),
  kind: z.enum(DESIGN_TEMPLATE_KINDS),
  document: designDocumentSchema,
});
export type DesignTemplate = z.infer<typeof designTemplateSchema>;
