import type { HostProps } from "../element";
import { fireOttiskEvent } from "../events";
import { CityPicker } from "../../shared/ui/index";

/** `<ottisk-city-picker>` as React sees it: the CityPicker, its choice fired from the element. */
export function CityPickerElement({ host }: HostProps) {
  return <CityPicker onChange={(city) => fireOttiskEvent(host, "ottisk-city-change", { kladrId: city.kladrId, city: city.city, region: city.region })} />;
}
