import { contract } from "./lazy-contracts";
import type { PrepressLayout, PrepressQueuePage, PrepressQueueQuery } from "../contracts/index";
import type { ApiRequest } from "./request";

/** The back office's prepress queue (issue 29): the queue, one layout's report, and the operator's three decisions. */
export interface BackOfficePrepressEndpoints {
  /** Oldest first; `state` is `waiting` when not given. */
  getPrepressQueue(query?: PrepressQueueQuery): Promise<PrepressQueuePage>;
  getPrepressLayout(layoutId: number): Promise<PrepressLayout>;
  /** Printed as it is; the note shows in the order. 409 (messageUI) once the order is in production or the layout was replaced. */
  acceptPrepressLayout(layoutId: number, note: string): Promise<PrepressLayout>;
  /** The client is notified and must upload a new file. */
  returnPrepressLayout(layoutId: number, message: string): Promise<PrepressLayout>;
  /** A corrected PDF: answers the new layout (checked again). */
  replacePrepressLayout(layoutId: number, file: Blob, fileName: string): Promise<PrepressLayout>;
}

/** The filters that are set: no empty ones in the address. */
function queryOf(query: PrepressQueueQuery): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (query.state !== undefined) params.state = query.state;
  if (query.offset !== undefined) params.offset = query.offset;
  if (query.limit !== undefined) params.limit = query.limit;
  return params;
}

export function backOfficePrepressEndpoints(request: ApiRequest): BackOfficePrepressEndpoints {
  return {
    getPrepressQueue: (query = {}) => request("/employee/prepress", contract("prepressQueuePageSchema"), { query: queryOf(query) }),
    getPrepressLayout: (layoutId) => request(`/employee/prepress/${layoutId}`, contract("prepressLayoutSchema")),
    acceptPrepressLayout: (layoutId, note) => request(`/employee/prepress/${layoutId}/accept`, contract("prepressLayoutSchema"), { method: "POST", body: { note } }),
    returnPrepressLayout: (layoutId, message) => request(`/employee/prepress/${layoutId}/return`, contract("prepressLayoutSchema"), { method: "POST", body: { message } }),
    replacePrepressLayout: (layoutId, file, fileName) => {
      const form = new FormData();
      form.append("file", file, fileName);
      return request(`/employee/prepress/${layoutId}/file`, contract("prepressLayoutSchema"), { method: "POST", body: form });
    },
  };
}
