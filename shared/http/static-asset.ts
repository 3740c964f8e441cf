import { FetchError, ofetch } from "ofetch";
import { toApiError } from "./error";

/**
 * A static file of the shop's own bundle as bytes (the designer's fonts for the PDF export): no
 * session and no API contract, only the file. A failure is an ApiError like the API's (status 0
 * when the network failed), so the element shows its Russian message.
 */
export async function fetchStaticAsset(url: string, options: { signal?: AbortSignal } = {}): Promise<Uint8Array> {
  try {
    const buffer = await ofetch(url, { responseType: "arrayBuffer", credentials: "omit", ...(options.signal ? { signal: options.signal } : {}) });
    return new Uint8Array(buffer);
  } catch (error) {
    throw toApiError(error, error instanceof FetchError ? error.statusCode : undefined, undefined);
  }
}
