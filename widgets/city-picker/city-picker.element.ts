import baseCss from "../../shared/ui/base.css?inline";
import dialogCss from "../../shared/ui/dialog.css?inline";
import menuItemCss from "../../shared/ui/menu-item.css?inline";
import { defineElement } from "../define";
import { reactElement } from "../element";
import cityPickerCss from "../../shared/ui/city-picker.css?inline";
import { CityPickerElement } from "./CityPickerElement";

const ReactCityPickerElement = reactElement(CityPickerElement, {
  attributes: {},
  styles: [baseCss, dialogCss, menuItemCss, cityPickerCss],
});

/**
 * The shopper's city: a button with the city's name that opens the «Выберите город» dialog with the
 * five preset cities and a search (debounced 400 ms). Choosing a city saves it to the account (a
 * visitor gets a temporary one) and closes the dialog 500 ms later. Without a city, or with one the
 * shop cannot resolve, it shows Краснодар.
 *
 * @summary City button and city selection dialog.
 * @tag ottisk-city-picker
 *
 * @attr {string} api-base - The Ottisk API's address; defaults to the script tag's `data-api-base`, then to `/api` on the script's origin.
 *
 * @fires {CustomEvent<{kladrId: string, city: string, region: string}>} ottisk-city-change - The server accepted the chosen city (the account is reloaded already).
 *
 * @csspart city-button - The button showing the current city.
 * @csspart dialog - The native `<dialog>`.
 * @csspart city-dialog - The dialog's content: search field, messages and list.
 * @csspart city-search - The city search field.
 * @csspart city-list - The list of cities.
 * @csspart city-option - One city of the list.
 *
 * @cssprop --ottisk-font-family - Font of the element's text.
 * @cssprop --ottisk-color-text - Text colour.
 * @cssprop --ottisk-color-muted - Regions and hints.
 * @cssprop --ottisk-color-accent - The pin, the current city and the button under the pointer.
 * @cssprop --ottisk-color-surface - Dialog and field background.
 * @cssprop --ottisk-color-border - Field border.
 * @cssprop --ottisk-color-focus - Focus ring.
 * @cssprop --ottisk-radius - Dialog corner radius.
 * @cssprop --ottisk-city-button-color - Colour of the city button's text (the text colour).
 * @cssprop --ottisk-city-list-max-height - Height beyond which the city list scrolls (500px, spec §9).
 */
export class OttiskCityPickerElement extends ReactCityPickerElement {}

declare global {
  interface HTMLElementTagNameMap {
    "ottisk-city-picker": OttiskCityPickerElement;
  }
}

defineElement("ottisk-city-picker", OttiskCityPickerElement);
