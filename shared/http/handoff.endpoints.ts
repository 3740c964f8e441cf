import { contract } from "./lazy-contracts";
import type { HandoffGrant } from "../contracts/index";
import type { ApiRequest } from "./request";

/** The hand-off from a partner's page to the shop's own pages (server/docs/accounts.md, "Accounts and access"). */
export interface HandoffEndpoints {
  /** A two-minute, single-use link that signs the shopper in on the shop's site and opens `next` (default /cart). */
  createHandoff(next?: string): Promise<HandoffGrant>;
}

export function handoffEndpoints(request: ApiRequest): HandoffEndpoints {
  return {
    createHandoff: (next) => request("/auth/handoff", contract("handoffGrantSchema"), { method: "POST", body: next === undefined ? {} : { next } }),
  };
}
