/// <reference types="mocha" />
import { expect } from "chai";
import type { Cart } from "../../shared/contracts/index";
import { DEFAULT_CITY_KLADR_ID, formatRoubles } from "../../shared/domain/index";
import type { Api } from "../../shared/http/index";
import { cartStateAtom, deliveryChangeAtom, getPageStore } from "../../shared/state/index";
import { businessCardPdf } from "../../preflight/core/testing";
import "../../widgets/index";
import { addKrasnodarSelfPickup, asDemoClient, cartLines, clearCart, DEMO_CLIENT, enabledButton, sharedSession, signedInClient } from "./cart-shopper";
import { apiBase, businessCardId, chooseOption, collectCancelledEvents, collectEvents, expectAccessible, find, findText, mount, resetPage, shadow, typeInto, waitFor } from "./support";

/*
 * <ottisk-cart> against the real API: a fresh visitor for the lines, the promocode and the
 * deliveries; the demo client (client@example.com) for companies and placing orders. The data is
 * arranged through the API with the same session the element then uses (its token stored the way
 * the element keeps it), as on a partner page where the shopper already shopped.
 */


/** A fresh visitor with one line of 100 business cards; the page shares the session. */
async function visitorWithLine(): Promise<{ api: Api; cart: Cart }> {
  const session = sharedSession();
  const cart = await session.api.addCartProduct({ productId: await businessCardId(session.api), quantity: 100 });
  session.share();
  return { api: session.api, cart };
}

/** A line of business cards whose layouts are uploaded (a clean PDF), with a self-pickup delivery: ready to order. */
async function readyCart(api: Api, companyId: number | null): Promise<Cart> {
  const target = companyId === null ? {} : { companyId };
  const cart = await api.addCartProduct({ productId: await businessCardId(api), quantity: 100, ...target });
  for (const line of cart.orderProduct) {
    for (const layout of line.layouts.filter((item) => item.status === "missing")) {
      const pdf = businessCardPdf("0 0 0 1 k 0 0 100 100 re f");
      await api.uploadLayout({ file: new Blob([pdf.slice().buffer]), fileName: "vizitka.pdf", orderProductId: line.id, detailName: layout.detailName });
    }
  }
  return addKrasnodarSelfPickup(api, companyId);
}


/** The radio or checkbox whose label contains `text`, once enabled. */
function choice(element: Element, text: string): Promise<HTMLInputElement> {
  return waitFor(() => {
    const label = Array.from(shadow(element).querySelectorAll("label")).find((candidate) => candidate.textContent?.includes(text));
    const input = label?.querySelector("input");
    return input && !input.disabled ? input : null;
  }, `an enabled choice «${text}»`);
}

/** The form control a label of the element names, by the label's text. */
function labelled<E extends HTMLElement>(element: Element, text: string): Promise<E> {
  return waitFor(() => {
    const label = Array.from(shadow(element).querySelectorAll("label")).find((candidate) => candidate.textContent?.trim() === text);
    return label?.htmlFor ? shadow(element).getElementById(label.htmlFor) as E | null : null;
  }, `a field labelled «${text}»`);
}

/** The calls the page made to the API path `path` since the last performance.clearResourceTimings(). */
function callsTo(path: string): URL[] {
  return performance
    .getEntriesByType("resource")
    .map((entry) => new URL(entry.name))
    .filter((url) => url.href.startsWith(apiBase) && url.pathname.endsWith(path));
}

/** Lets the browser run its other tasks once (timers, network callbacks), like a person's pause between keys. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

afterEach(() => resetPage());

describe("<ottisk-cart>: states", () => {
  it("shows the Russian network message and «Повторить» when the API does not answer", async () => {
    const element = mount("ottisk-cart", { "api-base": "http://127.0.0.1:9/api" });
    await findText(element, "Нет связи с сервером");
    const alert = await find(element, "[role=alert]");
    expect(alert.textContent).to.contain("Проверьте подключение к интернету");
    await enabledButton(element, "Повторить");
    await expectAccessible(element);
  });

  it("shows a skeleton while loading, then «Корзина пуста» with the catalogue link", async () => {
    const element = mount("ottisk-cart", { "catalog-url": "https://partner.example/katalog" });
    await find(element, "[data-testid=cart-skeleton], [part~=empty]");
    const empty = await find(element, "[part~=empty]");
    expect(empty.textContent).to.contain("Корзина пуста");
    expect(empty.querySelector<HTMLAnchorElement>("a")?.href).to.equal("https://partner.example/katalog");
    await expectAccessible(element);
  });
});

describe("<ottisk-cart>: a visitor's lines and promocode", () => {
  it("shows the line with its product link, options and layout status, and asks a visitor to sign in", async () => {
    const { cart } = await visitorWithLine();
    const line = cart.orderProduct[0]!;
    const element = mount("ottisk-cart");
    const [item] = await cartLines(element, 1);
    const link = item!.querySelector<HTMLAnchorElement>(".ottisk-cart-line__name")!;
    expect(link.textContent).to.equal(line.product.name);
    expect(new URL(link.href).pathname).to.equal(`/catalog/${line.product.category.slug}/${line.product.id}`);
    for (const option of line.optionLabels) expect(item!.textContent).to.contain(option.label);
    // A missing layout is said once, as what to do (issue 16).
    expect(item!.querySelector("[data-status=missing]")?.textContent).to.equal(`Загрузите макет «${line.layouts[0]!.detailName}» для «${line.product.name}»`);
    expect(shadow(element).querySelector("[data-testid=sign-in]")?.textContent).to.contain("Войдите, чтобы оформить заказ");
    expect(shadow(element).querySelector("[part~=checkout]")).to.equal(null);
    await expectAccessible(element);
  });

  it("fits a 375 px wide phone screen, the delivery form open", async () => {
    await visitorWithLine();
    const phone = document.createElement("div");
    phone.style.width = "375px";
    document.body.append(phone);
    const element = mount("ottisk-cart", {}, phone);
    await cartLines(element, 1);
    (await enabledButton(element, "Выбрать доставку")).click();
    await choice(element, "Самовывоз");
    const cart = await find(element, "[part~=cart]");
    expect(cart.scrollWidth, "no horizontal scrolling").to.be.at.most(375);
    expect(element.getBoundingClientRect().width).to.equal(375);
  });

  it("takes a line out of the order at once, before the server answers", async () => {
    await visitorWithLine();
    const element = mount("ottisk-cart");
    const [item] = await cartLines(element, 1);
    const checkbox = item!.querySelector<HTMLInputElement>("input[type=checkbox]")!;
    expect(checkbox.checked).to.equal(true);
    checkbox.click();
    expect(getPageStore(apiBase).get(cartStateAtom).cart?.orderProduct[0]?.inOrder, "the store changed synchronously").to.equal(false);
    await waitFor(() => !checkbox.checked, "the checkbox to clear");
    await findText(element, "Отметьте для заказа хотя бы один товар");
    await waitFor(() => shadow(element).querySelector("[data-testid=total-items]")?.textContent === formatRoubles(0), "the items total to drop to 0");
  });

  it("re-prices a line when its quantity changes", async () => {
    const { api } = await visitorWithLine();
    const element = mount("ottisk-cart");
    const [item] = await cartLines(element, 1);
    const price = item!.querySelector("[data-testid=line-price]")!;
    const before = price.textContent;
    typeInto(item!.querySelector<HTMLInputElement>("input[name=quantity]")!, "500");
    (await enabledButton(element, "Пересчитать")).click();
    await waitFor(() => price.textContent !== before, "the line price to change");
    const line = (await api.getCart()).orderProduct[0]!;
    expect(line.quantity).to.equal(500);
    expect(price.textContent).to.equal(formatRoubles(line.price));
  });

  it("keeps a quantity typed the moment the line appears, before React's effects have run", async () => {
    const { api } = await visitorWithLine();
    const element = mount("ottisk-cart");
    // A MutationObserver's callback runs right after React's commit, before its passive effects:
    // the earliest a shopper (or a password manager) can type into the new field.
    const typed = new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        const field = shadow(element).querySelector<HTMLInputElement>("input[name=quantity]");
        if (!field) return;
        observer.disconnect();
        typeInto(field, "300");
        resolve();
      });
      observer.observe(shadow(element), { childList: true, subtree: true });
    });
    await typed;
    const [item] = await cartLines(element, 1);
    const field = item!.querySelector<HTMLInputElement>("input[name=quantity]")!;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(field.value, "the typed quantity stays").to.equal("300");
    const price = item!.querySelector("[data-testid=line-price]")!;
    const before = price.textContent;
    (await enabledButton(element, "Пересчитать")).click();
    await waitFor(() => price.textContent !== before, "the line price to change");
    expect((await api.getCart()).orderProduct[0]!.quantity).to.equal(300);
  });

  it("shows the expired code's Russian problem, then applies OTTISK10 with its discount", async () => {
    await visitorWithLine();
    const element = mount("ottisk-cart");
    await cartLines(element, 1);
    const input = await find<HTMLInputElement>(element, "input[name=promocode]");
    typeInto(input, "LETO2024");
    (await enabledButton(element, "Применить")).click();
    await findText(element, "Срок действия промокода истёк");
    expect(input.value, "the typed code is kept").to.equal("LETO2024");

    typeInto(input, "ottisk10");
    (await enabledButton(element, "Применить")).click();
    const applied = await find(element, "[data-testid=promocode]");
    expect(applied.textContent).to.contain("OTTISK10");
    const discount = await find(element, "[data-testid=total-discount]");
    const cart = getPageStore(apiBase).get(cartStateAtom).cart!;
    expect(cart.totals.discount).to.be.greaterThan(0);
    expect(discount.textContent).to.equal(`−${formatRoubles(cart.totals.discount)}`);

    (await enabledButton(element, "Убрать промокод")).click();
    await waitFor(() => !shadow(element).querySelector("[data-testid=total-discount]"), "the discount to go");
  });
});

describe("<ottisk-cart>: deliveries", () => {
  it("adds a self-pickup delivery at one of the shop's counters", async () => {
    await visitorWithLine();
    const element = mount("ottisk-cart");
    await cartLines(element, 1);
    (await enabledButton(element, "Выбрать доставку")).click();
    await findText(element, "Краснодар");
    (await choice(element, "Самовывоз")).click();
    const counter = await waitFor(
      () => shadow(element).querySelector<HTMLInputElement>("input[name=selfPickupPoint]"),
      "a self-pickup point",
    );
    counter.click();
    const counterName = counter.closest("label")?.querySelector(".ottisk-cart__choice-name")?.textContent;
    expect(counterName, "the counter has a name").to.be.a("string").and.not.equal("");
    (await enabledButton(element, "Добавить доставку")).click();
    const delivery = await find(element, "[part~=delivery]");
    expect(delivery.dataset.method).to.equal("SelfPickup");
    expect(delivery.textContent).to.contain("Самовывоз");
    const shownCounter = await waitFor(() => delivery.querySelector("[data-testid=delivery-point]"), "the delivery's counter");
    expect(shownCounter.textContent?.startsWith(`${counterName} — `), "the counter's name and address").to.equal(true);
    await waitFor(() => !shadow(element).textContent?.includes("Выберите способ доставки"), "the NO_DELIVERY problem to go");
    await expectAccessible(element);
  });

  it("shows the delivery error for a bad address, keeps the form, then saves a courier delivery to the door", async () => {
    await visitorWithLine();
    const element = mount("ottisk-cart");
    await cartLines(element, 1);
    (await enabledButton(element, "Выбрать доставку")).click();
    (await choice(element, "Курьер типографии")).click();
    const address = await find<HTMLInputElement>(element, "input[name=street-address]");
    typeInto(address, "ул");
    (await enabledButton(element, "Добавить доставку")).click();
    const error = await find(element, "[data-testid=delivery-error]");
    expect(error.textContent).to.contain("Укажите адрес доставки");
    expect(address.value, "the typed address is kept").to.equal("ул");
    expect(shadow(element).querySelector("[part~=delivery]")).to.equal(null);

    typeInto(address, "ул. Красная, д. 1, оф. 5");
    (await enabledButton(element, "Добавить доставку")).click();
    const delivery = await find(element, "[part~=delivery]");
    expect(delivery.dataset.method).to.equal("Courier");
    expect(delivery.textContent).to.contain("ул. Красная, д. 1, оф. 5");
    expect(shadow(element).querySelector("[data-testid=delivery-error]")).to.equal(null);
  });

  it("searches the delivery city once the typing stops, shows «Такого города не нашли», clears the list for an empty query and switches to the chosen city", async () => {
    await visitorWithLine();
    const element = mount("ottisk-cart");
    await cartLines(element, 1);
    (await enabledButton(element, "Выбрать доставку")).click();
    const city = await find(element, "[data-testid=delivery-city]");
    await waitFor(() => city.textContent === "Краснодар", "Krasnodar as the first city");
    const search = await find<HTMLInputElement>(element, "input[name=city-search]");
    const list = await find(element, "[aria-label='Найденные города']");

    performance.clearResourceTimings();
    for (const text of ["К", "Ка", "Каз", "Каза"]) {
      typeInto(search, text);
      await nextTask();
    }
    expect(callsTo("/geo/city"), "no search while typing").to.have.length(0);
    typeInto(search, "Казань");
    const kazan = await waitFor(
      () => Array.from(list.querySelectorAll("button")).find((option) => option.textContent?.startsWith("Казань")),
      "Казань among the found cities",
    );
    expect(kazan.textContent).to.contain("Республика Татарстан");
    expect(callsTo("/geo/city").map((url) => url.searchParams.get("search")), "one search, for the whole word").to.deep.equal(["Казань"]);

    typeInto(search, "");
    expect(list.querySelectorAll("li"), "an empty query clears the results at once").to.have.length(0);

    typeInto(search, "Зззззз");
    await findText(element, "Такого города не нашли");

    typeInto(search, "казань");
    (
      await waitFor(
        () => Array.from(list.querySelectorAll("button")).find((option) => option.textContent?.startsWith("Казань")),
        "Казань found again",
      )
    ).click();
    await waitFor(() => city.textContent === "Казань", "the delivery city to become Kazan");
    expect(search.value, "the search is cleared").to.equal("");
    expect(list.querySelectorAll("li")).to.have.length(0);
    const selfPickup = await waitFor(() => {
      const label = Array.from(shadow(element).querySelectorAll("label")).find((candidate) => candidate.textContent?.includes("Самовывоз"));
      return label?.textContent?.includes("недоступно в этом городе") ? label : null;
    }, "self-pickup to be unavailable in Kazan");
    expect(selfPickup.querySelector("input")?.disabled).to.equal(true);
    (await choice(element, "Boxberry")).click();
    expect(callsTo("/geo/delivery/1600000100000"), "the options were asked for Kazan").to.not.have.length(0);
    await expectAccessible(element);
  });

  it("adds a Boxberry delivery to a pickup point and shows the point in the cart", async () => {
    const { api } = await visitorWithLine();
    const points = await api.getPickupPoints(DEFAULT_CITY_KLADR_ID, { deliveryProvider: "Boxberry" });
    const point = points[1] ?? points[0];
    if (!point) throw new Error("Boxberry has no pickup points in Krasnodar");
    const element = mount("ottisk-cart");
    await cartLines(element, 1);
    (await enabledButton(element, "Выбрать доставку")).click();
    (await choice(element, "Boxberry")).click();
    const pickup = await labelled<HTMLSelectElement>(element, "Пункт выдачи");
    expect((await choice(element, "В пункт выдачи")).checked).to.equal(true);
    await waitFor(() => pickup.options.length === points.length + 1, "the pickup points to load");
    expect(Array.from(pickup.options).slice(1).map((option) => option.value)).to.deep.equal(points.map((item) => item.code));
    await expectAccessible(element);

    (await enabledButton(element, "Добавить доставку")).click();
    expect(pickup.validity.valueMissing, "the point is required").to.equal(true);
    expect(shadow(element).querySelector("[part~=delivery]")).to.equal(null);

    chooseOption(pickup, point.code);
    (await enabledButton(element, "Добавить доставку")).click();
    const delivery = await find(element, "[part~=delivery]");
    expect(delivery.dataset.method).to.equal("Boxberry");
    expect(delivery.textContent).to.contain("в пункт выдачи");
    const saved = getPageStore(apiBase).get(cartStateAtom).cart!.deliveries[0]!;
    expect(saved.deliveryType).to.equal("PickupPoint");
    expect(saved.pickupPointCode).to.equal(point.code);
    const shown = await waitFor(() => delivery.querySelector("[data-testid=delivery-point]"), "the delivery's pickup point");
    expect(shown.textContent).to.contain(point.name);
    expect(shown.textContent).to.contain(point.address);
    expect((await api.getCart()).deliveries.map((item) => item.pickupPointCode)).to.deep.equal([point.code]);
    await expectAccessible(element);
  });
});

describe("<ottisk-cart>: a signed-in client", () => {
  it("lets a visitor sign in from the cart; the cart reloads with the visitor's line in the account's cart", async () => {
    const client = await signedInClient();
    const target = client.selectedBefore === null ? null : client.selectedBefore;
    await clearCart(client.api, target);
    const { cart: visitorCart } = await visitorWithLine();
    const element = mount("ottisk-cart");
    await cartLines(element, 1);
    (await find<HTMLButtonElement>(element, "[part~=login-button]")).click();
    typeInto(await find<HTMLInputElement>(element, "input[name=email]"), DEMO_CLIENT.email);
    typeInto(await find<HTMLInputElement>(element, "input[name=password]"), DEMO_CLIENT.password);
    const events = await collectEvents<{ name: string; typeUser: string }>("ottisk-login", async () => {
      (await find<HTMLButtonElement>(element, "[part~=login-submit]")).click();
      await findText(element, "Вы вошли в систему");
    });
    expect(events.map((event) => event.detail.typeUser)).to.deep.equal(["client"]);
    await find(element, "[part~=checkout]");
    const [item] = await cartLines(element, 1);
    expect(item!.textContent).to.contain(visitorCart.orderProduct[0]!.product.name);
    expect(shadow(element).querySelector("[data-testid=sign-in]")).to.equal(null);
    await find(element, "[part~=company] select");
    await clearCart(client.api, target);
  });

  it("switches the cart to another company and re-issues that cart's deliveries", async () => {
    await asDemoClient(async ({ api, romashka }) => {
      await api.selectCompany(null);
      await clearCart(api, null);
      await clearCart(api, romashka);
      await api.addCartProduct({ productId: await businessCardId(api), quantity: 200 });
      await readyCart(api, romashka);

      const element = mount("ottisk-cart");
      const select = await find<HTMLSelectElement>(element, "[part~=company] select");
      await cartLines(element, 1);
      expect(select.value).to.equal("");
      expect(shadow(element).querySelector("[part~=delivery]")).to.equal(null);

      performance.clearResourceTimings();
      const events = await collectEvents<{ companyId: number | null }>("ottisk-company-change", async () => {
        chooseOption(select, String(romashka));
        await find(element, "[part~=delivery][data-method=SelfPickup]");
        await waitFor(() => !getPageStore(apiBase).get(deliveryChangeAtom).busy && select.value === String(romashka), "the switch to finish");
      });
      expect(events.map((event) => event.detail)).to.deep.equal([{ companyId: romashka }]);
      const deliveryCalls = performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name.startsWith(apiBase) && new URL(entry.name).pathname.endsWith("/client-cart/delivery"));
      expect(deliveryCalls, "one delivery update for the company cart's one delivery").to.have.length(1);
      expect((await api.getProfile()).selectedCompanyId).to.equal(romashka);
      await expectAccessible(element);
    });
  });

  it("offers «Счёт для юрлица» for a company's cart only, not for the personal profile", async () => {
    await asDemoClient(async ({ api, romashka }) => {
      await api.selectCompany(null);
      await clearCart(api, null);
      await clearCart(api, romashka);
      await api.addCartProduct({ productId: await businessCardId(api), quantity: 100 });
      await api.addCartProduct({ productId: await businessCardId(api), quantity: 100, companyId: romashka });

      const element = mount("ottisk-cart");
      await cartLines(element, 1);
      const offered = () => Array.from(shadow(element).querySelectorAll("[part~=payment] .ottisk-cart__choice-name")).map((node) => node.textContent);
      await waitFor(() => offered().length > 0, "the payment choices");
      expect(offered(), "a person pays by card or from the balance").to.deep.equal(["Онлайн картой (ЮKassa)", "С баланса"]);

      chooseOption(await find<HTMLSelectElement>(element, "[part~=company] select"), String(romashka));
      await waitFor(() => getPageStore(apiBase).get(cartStateAtom).cart?.companyId === romashka && offered().length === 3, "the company's payment choices");
      expect(offered(), "a company may pay by invoice").to.deep.equal(["Счёт для юрлица", "Онлайн картой (ЮKassa)", "С баланса"]);
    });
  });

  it("places one order for two clicks, fires ottisk-checkout, shows it and repeats its line", async () => {
    await asDemoClient(async ({ api, romashka }) => {
      await api.selectCompany(romashka);
      await clearCart(api, romashka);
      const ready = await readyCart(api, romashka);
      expect(ready.problems, "the arranged cart is ready").to.deep.equal([]);
      const ordersBefore = (await api.getOrders({ companyId: romashka })).total;

      const element = mount("ottisk-cart");
      await cartLines(element, 1);
      (await choice(element, "С баланса")).click();
      await find(element, "[data-testid=balance]");
      const checkout = await waitFor(
        () => shadow(element).querySelector<HTMLButtonElement>("[part~=checkout]:not(:disabled)"),
        "«Оформить заказ» to be enabled",
      );
      const events = await collectEvents<{ orderId: number; number: string; paymentType: string; total: number; href: string | null }>(
        "ottisk-checkout",
        async () => {
          checkout.click();
          checkout.click();
          await find(element, "[data-testid=order-placed]");
        },
      );
      expect(events).to.have.length(1);
      const detail = events[0]!.detail;
      expect(detail.paymentType).to.equal("InternalBalance");
      expect(detail.total).to.equal(ready.totals.total);
      expect(detail.href).to.equal(`${location.origin}/success-payment?orderId=${detail.orderId}`);
      expect(events[0]!.cancelable).to.equal(true);
      const orders = await api.getOrders({ companyId: romashka });
      expect(orders.total, "two clicks placed one order").to.equal(ordersBefore + 1);
      expect(orders.items[0]!.id).to.equal(detail.orderId);
      await findText(element, `Заказ № ${detail.number} оформлен`);
      await expectAccessible(element);

      (await enabledButton(element, "Повторить")).click();
      await findText(element, "Добавлено в корзину");
      const order = await api.getOrder(detail.orderId);
      const repeated = (await api.getCart({ companyId: romashka })).orderProduct;
      expect(repeated.map((line) => line.repeatOfId)).to.deep.equal([order.lines[0]!.id]);
    });
  });

  it("hands a card payment to the page when ottisk-checkout is cancelled, with the payment page's address", async () => {
    await asDemoClient(async ({ api, romashka }) => {
      await api.selectCompany(romashka);
      await clearCart(api, romashka);
      await readyCart(api, romashka);
      const element = mount("ottisk-cart");
      await cartLines(element, 1);
      (await choice(element, "Онлайн картой (ЮKassa)")).click();
      await waitFor(() => getPageStore(apiBase).get(cartStateAtom).cart?.paymentType === "Yookassa", "the payment type to be saved");
      const checkout = await waitFor(
        () => shadow(element).querySelector<HTMLButtonElement>("[part~=checkout]:not(:disabled)"),
        "«Оформить заказ» to be enabled",
      );
      const heard = await collectCancelledEvents<{ href: string | null; paymentType: string }>("ottisk-checkout", async () => {
        checkout.click();
        await find(element, "[data-testid=order-placed]");
      });
      expect(heard).to.have.length(1);
      expect(heard[0]!.detail.paymentType).to.equal("Yookassa");
      expect(heard[0]!.detail.href).to.match(/\/api\/payment\/test\/test-[0-9a-f-]{36}$/);
      const pay = Array.from(shadow(element).querySelectorAll<HTMLAnchorElement>("a")).find((link) => link.textContent === "Перейти к оплате");
      expect(pay?.href).to.equal(heard[0]!.detail.href);
    });
  });

  it("keeps the first click on a payment option when the cart changed meanwhile (a refresh in flight, issue 30 finding 6)", async () => {
    await asDemoClient(async ({ api, romashka }) => {
      await api.selectCompany(romashka);
      await clearCart(api, romashka);
      await readyCart(api, romashka);
      await api.updateCart({ companyId: romashka, paymentType: "InternalBalance" });
      const element = mount("ottisk-cart");
      await cartLines(element, 1);
      // The cart changes on the server after the page loaded it (another tab, the SSR'd copy refreshed): its version moves on.
      await api.updateCart({ companyId: romashka, comment: "Позвоните перед выдачей" });
      const card = await choice(element, "Онлайн картой (ЮKassa)");
      card.click();
      // React renders the click's state right after the event (a microtask), long before the server answers.
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(card.checked, "the click shows at once").to.equal(true);
      await waitFor(() => getPageStore(apiBase).get(cartStateAtom).cart?.paymentType === "Yookassa", "the click to be saved");
      expect((await api.getCart({ companyId: romashka })).paymentType, "the server has the choice").to.equal("Yookassa");
      expect(card.checked).to.equal(true);
      expect(shadow(element).querySelector("[part~=payment] [role=alert]"), "no error").to.equal(null);
    }, { emptyCartAfter: "romashka" });
  });

  it("orders with the payment type clicked last: «Оформить заказ» waits while the choice is saved", async () => {
    await asDemoClient(async ({ api, romashka }) => {
      await api.selectCompany(romashka);
      await clearCart(api, romashka);
      await readyCart(api, romashka);
      await api.updateCart({ companyId: romashka, paymentType: "InternalBalance" });
      const element = mount("ottisk-cart");
      await cartLines(element, 1);
      const checkout = await waitFor(
        () => shadow(element).querySelector<HTMLButtonElement>("[part~=checkout]:not(:disabled)"),
        "«Оформить заказ» to be enabled for the balance",
      );
      (await choice(element, "Счёт для юрлица")).click();
      await nextTask();
      // The shopper's next click, while the server has not answered yet: the order is not placed on the old type.
      expect(checkout.disabled, "the button waits for the save").to.equal(true);
      checkout.click();
      await waitFor(() => (checkout.disabled ? null : checkout), "«Оформить заказ» to be enabled again");
      expect(getPageStore(apiBase).get(cartStateAtom).cart?.paymentType).to.equal("Invoice");
      const heard = await collectCancelledEvents<{ paymentType: string }>("ottisk-checkout", async () => {
        checkout.click();
        await find(element, "[data-testid=order-placed]");
      });
      expect(heard.map((event) => event.detail.paymentType), "one order, by invoice").to.deep.equal(["Invoice"]);
      expect((await api.getOrders({ companyId: romashka })).items[0]!.paymentType).to.equal("Invoice");
    }, { emptyCartAfter: "romashka" });
  });

  it("lists the account's recipients in the delivery form and saves the chosen one with the delivery", async () => {
    await asDemoClient(async ({ api }) => {
      await api.selectCompany(null);
      await clearCart(api, null);
      await api.addCartProduct({ productId: await businessCardId(api), quantity: 100 });
      const saved = await api.createRecipient({ name: `Пётр Сидоров ${Date.now()}`, phone: "+79181234567", email: null, companyId: null });

      const element = mount("ottisk-cart");
      await cartLines(element, 1);
      (await enabledButton(element, "Выбрать доставку")).click();
      const recipient = await labelled<HTMLSelectElement>(element, "Кто получит заказ");
      await waitFor(() => !recipient.disabled && Array.from(recipient.options).some((option) => option.value === String(saved.id)), "the saved recipient in the list");
      expect(recipient.value, "nobody chosen at first").to.equal("");
      const option = Array.from(recipient.options).find((item) => item.value === String(saved.id))!;
      // The phone in the one format every screen shows (displayPhone).
      expect(option.textContent).to.equal(`${saved.name}, +7 918 123-45-67`);
      chooseOption(recipient, String(saved.id));

      (await choice(element, "Самовывоз")).click();
      (await waitFor(() => shadow(element).querySelector<HTMLInputElement>("input[name=selfPickupPoint]"), "a self-pickup point")).click();
      (await enabledButton(element, "Добавить доставку")).click();
      await find(element, "[part~=delivery][data-method=SelfPickup]");
      expect((await api.getCart()).deliveries.map((delivery) => delivery.recipientId)).to.deep.equal([saved.id]);

      (await enabledButton(element, "Изменить")).click();
      const again = await labelled<HTMLSelectElement>(element, "Кто получит заказ");
      await waitFor(() => again.value === String(saved.id), "the edit form to show the saved recipient");
      await expectAccessible(element);
      await clearCart(api, null);
    });
  });

  it("creates a new recipient from the delivery form: the Russian problem for a bad phone, then the new one chosen", async () => {
    await asDemoClient(async ({ api, romashka }) => {
      await api.selectCompany(romashka);
      await clearCart(api, romashka);
      await api.addCartProduct({ productId: await businessCardId(api), quantity: 100, companyId: romashka });
      const name = `Анна Кузнецова ${Date.now()}`;

      const element = mount("ottisk-cart");
      await cartLines(element, 1);
      (await enabledButton(element, "Выбрать доставку")).click();
      const recipient = await labelled<HTMLSelectElement>(element, "Кто получит заказ");
      await waitFor(() => !recipient.disabled, "the recipients to load");
      (await enabledButton(element, "Новый получатель")).click();
      typeInto(await find<HTMLInputElement>(element, "input[name=recipient-name]"), name);
      const phone = await find<HTMLInputElement>(element, "input[name=recipient-phone]");
      typeInto(phone, "12345");
      typeInto(await find<HTMLInputElement>(element, "input[name=recipient-email]"), "anna@example.com");
      (await enabledButton(element, "Сохранить получателя")).click();
      await findText(element, "Телефон в формате +7 999 123-45-67");
      expect(phone.value, "the typed phone is kept, in the mask").to.equal("+12345");
      expect((await find<HTMLInputElement>(element, "input[name=recipient-name]")).value, "the typed name is kept").to.equal(name);

      typeInto(phone, "8 (918) 765-43-21");
      (await enabledButton(element, "Сохранить получателя")).click();
      await waitFor(() => !shadow(element).querySelector("input[name=recipient-name]"), "the new recipient's fields to close");
      const created = (await api.getRecipients(romashka)).find((item) => item.name === name);
      expect(created, "the recipient is saved for the company").to.not.equal(undefined);
      expect(created!.phone).to.equal("+79187654321");
      expect(created!.email).to.equal("anna@example.com");
      expect(created!.companyId).to.equal(romashka);
      await waitFor(() => recipient.value === String(created!.id) && !recipient.disabled, "the new recipient to be chosen");
      expect(recipient.selectedOptions[0]?.textContent).to.equal(`${name}, +7 918 765-43-21`);
      expect((await api.getRecipients()).some((item) => item.name === name), "not among the personal profile's recipients").to.equal(false);

      (await choice(element, "Самовывоз")).click();
      (await waitFor(() => shadow(element).querySelector<HTMLInputElement>("input[name=selfPickupPoint]"), "a self-pickup point")).click();
      (await enabledButton(element, "Добавить доставку")).click();
      await find(element, "[part~=delivery][data-method=SelfPickup]");
      expect((await api.getCart({ companyId: romashka })).deliveries.map((delivery) => delivery.recipientId)).to.deep.equal([created!.id]);
      await expectAccessible(element);
      await clearCart(api, romashka);
    });
  });
});

describe("custom-elements.json", () => {
  it("documents every attribute <ottisk-cart> and <ottisk-cart-button> observe", async () => {
    const manifest = (await import("../../widgets/custom-elements.json")).default as {
      modules: Array<{ declarations?: Array<{ tagName?: string; attributes?: Array<{ name: string }> }> }>;
    };
    for (const tag of ["ottisk-cart", "ottisk-cart-button"]) {
      const declaration = manifest.modules.flatMap((module) => module.declarations ?? []).find((item) => item.tagName === tag);
      expect(declaration, `${tag} is in the manifest`).to.not.equal(undefined);
      const documented = (declaration!.attributes ?? []).map((attribute) => attribute.name).sort();
      const observed = [...(customElements.get(tag) as unknown as { observedAttributes: string[] }).observedAttributes].sort();
      expect(documented).to.deep.equal(observed);
    }
  });
});
