export { formatProductCount, formatRoubles, formatWorkingDays, pluralRu } from "./format";
export { DEFAULT_CITY_KLADR_ID, PRESET_CITIES } from "./geo";
export type { PresetCity } from "./geo";
export { VAT_PERCENT } from "./tax";
