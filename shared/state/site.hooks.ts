import { useAtomValue, useSetAtom } from "jotai/react";
import { useEffect } from "react";
import type { Resource } from "./resource";
import type { SiteResource } from "./site.atoms";

const LOADING: Resource<never> = { status: "loading" };

/** A piece of the site's content (site.atoms.ts), loaded on first use; `reload` tries a failed load again. */
export function useSiteResource<T>(resource: SiteResource<T>): { resource: Resource<T>; reload: () => void } {
  const value = useAtomValue(resource.valueAtom);
  const load = useSetAtom(resource.loadAtom);
  useEffect(() => {
    void load();
  }, [load]);
  return { resource: value ?? LOADING, reload: () => void load() };
}
