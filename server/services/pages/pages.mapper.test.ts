import { describe, expect, it } from "vitest";
import type { PageComponent } from "../../../shared/contracts/index";
import { fileReference, pagePlainText, resolveFileReferences, toActivePopup, toPageComponent } from "./pages.mapper";

const origin = "https://ottisk.example";

describe("resolveFileReferences", () => {
  it("turns every file: string, however deep, into the public /files/ URL and leaves other values alone", () => {
    const content = {
      file: { url: fileReference("site/политика.pdf") },
      list: [fileReference("site/a b.svg"), "https://t.me/ottisk", 3, null, true],
      plain: "file-like but not a reference",
    };
    expect(resolveFileReferences(content, origin)).toEqual({
      file: { url: "https://ottisk.example/files/site/%D0%BF%D0%BE%D0%BB%D0%B8%D1%82%D0%B8%D0%BA%D0%B0.pdf" },
      list: ["https://ottisk.example/files/site/a%20b.svg", "https://t.me/ottisk", 3, null, true],
      plain: "file-like but not a reference",
    });
  });
});

describe("toPageComponent", () => {
  it("keeps a component that fits its contract and drops unknown keys, broken content and unsafe links", () => {
    expect(toPageComponent({ key: "Text", content: { blocks: [{ type: "paragraph", text: "Привет" }] } }, origin)).toEqual({
      key: "Text",
      content: { blocks: [{ type: "paragraph", text: "Привет" }] },
    });
    expect(toPageComponent({ key: "Marquee", content: {} }, origin)).toBeNull();
    expect(toPageComponent({ key: "Text", content: { blocks: [{ type: "html", text: "<script>" }] } }, origin)).toBeNull();
    const banner = { title: "Акция", subtitle: "", imageUrl: null, link: { label: "Жми", href: "javascript:alert(1)" } };
    expect(toPageComponent({ key: "Banner", content: banner }, origin)).toBeNull();
    expect(toPageComponent({ key: "Banner", content: { ...banner, link: { label: "Жми", href: "//evil.example" } } }, origin)).toBeNull();
    expect(toPageComponent({ key: "Banner", content: { ...banner, link: { label: "Жми", href: "/catalog" } } }, origin)?.key).toBe("Banner");
  });
});

describe("pagePlainText", () => {
  it("collects the words shoppers search for from text, vacancies, services and checklists", () => {
    const components: PageComponent[] = [
      { key: "Text", content: { blocks: [{ type: "heading", level: 2, text: "Буклеты" }, { type: "list", ordered: false, items: ["один", "два"] }] } },
      { key: "Checklist", content: { title: "Проверка", items: [{ title: "CMYK", text: "без RGB", preflightCode: 2078 }] } },
      { key: "BlogTeasers", content: { title: "Блог", limit: 3 } },
    ];
    expect(pagePlainText(components)).toBe("Буклеты\nодин\nдва\nПроверка\nCMYK\nбез RGB");
  });
});

describe("toActivePopup", () => {
  const stored = {
    active: true,
    title: "Скидка",
    description: "Только сегодня",
    file: { url: fileReference("site/popup.svg") },
    urlButton: "/catalog",
    textButton: "Смотреть",
    showFrom: "2026-03-01T00:00:00+03:00",
    showUntil: "2026-04-01T00:00:00+03:00",
  };
  const updatedAt = new Date("2026-02-20T10:00:00Z");

  it("shows the popup inside its dates, with the picture's URL and the version stamp", () => {
    expect(toActivePopup(stored, updatedAt, new Date("2026-03-15T12:00:00Z"), origin)).toEqual({
      title: "Скидка",
      description: "Только сегодня",
      file: { url: "https://ottisk.example/files/site/popup.svg" },
      urlButton: "/catalog",
      textButton: "Смотреть",
      updatedAt: "2026-02-20T10:00:00.000Z",
    });
  });

  it("hides it before, after, when switched off or when it is not filled in properly", () => {
    expect(toActivePopup(stored, updatedAt, new Date("2026-02-28T12:00:00Z"), origin)).toBeNull();
    expect(toActivePopup(stored, updatedAt, new Date("2026-04-01T00:00:00+03:00"), origin)).toBeNull();
    expect(toActivePopup({ ...stored, active: false }, updatedAt, new Date("2026-03-15T12:00:00Z"), origin)).toBeNull();
    expect(toActivePopup({ ...stored, title: "" }, updatedAt, new Date("2026-03-15T12:00:00Z"), origin)).toBeNull();
    expect(toActivePopup(null, updatedAt, new Date("2026-03-15T12:00:00Z"), origin)).toBeNull();
  });
});
