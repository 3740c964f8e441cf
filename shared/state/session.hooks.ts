import { useAtomValue, useSetAtom } from "jotai/react";
import { useEffect } from "react";
import { accountStateAtom } from "./account-state.atoms";
import type { AccountState } from "./account-state.atoms";
import { ensureAccountAtom } from "./account.atoms";
import { useReportBug } from "./failure.hooks";
import { cartStateAtom, ensureCartAtom, ensureCartBadgeAtom } from "./cart.atoms";
import type { CartState } from "./cart.atoms";

/** The account, loaded once per page by whichever element asks first (the cart follows it). */
export function useAccount(): AccountState {
  const state = useAtomValue(accountStateAtom);
  const ensure = useSetAtom(ensureAccountAtom);
  const reportBug = useReportBug();
  useEffect(() => {
    ensure().catch(reportBug);
  }, [ensure, reportBug]);
  return state;
}

/** The cart state, after the account and then the cart are ensured by `cartAtom` (the full cart, or the badge's). */
function useCartEnsuredBy(cartAtom: typeof ensureCartAtom | typeof ensureCartBadgeAtom): CartState {
  const state = useAtomValue(cartStateAtom);
  const ensureAccount = useSetAtom(ensureAccountAtom);
  const ensureCart = useSetAtom(cartAtom);
  const reportBug = useReportBug();
  useEffect(() => {
    ensureAccount()
      .then(() => ensureCart())
      .catch(reportBug);
  }, [ensureAccount, ensureCart, reportBug]);
  return state;
}

/** The cart; loading the account loads it, so asking for the cart asks for the account. */
export function useCart(): CartState {
  return useCartEnsuredBy(ensureCartAtom);
}

/** The cart for a badge: as useCart, except that where nobody can have a session nothing is asked (an empty cart). */
export function useCartBadge(): CartState {
  return useCartEnsuredBy(ensureCartBadgeAtom);
}
