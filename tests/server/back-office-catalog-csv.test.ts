import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_OPTION_GROUP_LABELS, catalogImportResultSchema, productSchema, sessionGrantSchema } from "../../shared/contracts/index";
import type { CatalogImportResult } from "../../shared/contracts/index";
import { auditEntry } from "../../server/db/backoffice.schema";
import { product, productCategory } from "../../server/db/catalog.schema";
import { DEMO_ACCOUNTS } from "../../server/seed/demo-data";
import { demoBusinessCardsId, startTestApp, TEST_APP_ORIGIN } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * The catalogue's CSV (issue 29; server/docs/back-office-catalog-csv.md) through the real routes on
 * a seeded PGlite: the demo catalogue exported and imported unchanged changes nothing; one changed
 * price changes that price alone (catalogue, audit, storefront); a broken file changes nothing and
 * names each bad row; a product made from the file is the product the seed makes; a dry run writes
 * nothing; a file of 2,000 products goes in through a multipart form; a database that fails part-way
 * through the writing pass leaves the catalogue as it was (the import is one transaction).
 */

let testApp: TestApp;
let token: string;

const BOM = "\uFEFF";

async function exportCsv(): Promise<string> {
  const response = await testApp.app.inject({ method: "GET", url: "/api/employee/catalog/export", headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
  expect(response.headers["content-disposition"]).toBe('attachment; filename="catalog.csv"');
  return response.body;
}

async function importCsv(body: string | Buffer, dryRun: boolean): Promise<CatalogImportResult> {
  const response = await testApp.app.inject({
    method: "POST",
    url: `/api/employee/catalog/import?dryRun=${dryRun}`,
    headers: { authorization: `Bearer ${token}`, "content-type": "text/csv" },
    payload: body,
  });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return catalogImportResultSchema.parse(response.json());
}

function multipart(fileName: string, content: string): { payload: Buffer; contentType: string } {
  const boundary = "----ottisk-catalog-test";
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The file's lines without the BOM and the last empty one. */
const linesOf = (csv: string): string[] => csv.replace(BOM, "").split("\r\n").filter((line) => line !== "");
const csvOf = (lines: readonly string[]): string => `${BOM}${lines.join("\r\n")}\r\n`;
const columnsOf = (csv: string): string[] => (linesOf(csv)[0] ?? "").split(";");

/** Sets the field `column` of the line (fields without quotes) to `value`. */
function withField(header: readonly string[], line: string, column: string, value: string): string {
  const fields = line.split(";");
  fields[header.indexOf(column)] = value;
  return fields.join(";");
}

const productAudit = async (productId: number) =>
  testApp.database.db.select().from(auditEntry).where(and(eq(auditEntry.objectType, "product"), eq(auditEntry.objectId, String(productId))));

beforeAll(async () => {
  testApp = await startTestApp();
  const login = await testApp.app.inject({ method: "POST", url: "/api/auth/login", headers: { origin: TEST_APP_ORIGIN }, payload: { ...DEMO_ACCOUNTS.catalog, rememberMe: false } });
  token = sessionGrantSchema.parse(login.json()).token;
});

afterAll(async () => {
  await testApp.close();
});

describe("the catalogue as CSV", () => {
  it("exports the demo catalogue, and the file imported unchanged changes nothing (dry run and for real)", async () => {
    const original = await exportCsv();
    expect(original.startsWith(`${BOM}kind;category;product;`)).toBe(true);
    const lines = linesOf(original);
    expect(lines.filter((line) => line.startsWith("category;")).length).toBeGreaterThan(0);

    const dry = await importCsv(original, true);
    expect(dry.errors).toEqual([]);
    expect(dry.applied).toBe(false);
    expect(dry.changesTotal).toBe(0);
    expect(dry.counts.productsUnchanged).toBe(lines.filter((line) => line.startsWith("product;")).length);
    expect(dry.counts.rows).toBe(lines.length - 1);

    const real = await importCsv(original, false);
    expect(real.applied).toBe(true);
    expect(real.changesTotal).toBe(0);
    expect({ ...real.counts, productsUnchanged: 0 }).toEqual({ rows: lines.length - 1, productsCreated: 0, productsUpdated: 0, productsUnchanged: 0, categoriesCreated: 0, categoriesUpdated: 0 });
    expect(await exportCsv()).toBe(original);
    const products = await testApp.database.db.select().from(auditEntry).where(eq(auditEntry.objectType, "product"));
    expect(products).toEqual([]);
  });

  it("changes exactly the one price changed in the file: the catalogue, the audit and the storefront", async () => {
    const cardsId = await demoBusinessCardsId(testApp);
    const before = productSchema.parse((await testApp.app.inject({ method: "GET", url: `/api/public/product/${cardsId}` })).json());
    const original = await exportCsv();
    const header = columnsOf(original);
    const lines = linesOf(original);
    const tierIndex = lines.findIndex((line) => line.startsWith("tier;vizitki;standartnye-90x50;"));
    const tier = lines[tierIndex] ?? "";
    const minQuantity = tier.split(";")[header.indexOf("min_quantity")];
    const oldPrice = tier.split(";")[header.indexOf("unit_price")];
    const changed = [...lines];
    changed[tierIndex] = withField(header, tier, "unit_price", "9,99");

    const dry = await importCsv(csvOf(changed), true);
    expect(dry.errors).toEqual([]);
    expect(dry.changes).toEqual([
      {
        kind: "product",
        action: "update",
        key: "vizitki/standartnye-90x50",
        name: "Визитки стандартные 90×50",
        line: lines.findIndex((line) => line.startsWith("product;vizitki;standartnye-90x50;")) + 1,
        fields: [{ field: `tier ${minQuantity}`, before: `unit_price=${oldPrice}`, after: "unit_price=9,99" }],
      },
    ]);
    expect(dry.counts.productsUpdated).toBe(1);
    // The dry run wrote nothing.
    expect(await exportCsv()).toBe(original);
    expect(await productAudit(cardsId)).toEqual([]);

    const real = await importCsv(csvOf(changed), false);
    expect(real.applied).toBe(true);
    expect(real.changes).toEqual(dry.changes);
    const after = linesOf(await exportCsv());
    expect(after.filter((line, index) => line !== lines[index])).toEqual([changed[tierIndex]]);

    const audit = await productAudit(cardsId);
    expect(audit.map((entry) => ({ action: entry.action, changes: entry.changes, employeeId: entry.employeeId }))).toEqual([
      { action: "import", changes: [{ field: `tier ${minQuantity}`, before: `unit_price=${oldPrice}`, after: "unit_price=9,99" }], employeeId: expect.any(Number) as number },
    ]);
    const imports = await testApp.database.db.select().from(auditEntry).where(eq(auditEntry.objectType, "catalog-import"));
    expect(imports.at(-1)?.changes).toContainEqual({ field: "productsUpdated", before: null, after: 1 });

    // The storefront's cached answer was dropped: the product's tier shows the new unit price at once.
    const now = productSchema.parse((await testApp.app.inject({ method: "GET", url: `/api/public/product/${cardsId}` })).json());
    const tierOf = (page: typeof before) => page.priceTiers.find((entry) => entry.minQuantity === Number(minQuantity));
    expect(tierOf(now)?.unitPrice).not.toBe(tierOf(before)?.unitPrice);
  });

  it("refuses a broken file whole: nothing changes, and each bad row is named with its line", async () => {
    const original = await exportCsv();
    const header = columnsOf(original);
    const lines = linesOf(original);
    const broken = [...lines];
    const tierIndex = lines.findIndex((line) => line.startsWith("tier;listovki;"));
    const priceLine = lines.findIndex((line) => line.startsWith("product;vizitki;standartnye-90x50;"));
    broken[tierIndex] = withField(header, lines[tierIndex] ?? "", "unit_price", "abc");
    const secondTier = lines.findIndex((line, index) => index > tierIndex + 1 && line.startsWith("tier;"));
    broken[secondTier] = withField(header, lines[secondTier] ?? "", "min_quantity", "0");
    // A price change in a good row: it must not be written either.
    broken[priceLine] = withField(header, lines[priceLine] ?? "", "discount_pct", "15");
    const stray = withField(header, withField(header, lines[priceLine] ?? "", "category", "net-takoy-kategorii"), "product", "sirota");
    const strayTier = withField(header, withField(header, lines[tierIndex] ?? "", "category", "net-takoy-kategorii"), "product", "sirota");
    const noTiers = withField(header, lines[priceLine] ?? "", "product", "bez-tsen");
    broken.push(stray, strayTier, noTiers);

    const result = await importCsv(csvOf(broken), false);
    expect(result.applied).toBe(false);
    const lineOf = (index: number) => index + 1;
    expect(result.errors.map((error) => error.line)).toEqual([lineOf(tierIndex), lineOf(secondTier), broken.length - 2, broken.length].sort((a, b) => a - b));
    expect(result.errors.find((error) => error.line === lineOf(tierIndex))?.messageUI).toBe(`Строка ${lineOf(tierIndex)}: «unit_price»: «abc» — не сумма в рублях (например, 12,50; не больше двух знаков после запятой, не меньше нуля)`);
    expect(result.errors.find((error) => error.line === lineOf(secondTier))?.messageUI).toContain("тираж ступени цены не может быть меньше 1 шт.");
    expect(result.errors.find((error) => error.line === broken.length - 2)?.messageUI).toContain("категории «net-takoy-kategorii» нет");
    expect(result.errors.find((error) => error.line === broken.length)?.messageUI).toBe(`Строка ${broken.length}: товар vizitki/bez-tsen: Добавьте хотя бы одну цену по тиражу: без неё товар нельзя продать`);
    expect(await exportCsv()).toBe(original);
  });

  it("refuses an impossible product by the catalogue contract's own rules (productRuleIssues), naming the tier's and the option's line", async () => {
    const original = await exportCsv();
    const header = columnsOf(original);
    const lines = linesOf(original);
    const rowsOf = (kind: string) => lines.flatMap((line, index) => (line.startsWith(`${kind};vizitki;standartnye-90x50;`) ? [index] : []));
    const [firstTier = -1, secondTier = -1] = rowsOf("tier");
    const field = (index: number, column: string) => (lines[index] ?? "").split(";")[header.indexOf(column)] ?? "";
    const firstRun = field(firstTier, "min_quantity");
    // A second default in a single-choice group (format, paper or colours).
    const options = rowsOf("option");
    const hasDefault = (group: string) => options.some((index) => field(index, "option_group") === group && field(index, "is_default") === "да");
    const notDefault = options.find((index) => field(index, "option_group") !== "finishing" && field(index, "is_default") === "нет" && hasDefault(field(index, "option_group"))) ?? -1;
    const group = field(notDefault, "option_group");
    expect([secondTier, notDefault].every((index) => index > 0)).toBe(true);
    const broken = [...lines];
    broken[secondTier] = withField(header, lines[secondTier] ?? "", "min_quantity", firstRun);
    broken[notDefault] = withField(header, lines[notDefault] ?? "", "is_default", "да");

    const result = await importCsv(csvOf(broken), true);
    const productLine = lines.findIndex((line) => line.startsWith("product;vizitki;standartnye-90x50;")) + 1;
    expect([...result.errors].sort((a, b) => a.line - b.line)).toEqual([
      {
        line: productLine,
        messageUI: `Строка ${productLine}: товар vizitki/standartnye-90x50: В группе опций «${PRODUCT_OPTION_GROUP_LABELS[group as keyof typeof PRODUCT_OPTION_GROUP_LABELS]}» может быть только одно значение по умолчанию, а отмечено 2`,
      },
      { line: secondTier + 1, messageUI: `Строка ${secondTier + 1}: товар vizitki/standartnye-90x50: Тираж ${firstRun} указан дважды` },
    ]);
    expect(await exportCsv()).toBe(original);
  });

  it("refuses a file with a missing column, the wrong separator or text that is not UTF-8, naming the line", async () => {
    const original = await exportCsv();
    const lines = linesOf(original);
    const withoutProfile = lines.map((line) => line.split(";").slice(0, -1).join(";"));
    const missing = await importCsv(csvOf(withoutProfile), false);
    expect(missing.errors).toEqual([{ line: 1, messageUI: "Строка заголовка: нет столбцов: «profile»" }]);

    const commas = await importCsv(csvOf(lines.map((line) => line.replaceAll(";", ","))), false);
    expect(commas.errors).toHaveLength(1);
    expect(commas.errors[0]?.line).toBe(1);
    expect(commas.errors[0]?.messageUI).toContain("разделитель — точка с запятой");

    const latin1 = Buffer.concat([Buffer.from(csvOf(lines.slice(0, 3))), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x3b, 0x0d, 0x0a])]);
    const encoding = await importCsv(latin1, false);
    expect(encoding.errors).toEqual([{ line: 4, messageUI: "Строка 4: текст не в кодировке UTF-8 — сохраните файл как «CSV UTF-8»; дальше файл не читается" }]);
    expect(await exportCsv()).toBe(original);
  });

  it("creates a product from the file exactly as the catalogue keeps the same product (price from, sort key, rows)", async () => {
    const original = await exportCsv();
    const header = columnsOf(original);
    const rows = linesOf(original).filter((line) => line.split(";")[1] === "vizitki" && line.split(";")[2] === "standartnye-90x50");
    const copy = rows.map((line) => withField(header, line, "product", "kopiya-90x50"));
    const result = await importCsv(csvOf([linesOf(original)[0] ?? "", ...copy]), false);
    expect(result.errors).toEqual([]);
    expect(result.counts).toMatchObject({ productsCreated: 1, productsUpdated: 0 });

    const [source] = await testApp.database.db.select().from(product).where(eq(product.id, await demoBusinessCardsId(testApp)));
    const [made] = await testApp.database.db
      .select()
      .from(product)
      .innerJoin(productCategory, eq(productCategory.id, product.categoryId))
      .where(and(eq(productCategory.slug, "vizitki"), eq(product.slug, "kopiya-90x50")));
    const comparable = (row: typeof source) => {
      const { id: _id, slug: _slug, createdAt: _created, updatedAt: _updated, timesOrdered: _ordered, ...rest } = row ?? ({} as NonNullable<typeof source>);
      return rest;
    };
    expect(comparable(made?.product)).toEqual(comparable(source));
    const exported = linesOf(await exportCsv()).filter((line) => line.split(";")[2] === "kopiya-90x50");
    expect(exported).toEqual(copy);
    expect(await productAudit(made?.product.id ?? 0)).toMatchObject([{ action: "import", objectType: "product" }]);
  });

  it("carries a per-m² product's size limits there and back, and a file from before the size_step_mm column still reads (issue 30)", async () => {
    const original = await exportCsv();
    const header = columnsOf(original);
    const banner = linesOf(original).find((line) => line.startsWith("product;bannery;pvh-440;")) ?? "";
    const field = (line: string, column: string) => line.split(";")[header.indexOf(column)];
    expect([field(banner, "width_mm"), field(banner, "height_mm"), field(banner, "size_step_mm")]).toEqual(["300-5000", "300-3000", "10"]);

    // The same banner with other limits: imported, stored, priced by them, and exported as written.
    const changed = withField(header, withField(header, banner, "width_mm", "500-4000"), "size_step_mm", "50");
    const result = await importCsv(csvOf([linesOf(original)[0] ?? "", ...linesOf(original).slice(1).map((line) => (line === banner ? changed : line))]), false);
    expect(result.errors).toEqual([]);
    expect(result.counts).toMatchObject({ productsUpdated: 1 });
    const [row] = await testApp.database.db
      .select({ sizeLimits: product.sizeLimits, id: product.id })
      .from(product)
      .innerJoin(productCategory, eq(productCategory.id, product.categoryId))
      .where(and(eq(productCategory.slug, "bannery"), eq(product.slug, "pvh-440")));
    expect(row?.sizeLimits).toEqual({ minWidthMm: 500, maxWidthMm: 4000, minHeightMm: 300, maxHeightMm: 3000, stepMm: 50 });
    const refused = await testApp.app.inject({ method: "GET", url: `/api/public/product/${row?.id}/price?width=1520&height=800` });
    expect(refused.json()).toMatchObject({ messageUI: "Ширина должна быть от 500 до 4000 мм с шагом 50 мм" });
    expect(linesOf(await exportCsv()).find((line) => line.startsWith("product;bannery;pvh-440;"))).toBe(changed);

    // A bad range names its column; a file without the size_step_mm column (made before it) still imports.
    const broken = await importCsv(csvOf([linesOf(original)[0] ?? "", withField(header, changed, "height_mm", "3000-300")]), true);
    expect(broken.errors[0]?.messageUI).toContain("«height_mm»");
    const at = header.indexOf("size_step_mm");
    const withoutStep = linesOf(original)
      .filter((line, index) => index === 0 || line.split(";")[1] === "vizitki")
      .map((line) => line.split(";").filter((_, column) => column !== at).join(";"));
    const old = await importCsv(csvOf(withoutStep), true);
    expect(old.errors).toEqual([]);
    await importCsv(original, false);
  });

  it("imports 2,000 products sent as a multipart form, reading the file from disk as it streams", { timeout: 300_000 }, async () => {
    const original = await exportCsv();
    const header = columnsOf(original);
    const lines = linesOf(original);
    const shapes = lines.filter((line) => !line.startsWith("category;")).slice(1);
    const keys = [...new Set(shapes.map((line) => `${line.split(";")[1]}/${line.split(";")[2]}`))];
    const made: string[] = [lines[0] ?? ""];
    for (let index = 0; index < 2000; index += 1) {
      const key = keys[index % keys.length] ?? "";
      const [categorySlug, slug] = key.split("/");
      const name = `Товар ${index}`;
      for (const line of shapes.filter((entry) => entry.split(";")[1] === categorySlug && entry.split(";")[2] === slug)) {
        const renamed = withField(header, line, "product", `bulk-${index}`);
        made.push(line.startsWith("product;") ? withField(header, renamed, "name", name) : renamed);
      }
    }
    const before = process.memoryUsage().rss;
    const form = multipart("catalog.csv", csvOf(made));
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/employee/catalog/import?dryRun=false",
      headers: { authorization: `Bearer ${token}`, "content-type": form.contentType },
      payload: form.payload,
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const result = catalogImportResultSchema.parse(response.json());
    expect(result.errors).toEqual([]);
    expect(result.counts).toMatchObject({ rows: made.length - 1, productsCreated: 2000, productsUpdated: 0 });
    expect(result.changesTotal).toBe(2000);
    expect(result.changes).toHaveLength(200);
    console.info(`2,000 products, ${made.length - 1} rows, ${Math.round(form.payload.length / 1024)} KB: server RSS ${Math.round(before / 2 ** 20)} → ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB`);
    const again = await importCsv(csvOf(made), true);
    expect(again.counts).toMatchObject({ productsCreated: 0, productsUpdated: 0, productsUnchanged: 2000 });
  });

  it("writes all or nothing: a database that fails on a row deep in the file leaves the catalogue and the audit exactly as they were", { timeout: 120_000 }, async () => {
    const original = await exportCsv();
    const header = columnsOf(original);
    const lines = linesOf(original);
    const categories = async () => testApp.database.db.select().from(productCategory).orderBy(productCategory.id);
    const products = async () => testApp.database.db.select().from(product).orderBy(product.id);
    const auditCount = async () => (await testApp.database.db.select({ id: auditEntry.id }).from(auditEntry)).length;
    const before = { categories: await categories(), products: await products(), audit: await auditCount() };

    // Early in the file: a new category, a changed demo category and a changed demo price (written by the first batches).
    const newCategory = withField(header, withField(header, lines.find((line) => line.startsWith("category;")) ?? "", "category", "sboi-importa"), "name", "Сбой импорта");
    const renamedCategory = lines.find((line) => line.startsWith("category;") && line.split(";")[1] === "vizitki") ?? "";
    const tierIndex = lines.findIndex((line) => line.startsWith("tier;") && line.split(";")[2] === "standartnye-90x50");
    const changed = lines.map((line, index) => {
      if (line === renamedCategory) return withField(header, line, "name", "Визитки (сбой)");
      if (index === tierIndex) return withField(header, line, "unit_price", "99,99");
      return line;
    });
    // Then 1,500 new products (several batches of BATCH_PRODUCTS), the database refusing the 1,200th.
    const shape = lines.filter((line) => line.split(";")[1] === "vizitki" && line.split(";")[2] === "standartnye-90x50" && !line.startsWith("category;"));
    const made: string[] = [];
    for (let index = 0; index < 1500; index += 1) made.push(...shape.map((line) => withField(header, line, "product", `sboi-${index}`)));
    const file = csvOf([...changed.slice(0, 1), newCategory, ...changed.slice(1), ...made]);

    // A real fault only the database knows of: a trigger created here refuses one product's insert.
    await testApp.database.db.execute(sql`
      CREATE FUNCTION import_fault() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.slug = 'sboi-1199' THEN RAISE EXCEPTION 'the disk is gone (a test fault)'; END IF;
        RETURN NEW;
      END $$`);
    await testApp.database.db.execute(sql`CREATE TRIGGER import_fault BEFORE INSERT ON product FOR EACH ROW EXECUTE FUNCTION import_fault()`);
    try {
      const dry = await importCsv(file, true);
      expect(dry.errors).toEqual([]);
      expect(dry.counts).toMatchObject({ productsCreated: 1500, productsUpdated: 1, categoriesCreated: 1, categoriesUpdated: 1 });

      const response = await testApp.app.inject({
        method: "POST",
        url: "/api/employee/catalog/import?dryRun=false",
        headers: { authorization: `Bearer ${token}`, "content-type": "text/csv" },
        payload: file,
      });
      expect(response.statusCode, response.body.slice(0, 300)).toBe(409);
      const answer = response.json<{ code: string; messageUI: string }>();
      expect(answer.code).toBe("CATALOG_IMPORT_ROLLED_BACK");
      expect(answer.messageUI).toMatch(/^Каталог не изменён: база данных не приняла запись строк \d+–\d+, и весь импорт отменён/);
    } finally {
      await testApp.database.db.execute(sql`DROP TRIGGER import_fault ON product`);
      await testApp.database.db.execute(sql`DROP FUNCTION import_fault()`);
    }

    expect(await categories()).toEqual(before.categories);
    expect(await products()).toEqual(before.products);
    expect(await auditCount()).toBe(before.audit);
    expect(await exportCsv()).toBe(original);
  });

  it("answers 400 with a Russian message when no file is sent", async () => {
    const response = await testApp.app.inject({ method: "POST", url: "/api/employee/catalog/import", headers: { authorization: `Bearer ${token}`, "content-type": "text/csv" }, payload: "" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "CATALOG_FILE_MISSING", messageUI: "Выберите файл каталога (CSV) для загрузки" });
  });
});
