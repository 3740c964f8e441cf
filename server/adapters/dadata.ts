import { ofetch } from "ofetch";
import type { $Fetch } from "ofetch";
import { z } from "zod/mini";
import type { CompanyLookup } from "../../shared/contracts/index";

/*
 * DaData's "find a company by ИНН" (findById/party): POST {query, branch_type} with
 * `Authorization: Token <key>`, answering {suggestions: [{value, data: {inn, kpp, ogrn, name, address}}]}.
 * Switched on by DADATA_API_KEY. When DaData cannot be reached the shop answers from the companies
 * it already knows, so a slow outside service never blocks a client filling in a form.
 */

/** The port the company service looks companies up through: a company's details by ИНН somewhere outside the shop (DaData), when one is configured. */
export interface CompanyDirectory {
  findByInn(inn: string): Promise<CompanyLookup | null>;
}

export const DADATA_DEFAULT_BASE_URL = "https://suggestions.dadata.ru";

const partyAnswerSchema = z.object({
  suggestions: z.array(
    z.object({
      value: z.string(),
      data: z.object({
        inn: z.string(),
        kpp: z.nullish(z.string()),
        ogrn: z.nullish(z.string()),
        name: z.nullish(z.object({ short_with_opf: z.nullish(z.string()), full_with_opf: z.nullish(z.string()) })),
        address: z.nullish(z.object({ value: z.nullish(z.string()), unrestricted_value: z.nullish(z.string()) })),
      }),
    }),
  ),
});

/** DaData's suggestions API with the shop's key: a short timeout and one retry, since a shopper is waiting. */
export function createDadataClient(options: { apiKey: string; baseUrl?: string; timeoutMs?: number }): $Fetch {
  return ofetch.create({
    baseURL: options.baseUrl ?? DADATA_DEFAULT_BASE_URL,
    timeout: options.timeoutMs ?? 5000,
    retry: 1,
    headers: { accept: "application/json", authorization: `Token ${options.apiKey}` },
  });
}

export interface DadataOptions {
  apiKey: string;
  baseUrl?: string;
  timeoutMs?: number;
  /** Told about a failed call; the look-up then falls back to the shop's own companies. */
  onError?: (error: unknown) => void;
}

export function createDadataDirectory(options: DadataOptions): CompanyDirectory {
  const client = createDadataClient(options);
  return {
    async findByInn(inn): Promise<CompanyLookup | null> {
      let answer: unknown;
      try {
        answer = await client("/suggestions/api/4_1/rs/findById/party", { method: "POST", body: { query: inn, branch_type: "MAIN" } });
      } catch (error) {
        options.onError?.(error);
        return null;
      }
      const parsed = partyAnswerSchema.safeParse(answer);
      if (!parsed.success) {
        options.onError?.(parsed.error);
        return null;
      }
      const found = parsed.data.suggestions.find((suggestion) => suggestion.data.inn === inn);
      if (!found) return null;
      const { data } = found;
      return {
        inn: data.inn,
        name: data.name?.short_with_opf || found.value || data.name?.full_with_opf || "",
        kpp: data.kpp ?? null,
        ogrn: data.ogrn ?? null,
        legalAddress: data.address?.unrestricted_value ?? data.address?.value ?? "",
      };
    },
  };
}
