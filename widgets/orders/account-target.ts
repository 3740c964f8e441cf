import { useAtomValue } from "jotai/react";
import type { AccountProfile } from "../../shared/contracts/index";
import { accountStateAtom, useAccount } from "../../shared/state/index";

/** The account whose orders and documents are shown, once known. */
export type AccountTarget =
  | { status: "loading" }
  /** Nobody signed in (or a visitor's temporary account): orders need a sign-in. */
  | { status: "signed-out" }
  /** An employee outside client mode: staff have no orders of their own. */
  | { status: "employee" }
  | { status: "ready"; companyId: number | null; accountName: string };

/**
 * The account chosen in «Заказываю от имени»: the selected company or the personal profile; for an
 * employee in client mode, the client's company or personal profile.
 */
export function useAccountTarget(): AccountTarget {
  const { loaded } = useAccount();
  const { profile } = useAtomValue(accountStateAtom);
  if (!profile) return loaded ? { status: "signed-out" } : { status: "loading" };
  if (profile.temporary) return { status: "signed-out" };
  return signedInAccountTarget(profile);
}

/** The account a signed-in person's orders and documents are of (the server render loads them by it: host-site/account-data.ts). */
export function signedInAccountTarget(profile: AccountProfile): Exclude<AccountTarget, { status: "loading" | "signed-out" }> {
  if (profile.typeUser === "employee" && !profile.impersonalization) return { status: "employee" };
  const companyId = profile.impersonalization ? profile.placeCompanyId : profile.selectedCompanyId;
  const company = companyId === null ? undefined : profile.companies.find((item) => item.id === companyId);
  return { status: "ready", companyId, accountName: companyId === null ? "Личный профиль" : (company?.name ?? "Компания") };
}
