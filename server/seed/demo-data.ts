import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { z } from "zod/mini";
import { pageKindValues } from "../../shared/contracts/index";
import type { FooterContent, HeaderContent, PageComponent, PageKind, SideMenuContent } from "../../shared/contracts/index";
import { employeeRoleSchema, footerContentSchema, headerContentSchema, pageComponentSchema, productSizeLimitsSchema, sideMenuContentSchema } from "../../shared/contracts/index";
import { preflightProfileSchema } from "../../shared/contracts/preflight-profile";
import type { PreflightProfile } from "../../shared/contracts/preflight-profile";
import { PRICING_OPTION_GROUPS, SHOP_REQUISITES, shopRequisitesText } from "../../shared/domain/index";
import type { ShopRequisites, SizeLimits } from "../../shared/domain/index";
import { resolveFileReferences } from "../services/pages/pages.mapper";
import { mockupKindValues } from "./seed-photos";
import type { Mockup, MockupPalette } from "./seed-photos";

/*
 * The demo shop's data, kept as data files in `data/` (see data/README.md) and read here: each file
 * is checked with zod when it is read, and a file that does not fit fails with its path and the
 * place of the first problem. The seeder (seed.ts) writes what these answer; the drawings it makes
 * of them stay code (seed-photos.ts, seed-documents.ts). Files sit beside this module, as
 * data/cities.csv does, so `tsx server/server.ts` finds them from any working directory.
 */

/** Where the demo data files are (the folder that ships data/cities.csv too). */
export const DEMO_DATA_DIR = fileURLToPath(new URL("./data/", import.meta.url));

/** Reads `data/<name>` and checks it against `schema`; a broken file throws with its path. */
function readDataFile<T>(name: string, schema: z.ZodMiniType<T>): T {
  const path = `${DEMO_DATA_DIR}${name}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(`${path}: not readable JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const checked = schema.safeParse(parsed);
  if (!checked.success) {
    const [first] = checked.error.issues;
    const where = first ? first.path.map(String).join(".") : "";
    throw new Error(`${path}: ${checked.error.issues.length} problem(s), first at '${where}': ${first?.message ?? "invalid"}`);
  }
  return checked.data;
}

/** Fails with the file's name when something the schema could not see is wrong (an unknown name, a missing reference). */
function dataError(name: string, message: string): Error {
  return new Error(`${DEMO_DATA_DIR}${name}: ${message}`);
}

const text = z.string().check(z.minLength(1));
const count = z.number().check(z.int(), z.gte(0));
const kopecks = z.number().check(z.int(), z.gte(0));
const isoDate = z.iso.datetime({ offset: true });

// ——— Accounts, balance, promocodes ——————————————————————————————————————————————————————

const demoLoginKeys = ["client", "secondClient", "employee", "sales", "content", "catalog", "designer", "prepress"] as const;
type DemoLoginKey = (typeof demoLoginKeys)[number];

const accountsFileSchema = z.strictObject({
  accounts: z.array(
    z.strictObject({
      key: z.enum(demoLoginKeys),
      email: z.email(),
      password: z.string().check(z.minLength(8)),
      typeUser: z.enum(["client", "employee"]),
      /** An employee's back-office roles (shared/contracts/employee.ts). */
      roles: z.optional(z.array(employeeRoleSchema)),
      name: text,
      surname: text,
      phone: z.optional(text),
      /** The key of the employee who looks after this client (listed before the client). */
      manager: z.optional(z.enum(demoLoginKeys)),
      selectedCityKladrId: z.optional(text),
    }),
  ),
  companies: z.array(
    z.strictObject({ account: z.enum(demoLoginKeys), name: text, inn: text, kpp: z.optional(text), ogrn: text, legalAddress: text }),
  ),
  recipients: z.array(
    z.strictObject({ account: z.enum(demoLoginKeys), company: z.nullable(text), name: text, phone: text, email: z.email() }),
  ),
  addresses: z.array(z.strictObject({ account: z.enum(demoLoginKeys), cityKladrId: text, address: text, comment: z.string() })),
  busCity: z.strictObject({ kladrId: text, city: text, address: text }),
  balance: z.strictObject({ account: z.enum(demoLoginKeys), companyName: text, amountKopecks: kopecks, reason: text }),
});
export type DemoAccountsFile = z.infer<typeof accountsFileSchema>;

const ACCOUNTS_FILE = "demo-accounts.json";

/** The demo accounts, companies, recipients and addresses of the README, and the demo balance. */
export function readDemoAccounts(): DemoAccountsFile {
  const data = readDataFile(ACCOUNTS_FILE, accountsFileSchema);
  const keys = data.accounts.map((item) => item.key);
  for (const key of demoLoginKeys) if (!keys.includes(key)) throw dataError(ACCOUNTS_FILE, `no account '${key}'`);
  if (new Set(keys).size !== keys.length) throw dataError(ACCOUNTS_FILE, "an account key is listed twice");
  data.accounts.forEach((item, index) => {
    if (item.manager !== undefined && !keys.slice(0, index).includes(item.manager)) throw dataError(ACCOUNTS_FILE, `account '${item.key}' names manager '${item.manager}' that is not listed before it`);
  });
  for (const item of data.recipients) {
    if (item.company !== null && !data.companies.some((found) => found.account === item.account && found.name === item.company)) {
      throw dataError(ACCOUNTS_FILE, `recipient '${item.name}' names company '${item.company}' that account '${item.account}' does not have`);
    }
  }
  if (!data.companies.some((found) => found.account === data.balance.account && found.name === data.balance.companyName)) {
    throw dataError(ACCOUNTS_FILE, `the balance names company '${data.balance.companyName}' that account '${data.balance.account}' does not have`);
  }
  if (!data.addresses.some((found) => found.cityKladrId === data.busCity.kladrId && found.address === data.busCity.address)) {
    throw dataError(ACCOUNTS_FILE, "busCity is not one of the addresses");
  }
  return data;
}

const demoAccounts = readDemoAccounts();

function login(key: DemoLoginKey): { email: string; password: string } {
  const found = demoAccounts.accounts.find((item) => item.key === key);
  if (!found) throw dataError(ACCOUNTS_FILE, `no account '${key}'`);
  return { email: found.email, password: found.password };
}

/**
 * The demo logins listed in the README: a client with a personal profile and two companies, a second
 * client, the admin-and-manager employee, and one employee for each other back-office role.
 */
export const DEMO_ACCOUNTS: Readonly<Record<DemoLoginKey, { email: string; password: string }>> = {
  client: login("client"),
  secondClient: login("secondClient"),
  employee: login("employee"),
  sales: login("sales"),
  content: login("content"),
  catalog: login("catalog"),
  designer: login("designer"),
  prepress: login("prepress"),
};

/**
 * A city of the shipped list where every demo method can be tried, «Автобусом до автовокзала»
 * included (the bus goes to the Krasnodar region and the South only: zones 1–2 of the rate table).
 * The demo client keeps a saved address there.
 */
export const DEMO_BUS_CITY: Readonly<DemoAccountsFile["busCity"]> = demoAccounts.busCity;

/** The demo internal balance: the demo client's company starts with this top-up. */
export const DEMO_BALANCE: Readonly<Omit<DemoAccountsFile["balance"], "account">> = {
  companyName: demoAccounts.balance.companyName,
  amountKopecks: demoAccounts.balance.amountKopecks,
  reason: demoAccounts.balance.reason,
};

const promocodeSchema = z.strictObject({
  code: z.string().check(z.regex(/^[A-Z0-9]+$/)),
  kind: z.enum(["percent", "fixed"]),
  value: kopecks,
  minSumKopecks: kopecks,
  expiresAt: z.nullable(isoDate),
  active: z.boolean(),
  description: z.string(),
});
const promocodesFileSchema = z.strictObject({ percent: promocodeSchema, fixed: promocodeSchema, expired: promocodeSchema, inactive: promocodeSchema });

export interface DemoPromocode extends Omit<z.infer<typeof promocodeSchema>, "expiresAt"> {
  expiresAt: Date | null;
}

/**
 * The demo promocodes listed in the README: a percentage, a fixed amount from a minimum sum, one
 * that has expired and one that is switched off.
 */
export const DEMO_PROMOCODES: Readonly<Record<keyof z.infer<typeof promocodesFileSchema>, DemoPromocode>> = (() => {
  const data = readDataFile("demo-promocodes.json", promocodesFileSchema);
  const dated = (item: z.infer<typeof promocodeSchema>): DemoPromocode => ({ ...item, expiresAt: item.expiresAt === null ? null : new Date(item.expiresAt) });
  return { percent: dated(data.percent), fixed: dated(data.fixed), expired: dated(data.expired), inactive: dated(data.inactive) };
})();

// ——— Mock-ups ————————————————————————————————————————————————————————————————————————————

const colour = z.string().check(z.regex(/^#[0-9a-f]{6}$/));
const palettesFileSchema = z.record(z.string(), z.strictObject({ main: colour, accent: colour, ink: colour, backdrop: colour }));
const mockupSchema = z.strictObject({ kind: z.enum(mockupKindValues), palette: text, caption: text, subcaption: z.optional(text) });
type MockupData = z.infer<typeof mockupSchema>;

/** Resolves the palettes that data files name (data/mockup-palettes.json). */
function mockupsOf(file: string): (data: MockupData) => Mockup {
  const palettes: Record<string, MockupPalette> = readDataFile("mockup-palettes.json", palettesFileSchema);
  return (data) => {
    const palette = palettes[data.palette];
    if (!palette) throw dataError(file, `unknown palette '${data.palette}' (see mockup-palettes.json)`);
    return { kind: data.kind, palette, caption: data.caption, ...(data.subcaption === undefined ? {} : { subcaption: data.subcaption }) };
  };
}

// ——— Catalogue ———————————————————————————————————————————————————————————————————————————

const catalogFileSchema = z.strictObject({
  categories: z.array(z.strictObject({ slug: text, name: text, description: text, seoKeywords: z.string(), cover: mockupSchema })),
  products: z.array(
    z.strictObject({
      categorySlug: text,
      slug: text,
      name: text,
      description: text,
      discountPct: z.number().check(z.int(), z.gte(0), z.lte(100)),
      productionTimeDay: z.number().check(z.int(), z.gte(1)),
      timesOrdered: count,
      seoKeywords: z.string(),
      photos: z.array(mockupSchema),
    }),
  ),
});

export interface DemoCategory {
  slug: string;
  name: string;
  description: string;
  seoKeywords: string;
  cover: Mockup;
}

export interface DemoProduct {
  categorySlug: string;
  slug: string;
  name: string;
  description: string;
  /** The «от» price is not here: the seed computes it from the tiers (smallest run, default options). */
  discountPct: number;
  productionTimeDay: number;
  timesOrdered: number;
  seoKeywords: string;
  photos: Mockup[];
}

/**
 * The demo catalogue (data/demo-catalog.json). The names are chosen to exercise the А–Я sort: one
 * starts with Ё, one with Latin, one with a digit. Two products have no photo, to show the card's
 * placeholder.
 */
export function readDemoCatalog(): { categories: DemoCategory[]; products: DemoProduct[] } {
  const file = "demo-catalog.json";
  const data = readDataFile(file, catalogFileSchema);
  const mockup = mockupsOf(file);
  const slugs = new Set(data.categories.map((item) => item.slug));
  for (const item of data.products) if (!slugs.has(item.categorySlug)) throw dataError(file, `product '${item.slug}' names an unknown category '${item.categorySlug}'`);
  return {
    categories: data.categories.map((item) => ({ ...item, cover: mockup(item.cover) })),
    products: data.products.map((item) => ({ ...item, photos: item.photos.map(mockup) })),
  };
}

// ——— Pricing ————————————————————————————————————————————————————————————————————————————

const profilePresetSchema = z.strictObject({
  pdfVersion: z.string(),
  pages: z.number(),
  bleedMm: z.number(),
  sizeToleranceMm: z.number(),
  minPpi: z.number(),
  ppiTolerancePct: z.number(),
  compression: z.enum(["lossy", "any"]),
  maxTacPct: z.number(),
  tacTolerancePct: z.number(),
  tacMinAreaMm2: z.number(),
});
const profileChangesSchema = z.strictObject({
  /** A profile of `profilePresets`; the other fields change it. */
  preset: text,
  trimMm: z.tuple([z.number(), z.number()]),
  pdfVersion: z.optional(z.string()),
  pages: z.optional(z.number()),
  bleedMm: z.optional(z.number()),
  sizeToleranceMm: z.optional(z.number()),
  minPpi: z.optional(z.number()),
  ppiTolerancePct: z.optional(z.number()),
  compression: z.optional(z.enum(["lossy", "any"])),
  maxTacPct: z.optional(z.number()),
  tacTolerancePct: z.optional(z.number()),
  tacMinAreaMm2: z.optional(z.number()),
});
const demoOptionSchema = z.strictObject({
  group: z.enum(PRICING_OPTION_GROUPS),
  code: text,
  label: text,
  isDefault: z.optional(z.boolean()),
  pricePct: z.optional(count),
  unitPriceKopecks: z.optional(kopecks),
  setupPriceKopecks: z.optional(kopecks),
  widthMm: z.optional(count),
  heightMm: z.optional(count),
  paperGsm: z.optional(count),
  sides: z.optional(z.number().check(z.int(), z.gte(1), z.lte(2))),
});
const pricingFileSchema = z.strictObject({
  profilePresets: z.record(z.string(), profilePresetSchema),
  products: z.array(
    z.strictObject({
      /** `categorySlug/productSlug`, as the catalogue names the product. */
      product: z.string().check(z.regex(/^[a-z0-9-]+\/[a-z0-9-]+$/)),
      /** [minQuantity, kopecks per piece] at the default options, before the discount. */
      tiers: z.array(z.tuple([z.number().check(z.int(), z.gte(1)), kopecks])).check(z.minLength(1)),
      options: z.array(demoOptionSchema),
      details: z.array(z.strictObject({ name: text, profile: profileChangesSchema, requiresOptionCode: z.optional(text) })),
      /** Working days and surcharge when the product can be made urgently. */
      urgent: z.optional(z.strictObject({ days: z.number().check(z.int(), z.gte(1)), surchargePct: count })),
      sheetsPerUnit: z.optional(z.number().check(z.int(), z.gte(1))),
      /** Priced per square metre in the shopper's own size within these limits; the tiers are then per m². */
      sizeLimits: z.optional(productSizeLimitsSchema),
    }),
  ),
  services: z.array(
    z.strictObject({
      slug: text,
      name: text,
      description: text,
      priceKopecks: kopecks,
      unit: text,
      /** A design service for the products of this category (its price and days quote a design order); null or absent: any product. */
      categorySlug: z.optional(z.nullable(text)),
      productionDays: z.optional(z.number().check(z.int(), z.positive())),
    }),
  ),
});

export type DemoOption = z.infer<typeof demoOptionSchema>;

export interface DemoPricing {
  tiers: [number, number][];
  options: DemoOption[];
  details: { name: string; profile: PreflightProfile; requiresOptionCode?: string | undefined }[];
  urgent?: { days: number; surchargePct: number } | undefined;
  sheetsPerUnit?: number | undefined;
  sizeLimits?: SizeLimits | undefined;
}

export interface DemoService {
  slug: string;
  name: string;
  description: string;
  priceKopecks: number;
  unit: string;
  categorySlug?: string | null | undefined;
  productionDays?: number | undefined;
}

/**
 * What the demo products are made of and cost (data/demo-pricing.json): print options, run tiers,
 * the details that need a layout with their preflight profiles, urgency, sheets per piece; and the
 * services the shop sells beside products. Prices are what a mid-sized Russian print shop charges
 * in 2026, VAT included. Keyed by `categorySlug/productSlug`.
 */
export function readDemoPricing(): { products: Map<string, DemoPricing>; services: DemoService[] } {
  const file = "demo-pricing.json";
  const data = readDataFile(file, pricingFileSchema);
  const products = new Map<string, DemoPricing>();
  for (const item of data.products) {
    if (products.has(item.product)) throw dataError(file, `product '${item.product}' is listed twice`);
    const details = item.details.map((detail) => {
      const { preset, ...changes } = detail.profile;
      const base = data.profilePresets[preset];
      if (!base) throw dataError(file, `product '${item.product}', detail '${detail.name}': unknown profile preset '${preset}'`);
      const profile = preflightProfileSchema.safeParse({ ...base, ...changes });
      if (!profile.success) throw dataError(file, `product '${item.product}', detail '${detail.name}': the profile does not fit: ${profile.error.issues[0]?.message ?? "invalid"}`);
      return { name: detail.name, profile: profile.data, requiresOptionCode: detail.requiresOptionCode };
    });
    products.set(item.product, { tiers: item.tiers, options: item.options, details, urgent: item.urgent, sheetsPerUnit: item.sheetsPerUnit, sizeLimits: item.sizeLimits });
  }
  return { products, services: data.services };
}

// ——— Website ————————————————————————————————————————————————————————————————————————————

/** Any stored content checked the way pages.mapper.ts reads it back: file references resolved, then the contract's schema. */
const CHECK_ORIGIN = "https://demo.invalid";
const storedComponentSchema = z.custom<PageComponent>((value) => pageComponentSchema.safeParse(resolveFileReferences(value, CHECK_ORIGIN)).success, {
  error: "not a page component of shared/contracts/pages.ts",
});
const storedHeaderSchema = z.custom<HeaderContent>((value) => headerContentSchema.safeParse(resolveFileReferences(value, CHECK_ORIGIN)).success, {
  error: "not a Header block",
});
const storedFooterSchema = z.custom<FooterContent>((value) => footerContentSchema.safeParse(resolveFileReferences(value, CHECK_ORIGIN)).success, {
  error: "not a Footer block",
});

const documentSchema = z.strictObject({ file: z.string().check(z.regex(/^[a-z0-9-]+\.pdf$/)), title: text, paragraphs: z.array(text) });
const pictureSchema = z.strictObject({ name: z.string().check(z.regex(/^[a-z0-9-]+$/)), mockup: mockupSchema });

interface PageData {
  slug: string;
  kind: PageKind;
  name: string;
  summary: string;
  createdAt?: string | undefined;
  sortOrder?: number | undefined;
  showInMenu?: boolean | undefined;
  published?: boolean | undefined;
  seoTitle?: string | undefined;
  seoKeywords?: string | undefined;
  cover?: z.infer<typeof pictureSchema> | undefined;
  documentText?: string | undefined;
  components: PageComponent[];
  children?: PageData[] | undefined;
}

const pageSchema: z.ZodMiniType<PageData> = z.strictObject({
  slug: z.string(),
  kind: z.enum(pageKindValues),
  name: text,
  summary: z.string(),
  /** When the page was made; the site's launch when missing. */
  createdAt: z.optional(isoDate),
  sortOrder: z.optional(z.number().check(z.int())),
  showInMenu: z.optional(z.boolean()),
  published: z.optional(z.boolean()),
  seoTitle: z.optional(z.string()),
  seoKeywords: z.optional(z.string()),
  cover: z.optional(pictureSchema),
  /** A document of `documents` whose paragraphs open the page as a Text component. */
  documentText: z.optional(text),
  components: z.array(storedComponentSchema),
  get children() {
    return z.optional(z.array(pageSchema));
  },
});

const siteFileSchema = z.strictObject({
  /** When the site went live: pages without a date of their own were made then. */
  launchedAt: isoDate,
  documents: z.record(z.string(), documentSchema),
  header: storedHeaderSchema,
  sideMenu: sideMenuContentSchema,
  footer: storedFooterSchema,
  popup: z.strictObject({
    active: z.boolean(),
    title: text,
    description: text,
    file: z.strictObject({ url: text }),
    urlButton: text,
    textButton: text,
    showFrom: z.nullable(isoDate),
    showUntil: z.nullable(isoDate),
    /** The popup's picture, drawn by the seed. */
    picture: pictureSchema,
  }),
  pages: z.array(pageSchema),
});

export interface DemoDocument {
  file: string;
  title: string;
  paragraphs: string[];
}

export interface DemoPicture {
  name: string;
  mockup: Mockup;
}

export interface DemoPage {
  slug: string;
  kind: PageKind;
  name: string;
  summary: string;
  components: PageComponent[];
  createdAt: Date;
  cover: DemoPicture | null;
  sortOrder: number | undefined;
  showInMenu: boolean;
  published: boolean;
  seoTitle: string;
  seoKeywords: string;
  children: DemoPage[];
}

export interface DemoSite {
  documents: DemoDocument[];
  header: HeaderContent;
  sideMenu: SideMenuContent;
  footer: FooterContent;
  /** The popup as the shop keeps it (see pages.mapper.ts). */
  popup: Record<string, unknown>;
  popupPicture: DemoPicture;
  pages: DemoPage[];
}

/** The site's files, in the public storage (served at /files/site/). */
export const SITE_FOLDER = "site";

/** `{{requisites.inn}}` and the like in the site's texts: the shop's requisites (shared/domain/shop-requisites.ts), kept in one place. */
function fillRequisites(file: string, value: string): string {
  return value.replace(/\{\{([a-zA-Z.]+)\}\}/g, (_match, name: string) => {
    if (name === "requisites") return shopRequisitesText();
    const field = name.startsWith("requisites.") ? name.slice("requisites.".length) : "";
    if (!isRequisite(field)) throw dataError(file, `unknown placeholder {{${name}}}`);
    return SHOP_REQUISITES[field];
  });
}

function isRequisite(field: string): field is keyof ShopRequisites {
  return Object.hasOwn(SHOP_REQUISITES, field);
}

/** Every string in `value` with its placeholders filled; the shape is kept. */
function filled<T>(file: string, value: T): T;
function filled(file: string, value: unknown): unknown {
  if (typeof value === "string") return fillRequisites(file, value);
  if (Array.isArray(value)) return value.map((item: unknown) => filled(file, item));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, filled(file, item)]));
  return value;
}

/** Every `file:` reference in stored content. */
function fileReferences(value: unknown): string[] {
  if (typeof value === "string") return value.startsWith("file:") ? [value.slice("file:".length)] : [];
  if (Array.isArray(value)) return value.flatMap(fileReferences);
  if (value && typeof value === "object") return Object.values(value).flatMap(fileReferences);
  return [];
}

/**
 * The demo website of the print shop «Оттиск» in Krasnodar (data/demo-site.json): the main page,
 * the catalogue's root, services, a blog, instructions on preparing a layout (tied to the preflight
 * codes of spec §5), vacancies, contacts and generic pages; the site-wide Header, Footer and Popup
 * blocks; and the documents and pictures they link to (`file:site/<name>`), which the seed draws.
 */
export function readDemoSite(): DemoSite {
  const file = "demo-site.json";
  const data = filled(file, readDataFile(file, siteFileSchema));
  const mockup = mockupsOf(file);
  const picture = (item: z.infer<typeof pictureSchema>): DemoPicture => ({ name: item.name, mockup: mockup(item.mockup) });
  const launchedAt = new Date(data.launchedAt);
  const page = (item: PageData): DemoPage => {
    let components = item.components;
    if (item.documentText !== undefined) {
      const document = data.documents[item.documentText];
      if (!document) throw dataError(file, `page '${item.slug}' names an unknown document '${item.documentText}'`);
      components = [{ key: "Text", content: { blocks: document.paragraphs.map((paragraph) => ({ type: "paragraph", text: paragraph })) } }, ...components];
    }
    return {
      slug: item.slug,
      kind: item.kind,
      name: item.name,
      summary: item.summary,
      components,
      createdAt: item.createdAt === undefined ? launchedAt : new Date(item.createdAt),
      cover: item.cover ? picture(item.cover) : null,
      sortOrder: item.sortOrder,
      showInMenu: item.showInMenu ?? false,
      published: item.published ?? true,
      seoTitle: item.seoTitle ?? "",
      seoKeywords: item.seoKeywords ?? "",
      children: (item.children ?? []).map(page),
    };
  };
  const { picture: popupPicture, ...popup } = data.popup;
  const site: DemoSite = {
    documents: Object.values(data.documents),
    header: data.header,
    sideMenu: data.sideMenu,
    footer: data.footer,
    popup,
    popupPicture: picture(popupPicture),
    pages: data.pages.map(page),
  };
  // A row must never point at a file that is not there: every reference names a file the seed writes.
  const written = new Set([
    ...site.documents.map((document) => `${SITE_FOLDER}/${document.file}`),
    ...[...sitePictures(site.pages), site.popupPicture].map((item) => `${SITE_FOLDER}/${item.name}.svg`),
  ]);
  const missing = fileReferences([site.header, site.footer, site.popup, site.pages.map(function components(item): unknown[] {
    return [item.components, item.children.map(components)];
  })]).filter((path) => !written.has(path));
  if (missing.length > 0) throw dataError(file, `references files the seed does not write: ${missing.join(", ")}`);
  return site;
}

/** The covers of the pages and of all their children. */
export function sitePictures(pages: readonly DemoPage[]): DemoPicture[] {
  return pages.flatMap((page) => [...(page.cover ? [page.cover] : []), ...sitePictures(page.children)]);
}
