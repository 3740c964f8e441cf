import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionGrantSchema } from "../../shared/contracts/index";
import { DEMO_ACCOUNTS } from "../../server/seed/demo-data";
import { REQUEST_LIMIT_NAMES } from "../../server/limits";
import type { RequestLimits } from "../../server/limits";
import { startTestApp, TEST_APP_ORIGIN } from "./support/test-app";
import type { TestApp } from "./support/test-app";
import { seededRandom } from "../seeded-random";

/*
 * The API's own fuzzer, driven by its OpenAPI document (GET /api/openapi.json): every operation,
 * each of its parameters and body fields in turn replaced by hostile values (wrong types, numbers
 * past the columns' range, NaN, NUL, unpaired surrogates, very long text, 1000-level nesting), and
 * each body sent malformed, empty, as an array, deeply nested, with the wrong content type — as an
 * anonymous caller, a signed-in client and an employee. It fails on any 5xx and on any 4xx whose
 * body is not the API's error (a JSON `serverErrorSchema` with a Russian `messageUI`).
 *
 * The run is deterministic (a seeded generator picks the caller of each request and the calls
 * that get an oversized body) and bounded: about five thousand requests through app.inject, with
 * request limits raised so that 429s hide nothing (a 429 is still checked like any 4xx).
 *
 * Covered: every operation of the document. Not in the document, so not here: the document itself
 * and Swagger UI's static files (`hide: true`). Fuzzed by fewer callers: see ANONYMOUS_ONLY.
 */

const SEED = 0x0771_5c;
const INT32_MAX = 2_147_483_647;

type Actor = "anonymous" | "client" | "employee";

/** The JSON Schema subset the document uses. */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
}

interface Parameter {
  in: "path" | "query" | "header" | "cookie";
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OperationObject {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
}

interface Operation {
  method: string;
  /** `/api/client/{id}` as the document names it. */
  path: string;
  operationId: string;
  parameters: Parameter[];
  /** The JSON body's schema; null for operations without a JSON body. */
  body: JsonSchema | null;
}

/**
 * Upload forms: the document says only `multipart/form-data` (the form's text fields are read by
 * the handler, not by a schema), so their fields are listed here.
 */
const MULTIPART_FIELDS: Readonly<Record<string, Record<string, JsonSchema>>> = {
  uploadLayout: { orderProductId: { type: "integer", minimum: 1 }, detailName: { type: "string", minLength: 1 } },
  uploadWebsiteFile: {},
  uploadAnnotatedFile: {},
};

/** Calls fuzzed by fewer callers than the others, and why. Every other operation gets all three. */
const ANONYMOUS_ONLY: Readonly<Record<string, string>> = {
  logout: "signing out would end the client's and the employee's sessions the rest of the run needs",
};

/** Values that pass a field's contract, by field name, where the schema alone cannot make one (patterns). */
const VALID_BY_NAME: Readonly<Record<string, unknown>> = {
  kladrId: "2300000100000",
  cityKladrId: "2300000100000",
  cityId: "2300000100000",
  inn: "7707083893",
  kpp: "773601001",
  ogrn: "1027700132195",
  email: "fuzz@example.com",
  phone: "+79181234567",
  next: "/cart",
  slug: "about",
  paymentId: "test-00000000-0000-0000-0000-000000000000",
  "idempotency-key": "fuzz-key-00000001",
  idempotencyKey: "fuzz-key-00000002",
  error: "DAMAGED",
  detailName: "Лицевая сторона",
  search: "Кра",
  password: "wrong-password",
};

/** A tiny PDF, enough for an upload form to reach its rules. */
const PDF_BYTES = Buffer.from("%PDF-1.3\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n", "latin1");


/** Marks where a 1000-level nested JSON value goes in a body (JSON.stringify cannot write one safely). */
const DEEP_MARK = "\u{1F9E8}deep-nesting\u{1F9E8}";
const DEEP_ARRAY = `${"[".repeat(1000)}${"]".repeat(1000)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(1000)}1${"}".repeat(1000)}`;

/** Hostile values for any field: wrong types and shapes. */
const TYPE_VALUES: readonly unknown[] = [true, null, [], {}, [1, 2], { nested: { x: 1 } }, DEEP_MARK];
/** Hostile numbers: past int32 and the safe integers, huge, negative, zero, fractions, and not numbers at all. */
const NUMBER_VALUES: readonly unknown[] = [
  INT32_MAX + 1,
  2 ** 32,
  Number.MAX_SAFE_INTEGER,
  2 ** 53,
  1e308,
  -1,
  -(INT32_MAX + 2),
  0,
  1.5,
  "NaN",
  "Infinity",
  "1e400",
  "9".repeat(400),
  "0x10",
];
/** Hostile text: NUL, unpaired surrogates, very long, blank, odd but valid Unicode. */
const TEXT_VALUES: readonly unknown[] = [
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udfffy",
  "\udc00\ud800",
  "x".repeat(100_000),
  "",
  "   ",
  "😀𝕏 ё",
  "'; DROP TABLE account; --",
  "%00",
  "\u202e\ufeff",
];

function schemaTypes(schema: JsonSchema): string[] {
  if (schema.anyOf ?? schema.oneOf) return (schema.anyOf ?? schema.oneOf ?? []).flatMap(schemaTypes);
  if (schema.allOf) return schema.allOf.flatMap(schemaTypes);
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

function hostileValues(schema: JsonSchema): readonly unknown[] {
  const types = schemaTypes(schema);
  const numeric = types.includes("integer") || types.includes("number");
  const textual = types.includes("string") || types.length === 0;
  return [...(numeric ? NUMBER_VALUES : NUMBER_VALUES.slice(0, 5)), ...(textual ? TEXT_VALUES : TEXT_VALUES.slice(0, 6)), ...TYPE_VALUES];
}

/** A value the schema accepts, as far as the schema tells (names fill in for patterns). */
function validValue(schema: JsonSchema, name: string): unknown {
  if (name in VALID_BY_NAME && schemaTypes(schema).includes("string")) return VALID_BY_NAME[name];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants[0]) return validValue(variants[0], name);
  if (schema.allOf && schema.allOf[0]) return validValue(schema.allOf[0], name);
  const [type] = schemaTypes(schema);
  switch (type) {
    case "integer":
    case "number": {
      const low = typeof schema.minimum === "number" ? schema.minimum + (schema.exclusiveMinimum === true ? 1 : 0) : 1;
      return Math.min(Math.max(1, low), schema.maximum ?? 1);
    }
    case "boolean":
      return false;
    case "array":
      return schema.items && (schema.minItems ?? 0) > 0 ? [validValue(schema.items, name)] : [];
    case "object":
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, property]) => [key, validValue(property, key)]));
    case "null":
      return null;
    default:
      if (schema.format === "email") return "fuzz@example.com";
      return "a".repeat(Math.max(1, schema.minLength ?? 1));
  }
}

/** Percent-encodes text the way a careless client would, unpaired surrogates included (as their 3 bytes). */
function percentEncode(text: string): string {
  let encoded = "";
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    const next = text.charCodeAt(index + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      encoded += encodeURIComponent(text.slice(index, index + 2));
      index += 1;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      encoded += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join("");
    } else {
      encoded += encodeURIComponent(text[index] ?? "");
    }
  }
  return encoded;
}

/** How a value travels in a path, a query string or a header: as text. */
function asText(value: unknown): string {
  if (value === DEEP_MARK) return DEEP_ARRAY;
  if (typeof value === "string") return value;
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function bodyText(body: unknown): string {
  return JSON.stringify(body).replaceAll(JSON.stringify(DEEP_MARK), DEEP_ARRAY);
}

interface Probe {
  label: string;
  actor: Actor;
  request: InjectOptions;
}

type Values = Map<Parameter, unknown>;

function buildRequest(operation: Operation, values: Values, body: { payload: string | Buffer; contentType: string } | null): InjectOptions {
  let url = operation.path;
  const query: string[] = [];
  const headers: Record<string, string> = {};
  for (const [parameter, value] of values) {
    if (value === undefined) continue;
    if (parameter.in === "path") url = url.replace(`{${parameter.name}}`, percentEncode(asText(value)));
    else if (parameter.in === "query") {
      const list = Array.isArray(value) && value.length > 0 ? value : [value];
      for (const item of list) query.push(`${percentEncode(parameter.name)}=${percentEncode(asText(item))}`);
    } else if (parameter.in === "header") {
      // A header can carry only Latin-1 text without line breaks; others are sent percent-encoded.
      const text = asText(value);
      headers[parameter.name] = /^[\x20-\x7e]*$/.test(text) ? text : percentEncode(text);
    }
  }
  if (body) headers["content-type"] = body.contentType;
  return {
    method: operation.method as InjectOptions["method"],
    url: query.length > 0 ? `${url}?${query.join("&")}` : url,
    headers,
    ...(body ? { payload: body.payload } : {}),
  };
}

function multipartBody(fields: Record<string, string>, fileName: string): { payload: Buffer; contentType: string } {
  const boundary = "----ottisk-fuzz-boundary";
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, "utf8"));
  }
  parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${fileName}"\r\ncontent-type: application/pdf\r\n\r\n`, "utf8"));
  parts.push(PDF_BYTES, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Every probe of one operation: each parameter and field in turn made hostile, then the body as a whole. */
function probesOf(operation: Operation, pickActor: () => Actor): Probe[] {
  const probes: Probe[] = [];
  const baseValues: Values = new Map(operation.parameters.map((parameter) => [parameter, validValue(parameter.schema ?? {}, parameter.name)]));
  const baseBody = operation.body ? validValue(operation.body, "body") : undefined;
  const jsonBody = (body: unknown) => ({ payload: bodyText(body), contentType: "application/json" });
  const label = `${operation.method} ${operation.path}`;
  const add = (what: string, values: Values, body: { payload: string | Buffer; contentType: string } | null) =>
    probes.push({ label: `${label} ${what}`, actor: pickActor(), request: buildRequest(operation, values, body) });
  const baseJson = operation.body ? jsonBody(baseBody) : null;

  add("as documented", baseValues, baseJson);
  for (const parameter of operation.parameters) {
    for (const value of hostileValues(parameter.schema ?? {})) {
      add(`${parameter.in} ${parameter.name}=${show(value)}`, new Map([...baseValues, [parameter, value]]), baseJson);
    }
  }

  const formFields = MULTIPART_FIELDS[operation.operationId];
  if (formFields) {
    const baseForm = Object.fromEntries(Object.entries(formFields).map(([name, schema]) => [name, asText(validValue(schema, name))]));
    add("form as documented", baseValues, multipartBody(baseForm, "layout.pdf"));
    for (const [name, schema] of Object.entries(formFields)) {
      for (const value of hostileValues(schema)) {
        add(`form ${name}=${show(value)}`, baseValues, multipartBody({ ...baseForm, [name]: asText(value) }, "layout.pdf"));
      }
    }
    for (const fileName of ["\u0000.pdf", "\ud800.pdf", `${"я".repeat(5000)}.pdf`, "../../etc/passwd", ""]) {
      add(`form file name ${show(fileName)}`, baseValues, multipartBody(baseForm, fileName));
    }
    add("form without a boundary", baseValues, { payload: "--x\r\n\r\n", contentType: "multipart/form-data" });
    add("form cut short", baseValues, { payload: multipartBody(baseForm, "a.pdf").payload.subarray(0, 120), contentType: "multipart/form-data; boundary=----ottisk-fuzz-boundary" });
  }

  if (operation.body) {
    const fields = operation.body.properties ?? {};
    for (const [name, schema] of Object.entries(fields)) {
      for (const value of hostileValues(schema)) {
        add(`body ${name}=${show(value)}`, baseValues, jsonBody({ ...(baseBody as Record<string, unknown>), [name]: value }));
      }
      // One level down: each field of a nested object, and an array's item.
      for (const inner of Object.keys(schema.properties ?? {})) {
        for (const value of [INT32_MAX + 1, "\u0000", "\ud800", DEEP_MARK, {}]) {
          const nested = { ...(validValue(schema, name) as Record<string, unknown>), [inner]: value };
          add(`body ${name}.${inner}=${show(value)}`, baseValues, jsonBody({ ...(baseBody as Record<string, unknown>), [name]: nested }));
        }
      }
      if (schema.items) {
        for (const value of [INT32_MAX + 1, -1, "\u0000", "\ud800", {}, DEEP_MARK]) {
          add(`body ${name}[0]=${show(value)}`, baseValues, jsonBody({ ...(baseBody as Record<string, unknown>), [name]: [value] }));
        }
      }
    }
    if (operation.body.additionalProperties !== false && operation.body.type === "object" && Object.keys(fields).length === 0) {
      add("body of only a NUL key", baseValues, jsonBody({ "\u0000": "x" }));
    }
    add("body with a NUL key", baseValues, jsonBody({ ...(baseBody as Record<string, unknown>), "a\u0000": "\u0000" }));
    add("body with __proto__", baseValues, { payload: '{"__proto__":{"admin":true}}', contentType: "application/json" });
  }

  // The body as a whole, for every call that may carry one (a GET with a body is still a request someone can send).
  const wholeBodies: Array<[string, { payload: string | Buffer; contentType: string }]> = [
    ["empty JSON body", { payload: "", contentType: "application/json" }],
    ["malformed JSON", { payload: '{"a":', contentType: "application/json" }],
    ["JSON nested 1000 deep (arrays)", { payload: DEEP_ARRAY, contentType: "application/json" }],
    ["JSON nested 1000 deep (objects)", { payload: DEEP_OBJECT, contentType: "application/json" }],
    ["JSON array for the object", { payload: "[{}]", contentType: "application/json" }],
    ["JSON text for the object", { payload: '"\\u0000"', contentType: "application/json" }],
    ["JSON null", { payload: "null", contentType: "application/json" }],
    ["text/plain body", { payload: "hello", contentType: "text/plain" }],
    ["XML body", { payload: "<a>1</a>", contentType: "application/xml" }],
    ["form-urlencoded body", { payload: "a=%00&b=%ED%A0%80", contentType: "application/x-www-form-urlencoded" }],
    ["JSON with a charset it does not have", { payload: "{}", contentType: "application/json; charset=utf-16" }],
    ["a content type that is not one", { payload: "{}", contentType: "\u0000/\u0000" }],
  ];
  if (operation.method !== "GET") {
    for (const [what, body] of wholeBodies) add(what, baseValues, body);
  } else {
    add("GET with a JSON body", baseValues, wholeBodies[1]?.[1] ?? null);
  }
  return probes;
}

function show(value: unknown): string {
  if (value === DEEP_MARK) return "<1000-deep array>";
  const text = typeof value === "string" ? JSON.stringify(value) : JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 20)}…(${text.length} chars)` : text;
}

function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId: operation.operationId ?? `${method} ${path}`,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content["application/json"]?.schema ?? null,
      });
    }
  }
  return operations;
}

const CYRILLIC = /[А-Яа-яЁё]/;

/** What is wrong with an answer, or null when it is fine: no 5xx, every 4xx is the API's error body with Russian words. */
function problemOf(response: LightMyRequestResponse): string | null {
  if (response.statusCode >= 500) return `${response.statusCode}: ${response.body.slice(0, 200)}`;
  if (response.statusCode < 400) return null;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `${response.statusCode} without a JSON body (${response.headers["content-type"] ?? "no content type"}): ${response.body.slice(0, 120)}`;
  }
  const error = body as { statusCode?: unknown; code?: unknown; messageUI?: unknown };
  if (typeof error.messageUI !== "string" || !CYRILLIC.test(error.messageUI)) return `${response.statusCode} without a Russian messageUI: ${response.body.slice(0, 200)}`;
  if (error.statusCode !== response.statusCode || typeof error.code !== "string") return `${response.statusCode} with a body of another shape: ${response.body.slice(0, 200)}`;
  return null;
}

describe("the OpenAPI-driven fuzzer", () => {
  let testApp: TestApp;
  let document: OpenApiDocument;
  const tokens = new Map<Actor, string | null>([["anonymous", null]]);

  async function signIn(email: string, password: string): Promise<string> {
    const response = await testApp.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password, rememberMe: false } });
    expect(response.statusCode, response.body).toBe(200);
    return sessionGrantSchema.parse(response.json()).token;
  }

  beforeAll(async () => {
    // Limits far above the run's few thousand requests, so a 429 hides no other answer (429s are checked like any 4xx).
    const requestLimits = Object.fromEntries(REQUEST_LIMIT_NAMES.map((name) => [name, { max: 1_000_000, windowMs: 60_000 }])) as RequestLimits;
    testApp = await startTestApp({ requestLimits });
    const response = await testApp.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    document = response.json<OpenApiDocument>();
    tokens.set("client", await signIn(DEMO_ACCOUNTS.client.email, DEMO_ACCOUNTS.client.password));
    tokens.set("employee", await signIn(DEMO_ACCOUNTS.employee.email, DEMO_ACCOUNTS.employee.password));
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it("bounds every integer a request may carry to the database's int32 columns", () => {
    const unbounded: string[] = [];
    const visit = (schema: JsonSchema | undefined, where: string): void => {
      if (!schema) return;
      if (schemaTypes(schema).includes("integer") && schema.type === "integer") {
        if (schema.maximum === undefined || schema.maximum > INT32_MAX || schema.minimum === undefined || schema.minimum < -INT32_MAX - 1) unbounded.push(where);
      }
      for (const [key, property] of Object.entries(schema.properties ?? {})) visit(property, `${where}.${key}`);
      if (typeof schema.additionalProperties === "object") visit(schema.additionalProperties, `${where}.*`);
      visit(schema.items, `${where}[]`);
      for (const variant of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) visit(variant, where);
    };
    for (const operation of operationsOf(document)) {
      for (const parameter of operation.parameters) visit(parameter.schema, `${operation.method} ${operation.path} ${parameter.in} ${parameter.name}`);
      visit(operation.body ?? undefined, `${operation.method} ${operation.path} body`);
    }
    expect(unbounded).toEqual([]);
  });

  it("answers every hostile request with a 2xx–4xx, and every 4xx with a Russian messageUI", { timeout: 180_000 }, async () => {
    const random = seededRandom(SEED);
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(50);
    const probes: Probe[] = [];
    for (const operation of operations) {
      const only = ANONYMOUS_ONLY[operation.operationId];
      const pickActor = (): Actor => {
        if (only !== undefined) return "anonymous";
        const roll = random();
        return roll < 0.2 ? "anonymous" : roll < 0.6 ? "client" : "employee";
      };
      probes.push(...probesOf(operation, pickActor));
    }
    // Over 1 MB of JSON, and a random mix of two hostile fields at once, on a few calls.
    const bodyCalls = operations.filter((operation) => operation.body !== null);
    for (let index = 0; index < 6; index += 1) {
      const operation = bodyCalls[Math.floor(random() * bodyCalls.length)];
      if (!operation) continue;
      probes.push({
        label: `${operation.method} ${operation.path} body over 1 MB`,
        actor: "client",
        request: { method: operation.method as InjectOptions["method"], url: operation.path.replace(/\{[^}]+\}/g, "1"), headers: { "content-type": "application/json" }, payload: JSON.stringify({ x: "x".repeat(1_100_000) }) },
      });
    }
    // Every caller of every operation at least once, as documented.
    for (const operation of operations) {
      for (const actor of ["anonymous", "client", "employee"] as const) {
        if (ANONYMOUS_ONLY[operation.operationId] !== undefined && actor !== "anonymous") continue;
        const [documented] = probesOf(operation, () => actor);
        if (documented) probes.push(documented);
      }
    }

    expect(probes.length).toBeGreaterThan(1500);
    // Raised from 8000 for the back office's operations (issue 29): each area adds its own.
    expect(probes.length).toBeLessThan(30000);

    const problems = new Map<string, string>();
    const statuses = new Map<number, number>();
    for (const probe of probes) {
      const token = tokens.get(probe.actor);
      const headers = {
        ...(probe.request.headers as Record<string, string>),
        origin: TEST_APP_ORIGIN,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      };
      const response = await testApp.app.inject({ ...probe.request, headers });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      const problem = problemOf(response);
      if (problem !== null) problems.set(`${probe.actor} ${probe.label}`, problem);
    }
    // The sessions the run used are still there: nothing it sent ended them.
    const profile = await testApp.app.inject({ method: "GET", url: "/api/account/profile", headers: { authorization: `Bearer ${tokens.get("client") ?? ""}` } });
    expect(profile.statusCode).toBe(200);
    expect(Object.fromEntries(problems), `${probes.length} requests, statuses: ${JSON.stringify(Object.fromEntries(statuses))}`).toEqual({});
  });
});
