import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountProfileSchema,
  cartSchema,
  categoryListSchema,
  isValidInn,
  productListPageSchema,
  SESSION_TOKEN_HEADER,
  sessionGrantSchema,
} from "../../shared/contracts/index";
import { BACK_OFFICE_AREAS } from "./back-office/areas";
import { startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * Who may call what: every non-public call of the API × six callers — nobody signed in, a visitor's
 * temporary account, client A, client B, an employee, and an employee in client mode acting for A.
 * Each call is made on client A's things (A's cart line, delivery, order, file, design order, check),
 * so "allowed" for B would mean B reached A's data. The table must name every route the app has:
 * a new route without a row here fails the last test.
 */

type Actor = "anonymous" | "temporary" | "clientA" | "clientB" | "employee" | "employeeAsA";
const ACTORS: Actor[] = ["anonymous", "temporary", "clientA", "clientB", "employee", "employeeAsA"];

/**
 * What a caller must get: `ok` a 2xx; `allowed` anything but 401/403 and never a 5xx (the call
 * reached the caller's own data, where business rules may still say no, e.g. an empty cart);
 * `denied` 403 or 404 (not yours; a 404 also hides that it exists); or an exact status.
 */
type Expected = "ok" | "allowed" | "denied" | 401 | 403 | 404;

/** Expectations in the order of ACTORS: anonymous, temporary, A, B, employee, employee as A. */
type Row = [Expected, Expected, Expected, Expected, Expected, Expected];

interface Ids {
  clientAId: number;
  layoutId: number;
  companyAId: number;
  productId: number;
  detailName: string;
  cartAId: number;
  lineId: number;
  deliveryId: number;
  orderId: number;
  orderedLineId: number;
  fileId: number;
  designId: number;
  checkId: number;
  /** A's recipient and saved address (the profile pages' edit and delete calls). */
  recipientId: number;
  addressId: number;
  /** A's saved layout design and a picture A uploaded for it (the designer, issue 32). */
  layoutDesignId: string;
  layoutDesignImageId: string;
}

interface Call {
  /** "METHOD /api/path/{param}" as the OpenAPI document names it. */
  route: string;
  expect: Row;
  request(ids: Ids): Omit<InjectOptions, "headers"> & { headers?: Record<string, string> };
  /** Calls that use something up (delete, exit client mode) get fresh things for each allowed caller. */
  fresh?: (actor: Actor) => Promise<Partial<Ids>>;
  /** Puts back what an allowed call changed in the caller's session (the selected company). */
  restore?: (token: string | null | undefined) => Promise<void>;
}

let testApp: TestApp;
const tokens = new Map<Actor, string | null>();
let ids: Ids;
let innCounter = 0;

function inject(options: InjectOptions, token: string | null | undefined): Promise<LightMyRequestResponse> {
  const headers = { ...(options.headers as Record<string, string> | undefined), ...(token ? { authorization: `Bearer ${token}` } : {}) };
  return testApp.app.inject({ ...options, headers });
}

async function ok(options: InjectOptions, token: string | null | undefined): Promise<unknown> {
  const response = await inject(options, token);
  expect(response.statusCode, `${options.method} ${options.url}: ${response.body}`).toBeLessThan(300);
  return response.json();
}

async function signIn(email: string, password: string): Promise<string> {
  const response = await testApp.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password, rememberMe: false } });
  expect(response.statusCode, response.body).toBe(200);
  return sessionGrantSchema.parse(response.json()).token;
}

/** A valid 10-digit ИНН of a legal entity that no one has used yet. */
function freshInn(): string {
  for (;;) {
    innCounter += 1;
    const body = `77${String(100000 + innCounter).padStart(7, "0")}`;
    for (let digit = 0; digit <= 9; digit += 1) if (isValidInn(body + digit)) return body + digit;
  }
}

/** A small valid PDF, enough for an upload. */
function pdfBytes(): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 266.46 153.07] >>",
  ];
  let body = "%PDF-1.3\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

function multipart(fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer }) {
  const boundary = "----ottisk-matrix-boundary";
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`));
  parts.push(file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** A 600×400 grey PNG: a logo for the designer. */
function logoPng(): Buffer {
  const png = new PNG({ width: 600, height: 400 });
  png.data.fill(128);
  return PNG.sync.write(png);
}

function uploadDesignImage() {
  return { method: "POST" as const, url: "/api/layout-design-images", ...multipart({}, { name: "logo.png", type: "image/png", bytes: logoPng() }) };
}

/** A blank one-sided business card of 90×50 mm: the smallest design the product takes. */
const BLANK_CARD = { version: 1, trimMm: [90, 50], bleedMm: 2, safeMm: 3, sides: [{ background: null, elements: [] }] };

/** A new design of A's (each delete uses one up). */
async function layoutDesignOfA(): Promise<{ layoutDesignId: string }> {
  const created = (await ok({ method: "POST", url: "/api/layout-designs", payload: { name: "Визитка А", productId: ids.productId, document: BLANK_CARD } }, tokens.get("clientA"))) as { id: string };
  return { layoutDesignId: created.id };
}

function uploadLayout(lineId: number, detailName: string) {
  return {
    method: "POST" as const,
    url: "/api/file/upload/layout",
    ...multipart({ orderProductId: String(lineId), detailName }, { name: "maket.pdf", type: "application/pdf", bytes: pdfBytes() }),
  };
}

/** A new line in client A's cart (A's own session; the personal one unless a company is given), with its details' layouts uploaded. */
async function newLineOfA(companyId: number | null = null): Promise<number> {
  const tokenA = tokens.get("clientA");
  const cart = cartSchema.parse(
    await ok({ method: "POST", url: "/api/client-cart/product", payload: { productId: ids.productId, options: {}, quantity: 100, isUrgent: false, companyId } }, tokenA),
  );
  const line = cart.orderProduct.at(-1);
  if (!line) throw new Error("no line added");
  return line.id;
}

async function employeeInClientModeForA(): Promise<string> {
  const token = await signIn("manager@example.com", "manager12345");
  await ok({ method: "POST", url: `/api/client/${ids.clientAId}/impersonalization`, payload: { companyId: null } }, token);
  return token;
}

beforeAll(async () => {
  testApp = await startTestApp();
  const { app } = testApp;
  tokens.set("anonymous", null);
  tokens.set("clientA", await signIn("client@example.com", "client12345"));
  tokens.set("clientB", await signIn("petrova@example.com", "client12345"));
  tokens.set("employee", await signIn("manager@example.com", "manager12345"));

  const categories = categoryListSchema.parse((await app.inject({ method: "GET", url: "/api/public/product/category" })).json());
  const vizitki = categories.find((category) => category.slug === "vizitki");
  const products = productListPageSchema.parse((await app.inject({ method: "GET", url: `/api/public/product?categoryId=${vizitki?.id}` })).json());
  const productId = products.items[0]?.id;
  if (!productId) throw new Error("no business card in the demo catalogue");

  const visitor = await app.inject({ method: "PUT", url: `/api/public/product/to-favorite/${productId}` });
  tokens.set("temporary", String(visitor.headers[SESSION_TOKEN_HEADER.toLowerCase()]));

  const tokenA = tokens.get("clientA");
  const profileA = accountProfileSchema.parse(await ok({ method: "GET", url: "/api/account/profile" }, tokenA));
  const companyAId = profileA.companies[0]?.id;
  if (!companyAId) throw new Error("the demo client has no company");
  ids = { clientAId: profileA.id, companyAId, productId } as Ids;

  // An order of A's company (an invoice is for a company only): a line with its layouts, a delivery, placed with an invoice.
  const orderedLineId = await newLineOfA(companyAId);
  let cart = cartSchema.parse(await ok({ method: "GET", url: `/api/client-cart?companyId=${companyAId}` }, tokenA));
  const orderedLine = cart.orderProduct.find((line) => line.id === orderedLineId);
  for (const layout of orderedLine?.layouts ?? []) await ok(uploadLayout(orderedLineId, layout.detailName), tokenA);
  const detailName = orderedLine?.layouts[0]?.detailName;
  if (!detailName) throw new Error("a business card needs a layout");
  await ok(
    {
      method: "POST",
      url: "/api/client-cart/delivery",
      payload: { deliveryType: "Door", cityKladrId: "2300000100000", deliveryMethod: "Courier", address: "ул. Красная, 1", recipientId: null, tariffCode: null, pickupPointCode: null, companyId: companyAId },
    },
    tokenA,
  );
  const order = (await ok(
    { method: "POST", url: "/api/client-cart/place-order", payload: { companyId: companyAId, paymentType: "Invoice", idempotencyKey: "matrix-order-0001" } },
    tokenA,
  )) as { id: number };

  // A's current cart: a line with an uploaded layout, a delivery, a design order and a check.
  const lineId = await newLineOfA();
  const layout = (await ok(uploadLayout(lineId, detailName), tokenA)) as { id: number; fileUrl: string };
  const fileId = Number(/\/api\/file\/(\d+)/.exec(layout.fileUrl)?.[1]);
  cart = cartSchema.parse(
    await ok(
      {
        method: "POST",
        url: "/api/client-cart/delivery",
        payload: { deliveryType: "Door", cityKladrId: "2300000100000", deliveryMethod: "Courier", address: "ул. Красная, 2", recipientId: null, tariffCode: null, pickupPointCode: null },
      },
      tokenA,
    ),
  );
  const design = (await ok({ method: "POST", url: "/api/client-order/design", payload: { orderProductId: lineId, detailName, comment: "Сделайте логотип крупнее" } }, tokenA)) as {
    designId: number;
  };
  const check = (await ok({ method: "POST", url: `/api/client-order/${cart.id}/product/${lineId}/autocheck/${encodeURIComponent(detailName)}` }, tokenA)) as {
    pitstopDesignId: number;
  };
  ids = {
    ...ids,
    detailName,
    cartAId: Number(cart.id),
    lineId,
    layoutId: layout.id,
    deliveryId: cart.deliveries.at(-1)?.id ?? 0,
    orderId: order.id,
    orderedLineId,
    fileId,
    designId: design.designId,
    checkId: check.pitstopDesignId,
  };
  ids = { ...ids, ...(await recipientAndAddressOfA()) };
  const picture = (await ok(uploadDesignImage(), tokenA)) as { id: string };
  ids = { ...ids, layoutDesignImageId: picture.id, ...(await layoutDesignOfA()) };
  tokens.set("employeeAsA", await employeeInClientModeForA());
}, 120_000);

/** A new recipient and saved address of A's (each delete uses one up). */
async function recipientAndAddressOfA(): Promise<{ recipientId: number; addressId: number }> {
  const tokenA = tokens.get("clientA");
  const recipient = (await ok({ method: "POST", url: "/api/client-account/recipient", payload: { name: "Получатель А", phone: "+7 918 222-33-44" } }, tokenA)) as { id: number };
  const saved = (await ok({ method: "POST", url: "/api/client-account/address", payload: { cityKladrId: "2300000100000", address: "ул. Северная, 5" } }, tokenA)) as { id: number };
  return { recipientId: recipient.id, addressId: saved.id };
}

/** A new company of A's with no orders (edited or deleted by the allowed callers). */
async function companyOfA(): Promise<{ companyAId: number }> {
  const created = (await ok({ method: "POST", url: "/api/client-account/company", payload: { name: "ООО «Для правки»", inn: freshInn() } }, tokens.get("clientA"))) as { id: number };
  return { companyAId: created.id };
}

/** Who each demo account is, to put their names back after a profile change. */
const DEMO_NAMES: Record<string, { name: string; surname: string }> = {
  "client@example.com": { name: "Иван", surname: "Иванов" },
  "petrova@example.com": { name: "Ольга", surname: "Петрова" },
  "manager@example.com": { name: "Мария", surname: "Кузнецова" },
};

afterAll(async () => {
  await testApp?.close();
});

const door = (address: string) => ({
  deliveryType: "Door",
  cityKladrId: "2300000100000",
  deliveryMethod: "Courier",
  address,
  recipientId: null,
  tariffCode: null,
  pickupPointCode: null,
});

/** Calls anyone may make, with or without a session: catalogue, pages, geography, sign-in, payments' return pages. */
const PUBLIC_ROUTES = new Set([
  "GET /api/public/product/category",
  "GET /api/public/product",
  "GET /api/public/product/{id}",
  "GET /api/public/product/{id}/price",
  "GET /api/public/product/{id}/template.pdf",
  "GET /api/public/product/{id}/template.svg",
  "POST /api/public/product/by-list",
  // The caller's own favourites; an anonymous caller gets an empty list.
  "GET /api/public/product/favorite",
  "GET /api/product-category",
  "GET /api/product-service",
  "GET /api/product-service/{id}",
  "GET /api/nds",
  "GET /api/health",
  // The health check's error texts: employees, and loopback callers when no proxy is trusted (tests/server/security/health.test.ts).
  "GET /api/health/details",
  "GET /api/geo/city",
  "GET /api/geo/city-by-kladrId",
  "GET /api/geo/address-by-coords",
  "GET /api/geo/delivery/{cityId}",
  "GET /api/geo/pvz/{kladrId}",
  "GET /api/geo/district",
  "GET /api/geo/address",
  "GET /api/delivery/self-pickup",
  "POST /api/auth/login",
  "POST /api/auth/logout",
  // Registration and the e-mail links: the link's token is the capability (tests/server/registration.test.ts).
  "POST /api/auth/registration",
  "POST /api/auth/confirm-email",
  "POST /api/auth/password-recovery",
  "POST /api/auth/password-reset",
  // The dev mail page: without SMTP only, and for loopback callers or employees (tests/server/mail-outbox.test.ts).
  "GET /api/dev/mail",
  "GET /api/dev/mail.json",
  "GET /api/dev/mail/{id}",
  // Opened by the browser: the signed link is the capability (tests/server/handoff.test.ts).
  "GET /api/auth/handoff",
  // The consent page's form: the signed link is the capability; the shop's own origin only (tests/server/security/handoff.test.ts).
  "POST /api/auth/handoff/confirm",
  "GET /api/feedback-form",
  "POST /api/feedback-form",
  "GET /api/ReCaptcha",
  "GET /api/public/website/page/{slug}",
  "GET /api/public/website/page/{slug}/seo",
  "GET /api/public/website/page",
  "GET /api/public/website/menu",
  "GET /api/public/website/side-menu",
  "GET /api/public/website/header",
  "GET /api/public/website/footer",
  "GET /api/public/website/popup",
  "GET /api/public/website/search",
  // The test payment page stands in for YooKassa's own page: its payment id is the capability.
  "GET /api/payment/test/{paymentId}",
  "POST /api/payment/test/{paymentId}",
  // YooKassa calls it; it trusts nothing it is sent and asks YooKassa again.
  "POST /api/payment/yookassa/webhook",
  // The designer's templates: the same for everyone.
  "GET /api/layout-design-templates",
]);

const CALLS: Call[] = [
  // The layout designer (issue 32): the caller's own designs and pictures; a visitor's first save or
  // picture opens a temporary account, as the cart does; an employee works on a client's in client mode only.
  { route: "GET /api/layout-designs", expect: ["ok", "ok", "ok", "ok", 403, "ok"], request: () => ({ method: "GET", url: "/api/layout-designs" }) },
  {
    route: "POST /api/layout-designs",
    expect: ["ok", "ok", "ok", "ok", 403, "ok"],
    request: (ids) => ({ method: "POST", url: "/api/layout-designs", payload: { name: "Визитка", productId: ids.productId, document: BLANK_CARD } }),
  },
  { route: "GET /api/layout-designs/{id}", expect: [401, "denied", "ok", "denied", 403, "ok"], request: (ids) => ({ method: "GET", url: `/api/layout-designs/${ids.layoutDesignId}` }) },
  {
    route: "PUT /api/layout-designs/{id}",
    expect: [401, "denied", "allowed", "denied", 403, "allowed"],
    request: (ids) => ({ method: "PUT", url: `/api/layout-designs/${ids.layoutDesignId}`, payload: { name: "Визитка А", productId: ids.productId, document: BLANK_CARD, version: 1 } }),
  },
  {
    route: "DELETE /api/layout-designs/{id}",
    expect: [401, "denied", "ok", "denied", 403, "ok"],
    request: (ids) => ({ method: "DELETE", url: `/api/layout-designs/${ids.layoutDesignId}` }),
    fresh: layoutDesignOfA,
  },
  { route: "POST /api/layout-design-images", expect: ["ok", "ok", "ok", "ok", 403, "ok"], request: () => uploadDesignImage() },
  {
    route: "GET /api/layout-design-images/{id}",
    expect: [401, "denied", "ok", "denied", 403, "ok"],
    request: (ids) => ({ method: "GET", url: `/api/layout-design-images/${ids.layoutDesignImageId}` }),
  },
  // Account. A visitor's temporary account has a profile (temporary: true) and may keep favourites and a city.
  { route: "GET /api/account/profile", expect: [401, "ok", "ok", "ok", "ok", "ok"], request: () => ({ method: "GET", url: "/api/account/profile" }) },
  {
    route: "PUT /api/public/product/to-favorite/{id}",
    expect: ["ok", "ok", "ok", "ok", "ok", "ok"],
    request: (ids) => ({ method: "PUT", url: `/api/public/product/to-favorite/${ids.productId}` }),
  },
  {
    route: "DELETE /api/public/product/from-favorite/{id}",
    expect: ["ok", "ok", "ok", "ok", "ok", "ok"],
    request: (ids) => ({ method: "DELETE", url: `/api/public/product/from-favorite/${ids.productId}` }),
  },
  // Any session may hand itself over to the shop's pages; the link opens a session of the same account only.
  { route: "POST /api/auth/handoff", expect: [401, "ok", "ok", "ok", "ok", "ok"], request: () => ({ method: "POST", url: "/api/auth/handoff", payload: {} }) },
  // The confirmation letter again: a signed-in person's own address (the demo accounts' are confirmed: no letter).
  { route: "POST /api/auth/confirm-email/resend", expect: [401, 401, "ok", "ok", "ok", "ok"], request: () => ({ method: "POST", url: "/api/auth/confirm-email/resend" }) },
  {
    route: "POST /api/client-account/select-city/{id}",
    expect: ["ok", "ok", "ok", "ok", "ok", "ok"],
    request: () => ({ method: "POST", url: "/api/client-account/select-city/7700000000000" }),
  },

  // A client's companies, recipients, addresses and balance.
  {
    route: "POST /api/client-account/company",
    expect: [401, 401, "ok", "ok", 403, "ok"],
    request: () => ({ method: "POST", url: "/api/client-account/company", payload: { name: "ООО «Проверка доступа»", inn: freshInn(), legalAddress: "г. Краснодар, ул. Северная, 1" } }),
  },
  {
    route: "POST /api/client-account/select-company",
    expect: [401, 401, "ok", "denied", 403, "ok"],
    request: (ids) => ({ method: "POST", url: "/api/client-account/select-company", payload: { companyId: ids.companyAId } }),
    restore: async (token) => {
      await ok({ method: "POST", url: "/api/client-account/select-company", payload: { companyId: null } }, token);
    },
  },
  { route: "GET /api/client-account/recipient", expect: [401, 401, "ok", "ok", 403, "ok"], request: () => ({ method: "GET", url: "/api/client-account/recipient" }) },
  {
    route: "POST /api/client-account/recipient",
    expect: [401, 401, "ok", "ok", 403, "ok"],
    request: () => ({ method: "POST", url: "/api/client-account/recipient", payload: { name: "Анна Смирнова", phone: "+7 918 111-22-33" } }),
  },
  { route: "GET /api/client-account/address", expect: [401, 401, "ok", "ok", 403, "ok"], request: () => ({ method: "GET", url: "/api/client-account/address" }) },
  // The profile pages (issue 15): A's companies, recipients and addresses edited or deleted; the person's own name and password.
  { route: "GET /api/client-account/company", expect: [401, 401, "ok", "ok", 403, "ok"], request: () => ({ method: "GET", url: "/api/client-account/company" }) },
  {
    route: "GET /api/client-account/company/{id}",
    expect: [401, 401, "ok", "denied", 403, "ok"],
    request: (ids) => ({ method: "GET", url: `/api/client-account/company/${ids.companyAId}` }),
  },
  {
    route: "PUT /api/client-account/company/{id}",
    expect: [401, 401, "ok", "denied", 403, "ok"],
    request: (ids) => ({ method: "PUT", url: `/api/client-account/company/${ids.companyAId}`, payload: { name: "ООО «Исправленное»", inn: freshInn() } }),
    fresh: companyOfA,
  },
  {
    route: "DELETE /api/client-account/company/{id}",
    expect: [401, 401, "ok", "denied", 403, "ok"],
    request: (ids) => ({ method: "DELETE", url: `/api/client-account/company/${ids.companyAId}` }),
    fresh: companyOfA,
  },
  {
    route: "PUT /api/client-account/recipient/{id}",
    expect: [401, 401, "ok", "denied", 403, "ok"],
    request: (ids) => ({ method: "PUT", url: `/api/client-account/recipient/${ids.recipientId}`, payload: { name: "Получатель А", phone: "+7 918 222-33-45" } }),
  },
  {
    route: "DELETE /api/client-account/recipient/{id}",
    expect: [401, 401, "ok", "denied", 403, "ok"],
    request: (ids) => ({ method: "DELETE", url: `/api/client-account/recipient/${ids.recipientId}` }),
    fresh: recipientAndAddressOfA,
  },
  {
    route: "PUT /api/client-account/address/{id}",
    expect: [401, 401, "ok", "denied", 403, "ok"],
    request: (ids) => ({ method: "PUT", url: `/api/client-account/address/${ids.addressId}`, payload: { cityKladrId: "2300000100000", address: "ул. Северная, 6" } }),
  },
  {
    route: "DELETE /api/client-account/address/{id}",
    expect: [401, 401, "ok", "denied", 403, "ok"],
    request: (ids) => ({ method: "DELETE", url: `/api/client-account/address/${ids.addressId}` }),
    fresh: recipientAndAddressOfA,
  },
  { route: "GET /api/client-account/notification", expect: [401, 401, "ok", "ok", 403, "ok"], request: () => ({ method: "GET", url: "/api/client-account/notification" }) },
  {
    route: "POST /api/client-account/notification/read",
    expect: [401, 401, "ok", "ok", 403, "ok"],
    request: () => ({ method: "POST", url: "/api/client-account/notification/read", payload: { all: true } }),
  },
  { route: "GET /api/client-account/notification/settings", expect: [401, 401, "ok", "ok", 403, "ok"], request: () => ({ method: "GET", url: "/api/client-account/notification/settings" }) },
  {
    route: "PUT /api/client-account/notification/settings",
    expect: [401, 401, "ok", "ok", 403, "ok"],
    request: () => ({ method: "PUT", url: "/api/client-account/notification/settings", payload: { orderNewsByMail: true } }),
  },
  {
    route: "PUT /api/account/profile",
    expect: [401, 401, "ok", "ok", "ok", "ok"],
    request: () => ({ method: "PUT", url: "/api/account/profile", payload: { name: "Проверка", surname: "Доступа", phone: "" } }),
    // Each caller changed their own name: put it back.
    restore: async (token) => {
      const profile = accountProfileSchema.parse(await ok({ method: "GET", url: "/api/account/profile" }, token));
      const names = DEMO_NAMES[profile.email ?? ""];
      if (names) await ok({ method: "PUT", url: "/api/account/profile", payload: { ...names, phone: "" } }, token);
    },
  },
  {
    // A wrong current password: reaching the check is "allowed", and nothing changes.
    route: "POST /api/account/password",
    expect: [401, 401, "allowed", "allowed", "allowed", "allowed"],
    request: () => ({ method: "POST", url: "/api/account/password", payload: { currentPassword: "not-the-password-1", newPassword: "another-pass-42" } }),
  },
  {
    route: "POST /api/client-account/address",
    expect: [401, 401, "ok", "ok", 403, "ok"],
    request: () => ({ method: "POST", url: "/api/client-account/address", payload: { cityKladrId: "2300000100000", address: "ул. Красная, 10" } }),
  },
  {
    route: "GET /api/client-account/balance",
    expect: [401, 401, "ok", "denied", 403, "ok"],
    request: (ids) => ({ method: "GET", url: `/api/client-account/balance?companyId=${ids.companyAId}` }),
  },
  { route: "GET /api/utils/company-by-inn", expect: ["allowed", "allowed", "allowed", "allowed", "allowed", "allowed"], request: () => ({ method: "GET", url: "/api/utils/company-by-inn?inn=7707083893" }) },

  // Employees' calls.
  { route: "GET /api/client/search-by-name", expect: [401, 401, 403, 403, "ok", "ok"], request: () => ({ method: "GET", url: "/api/client/search-by-name?search=Иван" }) },
  { route: "GET /api/client/{id}", expect: [401, 401, 403, 403, "ok", "ok"], request: (ids) => ({ method: "GET", url: `/api/client/${ids.clientAId}` }) },
  { route: "GET /api/client/{id}/company", expect: [401, 401, 403, 403, "ok", "ok"], request: (ids) => ({ method: "GET", url: `/api/client/${ids.clientAId}/company` }) },
  {
    route: "POST /api/client/{id}/company",
    expect: [401, 401, 403, 403, "ok", "ok"],
    request: (ids) => ({ method: "POST", url: `/api/client/${ids.clientAId}/company`, payload: { name: "ООО «Через менеджера»", inn: freshInn(), legalAddress: "г. Краснодар" } }),
  },
  {
    route: "GET /api/client/{id}/company/{companyId}",
    expect: [401, 401, 403, 403, "ok", "ok"],
    request: (ids) => ({ method: "GET", url: `/api/client/${ids.clientAId}/company/${ids.companyAId}` }),
  },
  {
    route: "POST /api/client/{id}/impersonalization",
    expect: [401, 401, 403, 403, "ok", "ok"],
    request: (ids) => ({ method: "POST", url: `/api/client/${ids.clientAId}/impersonalization`, payload: { companyId: null } }),
    fresh: async () => ({}),
  },
  {
    route: "POST /api/client/exit-impersonalization",
    expect: [401, 401, 403, 403, "ok", "ok"],
    request: () => ({ method: "POST", url: "/api/client/exit-impersonalization" }),
    fresh: async () => ({}),
  },
  // The panel of every client's orders: staff outside client mode only (403 CLIENT_MODE_ACTIVE in it).
  { route: "GET /api/employee/order", expect: [401, 401, 403, 403, "ok", 403], request: () => ({ method: "GET", url: "/api/employee/order?status=new" }) },
  { route: "GET /api/employee/order/{id}", expect: [401, 401, 403, 403, "ok", 403], request: (ids) => ({ method: "GET", url: `/api/employee/order/${ids.orderId}` }) },
  {
    route: "PATCH /api/employee/order/{id}/status",
    expect: [401, 401, 403, 403, "ok", 403],
    // The status the order has: allowed, and changes nothing (the matrix leaves A's order as it is).
    request: (ids) => ({ method: "PATCH", url: `/api/employee/order/${ids.orderId}/status`, payload: { status: "new" } }),
  },
  { route: "GET /api/employee/order/{id}/payments", expect: [401, 401, 403, 403, "ok", 403], request: (ids) => ({ method: "GET", url: `/api/employee/order/${ids.orderId}/payments` }) },

  // The cart: a visitor has one too (a temporary account opens on the first change); an employee only in client mode.
  { route: "GET /api/client-cart", expect: ["ok", "ok", "ok", "ok", 403, "ok"], request: () => ({ method: "GET", url: "/api/client-cart" }) },
  { route: "PATCH /api/client-cart", expect: ["ok", "ok", "ok", "ok", 403, "ok"], request: () => ({ method: "PATCH", url: "/api/client-cart", payload: { comment: "Позвоните перед доставкой" } }) },
  {
    route: "PUT /api/client-cart/promocode",
    expect: ["allowed", "allowed", "allowed", "allowed", 403, "allowed"],
    request: () => ({ method: "PUT", url: "/api/client-cart/promocode", payload: { code: "OTTISK10" } }),
  },
  {
    route: "DELETE /api/client-cart/promocode",
    expect: ["allowed", "allowed", "ok", "ok", 403, "ok"],
    request: () => ({ method: "DELETE", url: "/api/client-cart/promocode" }),
  },
  {
    route: "POST /api/client-cart/product",
    expect: ["ok", "ok", "ok", "ok", 403, "ok"],
    request: (ids) => ({ method: "POST", url: "/api/client-cart/product", payload: { productId: ids.productId, options: {}, quantity: 100, isUrgent: false } }),
  },
  {
    route: "PATCH /api/client-cart/product/{id}",
    expect: [401, "denied", "ok", "denied", 403, "ok"],
    request: (ids) => ({ method: "PATCH", url: `/api/client-cart/product/${ids.lineId}`, payload: { quantity: 200 } }),
  },
  {
    route: "DELETE /api/client-cart/product/{id}",
    expect: [401, "denied", "ok", "denied", 403, "ok"],
    request: (ids) => ({ method: "DELETE", url: `/api/client-cart/product/${ids.lineId}` }),
    fresh: async () => ({ lineId: await newLineOfA() }),
  },
  {
    route: "POST /api/client-cart/product/change-in-order",
    expect: [401, "denied", "ok", "denied", 403, "ok"],
    request: (ids) => ({ method: "POST", url: "/api/client-cart/product/change-in-order", payload: { orderProductIds: [ids.lineId], inOrder: true } }),
  },
  {
    route: "POST /api/client-cart/product/move",
    expect: [401, "denied", "ok", "denied", 403, "ok"],
    request: (ids) => ({ method: "POST", url: "/api/client-cart/product/move", payload: { fromCompanyId: null, toCompanyId: ids.companyAId, lineIds: [ids.lineId] } }),
    fresh: async () => ({ lineId: await newLineOfA() }),
  },
  {
    route: "POST /api/client-cart/product/repeat/{id}",
    expect: [401, "denied", "ok", "denied", 403, "ok"],
    request: (ids) => ({ method: "POST", url: `/api/client-cart/product/repeat/${ids.orderedLineId}` }),
  },
  {
    route: "POST /api/client-cart/delivery",
    expect: ["allowed", "allowed", "ok", "allowed", 403, "ok"],
    request: () => ({ method: "POST", url: "/api/client-cart/delivery", payload: door("ул. Красная, 3") }),
  },
  {
    route: "PUT /api/client-cart/delivery",
    expect: [401, "denied", "ok", "denied", 403, "ok"],
    request: (ids) => ({ method: "PUT", url: "/api/client-cart/delivery", payload: { id: ids.deliveryId, ...door("ул. Красная, 4") } }),
  },
  {
    route: "DELETE /api/client-cart/delivery/{id}",
    expect: [401, "denied", "ok", "denied", 403, "ok"],
    request: (ids) => ({ method: "DELETE", url: `/api/client-cart/delivery/${ids.deliveryId}` }),
    fresh: async () => {
      const cart = cartSchema.parse(await ok({ method: "POST", url: "/api/client-cart/delivery", payload: door("ул. Красная, 5") }, tokens.get("clientA")));
      return { deliveryId: cart.deliveries.at(-1)?.id ?? 0 };
    },
  },
  {
    // The same idempotency key answers A's first order again, so the allowed callers change nothing.
    route: "POST /api/client-cart/place-order",
    expect: [401, 401, "ok", "allowed", 403, "ok"],
    request: () => ({ method: "POST", url: "/api/client-cart/place-order", payload: { companyId: null, paymentType: "Invoice", idempotencyKey: "matrix-order-0001" } }),
  },

  // Orders, invoices, balance.
  { route: "GET /api/client-order", expect: [401, 401, "ok", "ok", 403, "ok"], request: () => ({ method: "GET", url: "/api/client-order" }) },
  { route: "GET /api/client-order/{id}", expect: [401, 401, "ok", "denied", 403, "ok"], request: (ids) => ({ method: "GET", url: `/api/client-order/${ids.orderId}` }) },
  {
    route: "GET /api/client-order/{id}/invoice",
    expect: [401, 401, "ok", "denied", 403, "ok"],
    request: (ids) => ({ method: "GET", url: `/api/client-order/${ids.orderId}/invoice` }),
  },
  // A's order is paid by invoice and new: paying it by card again and its act are refused by the rules (409), not by who asks.
  {
    route: "POST /api/client-order/{id}/payment",
    expect: [401, 401, "allowed", "denied", 403, "allowed"],
    request: (ids) => ({ method: "POST", url: `/api/client-order/${ids.orderId}/payment` }),
  },
  {
    route: "POST /api/client-order/{id}/repeat",
    expect: [401, 401, "ok", "denied", 403, "ok"],
    request: (ids) => ({ method: "POST", url: `/api/client-order/${ids.orderId}/repeat` }),
  },
  {
    route: "GET /api/client-order/{id}/act",
    expect: [401, 401, "allowed", "denied", 403, "allowed"],
    request: (ids) => ({ method: "GET", url: `/api/client-order/${ids.orderId}/act` }),
  },
  // Issue 30: A's order is new and not paid by card: its УПД (409/404) and receipt (404) are refused by the rules, not by who asks.
  {
    route: "GET /api/client-order/{id}/upd",
    expect: [401, 401, "allowed", "denied", 403, "allowed"],
    request: (ids) => ({ method: "GET", url: `/api/client-order/${ids.orderId}/upd` }),
  },
  {
    route: "GET /api/client-order/{id}/receipt",
    expect: [401, 401, "allowed", "denied", 403, "allowed"],
    request: (ids) => ({ method: "GET", url: `/api/client-order/${ids.orderId}/receipt` }),
  },
  { route: "GET /api/client-account/documents", expect: [401, 401, "ok", "ok", 403, "ok"], request: () => ({ method: "GET", url: "/api/client-account/documents" }) },

  // Files, layouts, design orders, checks. Staff may open any stored file (they print it).
  { route: "GET /api/file/{id}", expect: ["denied", "denied", "ok", "denied", "ok", "ok"], request: (ids) => ({ method: "GET", url: `/api/file/${ids.fileId}` }) },
  {
    route: "PUT /api/file/layout/{id}/approval",
    expect: [401, "denied", "ok", "denied", 403, "ok"],
    request: (ids) => ({ method: "PUT", url: `/api/file/layout/${ids.layoutId}/approval`, payload: { approved: true } }),
    // A new upload replaces the layout, so each allowed caller approves a current one.
    fresh: async () => {
      const current = (await ok(uploadLayout(ids.lineId, ids.detailName), tokens.get("clientA"))) as { id: number };
      return { layoutId: current.id };
    },
  },
  { route: "POST /api/file/upload/layout", expect: [401, "denied", "ok", "denied", 403, "ok"], request: (ids) => uploadLayout(ids.lineId, ids.detailName) },
  {
    route: "POST /api/file/upload/website/file",
    expect: [401, 401, 403, 403, "ok", "ok"],
    request: () => ({
      method: "POST",
      url: "/api/file/upload/website/file",
      ...multipart({}, { name: "prais.pdf", type: "application/pdf", bytes: pdfBytes() }),
    }),
  },
  {
    route: "POST /api/file/upload/annotation",
    expect: [401, "ok", "ok", "ok", 403, "ok"],
    request: () => ({ method: "POST", url: "/api/file/upload/annotation", ...multipart({}, { name: "zamechaniya.pdf", type: "application/pdf", bytes: pdfBytes() }) }),
  },
  {
    route: "POST /api/client-order/design",
    expect: [401, "denied", "ok", "denied", 403, "ok"],
    request: (ids) => ({ method: "POST", url: "/api/client-order/design", payload: { orderProductId: ids.lineId, detailName: ids.detailName, comment: "Нужен дизайн" } }),
    // One open design order per detail: each allowed caller orders it for a line of its own.
    fresh: async () => ({ lineId: await newLineOfA() }),
  },
  // The design's price and due date before ordering it, and the client's answer to the designer's layout (issue 29).
  {
    route: "GET /api/client-order/design/quote",
    expect: [401, "denied", "ok", "denied", 403, "ok"],
    request: (ids) => ({ method: "GET", url: `/api/client-order/design/quote?orderProductId=${ids.lineId}` }),
  },
  {
    route: "POST /api/client-order/design/{designId}/approve",
    expect: [401, "denied", "allowed", "denied", 403, "allowed"],
    request: (ids) => ({ method: "POST", url: `/api/client-order/design/${ids.designId}/approve` }),
  },
  {
    route: "POST /api/client-order/design/{designId}/changes",
    expect: [401, "denied", "allowed", "denied", 403, "allowed"],
    request: (ids) => ({ method: "POST", url: `/api/client-order/design/${ids.designId}/changes`, payload: { text: "Крупнее логотип" } }),
  },
  {
    route: "PATCH /api/client-order/design/{designId}",
    expect: [401, "denied", "ok", "denied", 403, "ok"],
    request: (ids) => ({ method: "PATCH", url: `/api/client-order/design/${ids.designId}`, payload: { comment: "Цвета как на сайте" } }),
  },
  {
    route: "DELETE /api/client-order/design/{designId}",
    expect: [401, "denied", "ok", "denied", 403, "ok"],
    request: (ids) => ({ method: "DELETE", url: `/api/client-order/design/${ids.designId}` }),
    fresh: async () => {
      const design = (await ok(
        { method: "POST", url: "/api/client-order/design", payload: { orderProductId: await newLineOfA(), detailName: ids.detailName, comment: "Ещё один" } },
        tokens.get("clientA"),
      )) as { designId: number };
      return { designId: design.designId };
    },
  },
  // A design order's messages: its client, and any employee (the designer answers from the panel).
  {
    route: "GET /api/client-order/design/{designId}/message",
    expect: [401, "denied", "ok", "denied", "ok", "ok"],
    request: (ids) => ({ method: "GET", url: `/api/client-order/design/${ids.designId}/message` }),
  },
  {
    route: "POST /api/client-order/design/{designId}/message",
    expect: [401, "denied", "ok", "denied", "ok", "ok"],
    request: (ids) => ({ method: "POST", url: `/api/client-order/design/${ids.designId}/message`, payload: { text: "Когда будет готово?" } }),
  },
  {
    route: "PUT /api/client-order/design/{designId}/status",
    expect: [401, 401, 403, 403, "ok", "ok"],
    request: (ids) => ({ method: "PUT", url: `/api/client-order/design/${ids.designId}/status`, payload: { status: "in_work" } }),
    // Each allowed caller moves a design order of its own, so A's stays new for the other rows.
    fresh: async () => {
      const design = (await ok(
        { method: "POST", url: "/api/client-order/design", payload: { orderProductId: await newLineOfA(), detailName: ids.detailName, comment: "Для статуса" } },
        tokens.get("clientA"),
      )) as { designId: number };
      return { designId: design.designId };
    },
  },
  {
    route: "POST /api/client-order/{orderId}/product/{productId}/autocheck/{detailName}",
    expect: [401, "denied", "ok", "denied", 403, "ok"],
    request: (ids) => ({ method: "POST", url: `/api/client-order/${ids.cartAId}/product/${ids.lineId}/autocheck/${encodeURIComponent(ids.detailName)}` }),
  },
  {
    route: "GET /api/client-order/autocheck/{pitstopDesignId}",
    expect: [401, "denied", "ok", "denied", 403, "ok"],
    request: (ids) => ({ method: "GET", url: `/api/client-order/autocheck/${ids.checkId}` }),
    // A new upload replaces the layout and its checks, so each allowed caller asks about a current one.
    fresh: async () => {
      const check = (await ok(
        { method: "POST", url: `/api/client-order/${ids.cartAId}/product/${ids.lineId}/autocheck/${encodeURIComponent(ids.detailName)}` },
        tokens.get("clientA"),
      )) as { pitstopDesignId: number };
      return { checkId: check.pitstopDesignId };
    },
  },
  {
    route: "POST /api/client-order/autocheck/{pitstopDesignId}/browser-check",
    // Allowed callers may meet 409 while the server's check is still running.
    expect: [401, "denied", "allowed", "denied", 403, "allowed"],
    request: (ids) => ({ method: "POST", url: `/api/client-order/autocheck/${ids.checkId}/browser-check`, payload: { findings: [], error: null } }),
  },
];

function meets(expected: Expected, status: number): boolean {
  if (expected === "ok") return status >= 200 && status < 300;
  if (expected === "allowed") return status !== 401 && status !== 403 && status < 500;
  if (expected === "denied") return status === 403 || status === 404;
  return status === expected;
}

const isAllowed = (expected: Expected) => expected === "ok" || expected === "allowed";

describe("who may call what", () => {
  for (const call of CALLS) {
    it(call.route, async () => {
      // Callers that must be refused go first, on A's things as they are; then each allowed caller.
      const order = [...ACTORS].sort((a, b) => Number(isAllowed(call.expect[ACTORS.indexOf(a)] ?? 401)) - Number(isAllowed(call.expect[ACTORS.indexOf(b)] ?? 401)));
      const outcomes: string[] = [];
      let failed = false;
      for (const actor of order) {
        const expected = call.expect[ACTORS.indexOf(actor)] ?? 401;
        let token = tokens.get(actor);
        let callIds = ids;
        if (call.fresh && isAllowed(expected)) {
          callIds = { ...ids, ...(await call.fresh(actor)) };
          if (actor === "employeeAsA") token = await employeeInClientModeForA();
          if (actor === "employee") token = await signIn("manager@example.com", "manager12345");
        }
        const response = await inject(call.request(callIds) as InjectOptions, token);
        if (call.restore && response.statusCode < 300) await call.restore(token);
        const good = meets(expected, response.statusCode);
        if (!good) failed = true;
        outcomes.push(`${actor}: ${response.statusCode}${good ? "" : ` (expected ${expected}) ${response.body.slice(0, 200)}`}`);
        expect(response.statusCode, `${call.route} as ${actor}`).toBeLessThan(500);
        if (response.statusCode >= 400) expect(response.json(), `${call.route} as ${actor}`).toHaveProperty("messageUI");
      }
      expect(failed, outcomes.join("\n")).toBe(false);
    });
  }

  it("gives client B nothing of client A's in B's own lists", async () => {
    const tokenB = tokens.get("clientB");
    const cartB = cartSchema.parse(await ok({ method: "GET", url: "/api/client-cart" }, tokenB));
    expect(cartB.orderProduct.map((line) => line.id)).not.toContain(ids.lineId);
    expect(cartB.deliveries.map((delivery) => delivery.id)).not.toContain(ids.deliveryId);
    const ordersB = JSON.stringify(await ok({ method: "GET", url: "/api/client-order" }, tokenB));
    expect(ordersB).not.toContain(`"id":${ids.orderId},`);
    const cartOfEmployeeAsA = cartSchema.parse(await ok({ method: "GET", url: "/api/client-cart" }, tokens.get("employeeAsA")));
    expect(cartOfEmployeeAsA.orderProduct.map((line) => line.id)).toContain(ids.lineId);
  });

  it("names every route of the API, public or in the table", async () => {
    const document = testApp.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    const covered = new Set([...PUBLIC_ROUTES, ...CALLS.map((call) => call.route)]);
    // The back office's operations have their own matrix, by role: tests/server/back-office-authorization.test.ts.
    const backOffice = new Set(BACK_OFFICE_AREAS.flatMap((area) => area.calls.map((call) => call.route)));
    expect(routes.filter((route) => !covered.has(route) && !backOffice.has(route))).toEqual([]);
    expect([...covered].filter((route) => !routes.includes(route))).toEqual([]);
  });
});
