/*
 * widgets/city-picker — <ottisk-city-picker>: the city button and «Выберите город» (the city picker
 * of shared/ui, with its event). The folder's one public face (widgets/README.md, "Faces"): the
 * React feature that the host site or another widget may draw, and the element's type. The element
 * itself is defined by its `*.element.ts`, the bundle's entry that the loader's registry
 * (widgets/registry.ts) imports when the tag first appears; importing this face defines nothing.
 */
export { CityPickerElement } from "./CityPickerElement";
export type { OttiskCityPickerElement } from "./city-picker.element";
