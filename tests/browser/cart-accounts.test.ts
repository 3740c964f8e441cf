/// <reference types="mocha" />
import { expect } from "chai";
import "../../widgets/index";
import { addKrasnodarSelfPickup, asDemoClient, cartLines, clearCart, enabledButton, ROMASHKA } from "./cart-shopper";
import { businessCardId, chooseOption, expectAccessible, find, mount, resetPage, shadow, waitFor } from "./support";

/*
 * <ottisk-cart> of the demo client (client@example.com, with «ООО «Ромашка»»): a line whose layouts
 * a designer makes waits for the client's approval of the designer's layout, and the cart says whose it is and offers to move the lines of
 * the client's other cart here. The data is arranged through the API with the session the element
 * then uses.
 */

afterEach(() => resetPage());

describe("<ottisk-cart>: a line whose layouts a designer makes", () => {
  it("says the designer makes the layout and keeps «Оформить заказ» disabled until the client approves it", async () => {
    await asDemoClient(async ({ api }) => {
      await api.selectCompany(null);
      await clearCart(api, null);
      const added = await api.addCartProduct({ productId: await businessCardId(api), quantity: 100 });
      const line = added.orderProduct[0]!;
      const designIds: number[] = [];
      for (const layout of line.layouts.filter((item) => item.status === "missing")) {
        designIds.push((await api.createDesignOrder({ orderProductId: line.id, detailName: layout.detailName, comment: "Сделайте визитку для кофейни" })).designId);
      }
      expect(designIds.length, "business cards need a layout").to.be.greaterThan(0);
      await addKrasnodarSelfPickup(api, null);
      // The personal profile pays by card (an invoice is for a company only).
      await api.updateCart({ paymentType: "Yookassa" });

      const element = mount("ottisk-cart");
      const [item] = await cartLines(element, 1);
      const waiting = line.layouts.map((layout) => `Макет «${layout.detailName}» для «${line.product.name}» делает дизайнер: заказ можно оформить, когда вы утвердите макет`);
      const layouts = Array.from(item!.querySelectorAll<HTMLElement>(".ottisk-cart-line__layout"));
      expect(layouts.map((node) => node.textContent)).to.deep.equal(waiting);
      expect(layouts.map((node) => node.classList.contains("ottisk-cart-line__layout--design"))).to.deep.equal(waiting.map(() => true));
      expect(item!.textContent).not.to.contain("Загрузите макет");
      const problems = await find(element, "[data-testid=problems]");
      for (const text of waiting) expect(problems.textContent).to.contain(text);
      const checkout = await find<HTMLButtonElement>(element, "[part~=checkout]");
      expect(checkout.disabled, "«Оформить заказ» waits for the approval").to.equal(true);
      await expectAccessible(element);

      // Out of the order, the line just says who makes its layout.
      item!.querySelector<HTMLInputElement>(".ottisk-cart-line__check input")!.click();
      await waitFor(
        () => item!.querySelector(".ottisk-cart-line__layout")?.textContent === `${line.layouts[0]!.detailName}: макет делает дизайнер — заказ дизайна № ${designIds[0]} принят`,
        "the line out of the order to name the design order",
      );
    }, { emptyCartAfter: "personal" });
  });

  it("asks for the layout again once the design order is cancelled", async () => {
    await asDemoClient(async ({ api }) => {
      await api.selectCompany(null);
      await clearCart(api, null);
      const added = await api.addCartProduct({ productId: await businessCardId(api), quantity: 100 });
      const line = added.orderProduct[0]!;
      const layout = line.layouts[0]!;
      const design = await api.createDesignOrder({ orderProductId: line.id, detailName: layout.detailName, comment: "Логотип крупнее" });
      await api.cancelDesignOrder(design.designId);
      const element = mount("ottisk-cart");
      const [item] = await cartLines(element, 1);
      await waitFor(() => item!.textContent?.includes(`Загрузите макет «${layout.detailName}»`), "the layout to be asked for");
      expect(item!.textContent).not.to.contain("макет делает дизайнер");
    }, { emptyCartAfter: "personal" });
  });
});

describe("<ottisk-cart>: whose cart, and moving lines between accounts", () => {
  it("names the account, offers the other cart's lines with their count and moves them here", async () => {
    await asDemoClient(async ({ api, romashka }) => {
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

      (await enabledButton(element, "Перенести товары из корзины «Личный профиль» сюда (2)")).click();
      await cartLines(element, 2);
      await waitFor(() => shadow(element).querySelector("[part~=move]") === null, "the offer to go");
      expect((await api.getCart()).orderProduct).to.deep.equal([]);
      expect((await api.getCart({ companyId: romashka })).orderProduct.map((line) => line.quantity)).to.deep.equal([100, 200]);

      // Switching back to the personal profile: its (now empty) cart says so and offers the company's lines.
      chooseOption(await find<HTMLSelectElement>(element, "[part~=company] select"), "");
      await waitFor(() => shadow(element).querySelector("[data-testid=cart-account]")?.textContent === "Корзина: личный профиль", "the personal profile's name");
      await enabledButton(element, `Перенести товары из корзины «${ROMASHKA}» сюда (2)`);
      await expectAccessible(element);
    }, { emptyCartAfter: "romashka" });
  });
});
