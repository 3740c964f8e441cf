import fontkit from "@pdf-lib/fontkit";
import { count } from "drizzle-orm";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { PDFDocument, rgb } from "pdf-lib";
import type { PDFFont, PDFPage } from "pdf-lib";
import type {
  ChecklistContent,
  FooterContent,
  HeaderContent,
  PageComponent,
  PageKind,
  TextBlock,
  VacancyContent,
} from "../../shared/contracts/index";
import { SHOP_REQUISITES, shopRequisitesText } from "../../shared/domain/index";
import { fileReference, pagePlainText } from "../services/pages.mapper";
import { websiteBlockKeys } from "../services/pages.service";
import type { FileStorage } from "../services/file-storage";
import type { Database } from "./client";
import { websiteBlock, websitePage } from "./schema";
import { drawMockup } from "./seed-photos";
import type { Mockup, MockupPalette } from "./seed-photos";

/*
 * The demo website of the print shop «Оттиск» in Krasnodar: the main page, the catalogue's root,
 * services, a blog, instructions on preparing a layout (tied to the preflight codes of spec §5),
 * vacancies, contacts and generic pages; the site-wide Header, Footer and Popup blocks; and the
 * files they link to — real PDFs made here with pdf-lib (DejaVu Sans, so Cyrillic shows) and SVG
 * covers drawn like the catalogue's mock-ups. Stored content names files as `file:<path>`.
 */

/** The site's files, in the public storage (served at /files/site/). */
const SITE_FOLDER = "site";

const palettes = {
  navy: { main: "#23306b", accent: "#f2a93b", ink: "#1d2333", backdrop: "#e7ebf5" },
  coral: { main: "#e4572e", accent: "#2e86ab", ink: "#2b2b2b", backdrop: "#fbe9e2" },
  violet: { main: "#5b3cc4", accent: "#22c1c3", ink: "#241c44", backdrop: "#ece8fb" },
  mint: { main: "#0f766e", accent: "#fbbf24", ink: "#15302d", backdrop: "#e3f3ef" },
  berry: { main: "#a4134d", accent: "#ffcf56", ink: "#3a0f22", backdrop: "#f8e6ee" },
  sky: { main: "#1565c0", accent: "#ffb300", ink: "#14243d", backdrop: "#e3eefb" },
  forest: { main: "#1f5132", accent: "#7fbf5a", ink: "#17261c", backdrop: "#e6efe6" },
} satisfies Record<string, MockupPalette>;

// ——— Files ————————————————————————————————————————————————————————————————————————————

interface DemoDocument {
  file: string;
  title: string;
  paragraphs: string[];
}

const documents = {
  privacy: {
    file: "politika-konfidencialnosti.pdf",
    title: "Политика конфиденциальности",
    paragraphs: [
      `${SHOP_REQUISITES.name} (ИНН ${SHOP_REQUISITES.inn}, ОГРН ${SHOP_REQUISITES.ogrn}, ${SHOP_REQUISITES.address}) обрабатывает персональные данные покупателей сайта ottisk.ru в соответствии с Федеральным законом № 152-ФЗ «О персональных данных».`,
      "Какие данные мы обрабатываем: имя, телефон, адрес электронной почты, адрес доставки, реквизиты компании и файлы макетов, которые вы загружаете для печати.",
      "Зачем: чтобы принять и выполнить заказ, согласовать макет, доставить продукцию, выставить счёт и закрывающие документы, ответить на обращение.",
      "Мы не передаём данные третьим лицам, кроме служб доставки и платёжных сервисов, без которых заказ нельзя выполнить. Данные хранятся на серверах в России.",
      "Вы можете отозвать согласие на обработку данных, написав на zakaz@ottisk.ru. Мы удалим данные в течение 30 дней, если закон не требует хранить их дольше.",
      "Редакция от 1 сентября 2025 года.",
    ],
  },
  cookies: {
    file: "politika-cookie.pdf",
    title: "Политика использования файлов cookie",
    paragraphs: [
      "Сайт типографии «Оттиск» использует файлы cookie — небольшие файлы, которые браузер хранит на вашем устройстве.",
      "Обязательные cookie запоминают вход в личный кабинет, выбранный город и содержимое корзины. Без них сайт не сможет принять заказ.",
      "Аналитические cookie помогают понять, какие страницы полезны, а какие нужно улучшить. Данные собираются обезличенно.",
      "Вы можете удалить cookie или запретить их в настройках браузера; часть функций сайта тогда перестанет работать.",
      "Продолжая пользоваться сайтом, вы соглашаетесь с использованием cookie. Вопросы направляйте на zakaz@ottisk.ru.",
    ],
  },
  requisites: {
    file: "rekvizity-ottisk.pdf",
    title: "Карточка предприятия ООО «Оттиск»",
    paragraphs: [
      `Полное наименование: ${SHOP_REQUISITES.fullName}.`,
      `ИНН ${SHOP_REQUISITES.inn}, КПП ${SHOP_REQUISITES.kpp}, ОГРН ${SHOP_REQUISITES.ogrn}.`,
      `Юридический адрес: ${SHOP_REQUISITES.address}.`,
      `Расчётный счёт ${SHOP_REQUISITES.settlementAccount} в ${SHOP_REQUISITES.bankName} (${SHOP_REQUISITES.bankCity}), БИК ${SHOP_REQUISITES.bik}, к/с ${SHOP_REQUISITES.correspondentAccount}.`,
      `Генеральный директор: ${SHOP_REQUISITES.directorFull}, действует на основании устава.`,
      "Телефон: +7 861 200-40-50, электронная почта: zakaz@ottisk.ru.",
    ],
  },
} satisfies Record<string, DemoDocument>;

const documentPath = (document: DemoDocument) => `${SITE_FOLDER}/${document.file}`;

const requireFromHere = createRequire(import.meta.url);

/** Words laid into lines no wider than `width` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A small A4 PDF with a heading and paragraphs, in DejaVu Sans so Russian text shows in any viewer. */
async function renderDocument(document: DemoDocument, fonts: { regular: Uint8Array; bold: Uint8Array }): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(document.title);
  pdf.setAuthor("ООО «Оттиск»");
  pdf.setLanguage("ru-RU");
  const regular = await pdf.embedFont(fonts.regular, { subset: true });
  const bold = await pdf.embedFont(fonts.bold, { subset: true });
  const [pageWidth, pageHeight] = [595.28, 841.89];
  const margin = 56;
  const width = pageWidth - margin * 2;
  const ink = rgb(0.11, 0.14, 0.2);

  let page: PDFPage = pdf.addPage([pageWidth, pageHeight]);
  let y = pageHeight - margin;
  const write = (text: string, font: PDFFont, size: number, gapAfter: number) => {
    for (const line of wrap(text, font, size, width)) {
      if (y < margin + size) {
        page = pdf.addPage([pageWidth, pageHeight]);
        y = pageHeight - margin;
      }
      y -= size * 1.35;
      page.drawText(line, { x: margin, y, size, font, color: ink });
    }
    y -= gapAfter;
  };
  write("Типография «Оттиск», Краснодар", regular, 10, 10);
  write(document.title, bold, 18, 14);
  for (const paragraph of document.paragraphs) write(paragraph, regular, 11, 8);
  return pdf.save();
}

interface DemoPicture {
  name: string;
  mockup: Mockup;
}

const picturePath = (name: string) => `${SITE_FOLDER}/${name}.svg`;

// ——— Components ———————————————————————————————————————————————————————————————————————

const p = (text: string): TextBlock => ({ type: "paragraph", text });
const h2 = (text: string): TextBlock => ({ type: "heading", level: 2, text });
const h3 = (text: string): TextBlock => ({ type: "heading", level: 3, text });
const ul = (...items: string[]): TextBlock => ({ type: "list", ordered: false, items });
const ol = (...items: string[]): TextBlock => ({ type: "list", ordered: true, items });
const note = (text: string): TextBlock => ({ type: "note", text });
/** The shipped city list (server/db/data/cities.csv) is CC BY-SA 4.0: credited on the about page. */
export const CITY_LIST_CREDIT: TextBlock = {
  type: "paragraph",
  text: "Список городов — HFLabs, CC BY-SA 4.0:",
  link: { label: "github.com/hflabs/city", href: "https://github.com/hflabs/city" },
};
const text = (...blocks: TextBlock[]): PageComponent => ({ key: "Text", content: { blocks } });
const checklist = (content: ChecklistContent): PageComponent => ({ key: "Checklist", content });
const vacancy = (content: VacancyContent): PageComponent => ({ key: "Vacancy", content });

const header: HeaderContent = {
  numberPhone: "+7 861 200-40-50",
  numberPhoneOption: "+7 918 200-40-50",
  numberPhoneOptionMessengers: ["whatsapp", "telegram"],
  email: "zakaz@ottisk.ru",
};

const footer: FooterContent = {
  infoCompany: [
    "ООО «Оттиск» — типография полного цикла в Краснодаре",
    `ИНН ${SHOP_REQUISITES.inn}, ОГРН ${SHOP_REQUISITES.ogrn}`,
    SHOP_REQUISITES.address,
    "© 2012–2026 «Оттиск». Все права защищены",
  ].join("\n"),
  addreses: [
    { address: "г. Краснодар, ул. Красная, 122 — офис и выдача заказов", operatingMode: "Пн–Пт 9:00–20:00, Сб 10:00–17:00, Вс — выходной" },
    { address: "г. Краснодар, ул. Северная, 405 — производство", operatingMode: "Пн–Пт 8:00–18:00" },
  ],
  social: [
    { network: "telegram", url: "https://t.me/ottisk_krd" },
    { network: "whatsapp", url: "https://wa.me/79182004050" },
    { network: "vkontakte", url: "https://vk.com/ottisk_krd" },
  ],
  files: [
    { name: "Политика конфиденциальности.pdf", url: fileReference(documentPath(documents.privacy)) },
    { name: "Политика использования cookie.pdf", url: fileReference(documentPath(documents.cookies)) },
    { name: "Карточка предприятия ООО «Оттиск».pdf", url: fileReference(documentPath(documents.requisites)) },
  ],
};

/** The popup as the shop keeps it (see pages.mapper.ts): active, no dates. */
const popup = {
  active: true,
  title: "Визитки со скидкой 15 %",
  description: "До конца месяца — скидка 15 % на стандартные визитки 90×50 при заказе от 500 штук. Готовы через 2 рабочих дня.",
  file: { url: fileReference(picturePath("popup-vizitki")) },
  urlButton: "/catalog/vizitki",
  textButton: "Выбрать визитки",
  showFrom: null,
  showUntil: null,
};

// ——— Pages ————————————————————————————————————————————————————————————————————————————

interface DemoPage {
  slug: string;
  kind: PageKind;
  name: string;
  summary: string;
  components: PageComponent[];
  createdAt: string;
  cover?: DemoPicture;
  sortOrder?: number;
  showInMenu?: boolean;
  published?: boolean;
  seoTitle?: string;
  seoKeywords?: string;
  children?: DemoPage[];
}

/** When the site went live: pages without a date of their own were made then. */
const SITE_LAUNCH = "2025-09-01T09:00:00+03:00";

/**
 * The keywords of the pages that do not carry their own `seoKeywords` (the sections, services,
 * instructions, vacancies and the shop's own pages), so that every page's head has them (spec §2).
 */
const PAGE_KEYWORDS: Readonly<Record<string, string>> = {
  "blog/novinki-2026": "новинки типографии, новые материалы для печати, оттиск",
  "uslugi/dizayn-maketa": "дизайн макета, разработка макета, дизайн визиток, дизайн листовок",
  "uslugi/srochnaya-pechat": "срочная печать, печать за 24 часа, срочные визитки, цифровая печать",
  "uslugi/proverka-maketa": "проверка макета, предпечатная подготовка, проверка pdf",
  "uslugi/postpechatnaya-obrabotka": "постпечатная обработка, тиснение фольгой, вырубка, ламинация",
  "instrukcii/vylety-pod-obrez": "вылеты под обрез, поля под обрез, bleed, макет для печати",
  "instrukcii/cvetovaya-model-cmyk": "cmyk, цветовая модель, перевод rgb в cmyk, макет для печати",
  "instrukcii/shrifty-v-krivye": "шрифты в кривые, перевод текста в кривые, макет для печати",
  "instrukcii/razreshenie-300-ppi": "разрешение 300 ppi, разрешение изображений для печати, dpi",
  "instrukcii/sohranenie-pdf": "сохранение pdf для печати, pdf/x, экспорт макета в pdf",
  "vakansii/operator-cifrovoy-pechati": "вакансия оператор цифровой печати, работа в типографии краснодар",
  "vakansii/dizayner-verstalshchik": "вакансия дизайнер-верстальщик, работа дизайнером краснодар",
  "vakansii/menedzher-po-rabote-s-klientami": "вакансия менеджер по работе с клиентами, работа в типографии",
  catalog: "каталог типографии, печатная продукция, визитки, листовки, баннеры",
  uslugi: "услуги типографии, дизайн макета, срочная печать, постпечатная обработка",
  blog: "блог типографии, советы по печати, подготовка макета",
  instrukcii: "инструкции по подготовке макета, требования к макету, макет для печати",
  vakansii: "вакансии типографии, работа в типографии краснодар, оттиск",
  "o-kompanii": "типография оттиск, о компании, типография краснодар, доставка по россии",
  "dostavka-i-oplata": "доставка полиграфии, оплата заказа, самовывоз, доставка по россии",
  kontakty: "контакты типографии, типография краснодар адрес, телефон типографии",
  "politika-konfidencialnosti": "политика конфиденциальности, персональные данные, оттиск",
};

const blogPosts: DemoPage[] = [
  {
    slug: "blog/kak-podgotovit-maket-k-pechati",
    kind: "blog",
    name: "Как подготовить макет к печати: 7 шагов без ошибок",
    summary: "Вылеты, CMYK, шрифты в кривых и 300 ppi — короткий чек-лист, после которого макет проходит проверку с первого раза.",
    createdAt: "2025-10-14T10:00:00+03:00",
    cover: { name: "blog-kak-podgotovit-maket", mockup: { kind: "flyer", palette: palettes.sky, caption: "Макет без ошибок", subcaption: "7 шагов к печати" } },
    seoKeywords: "подготовка макета, макет для печати, требования к макету",
    components: [
      text(
        p("Большинство задержек в типографии случаются не из-за печати, а из-за макета. Автоматическая проверка на сайте находит ошибки за минуту, но проще не допускать их вовсе."),
        ol(
          "Сделайте вылеты по 2 мм с каждой стороны и держите важное в 3 мм от линии реза.",
          "Переведите документ в CMYK: RGB-цвета при печати тускнеют.",
          "Уберите пантоны и лишние плашки, если не заказывали печать дополнительными красками.",
          "Переведите шрифты в кривые.",
          "Проверьте разрешение картинок — 300 ppi в масштабе 1:1.",
          "Сохраните PDF без слоёв и встроенных ICC-профилей.",
          "Проверьте размер страницы: он должен совпадать с форматом изделия плюс вылеты.",
        ),
        note("Загрузите макет в корзине — проверка покажет ошибки с кодами и подскажет, как их исправить."),
        p("Подробные инструкции по каждому шагу — в разделе «Инструкции»."),
      ),
    ],
  },
  {
    slug: "blog/kakuyu-bumagu-vybrat-dlya-vizitok",
    kind: "blog",
    name: "Какую бумагу выбрать для визиток",
    summary: "Мелованный картон, дизайнерская бумага или софт-тач: чем они отличаются и какая визитка подойдёт именно вам.",
    createdAt: "2025-11-20T12:30:00+03:00",
    cover: { name: "blog-bumaga-dlya-vizitok", mockup: { kind: "business-cards", palette: palettes.navy, caption: "Бумага для визиток" } },
    seoKeywords: "бумага для визиток, картон для визиток, дизайнерские визитки",
    components: [
      text(
        p("Визитка — первое, что остаётся у клиента после встречи. Плотность и фактура бумаги говорят о компании не меньше, чем логотип."),
        h2("Мелованный картон 300 г/м²"),
        p("Самый популярный вариант: яркие цвета, чёткий текст, доступная цена. С матовой ламинацией визитка служит дольше и не мнётся в кошельке."),
        h2("Дизайнерская бумага"),
        p("Лён, верже, хлопок — фактуру чувствуешь пальцами. Подходит для студий, юристов и всех, кому важна солидность."),
        h2("Софт-тач"),
        p("Бархатистое покрытие, приятное на ощупь. Хорошо сочетается с тиснением фольгой и выборочным лаком."),
        note("Не уверены в выборе — приезжайте в офис на Красной, 122: покажем образцы всех бумаг."),
      ),
    ],
  },
  {
    slug: "blog/buklet-ili-listovka",
    kind: "blog",
    name: "Буклет или листовка: что выбрать для рекламы",
    summary: "Листовка хороша для раздачи и акций, буклеты — когда нужно рассказать о продукте подробно. Разбираемся на примерах.",
    createdAt: "2025-12-18T15:00:00+03:00",
    cover: { name: "blog-buklet-ili-listovka", mockup: { kind: "trifold", palette: palettes.berry, caption: "Буклет или листовка?" } },
    seoKeywords: "буклеты, листовки, печать буклетов, евробуклет",
    components: [
      text(
        p("Листовка — один лист с одним сообщением: акция, открытие, приглашение. Её читают за три секунды, поэтому текста должно быть мало."),
        p("Буклеты складываются фальцами в две-три колонки и вмещают в шесть раз больше информации: прайс, описание услуг, схему проезда."),
        h2("Когда выбирать буклеты"),
        ul(
          "Клиенту нужно время, чтобы принять решение: медицина, недвижимость, обучение.",
          "Нужно показать несколько продуктов или тарифов.",
          "Буклет будут брать со стойки в офисе или на выставке.",
        ),
        h2("Когда хватит листовки"),
        ul("Раздача на улице и в торговых центрах.", "Короткая акция со сроком.", "Вложение в заказ или в почтовый ящик."),
        note("Евробуклеты A4 с двумя фальцами мы печатаем от 4 рабочих дней, листовки — от 2."),
      ),
    ],
  },
  {
    slug: "blog/cmyk-i-rgb",
    kind: "blog",
    name: "Почему на печати цвета не такие, как на экране",
    summary: "Экран светит в RGB, а типография печатает в CMYK. Объясняем, куда пропадает яркость и как этого избежать.",
    createdAt: "2026-01-27T11:00:00+03:00",
    cover: { name: "blog-cmyk-i-rgb", mockup: { kind: "catalogue", palette: palettes.violet, caption: "CMYK и RGB", subcaption: "Цвет на печати" } },
    seoKeywords: "cmyk, rgb, цвета при печати, цветопроба",
    components: [
      text(
        p("Монитор смешивает свет трёх цветов, а печатная машина — четыре краски: голубую, пурпурную, жёлтую и чёрную. Часть ярких экранных цветов красками не воспроизвести."),
        h2("Что делать"),
        ul(
          "Сразу работайте в CMYK-документе.",
          "Не превышайте суммарное покрытие красок 300 %.",
          "Для фирменного цвета закажите цветопробу.",
        ),
        p("Автоматическая проверка макета отклоняет RGB-цвета (код 2078) и слишком плотную заливку (код 4731)."),
      ),
    ],
  },
  {
    slug: "blog/bannery-zimoy",
    kind: "blog",
    name: "Баннер на фасад зимой: что важно знать",
    summary: "Морозостойкая ткань, люверсы через 30 см и правильный монтаж — чтобы баннер пережил зиму и ветер.",
    createdAt: "2026-02-24T09:30:00+03:00",
    cover: { name: "blog-bannery-zimoy", mockup: { kind: "banner", palette: palettes.mint, caption: "Баннер зимой", subcaption: "Морозостойкий ПВХ" } },
    seoKeywords: "баннер на фасад, баннер зимой, широкоформатная печать",
    components: [
      text(
        p("Зимой обычный баннер дубеет и может треснуть при монтаже. Для улицы мы печатаем на литой ПВХ-ткани 440 г/м², которая выдерживает до −40 °C."),
        ul("Проклейка краёв и люверсы каждые 30 см.", "Для больших фасадов — сетка: она пропускает ветер.", "Монтаж лучше вести при температуре выше −15 °C."),
      ),
    ],
  },
  {
    slug: "blog/novinki-2026",
    kind: "blog",
    name: "Новинки 2026 года: черновик",
    summary: "Черновик статьи о новых материалах; не опубликован.",
    createdAt: "2026-03-10T10:00:00+03:00",
    published: false,
    components: [text(p("Черновик: софт-тач с выборочным лаком, крафт-картон для визиток, прозрачные наклейки с белой подложкой."))],
  },
];

const services: DemoPage[] = [
  {
    slug: "uslugi/dizayn-maketa",
    kind: "service",
    name: "Дизайн макета",
    summary: "Разработаем визитку, листовку, буклет или баннер с нуля или доработаем ваш макет под требования печати.",
    createdAt: SITE_LAUNCH,
    sortOrder: 10,
    cover: { name: "usluga-dizayn", mockup: { kind: "postcard", palette: palettes.coral, caption: "Дизайн макета" } },
    components: [
      { key: "Service", content: { priceFrom: 1500, priceUnit: "за макет", productionTime: "от 1 рабочего дня", features: ["Два варианта на выбор", "Три круга правок", "Исходники в подарок", "Макет сразу готов к печати"], orderHref: "/kontakty" } },
      text(p("Дизайнеры «Оттиска» знают требования печати, поэтому макет не придётся переделывать. Пришлите логотип, тексты и пожелания — первый вариант покажем на следующий день.")),
    ],
  },
  {
    slug: "uslugi/srochnaya-pechat",
    kind: "service",
    name: "Срочная печать за 24 часа",
    summary: "Визитки, листовки и наклейки за один рабочий день — для тех, кому нужно вчера.",
    createdAt: SITE_LAUNCH,
    sortOrder: 20,
    cover: { name: "usluga-srochno", mockup: { kind: "flyer", palette: palettes.berry, caption: "Срочно за 24 часа", subcaption: "Цифровая печать" } },
    components: [
      { key: "Service", content: { priceFrom: null, priceUnit: "наценка 30 % к цене тиража", productionTime: "1 рабочий день", features: ["Цифровая печать", "Заказ до 12:00 — готов завтра к 12:00", "Доставка курьером по Краснодару"], orderHref: "/catalog" } },
      text(p("Срочность выбирается в корзине: срок и цена пересчитываются сразу. Срочно можно напечатать не всё — у каждого товара это указано.")),
    ],
  },
  {
    slug: "uslugi/proverka-maketa",
    kind: "service",
    name: "Проверка и допечатная подготовка",
    summary: "Проверим макет на вылеты, цвет, шрифты и разрешение и исправим ошибки за вас.",
    createdAt: SITE_LAUNCH,
    sortOrder: 30,
    cover: { name: "usluga-proverka", mockup: { kind: "catalogue", palette: palettes.sky, caption: "Проверка макета" } },
    components: [
      { key: "Service", content: { priceFrom: 0, priceUnit: "автоматическая проверка", productionTime: "1–2 минуты", features: ["Автоматическая проверка при загрузке", "Ручная доработка препресс-инженером — от 500 ₽", "Отчёт с кодами ошибок"], orderHref: "/instrukcii" } },
    ],
  },
  {
    slug: "uslugi/postpechatnaya-obrabotka",
    kind: "service",
    name: "Постпечатная обработка",
    summary: "Ламинация, тиснение фольгой, скругление углов, вырубка по контуру и переплёт.",
    createdAt: SITE_LAUNCH,
    sortOrder: 40,
    cover: { name: "usluga-postpechat", mockup: { kind: "stickers", palette: palettes.violet, caption: "Отделка", subcaption: "Тиснение и вырубка" } },
    components: [
      { key: "Service", content: { priceFrom: 300, priceUnit: "за тираж", productionTime: "+1–3 рабочих дня к печати", features: ["Матовая и глянцевая ламинация", "Тиснение золотой и серебряной фольгой", "Плоттерная вырубка наклеек", "Переплёт на пружину и скобу"], orderHref: "/catalog" } },
    ],
  },
];

const instructionItems = {
  vylety: [
    { title: "Размер страницы", text: "Формат изделия плюс 2 мм вылетов с каждой стороны: визитка 90×50 — документ 94×54 мм.", preflightCode: 1198 },
    { title: "Безопасная зона", text: "Тексты и логотипы — не ближе 3 мм к линии реза.", preflightCode: null },
  ],
  cmyk: [
    { title: "Цветовая модель CMYK", text: "Все объекты в CMYK, без RGB и Lab.", preflightCode: 2078 },
    { title: "Без дополнительных красок", text: "Пантоны переведите в CMYK, если не заказывали их отдельно.", preflightCode: 3159 },
    { title: "Суммарное покрытие", text: "Не больше 300 % в самых тёмных местах.", preflightCode: 4731 },
  ],
  shrifty: [{ title: "Шрифты в кривых", text: "Переведите весь текст в кривые (контуры) перед экспортом в PDF.", preflightCode: 4752 }],
  razreshenie: [
    { title: "300 ppi", text: "Растровые изображения — 300 ppi в масштабе 1:1; для баннеров достаточно 100–150 ppi.", preflightCode: 4781 },
    { title: "Без сжатия с потерями", text: "Сохраняйте картинки без JPEG-сжатия.", preflightCode: 2088 },
  ],
  pdf: [
    { title: "PDF/X-1a (PDF 1.3)", text: "Экспортируйте в PDF версии 1.3.", preflightCode: 1120 },
    { title: "Количество страниц", text: "Столько страниц, сколько сторон у изделия.", preflightCode: 1163 },
    { title: "Без ICC-профиля", text: "Не встраивайте цветовые профили.", preflightCode: 3171 },
    { title: "Без слоёв", text: "Сведите слои перед сохранением.", preflightCode: 3244 },
  ],
} satisfies Record<string, ChecklistContent["items"]>;

const instructions: DemoPage[] = [
  {
    slug: "instrukcii/vylety-pod-obrez",
    kind: "instruction",
    name: "Вылеты под обрез",
    summary: "Зачем нужны вылеты 2 мм и безопасная зона 3 мм и как их настроить.",
    createdAt: SITE_LAUNCH,
    sortOrder: 10,
    components: [
      text(
        p("Нож режет стопу листов с точностью до миллиметра. Чтобы по краю не осталось белой полосы, фон выводят за линию реза — это и есть вылеты."),
        h3("Как настроить"),
        ul("Illustrator: Файл → Параметры документа → Выпуск за обрез 2 мм.", "InDesign: Файл → Параметры документа → Выпуск за обрез.", "CorelDRAW: Макет → Параметры страницы → Выпуск за обрез."),
      ),
      checklist({ title: "Проверка найдёт", items: instructionItems.vylety }),
    ],
  },
  {
    slug: "instrukcii/cvetovaya-model-cmyk",
    kind: "instruction",
    name: "Цветовая модель CMYK",
    summary: "Почему макет должен быть в CMYK, что делать с пантонами и как не перелить краску.",
    createdAt: SITE_LAUNCH,
    sortOrder: 20,
    components: [
      text(p("Печатная машина работает четырьмя красками. Всё, что в макете задано в RGB, будет пересчитано автоматически и может заметно потерять яркость.")),
      checklist({ title: "Проверка найдёт", items: instructionItems.cmyk }),
    ],
  },
  {
    slug: "instrukcii/shrifty-v-krivye",
    kind: "instruction",
    name: "Шрифты в кривые",
    summary: "Как перевести шрифты в кривые в Illustrator, CorelDRAW и InDesign.",
    createdAt: SITE_LAUNCH,
    sortOrder: 30,
    components: [
      text(
        p("Если шрифта нет у типографии, программа подставит другой — и вёрстка поплывёт. Кривые сохраняют начертание букв в точности."),
        ul("Illustrator: выделите всё → Текст → Преобразовать в кривые (Shift+Ctrl+O).", "CorelDRAW: выделите всё → Объект → Преобразовать в кривые (Ctrl+Q).", "InDesign: при экспорте в PDF шрифты встраиваются; для полной надёжности — Текст → Создать контуры."),
      ),
      checklist({ title: "Проверка найдёт", items: instructionItems.shrifty }),
    ],
  },
  {
    slug: "instrukcii/razreshenie-300-ppi",
    kind: "instruction",
    name: "Разрешение изображений 300 ppi",
    summary: "Какое разрешение нужно для печати и почему картинку из интернета не спасёт увеличение.",
    createdAt: SITE_LAUNCH,
    sortOrder: 40,
    components: [
      text(p("Для печати на бумаге нужно 300 пикселей на дюйм в масштабе 1:1. Картинка 72 ppi с сайта на листовке будет размытой, а увеличение в редакторе не добавит деталей.")),
      checklist({ title: "Проверка найдёт", items: instructionItems.razreshenie }),
    ],
  },
  {
    slug: "instrukcii/sohranenie-pdf",
    kind: "instruction",
    name: "Как сохранить PDF для печати",
    summary: "PDF 1.3, без слоёв и ICC-профилей, с нужным числом страниц.",
    createdAt: SITE_LAUNCH,
    sortOrder: 50,
    components: [
      text(p("Сохраняйте макет в PDF/X-1a: этот стандарт сам требует CMYK, встроенные шрифты и версию PDF 1.3.")),
      checklist({ title: "Проверка найдёт", items: instructionItems.pdf }),
    ],
  },
];

const vacancies: DemoPage[] = [
  {
    slug: "vakansii/operator-cifrovoy-pechati",
    kind: "vacancy",
    name: "Оператор цифровой печатной машины",
    summary: "Печать тиражей на Konica Minolta и Xerox, контроль цвета, подготовка к постпечатной обработке.",
    createdAt: SITE_LAUNCH,
    sortOrder: 10,
    components: [
      vacancy({
        salaryFrom: 55000,
        salaryTo: 75000,
        employment: "shift",
        schedule: "2/2 по 12 часов, 8:00–20:00",
        experience: "от 1 года",
        duties: ["Печать тиражей на цифровых машинах", "Калибровка и контроль цвета", "Приёмка бумаги и расходников"],
        requirements: ["Опыт работы с цифровыми печатными машинами", "Внимательность к цвету", "Аккуратность"],
        conditions: ["Оформление по ТК РФ", "Обучение за счёт компании", "Производство на ул. Северной, 405"],
        contactEmail: "hr@ottisk.ru",
      }),
    ],
  },
  {
    slug: "vakansii/dizayner-verstalshchik",
    kind: "vacancy",
    name: "Дизайнер-верстальщик",
    summary: "Макеты визиток, листовок и каталогов для клиентов, допечатная подготовка файлов.",
    createdAt: SITE_LAUNCH,
    sortOrder: 20,
    components: [
      vacancy({
        salaryFrom: 60000,
        salaryTo: 90000,
        employment: "full",
        schedule: "5/2, 9:00–18:00, возможна частичная удалёнка",
        experience: "от 2 лет",
        duties: ["Дизайн и вёрстка полиграфии", "Допечатная подготовка макетов клиентов", "Общение с клиентами по правкам"],
        requirements: ["Illustrator, InDesign, Photoshop, CorelDRAW", "Знание требований офсетной и цифровой печати", "Портфолио"],
        conditions: ["Оформление по ТК РФ", "Современный Mac", "Офис в центре Краснодара"],
        contactEmail: "hr@ottisk.ru",
      }),
    ],
  },
  {
    slug: "vakansii/menedzher-po-rabote-s-klientami",
    kind: "vacancy",
    name: "Менеджер по работе с клиентами",
    summary: "Приём заказов, расчёт стоимости, сопровождение заказа от макета до выдачи.",
    createdAt: SITE_LAUNCH,
    sortOrder: 30,
    components: [
      vacancy({
        salaryFrom: 50000,
        salaryTo: null,
        employment: "full",
        schedule: "5/2, 9:00–18:00",
        experience: "не обязателен",
        duties: ["Консультации по телефону и в мессенджерах", "Расчёт и оформление заказов", "Работа с корпоративными клиентами"],
        requirements: ["Грамотная речь", "Уверенный пользователь ПК", "Желание разобраться в полиграфии"],
        conditions: ["Оклад и процент с продаж", "Обучение", "Офис на ул. Красной, 122"],
        contactEmail: "hr@ottisk.ru",
      }),
    ],
  },
];

const pages: DemoPage[] = [
  {
    slug: "",
    kind: "main",
    name: "Главная",
    summary: "Типография «Оттиск» в Краснодаре: визитки, листовки, каталоги, баннеры и наклейки с доставкой по России.",
    createdAt: SITE_LAUNCH,
    sortOrder: 0,
    showInMenu: true,
    seoTitle: "Типография «Оттиск» в Краснодаре — печать визиток, листовок, баннеров",
    seoKeywords: "типография краснодар, печать визиток, полиграфия, оттиск",
    cover: { name: "main-banner", mockup: { kind: "banner", palette: palettes.navy, caption: "Типография «Оттиск»", subcaption: "Печать от 1 рабочего дня" } },
    components: [
      {
        key: "Banner",
        content: {
          title: "Печатаем быстро и без сюрпризов",
          subtitle: "Визитки, листовки, каталоги, баннеры и наклейки от 1 рабочего дня. Макет проверим автоматически при загрузке.",
          imageUrl: fileReference(picturePath("main-banner")),
          link: { label: "Перейти в каталог", href: "/catalog" },
        },
      },
      { key: "ProductCategories", content: { title: "Что мы печатаем", categorySlugs: ["vizitki", "listovki", "katalogi", "bannery", "nakleyki"] } },
      text(
        h2("Типография полного цикла в Краснодаре"),
        p("С 2012 года печатаем для малого бизнеса и крупных компаний: от ста визиток до тиражей каталогов в десятки тысяч экземпляров. Своё производство на Северной, офис выдачи на Красной, доставка по всей России."),
      ),
      { key: "BlogTeasers", content: { title: "Полезное в блоге", limit: 3 } },
      { key: "Widget", content: { widget: "PrivacyPolicy", title: documents.privacy.title, file: { url: fileReference(documentPath(documents.privacy)) } } },
      { key: "Widget", content: { widget: "Cookies", title: documents.cookies.title, file: { url: fileReference(documentPath(documents.cookies)) } } },
    ],
  },
  {
    slug: "catalog",
    kind: "generic",
    name: "Каталог",
    summary: "Вся продукция типографии: визитки, листовки, каталоги и брошюры, баннеры, наклейки.",
    createdAt: SITE_LAUNCH,
    sortOrder: 10,
    showInMenu: true,
    components: [{ key: "ProductCategories", content: { title: "Каталог продукции", categorySlugs: [] } }],
  },
  {
    slug: "uslugi",
    kind: "service",
    name: "Услуги",
    summary: "Дизайн, срочная печать, проверка макетов и постпечатная обработка.",
    createdAt: SITE_LAUNCH,
    sortOrder: 20,
    showInMenu: true,
    components: [text(p("Кроме печати, мы помогаем с макетом и отделкой тиража. Выберите услугу, чтобы узнать сроки и цены."))],
    children: services,
  },
  {
    slug: "blog",
    kind: "blog",
    name: "Блог",
    summary: "Статьи о подготовке макетов, выборе бумаги и рекламной полиграфии.",
    createdAt: SITE_LAUNCH,
    sortOrder: 30,
    showInMenu: true,
    components: [],
    children: blogPosts,
  },
  {
    slug: "instrukcii",
    kind: "instruction",
    name: "Инструкции",
    summary: "Как подготовить макет к печати: вылеты, CMYK, шрифты в кривых, 300 ppi и сохранение PDF.",
    createdAt: SITE_LAUNCH,
    sortOrder: 40,
    showInMenu: true,
    components: [
      text(
        p("Каждый загруженный макет проходит автоматическую проверку. Если она нашла ошибку, в отчёте будет код — по нему легко найти нужную инструкцию."),
        note("Не получается исправить самостоятельно — закажите услугу «Проверка и допечатная подготовка»."),
      ),
    ],
    children: instructions,
  },
  {
    slug: "vakansii",
    kind: "vacancy",
    name: "Вакансии",
    summary: "Работа в типографии «Оттиск»: производство, дизайн, продажи.",
    createdAt: SITE_LAUNCH,
    sortOrder: 50,
    showInMenu: true,
    components: [text(p("Мы растём и ищем людей, которым нравится делать красивые и аккуратные вещи. Резюме присылайте на hr@ottisk.ru."))],
    children: vacancies,
  },
  {
    slug: "o-kompanii",
    kind: "generic",
    name: "О компании",
    summary: "«Оттиск» — типография полного цикла в Краснодаре с 2012 года.",
    createdAt: SITE_LAUNCH,
    sortOrder: 60,
    showInMenu: true,
    components: [
      text(
        p("«Оттиск» начинался с одной цифровой машины в подвале на Красной. Сегодня у нас собственное производство площадью 1200 м², офсетные и цифровые машины, широкоформатные принтеры и участок постпечатной обработки."),
        h2("В цифрах"),
        ul("Более 40 000 выполненных заказов.", "35 сотрудников.", "Доставка в 1 200 городов России."),
        CITY_LIST_CREDIT,
      ),
    ],
  },
  {
    slug: "dostavka-i-oplata",
    kind: "generic",
    name: "Доставка и оплата",
    summary: "Самовывоз в Краснодаре, курьер, СДЭК, Boxberry, DPD и Яндекс Доставка. Оплата картой, по счёту или с баланса.",
    createdAt: SITE_LAUNCH,
    sortOrder: 70,
    showInMenu: true,
    components: [
      text(
        h2("Доставка"),
        ul(
          "Самовывоз: ул. Красная, 122 и ул. Северная, 405 — бесплатно.",
          "Курьер по Краснодару — в день готовности заказа.",
          "СДЭК, Boxberry, DPD — в пункт выдачи или до двери по всей России.",
          "Междугородние автобусы — для соседних городов края.",
        ),
        h2("Оплата"),
        ul("Банковской картой онлайн (ЮKassa).", "По счёту для юридических лиц и ИП, с НДС.", "С внутреннего баланса аккаунта."),
      ),
    ],
  },
  {
    slug: "kontakty",
    kind: "contacts",
    name: "Контакты",
    summary: "Адреса, телефоны и часы работы типографии «Оттиск» в Краснодаре.",
    createdAt: SITE_LAUNCH,
    sortOrder: 80,
    showInMenu: true,
    components: [
      {
        key: "Contacts",
        content: {
          phones: [
            { label: "Отдел продаж", number: "+7 861 200-40-50" },
            { label: "WhatsApp и Telegram", number: "+7 918 200-40-50" },
            { label: "Производство", number: "+7 861 200-40-51" },
          ],
          email: "zakaz@ottisk.ru",
          addresses: [
            { title: "Офис и выдача заказов", address: "г. Краснодар, ул. Красная, 122", operatingMode: "Пн–Пт 9:00–20:00, Сб 10:00–17:00", geoLat: 45.0449, geoLon: 38.9767, note: "Вход со двора, парковка у здания" },
            { title: "Производство", address: "г. Краснодар, ул. Северная, 405", operatingMode: "Пн–Пт 8:00–18:00", geoLat: 45.0447, geoLon: 38.9921, note: "Выдача крупных тиражей и баннеров" },
          ],
          requisites: shopRequisitesText(),
        },
      },
    ],
  },
  {
    slug: "politika-konfidencialnosti",
    kind: "generic",
    name: "Политика конфиденциальности",
    summary: "Как типография «Оттиск» обрабатывает и защищает персональные данные покупателей.",
    createdAt: SITE_LAUNCH,
    sortOrder: 90,
    components: [
      text(...documents.privacy.paragraphs.map(p)),
      { key: "Files", content: { title: "Документы", files: [{ name: "Политика конфиденциальности.pdf", url: fileReference(documentPath(documents.privacy)) }] } },
    ],
  },
];

// ——— Writing ——————————————————————————————————————————————————————————————————————————

function pictures(list: readonly DemoPage[]): DemoPicture[] {
  return list.flatMap((page) => [...(page.cover ? [page.cover] : []), ...pictures(page.children ?? [])]);
}

/** Writes the site's PDFs and pictures to the public storage; rows are inserted only after their files are there. */
async function writeSiteFiles(publicFiles: FileStorage): Promise<void> {
  const [regular, bold] = await Promise.all([
    readFile(requireFromHere.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf")),
    readFile(requireFromHere.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf")),
  ]);
  const fonts = { regular: new Uint8Array(regular), bold: new Uint8Array(bold) };
  const popupPicture: DemoPicture = { name: "popup-vizitki", mockup: { kind: "business-cards", palette: palettes.forest, caption: "Скидка 15 %" } };
  await Promise.all([
    ...Object.values(documents).map(async (document) => publicFiles.put(documentPath(document), await renderDocument(document, fonts), "application/pdf")),
    ...[...pictures(pages), popupPicture].map((picture) =>
      publicFiles.put(picturePath(picture.name), new TextEncoder().encode(drawMockup(picture.mockup)), "image/svg+xml"),
    ),
  ]);
}

export interface SeedPagesResult {
  pages: number;
  blocks: number;
}

/**
 * Fills an empty website with the demo pages and adds any missing Header, Footer or Popup block.
 * Does nothing when pages and all three blocks exist, so it is safe on every start.
 */
export async function seedDemoPages(db: Database, publicFiles: FileStorage): Promise<SeedPagesResult> {
  const [existing] = await db.select({ pages: count() }).from(websitePage);
  const blockRows = await db.select({ key: websiteBlock.key }).from(websiteBlock);
  const blocks: { key: string; content: Record<string, unknown> }[] = [
    { key: websiteBlockKeys.header, content: { ...header } },
    { key: websiteBlockKeys.footer, content: { ...footer } },
    { key: websiteBlockKeys.popup, content: { ...popup } },
  ];
  const missingBlocks = blocks.filter((block) => !blockRows.some((row) => row.key === block.key));
  const needPages = (existing?.pages ?? 0) === 0;
  if (!needPages && missingBlocks.length === 0) return { pages: 0, blocks: 0 };

  await writeSiteFiles(publicFiles);

  let inserted = 0;
  await db.transaction(async (tx) => {
    if (missingBlocks.length > 0) await tx.insert(websiteBlock).values(missingBlocks).onConflictDoNothing();
    if (!needPages) return;
    const insertTree = async (list: readonly DemoPage[], parentId: number | null): Promise<void> => {
      for (const [index, demo] of list.entries()) {
        const [row] = await tx
          .insert(websitePage)
          .values({
            slug: demo.slug,
            kind: demo.kind,
            parentId,
            name: demo.name,
            summary: demo.summary,
            bodyText: pagePlainText(demo.components),
            components: demo.components,
            padBannerPath: demo.cover ? picturePath(demo.cover.name) : null,
            sortOrder: demo.sortOrder ?? (index + 1) * 10,
            showInMenu: demo.showInMenu ?? false,
            published: demo.published ?? true,
            seoName: demo.name,
            seoTitle: demo.seoTitle ?? "",
            seoDescription: demo.summary,
            seoKeywords: demo.seoKeywords ?? PAGE_KEYWORDS[demo.slug] ?? "",
            createdAt: new Date(demo.createdAt),
            updatedAt: new Date(demo.createdAt),
          })
          .returning({ id: websitePage.id });
        if (!row) throw new Error(`The demo page '${demo.slug}' was not saved`);
        inserted += 1;
        await insertTree(demo.children ?? [], row.id);
      }
    };
    await insertTree(pages, null);
  });
  return { pages: inserted, blocks: missingBlocks.length };
}
