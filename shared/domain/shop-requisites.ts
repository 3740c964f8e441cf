/*
 * The shop's requisites — the one source for everything that names the legal entity behind the
 * storefront: the invoice and the act (server/services/orders/pdf-document.ts), the footer, the contacts
 * page and the demo PDFs (server/seed/data/demo-site.json). Demo values: «Оттиск» is not a real company.
 */

/** The legal entity's details as its documents print them. */
export interface ShopRequisites {
  /** Short name, e.g. ООО «Оттиск». */
  name: string;
  fullName: string;
  inn: string;
  kpp: string;
  ogrn: string;
  /** Legal address with the postcode. */
  address: string;
  bankName: string;
  /** Where the bank's branch is, for the invoice's «Банк получателя». */
  bankCity: string;
  bik: string;
  correspondentAccount: string;
  settlementAccount: string;
  /** Director's name as a signature line shows it. */
  director: string;
  directorFull: string;
  accountant: string;
}

export const SHOP_REQUISITES: Readonly<ShopRequisites> = {
  name: "ООО «Оттиск»",
  fullName: "Общество с ограниченной ответственностью «Оттиск»",
  inn: "2310123454",
  kpp: "231001001",
  ogrn: "1122310001230",
  address: "350000, г. Краснодар, ул. Красная, 122",
  bankName: "ПАО Сбербанк",
  bankCity: "г. Краснодар",
  bik: "040349602",
  correspondentAccount: "30101810100000000602",
  settlementAccount: "40702810930000012345",
  director: "Соколов А. В.",
  directorFull: "Соколов Андрей Викторович",
  accountant: "Смирнова Е. П.",
};

/** The requisites block of the contacts page: name, ИНН/КПП, ОГРН, account with bank and БИК, address. */
export function shopRequisitesText(requisites: Readonly<ShopRequisites> = SHOP_REQUISITES): string {
  return [
    requisites.name,
    `ИНН ${requisites.inn}, КПП ${requisites.kpp}`,
    `ОГРН ${requisites.ogrn}`,
    `р/с ${requisites.settlementAccount} в ${requisites.bankName}, БИК ${requisites.bik}, к/с ${requisites.correspondentAccount}`,
    `Юридический адрес: ${requisites.address}`,
  ].join("\n");
}
