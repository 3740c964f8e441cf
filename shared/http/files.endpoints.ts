import { contract } from "./lazy-contracts";
import type {
  Check,
  CheckStarted,
  CheckReport,
  CheckVerdict,
  DesignOrder,
  DesignOrderCreateRequest,
  DesignOrderPatch,
  Layout,
  UploadedFile,
  WebsiteFile,
} from "../contracts/index";
import type { ApiRequest } from "./request";

/** Spec §7 "Files" and "Design orders": uploads (multipart FormData), design orders and layout checks. */
export interface FilesEndpoints {
  /**
   * A PDF layout of one detail of a cart (or order) line; replaces the detail's previous layout.
   * `onProgress` is told the bytes sent so far and the total (0 when unknown).
   */
  uploadLayout(input: {
    file: Blob;
    fileName: string;
    orderProductId: number;
    detailName: string;
    onProgress?: (loaded: number, total: number) => void;
    signal?: AbortSignal;
  }): Promise<Layout>;
  /** The customer approves the layout as it is after seeing the proof (false takes it back). */
  setLayoutApproval(layoutId: number, approved: boolean): Promise<Layout>;
  /** Staff only: a public image or PDF for the website. */
  uploadWebsiteFile(input: { file: Blob; fileName: string }): Promise<WebsiteFile>;
  /** The PDF viewer's annotated copy, to attach to a design order with updateDesignOrder. */
  uploadAnnotatedFile(input: { file: Blob; fileName: string }): Promise<UploadedFile>;
  createDesignOrder(input: DesignOrderCreateRequest): Promise<DesignOrder>;
  updateDesignOrder(designId: number, input: DesignOrderPatch): Promise<DesignOrder>;
  cancelDesignOrder(designId: number): Promise<DesignOrder>;
  /** orderId: the cart or order holding the line; orderProductId: the line. */
  startCheck(orderId: number, orderProductId: number, detailName: string): Promise<CheckStarted>;
  /** checkId: the server's check of a layout (`pitstopDesignId` on the wire). */
  getCheck(checkId: number): Promise<Check>;
  /** The browser's result for the file the server checked: the server compares and logs a difference. */
  reportCheck(checkId: number, report: CheckReport): Promise<CheckVerdict>;
  /** The bytes of a file whose address the API gave (a layout's fileUrl): private files need the session. */
  downloadFile(url: string, options?: { signal?: AbortSignal }): Promise<Uint8Array>;
}

/** A file's bytes, as the request answers them with responseType "bytes"; zod loaded on first use, like the contracts. */
const fileBytesSchema = () => import("./zod-lazy").then((schemas) => schemas.fileBytesSchema);

function fileForm(file: Blob, fileName: string, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  // Text fields first: the server reads the form in order.
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", file, fileName);
  return form;
}

export function filesEndpoints(request: ApiRequest): FilesEndpoints {
  return {
    uploadLayout: ({ file, fileName, orderProductId, detailName, onProgress, signal }) =>
      request("/file/upload/layout", contract("layoutSchema"), {
        method: "POST",
        body: fileForm(file, fileName, { orderProductId: String(orderProductId), detailName }),
        ...(onProgress ? { onUploadProgress: onProgress } : {}),
        ...(signal ? { signal } : {}),
      }),
    setLayoutApproval: (layoutId, approved) => request(`/file/layout/${layoutId}/approval`, contract("layoutSchema"), { method: "PUT", body: { approved } }),
    uploadWebsiteFile: ({ file, fileName }) => request("/file/upload/website/file", contract("websiteFileSchema"), { method: "POST", body: fileForm(file, fileName) }),
    uploadAnnotatedFile: ({ file, fileName }) => request("/file/upload/annotation", contract("uploadedFileSchema"), { method: "POST", body: fileForm(file, fileName) }),
    createDesignOrder: (input) => request("/client-order/design", contract("designOrderSchema"), { method: "POST", body: input }),
    updateDesignOrder: (designId, input) => request(`/client-order/design/${designId}`, contract("designOrderSchema"), { method: "PATCH", body: input }),
    cancelDesignOrder: (designId) => request(`/client-order/design/${designId}`, contract("designOrderSchema"), { method: "DELETE" }),
    startCheck: (orderId, orderProductId, detailName) =>
      request(`/client-order/${orderId}/product/${orderProductId}/autocheck/${encodeURIComponent(detailName)}`, contract("checkStartedSchema"), { method: "POST" }),
    getCheck: (checkId) => request(`/client-order/autocheck/${checkId}`, contract("checkSchema")),
    reportCheck: (checkId, report) =>
      request(`/client-order/autocheck/${checkId}/browser-check`, contract("checkVerdictSchema"), { method: "POST", body: report }),
    downloadFile: (url, options = {}) => request(url, fileBytesSchema, { responseType: "bytes", ...(options.signal ? { signal: options.signal } : {}) }),
  };
}
