import { useAtomValue, useSetAtom } from "jotai/react";
import { useEffect } from "react";
import type { CompanyLookup, EmailConfirmed } from "../contracts/index";
import { companiesByInn, confirmEmailAtom, emailConfirmationsAtom } from "./registration.atoms";
import { LOADING } from "./resource";
import type { Resource } from "./resource";
import { useKeyedResource } from "./resource.hooks";

/**
 * The company of an ИНН, looked up on first use; `inn` null: nothing to look up yet (the form
 * passes an ИНН once it is typed whole and its check digits match). `reload` asks again after an error.
 */
export function useCompanyByInn(inn: string | null): { company: Resource<CompanyLookup> | null; reload: () => void } {
  const { resource, reload } = useKeyedResource(companiesByInn, inn);
  return { company: resource, reload };
}

/** Confirms the address by the link's token when the page opens (once per page). */
export function useEmailConfirmation(token: string): Resource<EmailConfirmed> {
  const confirmation = useAtomValue(emailConfirmationsAtom)[token];
  const confirm = useSetAtom(confirmEmailAtom);
  useEffect(() => {
    if (token) void confirm(token);
  }, [token, confirm]);
  return confirmation ?? LOADING;
}
