export { cartTotals, promocodeDiscount, promocodeExpiredMessage, promocodeMinSumMessage, promocodeNotFoundMessage, vatIncludedKopecks } from "./cart-totals";
export type { CartTotals, CartTotalsInput, PromocodeOutcome, PromocodeProblem, PromocodeTerms } from "./cart-totals";
export { formatProductCount, formatRoubles, formatWorkingDays, pluralRu } from "./format";
export { DEFAULT_CITY_KLADR_ID, PRESET_CITIES } from "./geo";
export { integerInWords, kopecksInWords, russianPlural } from "./money-words";
export type { PresetCity } from "./geo";
export { VAT_PERCENT } from "./tax";
export { chosenOptionCodes, computePrice, defaultOption, detailsNeedingLayout, MAX_LINE_PRICE_KOPECKS, MAX_QUANTITY, OPTION_GROUP_LABELS, PRICING_OPTION_GROUPS, SINGLE_CHOICE_GROUPS, tierFor } from "./pricing";
export type { NormalisedOptions, PriceBreakdown, PriceRequest, PricingDetail, PricingFailure, PricingFailureCode, PricingOption, PricingOptionGroup, PricingProduct, PricingResult, PricingTier, RequestedOptions, SingleChoiceGroup } from "./pricing";
