import { atom } from "jotai/vanilla";
import type { EmployeePage, EmployeePageList, EmployeePageListQuery, EmployeePageWrite, SiteBlock, SiteBlockKey, SiteBlockWrite } from "../contracts/index";
import { requireApi } from "./api.atoms";
import { keyedResource } from "./resource";
import type { Resource } from "./resource";

/*
 * The back office's website pages and site blocks (issue 29, role `content`): the page lists by
 * filter, one page for the editor, the blocks, and the writes. Private data: loaded in the browser.
 */

export const contentPageListsAtom = atom<Record<string, Resource<EmployeePageList>>>({});
export const contentPagesAtom = atom<Record<string, Resource<EmployeePage>>>({});
export const siteBlocksAtom = atom<Record<string, Resource<SiteBlock>>>({});

/** The store's key of a list: its filters in a fixed order, empty ones left out. */
export function contentPageListKey(query: EmployeePageListQuery): string {
  return (["kind", "q", "state", "offset", "limit"] as const)
    .map((name) => [name, query[name]] as const)
    .filter(([, value]) => value !== undefined && value !== "")
    .map(([name, value]) => `${name}=${String(value)}`)
    .join("&");
}

export const contentPageLists = keyedResource({
  key: contentPageListKey,
  fetch: (api, query: EmployeePageListQuery) => api.employeeListPages(query),
  entriesAtom: contentPageListsAtom,
});

export const contentPages = keyedResource({
  key: (pageId: number) => String(pageId),
  fetch: (api, pageId) => api.employeeGetPage(pageId),
  entriesAtom: contentPagesAtom,
});

export const siteBlocks = keyedResource({
  key: (key: SiteBlockKey) => key,
  fetch: (api, key) => api.employeeGetSiteBlock(key),
  entriesAtom: siteBlocksAtom,
});

/** Creates (pageId null) or replaces a page; the page shows the answer and the lists load again. Rejects with the ApiError. */
export const saveContentPageAtom = atom(null, async (get, set, change: { pageId: number | null; page: EmployeePageWrite }): Promise<EmployeePage> => {
  const api = requireApi(get);
  const page = change.pageId === null ? await api.employeeCreatePage(change.page) : await api.employeeUpdatePage(change.pageId, change.page);
  set(contentPagesAtom, (entries) => ({ ...entries, [String(page.id)]: { status: "ready", data: page } }));
  set(contentPageListsAtom, {});
  return page;
});

/** Replaces a site block; the block shows the answer. Rejects with the ApiError. */
export const saveSiteBlockAtom = atom(null, async (get, set, block: SiteBlockWrite): Promise<SiteBlock> => {
  const saved = await requireApi(get).employeeUpdateSiteBlock(block);
  set(siteBlocksAtom, (entries) => ({ ...entries, [saved.key]: { status: "ready", data: saved } }));
  if (saved.key === "menu") set(contentPageListsAtom, {});
  return saved;
});

/** Uploads a picture to the website's file storage; its public address. Rejects with the ApiError (a wrong type or size: messageUI). */
export const uploadContentPictureAtom = atom(null, async (get, _set, file: File): Promise<string> => {
  const uploaded = await requireApi(get).uploadWebsiteFile({ file, fileName: file.name });
  return uploaded.url;
});
