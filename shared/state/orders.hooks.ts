import { useAtomValue, useSetAtom } from "jotai/react";
import { useEffect } from "react";
import type { DocumentListPage, OrderListPage } from "../contracts/index";
import { accountPageKey, clientOrderPagesAtom, documentPagesAtom, loadClientOrdersAtom, loadDocumentsAtom } from "./orders.atoms";
import type { AccountPageQuery } from "./orders.atoms";
import { LOADING } from "./resource";
import type { Resource } from "./resource";

/** A page of the account's orders (null while the account is not known yet), loaded on first use. */
export function useClientOrders(query: AccountPageQuery | null): { orders: Resource<OrderListPage>; reload: () => void } {
  const key = query === null ? null : accountPageKey(query);
  const orders = useAtomValue(clientOrderPagesAtom)[key ?? ""];
  const load = useSetAtom(loadClientOrdersAtom);
  const { companyId = null, page = 0, pageSize = 0 } = query ?? {};
  useEffect(() => {
    if (key !== null) void load({ companyId, page, pageSize });
  }, [key, companyId, page, pageSize, load]);
  return { orders: orders ?? LOADING, reload: () => void (key !== null && load({ companyId, page, pageSize })) };
}

/** A page of the account's documents (null while the account is not known yet), loaded on first use. */
export function useDocuments(query: AccountPageQuery | null): { documents: Resource<DocumentListPage>; reload: () => void } {
  const key = query === null ? null : accountPageKey(query);
  const documents = useAtomValue(documentPagesAtom)[key ?? ""];
  const load = useSetAtom(loadDocumentsAtom);
  const { companyId = null, page = 0, pageSize = 0 } = query ?? {};
  useEffect(() => {
    if (key !== null) void load({ companyId, page, pageSize });
  }, [key, companyId, page, pageSize, load]);
  return { documents: documents ?? LOADING, reload: () => void (key !== null && load({ companyId, page, pageSize })) };
}
