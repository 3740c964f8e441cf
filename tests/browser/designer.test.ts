/// <reference types="mocha" />
import "../../shared/http/zod-config";
import { expect } from "chai";
import "../../widgets/index";
import { apiBase, businessCardId, collectEvents, expectAccessible, find, findText, mount, resetPage, shadow, testApi, typeInto, waitFor } from "./support";

/*
 * <ottisk-designer> in Chromium against the real API (the demo catalogue's business card and the
 * templates of server/seed/layout-design-templates/): the first template chosen, its fields
 * labelled, a name typed onto the canvas, undo and redo, a locked layer that does not move, the
 * warning for a picture under 300 ppi, axe, and the whole designer within 375 px.
 */

let productId = 0;

before(async () => {
  productId = await businessCardId(testApi());
});

afterEach(() => resetPage());

async function openDesigner(parent: HTMLElement = document.body): Promise<HTMLElement> {
  const element = mount("ottisk-designer", { "product-id": String(productId) }, parent);
  await find(element, ".ottisk-designer-template[aria-pressed='true']", 20_000);
  return element;
}

/** The input labelled `label` (its <label for>). */
function fieldByLabel(element: HTMLElement, label: string): HTMLInputElement | HTMLTextAreaElement | null {
  const root = shadow(element);
  const found = [...root.querySelectorAll("label")].find((node) => node.textContent?.trim() === label);
  const id = found?.getAttribute("for");
  return id ? root.querySelector<HTMLInputElement | HTMLTextAreaElement>(`#${CSS.escape(id)}`) : null;
}

function buttonByText(element: HTMLElement, text: string): HTMLButtonElement | null {
  return [...shadow(element).querySelectorAll<HTMLButtonElement>("button")].find((button) => button.textContent?.trim() === text) ?? null;
}

/** The texts drawn on the canvas (as glyph outlines, each path naming its text). */
function canvasText(element: HTMLElement): string {
  return [...shadow(element).querySelectorAll(".ottisk-designer-canvas [data-text]")].map((node) => node.getAttribute("data-text")).join("\n");
}

/** A PNG of `size` × `size` pixels, made in the page. */
async function png(size: number): Promise<File> {
  const canvas = new OffscreenCanvas(size, size);
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no 2D canvas");
  context.fillStyle = "#c2185b";
  context.fillRect(0, 0, size, size);
  const blob = await canvas.convertToBlob({ type: "image/png" });
  return new File([blob], "logo.png", { type: "image/png" });
}

/** A 40 × 40 px picture into the template's first picture slot: under 300 ppi, as the designer warns. */
async function uploadTinyLogo(element: HTMLElement): Promise<void> {
  const upload = [...shadow(element).querySelectorAll<HTMLButtonElement>(".ottisk-designer-slot-field button")][0];
  if (!upload) throw new Error("the template has no picture slot");
  upload.click();
  const input = await find<HTMLInputElement>(element, 'input[type="file"]');
  const transfer = new DataTransfer();
  transfer.items.add(await png(40));
  input.files = transfer.files;
  input.dispatchEvent(new Event("change", { bubbles: true }));
  await findText(element, "ниже 300 ppi", 20_000);
}

describe("<ottisk-designer>", () => {
  it("opens with the first template chosen, every field labelled in Russian, and passes axe", async function () {
    this.timeout(40_000);
    const element = await openDesigner();
    const templates = [...shadow(element).querySelectorAll<HTMLButtonElement>(".ottisk-designer-template")];
    expect(templates.length).to.be.greaterThan(0);
    expect(templates[0]?.getAttribute("aria-pressed")).to.equal("true");
    for (const label of ["Имя", "Телефон"]) expect(fieldByLabel(element, label), label).to.not.equal(null);
    expect(buttonByText(element, "Скачать PDF")).to.not.equal(null);
    await expectAccessible(element);
  });

  it("shows a typed name on the canvas, and undoes and redoes the typing as one step", async function () {
    this.timeout(40_000);
    const element = await openDesigner();
    const name = fieldByLabel(element, "Имя");
    if (!name) throw new Error("no «Имя» field");
    const before = name.value;
    typeInto(name, "Пётр");
    typeInto(name, "Пётр Ёлкин");
    await waitFor(() => canvasText(element).includes("Пётр Ёлкин"), "the name on the canvas");
    buttonByText(element, "Отменить")?.click();
    await waitFor(() => !canvasText(element).includes("Пётр") && fieldByLabel(element, "Имя")?.value === before, "the name undone");
    buttonByText(element, "Повторить")?.click();
    await waitFor(() => canvasText(element).includes("Пётр Ёлкин"), "the name redone");
  });

  it("keeps a locked layer where it is: arrows move it only once unlocked", async function () {
    this.timeout(40_000);
    const element = await openDesigner();
    // A layer not locked by its template.
    const layer = (await find<HTMLButtonElement>(element, ".ottisk-designer-layer button[aria-label^='Закрепить']")).closest<HTMLLIElement>(".ottisk-designer-layer");
    if (!layer) throw new Error("no layer to lock");
    const id = layer.dataset.layerId ?? "";
    const node = () => shadow(element).querySelector<SVGGElement>(`.ottisk-designer-canvas [data-element-id="${CSS.escape(id)}"]`);
    const position = () => {
      const box = node()?.getBBox();
      return box ? `${box.x.toFixed(2)},${box.y.toFixed(2)}` : "";
    };
    const nameButton = layer.querySelector<HTMLButtonElement>(".ottisk-designer-layer__name");
    nameButton?.click();
    const lock = layer.querySelector<HTMLButtonElement>("button[aria-label^='Закрепить']");
    lock?.click();
    await waitFor(() => shadow(element).querySelector(`[data-layer-id="${CSS.escape(id)}"] button[aria-pressed='true'][aria-label^='Открепить']`), "the layer locked");
    const start = position();
    const pressRight = () =>
      shadow(element)
        .querySelector<HTMLButtonElement>(`[data-layer-id="${CSS.escape(id)}"] .ottisk-designer-layer__name`)
        ?.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", shiftKey: true, bubbles: true, composed: true }));
    pressRight();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(position(), "locked").to.equal(start);
    shadow(element).querySelector<HTMLButtonElement>(`[data-layer-id="${CSS.escape(id)}"] button[aria-label^='Открепить']`)?.click();
    await waitFor(() => shadow(element).querySelector(`[data-layer-id="${CSS.escape(id)}"] button[aria-label^='Закрепить']`), "the layer unlocked");
    pressRight();
    await waitFor(() => position() !== start, "the layer moved by Shift+→");
  });

  it("warns when the logo is under 300 ppi and offers the size at which it prints sharp", async function () {
    this.timeout(40_000);
    const element = await openDesigner();
    await uploadTinyLogo(element);
  });

  it("keeps a design that cannot pass out of the cart: «В корзину» checks each side first and shows why, with the fix", async function () {
    this.timeout(90_000);
    const element = await openDesigner();
    await uploadTinyLogo(element);

    const added = await collectEvents("ottisk-design-add-to-cart", async () => {
      buttonByText(element, "В корзину")?.click();
      await find(element, "[part='problems']", 60_000);
      await waitFor(() => !buttonByText(element, "В корзину")?.disabled, "the actions free again");
    });
    expect(added, "nothing was added").to.have.length(0);
    const problems = shadow(element).querySelector("[part='problems']");
    // The engine's finding, numbered by side, and the designer's fix for it.
    expect(problems?.querySelector("li[data-code]")?.textContent ?? "").to.match(/стр\. 1/);
    const fix = [...(problems?.querySelectorAll<HTMLButtonElement>(".ottisk-designer-fix") ?? [])].find((button) => /^Уменьшить до/.test(button.textContent ?? ""));
    expect(fix, "the fix offered").to.not.equal(undefined);
    expect(shadow(element).textContent).to.not.contain("Перейти в корзину");
    const session = testApi({ value: localStorage.getItem(`ottisk-session:${apiBase}`) });
    const cart = await session.getCart();
    expect(cart.orderProduct.filter((line) => line.product.id === productId)).to.deep.equal([]);
  });

  it("zooms with two fingers: spreading them enlarges the side, the design itself unchanged", async function () {
    this.timeout(40_000);
    const element = await openDesigner();
    const zoom = await find<HTMLOutputElement>(element, "output.ottisk-designer-zoom");
    const percent = () => Number.parseInt(zoom.textContent ?? "", 10);
    const before = percent();
    const svg = await find<SVGSVGElement>(element, ".ottisk-designer-canvas svg, svg.ottisk-designer-canvas");
    const box = svg.getBoundingClientRect();
    const cx = box.left + box.width / 2;
    const cy = box.top + 2;
    const finger = (type: string, pointerId: number, x: number) =>
      svg.dispatchEvent(new PointerEvent(type, { pointerId, pointerType: "touch", isPrimary: pointerId === 11, button: 0, buttons: type === "pointerup" ? 0 : 1, clientX: x, clientY: cy, bubbles: true, composed: true }));
    finger("pointerdown", 11, cx - 20);
    finger("pointerdown", 12, cx + 20);
    for (const spread of [30, 40, 50]) {
      finger("pointermove", 11, cx - spread);
      finger("pointermove", 12, cx + spread);
    }
    finger("pointerup", 12, cx + 50);
    finger("pointerup", 11, cx - 50);
    await waitFor(() => percent() > before * 2, `zoomed in from ${before} %`);
    // A pinch is a view, not an edit: nothing to undo.
    expect(buttonByText(element, "Отменить")?.disabled, "«Отменить» after a pinch").to.equal(true);
  });

  it("fits 375 px: nothing wider than the phone's screen", async function () {
    this.timeout(40_000);
    const frame = document.createElement("div");
    frame.style.width = "375px";
    document.body.append(frame);
    const element = await openDesigner(frame);
    const designer = await find(element, ".ottisk-designer");
    expect(designer.scrollWidth, "the designer's width").to.be.at.most(375);
    const wide = [...shadow(element).querySelectorAll<HTMLElement>("*")].filter((node) => node.getBoundingClientRect().right > frame.getBoundingClientRect().right + 1 && !node.closest(".ottisk-designer-templates, .ottisk-designer-scroller"));
    expect(wide.map((node) => node.className || node.localName)).to.deep.equal([]);

    // A finger drags an element on the canvas: it moves, and the whole drag is one undo step.
    const layer = (await find<HTMLButtonElement>(element, ".ottisk-designer-layer button[aria-label^='Закрепить']")).closest<HTMLLIElement>(".ottisk-designer-layer");
    const id = layer?.dataset.layerId ?? "";
    layer?.querySelector<HTMLButtonElement>(".ottisk-designer-layer__name")?.click();
    const xField = () => fieldByLabel(element, "X, мм") ?? fieldByLabel(element, "Начало X, мм");
    const startX = (await waitFor(() => xField(), "the element's X")).value;
    const target = shadow(element).querySelector(`.ottisk-designer-canvas [data-element-id="${CSS.escape(id)}"]`)?.querySelector("rect, path, line, svg");
    if (!target) throw new Error("no element on the canvas");
    const box = target.getBoundingClientRect();
    const x = box.left + Math.min(4, box.width / 2);
    const y = box.top + Math.min(4, box.height / 2);
    const finger = (type: string, dx: number) =>
      target.dispatchEvent(new PointerEvent(type, { pointerId: 7, pointerType: "touch", isPrimary: true, button: 0, buttons: type === "pointerup" ? 0 : 1, clientX: x + dx, clientY: y, bubbles: true, composed: true }));
    finger("pointerdown", 0);
    for (const dx of [10, 20, 30, 40]) finger("pointermove", dx);
    finger("pointerup", 40);
    await waitFor(() => xField()?.value !== startX, "the element dragged");
    buttonByText(element, "Отменить")?.click();
    await waitFor(() => xField()?.value === startX, "the drag undone in one step");
  });

  it("downloads a PDF the engine passes, saves the design to the account and puts it into the cart with its layouts", async function () {
    this.timeout(90_000);
    const element = await openDesigner();
    const name = fieldByLabel(element, "Имя");
    if (!name) throw new Error("no «Имя» field");
    typeInto(name, "Ёжиков «Пётр» 2026");
    const exported = await collectEvents<{ pages: number; bytes: number; fileName: string; findings: number }>("ottisk-design-export", async () => {
      buttonByText(element, "Скачать PDF")?.click();
      await waitFor(() => shadow(element).querySelector("a[download]") ?? shadow(element).querySelector("[part='problems']"), "the checked PDF", 60_000);
    });
    expect(shadow(element).querySelector("[part='problems']")?.textContent ?? "", "the engine's findings").to.equal("");
    expect(exported).to.have.length(1);
    expect(exported[0]?.detail.findings).to.equal(0);
    expect(exported[0]?.detail.pages).to.be.within(1, 2);
    expect(exported[0]?.detail.bytes).to.be.greaterThan(1000);

    buttonByText(element, "Сохранить")?.click();
    await findText(element, "Макет сохранён в «Мои макеты»", 20_000);
    // Reopened from «Мои макеты» (design-id) with the edit, by the same visitor.
    const session = testApi({ value: localStorage.getItem(`ottisk-session:${apiBase}`) });
    const saved = (await session.getLayoutDesigns()).designs[0];
    if (!saved) throw new Error("the design was not saved");
    const reopened = mount("ottisk-designer", { "product-id": String(productId), "design-id": saved.id });
    await waitFor(() => fieldByLabel(reopened, "Имя")?.value === "Ёжиков «Пётр» 2026", "the reopened design's name", 20_000);
    reopened.remove();

    const added = await collectEvents<{ productId: number; orderProductId: number; layoutIds: number[] }>("ottisk-design-add-to-cart", async () => {
      buttonByText(element, "В корзину")?.click();
      await findText(element, "Перейти в корзину", 60_000);
    });
    expect(added).to.have.length(1);
    expect(added[0]?.detail.productId).to.equal(productId);
    // One layout per side: a two-sided card goes in with its colours for two sides and both details' layouts.
    expect(added[0]?.detail.layoutIds.length).to.equal(exported[0]?.detail.pages);
  });
});
