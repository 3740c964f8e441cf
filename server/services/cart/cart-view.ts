import { and, eq, sql } from "drizzle-orm";
import type { ChosenOptions } from "../../db/schema";
import type { Database } from "../../db/client";
import { cart, promocode } from "../../db/schema";
import type { PreflightProfile } from "../../../shared/contracts/preflight-profile";
import { promocodeContext } from "./promocode-use";
import { sortOtherCarts } from "./cart-access";
import type { CartView, CartViewOption } from "./cart.mapper";

/*
 * GET /client-cart's read (issue 31, server/docs/performance.md "The signed-in listing and the
 * cart"): the cart row, its lines with their products, the options and details of those products,
 * the lines' layouts (with their files' names and latest checks), live design orders, deliveries
 * and the owner's company and other carts, in ONE prepared statement that answers one row of one
 * JSON text. Nine statements with whole rows cost ~13 ms of CPU per cart under load, most of it the
 * embedded database turning 61 option rows and the rest into JavaScript column by column; one
 * text parsed by JSON.parse costs a fraction of that. Only the columns the answer uses are read
 * (the types of cart.mapper.ts CartView), and of the products' options only those the lines chose
 * (the labels and the format's size; 18 of 61 for the bench's 10 lines). A cart with a promo code reads the code and its use
 * after it (promocode-use.ts), as before.
 *
 * The JSON arrays are positional (json_build_array): their order is the order of the tuples below.
 * Only the lines and the deliveries are ordered (the answer lists them so); the mapper picks
 * options, details, layouts and design orders by key and by the highest id, whatever their order.
 */

type CartTuple = [id: number, accountId: number, companyId: number | null, promocodeId: number | null, comment: string, paymentType: string | null, version: number, updatedAt: string];
type LineTuple = [
  id: number,
  productId: number,
  options: ChosenOptions,
  quantity: number,
  isUrgent: boolean,
  unitPriceKopecks: number,
  priceKopecks: number,
  weightGrams: number,
  productionTimeDay: number,
  inOrder: boolean,
  repeatOfId: number | null,
  productName: string,
  photoPaths: string[],
  categoryId: number,
  categorySlug: string,
  archived: boolean,
];
type OptionTuple = [productId: number, group: CartViewOption["group"], code: string, label: string, isDefault: boolean, widthMm: number | null, heightMm: number | null];
type DetailTuple = [id: number, productId: number, name: string, sortOrder: number, profile: PreflightProfile, requiresOptionCode: string | null];
type LayoutTuple = [
  id: number,
  orderProductId: number,
  detailName: string,
  fileId: number,
  status: string,
  findings: unknown[] | null,
  approvedAt: string | null,
  fileName: string | null,
  latestCheckId: number | null,
];
type DesignTuple = [
  id: number,
  orderProductId: number | null,
  detailName: string,
  status: string,
  comment: string,
  annotatedFileId: number | null,
  priceKopecks: number,
  dueDate: string | null,
];
type DeliveryTuple = [
  id: number,
  deliveryType: string,
  cityKladrId: string,
  deliveryMethod: string,
  address: string,
  recipientId: number | null,
  tariffCode: string | null,
  pickupPointCode: string | null,
  priceKopecks: number,
  deliveryDate: string | null,
  weightGrams: number,
];
type OtherCartTuple = [companyId: number | null, companyName: string | null, lineCount: number];

/** What the statement's JSON text holds (built by STATE below). */
interface CartViewJson {
  cart: CartTuple;
  lines: LineTuple[];
  options: OptionTuple[];
  details: DetailTuple[];
  layouts: LayoutTuple[];
  designs: DesignTuple[];
  deliveries: DeliveryTuple[];
  companyName: string | null;
  otherCarts: OtherCartTuple[];
}

const STATE = sql.raw(`json_build_object(
  'cart', json_build_array("cart"."id", "cart"."account_id", "cart"."company_id", "cart"."promocode_id", "cart"."comment", "cart"."payment_type", "cart"."version", "cart"."updated_at"),
  'lines', (SELECT coalesce(json_agg(json_build_array(op.id, op.product_id, op.options, op.quantity, op.is_urgent, op.unit_price_kopecks, op.price_kopecks,
                   op.weight_grams, op.production_time_day, op.in_order, op.repeat_of_id, p.name, p.photo_paths, p.category_id, pc.slug, p.archived_at IS NOT NULL) ORDER BY op.id), '[]')
            FROM order_product op JOIN product p ON p.id = op.product_id JOIN product_category pc ON pc.id = p.category_id
            WHERE op.cart_id = "cart"."id"),
  'options', (SELECT coalesce(json_agg(json_build_array(o.product_id, o."group", o.code, o.label, o.is_default, o.width_mm, o.height_mm)), '[]')
              FROM product_option o
              WHERE EXISTS (SELECT 1 FROM order_product lp WHERE lp.cart_id = "cart"."id" AND lp.product_id = o.product_id
                            AND (lp.options ->> o."group" = o.code OR (o."group" = 'finishing' AND lp.options -> 'finishing' @> to_jsonb(o.code))))),
  'details', (SELECT coalesce(json_agg(json_build_array(d.id, d.product_id, d.name, d.sort_order, d.profile, d.requires_option_code)), '[]')
              FROM product_detail d WHERE d.product_id IN (SELECT lp.product_id FROM order_product lp WHERE lp.cart_id = "cart"."id")),
  'layouts', (SELECT coalesce(json_agg(json_build_array(l.id, l.order_product_id, l.detail_name, l.file_id, l.status, l.findings, l.approved_at, f.original_name,
                     (SELECT max(lc.id) FROM layout_check lc WHERE lc.layout_id = l.id))), '[]')
              FROM layout l JOIN order_product lo ON lo.id = l.order_product_id LEFT JOIN stored_file f ON f.id = l.file_id
              WHERE lo.cart_id = "cart"."id"),
  'designs', (SELECT coalesce(json_agg(json_build_array(dz.id, dz.order_product_id, dz.detail_name, dz.status, dz.comment, dz.annotated_file_id, dz.price_kopecks, dz.due_date)), '[]')
              FROM design_order dz JOIN order_product dl ON dl.id = dz.order_product_id
              WHERE dl.cart_id = "cart"."id" AND dz.status <> 'cancelled'),
  'deliveries', (SELECT coalesce(json_agg(json_build_array(dv.id, dv.delivery_type, dv.city_kladr_id, dv.delivery_method, dv.address, dv.recipient_id, dv.tariff_code,
                        dv.pickup_point_code, dv.price_kopecks, dv.delivery_date, dv.weight_grams) ORDER BY dv.id), '[]')
                 FROM delivery dv WHERE dv.cart_id = "cart"."id"),
  'companyName', (SELECT co.name FROM company co WHERE co.id = "cart"."company_id"),
  'otherCarts', (SELECT coalesce(json_agg(json_build_array(oc.company_id, oco.name, oc.line_count)), '[]')
                 FROM (SELECT c2.company_id, count(o2.id)::int AS line_count FROM cart c2 JOIN order_product o2 ON o2.cart_id = c2.id
                       WHERE c2.account_id = "cart"."account_id" AND c2.company_id IS DISTINCT FROM "cart"."company_id" GROUP BY c2.company_id) oc
                 LEFT JOIN company oco ON oco.id = oc.company_id)
)::text`);

function viewOf(json: CartViewJson): CartView {
  const [id, accountId, companyId, promocodeId, comment, paymentType, version, updatedAt] = json.cart;
  const layouts = json.layouts;
  return {
    cart: { id, accountId, companyId, promocodeId, comment, paymentType, version, updatedAt: new Date(updatedAt) },
    lines: json.lines.map(
      ([lineId, productId, options, quantity, isUrgent, unitPriceKopecks, priceKopecks, weightGrams, productionTimeDay, inOrder, repeatOfId, name, photoPaths, categoryId, categorySlug, archived]) => ({
        line: { id: lineId, productId, options, quantity, isUrgent, unitPriceKopecks, priceKopecks, weightGrams, productionTimeDay, inOrder, repeatOfId },
        product: { id: productId, name, photoPaths, categoryId, categorySlug, archived },
      }),
    ),
    options: json.options.map(([productId, group, code, label, isDefault, widthMm, heightMm]) => ({ productId, group, code, label, isDefault, widthMm, heightMm })),
    details: json.details.map(([detailId, productId, name, sortOrder, profile, requiresOptionCode]) => ({ id: detailId, productId, name, sortOrder, profile, requiresOptionCode })),
    layouts: layouts.map(([layoutId, orderProductId, detailName, fileId, status, findings, approvedAt]) => ({
      id: layoutId,
      orderProductId,
      detailName,
      fileId,
      status,
      findings,
      approvedAt: approvedAt === null ? null : new Date(approvedAt),
    })),
    layoutFiles: layouts.flatMap(([, , , fileId, , , , fileName]) => (fileName === null ? [] : [{ id: fileId, originalName: fileName }])),
    checks: layouts.flatMap(([layoutId, , , , , , , , checkId]) => (checkId === null ? [] : [{ id: checkId, layoutId }])),
    designs: json.designs.map(([designId, orderProductId, detailName, status, designComment, annotatedFileId, priceKopecks, dueDate]) => ({
      id: designId,
      orderProductId,
      detailName,
      status,
      comment: designComment,
      annotatedFileId,
      priceKopecks,
      dueDate,
    })),
    deliveries: json.deliveries.map(
      ([deliveryId, deliveryType, cityKladrId, deliveryMethod, address, recipientId, tariffCode, pickupPointCode, priceKopecks, deliveryDate, weightGrams]) => ({
        id: deliveryId,
        deliveryType,
        cityKladrId,
        deliveryMethod,
        address,
        recipientId,
        tariffCode,
        pickupPointCode,
        priceKopecks,
        deliveryDate,
        weightGrams,
      }),
    ),
    promocode: null,
    promocodeContext: {},
    owner: {
      companyName: json.companyName,
      otherCarts: sortOtherCarts(json.otherCarts.map(([otherCompanyId, companyName, lineCount]) => ({ companyId: otherCompanyId, companyName, lineCount }))),
    },
  };
}

/** The cart GET's read: `load(accountId, companyId)` is the owner's cart as its answer needs it, or null when there is none. */
export function createCartViewReader(db: Database): (accountId: number, companyId: number | null) => Promise<CartView | null> {
  // Built once; on PostgreSQL a named statement planned once per connection, on PGlite PREPAREd once (db/pglite-prepared.ts).
  const query = db
    .select({ state: sql<string>`${STATE}` })
    .from(cart)
    .where(and(eq(cart.accountId, sql.placeholder("accountId")), sql`${cart.companyId} IS NOT DISTINCT FROM ${sql.placeholder("companyId")}::int`))
    .limit(1)
    .prepare("cart_view");
  return async (accountId, companyId) => {
    const [row] = await query.execute({ accountId, companyId });
    if (!row) return null;
    const view = viewOf(JSON.parse(row.state) as CartViewJson);
    if (view.cart.promocodeId === null) return view;
    const [promo] = await db.select().from(promocode).where(eq(promocode.id, view.cart.promocodeId)).limit(1);
    if (!promo) return view;
    return { ...view, promocode: promo, promocodeContext: await promocodeContext(db, promo, accountId) };
  };
}
