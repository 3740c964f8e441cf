/*
 * The counts of orders per status (order_status_count, issue 31) kept by the database in the
 * transaction of every write to client_order: statement triggers with transition tables add what a
 * statement inserted and take away what it deleted, an UPDATE both (only the statuses whose count
 * changed are touched, in status order, so two writers lock the counter rows in one order), and a
 * TRUNCATE empties the counts. A trigger rather than code in each service: placing, payments, the
 * employee's moves, the refunds, the imports and the benchmark's seed all write client_order, and
 * none can forget it.
 *
 * Installed at every start, after the migrations (db/client.ts, under the set-up lock on PostgreSQL),
 * with a recount of the orders in the same transaction, which holds client_order against writes
 * meanwhile: a database made before the counter existed (or restored from a backup) starts right.
 * The recount reads every order once per start (about 30 ms for 100,000 orders on PGlite).
 * Trigger functions are plpgsql; PGlite and PostgreSQL ≥ 11 both have it.
 */

/** Run in one transaction (db/client.ts). */
export const ORDER_STATUS_COUNTS_SQL = `
LOCK TABLE client_order IN SHARE ROW EXCLUSIVE MODE;
CREATE OR REPLACE FUNCTION ottisk_order_status_count() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE order_status_count SET orders = 0 WHERE orders <> 0;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO order_status_count AS kept (status, orders)
    SELECT status, count(*)::int FROM ottisk_new_rows GROUP BY status ORDER BY status
    ON CONFLICT (status) DO UPDATE SET orders = kept.orders + excluded.orders;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_status_count AS kept (status, orders)
    SELECT status, -count(*)::int FROM ottisk_old_rows GROUP BY status ORDER BY status
    ON CONFLICT (status) DO UPDATE SET orders = kept.orders + excluded.orders;
  ELSE
    INSERT INTO order_status_count AS kept (status, orders)
    SELECT status, sum(delta)::int FROM (
      SELECT status, 1 AS delta FROM ottisk_new_rows UNION ALL SELECT status, -1 AS delta FROM ottisk_old_rows
    ) AS changed GROUP BY status HAVING sum(delta) <> 0 ORDER BY status
    ON CONFLICT (status) DO UPDATE SET orders = kept.orders + excluded.orders;
  END IF;
  RETURN NULL;
END
$fn$;
DROP TRIGGER IF EXISTS order_status_count_insert ON client_order;
DROP TRIGGER IF EXISTS order_status_count_update ON client_order;
DROP TRIGGER IF EXISTS order_status_count_delete ON client_order;
DROP TRIGGER IF EXISTS order_status_count_truncate ON client_order;
CREATE TRIGGER order_status_count_insert AFTER INSERT ON client_order
  REFERENCING NEW TABLE AS ottisk_new_rows FOR EACH STATEMENT EXECUTE FUNCTION ottisk_order_status_count();
CREATE TRIGGER order_status_count_update AFTER UPDATE ON client_order
  REFERENCING OLD TABLE AS ottisk_old_rows NEW TABLE AS ottisk_new_rows FOR EACH STATEMENT EXECUTE FUNCTION ottisk_order_status_count();
CREATE TRIGGER order_status_count_delete AFTER DELETE ON client_order
  REFERENCING OLD TABLE AS ottisk_old_rows FOR EACH STATEMENT EXECUTE FUNCTION ottisk_order_status_count();
CREATE TRIGGER order_status_count_truncate AFTER TRUNCATE ON client_order
  FOR EACH STATEMENT EXECUTE FUNCTION ottisk_order_status_count();
DELETE FROM order_status_count;
INSERT INTO order_status_count (status, orders) SELECT status, count(*)::int FROM client_order GROUP BY status;
`;
