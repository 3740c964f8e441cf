/// <reference types="mocha" />
import { expect } from "chai";
import { createElement } from "react";
import type { AccountProfile } from "../../shared/contracts/index";
import type { BackOfficeRoute, BackOfficeSection } from "../../shared/domain/index";
import type { Api } from "../../shared/http/index";
import { getPageStore, STORAGE_KEYS, writeText } from "../../shared/state/index";
import { BackOfficePage } from "../../widgets/back-office/index";
import { renderOnPage, siteMain, unmountFromPage } from "./react-page";
import siteCss from "../../host-site/site.css?inline";
import baseCss from "../../shared/ui/base.css?inline";
import backOfficeCss from "../../widgets/back-office/back-office.css?inline";
import catalogCss from "../../widgets/back-office/back-office-catalog.css?inline";
import employeeCss from "../../widgets/back-office/employee-pages.css?inline";
import { sendKeys, setViewport } from "./real-input";
import { apiBase, expectAccessible, resetPage, testApi, typeInto, waitFor } from "./support";

/*
 * The back office's catalogue pages (issue 29) in Chromium against the real API, signed in as the
 * demo `catalog` employee: the category form (slug from the name, the API's refusal at its field,
 * saving), the product editor (a product refused in Russian with nothing typed lost, then saved
 * with options and tiers; photos uploaded and reordered from the keyboard; archived after a
 * confirmation) and the filtered product list — each passing axe at 375 and 1280 px.
 */

const CATALOG_EMPLOYEE = { email: "catalog@example.com", password: "catalog12345" };
/** A 1 × 1 PNG: the server judges pictures by their content. */
const PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

let testAddress = "";

async function signedInCatalogEmployee(): Promise<{ api: Api; profile: AccountProfile }> {
  const token: { value: string | null } = { value: null };
  const api = testApi(token);
  const grant = await api.login(CATALOG_EMPLOYEE);
  writeText(STORAGE_KEYS.session(apiBase), token.value);
  return { api, profile: grant.profile };
}

function renderSection(section: BackOfficeSection, id: BackOfficeRoute["id"], profile: AccountProfile, query: Record<string, string> = {}): HTMLElement {
  const route: BackOfficeRoute = { name: "back-office", section, id, query };
  return renderOnPage(createElement(BackOfficePage, { route, profile }), { store: getPageStore(apiBase), container: siteMain() });
}

/** The text box (or select) labelled `label` inside `container`. */
function field<E extends HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(container: ParentNode, label: string, nth = 0): E {
  const labels = Array.from(container.querySelectorAll("label")).filter((item) => item.textContent?.trim() === label);
  const found = labels[nth];
  const control = found ? container.querySelector<E>(`#${CSS.escape(found.htmlFor)}`) : null;
  if (!control) throw new Error(`No field «${label}» (${nth})`);
  return control;
}

function button(container: ParentNode, text: string): HTMLButtonElement {
  const found = Array.from(container.querySelectorAll<HTMLButtonElement>("button")).find((item) => item.textContent?.trim() === text || item.getAttribute("aria-label") === text);
  if (!found) throw new Error(`No button «${text}»`);
  return found;
}

/** Lets React draw what a click changed (a row added) before the next step looks for it. */
function rendered(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function pngFile(name: string): File {
  const bytes = Uint8Array.from(atob(PNG_BASE64), (letter) => letter.charCodeAt(0));
  return new File([bytes], name, { type: "image/png" });
}

function chooseFiles(input: HTMLInputElement, files: File[]): void {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event("change", { bubbles: true }));
}

async function accessibleAtBothWidths(container: Element): Promise<void> {
  await setViewport({ width: 375, height: 800 });
  await expectAccessible(container);
  expect(container.scrollWidth, "nothing wider than a phone's screen at 375 px").to.be.at.most(container.clientWidth);
  await setViewport({ width: 1280, height: 900 });
  await expectAccessible(container);
}

// The test runner's Vite leaves a module's `import "….css"` unapplied: the pages get their stylesheets as the host site gives them.
const styles = document.createElement("style");

before(() => {
  testAddress = window.location.href;
  styles.textContent = [baseCss, siteCss, employeeCss, backOfficeCss, catalogCss].join("\n");
  document.head.append(styles);
});

after(() => {
  styles.remove();
});

/** Saving a new object gives the page the object's address; the runner's commands need the test page's own back. */
function backToTestAddress(): void {
  window.history.replaceState(null, "", testAddress);
}

afterEach(() => {
  unmountFromPage();
  resetPage();
  backToTestAddress();
});

describe("the back office's categories", () => {
  it("proposes the slug from the name, shows the API's refusal at the field without losing the text, saves, and lists the category", async () => {
    const { api, profile } = await signedInCatalogEmployee();
    const stamp = Date.now().toString(36);
    const page = renderSection("categories", "new", profile);
    await waitFor(() => page.querySelector("form.catalog-form"), "the category form");

    typeInto(field<HTMLInputElement>(page, "Название"), "Объёмные наклейки");

    await rendered();
    expect(field<HTMLInputElement>(page, "Адрес (slug)").value).to.equal("obemnye-nakleyki");

    typeInto(field<HTMLInputElement>(page, "Адрес (slug)"), "Плохой адрес");

    await rendered();
    typeInto(field<HTMLTextAreaElement>(page, "Описание"), "Наклейки с эффектом линзы");
    await rendered();
    button(page, "Добавить категорию").click();
    const summary = await waitFor(() => page.querySelector<HTMLElement>(".catalog-form__summary"), "the API's refusal");
    expect(summary.textContent).to.contain("Адрес (slug)");
    const slugBox = field<HTMLInputElement>(page, "Адрес (slug)");
    expect(slugBox.getAttribute("aria-invalid")).to.equal("true");
    expect(document.getElementById(slugBox.getAttribute("aria-describedby")!.split(" ").pop()!)?.textContent).to.contain("латинские строчные буквы");
    expect(field<HTMLInputElement>(page, "Название").value, "the name stays as typed").to.equal("Объёмные наклейки");
    expect(field<HTMLTextAreaElement>(page, "Описание").value).to.equal("Наклейки с эффектом линзы");

    typeInto(slugBox, `obemnye-nakleyki-${stamp}`);

    await rendered();
    typeInto(field<HTMLInputElement>(page, "Порядок в каталоге"), "15");
    await rendered();
    button(page, "Добавить категорию").click();
    await waitFor(() => page.querySelector(".catalog-form__done")?.textContent?.includes("Категория добавлена"), "the saved category");
    const saved = (await api.getEmployeeCategories()).find((category) => category.slug === `obemnye-nakleyki-${stamp}`);
    expect(saved).to.include({ name: "Объёмные наклейки", description: "Наклейки с эффектом линзы", sortOrder: 15, hidden: false });
    expect(window.location.pathname).to.equal(`/admin/employee/categories/${saved!.id}`);
    backToTestAddress();
    // Now a category: its picture can be uploaded, and it previews.
    chooseFiles(field<HTMLInputElement>(page, "Загрузить картинку (JPEG, PNG или WebP)"), [pngFile("obemnye.png")]);
    await waitFor(() => page.querySelector("img.catalog-picture__preview"), "the picture's preview");
    expect((await api.getEmployeeCategory(saved!.id!)).photo?.path).to.match(/\.png$/);
    await accessibleAtBothWidths(page);

    unmountFromPage();
    const list = renderSection("categories", null, profile);
    const row = await waitFor(() => Array.from(list.querySelectorAll("tbody tr")).find((item) => item.textContent?.includes(`obemnye-nakleyki-${stamp}`)), "the category in the table");
    expect(row.textContent).to.contain("Объёмные наклейки");
    expect(row.querySelector("a")?.getAttribute("href")).to.equal(`/admin/employee/categories/${saved!.id}`);
    expect(list.querySelector("[role='region'][tabindex='0']")?.getAttribute("aria-labelledby")).to.be.a("string");
    await accessibleAtBothWidths(list);
  });
});

describe("the back office's products", () => {
  it("refuses a product without a price tier in Russian keeping what was typed, saves it with options and tiers, reorders photos from the keyboard and archives it after a confirmation", async () => {
    const { api, profile } = await signedInCatalogEmployee();
    const stamp = Date.now().toString(36);
    const category = (await api.getEmployeeCategories())[0]!;
    const page = renderSection("products", "new", profile, { categoryId: String(category.id) });
    await waitFor(() => page.querySelector("form.catalog-form"), "the product editor");
    expect(field<HTMLSelectElement>(page, "Категория").value).to.equal(String(category.id));

    typeInto(field<HTMLInputElement>(page, "Название", 0), `Календарик карманный ${stamp}`);

    await rendered();
    expect(field<HTMLInputElement>(page, "Адрес (slug)").value).to.equal(`kalendarik-karmannyy-${stamp}`);
    typeInto(field<HTMLTextAreaElement>(page, "Описание"), "Карманный календарь 70 × 100 мм");
    await rendered();
    // The one empty tier row goes: a product without a price cannot be sold.
    button(page, "Убрать тираж 1").click();
    await waitFor(() => !page.textContent?.includes("Минимальный тираж"), "the tier row gone");
    button(page, "Добавить товар").click();
    const refusal = await waitFor(() => page.querySelector<HTMLElement>(".catalog-form__summary"), "the refusal");
    expect(refusal.textContent, page.textContent ?? "").to.contain("хотя бы одну цену");
    expect(field<HTMLInputElement>(page, "Название", 0).value).to.equal(`Календарик карманный ${stamp}`);
    expect(field<HTMLTextAreaElement>(page, "Описание").value).to.equal("Карманный календарь 70 × 100 мм");

    // A number that is not one is named by the form at its field, before anything is sent.
    button(page, "Добавить тираж").click();
    await rendered();
    typeInto(field<HTMLInputElement>(page, "От, шт."), "сто");
    await rendered();
    typeInto(field<HTMLInputElement>(page, "Цена за штуку, ₽"), "12,50");
    await rendered();
    button(page, "Добавить товар").click();
    await waitFor(() => page.textContent?.includes("Тираж от: введите целое число"), "the tier's own error");
    expect(field<HTMLInputElement>(page, "От, шт.").value).to.equal("сто");

    typeInto(field<HTMLInputElement>(page, "От, шт."), "100");

    await rendered();
    button(page, "Добавить тираж").click();
    await rendered();
    typeInto(field<HTMLInputElement>(page, "От, шт.", 1), "500");
    await rendered();
    typeInto(field<HTMLInputElement>(page, "Цена за штуку, ₽", 1), "9");
    await rendered();
    button(page, "Добавить группу «Формат»").click();
    await rendered();
    typeInto(field<HTMLInputElement>(page, "Название", 1), "70 × 100 мм");
    await rendered();
    typeInto(field<HTMLInputElement>(page, "Код"), "70x100");
    await rendered();
    typeInto(field<HTMLInputElement>(page, "Ширина, мм"), "70");
    await rendered();
    typeInto(field<HTMLInputElement>(page, "Высота, мм"), "100");
    await rendered();
    button(page, "Добавить товар").click();
    // The click clears the last refusal; once that is drawn, the next summary or «Товар добавлен» is this save's.
    await rendered();
    const outcome = await waitFor(() => page.querySelector(".catalog-form__done")?.textContent || page.querySelector(".catalog-form__summary")?.textContent, "the saved product");
    expect(outcome).to.contain("Товар добавлен");
    const id = Number(window.location.pathname.split("/").pop());
    backToTestAddress();
    const created = await api.getEmployeeProduct(id);
    expect(created.tiers).to.deep.equal([
      { minQuantity: 100, unitPrice: 12.5 },
      { minQuantity: 500, unitPrice: 9 },
    ]);
    expect(created.options[0]?.values[0]).to.include({ code: "70x100", label: "70 × 100 мм", isDefault: true, widthMm: 70, heightMm: 100 });

    chooseFiles(field<HTMLInputElement>(page, "Добавить фотографии (JPEG, PNG или WebP, можно несколько)"), [pngFile("first.png"), pngFile("second.png")]);
    await waitFor(() => page.querySelectorAll(".catalog-photos__item").length === 2 && page.textContent?.includes("Загружено фотографий: 2"), "two uploaded photos");
    const [first, second] = (await api.getEmployeeProduct(id)).photos.map((photo) => photo.path);
    // «Ниже» on the first photo, pressed with the keyboard: the second becomes the card's photo.
    button(page, "Фото 1: ниже").focus();
    await sendKeys({ press: "Enter" });
    await waitFor(() => page.textContent?.includes("Фото 1 теперь 2-е"), "the move announced");
    button(page, "Сохранить").click();
    await waitFor(() => page.querySelector(".catalog-form__done")?.textContent?.includes("Товар сохранён"), "the saved order of photos");
    expect((await api.getEmployeeProduct(id)).photos.map((photo) => photo.path)).to.deep.equal([second, first]);
    await accessibleAtBothWidths(page);

    button(page, "В архив").click();
    const dialog = await waitFor(() => document.querySelector<HTMLDialogElement>("dialog[open]"), "the confirmation");
    expect(dialog.textContent).to.contain("Убрать товар в архив?");
    await expectAccessible(dialog);
    button(dialog, "Да, в архив").click();
    await waitFor(() => page.querySelector(".catalog-form__done")?.textContent?.includes("Товар в архиве"), "the archived product");
    expect((await api.getEmployeeProduct(id)).archivedAt).to.be.a("string");
    expect(page.textContent).to.contain("Вернуть из архива");

    unmountFromPage();
    const list = renderSection("products", null, profile, { q: stamp, state: "archived" });
    const row = await waitFor(() => Array.from(list.querySelectorAll("tbody tr")).find((item) => item.textContent?.includes(`Календарик карманный ${stamp}`)), "the product in the archived list");
    expect(row.textContent).to.contain("в архиве");
    expect(row.textContent).to.contain(category.name);
    expect(list.querySelector<HTMLSelectElement>("select[name='state']")?.value).to.equal("archived");
    await accessibleAtBothWidths(list);
  });
});
