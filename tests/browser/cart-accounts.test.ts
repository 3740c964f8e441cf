/// <reference types="mocha" />
import { expect } from "chai";
import type { Cart } from "../../shared/contracts/index";
import { DEFAULT_CITY_KLADR_ID } from "../../shared/domain/index";
import type { Api } from "../../shared/http/index";
import { STORAGE_KEYS, writeText } from "../../shared/state/index";
import "../../widgets/index";
import { apiBase, businessCardId, chooseOption, expectAccessible, find, findText, mount, resetPage, shadow, testApi, waitFor } from "./support";

/*
 * <ottisk-cart> of the demo client (client@example.com, with «ООО «Ромашка»»): a line whose layouts
 * a designer makes can be ordered, and the cart says whose it is and offers to move the lines of
 * the client's other cart here. The data is arranged through the API with the session the element
 * then uses.
 */

const CLIENT = { email: "client@example.com", password: "client12345" };
const ROMASHKA = "ООО «Ромашка»";

interface SignedIn {
  api: Api;
  romashka: number;
  selectedBefore: number | null;
}

async function signedInClient(): Promise<SignedIn> {
  const token: { value: string | null } = { value: null };
  const api = testApi(token);
  const grant = await api.login(CLIENT);
  if (!token.value) throw new Error("The API opened no session");
  writeText(STORAGE_KEYS.session(apiBase), token.value);
  const romashka = grant.profile.companies.find((company) => company.name === ROMASHKA);
  if (!romashka) throw new Error(`The demo client has no ${ROMASHKA}`);
  return { api, romashka: romashka.id, selectedBefore: grant.profile.selectedCompanyId };
}

/** Empties a cart of the client (other test files may have left lines, deliveries, a promocode). */
async function clearCart(api: Api, companyId: number | null): Promise<void> {
  const target = companyId === null ? {} : { companyId };
  const cart = await api.getCart(target);
  for (const delivery of cart.deliveries) await api.removeCartDelivery(delivery.id);
  for (const line of cart.orderProduct) await api.removeCartProduct(line.id);
  if (cart.promocode) await api.removePromocode(target);
}

async function selfPickup(api: Api, companyId: number | null): Promise<Cart> {
  const point = (await api.getSelfPickupPoints()).items.find((item) => item.cityKladrId === DEFAULT_CITY_KLADR_ID);
  if (!point) throw new Error("No self-pickup point in Krasnodar");
  return api.addCartDelivery({
    ...(companyId === null ? {} : { companyId }),
    deliveryType: "SelfPickup",
    cityKladrId: DEFAULT_CITY_KLADR_ID,
    deliveryMethod: "SelfPickup",
    pickupPointCode: String(point.id),
  });
}

function lines(element: Element, count: number): Promise<HTMLElement[]> {
  return waitFor(() => {
    const found = Array.from(shadow(element).querySelectorAll<HTMLElement>("[part~=line]"));
    return found.length === count ? found : null;
  }, `${count} cart lines`);
}

function buttonByText(element: Element, text: string): Promise<HTMLButtonElement> {
  return waitFor(
    () => Array.from(shadow(element).querySelectorAll<HTMLButtonElement>("button")).find((candidate) => candidate.textContent?.trim() === text && !candidate.disabled),
    `an enabled button «${text}»`,
  );
}

afterEach(() => resetPage());

describe("<ottisk-cart>: a line whose layouts a designer makes", () => {
  it("says the designer makes the layout instead of «Загрузите макет…», enables «Оформить заказ» and places the order", async () => {
    const { api, selectedBefore } = await signedInClient();
    try {
      await api.selectCompany(null);
      await clearCart(api, null);
      const added = await api.addCartProduct({ productId: await businessCardId(api), quantity: 100 });
      const line = added.orderProduct[0]!;
      const designIds: number[] = [];
      for (const layout of line.layouts.filter((item) => item.status === "missing")) {
        designIds.push((await api.createDesignOrder({ orderProductId: line.id, detailName: layout.detailName, comment: "Сделайте визитку для кофейни" })).designId);
      }
      expect(designIds.length, "business cards need a layout").to.be.greaterThan(0);
      await selfPickup(api, null);
      // The personal profile pays by card (an invoice is for a company only).
      await api.updateCart({ paymentType: "Yookassa" });

      const element = mount("ottisk-cart");
      const [item] = await lines(element, 1);
      const layouts = Array.from(item!.querySelectorAll<HTMLElement>(".ottisk-cart-line__layout"));
      expect(layouts.map((node) => node.textContent)).to.deep.equal(
        line.layouts.map((layout, index) => `${layout.detailName}: макет делает дизайнер — заказ дизайна № ${designIds[index]} принят`),
      );
      expect(item!.textContent).not.to.contain("Загрузите макет");
      expect(shadow(element).querySelector("[data-testid=problems]"), "nothing is left to do").to.equal(null);
      const checkout = await waitFor(() => shadow(element).querySelector<HTMLButtonElement>("[part~=checkout]:not(:disabled)"), "«Оформить заказ» to be enabled");
      expect(checkout.textContent).to.equal("Оформить заказ");
      await expectAccessible(element);

      // The page keeps the shopper here instead of going to the payment page.
      const stay = (event: Event) => event.preventDefault();
      document.addEventListener("ottisk-checkout", stay);
      try {
        checkout.click();
        await find(element, "[data-testid=order-placed]");
        await findText(element, "оформлен");
      } finally {
        document.removeEventListener("ottisk-checkout", stay);
      }
      expect((await api.getCart()).orderProduct).to.deep.equal([]);
    } finally {
      await api.selectCompany(selectedBefore);
    }
  });

  it("asks for the layout again once the design order is cancelled", async () => {
    const { api, selectedBefore } = await signedInClient();
    try {
      await api.selectCompany(null);
      await clearCart(api, null);
      const added = await api.addCartProduct({ productId: await businessCardId(api), quantity: 100 });
      const line = added.orderProduct[0]!;
      const layout = line.layouts[0]!;
      const design = await api.createDesignOrder({ orderProductId: line.id, detailName: layout.detailName, comment: "Логотип крупнее" });
      await api.cancelDesignOrder(design.designId);
      const element = mount("ottisk-cart");
      const [item] = await lines(element, 1);
      await waitFor(() => item!.textContent?.includes(`Загрузите макет «${layout.detailName}»`), "the layout to be asked for");
      expect(item!.textContent).not.to.contain("макет делает дизайнер");
    } finally {
      await clearCart(api, null);
      await api.selectCompany(selectedBefore);
    }
  });
});

describe("<ottisk-cart>: whose cart, and moving lines between accounts", () => {
  it("names the account, offers the other cart's lines with their count and moves them here", async () => {
    const { api, romashka, selectedBefore } = await signedInClient();
    try {
      await clearCart(api, null);
      await clearCart(api, romashka);
      await api.selectCompany(romashka);
      const cardId = await businessCardId(api);
      await api.addCartProduct({ productId: cardId, quantity: 100 });
      await api.addCartProduct({ productId: cardId, quantity: 200 });

      const element = mount("ottisk-cart");
      const account = await find(element, "[data-testid=cart-account]");
      await waitFor(() => account.textContent === `Корзина: ${ROMASHKA}`, "the company's name over the cart");
      await find(element, "[part~=empty]");
      const offer = await find(element, "[part~=move]");
      expect(offer.textContent).to.contain("В корзине «Личный профиль» остались 2 товара.");
      await expectAccessible(element);

      (await buttonByText(element, "Перенести товары из корзины «Личный профиль» сюда (2)")).click();
      await lines(element, 2);
      await waitFor(() => shadow(element).querySelector("[part~=move]") === null, "the offer to go");
      expect((await api.getCart()).orderProduct).to.deep.equal([]);
      expect((await api.getCart({ companyId: romashka })).orderProduct.map((line) => line.quantity)).to.deep.equal([100, 200]);

      // Switching back to the personal profile: its (now empty) cart says so and offers the company's lines.
      chooseOption(await find<HTMLSelectElement>(element, "[part~=company] select"), "");
      await waitFor(() => shadow(element).querySelector("[data-testid=cart-account]")?.textContent === "Корзина: личный профиль", "the personal profile's name");
      await buttonByText(element, `Перенести товары из корзины «${ROMASHKA}» сюда (2)`);
      await expectAccessible(element);
    } finally {
      await clearCart(api, romashka);
      await api.selectCompany(selectedBefore);
    }
  });
});
