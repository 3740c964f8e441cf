import type { EmployeePage, EmployeePageList, EmployeePageListQuery, SiteBlock, SiteBlockKey } from "../contracts/index";
import { contentPageLists, contentPages, siteBlocks } from "./back-office-content.atoms";
import { LOADING } from "./resource";
import type { Resource } from "./resource";
import { useKeyedResource } from "./resource.hooks";

/** One list of the website's pages (back office), loaded on first use. */
export function useContentPages(query: EmployeePageListQuery): { pages: Resource<EmployeePageList>; reload: () => void } {
  const { resource, reload } = useKeyedResource(contentPageLists, query, { fresh: true });
  return { pages: resource ?? LOADING, reload };
}

/** One page for the editor (null: a new page, nothing to load). */
export function useContentPage(pageId: number | null): { page: Resource<EmployeePage> | null; reload: () => void } {
  const { resource, reload } = useKeyedResource(contentPages, pageId, { fresh: true });
  return { page: resource, reload };
}

/** One site block (header, menu, footer, popup). */
export function useSiteBlock(key: SiteBlockKey): { block: Resource<SiteBlock>; reload: () => void } {
  const { resource, reload } = useKeyedResource(siteBlocks, key, { fresh: true });
  return { block: resource ?? LOADING, reload };
}
