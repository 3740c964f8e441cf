import { ofetch } from "ofetch";
import type { DeliveryMethod } from "../../../shared/contracts/index";
import type { DeliveryProvider, ProviderPickupPoint, ProviderTariff } from "./provider";
import { gramsToKg, roublesToKopecks } from "./provider";

/*
 * DPD Russia's SOAP web services, kept thin (DPD has no JSON calculator): `calculator2`
 * getServiceCost2 ({auth, pickup.cityId, delivery.cityId, selfPickup, selfDelivery, weight} →
 * <return><serviceCode/><serviceName/><cost/><days/></return>…) and `geography2` getParcelShops
 * ({auth, countryCode, cityCode} → <parcelShop><code/><address>…</address><geoCoordinates/>…).
 * A SOAP fault is an error. Switched on by DPD_CLIENT_NUMBER and DPD_CLIENT_KEY.
 */

export const DPD_DEFAULT_BASE_URL = "https://ws.dpd.ru";
const CALCULATOR_NS = "http://dpd.ru/ws/calculator/2012-03-20";
const GEOGRAPHY_NS = "http://dpd.ru/ws/geography/2015-05-20";

/** DPD's services the shop sells, by method. */
const SERVICE_METHODS: Readonly<Record<string, DeliveryMethod>> = {
  PCL: "Dpd",
  ECN: "Dpd",
  NDY: "DpdExpress",
  CSM: "DpdExpress",
};

export interface DpdOptions {
  clientNumber: string;
  clientKey: string;
  baseUrl?: string;
  timeoutMs?: number;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char] ?? char);

const unescapeXml = (text: string) =>
  text.replace(/&(lt|gt|amp|apos|quot);/g, (_, name: string) => ({ lt: "<", gt: ">", amp: "&", apos: "'", quot: '"' })[name] ?? "");

/** The inner text of every <tag> (any namespace prefix) in the XML, in order. */
function elements(xml: string, tag: string): string[] {
  const pattern = new RegExp(`<(?:[\\w-]+:)?${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[\\w-]+:)?${tag}>`, "g");
  return [...xml.matchAll(pattern)].map((match) => match[1] ?? "");
}

function text(xml: string, tag: string): string | null {
  const [first] = elements(xml, tag);
  return first === undefined ? null : unescapeXml(first.trim());
}

function envelope(namespace: string, operation: string, request: string): string {
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ns="${namespace}">`,
    `<soapenv:Body><ns:${operation}><request>${request}</request></ns:${operation}></soapenv:Body>`,
    `</soapenv:Envelope>`,
  ].join("");
}

export function createDpdProvider(options: DpdOptions): DeliveryProvider {
  const baseUrl = (options.baseUrl ?? DPD_DEFAULT_BASE_URL).replace(/\/+$/, "");
  const auth = `<auth><clientNumber>${escapeXml(options.clientNumber)}</clientNumber><clientKey>${escapeXml(options.clientKey)}</clientKey></auth>`;

  async function soap(service: string, namespace: string, operation: string, request: string): Promise<string> {
    const answer = await ofetch(`${baseUrl}/services/${service}`, {
      method: "POST",
      headers: { "content-type": "text/xml; charset=utf-8", soapaction: '""' },
      body: envelope(namespace, operation, request),
      responseType: "text",
      timeout: options.timeoutMs ?? 8000,
      retry: 0,
      // A SOAP fault comes with status 500; its faultstring says more than the status.
      ignoreResponseError: true,
    });
    const fault = text(answer, "faultstring");
    if (fault !== null || elements(answer, "Fault").length > 0) throw new Error(`DPD ${operation}: ${fault ?? "SOAP fault"}`);
    if (elements(answer, `${operation}Response`).length === 0) throw new Error(`DPD ${operation}: not a ${operation}Response`);
    return answer;
  }

  return {
    name: "dpd",
    trackingUrl: dpdTrackingUrl,
    methods: ["Dpd", "DpdExpress"],

    async tariffs({ from, to, weightGrams }): Promise<ProviderTariff[]> {
      if (!from.dpdId || !to.dpdId) throw new Error(`DPD does not know the city ${from.dpdId ? to.kladrId : from.kladrId}: no DPD city id`);
      const request = [
        auth,
        `<pickup><cityId>${escapeXml(from.dpdId)}</cityId></pickup>`,
        `<delivery><cityId>${escapeXml(to.dpdId)}</cityId></delivery>`,
        `<selfPickup>true</selfPickup><selfDelivery>true</selfDelivery>`,
        `<weight>${gramsToKg(weightGrams)}</weight>`,
      ].join("");
      const answer = await soap("calculator2", CALCULATOR_NS, "getServiceCost2", request);
      return elements(answer, "return").flatMap((service) => {
        const code = text(service, "serviceCode") ?? "";
        const method = SERVICE_METHODS[code];
        const cost = Number(text(service, "cost"));
        const days = Number(text(service, "days"));
        if (!method || !Number.isFinite(cost) || cost < 0 || !Number.isInteger(days) || days < 0) return [];
        return [{ deliveryMethod: method, tariffCode: code, name: text(service, "serviceName") ?? code, priceKopecks: roublesToKopecks(cost), transitDays: days }];
      });
    },

    async pickupPoints(city): Promise<ProviderPickupPoint[]> {
      // DPD's city code is the city's KLADR id without its last two digits.
      const request = `${auth}<countryCode>RU</countryCode><cityCode>${city.kladrId.slice(0, 11)}</cityCode>`;
      const answer = await soap("geography2", GEOGRAPHY_NS, "getParcelShops", request);
      return elements(answer, "parcelShop").flatMap((shop) => {
        const code = text(shop, "code");
        const lat = Number(text(shop, "latitude"));
        const lon = Number(text(shop, "longitude"));
        if (!code || !Number.isFinite(lat) || !Number.isFinite(lon)) return [];
        const [address = ""] = elements(shop, "address");
        const street = [text(address, "streetAbbr"), text(address, "street")].filter(Boolean).join(" ");
        const line = [text(address, "cityName") ? `г. ${text(address, "cityName")}` : null, street || null, text(address, "houseNo")].filter(Boolean).join(", ");
        return [{ code, name: `DPD ${text(shop, "brand") ?? code}`, address: line, geoLat: lat, geoLon: lon, workTime: "", phone: "" }];
      });
    },
  };
}

/** DPD: the public tracking page takes the order number (orderNum). */
export function dpdTrackingUrl(number: string): string {
  return `https://www.dpd.ru/ru/private/tracking.html?orderNum=${encodeURIComponent(number)}`;
}
