import { describe, expect, it } from "vitest";
import { sniffPdf, sniffWebsiteFile } from "./file-sniff";

const bytes = (text: string) => new Uint8Array(Buffer.from(text, "latin1"));
const utf8 = (text: string) => new TextEncoder().encode(text);

describe("sniffPdf", () => {
  it("finds %PDF- within the first 1024 bytes and %%EOF near the end", () => {
    expect(sniffPdf(bytes("%PDF-1.3\n1 0 obj\nendobj\n%%EOF\n"))).toEqual({ complete: true });
    expect(sniffPdf(bytes(`${" ".repeat(1000)}%PDF-1.4\n%%EOF`))).toEqual({ complete: true });
    expect(sniffPdf(bytes("%PDF-1.7\n1 0 obj\n"))).toEqual({ complete: false });
  });

  it("refuses what is not a PDF, whatever it is called", () => {
    expect(sniffPdf(bytes(`${" ".repeat(1024)}%PDF-1.4\n%%EOF`))).toBeNull();
    expect(sniffPdf(bytes("\x89PNG\r\n\x1a\n"))).toBeNull();
    expect(sniffPdf(new Uint8Array())).toBeNull();
  });
});

describe("sniffWebsiteFile", () => {
  it("knows PNG, JPEG, WebP, SVG and PDF by their bytes", () => {
    expect(sniffWebsiteFile(bytes("\x89PNG\r\n\x1a\n....IHDR"))?.contentType).toBe("image/png");
    expect(sniffWebsiteFile(bytes("\xff\xd8\xff\xe0..JFIF"))?.contentType).toBe("image/jpeg");
    expect(sniffWebsiteFile(bytes("RIFF\x10\x00\x00\x00WEBPVP8 "))?.contentType).toBe("image/webp");
    expect(sniffWebsiteFile(bytes("%PDF-1.4\n%%EOF"))?.contentType).toBe("application/pdf");
    expect(sniffWebsiteFile(utf8('\uFEFF<?xml version="1.0"?>\n<!-- logo -->\n<!DOCTYPE svg>\n<svg viewBox="0 0 1 1"/>'))?.contentType).toBe("image/svg+xml");
  });

  it("refuses HTML, text and other XML", () => {
    expect(sniffWebsiteFile(bytes("<html><svg></svg></html>"))).toBeNull();
    expect(sniffWebsiteFile(bytes("hello"))).toBeNull();
    expect(sniffWebsiteFile(bytes('<?xml version="1.0"?><rss/>'))).toBeNull();
  });
});
