/** Phone numbers as a shopper types them: the masks by country calling code (spec §3). */

/**
 * Phone masks by country calling code (spec §3: "phone masks exist for many countries (Russia
 * +7### ###-##-##)"; the full list is not shown): Russia and Kazakhstan, and the neighbours the shop
 * delivers to. `#` is a digit.
 */
export const PHONE_MASKS: readonly { code: string; country: string; mask: string }[] = [
  { code: "7", country: "Россия, Казахстан", mask: "+7 ### ###-##-##" },
  { code: "375", country: "Беларусь", mask: "+375 ## ###-##-##" },
  { code: "380", country: "Украина", mask: "+380 ## ###-##-##" },
  { code: "373", country: "Молдова", mask: "+373 #### ####" },
  { code: "374", country: "Армения", mask: "+374 ## ###-###" },
  { code: "992", country: "Таджикистан", mask: "+992 ## ###-####" },
  { code: "993", country: "Туркменистан", mask: "+993 ## ##-##-##" },
  { code: "994", country: "Азербайджан", mask: "+994 ## ###-##-##" },
  { code: "995", country: "Грузия", mask: "+995 ### ###-###" },
  { code: "996", country: "Киргизия", mask: "+996 ### ###-###" },
  { code: "998", country: "Узбекистан", mask: "+998 ## ###-##-##" },
];

/** Longest digits of an international number (E.164). */
const MAX_PHONE_DIGITS = 15;

/** The mask for a number's digits (with its country code), or null for a code without one. */
export function phoneMaskFor(digits: string): string | null {
  const found = PHONE_MASKS.filter((item) => digits.startsWith(item.code)).sort((a, b) => b.code.length - a.code.length)[0];
  return found ? found.mask : null;
}

/** The digits of a typed number with its country code: 8 or a bare 9 at the start (no «+») mean Russia. */
function internationalDigits(input: string): string {
  const digits = input.replace(/\D/g, "");
  if (input.trimStart().startsWith("+")) return digits;
  if (digits.startsWith("8")) return `7${digits.slice(1)}`;
  if (digits.startsWith("9")) return `7${digits}`;
  return digits;
}

/**
 * Formats a phone number as it is typed: «89991234567» → «+7 999 123-45-67». Digits beyond the
 * mask are dropped; the text stops after the last digit, so deleting a character always works.
 * A code without a mask keeps «+» and its digits.
 */
export function formatPhone(input: string): string {
  const digits = internationalDigits(input);
  if (digits === "") return input.trim() === "+" ? "+" : "";
  const mask = phoneMaskFor(digits);
  if (!mask) return `+${digits.slice(0, MAX_PHONE_DIGITS)}`;
  let out = "";
  let next = 0;
  for (const char of mask) {
    if (next >= digits.length) break;
    if (char === "#") out += digits[next++];
    else if (/\d/.test(char)) {
      out += char;
      next++;
    } else out += char;
  }
  return out;
}

/** Whether a number fills its country's mask (a code without a mask: 10 to 15 digits). */
export function isCompletePhone(input: string): boolean {
  const digits = internationalDigits(input);
  const mask = phoneMaskFor(digits);
  if (!mask) return digits.length >= 10 && digits.length <= MAX_PHONE_DIGITS;
  return digits.length === mask.replace(/[^#\d]/g, "").length;
}

/**
 * A phone as every screen shows it: a number that fills its country's mask in the mask's format
 * («8 (861) 2004050», «+78612004050» → «+7 861 200-40-50»), anything else as it was written (trimmed),
 * so a number the mask cannot read is never cut.
 */
export function displayPhone(phone: string): string {
  return isCompletePhone(phone) ? formatPhone(phone) : phone.trim();
}
