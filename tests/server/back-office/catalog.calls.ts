import type { EmployeeCategoryInput, EmployeeProductInput } from "../../../shared/contracts/index";
import { employeeCategorySchema, employeeProductSchema } from "../../../shared/contracts/index";
import { TEST_APP_ORIGIN } from "../support/test-app";
import type { BackOfficeArea, MatrixContext, MatrixIds } from "./matrix";

/** A category the back office would create. */
export function sampleCategory(slug: string): EmployeeCategoryInput {
  return { slug, name: `Категория ${slug}`, description: "", sortOrder: 100, hidden: false, photo: null, seoName: "", seoTitle: "", seoDescription: "", seoKeywords: "" };
}

/** A whole product: two formats, a paper, colours with a back side, a finishing, three tiers, two details. */
export function sampleProduct(categoryId: number, slug: string): EmployeeProductInput {
  const profile = {
    pdfVersion: "1.3",
    pages: 1,
    trimMm: [90, 50] as [number, number],
    bleedMm: 2,
    sizeToleranceMm: 0.5,
    minPpi: 300,
    ppiTolerancePct: 5,
    compression: "lossy" as const,
    maxTacPct: 300,
    tacTolerancePct: 1,
    tacMinAreaMm2: 1,
  };
  const value = { pricePct: 100, unitPrice: 0, setupPrice: 0, widthMm: null, heightMm: null, paperGsm: null, sides: null };
  return {
    categoryId,
    slug,
    name: `Наклейки ${slug}`,
    description: "Наклейки на плёнке для тестов back office.",
    photos: [],
    seoName: "",
    seoTitle: "",
    seoDescription: "",
    seoKeywords: "",
    productionTimeDay: 3,
    urgentProductionTimeDay: 1,
    urgentSurchargePct: 50,
    discountPct: 0,
    sheetsPerUnit: 1,
    sizeLimits: null,
    hidden: false,
    options: [
      {
        group: "format",
        values: [
          { ...value, code: "90x50", label: "90×50 мм", sortOrder: 0, isDefault: true, widthMm: 90, heightMm: 50 },
          { ...value, code: "100x70", label: "100×70 мм", sortOrder: 1, isDefault: false, pricePct: 120, widthMm: 100, heightMm: 70 },
        ],
      },
      { group: "paper", values: [{ ...value, code: "film-80", label: "Плёнка 80 мкм", sortOrder: 0, isDefault: true, paperGsm: 120 }] },
      {
        group: "colors",
        values: [
          { ...value, code: "4+0", label: "4+0", sortOrder: 0, isDefault: true, sides: 1 },
          { ...value, code: "4+4", label: "4+4", sortOrder: 1, isDefault: false, pricePct: 160, sides: 2 },
        ],
      },
      { group: "finishing", values: [{ ...value, code: "round-corners", label: "Скругление углов", sortOrder: 0, isDefault: false, setupPrice: 150.5 }] },
    ],
    tiers: [
      { minQuantity: 100, unitPrice: 4.5 },
      { minQuantity: 500, unitPrice: 3.2 },
      { minQuantity: 1000, unitPrice: 2.75 },
    ],
    details: [
      { name: "Лицевая сторона", sortOrder: 0, profile, requiresOptionCode: null },
      { name: "Оборот", sortOrder: 1, profile, requiresOptionCode: "4+4" },
    ],
  };
}

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

/** A multipart/form-data body with one file in the field `file`. */
export function multipartFile(bytes: Buffer, fileName: string, contentType = "image/png"): { payload: Buffer; headers: Record<string, string> } {
  const boundary = "----ottisk-catalog-test";
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

let made = 0;

async function create(context: MatrixContext, url: string, payload: object): Promise<number> {
  const response = await context.testApp.app.inject({ method: "POST", url, headers: { authorization: `Bearer ${context.adminToken}` }, payload });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return Number((response.json() as { id: number }).id);
}

async function prepareCatalog(context: MatrixContext): Promise<MatrixIds> {
  const categoryId = await create(context, "/api/employee/category", sampleCategory("matrix-category"));
  const productId = await create(context, "/api/employee/product", sampleProduct(categoryId, "matrix-product"));
  return { categoryId, productId };
}

const json = { origin: TEST_APP_ORIGIN };

/** The catalog area's /api/employee/… operations for the authorization matrix (tests/server/back-office-authorization.test.ts). */
export const catalogArea: BackOfficeArea = {
  name: "catalog",
  prepare: prepareCatalog,
  calls: [
    { route: "GET /api/employee/category", roles: ["catalog"], request: () => ({ method: "GET", url: "/api/employee/category" }) },
    { route: "GET /api/employee/category/{id}", roles: ["catalog"], request: (ids) => ({ method: "GET", url: `/api/employee/category/${ids.categoryId}` }) },
    {
      route: "POST /api/employee/category",
      roles: ["catalog"],
      fresh: () => Promise.resolve({ n: (made += 1) }),
      request: (ids) => ({ method: "POST", url: "/api/employee/category", headers: json, payload: sampleCategory(`matrix-new-${ids.n ?? 0}`) }),
    },
    {
      route: "PUT /api/employee/category/{id}",
      roles: ["catalog"],
      request: (ids) => ({
        method: "PUT",
        url: `/api/employee/category/${ids.categoryId}`,
        headers: json,
        payload: employeeCategorySchema.parse({ ...sampleCategory("matrix-category"), id: ids.categoryId, description: "Изменена в матрице" }),
      }),
    },
    {
      route: "POST /api/employee/category/{id}/photo",
      roles: ["catalog"],
      request: (ids) => ({ method: "POST", url: `/api/employee/category/${ids.categoryId}/photo`, ...withOrigin(multipartFile(TINY_PNG, "category.png")) }),
    },
    { route: "GET /api/employee/product", roles: ["catalog"], request: () => ({ method: "GET", url: "/api/employee/product?state=all&limit=5" }) },
    { route: "GET /api/employee/product/{id}", roles: ["catalog"], request: (ids) => ({ method: "GET", url: `/api/employee/product/${ids.productId}` }) },
    {
      route: "POST /api/employee/product",
      roles: ["catalog"],
      fresh: () => Promise.resolve({ n: (made += 1) }),
      request: (ids) => ({ method: "POST", url: "/api/employee/product", headers: json, payload: sampleProduct(ids.categoryId ?? 0, `matrix-new-${ids.n ?? 0}`) }),
    },
    {
      route: "PUT /api/employee/product/{id}",
      roles: ["catalog"],
      request: (ids) => ({
        method: "PUT",
        url: `/api/employee/product/${ids.productId}`,
        headers: json,
        payload: employeeProductSchema.parse({ ...sampleProduct(ids.categoryId ?? 0, "matrix-product"), id: ids.productId, description: "Изменён в матрице" }),
      }),
    },
    {
      route: "POST /api/employee/product/{id}/archive",
      roles: ["catalog"],
      request: (ids) => ({ method: "POST", url: `/api/employee/product/${ids.productId}/archive`, headers: json, payload: { archived: false } }),
    },
    {
      route: "POST /api/employee/product/{id}/photo",
      roles: ["catalog"],
      request: (ids) => ({ method: "POST", url: `/api/employee/product/${ids.productId}/photo`, ...withOrigin(multipartFile(TINY_PNG, "product.png")) }),
    },
  ],
};

function withOrigin(body: { payload: Buffer; headers: Record<string, string> }): { payload: Buffer; headers: Record<string, string> } {
  return { payload: body.payload, headers: { ...body.headers, origin: TEST_APP_ORIGIN } };
}
