import { describe, expect, it } from "vitest";
import { fileNameWithoutExtension } from "./file-name";

describe("fileNameWithoutExtension", () => {
  it("drops the extension", () => {
    expect(fileNameWithoutExtension("Политика конфиденциальности.pdf")).toBe("Политика конфиденциальности");
    expect(fileNameWithoutExtension("Карточка предприятия ООО «Оттиск».PDF")).toBe("Карточка предприятия ООО «Оттиск»");
    expect(fileNameWithoutExtension("price.xlsx")).toBe("price");
  });

  it("drops only the last extension", () => {
    expect(fileNameWithoutExtension("Прайс 2026.v2.xlsx")).toBe("Прайс 2026.v2");
    expect(fileNameWithoutExtension("archive.tar.gz")).toBe("archive.tar");
  });

  it("keeps names without an extension", () => {
    expect(fileNameWithoutExtension("Реквизиты")).toBe("Реквизиты");
    expect(fileNameWithoutExtension(".htaccess")).toBe(".htaccess");
    expect(fileNameWithoutExtension("Договор.")).toBe("Договор.");
    expect(fileNameWithoutExtension("ООО «Оттиск». Реквизиты")).toBe("ООО «Оттиск». Реквизиты");
  });

  it("trims spaces around the name", () => {
    expect(fileNameWithoutExtension("  Оферта.docx ")).toBe("Оферта");
  });
});
