import { count } from "drizzle-orm";
import type { FileStorage } from "../services/file-storage";
import type { Database } from "./client";
import { seedGeography } from "./geo-seed";
import { seedBundledCities } from "./seed-cities";
import { seedDemoAccounts } from "./seed-accounts";
import { seedDemoBalance } from "./seed-orders";
import { seedDemoPages } from "./seed-pages";
import { seedDemoPromocodes } from "./seed-cart";
import { demoPricingColumns, seedCatalogOptions } from "./seed-catalog-options";
import { product, productCategory } from "./schema";
import type { NewProductCategoryRow, NewProductRow } from "./schema";
import { drawMockup } from "./seed-photos";
import type { Mockup, MockupPalette } from "./seed-photos";
import { rekeyProductNames } from "./product-sort-keys";
import { productNameSortKey } from "./sort-key";

/*
 * The demo catalogue a fresh install starts with, so the storefront has something to show. The
 * names are chosen to exercise the А–Я sort: one starts with Ё, one with Latin, one with a digit
 * (a lowercase first letter is sort-key.test.ts's case: a shop's names start with a capital, as a
 * shopper reads them). Two products have no photo, to show the card's placeholder.
 */

/** Where the seed's pictures go in the public storage; the database keeps their keys (paths under /files/). */
const PHOTO_FOLDER = "catalog";

interface DemoCategory {
  slug: string;
  name: string;
  description: string;
  seoKeywords: string;
  cover: Mockup;
}

interface DemoProduct {
  categorySlug: string;
  slug: string;
  name: string;
  description: string;
  /** The «от» price is not here: seed-catalog-options.ts computes it from the tiers (smallest run, default options). */
  discountPct: number;
  productionTimeDay: number;
  timesOrdered: number;
  seoKeywords: string;
  photos: Mockup[];
}

const palettes = {
  navy: { main: "#23306b", accent: "#f2a93b", ink: "#1d2333", backdrop: "#e7ebf5" },
  graphite: { main: "#2f3340", accent: "#c8a35a", ink: "#1f2229", backdrop: "#ecebe7" },
  gold: { main: "#5b2333", accent: "#d4af37", ink: "#2a1a1f", backdrop: "#f3ece4" },
  mint: { main: "#0f766e", accent: "#fbbf24", ink: "#15302d", backdrop: "#e3f3ef" },
  coral: { main: "#e4572e", accent: "#2e86ab", ink: "#2b2b2b", backdrop: "#fbe9e2" },
  violet: { main: "#5b3cc4", accent: "#22c1c3", ink: "#241c44", backdrop: "#ece8fb" },
  forest: { main: "#1f5132", accent: "#7fbf5a", ink: "#17261c", backdrop: "#e6efe6" },
  sky: { main: "#1565c0", accent: "#ffb300", ink: "#14243d", backdrop: "#e3eefb" },
  berry: { main: "#a4134d", accent: "#ffcf56", ink: "#3a0f22", backdrop: "#f8e6ee" },
  sunny: { main: "#f59e0b", accent: "#dc2626", ink: "#332200", backdrop: "#fdf3dc" },
  ocean: { main: "#0e7490", accent: "#f97316", ink: "#10303a", backdrop: "#e0f2f6" },
  plum: { main: "#6d28d9", accent: "#f472b6", ink: "#2e1065", backdrop: "#f1e9fd" },
} satisfies Record<string, MockupPalette>;

const categories: DemoCategory[] = [
  {
    slug: "vizitki",
    name: "Визитки",
    description: "Стандартные, евро, дизайнерские и пластиковые визитки: офсет и цифра, ламинация, тиснение фольгой, скругление углов.",
    seoKeywords: "визитки, печать визиток, заказать визитки, визитки недорого",
    cover: { kind: "business-cards", palette: palettes.navy, caption: "Визитки на любой вкус" },
  },
  {
    slug: "listovki",
    name: "Листовки и флаеры",
    description: "Листовки, флаеры и открытки для акций, мероприятий и праздников.",
    seoKeywords: "листовки, флаеры, печать листовок, открытки",
    cover: { kind: "flyer", palette: palettes.coral, caption: "Листовки и флаеры", subcaption: "Тиражи от 100 штук" },
  },
  {
    slug: "buklety",
    name: "Буклеты",
    description: "Буклеты с одним и двумя фальцами, буклеты на скрепке: биговка, фальцовка и ламинация.",
    seoKeywords: "буклеты, евробуклеты, печать буклетов, буклет с фальцовкой",
    cover: { kind: "trifold", palette: palettes.berry, caption: "Буклеты", subcaption: "С фальцовкой и биговкой" },
  },
  {
    slug: "katalogi",
    name: "Каталоги и брошюры",
    description: "Каталоги на скрепке и на клею, брошюры на пружине, меню для кафе и ресторанов.",
    seoKeywords: "каталоги, брошюры, печать каталогов, меню для ресторана",
    cover: { kind: "catalogue", palette: palettes.violet, caption: "Каталоги продукции", subcaption: "Весна 2026" },
  },
  {
    slug: "plakaty",
    name: "Плакаты",
    description: "Афиши, плакаты и постеры от A3 до A0: на мелованной, фото- и дизайнерской бумаге.",
    seoKeywords: "плакаты, печать плакатов, афиши, постеры",
    cover: { kind: "poster", palette: palettes.sunny, caption: "Джазовый вечер", subcaption: "Филармония, 20 мая" },
  },
  {
    slug: "bannery",
    name: "Широкоформатная печать",
    description: "Баннеры из ПВХ-ткани и сетки, roll-up стенды для выставок, печать на холсте.",
    seoKeywords: "баннеры, широкоформатная печать, roll-up, баннер на фасад, печать на холсте",
    cover: { kind: "banner", palette: palettes.sky, caption: "Большая распродажа", subcaption: "Скидки до 50 %" },
  },
  {
    slug: "nakleyki",
    name: "Наклейки и этикетки",
    description: "Наклейки и этикетки на плёнке и бумаге, стикерпаки с контурной вырубкой, объёмные 3D-наклейки.",
    seoKeywords: "наклейки, стикеры, этикетки, печать наклеек",
    cover: { kind: "stickers", palette: palettes.plum, caption: "Стикеры с вырубкой", subcaption: "ottisk.ru" },
  },
  {
    slug: "kalendari",
    name: "Календари",
    description: "Квартальные, перекидные, настольные и карманные календари с логотипом компании.",
    seoKeywords: "календари, квартальные календари, календари с логотипом, печать календарей",
    cover: { kind: "wall-calendar", palette: palettes.forest, caption: "Календарь 2027", subcaption: "ООО «Кубань-Строй»" },
  },
];

const products: DemoProduct[] = [
  {
    categorySlug: "vizitki",
    slug: "standartnye-90x50",
    name: "Визитки стандартные 90×50",
    description:
      "Классические визитки 90×50 мм на мелованном картоне 300 г/м². Печать 4+4 или 4+0, по желанию — матовая или глянцевая ламинация. Тираж от 100 штук.",
    discountPct: 0,
    productionTimeDay: 2,
    timesOrdered: 1840,
    seoKeywords: "визитки 90х50, стандартные визитки, визитки на картоне",
    photos: [
      { kind: "business-cards", palette: palettes.navy, caption: "Менеджер по продажам" },
      { kind: "business-cards", palette: palettes.mint, caption: "Стандарт 90×50" },
    ],
  },
  {
    categorySlug: "vizitki",
    slug: "premium",
    name: "Визитки премиум на дизайнерской бумаге",
    description:
      "Визитки на фактурной дизайнерской бумаге 350 г/м²: лён, верже, «софт-тач». Для тех, кому важно первое впечатление.",
    discountPct: 10,
    productionTimeDay: 4,
    timesOrdered: 512,
    seoKeywords: "дизайнерские визитки, визитки премиум, фактурная бумага",
    photos: [{ kind: "business-cards", palette: palettes.graphite, caption: "Арт-директор" }],
  },
  {
    categorySlug: "vizitki",
    slug: "tisnenie-folgoy",
    name: "Визитки с тиснением фольгой",
    description: "Горячее тиснение золотой, серебряной или цветной фольгой на плотном картоне. Клише изготавливаем сами.",
    discountPct: 0,
    productionTimeDay: 7,
    timesOrdered: 203,
    seoKeywords: "тиснение фольгой, золотые визитки, визитки с тиснением",
    photos: [{ kind: "business-cards", palette: palettes.gold, caption: "Тиснение золотом" }],
  },
  {
    categorySlug: "vizitki",
    slug: "evro-85x55",
    name: "Евро-визитки 85×55",
    description: "Визитки европейского формата 85×55 мм: помещаются в стандартные визитницы и кошельки.",
    discountPct: 0,
    productionTimeDay: 2,
    timesOrdered: 330,
    seoKeywords: "евровизитки, визитки 85х55",
    photos: [{ kind: "business-cards", palette: palettes.ocean, caption: "Формат 85×55" }],
  },
  {
    categorySlug: "vizitki",
    slug: "plastikovye",
    name: "Пластиковые визитки",
    description: "Визитки и дисконтные карты из белого или прозрачного пластика 86×54 мм — как банковская карта. Магнитная полоса и нумерация по желанию.",
    discountPct: 0,
    productionTimeDay: 6,
    timesOrdered: 158,
    seoKeywords: "пластиковые визитки, пластиковые карты, дисконтные карты",
    photos: [{ kind: "business-cards", palette: palettes.sky, caption: "Клубная карта" }],
  },
  {
    categorySlug: "listovki",
    slug: "a5-melovannye",
    name: "Листовки A5 на мелованной бумаге",
    description:
      "Рекламные листовки формата A5 (148×210 мм) на мелованной бумаге 115–170 г/м², печать с одной или двух сторон. Срочно — за один день.",
    discountPct: 15,
    productionTimeDay: 3,
    timesOrdered: 960,
    seoKeywords: "листовки а5, печать листовок, рекламные листовки",
    photos: [
      { kind: "flyer", palette: palettes.coral, caption: "Весенняя распродажа", subcaption: "Только до 31 марта" },
      { kind: "flyer", palette: palettes.sky, caption: "Открытие магазина", subcaption: "Ждём вас 1 апреля" },
    ],
  },
  {
    categorySlug: "listovki",
    slug: "flaery-evroformat",
    name: "Флаеры 99×210 (евроформат)",
    description: "Узкие флаеры евроформата для раздачи на улице и вложения в конверты. Бумага 130–300 г/м².",
    discountPct: 0,
    productionTimeDay: 2,
    timesOrdered: 1210,
    seoKeywords: "флаеры, евроформат, флаеры 99х210",
    photos: [{ kind: "flyer", palette: palettes.sunny, caption: "Вечеринка в пятницу", subcaption: "Вход по флаеру — бесплатно" }],
  },
  {
    categorySlug: "listovki",
    slug: "elochnye-otkrytki",
    name: "Ёлочные открытки",
    description:
      "Новогодние открытки с ёлкой для клиентов и сотрудников: дизайнерский картон, конверт и персональная надпись внутри.",
    discountPct: 20,
    productionTimeDay: 5,
    timesOrdered: 145,
    seoKeywords: "новогодние открытки, корпоративные открытки, открытки с ёлкой",
    photos: [
      { kind: "postcard", palette: palettes.forest, caption: "С Новым годом!" },
      { kind: "postcard", palette: palettes.berry, caption: "С Рождеством!" },
    ],
  },
  {
    categorySlug: "listovki",
    slug: "a4-ofset",
    name: "Листовки A4 на офсетной бумаге",
    description: "Недорогие листовки A4 на офсетной бумаге 80 г/м² для почтовых ящиков, прайсов и инструкций: от 500 штук, в цвете или чёрно-белые.",
    discountPct: 0,
    productionTimeDay: 3,
    timesOrdered: 705,
    seoKeywords: "листовки а4, дешёвые листовки, листовки в почтовые ящики",
    photos: [{ kind: "flyer", palette: palettes.forest, caption: "Доставка воды", subcaption: "19 л — 250 ₽" }],
  },
  {
    categorySlug: "plakaty",
    slug: "afishi",
    name: "Афиши A3 и A2",
    description: "Афиши и плакаты для концертов, спектаклей и выставок. Печать на бумаге 150 г/м² или на фотобумаге.",
    discountPct: 0,
    productionTimeDay: 3,
    timesOrdered: 88,
    seoKeywords: "афиши, плакаты, печать афиш а2",
    photos: [],
  },
  {
    categorySlug: "plakaty",
    slug: "na-fotobumage",
    name: "Плакаты на фотобумаге",
    description: "Яркие плакаты A2–A0 на глянцевой или сатиновой фотобумаге: для витрин, выставок и интерьера. Накатка на пенокартон по желанию.",
    discountPct: 0,
    productionTimeDay: 2,
    timesOrdered: 236,
    seoKeywords: "плакаты на фотобумаге, печать плакатов а1, плакат а0",
    photos: [{ kind: "poster", palette: palettes.violet, caption: "Неделя моды", subcaption: "Экспоцентр, 5–9 июня" }],
  },
  {
    categorySlug: "plakaty",
    slug: "interernye-postery",
    name: "Постеры для интерьера",
    description: "Постеры на акварельной и хлопковой бумаге с музейной передачей цвета — для дома, кафе и офиса. Паспарту по желанию.",
    discountPct: 0,
    productionTimeDay: 4,
    timesOrdered: 98,
    seoKeywords: "постеры, интерьерные постеры, печать постеров",
    photos: [{ kind: "poster", palette: palettes.mint, caption: "Горы зовут", subcaption: "Домбай" }],
  },
  {
    categorySlug: "katalogi",
    slug: "na-skrepke",
    name: "Каталоги на скрепке",
    description:
      "Каталоги A4 или A5 на 16 полос на скобе, мелованная бумага 115–170 г/м², ламинация обложки по желанию. Подходят для прайс-листов и каталогов продукции; другой объём — по запросу.",
    discountPct: 0,
    productionTimeDay: 7,
    timesOrdered: 174,
    seoKeywords: "каталоги на скрепке, печать каталогов, каталог продукции",
    photos: [
      { kind: "catalogue", palette: palettes.violet, caption: "Каталог мебели", subcaption: "Коллекция 2026" },
      { kind: "catalogue", palette: palettes.mint, caption: "Каталог сада", subcaption: "Весна — лето" },
    ],
  },
  {
    categorySlug: "katalogi",
    slug: "broshyury-na-pruzhine",
    name: "Брошюры на пружине",
    description: "Брошюры, отчёты и методички A4 на 40 страниц на металлической пружине с прозрачной обложкой и картонной подложкой.",
    discountPct: 5,
    productionTimeDay: 6,
    timesOrdered: 96,
    seoKeywords: "брошюры на пружине, переплёт на пружину, методички",
    photos: [{ kind: "spiral-brochure", palette: palettes.ocean, caption: "Годовой отчёт", subcaption: "ООО «Кубань-Строй»" }],
  },
  {
    categorySlug: "katalogi",
    slug: "kleevoy-pereplet",
    name: "Каталоги с клеевым переплётом",
    description: "Каталоги A4 и A5 на 48 полос с клеевым бесшвейным переплётом (КБС): ровный корешок с названием, как у книги.",
    discountPct: 0,
    productionTimeDay: 10,
    timesOrdered: 64,
    seoKeywords: "каталог кбс, клеевой переплёт, печать каталогов на клею",
    photos: [
      { kind: "catalogue", palette: palettes.graphite, caption: "Каталог дверей", subcaption: "2026–2027" },
      { kind: "catalogue", palette: palettes.sky, caption: "Оборудование", subcaption: "Полный каталог" },
    ],
  },
  {
    categorySlug: "katalogi",
    slug: "menyu",
    name: "Меню для кафе и ресторанов",
    description: "Меню A4 на плотном картоне с толстой ламинацией: не боятся воды и жира, служат годами. Восемь полос, скругление углов по желанию.",
    discountPct: 0,
    productionTimeDay: 5,
    timesOrdered: 143,
    seoKeywords: "меню для ресторана, печать меню, меню для кафе",
    photos: [{ kind: "spiral-brochure", palette: palettes.gold, caption: "Меню", subcaption: "Ресторан «Кубань»" }],
  },
  {
    categorySlug: "buklety",
    slug: "buklety-dva-falca",
    name: "Буклеты с двумя фальцами",
    description: "Буклеты A4 с двумя фальцами (евробуклеты): три колонки с каждой стороны, бумага 130–170 г/м², биговка для плотной бумаги.",
    discountPct: 0,
    productionTimeDay: 4,
    timesOrdered: 410,
    seoKeywords: "буклеты, евробуклеты, буклет с двумя фальцами",
    photos: [{ kind: "trifold", palette: palettes.berry, caption: "Стоматология «Улыбка»", subcaption: "Запись: 200-40-50" }],
  },
  {
    categorySlug: "buklety",
    slug: "odin-falc",
    name: "Буклеты с одним фальцем",
    description: "Буклеты A4 или A3, сложенные пополам: четыре полосы для программы мероприятия, меню или презентации услуг.",
    discountPct: 0,
    productionTimeDay: 3,
    timesOrdered: 265,
    seoKeywords: "буклет с одним фальцем, буклет а4 пополам, печать буклетов",
    photos: [{ kind: "trifold", palette: palettes.ocean, caption: "Программа форума", subcaption: "Сочи, 2026" }],
  },
  {
    categorySlug: "buklety",
    slug: "a5-na-skrepke",
    name: "Буклеты на скрепке A5, 12 страниц",
    description: "Многостраничные буклеты A5 на двух скобах: обложка и восемь внутренних полос на мелованной бумаге 130–170 г/м².",
    discountPct: 0,
    productionTimeDay: 5,
    timesOrdered: 121,
    seoKeywords: "буклет на скрепке, брошюра а5, буклет 12 страниц",
    photos: [{ kind: "catalogue", palette: palettes.coral, caption: "Гид по музею", subcaption: "Залы 1–12" }],
  },
  {
    categorySlug: "bannery",
    slug: "pvh-440",
    name: "Баннер из ПВХ-ткани 440 г/м²",
    description:
      "Литой баннер из ПВХ-ткани плотностью 440 г/м² с проклейкой краёв и люверсами каждые 30 см. Цена за квадратный метр, тираж — в м².",
    discountPct: 0,
    productionTimeDay: 2,
    timesOrdered: 620,
    seoKeywords: "баннер пвх, печать баннеров, баннер с люверсами",
    photos: [
      { kind: "banner", palette: palettes.sky, caption: "Большая распродажа", subcaption: "Скидки до 50 % на всё" },
      { kind: "banner", palette: palettes.coral, caption: "Мы открылись!", subcaption: "ул. Красная, 1" },
    ],
  },
  {
    categorySlug: "bannery",
    slug: "roll-up-85x200",
    name: "Roll-up стенд 85×200",
    description: "Мобильный стенд roll-up 85×200 см с печатью и сумкой-чехлом. Собирается за минуту, служит годами.",
    discountPct: 12,
    productionTimeDay: 3,
    timesOrdered: 77,
    seoKeywords: "roll-up, ролл ап стенд, мобильный стенд",
    photos: [{ kind: "roll-up", palette: palettes.violet, caption: "Выставка Печать-2026", subcaption: "Стенд B-14" }],
  },
  {
    categorySlug: "bannery",
    slug: "setchatyy-fasad",
    name: "Сетчатый баннер для фасада",
    description: "Баннерная сетка пропускает ветер и свет: подходит для фасадов зданий и строительных ограждений. Цена за м², от 5 м².",
    discountPct: 0,
    productionTimeDay: 5,
    timesOrdered: 34,
    seoKeywords: "баннерная сетка, баннер на фасад, сетчатый баннер",
    photos: [],
  },
  {
    categorySlug: "bannery",
    slug: "pechat-na-holste",
    name: "Печать на холсте с подрамником",
    description: "Фотография или картина на натуральном холсте, натянутом на деревянный подрамник 3 см. Готово повесить на стену.",
    discountPct: 5,
    productionTimeDay: 3,
    timesOrdered: 312,
    seoKeywords: "печать на холсте, фото на холсте, картина на подрамнике",
    photos: [{ kind: "poster", palette: palettes.ocean, caption: "Морской берег", subcaption: "Холст 30×40" }],
  },
  {
    categorySlug: "nakleyki",
    slug: "samokleyka",
    name: "Наклейки на самоклеящейся плёнке",
    description: "Наклейки на белой, прозрачной или металлизированной плёнке: не боятся воды и солнца, легко клеятся.",
    discountPct: 0,
    productionTimeDay: 3,
    timesOrdered: 880,
    seoKeywords: "наклейки на плёнке, самоклейка, виниловые наклейки",
    photos: [
      { kind: "stickers", palette: palettes.plum, caption: "Супер стикеры", subcaption: "ottisk.ru" },
      { kind: "stickers", palette: palettes.mint, caption: "Эко продукт", subcaption: "100 % натурально" },
    ],
  },
  {
    categorySlug: "nakleyki",
    slug: "stikerpaki",
    name: "Стикерпаки с вырубкой по контуру",
    description: "Наборы стикеров с плоттерной резкой по контуру каждого рисунка — для мерча, блогеров и подарков.",
    discountPct: 25,
    productionTimeDay: 4,
    timesOrdered: 290,
    seoKeywords: "стикерпак, стикеры с вырубкой, контурная резка",
    photos: [{ kind: "stickers", palette: palettes.sunny, caption: "Мерч команды", subcaption: "стикерпак №1" }],
  },
  {
    categorySlug: "nakleyki",
    slug: "3d-epoksidnye",
    name: "3D-наклейки с эпоксидной смолой",
    description: "Объёмные наклейки, залитые прозрачной эпоксидной смолой: выпуклые, блестящие и очень стойкие.",
    discountPct: 0,
    productionTimeDay: 10,
    timesOrdered: 52,
    seoKeywords: "3d наклейки, объёмные наклейки, эпоксидные наклейки",
    photos: [{ kind: "epoxy-stickers", palette: palettes.berry, caption: "Объёмный логотип", subcaption: "3D-наклейка" }],
  },
  {
    categorySlug: "nakleyki",
    slug: "etiketki-v-rulonah",
    name: "Этикетки в рулонах",
    description: "Этикетки в рулонах для ручной и автоматической наклейки на упаковку: флексопечать, любой размер.",
    discountPct: 0,
    productionTimeDay: 5,
    timesOrdered: 400,
    seoKeywords: "этикетки в рулонах, печать этикеток, этикетки для упаковки",
    photos: [{ kind: "label-roll", palette: palettes.forest, caption: "Мёд алтайский", subcaption: "Этикетка 58×40 мм" }],
  },
  {
    categorySlug: "kalendari",
    slug: "kvartalnye",
    name: "Квартальные календари «трио»",
    description: "Настенные квартальные календари с тремя блоками, шапкой с вашим логотипом и бегунком. Три рекламных поля.",
    discountPct: 10,
    productionTimeDay: 6,
    timesOrdered: 455,
    seoKeywords: "квартальные календари, календарь трио, календари с логотипом",
    photos: [
      { kind: "wall-calendar", palette: palettes.navy, caption: "Кубань-Строй", subcaption: "2027" },
      { kind: "wall-calendar", palette: palettes.berry, caption: "Стоматология «Улыбка»", subcaption: "2027" },
    ],
  },
  {
    categorySlug: "kalendari",
    slug: "nastennye-perekidnye",
    name: "Настенные перекидные календари",
    description: "Перекидные календари A3 или A4 на пружине: обложка и 12 месяцев с вашими фотографиями, ригель для подвеса.",
    discountPct: 0,
    productionTimeDay: 7,
    timesOrdered: 187,
    seoKeywords: "перекидной календарь, настенный календарь, календарь с фотографиями",
    photos: [{ kind: "wall-calendar", palette: palettes.mint, caption: "Природа Кавказа", subcaption: "2027" }],
  },
  {
    categorySlug: "kalendari",
    slug: "domiki",
    name: "Настольные календари-домики",
    description: "Настольные перекидные календари-домики на пружине: 12 листов с двух сторон на картонной подставке.",
    discountPct: 0,
    productionTimeDay: 6,
    timesOrdered: 129,
    seoKeywords: "настольный календарь, календарь домик, перекидной настольный календарь",
    photos: [{ kind: "desk-calendar", palette: palettes.coral, caption: "Оттиск", subcaption: "2027" }],
  },
  {
    categorySlug: "kalendari",
    slug: "karmannye",
    name: "Мини-календари карманные 70×100",
    description: "Карманные календари на мелованном картоне 300 г/м²: реклама, которую носят в кошельке весь год.",
    discountPct: 0,
    productionTimeDay: 3,
    timesOrdered: 640,
    seoKeywords: "карманные календари, календарики, календарь 70х100",
    photos: [{ kind: "pocket-calendar", palette: palettes.plum, caption: "2027" }],
  },
];

export interface SeedResult {
  /** False when the catalogue already had categories and nothing was written. */
  seeded: boolean;
  categories: number;
  products: number;
}

/**
 * Fills an empty catalogue with the demo categories and products and writes their SVG photos to
 * the public storage under `catalog/` (served at /files/catalog/). Does nothing when any category
 * exists, so it is safe on every start (of every node: the caller keeps two from running it at once).
 */
export async function seedDemoData(db: Database, publicFiles: FileStorage): Promise<SeedResult> {
  // The preset cities must exist on every install, so geography is seeded before the catalogue's early return.
  await seedGeography(db);
  // Every Russian city with a population (the shipped HFLabs list) on an install that has no cities beyond the presets.
  await seedBundledCities(db);
  // The demo accounts check for themselves too: a catalogue seeded before accounts existed still gets them.
  await seedDemoAccounts(db);
  // The demo client's company starts with money on its internal balance (written while its ledger is empty).
  await seedDemoBalance(db);
  // Promocodes need nothing else: seeded on every start where they are missing.
  await seedDemoPromocodes(db);
  // The website's pages and blocks need no products (categories are named by slug); they check for themselves.
  await seedDemoPages(db, publicFiles);
  // Sort keys made by an older productNameSortKey are remade (product-sort-keys.ts).
  await rekeyProductNames(db);
  const [existing] = await db.select({ categories: count() }).from(productCategory);
  if ((existing?.categories ?? 0) > 0) {
    // A catalogue seeded before print options existed still gets them (looked up by slug, idempotent).
    await seedCatalogOptions(db);
    return { seeded: false, categories: 0, products: 0 };
  }

  // Photos first: a row must never point at a file that is not there.
  const writePhoto = async (name: string, mockup: Mockup): Promise<string> => {
    const key = `${PHOTO_FOLDER}/${name}.svg`;
    await publicFiles.put(key, new TextEncoder().encode(drawMockup(mockup)), "image/svg+xml");
    return key;
  };

  const categoryRows: NewProductCategoryRow[] = await Promise.all(
    categories.map(async (category, index) => ({
      slug: category.slug,
      name: category.name,
      description: category.description,
      photoPath: await writePhoto(`category-${category.slug}`, category.cover),
      sortOrder: (index + 1) * 10,
      seoName: category.name,
      seoTitle: `${category.name} — печать на заказ в типографии «Оттиск»`,
      seoDescription: category.description,
      seoKeywords: category.seoKeywords,
    })),
  );

  const photoPaths = await Promise.all(
    products.map((demo) =>
      Promise.all(demo.photos.map((mockup, index) => writePhoto(`${demo.categorySlug}-${demo.slug}-${index + 1}`, mockup))),
    ),
  );

  await db.transaction(async (tx) => {
    const inserted = await tx.insert(productCategory).values(categoryRows).returning({ id: productCategory.id, slug: productCategory.slug });
    const categoryIds = new Map(inserted.map((row) => [row.slug, row.id]));
    const productRows: NewProductRow[] = products.map((demo, index) => {
      const categoryId = categoryIds.get(demo.categorySlug);
      if (categoryId === undefined) throw new Error(`Demo product ${demo.slug} names an unknown category ${demo.categorySlug}`);
      return {
        categoryId,
        slug: demo.slug,
        name: demo.name,
        nameSortKey: productNameSortKey(demo.name),
        description: demo.description,
        photoPaths: photoPaths[index] ?? [],
        ...demoPricingColumns(`${demo.categorySlug}/${demo.slug}`),
        discountPct: demo.discountPct,
        productionTimeDay: demo.productionTimeDay,
        timesOrdered: demo.timesOrdered,
        seoName: demo.name,
        seoTitle: `${demo.name} — заказать печать | Типография «Оттиск»`,
        seoDescription: demo.description,
        seoKeywords: demo.seoKeywords,
      };
    });
    await tx.insert(product).values(productRows);
  });
  await seedCatalogOptions(db);

  return { seeded: true, categories: categories.length, products: products.length };
}
