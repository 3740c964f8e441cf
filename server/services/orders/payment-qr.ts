import QRCode from "qrcode";
import { rgb } from "pdf-lib";
import type { PDFPage } from "pdf-lib";
import { formatDocumentDate } from "../../../shared/domain/dates";
import { formatKopecks } from "./pdf-document";
import type { SupplierDetails } from "./pdf-document";

/*
 * The payment QR code of ГОСТ Р 56042-2014 («Стандарты финансовых операций. Двумерные символы
 * штрихового кода для осуществления платежей физическими лицами»), printed on the invoice so a
 * bank's app fills the transfer: `ST00012|Name=…|PersonalAcc=…|BankName=…|BIC=…|CorrespAcc=…|
 * PayeeINN=…|KPP=…|Sum=…|Purpose=…`. ST0001 is the format, 2 the encoding (UTF-8), `|` the
 * separator; Sum is in kopecks. Drawn as vector squares (no image), error correction M.
 */

export interface PaymentQrInput {
  supplier: Pick<SupplierDetails, "name" | "settlementAccount" | "bankName" | "bik" | "correspondentAccount" | "inn" | "kpp">;
  invoiceNumber: string;
  invoiceDate: Date;
  totalKopecks: number;
  vatKopecks: number;
  vatPercent: number;
}

/** A value as the standard allows it: no separator inside, one line, at most `max` characters. */
function field(value: string, max: number): string {
  return value.replace(/\|/g, " ").replace(/\s+/g, " ").trim().slice(0, max);
}

/** The ST00012 text of an invoice (the standard's limits: Name 160, BankName 45, Purpose 210 characters). */
export function gostPaymentText(input: PaymentQrInput): string {
  const purpose = `Оплата по счёту № ${input.invoiceNumber} от ${formatDocumentDate(input.invoiceDate)}, в т.ч. НДС ${input.vatPercent}% ${formatKopecks(input.vatKopecks)} руб.`;
  const pairs: [string, string][] = [
    ["Name", field(input.supplier.name, 160)],
    ["PersonalAcc", field(input.supplier.settlementAccount, 20)],
    ["BankName", field(input.supplier.bankName, 45)],
    ["BIC", field(input.supplier.bik, 9)],
    ["CorrespAcc", field(input.supplier.correspondentAccount, 20)],
    ["PayeeINN", field(input.supplier.inn, 12)],
    ["KPP", field(input.supplier.kpp, 9)],
    ["Sum", String(input.totalKopecks)],
    ["Purpose", field(purpose, 210)],
  ];
  return ["ST00012", ...pairs.map(([key, value]) => `${key}=${value}`)].join("|");
}

/** Draws the QR code of `text` as dark squares in a `size`×`size` square whose lower left corner is (x, y), with its quiet zone inside. */
export function drawPaymentQr(page: PDFPage, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const quiet = 4;
  const cell = size / (modules.size + 2 * quiet);
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) });
  // One rectangle per run of dark modules in a row: no hairline gaps between neighbours, a smaller PDF.
  for (let row = 0; row < modules.size; row += 1) {
    let column = 0;
    while (column < modules.size) {
      if (!modules.get(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < modules.size && modules.get(row, column)) column += 1;
      page.drawRectangle({ x: x + (quiet + start) * cell, y: y + size - (quiet + row + 1) * cell, width: (column - start) * cell, height: cell, color: rgb(0, 0, 0) });
    }
  }
}
