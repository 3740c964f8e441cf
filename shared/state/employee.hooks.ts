import { useAtomValue, useSetAtom } from "jotai/react";
import { useEffect, useEffectEvent } from "react";
import type { Client, EmployeeOrder, EmployeeOrderListPage, EmployeeOrderListQuery } from "../contracts/index";
import {
  clientSearchesAtom,
  clientSearchKey,
  employeeOrderListKey,
  employeeOrderListsAtom,
  employeeOrdersAtom,
  loadClientSearchAtom,
  loadEmployeeOrderAtom,
  loadEmployeeOrdersAtom,
} from "./employee.atoms";
import { LOADING } from "./resource";
import type { Resource } from "./resource";

/** One list of every client's orders (staff), loaded on first use; `reload` asks again after an error. */
export function useEmployeeOrders(query: EmployeeOrderListQuery): { orders: Resource<EmployeeOrderListPage>; reload: () => void } {
  const key = employeeOrderListKey(query);
  const orders = useAtomValue(employeeOrderListsAtom)[key];
  const load = useSetAtom(loadEmployeeOrdersAtom);
  const loadQuery = useEffectEvent(() => void load(query));
  useEffect(() => {
    // The key names the query: a new object with the same filters loads nothing again.
    loadQuery();
  }, [key]);
  return { orders: orders ?? LOADING, reload: () => void load(query) };
}

/** Any client's order (staff), loaded on first use. */
export function useEmployeeOrder(orderId: number): { order: Resource<EmployeeOrder>; reload: () => void } {
  const order = useAtomValue(employeeOrdersAtom)[String(orderId)];
  const load = useSetAtom(loadEmployeeOrderAtom);
  useEffect(() => {
    void load(orderId);
  }, [orderId, load]);
  return { order: order ?? LOADING, reload: () => void load(orderId) };
}

/** The clients found for `search` (null until two characters are typed); `reload` asks again after an error. */
export function useClientSearch(search: string, assigned: boolean): { clients: Resource<Client[]> | null; reload: () => void } {
  const trimmed = search.trim();
  const ready = trimmed.length >= 2;
  const key = clientSearchKey(trimmed, assigned);
  const clients = useAtomValue(clientSearchesAtom)[key];
  const load = useSetAtom(loadClientSearchAtom);
  useEffect(() => {
    if (ready) void load({ search: trimmed, assigned });
  }, [ready, trimmed, assigned, load]);
  return { clients: ready ? (clients ?? LOADING) : null, reload: () => void load({ search: trimmed, assigned }) };
}
