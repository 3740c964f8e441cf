import type { AddressSuggestion } from "../../../shared/contracts/index";
import { DEFAULT_CITY_KLADR_ID, PRESET_CITIES } from "../../../shared/domain/index";
import { citySearchText } from "../../db/city-search";

/*
 * Street suggestions for GET /geo/address when DaData is off or fails: the main streets of the
 * shop's own city, Krasnodar (where its counters and its courier are), so a shopper who types
 * «Красная» or «ул. Северная, 12» gets «г. Краснодар, ул. Красная» instead of nothing. A short
 * hand-made list, not a street register: other cities' streets need DaData (DADATA_API_KEY).
 */

interface OfflineStreet {
  /** «ул.», «пр-кт», «пер.» … as the suggestion shows it. */
  type: string;
  name: string;
}

/** Krasnodar's main streets, the demo data's addresses (Красная, Северная) among them. */
export const KRASNODAR_STREETS: readonly OfflineStreet[] = [
  { type: "ул.", name: "Красная" },
  { type: "ул.", name: "Северная" },
  { type: "ул.", name: "Ставропольская" },
  { type: "ул.", name: "Уральская" },
  { type: "ул.", name: "Кубанская Набережная" },
  { type: "ул.", name: "Красноармейская" },
  { type: "ул.", name: "Красных Партизан" },
  { type: "ул.", name: "Коммунаров" },
  { type: "ул.", name: "Пашковская" },
  { type: "ул.", name: "Рашпилевская" },
  { type: "ул.", name: "Кирова" },
  { type: "ул.", name: "Гоголя" },
  { type: "ул.", name: "Мира" },
  { type: "ул.", name: "Октябрьская" },
  { type: "ул.", name: "Садовая" },
  { type: "ул.", name: "Длинная" },
  { type: "ул.", name: "Постовая" },
  { type: "ул.", name: "Тургенева" },
  { type: "ул.", name: "Дзержинского" },
  { type: "ул.", name: "Московская" },
  { type: "ул.", name: "Селезнёва" },
  { type: "ул.", name: "Восточно-Кругликовская" },
  { type: "ул.", name: "Российская" },
  { type: "ул.", name: "Бабушкина" },
  { type: "ул.", name: "Шоссе Нефтяников" },
  { type: "ул.", name: "Игнатова" },
  { type: "ул.", name: "Кореновская" },
  { type: "пр-кт", name: "Чекистов" },
  { type: "б-р", name: "Клары Лучко" },
];

/** Words of a query that name the kind of street, the city or a part of the address, not the street itself («пр-кт» and «б-р» split into two words). */
const NOISE = new Set(["г", "город", "краснодар", "ул", "улица", "пр", "т", "кт", "проспект", "пер", "переулок", "б", "р", "бульвар", "д", "дом", "оф", "офис", "кв"]);

const streetWords = (name: string) => citySearchText(name).split(" ");

/**
 * Up to `limit` Krasnodar streets whose words start with every word of the query (numbers aside:
 * the first number is kept as the house): «красная 12» → «г. Краснодар, ул. Красная, д. 12».
 * A street named word for word comes before one that only starts with the text.
 */
export function offlineStreetSuggestions(text: string, limit: number): AddressSuggestion[] {
  const words = citySearchText(text)
    .split(/[^0-9a-zа-я]+/u)
    .filter((word) => word !== "");
  const house = words.find((word) => /^\d/.test(word));
  const wanted = words.filter((word) => !/^\d/.test(word) && !NOISE.has(word));
  if (wanted.length === 0 || wanted.join("").length < 3) return [];
  const krasnodar = PRESET_CITIES.find((preset) => preset.kladrId === DEFAULT_CITY_KLADR_ID);
  if (!krasnodar) return [];

  const found: { street: OfflineStreet; exact: boolean }[] = [];
  for (const street of KRASNODAR_STREETS) {
    const own = streetWords(street.name);
    if (!wanted.every((word) => own.some((part) => part.startsWith(word)))) continue;
    found.push({ street, exact: wanted.every((word) => own.includes(word)) });
  }
  found.sort((a, b) => Number(b.exact) - Number(a.exact));

  return found.slice(0, limit).map(({ street }) => ({
    value: `г. ${krasnodar.city}, ${street.type} ${street.name}${house ? `, д. ${house}` : ""}`,
    cityKladrId: krasnodar.kladrId,
    city: krasnodar.city,
    region: krasnodar.region,
    postalCode: null,
    geoLat: null,
    geoLon: null,
    source: "street" as const,
  }));
}
