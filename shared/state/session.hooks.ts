import { useAtomValue, useSetAtom } from "jotai/react";
import { useEffect } from "react";
import { accountStateAtom } from "./account-state.atoms";
import type { AccountState } from "./account-state.atoms";
import { ensureAccountAtom } from "./account.atoms";
import { cartStateAtom, ensureCartAtom } from "./cart.atoms";
import type { CartState } from "./cart.atoms";

/** The account, loaded once per page by whichever element asks first (the cart follows it). */
export function useAccount(): AccountState {
  const state = useAtomValue(accountStateAtom);
  const ensure = useSetAtom(ensureAccountAtom);
  useEffect(() => {
    void ensure();
  }, [ensure]);
  return state;
}

/** The cart; loading the account loads it, so asking for the cart asks for the account. */
export function useCart(): CartState {
  const state = useAtomValue(cartStateAtom);
  const ensureAccount = useSetAtom(ensureAccountAtom);
  const ensureCart = useSetAtom(ensureCartAtom);
  useEffect(() => {
    void ensureAccount().then(() => ensureCart());
  }, [ensureAccount, ensureCart]);
  return state;
}
