import { sql } from "drizzle-orm";
import type { Database } from "../../server/db/client";

/*
 * Grows a seeded demo database to `factor`× the demo catalogue, for the growth benchmark
 * (npm run bench:scale) and the query-plan test (tests/server/query-plans.test.ts). Set-based SQL
 * only (INSERT … SELECT over generate_series, one transaction), so 1000× (31,000 products, 300,000
 * order lines) takes seconds rather than minutes on both PGlite and PostgreSQL.
 *
 * What it adds, relative to the demo catalogue (1× adds nothing to the catalogue):
 * - products: copies k = 2…factor of every demo product, named «<name> серия k» with the slug
 *   «<slug>-xk», in the same category, with the demo product's options, price tiers and details;
 * - history: per 1× 100 placed orders of 3 lines (300 lines), one line in three with a layout,
 *   its stored file and a finished print-readiness check, and one order in ten with a design
 *   order; orders belong to synthetic clients (10 per 1×, 10 orders each), and one in a hundred to
 *   the demo client (client@example.com), so its orders list grows too.
 * Incremental: calling it again with a larger factor adds only what is missing, so one database
 * can go 1× → 10× → 100× → 1000×. Every statement runs in one transaction.
 */

export interface ScaleSeedResult {
  factor: number;
  products: number;
  orders: number;
  orderLines: number;
  checks: number;
  /** Wall time of the seeding, in milliseconds. */
  ms: number;
}

/** Orders, lines per order and lines per layout that 1× adds; 1000× makes 300,000 order lines. */
const ORDERS_PER_FACTOR = 100;
const LINES_PER_ORDER = 3;
const ORDERS_PER_CLIENT = 10;
const SCALE_KEY_PREFIX = "scale-";

async function countOf(db: Pick<Database, "execute">, query: ReturnType<typeof sql>): Promise<number> {
  // Both drivers answer execute() with { rows }, but the shared Database type cannot say so.
  const result = (await db.execute(query)) as { rows: Array<{ n: number | string }> };
  return Number(result.rows[0]?.n ?? 0);
}

/** Brings the database to `factor`× the demo catalogue (products and order history); see the file comment. */
export async function seedScale(db: Database, factor: number): Promise<ScaleSeedResult> {
  if (!Number.isInteger(factor) || factor < 1) throw new Error(`seedScale: the factor must be a whole number ≥ 1, got ${factor}`);
  const started = performance.now();
  await db.transaction(async (tx) => {
    const existingCopies = await countOf(
      tx,
      sql`SELECT coalesce(max(substring(slug from '-x([0-9]+)$')::int), 1) AS n FROM product WHERE slug ~ '-x[0-9]+$'`,
    );
    if (factor > existingCopies) {
      await tx.execute(sql`
        CREATE TEMP TABLE scale_copy ON COMMIT DROP AS
        SELECT p.id AS source_id, k, nextval(pg_get_serial_sequence('product', 'id'))::int AS id
        FROM product p CROSS JOIN generate_series(${existingCopies + 1}::int, ${factor}::int) AS k
        WHERE p.slug !~ '-x[0-9]+$'`);
      await tx.execute(sql`
        INSERT INTO product (id, category_id, slug, name, name_sort_key, description, photo_paths, price_from_kopecks, discount_pct,
          production_time_day, times_ordered, urgent_production_time_day, urgent_surcharge_pct, sheets_per_unit,
          seo_name, seo_title, seo_description, seo_keywords)
        SELECT c.id, p.category_id, p.slug || '-x' || c.k, p.name || ' серия ' || c.k, p.name_sort_key || ' серия ' || c.k,
          p.description, p.photo_paths, p.price_from_kopecks + (c.k % 7) * 100, p.discount_pct, p.production_time_day,
          (p.times_ordered * 7 + c.k * 13) % 2000, p.urgent_production_time_day, p.urgent_surcharge_pct, p.sheets_per_unit,
          p.seo_name || ' серия ' || c.k, p.seo_title, p.seo_description, p.seo_keywords
        FROM scale_copy c JOIN product p ON p.id = c.source_id`);
      await tx.execute(sql`
        INSERT INTO product_option (product_id, "group", code, label, sort_order, is_default, price_pct, unit_price_kopecks,
          setup_price_kopecks, width_mm, height_mm, paper_gsm, sides)
        SELECT c.id, o."group", o.code, o.label, o.sort_order, o.is_default, o.price_pct, o.unit_price_kopecks,
          o.setup_price_kopecks, o.width_mm, o.height_mm, o.paper_gsm, o.sides
        FROM scale_copy c JOIN product_option o ON o.product_id = c.source_id`);
      await tx.execute(sql`
        INSERT INTO product_price_tier (product_id, min_quantity, unit_price_kopecks)
        SELECT c.id, t.min_quantity, t.unit_price_kopecks FROM scale_copy c JOIN product_price_tier t ON t.product_id = c.source_id`);
      await tx.execute(sql`
        INSERT INTO product_detail (product_id, name, sort_order, profile, requires_option_code)
        SELECT c.id, d.name, d.sort_order, d.profile, d.requires_option_code
        FROM scale_copy c JOIN product_detail d ON d.product_id = c.source_id`);
    }

    const existingOrders = await countOf(tx, sql`SELECT count(*) AS n FROM client_order WHERE idempotency_key LIKE ${`${SCALE_KEY_PREFIX}%`}`);
    const targetOrders = factor * ORDERS_PER_FACTOR;
    if (targetOrders <= existingOrders) return;
    const firstOrder = existingOrders + 1;
    // Synthetic clients: enough for every order to have an owner with ORDERS_PER_CLIENT orders.
    await tx.execute(sql`
      INSERT INTO account (email, password_hash, type_user, name, surname, email_confirmed_at, created_at)
      SELECT ${SCALE_KEY_PREFIX} || g || '@example.test', 'scale-seed-no-login', 'client', 'Клиент', 'Нагрузочный ' || g, now(), now()
      FROM generate_series(${Math.floor(existingOrders / ORDERS_PER_CLIENT) + 1}::int, ${Math.ceil(targetOrders / ORDERS_PER_CLIENT)}::int) AS g
      ON CONFLICT (email) DO NOTHING`);
    await tx.execute(sql`
      CREATE TEMP TABLE scale_order ON COMMIT DROP AS
      SELECT g, nextval(pg_get_serial_sequence('client_order', 'id'))::int AS id,
        coalesce(CASE WHEN g % 100 = 0 THEN (SELECT id FROM account WHERE email = 'client@example.com') END,
          (SELECT id FROM account WHERE email = ${SCALE_KEY_PREFIX} || ((g - 1) / ${ORDERS_PER_CLIENT} + 1) || '@example.test')) AS account_id
      FROM generate_series(${firstOrder}::int, ${targetOrders}::int) AS g`);
    await tx.execute(sql`
      INSERT INTO client_order (id, number, account_id, status, payment_type, payment_status, items_kopecks, total_kopecks, vat_kopecks,
        idempotency_key, created_at, paid_at)
      SELECT o.id, 'S-' || lpad(o.g::text, 7, '0'), o.account_id,
        (ARRAY['new', 'paid', 'in_production', 'shipped', 'done', 'cancelled'])[1 + o.g % 6],
        (ARRAY['Invoice', 'Yookassa', 'InternalBalance'])[1 + o.g % 3], CASE WHEN o.g % 6 IN (0, 5) THEN 'pending' ELSE 'paid' END,
        300000, 300000, 50000, ${SCALE_KEY_PREFIX} || o.g, now() - o.g * interval '7 minutes', NULL
      FROM scale_order o`);
    await tx.execute(sql`
      CREATE TEMP TABLE scale_line ON COMMIT DROP AS
      SELECT o.g, o.id AS order_id, o.account_id, n, nextval(pg_get_serial_sequence('order_product', 'id'))::int AS id,
        pids[1 + ((o.g * ${LINES_PER_ORDER} + n) % cardinality(pids))] AS product_id
      FROM scale_order o CROSS JOIN generate_series(1, ${LINES_PER_ORDER}::int) AS n
        CROSS JOIN (SELECT array_agg(id ORDER BY id) AS pids FROM product) AS p`);
    await tx.execute(sql`
      INSERT INTO order_product (id, order_id, product_id, quantity, unit_price_kopecks, price_kopecks, weight_grams, production_time_day,
        created_at, updated_at)
      SELECT l.id, l.order_id, l.product_id, 100 * l.n, 1000, 100000 * l.n, 500, 3, now() - l.g * interval '7 minutes', now()
      FROM scale_line l`);
    // The first line of every order has a checked layout: a stored file, the layout and its finished check.
    await tx.execute(sql`
      INSERT INTO stored_file (owner_account_id, kind, storage_key, original_name, content_type, size_bytes, sha256)
      SELECT l.account_id, 'layout', 'scale/line-' || l.id || '.pdf', 'maket-' || l.g || '.pdf', 'application/pdf', 100000,
        md5(l.id::text) || md5(l.g::text)
      FROM scale_line l WHERE l.n = 1`);
    await tx.execute(sql`
      INSERT INTO layout (order_product_id, detail_name, file_id, status, findings, approved_at)
      SELECT l.id, 'Лицевая сторона', f.id, 'passed', '[]'::jsonb, now()
      FROM scale_line l JOIN stored_file f ON f.storage_key = 'scale/line-' || l.id || '.pdf' WHERE l.n = 1`);
    await tx.execute(sql`
      INSERT INTO layout_check (layout_id, profile, account_id, state, findings, duration_ms, started_at, finished_at)
      SELECT y.id, '{}'::jsonb, l.account_id, 'done', '[]'::jsonb, 400, now(), now()
      FROM scale_line l JOIN layout y ON y.order_product_id = l.id WHERE l.n = 1`);
    await tx.execute(sql`
      INSERT INTO design_order (account_id, order_product_id, order_id, product_id, detail_name, status)
      SELECT l.account_id, l.id, l.order_id, l.product_id, 'Лицевая сторона', 'done' FROM scale_line l WHERE l.n = 2 AND l.g % 10 = 0`);
  });
  // Planner statistics and the visibility map for the new rows: the plans the benchmark and the tests
  // see are those of a shop whose autovacuum has run (PostgreSQL's does by itself; PGlite has none).
  await db.execute(sql`VACUUM ANALYZE`);
  const products = await countOf(db, sql`SELECT count(*) AS n FROM product`);
  const orders = await countOf(db, sql`SELECT count(*) AS n FROM client_order`);
  const orderLines = await countOf(db, sql`SELECT count(*) AS n FROM order_product`);
  const checks = await countOf(db, sql`SELECT count(*) AS n FROM layout_check`);
  return { factor, products, orders, orderLines, checks, ms: Math.round(performance.now() - started) };
}
