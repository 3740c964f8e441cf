/*
 * The delivery providers' adapters, each switched on by its keys. `DeliveryConfig` is the port's
 * settings: config.ts reads them from the environment into this shape.
 */
import { createBoxberryProvider } from "./boxberry";
import { createCdekProvider } from "./cdek";
import { createDpdProvider } from "./dpd";
import type { DeliveryProvider } from "./provider";
import { createYandexDeliveryProvider } from "./yandex";

/** CDEK_*, BOXBERRY_*, DPD_*, YANDEX_DELIVERY_*: each provider's keys and, optionally, its address (a proxy or a test double). */
export interface DeliveryConfig {
  cdek: { clientId: string; clientSecret: string; baseUrl: string | undefined } | undefined;
  boxberry: { token: string; baseUrl: string | undefined } | undefined;
  dpd: { clientNumber: string; clientKey: string; baseUrl: string | undefined } | undefined;
  yandex: { token: string; baseUrl: string | undefined } | undefined;
}

/** The adapters of the providers whose keys are set; none offline (the shop's table prices everything). */
export function createDeliveryProviders(config: DeliveryConfig): DeliveryProvider[] {
  const providers: DeliveryProvider[] = [];
  const at = (baseUrl: string | undefined) => (baseUrl ? { baseUrl } : {});
  if (config.cdek) providers.push(createCdekProvider({ clientId: config.cdek.clientId, clientSecret: config.cdek.clientSecret, ...at(config.cdek.baseUrl) }));
  if (config.boxberry) providers.push(createBoxberryProvider({ token: config.boxberry.token, ...at(config.boxberry.baseUrl) }));
  if (config.dpd) providers.push(createDpdProvider({ clientNumber: config.dpd.clientNumber, clientKey: config.dpd.clientKey, ...at(config.dpd.baseUrl) }));
  if (config.yandex) providers.push(createYandexDeliveryProvider({ token: config.yandex.token, ...at(config.yandex.baseUrl) }));
  return providers;
}
