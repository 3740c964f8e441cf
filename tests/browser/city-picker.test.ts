/// <reference types="mocha" />
import { expect } from "chai";
import { CITY_LIST_MAX_HEIGHT_PX, CITY_SELECT_DELAY_MS, PRESET_CITIES } from "../../shared/domain/index";
import { cityOrDefault, DEFAULT_CITY, readText, STORAGE_KEYS } from "../../shared/state/index";
import "../../widgets/index";
import { apiBase, collectEvents, expectAccessible, find, findText, mount, resetPage, shadow, testApi, typeInto, waitFor } from "./support";


function cityOptions(element: Element): HTMLButtonElement[] {
  return Array.from(shadow(element).querySelectorAll<HTMLButtonElement>(".ottisk-city-dialog__city"));
}

function cityRequests(): string[] {
  return performance
    .getEntriesByType("resource")
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(`${apiBase}/geo/city?`) || name === `${apiBase}/geo/city`);
}

async function openDialog(element: Element): Promise<HTMLDialogElement> {
  const button = await find<HTMLButtonElement>(element, ".ottisk-city-picker__button[aria-busy='false']");
  button.click();
  return find<HTMLDialogElement>(element, "dialog[open]");
}

afterEach(() => resetPage());

describe("<ottisk-city-picker>", () => {
  it("shows Краснодар to a visitor without a city, and the five preset cities without asking the server", async () => {
    performance.clearResourceTimings();
    const element = mount("ottisk-city-picker");
    await findText(element, "Краснодар");
    const dialog = await openDialog(element);

    expect(dialog.querySelector("h2")?.textContent).to.equal("Выберите город");
    const names = cityOptions(element).map((option) => option.textContent);
    expect(names).to.deep.equal(PRESET_CITIES.map((city) => (city.region === city.city ? city.city : `${city.city}, ${city.region}`)));
    expect(cityRequests(), "the presets are constants: no /geo/city request").to.have.length(0);
    const list = shadow(element).querySelector<HTMLElement>(".ottisk-city-dialog__list")!;
    expect(getComputedStyle(list).maxHeight).to.equal(`${CITY_LIST_MAX_HEIGHT_PX}px`);
    expect(getComputedStyle(list).overflowY).to.equal("auto");
    expect(cityOptions(element)[0]!.getAttribute("aria-current"), "Краснодар is the current city").to.equal("true");
    await expectAccessible(element);
  });

  it("debounces the search: quick typing makes one request; an empty query brings the presets back", async () => {
    const element = mount("ottisk-city-picker");
    await openDialog(element);
    const input = await find<HTMLInputElement>(element, "input[type='search']");
    performance.clearResourceTimings();
    for (const text of ["К", "Ка", "Каз", "Каза", "Казань"]) typeInto(input, text);

    await waitFor(() => {
      const names = cityOptions(element).map((option) => option.textContent);
      return names.length === 1 && names[0] === "Казань, Республика Татарстан";
    }, "Казань alone in the list");
    expect(cityRequests(), "one request for five keystrokes").to.have.length(1);
    expect(cityRequests()[0]).to.contain(`search=${encodeURIComponent("Казань")}`);

    typeInto(input, "");
    // Spec §5: an empty query clears the results at once, with no pause for typing.
    expect(cityOptions(element).length, "the presets come back at once").to.equal(PRESET_CITIES.length);
    expect(cityRequests(), "an empty query asks nothing").to.have.length(1);
  });

  it("moves through the list with the arrow keys", async () => {
    const element = mount("ottisk-city-picker");
    await openDialog(element);
    const input = await find<HTMLInputElement>(element, "input[type='search']");
    input.focus();
    input.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true }));
    expect(shadow(element).activeElement).to.equal(cityOptions(element)[0]);
    cityOptions(element)[0]!.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true }));
    expect(shadow(element).activeElement).to.equal(cityOptions(element)[1]);
    cityOptions(element)[1]!.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowUp", bubbles: true }));
    cityOptions(element)[0]!.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowUp", bubbles: true }));
    expect(shadow(element).activeElement).to.equal(input);
  });

  it("shows the server's Russian message when the search fails, and keeps the query", async () => {
    const element = mount("ottisk-city-picker");
    await openDialog(element);
    const input = await find<HTMLInputElement>(element, "input[type='search']");
    const tooLong = "а".repeat(101);
    typeInto(input, tooLong);
    const alert = await find(element, ".ottisk-city-dialog__error[role='alert']");
    expect(alert.textContent).to.equal("Название города для поиска — не длиннее 100 символов");
    expect(input.value).to.equal(tooLong);
    await expectAccessible(element);
  });

  it("saves the chosen city, shows it, closes 500 ms later, fires ottisk-city-change and returns focus", async () => {
    const element = mount("ottisk-city-picker");
    const button = await find<HTMLButtonElement>(element, ".ottisk-city-picker__button[aria-busy='false']");
    button.focus();
    const dialog = await openDialog(element);
    const moscow = cityOptions(element).find((option) => option.textContent?.startsWith("Москва"))!;

    let clickedAt = 0;
    const events = await collectEvents<{ kladrId: string; city: string; region: string }>("ottisk-city-change", async () => {
      clickedAt = performance.now();
      moscow.click();
      await find(element, ".ottisk-city-dialog__chosen");
      expect(shadow(element).querySelector(".ottisk-city-dialog__chosen")?.textContent).to.equal("Выбран город: Москва");
      expect(dialog.open, "the choice shows before the dialog closes").to.equal(true);
      await waitFor(() => !dialog.open, "the dialog to close");
    });
    expect(performance.now() - clickedAt).to.be.at.least(CITY_SELECT_DELAY_MS);
    expect(events).to.have.length(1);
    expect(events[0]!.detail).to.deep.equal({ kladrId: "7700000000000", city: "Москва", region: "Москва" });
    expect(events[0]!.bubbles && events[0]!.composed).to.equal(true);
    await waitFor(() => shadow(element).activeElement === button, "focus back on the city button");
    await findText(element, "Москва");

    // The visitor got a temporary account holding the city: the account was reloaded with it.
    const token = readText(STORAGE_KEYS.session(apiBase));
    expect(token, "a visitor session was opened").to.be.a("string");
    const profile = await testApi({ value: token }).getProfile();
    expect(profile.selectedCityId).to.equal("7700000000000");
  });

  it("shows Краснодар for a city the shop does not know", async () => {
    const answer = await testApi().getCityByKladrId("9900000000000");
    expect(answer).to.deep.equal({});
    expect(cityOrDefault(answer)).to.deep.equal(DEFAULT_CITY);
    expect(DEFAULT_CITY.city).to.equal("Краснодар");
    const known = await testApi().getCityByKladrId("1600000100000");
    expect(cityOrDefault(known).city).to.equal("Казань");
  });
});
