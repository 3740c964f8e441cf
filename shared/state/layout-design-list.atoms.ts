import { atom } from "jotai/vanilla";
import type { LayoutDesignListItem } from "../contracts/index";
import { requireApi } from "./api.atoms";
import { mapData, storeResource } from "./resource";

/*
 * «Мои макеты» (issue 32): the layout designs of the session's account, newest first, as the
 * account area lists them. Private: the server render loads them with the visitor's session
 * (host-site/account-data.ts) and hands them over in the page; renaming and deleting answer the
 * changed list at once.
 */

/** The account's layout designs, newest first. */
export const layoutDesignList = storeResource<LayoutDesignListItem[]>(async (api) => (await api.getLayoutDesigns()).designs);

/** Deletes a layout design; the list drops it. Rejects with the ApiError. */
export const deleteLayoutDesignAtom = atom(null, async (get, set, id: LayoutDesignListItem["id"]) => {
  await requireApi(get).deleteLayoutDesign(id);
  set(layoutDesignList.valueAtom, (value) => mapData(value, (list) => list.filter((design) => design.id !== id)));
});

/**
 * Renames a layout design: the design as saved (its document and version), saved again under the
 * new name, so a newer save in another tab is refused (409) rather than overwritten. The list takes
 * the new name and moves the design to the top. Rejects with the ApiError.
 */
export const renameLayoutDesignAtom = atom(null, async (get, set, change: { id: LayoutDesignListItem["id"]; name: string }) => {
  const api = requireApi(get);
  const design = await api.getLayoutDesign(change.id);
  const saved = await api.updateLayoutDesign(change.id, { name: change.name, productId: design.productId, document: design.document, version: design.version });
  set(layoutDesignList.valueAtom, (value) =>
    mapData(value, (list) => {
      const item = list.find((entry) => entry.id === change.id);
      const rest = list.filter((entry) => entry.id !== change.id);
      return item ? [{ ...item, name: saved.name, updatedAt: saved.updatedAt }, ...rest] : list;
    }),
  );
});
