import { atom } from "jotai/vanilla";
import type { Check, CheckReport, DesignOrder, Layout } from "../contracts/index";
import type { Api } from "../http/index";
import { publishChange, requireApi } from "./api.atoms";
import { loadCartAtom } from "./cart.atoms";

/*
 * The layout checker changes the cart's layouts outside the cart's own calls (an upload, a server
 * check, an approval, a design order): each answers a layout or a design order, not the cart. After
 * one, the other tabs are told and the page's cart is reloaded at once, so every cart element shows
 * the line's new status. Each change below calls the API client and then does that itself; the
 * ones that reject leave the cart as it was (the caller shows the ApiError's messageUI).
 */
export const layoutsChangedAtom = atom(null, async (get, set) => {
  publishChange(get, "cart");
  await set(loadCartAtom);
});

/** Uploads a file as a detail's layout (replacing the previous one); the caller starts its server check next. */
export const uploadLayoutAtom = atom(null, (get, _set, input: Parameters<Api["uploadLayout"]>[0]): Promise<Layout> => requireApi(get).uploadLayout(input));

/** Starts the server's check of a detail's current layout; the cart follows. */
export const startCheckAtom = atom(null, async (get, set, input: { cartId: number; orderProductId: number; detailName: string }) => {
  await requireApi(get).startCheck(input.cartId, input.orderProductId, input.detailName);
  await set(layoutsChangedAtom);
});

/** Approves a layout as it is (or takes the approval back); the cart follows. */
export const setLayoutApprovalAtom = atom(null, async (get, set, input: { layoutId: number; approved: boolean }): Promise<Layout> => {
  const layout = await requireApi(get).setLayoutApproval(input.layoutId, input.approved);
  await set(layoutsChangedAtom);
  return layout;
});

/** A design order's change from the layout checker: ordered with a comment, the comment changed, or cancelled while new. */
export type DesignOrderChange =
  | { kind: "create"; orderProductId: number; detailName: string; comment: string }
  | { kind: "comment"; designId: number; comment: string }
  | { kind: "cancel"; designId: number };

/** Makes a design order's change; the cart follows. */
export const changeDesignOrderAtom = atom(null, async (get, set, change: DesignOrderChange): Promise<DesignOrder> => {
  const api = requireApi(get);
  const saved =
    change.kind === "create"
      ? await api.createDesignOrder({ orderProductId: change.orderProductId, detailName: change.detailName, comment: change.comment })
      : change.kind === "comment"
        ? await api.updateDesignOrder(change.designId, { comment: change.comment })
        : await api.cancelDesignOrder(change.designId);
  await set(layoutsChangedAtom);
  return saved;
});

/** Tells the server the browser's result for a file it checked (the server compares and logs a difference). */
export const reportCheckAtom = atom(null, async (get, _set, input: { checkId: number; report: CheckReport }) => {
  await requireApi(get).reportCheck(input.checkId, input.report);
});

/**
 * Follows the server's check of a layout: asks every `intervalMs` until it is done or failed and
 * answers that result. Rejects with the ApiError of a failed request, or with the abort reason as
 * soon as `signal` is aborted.
 */
export const awaitCheckAtom = atom(
  null,
  async (get, _set, input: { checkId: number; intervalMs: number; signal: AbortSignal }): Promise<Check> => {
    const api = requireApi(get);
    for (;;) {
      const result = await api.getCheck(input.checkId);
      input.signal.throwIfAborted();
      if (result.state === "done" || result.state === "failed") return result;
      await pause(input.intervalMs, input.signal);
    }
  },
);

/** Waits `ms`, or rejects at once when `signal` is aborted. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
