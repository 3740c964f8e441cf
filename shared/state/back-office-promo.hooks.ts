import type { EmployeePickupPoint, EmployeePickupPointList, EmployeePromocode, EmployeePromocodeList } from "../contracts/index";
import { backOfficePickupPointLists, backOfficePickupPoints, backOfficePromocodeLists, backOfficePromocodes } from "./back-office-promo.atoms";
import { LOADING } from "./resource";
import type { Resource } from "./resource";
import { useKeyedResource } from "./resource.hooks";

/** Every promocode (back office), loaded on first use; `reload` asks again after an error. */
export function useBackOfficePromocodes(): { promocodes: Resource<EmployeePromocodeList>; reload: () => void } {
  const { resource, reload } = useKeyedResource(backOfficePromocodeLists, "all", { fresh: true });
  return { promocodes: resource ?? LOADING, reload };
}

/** One promocode (back office); null id: nothing to load (a new one). */
export function useBackOfficePromocode(id: number | null): { promocode: Resource<EmployeePromocode> | null; reload: () => void } {
  const { resource, reload } = useKeyedResource(backOfficePromocodes, id, { fresh: true });
  return { promocode: id === null ? null : (resource ?? LOADING), reload };
}

/** Every self-pickup point (back office), closed ones too. */
export function useBackOfficePickupPoints(): { points: Resource<EmployeePickupPointList>; reload: () => void } {
  const { resource, reload } = useKeyedResource(backOfficePickupPointLists, "all", { fresh: true });
  return { points: resource ?? LOADING, reload };
}

/** One self-pickup point (back office); null id: nothing to load (a new one). */
export function useBackOfficePickupPoint(id: number | null): { point: Resource<EmployeePickupPoint> | null; reload: () => void } {
  const { resource, reload } = useKeyedResource(backOfficePickupPoints, id, { fresh: true });
  return { point: id === null ? null : (resource ?? LOADING), reload };
}
