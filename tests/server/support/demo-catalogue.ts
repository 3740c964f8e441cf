/** The demo catalogue's categories (server/seed/data), in the order the API lists them. */
export const DEMO_CATEGORY_NAMES = [
  "Визитки",
  "Листовки и флаеры",
  "Буклеты",
  "Каталоги и брошюры",
  "Плакаты",
  "Широкоформатная печать",
  "Наклейки и этикетки",
  "Календари",
];
