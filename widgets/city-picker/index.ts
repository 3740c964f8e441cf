/*
 * widgets/city-picker — <ottisk-city-picker>: the city button and «Выберите город» (the city picker
 * of shared/ui, with its event). The folder's one public face (widgets/README.md, "Faces"): the
 * React feature that the host site or another widget may draw, and the element's type. The element:
 * `elements` names its tag and loads the `*.element.ts` that defines it, which the loader's
 * registry (widgets/registry.ts) calls when the tag first appears; importing this face defines
 * nothing.
 */
export { CityPickerElement } from "./CityPickerElement";
export type { OttiskCityPickerElement } from "./city-picker.element";

/** The tags of this widget and the code that defines each, loaded the first time the tag appears. */
export const elements: Readonly<Record<string, () => Promise<unknown>>> = {
  "ottisk-city-picker": () => import("./city-picker.element"),
};
