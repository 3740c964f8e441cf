import { atom } from "jotai/vanilla";
import type { CatalogPhotoUpload, EmployeeCategory, EmployeeCategoryInput, EmployeeProduct, EmployeeProductInput, EmployeeProductListPage, EmployeeProductListQuery } from "../contracts/index";
import { requireApi } from "./api.atoms";
import { keyedResource, storeResource } from "./resource";
import type { Resource } from "./resource";

/*
 * The back office's catalogue (issue 29): the categories, one category, the product lists by
 * filter, one product, and the writes (save, archive, pictures). Private data: always loaded in the
 * browser, never by the server's render. A write puts the server's answer in the store and forgets
 * the lists, so the next view of a list asks again.
 */

/** The id of a category or product the API answered (the contract's `id` is optional only because a PUT body may leave it out). */
export function recordId(record: { id?: number | undefined }): number {
  if (record.id === undefined) throw new Error("The API answered a category or product without its id");
  return record.id;
}

export const employeeProductListsAtom = atom<Record<string, Resource<EmployeeProductListPage>>>({});
export const employeeProductsAtom = atom<Record<string, Resource<EmployeeProduct>>>({});
export const employeeCategoriesAtom = atom<Record<string, Resource<EmployeeCategory>>>({});

/** Every category, hidden ones included (the category table, the product form's category choice). */
export const employeeCategoryList = storeResource<EmployeeCategory[]>((api) => api.getEmployeeCategories());

/** One category, for its form. */
export const employeeCategories = keyedResource({
  key: (id: number) => String(id),
  fetch: (api, id) => api.getEmployeeCategory(id),
  entriesAtom: employeeCategoriesAtom,
});

/** The store's key of a product list: its filters in a fixed order, empty ones left out. */
export function employeeProductListKey(query: EmployeeProductListQuery): string {
  const parts: [string, string | number | undefined][] = [
    ["q", query.q],
    ["categoryId", query.categoryId],
    ["state", query.state],
    ["offset", query.offset],
    ["limit", query.limit],
  ];
  return parts
    .filter((part): part is [string, string | number] => part[1] !== undefined && part[1] !== "")
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
}

/** Product lists by filter. */
export const employeeProductLists = keyedResource({
  key: employeeProductListKey,
  fetch: (api, query: EmployeeProductListQuery) => api.getEmployeeProducts(query),
  entriesAtom: employeeProductListsAtom,
});

/** One product, for its editor. */
export const employeeProducts = keyedResource({
  key: (id: number) => String(id),
  fetch: (api, id) => api.getEmployeeProduct(id),
  entriesAtom: employeeProductsAtom,
});

/**
 * The category list after a write (names, order, product counts may have changed): asked again in
 * the background, the list held meanwhile, so a view showing it (the product editor's category
 * choice) stays drawn with what was typed. Not yet asked: nothing to do, the first view asks.
 */
const refreshCategoryListAtom = atom(null, (get, set) => {
  if (get(employeeCategoryList.valueAtom) !== undefined) void set(employeeCategoryList.refreshAtom);
});

/** Creates the category (`id` null) or replaces it; the answer is kept and the category list asked again. Rejects with the ApiError (messageUI, field issues). */
export const saveEmployeeCategoryAtom = atom(null, async (get, set, change: { id: number | null; input: EmployeeCategoryInput | EmployeeCategory }): Promise<EmployeeCategory> => {
  const api = requireApi(get);
  const category = change.id === null ? await api.createEmployeeCategory(change.input) : await api.updateEmployeeCategory(change.id, change.input);
  set(employeeCategoriesAtom, (entries) => ({ ...entries, [String(recordId(category))]: { status: "ready", data: category } }));
  set(refreshCategoryListAtom);
  set(employeeProductListsAtom, {});
  return category;
});

/** Keeps the server's answer for a product and forgets the lists (names, prices and states shown there may have changed). */
const keepProductAtom = atom(null, (_get, set, product: EmployeeProduct) => {
  set(employeeProductsAtom, (entries) => ({ ...entries, [String(recordId(product))]: { status: "ready", data: product } }));
  set(employeeProductListsAtom, {});
  set(refreshCategoryListAtom);
});

/** Creates the product (`id` null) or replaces the whole of it. Rejects with the ApiError (messageUI, field issues). */
export const saveEmployeeProductAtom = atom(null, async (get, set, change: { id: number | null; input: EmployeeProductInput | EmployeeProduct }): Promise<EmployeeProduct> => {
  const api = requireApi(get);
  const product = change.id === null ? await api.createEmployeeProduct(change.input) : await api.updateEmployeeProduct(change.id, change.input);
  set(keepProductAtom, product);
  return product;
});

/** Archives the product (it leaves the storefront; carts and orders keep their lines) or puts it back on sale. */
export const archiveEmployeeProductAtom = atom(null, async (get, set, change: { id: number; archived: boolean }): Promise<EmployeeProduct> => {
  const product = await requireApi(get).archiveEmployeeProduct(change.id, change.archived);
  set(keepProductAtom, product);
  return product;
});

/**
 * Uploads a product photo: the server adds it last to the product's photos at once (and so moves
 * its `updatedAt`); the answer is the photo and the product's new `updatedAt`, the editor's next lock.
 */
export const uploadEmployeeProductPhotoAtom = atom(null, async (get, _set, upload: { productId: number; file: File }): Promise<{ photo: CatalogPhotoUpload; updatedAt: string | undefined }> => {
  const api = requireApi(get);
  const photo = await api.uploadProductPhoto({ productId: upload.productId, file: upload.file, fileName: upload.file.name });
  const product = await api.getEmployeeProduct(upload.productId);
  return { photo, updatedAt: product.updatedAt };
});

/** Uploads a category picture; the answer goes into the category's form (saved with the category). */
export const uploadEmployeeCategoryPictureAtom = atom(null, (get, _set, upload: { categoryId: number; file: File }): Promise<CatalogPhotoUpload> =>
  requireApi(get).uploadCategoryPicture({ categoryId: upload.categoryId, file: upload.file, fileName: upload.file.name }),
);
