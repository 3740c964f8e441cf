import { atom } from "jotai/vanilla";
import type { Api } from "../http/index";

/** The API client of the store: every atom that loads data reads it from here. */
export const apiAtom = atom<Api | null>(null);
