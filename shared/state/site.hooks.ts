import type { Resource } from "./resource";
import { useResource } from "./resource.hooks";
import type { SiteResource } from "./site.atoms";

/** A piece of the site's content (site.atoms.ts), loaded on first use; `reload` asks again (after an error). */
export function useSiteResource<T>(resource: SiteResource<T>): { resource: Resource<T>; reload: () => void } {
  return useResource(resource);
}
