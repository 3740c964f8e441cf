import { z } from "zod/mini";
import type { AddressSuggestion } from "../../shared/contracts/index";
import { createDadataClient } from "./dadata";

/*
 * DaData's address suggestions (suggest/address): POST {query, count, locations} with
 * `Authorization: Token <key>`, answering {suggestions: [{value, unrestricted_value, data: {…}}]}
 * where data carries postal_code, region_with_type, city, city_kladr_id, settlement,
 * settlement_kladr_id, geo_lat and geo_lon (coordinates as text). Switched on by DADATA_API_KEY,
 * like the company look-up in dadata.ts. Throws on any failure: GET /geo/address then answers
 * from the shop's own data.
 */

export interface AddressSuggester {
  suggest(query: string, count: number): Promise<AddressSuggestion[]>;
}

const coordinateText = z.nullish(z.union([z.string(), z.number()]));

const addressAnswerSchema = z.object({
  suggestions: z.array(
    z.object({
      value: z.string(),
      unrestricted_value: z.nullish(z.string()),
      data: z.object({
        postal_code: z.nullish(z.string()),
        region_with_type: z.nullish(z.string()),
        city: z.nullish(z.string()),
        city_kladr_id: z.nullish(z.string()),
        settlement: z.nullish(z.string()),
        settlement_kladr_id: z.nullish(z.string()),
        geo_lat: coordinateText,
        geo_lon: coordinateText,
      }),
    }),
  ),
});

/** DaData's KLADR ids are 13 digits for a city or a settlement. */
const kladrCity = (id: string | null | undefined) => (id && /^\d{13}$/.test(id) ? id : null);

function coordinate(value: string | number | null | undefined, limit: number): number | null {
  if (value === null || value === undefined || value === "") return null;
  const number = Number(value);
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
}

export interface DadataAddressOptions {
  apiKey: string;
  baseUrl?: string;
  timeoutMs?: number;
}

export function createDadataAddressSuggester(options: DadataAddressOptions): AddressSuggester {
  const client = createDadataClient(options);
  return {
    async suggest(query, count) {
      const answer: unknown = await client("/suggestions/api/4_1/rs/suggest/address", {
        method: "POST",
        body: { query, count, locations: [{ country_iso_code: "RU" }] },
      });
      return addressAnswerSchema.parse(answer).suggestions.map((suggestion) => {
        const { data } = suggestion;
        const cityKladrId = kladrCity(data.city_kladr_id) ?? kladrCity(data.settlement_kladr_id);
        return {
          value: suggestion.value,
          cityKladrId,
          city: data.city ?? data.settlement ?? null,
          region: data.region_with_type ?? null,
          postalCode: data.postal_code ?? null,
          geoLat: coordinate(data.geo_lat, 90),
          geoLon: coordinate(data.geo_lon, 180),
          source: "dadata" as const,
        };
      });
    },
  };
}
