/// <reference types="mocha" />
import { expect } from "chai";
import "../../widgets/index";
import { addKrasnodarSelfPickup, asDemoClient, cartLines, clearCart, enabledButton, ROMASHKA } from "./cart-shopper";
import { businessCardId, chooseOption, collectCancelledEvents, expectAccessible, find, findText, mount, resetPage, shadow, waitFor } from "./support";

/*
 * <ottisk-cart> of the demo client (client@example.com, with «ООО «Ромашка»»): a line whose layouts
 * a designer makes can be ordered, and the cart says whose it is and offers to move the lines of
 * the client's other cart here. The data is arranged through the API with the session the element
 * then uses.
 */

afterEach(() => resetPage());

describe("<ottisk-cart>: a line whose layouts a designer makes", () => {
  it("says the designer makes the layout instead of «Загрузите макет…», enables «Оформить заказ» and places the order", async () => {
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
      await collectCancelledEvents("ottisk-checkout", async () => {
        checkout.click();
        await find(element, "[data-testid=order-placed]");
        await findText(element, "оформлен");
      });
      expect((await api.getCart()).orderProduct).to.deep.equal([]);
    });
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
