import { and, count, eq } from "drizzle-orm";
import type { PreflightProfile } from "../../shared/contracts/preflight-profile";
import { computePrice } from "../../shared/domain/pricing";
import type { PricingOption, PricingOptionGroup } from "../../shared/domain/pricing";
import type { Database } from "./client";
import { product, productCategory, productDetail, productOption, productPriceTier, productService } from "./schema";

/*
 * What the demo products are made of and cost: print options, run tiers, the details that need a
 * layout with their preflight profiles, urgency, sheets per piece; and the services the shop sells
 * beside products. Prices are what a mid-sized Russian print shop charges in 2026, VAT included.
 * The product rows themselves live in seed.ts; their «от» price is computed here from the tiers,
 * so the card and the quote of the smallest run can never disagree.
 */

interface DemoOption {
  group: PricingOptionGroup;
  code: string;
  label: string;
  isDefault?: boolean;
  pricePct?: number;
  unitPriceKopecks?: number;
  setupPriceKopecks?: number;
  widthMm?: number;
  heightMm?: number;
  paperGsm?: number;
  sides?: number;
}

interface DemoDetail {
  name: string;
  profile: PreflightProfile;
  requiresOptionCode?: string;
}

export interface DemoPricing {
  /** [minQuantity, kopecks per piece] at the default options, before the discount. */
  tiers: [number, number][];
  options: DemoOption[];
  details: DemoDetail[];
  /** Working days and surcharge when the product can be made urgently. */
  urgent?: { days: number; surchargePct: number };
  sheetsPerUnit?: number;
}

// Options used by many products. Format sizes are trimmed sizes in millimetres.
const format = (code: string, label: string, widthMm: number, heightMm: number, extra: Partial<DemoOption> = {}): DemoOption => ({
  group: "format",
  code,
  label,
  widthMm,
  heightMm,
  ...extra,
});
const paper = (code: string, label: string, paperGsm: number, extra: Partial<DemoOption> = {}): DemoOption => ({ group: "paper", code, label, paperGsm, ...extra });
const finishing = (code: string, label: string, unitPriceKopecks: number, extra: Partial<DemoOption> = {}): DemoOption => ({
  group: "finishing",
  code,
  label,
  unitPriceKopecks,
  ...extra,
});
const oneSided = (extra: Partial<DemoOption> = {}): DemoOption => ({ group: "colors", code: "4+0", label: "4+0 (цветная с одной стороны)", sides: 1, isDefault: true, ...extra });
const twoSided = (pricePct: number, extra: Partial<DemoOption> = {}): DemoOption => ({
  group: "colors",
  code: "4+4",
  label: "4+4 (цветная с двух сторон)",
  sides: 2,
  pricePct,
  ...extra,
});

const coated = (gsm: number, extra: Partial<DemoOption> = {}): DemoOption =>
  paper(`coated-${gsm}`, gsm >= 250 ? `Мелованный картон ${gsm} г/м²` : `Мелованная бумага ${gsm} г/м²`, gsm, extra);
const laminationMatte = (unitPriceKopecks: number) => finishing("lamination-matte", "Матовая ламинация", unitPriceKopecks);
const laminationGloss = (unitPriceKopecks: number) => finishing("lamination-gloss", "Глянцевая ламинация", unitPriceKopecks);
const roundCorners = (unitPriceKopecks: number) => finishing("round-corners", "Скругление углов", unitPriceKopecks);
const creasing = (unitPriceKopecks: number) => finishing("creasing", "Биговка", unitPriceKopecks);

/** A profile for offset and digital sheet work: PDF 1.3, 2 mm bleed, 300 ppi, TAC 300 %. */
function sheetProfile(trimMm: [number, number], pages = 1, extra: Partial<PreflightProfile> = {}): PreflightProfile {
  return {
    pdfVersion: "1.3",
    pages,
    trimMm,
    bleedMm: 2,
    sizeToleranceMm: 0.5,
    minPpi: 300,
    ppiTolerancePct: 5,
    compression: "lossy",
    maxTacPct: 300,
    tacTolerancePct: 1,
    tacMinAreaMm2: 1,
    ...extra,
  };
}

/** Wide-format work is seen from afar: 150 ppi (less for facades), solvent inks keep TAC at 280 %. */
function wideProfile(trimMm: [number, number], extra: Partial<PreflightProfile> = {}): PreflightProfile {
  return sheetProfile(trimMm, 1, { pdfVersion: "1.4", bleedMm: 20, sizeToleranceMm: 5, minPpi: 150, ppiTolerancePct: 10, maxTacPct: 280, tacMinAreaMm2: 100, ...extra });
}

/** A cutting path or a foil mask: vector art in one spot colour, checked for size only. */
function maskProfile(trimMm: [number, number]): PreflightProfile {
  return sheetProfile(trimMm, 1, { bleedMm: 0, minPpi: 600, compression: "any", maxTacPct: 100 });
}

const faceAndBack = (trimMm: [number, number]): DemoDetail[] => [
  { name: "Лицевая сторона", profile: sheetProfile(trimMm) },
  { name: "Обратная сторона", profile: sheetProfile(trimMm), requiresOptionCode: "4+4" },
];

/** Keyed by `categorySlug/productSlug`, the way seed.ts names its products. */
export const DEMO_PRICING: Record<string, DemoPricing> = {
  "vizitki/standartnye-90x50": {
    tiers: [[100, 990], [200, 620], [500, 320], [1000, 210], [2000, 160], [5000, 120]],
    options: [
      format("90x50", "90×50 мм", 90, 50),
      coated(300, { isDefault: true }),
      coated(350, { pricePct: 115 }),
      oneSided(),
      twoSided(150),
      laminationMatte(250),
      laminationGloss(250),
      roundCorners(80),
    ],
    details: faceAndBack([90, 50]),
    urgent: { days: 1, surchargePct: 50 },
  },
  "vizitki/premium": {
    tiers: [[100, 2490], [200, 1590], [500, 890], [1000, 640]],
    options: [
      format("90x50", "90×50 мм", 90, 50, { isDefault: true }),
      format("85x55", "85×55 мм", 85, 55),
      paper("design-linen-350", "Дизайнерская бумага «Лён» 350 г/м²", 350, { isDefault: true }),
      paper("design-verge-300", "Дизайнерская бумага «Верже» 300 г/м²", 300, { pricePct: 95 }),
      paper("design-softtouch-350", "Картон «Софт-тач» 350 г/м²", 350, { pricePct: 125 }),
      oneSided(),
      twoSided(150),
      roundCorners(80),
      finishing("foil-gold", "Тиснение золотой фольгой", 500, { setupPriceKopecks: 150_000 }),
    ],
    details: [...faceAndBack([90, 50]), { name: "Маска фольги", profile: maskProfile([90, 50]), requiresOptionCode: "foil-gold" }],
    urgent: { days: 2, surchargePct: 40 },
  },
  "vizitki/tisnenie-folgoy": {
    tiers: [[100, 3900], [300, 2100], [500, 1500], [1000, 990]],
    options: [
      format("90x50", "90×50 мм", 90, 50),
      paper("design-cardboard-400", "Дизайнерский картон 400 г/м²", 400),
      oneSided(),
      twoSided(150),
      roundCorners(80),
      finishing("embossing", "Конгрев (рельефное тиснение)", 400, { setupPriceKopecks: 200_000 }),
    ],
    details: [...faceAndBack([90, 50]), { name: "Маска фольги", profile: maskProfile([90, 50]) }],
  },
  "vizitki/evro-85x55": {
    tiers: [[100, 1190], [200, 720], [500, 380], [1000, 250]],
    options: [format("85x55", "85×55 мм", 85, 55), coated(300, { isDefault: true }), coated(350, { pricePct: 115 }), oneSided(), twoSided(150), laminationMatte(250), roundCorners(80)],
    details: faceAndBack([85, 55]),
    urgent: { days: 1, surchargePct: 50 },
  },
  "vizitki/plastikovye": {
    tiers: [[100, 5400], [300, 3200], [500, 2400], [1000, 1650]],
    options: [
      format("86x54", "86×54 мм (как банковская карта)", 86, 54),
      paper("pvc-white-076", "Белый пластик ПВХ 0,76 мм", 1060, { isDefault: true }),
      paper("pvc-clear-050", "Прозрачный пластик 0,5 мм", 700, { pricePct: 120 }),
      oneSided(),
      twoSided(130),
      finishing("magnetic-stripe", "Магнитная полоса", 1500),
      finishing("numbering", "Нумерация", 300),
    ],
    details: faceAndBack([86, 54]),
  },

  "listovki/a5-melovannye": {
    tiers: [[100, 2900], [500, 820], [1000, 520], [5000, 260], [10000, 190]],
    options: [format("a5", "A5 (148×210 мм)", 148, 210), coated(115, { isDefault: true }), coated(130, { pricePct: 106 }), coated(170, { pricePct: 118 }), oneSided(), twoSided(140)],
    details: faceAndBack([148, 210]),
    urgent: { days: 1, surchargePct: 50 },
  },
  "listovki/flaery-evroformat": {
    tiers: [[100, 1890], [500, 560], [1000, 360], [5000, 190]],
    options: [format("99x210", "99×210 мм (евроформат)", 99, 210), coated(130, { isDefault: true }), coated(170, { pricePct: 110 }), coated(300, { pricePct: 150 }), oneSided(), twoSided(140)],
    details: faceAndBack([99, 210]),
    urgent: { days: 1, surchargePct: 40 },
  },
  "listovki/elochnye-otkrytki": {
    tiers: [[10, 15_000], [50, 9900], [100, 7400], [300, 5200]],
    options: [
      format("a5-fold", "A5 со сгибом (в сложенном виде A6)", 210, 148),
      paper("design-300", "Дизайнерский картон 300 г/м²", 300, { isDefault: true }),
      paper("design-pearl-300", "Перламутровый картон 300 г/м²", 300, { pricePct: 120 }),
      oneSided(),
      twoSided(130),
      finishing("foil-gold", "Тиснение золотой фольгой", 3000, { setupPriceKopecks: 150_000 }),
      finishing("envelope-kraft", "Крафт-конверт", 2500),
    ],
    details: [
      { name: "Наружная сторона", profile: sheetProfile([210, 148]) },
      { name: "Внутренняя сторона", profile: sheetProfile([210, 148]), requiresOptionCode: "4+4" },
      { name: "Маска фольги", profile: maskProfile([210, 148]), requiresOptionCode: "foil-gold" },
    ],
  },
  "listovki/a4-ofset": {
    tiers: [[500, 640], [1000, 420], [5000, 210], [10000, 150]],
    options: [
      format("a4", "A4 (210×297 мм)", 210, 297),
      paper("offset-80", "Офсетная бумага 80 г/м²", 80, { isDefault: true }),
      coated(130, { pricePct: 125 }),
      { group: "colors", code: "1+0", label: "1+0 (чёрно-белая)", sides: 1, pricePct: 55 },
      oneSided(),
      twoSided(150),
    ],
    details: [
      { name: "Лицевая сторона", profile: sheetProfile([210, 297]) },
      { name: "Обратная сторона", profile: sheetProfile([210, 297]), requiresOptionCode: "4+4" },
    ],
    urgent: { days: 2, surchargePct: 30 },
  },

  "buklety/buklety-dva-falca": {
    tiers: [[100, 3600], [500, 1150], [1000, 720], [5000, 380]],
    options: [
      format("a4-2fold", "A4 с двумя фальцами (в сложенном виде 99×210)", 297, 210),
      coated(130, { isDefault: true }),
      coated(170, { pricePct: 112 }),
      twoSided(100, { isDefault: true }),
      creasing(50),
      laminationMatte(600),
    ],
    details: [{ name: "Макет буклета", profile: sheetProfile([297, 210], 2) }],
    urgent: { days: 2, surchargePct: 40 },
  },
  "buklety/odin-falc": {
    tiers: [[100, 3300], [500, 1020], [1000, 640], [5000, 340]],
    options: [
      format("a4-1fold", "A4 с одним фальцем (в сложенном виде A5)", 297, 210, { isDefault: true }),
      format("a3-1fold", "A3 с одним фальцем (в сложенном виде A4)", 420, 297, { pricePct: 180 }),
      coated(130, { isDefault: true }),
      coated(170, { pricePct: 112 }),
      twoSided(100, { isDefault: true }),
      creasing(50),
    ],
    details: [{ name: "Макет разворота", profile: sheetProfile([297, 210], 2) }],
    urgent: { days: 1, surchargePct: 50 },
  },
  "buklety/a5-na-skrepke": {
    tiers: [[50, 6900], [100, 4900], [300, 3100], [500, 2500], [1000, 1900]],
    options: [format("a5", "A5 (148×210 мм)", 148, 210), coated(130, { isDefault: true }), coated(170, { pricePct: 110 }), twoSided(100, { isDefault: true }), finishing("cover-lamination", "Ламинация обложки", 900)],
    details: [
      { name: "Обложка", profile: sheetProfile([148, 210], 4) },
      { name: "Блок", profile: sheetProfile([148, 210], 8) },
    ],
    urgent: { days: 3, surchargePct: 35 },
    // 12 pages: 6 A5 leaves.
    sheetsPerUnit: 6,
  },

  "katalogi/na-skrepke": {
    tiers: [[50, 25_800], [100, 17_500], [300, 10_900], [500, 8600], [1000, 6400]],
    options: [
      format("a4", "A4 (210×297 мм)", 210, 297, { isDefault: true }),
      format("a5", "A5 (148×210 мм)", 148, 210, { pricePct: 60 }),
      coated(115, { isDefault: true }),
      coated(130, { pricePct: 105 }),
      coated(170, { pricePct: 115 }),
      twoSided(100, { isDefault: true }),
      finishing("cover-lamination-matte", "Матовая ламинация обложки", 1500),
      finishing("cover-lamination-gloss", "Глянцевая ламинация обложки", 1500),
    ],
    details: [
      { name: "Обложка", profile: sheetProfile([210, 297], 4) },
      { name: "Блок", profile: sheetProfile([210, 297], 12) },
    ],
    urgent: { days: 4, surchargePct: 30 },
    // 16 pages: 8 A4 leaves.
    sheetsPerUnit: 8,
  },
  "katalogi/broshyury-na-pruzhine": {
    tiers: [[10, 84_000], [50, 52_000], [100, 39_000], [300, 29_000]],
    options: [
      format("a4", "A4 (210×297 мм)", 210, 297),
      paper("offset-80", "Офсетная бумага 80 г/м²", 80, { isDefault: true }),
      coated(115, { pricePct: 135 }),
      { group: "colors", code: "1+1", label: "1+1 (чёрно-белая с двух сторон)", sides: 2, pricePct: 45 },
      twoSided(100, { isDefault: true }),
      finishing("cover-lamination", "Ламинация обложки", 2000),
    ],
    details: [
      { name: "Обложка", profile: sheetProfile([210, 297], 2) },
      { name: "Блок", profile: sheetProfile([210, 297], 40) },
    ],
    urgent: { days: 3, surchargePct: 40 },
    // 40 pages: 20 A4 leaves.
    sheetsPerUnit: 20,
  },
  "katalogi/kleevoy-pereplet": {
    tiers: [[50, 39_000], [100, 26_000], [300, 16_500], [500, 13_200], [1000, 9800]],
    options: [
      format("a4", "A4 (210×297 мм)", 210, 297, { isDefault: true }),
      format("a5", "A5 (148×210 мм)", 148, 210, { pricePct: 60 }),
      coated(115, { isDefault: true }),
      coated(130, { pricePct: 105 }),
      paper("offset-80", "Офсетная бумага 80 г/м²", 80, { pricePct: 85 }),
      twoSided(100, { isDefault: true }),
      finishing("cover-lamination-matte", "Матовая ламинация обложки", 1800),
      finishing("cover-softtouch", "Софт-тач ламинация обложки", 3500),
    ],
    details: [
      { name: "Обложка", profile: sheetProfile([210, 297], 4) },
      { name: "Блок", profile: sheetProfile([210, 297], 44) },
    ],
    // 48 pages: 24 A4 leaves.
    sheetsPerUnit: 24,
  },
  "katalogi/menyu": {
    tiers: [[5, 95_000], [10, 72_000], [30, 49_000], [50, 39_000]],
    options: [
      format("a4", "A4 (210×297 мм)", 210, 297),
      coated(300, { isDefault: true }),
      paper("design-300", "Дизайнерский картон 300 г/м²", 300, { pricePct: 140 }),
      twoSided(100, { isDefault: true }),
      // Menus live in greasy hands: the thick film is on by default and can be taken off.
      finishing("lamination-250", "Плотная ламинация 250 мкм", 12_000, { isDefault: true }),
      roundCorners(400),
    ],
    details: [{ name: "Страницы меню", profile: sheetProfile([210, 297], 8) }],
    urgent: { days: 2, surchargePct: 50 },
    sheetsPerUnit: 4,
  },

  "plakaty/afishi": {
    tiers: [[10, 45_000], [50, 21_000], [100, 14_500], [500, 7200]],
    options: [
      format("a3", "A3 (297×420 мм)", 297, 420, { isDefault: true }),
      format("a2", "A2 (420×594 мм)", 420, 594, { pricePct: 190 }),
      paper("coated-150", "Мелованная бумага 150 г/м²", 150, { isDefault: true }),
      paper("photo-200", "Фотобумага 200 г/м²", 200, { pricePct: 160 }),
      oneSided(),
    ],
    details: [{ name: "Лицевая сторона", profile: sheetProfile([297, 420]) }],
    urgent: { days: 1, surchargePct: 50 },
  },
  "plakaty/na-fotobumage": {
    tiers: [[1, 90_000], [5, 72_000], [10, 58_000], [50, 43_000]],
    options: [
      format("a2", "A2 (420×594 мм)", 420, 594, { isDefault: true }),
      format("a1", "A1 (594×841 мм)", 594, 841, { pricePct: 180 }),
      format("a0", "A0 (841×1189 мм)", 841, 1189, { pricePct: 340 }),
      paper("photo-gloss-200", "Глянцевая фотобумага 200 г/м²", 200, { isDefault: true }),
      paper("photo-satin-260", "Сатиновая фотобумага 260 г/м²", 260, { pricePct: 115 }),
      oneSided(),
      laminationMatte(25_000),
      finishing("foam-board", "Накатка на пенокартон 5 мм", 60_000),
    ],
    details: [{ name: "Изображение", profile: wideProfile([420, 594], { bleedMm: 3 }) }],
    urgent: { days: 1, surchargePct: 50 },
  },
  "plakaty/interernye-postery": {
    tiers: [[1, 140_000], [5, 110_000], [20, 85_000]],
    options: [
      format("30x40", "30×40 см", 300, 400, { isDefault: true }),
      format("40x50", "40×50 см", 400, 500, { pricePct: 140 }),
      format("50x70", "50×70 см", 500, 700, { pricePct: 220 }),
      paper("watercolor-300", "Акварельная бумага 300 г/м²", 300, { isDefault: true }),
      paper("cotton-310", "Хлопковая бумага 310 г/м²", 310, { pricePct: 130 }),
      oneSided(),
      finishing("passe-partout", "Паспарту", 50_000),
    ],
    details: [{ name: "Изображение", profile: sheetProfile([300, 400], 1, { minPpi: 240, bleedMm: 3 }) }],
  },

  "bannery/pvh-440": {
    // Sold by the square metre: the quantity is in m².
    tiers: [[1, 45_000], [10, 39_000], [50, 33_000], [100, 28_000]],
    options: [
      format("m2", "1 м² (размер — в комментарии к заказу)", 1000, 1000),
      paper("banner-440", "Литой баннер 440 г/м²", 440, { isDefault: true }),
      paper("banner-510", "Литой баннер 510 г/м² (повышенной прочности)", 510, { pricePct: 125 }),
      oneSided(),
      finishing("eyelets", "Проклейка краёв и люверсы каждые 30 см", 0, { isDefault: true }),
      finishing("pockets", "Карманы под трубу", 8000),
    ],
    details: [{ name: "Макет баннера", profile: wideProfile([1000, 1000]) }],
    urgent: { days: 1, surchargePct: 60 },
  },
  "bannery/roll-up-85x200": {
    tiers: [[1, 790_000], [3, 720_000], [10, 650_000]],
    options: [
      format("85x200", "85×200 см", 850, 2000, { isDefault: true }),
      format("100x200", "100×200 см", 1000, 2000, { pricePct: 115 }),
      format("120x200", "120×200 см", 1200, 2000, { pricePct: 135 }),
      paper("blockout-440", "Плёнка Blockout 440 г/м² (непрозрачная)", 440, { isDefault: true }),
      paper("pp-220", "Полипропиленовая плёнка 220 г/м²", 220, { pricePct: 90 }),
      oneSided(),
    ],
    details: [{ name: "Полотно", profile: wideProfile([850, 2000], { bleedMm: 5 }) }],
    urgent: { days: 1, surchargePct: 50 },
  },
  "bannery/setchatyy-fasad": {
    // Sold by the square metre from 5 m².
    tiers: [[5, 29_990], [50, 26_990], [200, 22_990]],
    options: [
      format("m2", "1 м² (размер — в комментарии к заказу)", 1000, 1000),
      paper("mesh-270", "Баннерная сетка 270 г/м²", 270),
      oneSided(),
      finishing("eyelets", "Проклейка краёв и люверсы", 3500),
    ],
    // A facade is seen from across the street: 72 ppi is plenty.
    details: [{ name: "Макет баннера", profile: wideProfile([1000, 1000], { minPpi: 72 }) }],
  },
  "bannery/pechat-na-holste": {
    tiers: [[1, 189_000], [3, 159_000], [10, 129_000]],
    options: [
      format("30x40", "30×40 см", 300, 400, { isDefault: true }),
      format("40x60", "40×60 см", 400, 600, { pricePct: 150 }),
      format("60x80", "60×80 см", 600, 800, { pricePct: 230 }),
      format("80x120", "80×120 см", 800, 1200, { pricePct: 390 }),
      paper("canvas-380", "Натуральный холст 380 г/м²", 380, { isDefault: true }),
      paper("canvas-synthetic-340", "Синтетический холст 340 г/м²", 340, { pricePct: 85 }),
      oneSided(),
      finishing("varnish", "Защитный лак", 15_000),
    ],
    // The picture wraps round the 3 cm stretcher: 40 mm of bleed on each side.
    details: [{ name: "Изображение", profile: wideProfile([300, 400], { bleedMm: 40, sizeToleranceMm: 2 }) }],
    urgent: { days: 1, surchargePct: 50 },
  },

  "nakleyki/samokleyka": {
    tiers: [[100, 1290], [500, 420], [1000, 260], [5000, 120]],
    options: [
      format("50x50", "50×50 мм", 50, 50, { isDefault: true }),
      format("100x100", "100×100 мм", 100, 100, { pricePct: 180 }),
      format("150x100", "150×100 мм", 150, 100, { pricePct: 240 }),
      paper("vinyl-white", "Белая виниловая плёнка", 160, { isDefault: true }),
      paper("vinyl-clear", "Прозрачная плёнка", 150, { pricePct: 115 }),
      paper("vinyl-metal", "Металлизированная плёнка", 170, { pricePct: 140 }),
      oneSided(),
      laminationGloss(40),
      finishing("contour-cut", "Плоттерная резка по контуру", 30, { setupPriceKopecks: 50_000 }),
    ],
    details: [
      { name: "Наклейка", profile: sheetProfile([50, 50]) },
      { name: "Контур резки", profile: maskProfile([50, 50]), requiresOptionCode: "contour-cut" },
    ],
    urgent: { days: 1, surchargePct: 50 },
  },
  "nakleyki/stikerpaki": {
    tiers: [[10, 16_500], [50, 9900], [100, 7200], [500, 4100]],
    options: [
      format("a6", "A6 (105×148 мм)", 105, 148, { isDefault: true }),
      format("a5", "A5 (148×210 мм)", 148, 210, { pricePct: 170 }),
      paper("vinyl-white", "Белая виниловая плёнка", 160, { isDefault: true }),
      paper("label-paper", "Самоклеящаяся бумага", 150, { pricePct: 80 }),
      paper("holographic", "Голографическая плёнка", 170, { pricePct: 150 }),
      oneSided(),
      laminationMatte(300),
    ],
    details: [
      { name: "Лист стикеров", profile: sheetProfile([105, 148]) },
      { name: "Контур резки", profile: maskProfile([105, 148]) },
    ],
    urgent: { days: 2, surchargePct: 40 },
  },
  "nakleyki/3d-epoksidnye": {
    tiers: [[100, 4800], [300, 3200], [1000, 2100], [5000, 1500]],
    options: [
      format("30x30", "30×30 мм", 30, 30, { isDefault: true }),
      format("50x50", "50×50 мм", 50, 50, { pricePct: 170 }),
      format("70x30", "70×30 мм", 70, 30, { pricePct: 140 }),
      paper("vinyl-white", "Белая виниловая плёнка", 160),
      oneSided(),
    ],
    details: [
      { name: "Наклейка", profile: sheetProfile([30, 30]) },
      { name: "Контур резки", profile: maskProfile([30, 30]) },
    ],
  },
  "nakleyki/etiketki-v-rulonah": {
    tiers: [[1000, 320], [5000, 120], [10000, 85], [50000, 52]],
    options: [
      format("58x40", "58×40 мм", 58, 40, { isDefault: true }),
      format("100x70", "100×70 мм", 100, 70, { pricePct: 170 }),
      format("43x25", "43×25 мм", 43, 25, { pricePct: 75 }),
      paper("semigloss-80", "Полуглянцевая самоклеящаяся бумага 80 г/м²", 80, { isDefault: true }),
      paper("thermal-eco", "Термобумага ЭКО", 70, { pricePct: 80 }),
      paper("pp-white", "Белая полипропиленовая плёнка", 60, { pricePct: 140 }),
      { group: "colors", code: "1+0", label: "1+0 (одна краска)", sides: 1, pricePct: 60 },
      oneSided(),
      finishing("lamination", "Ламинация", 15),
      finishing("custom-die", "Изготовление вырубного штампа под свою форму", 0, { setupPriceKopecks: 450_000 }),
    ],
    details: [{ name: "Этикетка", profile: sheetProfile([58, 40], 1, { bleedMm: 1.5 }) }],
    urgent: { days: 3, surchargePct: 30 },
  },

  "kalendari/kvartalnye": {
    tiers: [[10, 59_000], [50, 36_000], [100, 27_000], [300, 21_000]],
    options: [
      format("trio", "Трио 297×740 мм (шапка и три блока)", 297, 740),
      coated(300, { isDefault: true }),
      paper("design-300", "Дизайнерский картон 300 г/м²", 300, { pricePct: 130 }),
      oneSided(),
      finishing("header-lamination", "Ламинация шапки", 2500),
    ],
    details: [
      { name: "Шапка", profile: sheetProfile([297, 210]) },
      { name: "Рекламные поля", profile: sheetProfile([297, 145], 3) },
    ],
    urgent: { days: 3, surchargePct: 40 },
    sheetsPerUnit: 2,
  },
  "kalendari/nastennye-perekidnye": {
    tiers: [[10, 89_000], [50, 58_000], [100, 46_000], [300, 36_000]],
    options: [
      format("a3", "A3 (297×420 мм)", 297, 420, { isDefault: true }),
      format("a4", "A4 (210×297 мм)", 210, 297, { pricePct: 70 }),
      coated(170, { isDefault: true }),
      coated(250, { pricePct: 115 }),
      oneSided(),
    ],
    details: [
      { name: "Обложка", profile: sheetProfile([297, 420]) },
      { name: "Месяцы", profile: sheetProfile([297, 420], 12) },
    ],
    urgent: { days: 4, surchargePct: 30 },
    // 12 months, a cover and a cardboard back.
    sheetsPerUnit: 14,
  },
  "kalendari/domiki": {
    tiers: [[10, 69_000], [50, 42_000], [100, 32_000], [500, 23_000]],
    options: [format("200x140", "200×140 мм", 200, 140), coated(170, { isDefault: true }), coated(250, { pricePct: 112 }), twoSided(100, { isDefault: true })],
    details: [
      { name: "Подставка", profile: sheetProfile([200, 300]) },
      { name: "Листы календаря", profile: sheetProfile([200, 140], 12) },
    ],
    sheetsPerUnit: 8,
  },
  "kalendari/karmannye": {
    tiers: [[100, 890], [500, 290], [1000, 190], [5000, 110]],
    options: [format("70x100", "70×100 мм", 70, 100), coated(300, { isDefault: true }), oneSided(), twoSided(140), laminationMatte(150), roundCorners(80)],
    details: [
      { name: "Лицевая сторона", profile: sheetProfile([70, 100]) },
      { name: "Календарная сетка", profile: sheetProfile([70, 100]), requiresOptionCode: "4+4" },
    ],
    urgent: { days: 1, surchargePct: 50 },
  },
};

/** The option rows of a demo product in the pure price function's shape (sort order = position). */
function pricingOptions(pricing: DemoPricing): PricingOption[] {
  return pricing.options.map((option, index) => ({
    group: option.group,
    code: option.code,
    label: option.label,
    sortOrder: (index + 1) * 10,
    isDefault: option.isDefault ?? false,
    pricePct: option.pricePct ?? 100,
    unitPriceKopecks: option.unitPriceKopecks ?? 0,
    setupPriceKopecks: option.setupPriceKopecks ?? 0,
    widthMm: option.widthMm ?? null,
    heightMm: option.heightMm ?? null,
    paperGsm: option.paperGsm ?? null,
  }));
}

/** The product columns the pricing decides: the «от» price (smallest run, default options, before the discount), urgency, sheets. */
export function demoPricingColumns(key: string): {
  priceFromKopecks: number;
  urgentProductionTimeDay: number | null;
  urgentSurchargePct: number;
  sheetsPerUnit: number;
} {
  const pricing = DEMO_PRICING[key];
  if (!pricing) throw new Error(`The demo product ${key} has no pricing`);
  const smallest = Math.min(...pricing.tiers.map(([minQuantity]) => minQuantity));
  const result = computePrice(
    {
      discountPct: 0,
      productionTimeDay: 1,
      urgentProductionTimeDay: null,
      urgentSurchargePct: 0,
      sheetsPerUnit: pricing.sheetsPerUnit ?? 1,
      options: pricingOptions(pricing),
      tiers: pricing.tiers.map(([minQuantity, unitPriceKopecks]) => ({ minQuantity, unitPriceKopecks })),
      details: [],
    },
    { options: {}, quantity: smallest, isUrgent: false },
  );
  if (!result.ok) throw new Error(`The demo product ${key} cannot be priced: ${result.failure.message}`);
  return {
    priceFromKopecks: result.price.priceBeforeDiscountKopecks,
    urgentProductionTimeDay: pricing.urgent?.days ?? null,
    urgentSurchargePct: pricing.urgent?.surchargePct ?? 0,
    sheetsPerUnit: pricing.sheetsPerUnit ?? 1,
  };
}

interface DemoService {
  slug: string;
  name: string;
  description: string;
  priceKopecks: number;
  unit: string;
}

const services: DemoService[] = [
  {
    slug: "dizayn-vizitki",
    name: "Дизайн визитки",
    description: "Дизайнер сделает визитку по вашему логотипу и пожеланиям: два варианта на выбор и две правки.",
    priceKopecks: 150_000,
    unit: "за макет",
  },
  {
    slug: "dizayn-maketa",
    name: "Дизайн макета",
    description: "Листовка, плакат, буклет или баннер с нуля: от идеи и текста до готового к печати PDF.",
    priceKopecks: 350_000,
    unit: "за макет",
  },
  {
    slug: "dopechatnaya-podgotovka",
    name: "Допечатная подготовка",
    description: "Проверим и исправим ваш файл: вылеты, разрешение картинок, цветовой профиль, шрифты в кривые.",
    priceKopecks: 50_000,
    unit: "за макет",
  },
  {
    slug: "srochnaya-cvetoproba",
    name: "Срочная цветопроба",
    description: "Контрактная цветопроба за 2 часа: увидите цвета тиража до печати и подпишете их вместе с технологом.",
    priceKopecks: 90_000,
    unit: "за оттиск",
  },
  {
    slug: "verstka-kataloga",
    name: "Вёрстка каталога",
    description: "Свёрстаем каталог, брошюру или меню по вашим текстам и фотографиям, подготовим к печати.",
    priceKopecks: 60_000,
    unit: "за полосу",
  },
  {
    slug: "retush-foto",
    name: "Ретушь и цветокоррекция фото",
    description: "Уберём дефекты, выровняем свет и цвет, вырежем фон — чтобы фото хорошо смотрелись на бумаге.",
    priceKopecks: 40_000,
    unit: "за фото",
  },
  {
    slug: "vektorizaciya-logotipa",
    name: "Отрисовка логотипа в кривых",
    description: "Перерисуем логотип с фотографии или картинки в вектор — для тиснения, вырубки и больших форматов.",
    priceKopecks: 120_000,
    unit: "за логотип",
  },
];

/**
 * Gives each demo product found by its category and slug its options, tiers and details (with the
 * pricing columns of its row), unless it already has tiers; fills the services when there are none.
 * Safe on every start and on a catalogue seeded before options existed.
 */
export async function seedCatalogOptions(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [key, pricing] of Object.entries(DEMO_PRICING)) {
      const [categorySlug, productSlug] = key.split("/");
      if (categorySlug === undefined || productSlug === undefined) throw new Error(`Bad demo pricing key ${key}`);
      const [row] = await tx
        .select({ id: product.id })
        .from(product)
        .innerJoin(productCategory, eq(productCategory.id, product.categoryId))
        .where(and(eq(productCategory.slug, categorySlug), eq(product.slug, productSlug)))
        .limit(1);
      if (!row) continue;
      const [tiers] = await tx.select({ n: count() }).from(productPriceTier).where(eq(productPriceTier.productId, row.id));
      if ((tiers?.n ?? 0) > 0) continue;

      // Options and details already there (the shop's own, or a half-filled product) are kept as they are.
      await tx.insert(productPriceTier).values(pricing.tiers.map(([minQuantity, unitPriceKopecks]) => ({ productId: row.id, minQuantity, unitPriceKopecks })));
      await tx.insert(productOption).values(
        pricingOptions(pricing).map((option, index) => ({
          productId: row.id,
          group: option.group,
          code: option.code,
          label: option.label,
          sortOrder: option.sortOrder,
          isDefault: option.isDefault,
          pricePct: option.pricePct,
          unitPriceKopecks: option.unitPriceKopecks,
          setupPriceKopecks: option.setupPriceKopecks,
          widthMm: option.widthMm,
          heightMm: option.heightMm,
          paperGsm: option.paperGsm,
          sides: pricing.options[index]?.sides ?? null,
        })),
      ).onConflictDoNothing();
      await tx.insert(productDetail).values(
        pricing.details.map((detail, index) => ({
          productId: row.id,
          name: detail.name,
          sortOrder: (index + 1) * 10,
          profile: detail.profile,
          requiresOptionCode: detail.requiresOptionCode ?? null,
        })),
      ).onConflictDoNothing();
      await tx.update(product).set(demoPricingColumns(key)).where(eq(product.id, row.id));
    }

    const [existingServices] = await tx.select({ n: count() }).from(productService);
    if ((existingServices?.n ?? 0) === 0) {
      await tx.insert(productService).values(services.map((service, index) => ({ ...service, photoPath: null, sortOrder: (index + 1) * 10 })));
    }
  });
}
