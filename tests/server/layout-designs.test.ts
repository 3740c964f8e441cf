import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import type { LightMyRequestResponse } from "fastify";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  employeeLayoutDesignTemplateListSchema,
  employeeLayoutDesignTemplateSchema,
  layoutDesignImageSchema,
  layoutDesignListSchema,
  layoutDesignSchema,
  layoutDesignTemplateListSchema,
  SESSION_COOKIE,
  SESSION_TOKEN_HEADER,
} from "../../shared/contracts/index";
import type { DesignDocument, DesignElement, DesignTemplate, LayoutDesign, LayoutDesignImage } from "../../shared/contracts/index";
import { auditEntry } from "../../server/db/backoffice.schema";
import { account, layoutDesign, layoutDesignImage, product, productDetail } from "../../server/db/schema";
import { DEMO_ACCOUNTS } from "../../server/seed/demo-data";
import { DEFAULT_QUOTAS } from "../../server/limits";
import { seedLayoutDesignTemplates } from "../../server/seed/seed";
import { callerOf, loginToken, problemOf } from "./support/api-calls";
import type { CallOptions } from "./support/api-calls";
import { multipartBody, TEST_PROFILE } from "./support/files-fixtures";
import { freshClient } from "./support/fresh-client";
import { demoBusinessCardsId, startTestApp, TEST_APP_ORIGIN } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * The layout designer's server side (issue 32): saved designs owned by the session's account,
 * their pictures, the checks of a document beyond its contract, the quotas and limits, the move of
 * a visitor's designs at registration, and the templates as data with the back office's changes.
 */

/** Small quotas, so refusals are reached in a few calls; the file's accounts are fresh ones. */
const QUOTAS = { visitor: { designs: 2, imageBytes: 3000 }, client: { designs: 4, imageBytes: 200_000 } };
const SAVES_PER_MINUTE = 8;

let testApp: TestApp;
let cardsId: number;
/** Every test calls from an address of its own, so the per-address limits count only its calls. */
let address = "10.32.0.1";
let addresses = 1;

const inject = callerOf(() => testApp.app);
const call = (options: CallOptions) => inject({ remoteAddress: address, ...options, headers: { origin: TEST_APP_ORIGIN, ...options.headers } });

beforeAll(async () => {
  testApp = await startTestApp({
    layoutDesignQuotas: QUOTAS,
    // Visitors' uploads from one address share this many bytes an hour, layouts and pictures alike.
    quotas: { ...DEFAULT_QUOTAS, visitorBytesPerHourPerAddress: 4 * 1024 },
    requestLimits: { "design-save": { max: SAVES_PER_MINUTE, windowMs: 60_000 }, "design-upload": { max: 6, windowMs: 60_000 } },
  });
  cardsId = await demoBusinessCardsId(testApp);
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(() => {
  addresses += 1;
  address = `10.32.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
});

let emails = 0;
const freshEmail = (label: string) => `designs-${label}-${(emails += 1)}@example.com`;

// ——— Pictures ————————————————————————————————————————————————————————————————————————————

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), Buffer.from(data)]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A real PNG of `width` × `height` grey pixels (one filter byte and one byte per pixel a row), `padding` bytes of text chunk more. */
function pngOf(width: number, height: number, padding = 0): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc((width + 1) * Math.min(height, 64), 0x80);
  const chunks = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk("IHDR", header)];
  if (padding > 0) chunks.push(pngChunk("tEXt", Buffer.from(`Comment\0${"x".repeat(padding)}`, "latin1")));
  chunks.push(pngChunk("IDAT", deflateSync(rows)), pngChunk("IEND", new Uint8Array()));
  return new Uint8Array(Buffer.concat(chunks));
}

function upload(token: string | undefined, file: { name: string; bytes: Uint8Array; contentType?: string }): Promise<LightMyRequestResponse> {
  const body = multipartBody({}, { name: file.name, contentType: file.contentType ?? "image/png", bytes: file.bytes });
  return call({ method: "POST", url: "/api/layout-design-images", token, payload: body.payload, headers: body.headers });
}

async function uploaded(token: string, width = 600, height = 400): Promise<LayoutDesignImage> {
  const response = await upload(token, { name: "логотип.png", bytes: pngOf(width, height) });
  expect(response.statusCode, response.body).toBe(200);
  return layoutDesignImageSchema.parse(response.json());
}

// ——— Documents ———————————————————————————————————————————————————————————————————————————

const BLACK = { c: 0, m: 0, y: 0, k: 100 };

function nameText(text = "Иван Петров"): DesignElement {
  return {
    id: "name",
    name: "Имя",
    locked: false,
    kind: "text",
    x: 5,
    y: 5,
    width: 80,
    field: "name",
    text,
    fontFamily: "PT Sans",
    bold: true,
    fontSizePt: 12,
    color: BLACK,
    align: "left",
    letterSpacing: 0,
    lineHeight: 1.2,
  };
}

function logo(image: { id: string; widthPx: number; heightPx: number }): DesignElement {
  return { id: "logo", name: "Логотип", locked: false, kind: "image", x: 60, y: 5, width: 25, height: 17, slot: "logo", source: image, crop: { x: 0, y: 0, width: 1, height: 1 } };
}

function documentOf(elements: DesignElement[] = [nameText()], overrides: Partial<DesignDocument> = {}): DesignDocument {
  return { version: 1, trimMm: [90, 50], bleedMm: 2, safeMm: 3, sides: [{ background: { c: 0, m: 0, y: 0, k: 0 }, elements }], ...overrides };
}

function create(token: string | undefined, body: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return call({ method: "POST", url: "/api/layout-designs", token, payload: body });
}

async function created(token: string, document: DesignDocument = documentOf(), name = "Моя визитка"): Promise<LayoutDesign> {
  const response = await create(token, { name, productId: cardsId, document });
  expect(response.statusCode, response.body).toBe(200);
  return layoutDesignSchema.parse(response.json());
}

function put(token: string, design: LayoutDesign, changes: Partial<{ name: string; document: DesignDocument; version: number; productId: number }>): Promise<LightMyRequestResponse> {
  return call({
    method: "PUT",
    url: `/api/layout-designs/${design.id}`,
    token,
    payload: { name: design.name, productId: design.productId, document: design.document, version: design.version, ...changes },
  });
}

function expectRefusal(response: LightMyRequestResponse, status: number, code: string, message: RegExp): void {
  expect(response.statusCode, response.body).toBe(status);
  const problem = problemOf(response);
  expect(problem.code).toBe(code);
  expect(problem.messageUI).toMatch(message);
}

describe("saved designs", () => {
  it("are created, listed newest first, read, saved again and deleted by their owner", async () => {
    const me = await freshClient(testApp, freshEmail("owner"));
    const first = await created(me.token, documentOf(), "Первая");
    const second = await created(me.token, documentOf([nameText("Ёлкина Алёна")]), "Вторая");
    expect(first.version).toBe(1);

    const saved = await put(me.token, first, { name: "Первая, правка", document: documentOf([nameText("Пётр «Ёж» 8 (918) 555-12-34")]) });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = layoutDesignSchema.parse(saved.json());
    expect(again).toMatchObject({ id: first.id, name: "Первая, правка", version: 2 });

    const list = await call({ method: "GET", url: "/api/layout-designs", token: me.token });
    expect(list.statusCode, list.body).toBe(200);
    const items = layoutDesignListSchema.parse(list.json()).designs;
    expect(items.map((item) => item.id)).toEqual([first.id, second.id]);
    expect(items[0]).toMatchObject({ productId: cardsId, trimMm: [90, 50], sides: 1, version: 2 });
    expect(items[0]?.productName).toMatch(/Визитки/);

    const read = await call({ method: "GET", url: `/api/layout-designs/${first.id}`, token: me.token });
    expect(layoutDesignSchema.parse(read.json()).document).toEqual(again.document);

    const deleted = await call({ method: "DELETE", url: `/api/layout-designs/${second.id}`, token: me.token });
    expect(deleted.json()).toEqual({ id: second.id, deleted: true });
    expect((await call({ method: "GET", url: `/api/layout-designs/${second.id}`, token: me.token })).statusCode).toBe(404);
  });

  it("answers 404 to another account for every call on a design or a picture, and an empty list without a session", async () => {
    const owner = await freshClient(testApp, freshEmail("mine"));
    const other = await freshClient(testApp, freshEmail("theirs"));
    const image = await uploaded(owner.token);
    const design = await created(owner.token, documentOf([nameText(), logo(image)]));
    for (const response of [
      await call({ method: "GET", url: `/api/layout-designs/${design.id}`, token: other.token }),
      await put(other.token, design, { name: "Чужая" }),
      await call({ method: "DELETE", url: `/api/layout-designs/${design.id}`, token: other.token }),
      await call({ method: "GET", url: `/api/layout-design-images/${image.id}`, token: other.token }),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(problemOf(response).messageUI).toMatch(/не найден/);
    }
    const theirs = await call({ method: "GET", url: "/api/layout-designs", token: other.token });
    expect(layoutDesignListSchema.parse(theirs.json()).designs).toEqual([]);
    const anonymous = await call({ method: "GET", url: "/api/layout-designs" });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ designs: [] });
    expect(anonymous.headers[SESSION_TOKEN_HEADER], "reading opens no account").toBeUndefined();
    // Still the owner's, unchanged.
    const mine = await call({ method: "GET", url: `/api/layout-designs/${design.id}`, token: owner.token });
    expect(layoutDesignSchema.parse(mine.json()).name).toBe(design.name);
  });

  it("answers 409 with a Russian message to a save made from a stale version, and writes nothing", async () => {
    const me = await freshClient(testApp, freshEmail("tabs"));
    const design = await created(me.token);
    const firstTab = await put(me.token, design, { name: "Из первой вкладки" });
    expect(firstTab.statusCode, firstTab.body).toBe(200);
    const secondTab = await put(me.token, design, { name: "Из второй вкладки" });
    expectRefusal(secondTab, 409, "LAYOUT_DESIGN_CHANGED", /в другой вкладке/);
    const now = layoutDesignSchema.parse((await call({ method: "GET", url: `/api/layout-designs/${design.id}`, token: me.token })).json());
    expect(now).toMatchObject({ name: "Из первой вкладки", version: 2 });
  });

  it("refuses with the schema's message an unknown font, and refuses a trim size, sides or a product that do not fit", async () => {
    const me = await freshClient(testApp, freshEmail("checks"));
    const comic = { ...nameText(), fontFamily: "Comic Sans MS" };
    const font = await create(me.token, { name: "Шрифт", productId: cardsId, document: documentOf([comic as DesignElement]) });
    expectRefusal(font, 400, "VALIDATION_ERROR", /^Выберите шрифт из списка конструктора$/);

    expectRefusal(await create(me.token, { name: "Размер", productId: cardsId, document: documentOf(undefined, { trimMm: [100, 70] }) }), 400, "LAYOUT_DESIGN_WRONG_SIZE", /100×70 мм не подходит этому товару: нужен 90×50 мм/);
    // Within the profile's tolerance, and turned on its side: as the preflight's size check.
    expect((await create(me.token, { name: "Вертикальная", productId: cardsId, document: documentOf(undefined, { trimMm: [50.4, 90] }) })).statusCode).toBe(200);

    const db = testApp.database.db;
    const [flyer, bare] = await db.select({ id: product.id }).from(product).where(eq(product.hidden, false)).orderBy(asc(product.id)).offset(1).limit(2);
    if (!flyer || !bare) throw new Error("two more products expected");
    await db.delete(productDetail).where(eq(productDetail.productId, flyer.id));
    await db.insert(productDetail).values({ productId: flyer.id, name: "Листовка", sortOrder: 10, profile: { ...TEST_PROFILE, trimMm: [148, 210] }, requiresOptionCode: null });
    await db.delete(productDetail).where(eq(productDetail.productId, bare.id));
    const a5 = documentOf(undefined, { trimMm: [148, 210] });
    const twoSides = { ...a5, sides: [...a5.sides, ...a5.sides] };
    expectRefusal(await create(me.token, { name: "Две стороны", productId: flyer.id, document: twoSides }), 400, "LAYOUT_DESIGN_TOO_MANY_SIDES", /одна сторона/);
    expect((await create(me.token, { name: "Листовка", productId: flyer.id, document: a5 })).statusCode).toBe(200);
    expectRefusal(await create(me.token, { name: "Без макета", productId: bare.id, document: a5 }), 400, "PRODUCT_TAKES_NO_LAYOUT", /макет не нужен/);
    expectRefusal(await create(me.token, { name: "Нет товара", productId: 2_000_000_000, document: documentOf() }), 404, "PRODUCT_NOT_FOUND", /Товар не найден/);

    const twice = documentOf([nameText(), nameText("Второй")]);
    expectRefusal(await create(me.token, { name: "Двойной код", productId: cardsId, document: twice }), 400, "LAYOUT_DESIGN_DUPLICATE_ELEMENT", /два элемента с кодом «name»/);
  });

  it("takes only pictures the account uploaded, with their real pixel size", async () => {
    const me = await freshClient(testApp, freshEmail("pictures"));
    const other = await freshClient(testApp, freshEmail("pictures-other"));
    const mine = await uploaded(me.token, 900, 300);
    const theirs = await uploaded(other.token);
    expectRefusal(await create(me.token, { name: "Чужое фото", productId: cardsId, document: documentOf([logo(theirs)]) }), 400, "LAYOUT_DESIGN_IMAGE_UNKNOWN", /не найдено среди ваших загрузок/);
    // What the contract lets through but is no UUID is unknown too (the database is never asked with it).
    expectRefusal(await create(me.token, { name: "Не код", productId: cardsId, document: documentOf([logo({ ...mine, id: "-".repeat(36) })]) }), 400, "LAYOUT_DESIGN_IMAGE_UNKNOWN", /не найдено/);
    expectRefusal(
      await create(me.token, { name: "Не тот размер", productId: cardsId, document: documentOf([logo({ ...mine, widthPx: 901 })]) }),
      400,
      "LAYOUT_DESIGN_IMAGE_SIZE",
      /901×300 пикс\.\) не совпадает с загруженным \(900×300 пикс\.\)/,
    );
    expect((await create(me.token, { name: "Своё", productId: cardsId, document: documentOf([logo(mine)]) })).statusCode).toBe(200);
  });

  it("refuses a document larger than its limit with 413", async () => {
    const me = await freshClient(testApp, freshEmail("large"));
    const texts = Array.from({ length: 150 }, (_, index) => ({ ...nameText("Ж".repeat(2000)), id: `t${index}` }));
    const response = await create(me.token, { name: "Большой", productId: cardsId, document: documentOf(texts as DesignElement[]) });
    expectRefusal(response, 413, "LAYOUT_DESIGN_TOO_LARGE", /Макет слишком большой/);
  });
});

describe("pictures", () => {
  it("stores a PNG or a JPEG by its bytes with its pixel size, and gives it back to the owner with its type, privately cached", async () => {
    const me = await freshClient(testApp, freshEmail("png"));
    const png = pngOf(640, 480);
    const image = await uploaded(me.token, 640, 480);
    expect(image).toMatchObject({ widthPx: 640, heightPx: 480, contentType: "image/png", bytes: png.length });
    const read = await call({ method: "GET", url: `/api/layout-design-images/${image.id}`, token: me.token });
    expect(read.statusCode).toBe(200);
    expect(read.headers["content-type"]).toBe("image/png");
    expect(read.headers["cache-control"]).toMatch(/^private/);
    expect(new Uint8Array(read.rawPayload)).toEqual(png);
    const again = await call({ method: "GET", url: `/api/layout-design-images/${image.id}`, token: me.token, headers: { "if-none-match": String(read.headers.etag) } });
    expect(again.statusCode).toBe(304);

    // A JPEG whose frame comes after a large EXIF segment (past the first 4 KiB the sniffing keeps).
    const exif = Buffer.concat([Buffer.from([0xff, 0xe1, 0x27, 0x12]), Buffer.alloc(0x2710, 0x41)]);
    const frame = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0x02, 0x58, 0x03, 0x20, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
    const jpeg = new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xd8]), exif, frame, Buffer.from([0xff, 0xd9])]));
    const stored = await upload(me.token, { name: "photo.bin", contentType: "application/octet-stream", bytes: jpeg });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(layoutDesignImageSchema.parse(stored.json())).toMatchObject({ widthPx: 800, heightPx: 600, contentType: "image/jpeg" });
  });

  it("refuses what is not a JPEG or PNG whatever its name, and a picture over 12 000 px a side", async () => {
    const me = await freshClient(testApp, freshEmail("not-image"));
    const gif = new Uint8Array(Buffer.from("474946383961010001000000002c00000000010001000002003b", "hex"));
    expectRefusal(await upload(me.token, { name: "logo.png", bytes: gif }), 400, "UNSUPPORTED_IMAGE_TYPE", /JPEG или PNG/);
    expectRefusal(await upload(me.token, { name: "svg.png", bytes: new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>") }), 400, "UNSUPPORTED_IMAGE_TYPE", /JPEG или PNG/);
    expectRefusal(await upload(me.token, { name: "huge.png", bytes: pngOf(12_001, 10) }), 413, "IMAGE_TOO_MANY_PIXELS", /12\s000 пикселей/);
    const [row] = await testApp.database.db.select({ id: layoutDesignImage.id }).from(layoutDesignImage).where(eq(layoutDesignImage.accountId, me.id));
    expect(row, "nothing refused is kept").toBeUndefined();
  });
});

describe("quotas and limits", () => {
  it("refuses a visitor's third design and pictures past the visitor's bytes with 413 and a Russian message", async () => {
    const first = await create(undefined, { name: "Визитка гостя", productId: cardsId, document: documentOf() });
    expect(first.statusCode, first.body).toBe(200);
    const visitor = String(first.headers[SESSION_TOKEN_HEADER]);
    expect((await create(visitor, { name: "Вторая", productId: cardsId, document: documentOf() })).statusCode).toBe(200);
    expectRefusal(await create(visitor, { name: "Третья", productId: cardsId, document: documentOf() }), 413, "LAYOUT_DESIGN_QUOTA_EXCEEDED", /Сохранено уже 2 макетов.*войдите/);

    expect((await upload(visitor, { name: "a.png", bytes: pngOf(10, 10, 1200) })).statusCode).toBe(200);
    expectRefusal(await upload(visitor, { name: "b.png", bytes: pngOf(10, 10, 2500) }), 413, "LAYOUT_DESIGN_IMAGES_QUOTA_EXCEEDED", /заняли всё отведённое место/);
  });

  it("counts visitors' pictures against the address's upload budget, as layouts", async () => {
    const first = await upload(undefined, { name: "a.png", bytes: pngOf(10, 10, 2400) });
    expect(first.statusCode, first.body).toBe(200);
    // Another visitor from the same address: the address has 1 KiB left of its 4 KiB.
    expectRefusal(await upload(undefined, { name: "b.png", bytes: pngOf(10, 10, 2400) }), 413, "ADDRESS_UPLOAD_BUDGET_EXCEEDED", /с вашего адреса за этот час без входа/);
  });

  it("limits saves per address and minute with 429 and Retry-After", async () => {
    const me = await freshClient(testApp, freshEmail("saves"));
    const design = await created(me.token);
    let last: LightMyRequestResponse | null = null;
    for (let index = 0; index < SAVES_PER_MINUTE; index += 1) last = await put(me.token, { ...design, version: design.version + index }, { name: `Правка ${index}` });
    expect(last?.statusCode, last?.body).toBe(429);
    expect(problemOf(last as LightMyRequestResponse).messageUI).toMatch(/Слишком много сохранений макета подряд\. Попробуйте снова через/);
    expect(last?.headers["retry-after"]).toBeTruthy();
  });

  it("refuses a state-changing cookie call from another site", async () => {
    const me = await freshClient(testApp, freshEmail("csrf"));
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/layout-designs",
      remoteAddress: address,
      cookies: { [SESSION_COOKIE]: me.token },
      headers: { origin: "http://evil.example" },
      payload: { name: "Чужой сайт", productId: cardsId, document: documentOf() },
    });
    expectRefusal(response, 403, "CROSS_SITE_REQUEST", /с чужого сайта/);
  });
});

describe("a visitor's designs at registration", () => {
  it("move with the pictures into the new account, in the same step as the cart", async () => {
    const picture = await upload(undefined, { name: "logo.png", bytes: pngOf(300, 300) });
    expect(picture.statusCode, picture.body).toBe(200);
    const visitor = String(picture.headers[SESSION_TOKEN_HEADER]);
    const image = layoutDesignImageSchema.parse(picture.json());
    const design = await created(visitor, documentOf([nameText(), logo(image)]), "Гостевой макет");

    const email = freshEmail("registered");
    const registration = await call({
      method: "POST",
      url: "/api/auth/registration",
      token: visitor,
      payload: { kind: "personal", email, password: "secret12345", name: "Анна", surname: "Смирнова", phone: "8 (918) 555-12-34", consent: true },
    });
    expect(registration.statusCode, registration.body).toBe(201);
    const token = loginToken(testApp.app, email, "secret12345");
    const signedIn = await token;
    const list = layoutDesignListSchema.parse((await call({ method: "GET", url: "/api/layout-designs", token: signedIn })).json());
    expect(list.designs.map((item) => item.id)).toEqual([design.id]);
    expect((await call({ method: "GET", url: `/api/layout-design-images/${image.id}`, token: signedIn })).statusCode).toBe(200);
    // Saved again by the client: the picture is the account's own now.
    expect((await put(signedIn, design, { name: "Уже мой" })).statusCode).toBe(200);
    const [owner] = await testApp.database.db.select({ temporary: account.temporary }).from(layoutDesign).innerJoin(account, eq(account.id, layoutDesign.accountId)).where(eq(layoutDesign.id, design.id));
    expect(owner?.temporary).toBe(false);
  });
});

describe("a visitor's designs at sign-in", () => {
  /** A visitor's session with `names.length` designs (the first one by an anonymous save). */
  async function visitorWith(names: string[]): Promise<string> {
    const first = await create(undefined, { name: names[0], productId: cardsId, document: documentOf() });
    expect(first.statusCode, first.body).toBe(200);
    const token = String(first.headers[SESSION_TOKEN_HEADER]);
    for (const name of names.slice(1)) await created(token, documentOf(), name);
    return token;
  }
  const login = (token: string, email: string) => call({ method: "POST", url: "/api/auth/login", token, payload: { email, password: "secret12345" } });
  const names = async (token: string) => layoutDesignListSchema.parse((await call({ method: "GET", url: "/api/layout-designs", token })).json()).designs.map((item) => item.name).sort();

  it("never take an account more than one visitor's quota past the client's: beyond it the visitor's designs stay behind, the pictures no design uses still move", async () => {
    // A client at its quota of 4, having brought 2 in at registration.
    const email = freshEmail("sign-in");
    const registered = await call({
      method: "POST",
      url: "/api/auth/registration",
      token: await visitorWith(["Гость 1", "Гость 2"]),
      payload: { kind: "personal", email, password: "secret12345", name: "Олег", surname: "Ёлкин", phone: "8 (918) 555-12-35", consent: true },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const client = await signIn({ email, password: "secret12345" });
    await created(client, documentOf(), "Свой 1");
    await created(client, documentOf(), "Свой 2");
    expectRefusal(await create(client, { name: "Свой 3", productId: cardsId, document: documentOf() }), 413, "LAYOUT_DESIGN_QUOTA_EXCEEDED", /Сохранено уже 4 макетов/);

    // A visitor's 2 designs come in even so: the account has 6, one visitor's quota past its own.
    address = "10.33.0.1";
    const second = await visitorWith(["Второй визит 1", "Второй визит 2"]);
    expect((await login(second, email)).statusCode).toBe(200);
    expect(await names(client)).toEqual(["Второй визит 1", "Второй визит 2", "Гость 1", "Гость 2", "Свой 1", "Свой 2"]);

    // A third visitor: the account has no room left; its design and the picture it uses stay behind, its unused picture moves.
    address = "10.33.0.2";
    const usedPicture = await upload(undefined, { name: "logo.png", bytes: pngOf(10, 10, 600) });
    expect(usedPicture.statusCode, usedPicture.body).toBe(200);
    const third = String(usedPicture.headers[SESSION_TOKEN_HEADER]);
    const used = layoutDesignImageSchema.parse(usedPicture.json());
    const unused = layoutDesignImageSchema.parse((await upload(third, { name: "photo.png", bytes: pngOf(10, 10, 600) })).json());
    await created(third, documentOf([nameText(), logo(used)]), "Третий визит");
    expect((await login(third, email)).statusCode).toBe(200);
    expect(await names(client)).not.toContain("Третий визит");
    expect(await names(client)).toHaveLength(6);
    expect((await call({ method: "GET", url: `/api/layout-design-images/${unused.id}`, token: client })).statusCode).toBe(200);
    expect((await call({ method: "GET", url: `/api/layout-design-images/${used.id}`, token: client })).statusCode).toBe(404);
    const [left] = await testApp.database.db.select({ accountId: layoutDesignImage.accountId }).from(layoutDesignImage).where(eq(layoutDesignImage.id, used.id));
    expect(left?.accountId, "the picture left behind awaits the sweep").toBe(null);
  });
});

// ——— Templates ———————————————————————————————————————————————————————————————————————————

function templateOf(id: string, name: string, trimMm: [number, number] = [90, 50]): DesignTemplate {
  return { id, name, kind: "business-card", document: documentOf([nameText("Имя Фамилия")], { trimMm }) };
}

async function signIn(login: { email: string; password: string }): Promise<string> {
  return loginToken(testApp.app, login.email, login.password);
}

describe("templates", () => {
  it("are loaded from their folder, offered by kind and size, changed in the back office with an audit entry, and never overwritten by the file again", async () => {
    const folder = await mkdtemp(join(tmpdir(), "ottisk-templates-"));
    try {
      await writeFile(join(folder, "a.json"), JSON.stringify(templateOf("test-card-classic", "Классика")));
      await writeFile(join(folder, "b.json"), JSON.stringify(templateOf("test-card-wide", "Широкая", [85, 55])));
      expect(await seedLayoutDesignTemplates(testApp.database.db, folder)).toEqual({ inserted: 2, updated: 0, kept: 0 });

      const listed = await call({ method: "GET", url: "/api/layout-design-templates?kind=business-card&trimMm=50x90" });
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.headers["cache-control"]).toMatch(/^public, max-age=\d+/);
      const ids = layoutDesignTemplateListSchema.parse(listed.json()).templates.map((template) => template.id);
      expect(ids).toContain("test-card-classic");
      expect(ids).not.toContain("test-card-wide");
      expect(layoutDesignTemplateListSchema.parse((await call({ method: "GET", url: "/api/layout-design-templates?kind=flyer" })).json()).templates.map((t) => t.id)).not.toContain("test-card-classic");

      const catalog = await signIn(DEMO_ACCOUNTS.catalog);
      const client = await signIn(DEMO_ACCOUNTS.client);
      expect((await call({ method: "GET", url: "/api/employee/layout-design-templates", token: client })).statusCode).toBe(403);
      const office = employeeLayoutDesignTemplateListSchema.parse((await call({ method: "GET", url: "/api/employee/layout-design-templates", token: catalog })).json());
      const classic = office.templates.find((entry) => entry.template.id === "test-card-classic");
      expect(classic).toMatchObject({ active: true, source: "seed", updatedBy: null });
      if (!classic) throw new Error("no template");

      const off = await call({ method: "PUT", url: "/api/employee/layout-design-templates/test-card-classic", token: catalog, payload: { template: { ...classic.template, name: "Классика (старая)" }, active: false, position: classic.position } });
      expect(off.statusCode, off.body).toBe(200);
      expect(employeeLayoutDesignTemplateSchema.parse(off.json())).toMatchObject({ active: false, source: "back-office", updatedBy: "Дмитрий Волков" });
      const audit = await testApp.database.db.select().from(auditEntry).where(and(eq(auditEntry.objectType, "layout-design-template"), eq(auditEntry.objectId, "test-card-classic")));
      expect(audit.map((entry) => ({ action: entry.action, fields: entry.changes.map((change) => change.field) }))).toEqual([{ action: "update", fields: ["name", "active"] }]);
      const publicIds = layoutDesignTemplateListSchema.parse((await call({ method: "GET", url: "/api/layout-design-templates" })).json()).templates.map((template) => template.id);
      expect(publicIds).not.toContain("test-card-classic");

      // The file changes: the back office's template stays as it was left, the other follows its file.
      await writeFile(join(folder, "a.json"), JSON.stringify(templateOf("test-card-classic", "Классика 2")));
      await writeFile(join(folder, "b.json"), JSON.stringify(templateOf("test-card-wide", "Широкая 2", [85, 55])));
      expect(await seedLayoutDesignTemplates(testApp.database.db, folder)).toEqual({ inserted: 0, updated: 1, kept: 1 });
      const after = employeeLayoutDesignTemplateListSchema.parse((await call({ method: "GET", url: "/api/employee/layout-design-templates", token: catalog })).json());
      expect(after.templates.find((entry) => entry.template.id === "test-card-classic")?.template.name).toBe("Классика (старая)");
      expect(after.templates.find((entry) => entry.template.id === "test-card-wide")?.template.name).toBe("Широкая 2");

      // A new one uploaded: checked by the contract, audited; a taken id is 409; a file that is not a template stops the load.
      const added = await call({ method: "POST", url: "/api/employee/layout-design-templates", token: catalog, payload: { template: templateOf("test-card-new", "Новая"), active: true, position: 5 } });
      expect(added.statusCode, added.body).toBe(200);
      expectRefusal(await call({ method: "POST", url: "/api/employee/layout-design-templates", token: catalog, payload: { template: templateOf("test-card-new", "Снова"), active: true, position: 5 } }), 409, "LAYOUT_DESIGN_TEMPLATE_EXISTS", /уже есть/);
      const badFont = { ...templateOf("test-card-font", "Шрифт"), document: documentOf([{ ...nameText(), fontFamily: "Arial" } as unknown as DesignElement]) };
      expectRefusal(await call({ method: "POST", url: "/api/employee/layout-design-templates", token: catalog, payload: { template: badFont, active: true, position: 1 } }), 400, "VALIDATION_ERROR", /Выберите шрифт/);
      const [creation] = await testApp.database.db.select().from(auditEntry).where(and(eq(auditEntry.objectType, "layout-design-template"), eq(auditEntry.objectId, "test-card-new")));
      expect(creation?.action).toBe("create");
      await writeFile(join(folder, "c.json"), JSON.stringify(badFont));
      await expect(seedLayoutDesignTemplates(testApp.database.db, folder)).rejects.toThrow(/c\.json: not a layout design template/);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe("the OpenAPI document", () => {
  it("lists the designer's operations", async () => {
    const response = await call({ method: "GET", url: "/api/openapi.json" });
    const paths = (response.json() as { paths: Record<string, Record<string, { operationId?: string }>> }).paths;
    const operations = Object.values(paths).flatMap((methods) => Object.values(methods).map((operation) => operation.operationId));
    expect(operations).toEqual(
      expect.arrayContaining([
        "getLayoutDesignTemplates",
        "getLayoutDesigns",
        "createLayoutDesign",
        "getLayoutDesign",
        "updateLayoutDesign",
        "deleteLayoutDesign",
        "uploadLayoutDesignImage",
        "getLayoutDesignImage",
        "employeeListLayoutDesignTemplates",
        "employeeCreateLayoutDesignTemplate",
        "employeeUpdateLayoutDesignTemplate",
      ]),
    );
  });
});
