import { contract } from "./lazy-contracts";
import type {
  DesignTemplateKind,
  LayoutDesign,
  LayoutDesignCreateRequest,
  LayoutDesignDeleted,
  LayoutDesignImage,
  LayoutDesignList,
  LayoutDesignTemplateList,
  LayoutDesignUpdateRequest,
} from "../contracts/index";
import type { ApiRequest } from "./request";

/** The layout designer (issue 32): templates, the account's saved designs («Мои макеты») and their pictures. */
export interface LayoutDesignEndpoints {
  /** The active templates, in the shop's order; `kind` and `trimMm` ([90, 50], either orientation) narrow them. */
  getLayoutDesignTemplates(query?: { kind?: DesignTemplateKind; trimMm?: readonly [number, number] }): Promise<LayoutDesignTemplateList>;
  /** The account's designs, the last saved first (an empty list without a session). */
  getLayoutDesigns(): Promise<LayoutDesignList>;
  getLayoutDesign(designId: string): Promise<LayoutDesign>;
  /** Saves a new design (a visitor gets a temporary account, as with the cart). */
  createLayoutDesign(input: LayoutDesignCreateRequest): Promise<LayoutDesign>;
  /** Saves the design again; `input.version` is the version read: another one is a 409 whose messageUI says so. */
  updateLayoutDesign(designId: string, input: LayoutDesignUpdateRequest): Promise<LayoutDesign>;
  deleteLayoutDesign(designId: string): Promise<LayoutDesignDeleted>;
  /** A JPEG or PNG for the designer; its id and pixel size go into the document's image source. */
  uploadLayoutDesignImage(input: {
    file: Blob;
    fileName: string;
    onProgress?: (loaded: number, total: number) => void;
    signal?: AbortSignal;
  }): Promise<LayoutDesignImage>;
  /** The address of a picture for an <img> or a fetch (the owner's session cookie reads it). */
  layoutDesignImageUrl(imageId: string): string;
}

/** `90x50`: the query's form of a trim size (decimals kept, no float noise). */
function trimText(trimMm: readonly [number, number]): string {
  const text = (value: number) => String(Math.round(value * 100) / 100);
  return `${text(trimMm[0])}x${text(trimMm[1])}`;
}

export function layoutDesignEndpoints(request: ApiRequest, baseURL: string): LayoutDesignEndpoints {
  const base = baseURL.replace(/\/+$/, "");
  return {
    getLayoutDesignTemplates: (query = {}) => {
      const params: Record<string, string> = {};
      if (query.kind !== undefined) params.kind = query.kind;
      if (query.trimMm !== undefined) params.trimMm = trimText(query.trimMm);
      return request("/layout-design-templates", contract("layoutDesignTemplateListSchema"), { query: params });
    },
    getLayoutDesigns: () => request("/layout-designs", contract("layoutDesignListSchema")),
    getLayoutDesign: (designId) => request(`/layout-designs/${encodeURIComponent(designId)}`, contract("layoutDesignSchema")),
    createLayoutDesign: (input) => request("/layout-designs", contract("layoutDesignSchema"), { method: "POST", body: { ...input } }),
    updateLayoutDesign: (designId, input) =>
      request(`/layout-designs/${encodeURIComponent(designId)}`, contract("layoutDesignSchema"), { method: "PUT", body: { ...input } }),
    deleteLayoutDesign: (designId) => request(`/layout-designs/${encodeURIComponent(designId)}`, contract("layoutDesignDeletedSchema"), { method: "DELETE" }),
    uploadLayoutDesignImage: ({ file, fileName, onProgress, signal }) => {
      const form = new FormData();
      form.append("file", file, fileName);
      return request("/layout-design-images", contract("layoutDesignImageSchema"), {
        method: "POST",
        body: form,
        ...(onProgress ? { onUploadProgress: onProgress } : {}),
        ...(signal ? { signal } : {}),
      });
    },
    layoutDesignImageUrl: (imageId) => `${base}/layout-design-images/${encodeURIComponent(imageId)}`,
  };
}
