/*
 * Geography constants of the storefront (spec §3 "City", §9): the default city and the five
 * preset cities, with the ids the delivery providers know them by. The server seeds them into its
 * `city` table; the storefront may show them before any request.
 */

/** A preset city: what spec §3 lists, plus the data-set fields the server keeps for every city. */
export interface PresetCity {
  kladrId: string;
  city: string;
  /** As the API shows it: «Краснодарский край», «Республика Татарстан», «Москва». */
  region: string;
  /** The data set's abbreviation: «край», «Респ», «обл», «г». */
  regionType: string;
  fiasId: string;
  postalCode: string;
  timezone: string;
  geoLat: number;
  geoLon: number;
  population: number;
  /** Boxberry's city code. */
  boxberryId: string;
  /** CDEK's city code. */
  cdekId: string;
  /** DPD's city id. */
  dpdId: string;
  /** The taxi delivery service's (Yandex Delivery) region id. */
  taxiId: string;
}

/** Spec §9: a shopper without a city, or with one the shop does not know, sees Krasnodar. */
export const DEFAULT_CITY_KLADR_ID = "2300000100000";

/**
 * Spec §3, in the order the city picker lists them. Coordinates, ids and population are those of
 * the HFLabs city data set, so importing it changes nothing here. CDEK codes and Yandex region ids
 * are the providers' public ones; Boxberry and DPD ids are demo values to check against the shop's
 * contracts before real shipping.
 */
export const PRESET_CITIES: readonly PresetCity[] = [
  {
    kladrId: DEFAULT_CITY_KLADR_ID,
    city: "Краснодар",
    region: "Краснодарский край",
    regionType: "край",
    fiasId: "7dfa745e-aa19-4688-b121-b655c11e482f",
    postalCode: "350000",
    timezone: "UTC+3",
    geoLat: 45.0401604,
    geoLon: 38.9759647,
    population: 744_933,
    boxberryId: "44",
    cdekId: "435",
    dpdId: "195733465",
    taxiId: "35",
  },
  {
    kladrId: "7700000000000",
    city: "Москва",
    region: "Москва",
    regionType: "г",
    fiasId: "0c5b2444-70a0-4932-980c-b4dc0d3f02b5",
    postalCode: "101000",
    timezone: "UTC+3",
    geoLat: 55.7540471,
    geoLon: 37.620405,
    population: 11_514_330,
    boxberryId: "68",
    cdekId: "44",
    dpdId: "49694102",
    taxiId: "213",
  },
  {
    kladrId: "7800000000000",
    city: "Санкт-Петербург",
    region: "Санкт-Петербург",
    regionType: "г",
    fiasId: "c2deb16a-0330-4f05-821f-1d09c93331e6",
    postalCode: "190000",
    timezone: "UTC+3",
    geoLat: 59.9391313,
    geoLon: 30.3159004,
    population: 4_848_742,
    boxberryId: "1",
    cdekId: "137",
    dpdId: "49694167",
    taxiId: "2",
  },
  {
    kladrId: "1600000100000",
    city: "Казань",
    region: "Республика Татарстан",
    regionType: "Респ",
    fiasId: "93b3df57-4c89-44df-ac42-96f05e9cd3b9",
    postalCode: "420000",
    timezone: "UTC+3",
    geoLat: 55.7943584,
    geoLon: 49.1114975,
    population: 1_216_965,
    boxberryId: "35",
    cdekId: "424",
    dpdId: "49265227",
    taxiId: "43",
  },
  {
    kladrId: "5200000100000",
    city: "Нижний Новгород",
    region: "Нижегородская область",
    regionType: "обл",
    fiasId: "555e7d61-d9a7-4ba6-9770-6caa8198c483",
    postalCode: "603000",
    timezone: "UTC+3",
    geoLat: 56.3240627,
    geoLon: 44.0053913,
    population: 1_250_615,
    boxberryId: "47",
    cdekId: "414",
    dpdId: "49279222",
    taxiId: "47",
  },
];
