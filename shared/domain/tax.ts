/**
 * The VAT rate every storefront price includes, in percent (the footer's note, spec §2 and §9).
 * Russia's standard rate is 22 % from 1 January 2026.
 */
export const VAT_PERCENT = 22;
