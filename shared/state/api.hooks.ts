import { useAtomValue } from "jotai/react";
import type { Api } from "../http/index";
import { apiAtom } from "./api.atoms";

/** The page store's API client, for an element's own calls that no atom makes. */
export function useApi(): Api {
  const api = useAtomValue(apiAtom);
  if (!api) throw new Error("The store has no API client");
  return api;
}
