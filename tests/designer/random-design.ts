import { DESIGN_FONT_FAMILIES, designDocumentSchema } from "../../shared/contracts/index";
import type { CmykColor, DesignDocument, DesignElement, DesignFieldName, DesignQrContent, DesignTemplate } from "../../shared/contracts/index";
import { DESIGN_PALETTE, RICH_BLACK } from "../../widgets/designer/pdf/index";
import type { DecodedImage } from "../../widgets/designer/pdf/index";
import { makePicture, pick, pictureId } from "./support";

/*
 * A template filled at random, the way customers fill it: Russian text in its fields (long names,
 * «Ё», quotes «» and "", numbers, e-mails), palette colours (and now and then any CMYK, over the
 * ink limit too), other fonts and settings, QR codes of every kind, and pictures of random sizes at
 * 300 ppi or more for their frames (some over 450 ppi, which the export resamples), some with
 * transparency, some slots left empty.
 */

const FIRST = ["Иван", "Ёлкина", "Алексей", "Анна-Мария", "Константин", "Фёдор", "Наталья", "Пётр", "Юлия", "Ёжи", "Владислав", "Маргарита"];
const LAST = ["Петров", "Ёлкин", "Константинопольский-Щербатов", "Салтыкова-Щедрина", "Жуковский", "Чернышевская", "Ли", "Длинноимённый-Многосоставной", "Щукин", "Эйдельман"];
const POSITIONS = ["Генеральный директор", "Менеджер по работе с ключевыми клиентами и партнёрами", "Главный «специалист»", "Ведущий инженер-конструктор 1-й категории", "Бухгалтер", 'Руководитель отдела "Продажи"', "Дизайнер"];
const COMPANIES = ["ООО «Оттиск»", 'АО "Ёлки-Палки"', "ИП Петров А. В.", "Типография №1", "ООО «Рога и копыта — Северо-Западное отделение»", "Студия «Ёж»", "ПАО «Газ-Нефть-Строй-Инвест-Холдинг»"];
const PHONES = ["+7 (495) 123-45-67", "8 800 555-35-35", "+7 912 000 11 22", "+7 (812) 765-43-21 доб. 105", "112"];
const EMAILS = ["ivan@ottisk.ru", "yolkina.very.long.address.for.testing@example-company.com", "info@ёлки.рф", "a@b.co", "sales+cards@typography-number-one.ru"];
const SITES = ["ottisk.ru", "https://www.example-company.com/catalogue/business-cards", "ёлки.рф", "t.me/ottisk"];
const ADDRESSES = ["Москва, ул. Лесная, д. 5, офис 12", "г. Санкт-Петербург, Невский проспект, дом 28, литера А, помещение 7-Н, 3-й этаж", "Екатеринбург, ул. Малышева, 51", "Россия, 123456, Московская обл., г. Королёв, ул. Циолковского, д. 1, корп. 2, стр. 3"];
const PHRASES = ["Печать визиток за 1 день!", "Скидка 15 % на «первый» заказ", "Ёлочные игрушки ручной работы", 'Работаем 24/7 — звоните "сейчас"', "Доставка по всей России: от 2 до 5 дней, от 350 ₽", "Ваш макет проверит настоящий препресс: ни одной ошибки в файле"];

function fieldText(random: () => number, field: DesignFieldName): string {
  switch (field) {
    case "name": {
      const name = `${pick(random, FIRST)} ${pick(random, LAST)}`;
      return random() < 0.2 ? `${name} ${pick(random, LAST)}` : name;
    }
    case "position":
      return pick(random, POSITIONS);
    case "company":
      return pick(random, COMPANIES);
    case "phone":
      return pick(random, PHONES);
    case "email":
      return pick(random, EMAILS);
    case "site":
      return pick(random, SITES);
    case "address":
      return pick(random, ADDRESSES);
  }
}

function colour(random: () => number, allowOverLimit: boolean): CmykColor {
  const roll = random();
  if (allowOverLimit && roll < 0.15) {
    // Any CMYK, half of them heavy (each ink 50–100 %: mostly over 300 % in all).
    const floor = random() < 0.5 ? 50 : 0;
    const v = () => Math.round(floor + random() * (100 - floor));
    return { c: v(), m: v(), y: v(), k: v() };
  }
  if (roll < 0.25) return RICH_BLACK;
  return pick(random, DESIGN_PALETTE).color;
}

function qrContent(random: () => number): DesignQrContent {
  const roll = random();
  if (roll < 0.34) return { type: "url", url: pick(random, SITES) };
  if (roll < 0.67) return { type: "phone", phone: pick(random, PHONES) };
  return {
    type: "vcard",
    name: fieldText(random, "name"),
    company: fieldText(random, "company"),
    position: fieldText(random, "position"),
    phone: fieldText(random, "phone"),
    email: fieldText(random, "email"),
    site: random() < 0.5 ? fieldText(random, "site") : "",
    address: random() < 0.7 ? fieldText(random, "address") : "",
  };
}

export interface RandomDesign {
  document: DesignDocument;
  images: Map<string, DecodedImage>;
}

/** The template's document with random content; every picture is at least 300 ppi in its frame. */
export function randomDesign(template: DesignTemplate, random: () => number): RandomDesign {
  const images = new Map<string, DecodedImage>();
  const sides = template.document.sides.map((side) => ({
    background: side.background === null ? (random() < 0.3 ? colour(random, true) : null) : colour(random, true),
    elements: side.elements.map((element): DesignElement => {
      switch (element.kind) {
        case "text":
          return {
            ...element,
            text: element.field !== null ? fieldText(random, element.field) : pick(random, PHRASES),
            fontFamily: random() < 0.4 ? pick(random, DESIGN_FONT_FAMILIES) : element.fontFamily,
            bold: random() < 0.3 ? !element.bold : element.bold,
            fontSizePt: Math.max(4, Math.round(element.fontSizePt * (0.8 + random() * 0.5) * 2) / 2),
            color: colour(random, true),
            align: pick(random, ["left", "center", "right"] as const),
            letterSpacing: Math.round(-50 + random() * 250),
            lineHeight: Math.round((0.9 + random() * 0.7) * 100) / 100,
          };
        case "rect":
          return { ...element, fill: element.fill === null ? null : colour(random, true), stroke: element.stroke === null ? null : colour(random, true) };
        case "line":
          return { ...element, color: colour(random, true) };
        case "qr":
          return { ...element, color: colour(random, false), content: qrContent(random) };
        case "image": {
          if (random() < 0.15) return { ...element, source: null };
          // Customers scale frames: large ones (a flyer's photo) to 35–100 % a side, which also keeps
          // the test's megapixels in check.
          const large = Math.max(element.width, element.height) > 60;
          const frame = large ? 0.35 + random() * 0.65 : 1;
          const width = element.width * frame;
          const height = element.height * frame;
          // Large frames stay near 300 ppi (a photo of A4 is millions of pixels already); small ones
          // range up to 600 ppi, past the export's 450 ppi ceiling, so resampling is exercised.
          const ppi = large ? 300 + random() * 40 : 300 + random() * 300;
          const cropW = large ? 0.9 + random() * 0.1 : 0.6 + random() * 0.4;
          const cropH = large ? 0.9 + random() * 0.1 : 0.6 + random() * 0.4;
          const widthPx = Math.ceil(((width / 25.4) * ppi) / cropW) + 1;
          const heightPx = Math.ceil(((height / 25.4) * ppi) / cropH) + 1;
          const id = pictureId(random);
          images.set(id, makePicture(random, widthPx, heightPx, { alpha: element.slot === "logo" && random() < 0.6, noise: random() < 0.5 }));
          const crop = { x: random() * (1 - cropW), y: random() * (1 - cropH), width: cropW, height: cropH };
          return { ...element, width, height, source: { id, widthPx, heightPx }, crop };
        }
      }
    }),
  }));
  const document = designDocumentSchema.parse({ ...template.document, sides });
  return { document, images };
}
