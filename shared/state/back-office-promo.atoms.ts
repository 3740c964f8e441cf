import { atom } from "jotai/vanilla";
import type { EmployeePickupPoint, EmployeePickupPointList, EmployeePromocode, EmployeePromocodeList, PickupPointCreate, PromocodeCreate } from "../contracts/index";
import { requireApi } from "./api.atoms";
import { keyedResource } from "./resource";
import type { Resource } from "./resource";

/*
 * The back office's promocodes and self-pickup points (issue 29): the lists, one of each, and the
 * saves. Private data: loaded in the browser only. A save puts its answer in the store and forgets
 * the list, which loads again when shown.
 */

export const backOfficePromocodeListsAtom = atom<Record<string, Resource<EmployeePromocodeList>>>({});
export const backOfficePromocodesAtom = atom<Record<string, Resource<EmployeePromocode>>>({});
export const backOfficePickupPointListsAtom = atom<Record<string, Resource<EmployeePickupPointList>>>({});
export const backOfficePickupPointsAtom = atom<Record<string, Resource<EmployeePickupPoint>>>({});

export const backOfficePromocodeLists = keyedResource({ key: (all: "all") => all, fetch: (api) => api.employeeListPromocodes(), entriesAtom: backOfficePromocodeListsAtom });
export const backOfficePromocodes = keyedResource({ key: (id: number) => String(id), fetch: (api, id) => api.employeeGetPromocode(id), entriesAtom: backOfficePromocodesAtom });
export const backOfficePickupPointLists = keyedResource({ key: (all: "all") => all, fetch: (api) => api.employeeListPickupPoints(), entriesAtom: backOfficePickupPointListsAtom });
export const backOfficePickupPoints = keyedResource({ key: (id: number) => String(id), fetch: (api, id) => api.employeeGetPickupPoint(id), entriesAtom: backOfficePickupPointsAtom });

/** Creates (id null) or replaces a promocode. Rejects with the ApiError (messageUI). */
export const savePromocodeAtom = atom(null, async (get, set, save: { id: number | null; promocode: PromocodeCreate }): Promise<EmployeePromocode> => {
  const api = requireApi(get);
  const saved = save.id === null ? await api.employeeCreatePromocode(save.promocode) : await api.employeeUpdatePromocode(save.id, save.promocode);
  set(backOfficePromocodesAtom, (entries) => ({ ...entries, [String(saved.id)]: { status: "ready", data: saved } }));
  set(backOfficePromocodeListsAtom, {});
  return saved;
});

/** Creates (id null) or replaces a self-pickup point. Rejects with the ApiError (messageUI). */
export const savePickupPointAtom = atom(null, async (get, set, save: { id: number | null; point: PickupPointCreate }): Promise<EmployeePickupPoint> => {
  const api = requireApi(get);
  const saved = save.id === null ? await api.employeeCreatePickupPoint(save.point) : await api.employeeUpdatePickupPoint(save.id, save.point);
  set(backOfficePickupPointsAtom, (entries) => ({ ...entries, [String(saved.id)]: { status: "ready", data: saved } }));
  set(backOfficePickupPointListsAtom, {});
  return saved;
});
