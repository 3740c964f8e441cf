import type { TrackingCarrier } from "../../../shared/contracts/index";
import { boxberryTrackingUrl } from "./boxberry";
import { cdekTrackingUrl } from "./cdek";
import { dpdTrackingUrl } from "./dpd";
import { yandexTrackingUrl } from "./yandex";

/*
 * The carriers' public tracking pages (issue 30), one per carrier an employee may name when the order
 * is handed to delivery. The same functions are each adapter's `trackingUrl`; here they are reachable
 * without the carrier's API keys (a shop without CDEK keys still ships by CDEK and links its page).
 */
export const TRACKING_URLS: Readonly<Record<TrackingCarrier, (number: string) => string>> = {
  cdek: cdekTrackingUrl,
  boxberry: boxberryTrackingUrl,
  dpd: dpdTrackingUrl,
  yandex: yandexTrackingUrl,
};
