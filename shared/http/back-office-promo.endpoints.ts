import { contract } from "./lazy-contracts";
import type {
  EmployeePickupPoint,
  EmployeePickupPointList,
  EmployeePromocode,
  EmployeePromocodeList,
  PickupPointCreate,
  PromocodeCreate,
} from "../contracts/index";
import type { ApiRequest } from "./request";

/**
 * The back office's promocodes and self-pickup points (issue 29, role manager): list, one, create,
 * replace. A refused write rejects with the ApiError (400 with the field's messageUI, 409 for a taken code).
 */
export interface BackOfficePromoEndpoints {
  employeeListPromocodes(): Promise<EmployeePromocodeList>;
  employeeGetPromocode(id: number): Promise<EmployeePromocode>;
  employeeCreatePromocode(promocode: PromocodeCreate): Promise<EmployeePromocode>;
  employeeUpdatePromocode(id: number, promocode: PromocodeCreate): Promise<EmployeePromocode>;
  employeeListPickupPoints(): Promise<EmployeePickupPointList>;
  employeeGetPickupPoint(id: number): Promise<EmployeePickupPoint>;
  employeeCreatePickupPoint(point: PickupPointCreate): Promise<EmployeePickupPoint>;
  employeeUpdatePickupPoint(id: number, point: PickupPointCreate): Promise<EmployeePickupPoint>;
}

export function backOfficePromoEndpoints(request: ApiRequest): BackOfficePromoEndpoints {
  return {
    employeeListPromocodes: () => request("/employee/promocode", contract("employeePromocodeListSchema")),
    employeeGetPromocode: (id) => request(`/employee/promocode/${id}`, contract("employeePromocodeSchema")),
    employeeCreatePromocode: (promocode) => request("/employee/promocode", contract("employeePromocodeSchema"), { method: "POST", body: promocode }),
    employeeUpdatePromocode: (id, promocode) => request(`/employee/promocode/${id}`, contract("employeePromocodeSchema"), { method: "PUT", body: promocode }),
    employeeListPickupPoints: () => request("/employee/pickup-point", contract("employeePickupPointListSchema")),
    employeeGetPickupPoint: (id) => request(`/employee/pickup-point/${id}`, contract("employeePickupPointSchema")),
    employeeCreatePickupPoint: (point) => request("/employee/pickup-point", contract("employeePickupPointSchema"), { method: "POST", body: point }),
    employeeUpdatePickupPoint: (id, point) => request(`/employee/pickup-point/${id}`, contract("employeePickupPointSchema"), { method: "PUT", body: point }),
  };
}
