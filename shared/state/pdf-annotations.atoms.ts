import { atom } from "jotai/vanilla";
import type { DesignOrder, UploadedFile } from "../contracts/index";
import { requireApi } from "./api.atoms";

/*
 * The PDF viewer's calls (spec §1 "a PDF viewer with editing tools"): the PDF a file URL of the API
 * points at, and the annotated copy handed to the designer.
 */

/** The bytes of a file the API gave a URL for (private `/api/file/{id}` files go with the session). */
export const downloadPdfAtom = atom(null, (get, _set, input: { url: string; signal: AbortSignal }): Promise<Uint8Array> =>
  requireApi(get).downloadFile(input.url, { signal: input.signal }),
);

/**
 * Uploads the annotated PDF and attaches it to the design order as the customer's comments
 * (`annotatedFileId`). Either step may fail with an ApiError; a failed attach leaves the upload unused.
 */
export const attachAnnotatedPdfAtom = atom(
  null,
  async (get, _set, input: { bytes: Uint8Array; fileName: string; designId: number }): Promise<{ file: UploadedFile; designOrder: DesignOrder }> => {
    const api = requireApi(get);
    const file = await api.uploadAnnotatedFile({ file: new Blob([input.bytes as Uint8Array<ArrayBuffer>], { type: "application/pdf" }), fileName: input.fileName });
    const designOrder = await api.updateDesignOrder(input.designId, { annotatedFileId: file.fileId });
    return { file, designOrder };
  },
);
