import { atom } from "jotai/vanilla";
import type { DesignTemplate, LayoutDesign, LayoutDesignCreateRequest, LayoutDesignImage, LayoutDesignUpdateRequest } from "../contracts/index";
import { requireApi } from "./api.atoms";
import { keyedResource, storeResource } from "./resource";

/*
 * The layout designer's data (issue 32): the templates (all the active ones, once per page: the
 * designer picks those that fit the product), a saved design by id, and the actions — save (create
 * or update), upload a picture, read a picture's bytes. «Мои макеты» keeps its own list.
 */

/** Every active template, in the shop's order. */
export const designTemplates = storeResource<DesignTemplate[]>(async (api) => (await api.getLayoutDesignTemplates()).templates);

/** A saved design of the account, by id. */
export const layoutDesigns = keyedResource<string, LayoutDesign>({ key: (id) => id, fetch: (api, id) => api.getLayoutDesign(id) });

/** Saves the design: a new one (no id), or a new version of a saved one (409 when another tab saved meanwhile). */
export const saveLayoutDesignAtom = atom(
  null,
  async (get, set, input: { id: string | null; request: LayoutDesignCreateRequest; version: number | null }): Promise<LayoutDesign> => {
    const api = requireApi(get);
    const saved =
      input.id === null || input.version === null
        ? await api.createLayoutDesign(input.request)
        : await api.updateLayoutDesign(input.id, { ...input.request, version: input.version } satisfies LayoutDesignUpdateRequest);
    set(layoutDesigns.entriesAtom, (entries) => ({ ...entries, [saved.id]: { status: "ready", data: saved } }));
    return saved;
  },
);

/** Uploads a JPEG or PNG for the designer. */
export const uploadLayoutDesignImageAtom = atom(null, (get, _set, file: File): Promise<LayoutDesignImage> => requireApi(get).uploadLayoutDesignImage({ file, fileName: file.name || "image" }));

/** A picture's bytes (the account's session goes with the request, so it works on a partner's page too). */
export const layoutDesignImageBytesAtom = atom(null, (get, _set, imageId: string): Promise<Uint8Array> => {
  const api = requireApi(get);
  // Absolute, so the client neither prefixes its base again nor withholds the session (an API base of `/api` gives `/api/…`).
  return api.downloadFile(new URL(api.layoutDesignImageUrl(imageId), globalThis.location.href).href);
});
