import { contract } from "./lazy-contracts";
import type { CatalogPhotoUpload, EmployeeCategory, EmployeeCategoryInput, EmployeeProduct, EmployeeProductInput, EmployeeProductListPage, EmployeeProductListQuery } from "../contracts/index";
import type { ApiRequest } from "./request";

/**
 * The back office's catalogue (issue 29, role catalog): categories and products as the shop's
 * employees edit them — hidden and archived ones included — with their pictures and photos.
 * Saving sends the whole object (PUT); the server answers it as it is now.
 */
export interface BackOfficeCatalogEndpoints {
  /** Every category, hidden ones included, in the shop's order. */
  getEmployeeCategories(): Promise<EmployeeCategory[]>;
  getEmployeeCategory(id: number): Promise<EmployeeCategory>;
  createEmployeeCategory(input: EmployeeCategoryInput): Promise<EmployeeCategory>;
  updateEmployeeCategory(id: number, input: EmployeeCategoryInput | EmployeeCategory): Promise<EmployeeCategory>;
  /** A picture for the category (an image); the answer goes into the category's form and is kept when the category is saved. */
  uploadCategoryPicture(input: { categoryId: number; file: Blob; fileName: string }): Promise<CatalogPhotoUpload>;
  /** Products by name, category and state (on sale, hidden, archived), a page at a time. */
  getEmployeeProducts(query?: EmployeeProductListQuery): Promise<EmployeeProductListPage>;
  getEmployeeProduct(id: number): Promise<EmployeeProduct>;
  createEmployeeProduct(input: EmployeeProductInput): Promise<EmployeeProduct>;
  updateEmployeeProduct(id: number, input: EmployeeProductInput | EmployeeProduct): Promise<EmployeeProduct>;
  /** `archived` true: out of listings, search and the sitemap (carts and orders keep their lines); false: on sale again. */
  archiveEmployeeProduct(id: number, archived: boolean): Promise<EmployeeProduct>;
  /** A photo for the product (an image); the answer goes into the editor's photo list and is kept when the product is saved. */
  uploadProductPhoto(input: { productId: number; file: Blob; fileName: string }): Promise<CatalogPhotoUpload>;
}

/** Drops the unset and empty fields: no empty filters in the address. */
function defined(query: EmployeeProductListQuery): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string | number] => (typeof entry[1] === "number" || typeof entry[1] === "string") && entry[1] !== ""),
  );
}

function imageForm(file: Blob, fileName: string): FormData {
  const form = new FormData();
  form.append("file", file, fileName);
  return form;
}

export function backOfficeCatalogEndpoints(request: ApiRequest): BackOfficeCatalogEndpoints {
  return {
    getEmployeeCategories: () => request("/employee/category", contract("employeeCategoryListSchema")),
    getEmployeeCategory: (id) => request(`/employee/category/${id}`, contract("employeeCategorySchema")),
    createEmployeeCategory: (input) => request("/employee/category", contract("employeeCategorySchema"), { method: "POST", body: { ...input } }),
    updateEmployeeCategory: (id, input) => request(`/employee/category/${id}`, contract("employeeCategorySchema"), { method: "PUT", body: { ...input } }),
    uploadCategoryPicture: ({ categoryId, file, fileName }) =>
      request(`/employee/category/${categoryId}/photo`, contract("catalogPhotoUploadSchema"), { method: "POST", body: imageForm(file, fileName) }),
    getEmployeeProducts: (query = {}) => request("/employee/product", contract("employeeProductListPageSchema"), { query: defined(query) }),
    getEmployeeProduct: (id) => request(`/employee/product/${id}`, contract("employeeProductSchema")),
    createEmployeeProduct: (input) => request("/employee/product", contract("employeeProductSchema"), { method: "POST", body: { ...input } }),
    updateEmployeeProduct: (id, input) => request(`/employee/product/${id}`, contract("employeeProductSchema"), { method: "PUT", body: { ...input } }),
    archiveEmployeeProduct: (id, archived) => request(`/employee/product/${id}/archive`, contract("employeeProductSchema"), { method: "POST", body: { archived } }),
    uploadProductPhoto: ({ productId, file, fileName }) =>
      request(`/employee/product/${productId}/photo`, contract("catalogPhotoUploadSchema"), { method: "POST", body: imageForm(file, fileName) }),
  };
}
