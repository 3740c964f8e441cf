export { formatProductCount, formatRoubles, formatWorkingDays, pluralRu } from "./format";
export { VAT_PERCENT } from "./tax";
