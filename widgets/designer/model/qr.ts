import type { DesignQrContent } from "../../../shared/contracts/index";

/*
 * What a QR code says, as text: a link as it is, a phone as `tel:` with its digits, a contact card
 * as vCard 3.0. Until the PDF export's own function is merged this is the designer's; both must
 * say the same (the export draws the code from this text).
 */
export function qrText(content: DesignQrContent): string {
  switch (content.type) {
    case "url":
      return content.url.trim();
    case "phone":
      return `tel:${content.phone.replace(/[^\d+]/g, "")}`;
    case "vcard": {
      const escape = (value: string) => value.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/([,;])/g, "\\$1");
      const lines = ["BEGIN:VCARD", "VERSION:3.0", `N:${escape(content.name)};;;;`, `FN:${escape(content.name)}`];
      if (content.company) lines.push(`ORG:${escape(content.company)}`);
      if (content.position) lines.push(`TITLE:${escape(content.position)}`);
      if (content.phone) lines.push(`TEL;TYPE=WORK,VOICE:${content.phone.replace(/[^\d+]/g, "")}`);
      if (content.email) lines.push(`EMAIL:${escape(content.email)}`);
      if (content.site) lines.push(`URL:${escape(content.site)}`);
      if (content.address) lines.push(`ADR;TYPE=WORK:;;${escape(content.address)};;;;`);
      lines.push("END:VCARD");
      return lines.join("\r\n");
    }
  }
}
