import { cartLayoutStatusValues, paymentTypesFor, paymentTypeValues } from "../../../shared/contracts/index";
import type { Cart, CartElsewhere, CartLayout, CartLine, CartLineOption, CartLineOptions, CartProblem, PaymentType } from "../../../shared/contracts/index";
import type { PreflightProfile } from "../../../shared/contracts/preflight-profile";
import { cartTotals, chosenOptionCodes, detailsNeedingLayout, layoutProfile, lineSizeOf, readyDate, sizeLabel, VAT_PERCENT, vatIncludedKopecks } from "../../../shared/domain/index";
import type { CartTotals, PromocodeContext } from "../../../shared/domain/index";
import type {
  CartRow,
  ChosenOptions,
  DeliveryRow,
  DesignOrderRow,
  LayoutRow,
  OrderProductRow,
  ProductDetailRow,
  ProductOptionRow,
  PromocodeRow,
} from "../../db/schema";
import { kopecksToRoubles, publicFileUrl } from "../catalog/catalog.mapper";
import { privateFileUrl } from "../files/file.service";
import { designStatusOf, findingsOf } from "../files/files.mapper";

/*
 * The one place cart rows become the cart of the API: kopecks become roubles, file ids become
 * URLs, and the figures and the readiness to order are worked out from the rows (shared/domain/
 * cart-totals.ts does the money). The server's checkout snapshot uses the same evaluation, so what
 * the shopper sees is what the order gets.
 */

/** A line with the product facts the cart shows. */
export interface CartLineRow {
  line: OrderProductRow;
  /** `archived`: the product is no longer sold (issue 29). */
  product: { id: number; name: string; photoPaths: string[]; categoryId: number; categorySlug: string; archived: boolean };
}

/*
 * What the cart's answer reads of each row: GET /client-cart reads only these columns, in one
 * statement (cart-view.ts); the changes and the checkout read whole rows (cart-access.ts loadState).
 */
export type CartViewCart = Pick<CartRow, "id" | "accountId" | "companyId" | "promocodeId" | "comment" | "paymentType" | "version" | "updatedAt">;
export type CartViewLine = Pick<
  OrderProductRow,
  "id" | "productId" | "options" | "quantity" | "isUrgent" | "unitPriceKopecks" | "priceKopecks" | "weightGrams" | "productionTimeDay" | "inOrder" | "repeatOfId"
>;
export type CartViewOption = Pick<ProductOptionRow, "productId" | "group" | "code" | "label" | "isDefault" | "widthMm" | "heightMm">;
export type CartViewDetail = Pick<ProductDetailRow, "id" | "productId" | "name" | "sortOrder" | "profile" | "requiresOptionCode">;
export type CartViewLayout = Pick<LayoutRow, "id" | "orderProductId" | "detailName" | "fileId" | "status" | "findings" | "approvedAt">;
export type CartViewDesign = Pick<DesignOrderRow, "id" | "orderProductId" | "detailName" | "status" | "comment" | "annotatedFileId" | "priceKopecks" | "dueDate">;
export type CartViewDelivery = Pick<
  DeliveryRow,
  "id" | "deliveryType" | "cityKladrId" | "deliveryMethod" | "address" | "recipientId" | "tariffCode" | "pickupPointCode" | "priceKopecks" | "deliveryDate" | "weightGrams"
>;

/** Everything a cart's answer is made of, read in one go: the columns the answer and its evaluation use. */
export interface CartView {
  cart: CartViewCart;
  lines: { line: CartViewLine; product: CartLineRow["product"] }[];
  /** The options and details of the lines' products. */
  options: CartViewOption[];
  details: CartViewDetail[];
  /** Every layout of the lines, oldest first, with their files' names and their checks. */
  layouts: CartViewLayout[];
  layoutFiles: { id: number; originalName: string }[];
  checks: { id: number; layoutId: number }[];
  /** The lines' design orders that are not cancelled, oldest first. */
  designs: CartViewDesign[];
  deliveries: CartViewDelivery[];
  promocode: PromocodeRow | null;
  /** The code's use so far and its categories' names (promocode-use.ts); empty without a code. */
  promocodeContext: PromocodeContext;
  /** Whose cart it is, and the client's other carts that hold lines. */
  owner: CartOwnerView;
}

/** The cart's state with whole rows, as the changes and the checkout read it (cart-access.ts loadState). */
export interface CartState extends CartView {
  cart: CartRow;
  lines: CartLineRow[];
  options: ProductOptionRow[];
  details: ProductDetailRow[];
  layouts: LayoutRow[];
  designs: DesignOrderRow[];
  deliveries: DeliveryRow[];
}

/** The account a cart belongs to, as the cart's answer names it. */
export interface CartOwnerView {
  /** Null for the personal profile. */
  companyName: string | null;
  otherCarts: CartElsewhere[];
}

/** What the in-order lines add up to: the inputs of a delivery's price. */
export interface CartAggregate {
  inOrderCount: number;
  weightGrams: number;
  /** The longest production time: the parcel leaves when the last line is ready. */
  productionTimeDay: number;
  /** Every in-order line is urgent (one ordinary line makes the parcel wait anyway). */
  isUrgent: boolean;
}

export function cartAggregate(lines: readonly Pick<OrderProductRow, "inOrder" | "weightGrams" | "productionTimeDay" | "isUrgent">[]): CartAggregate {
  const inOrder = lines.filter((line) => line.inOrder);
  return {
    inOrderCount: inOrder.length,
    weightGrams: inOrder.reduce((sum, line) => sum + line.weightGrams, 0),
    productionTimeDay: inOrder.reduce((longest, line) => Math.max(longest, line.productionTimeDay), 0),
    isUrgent: inOrder.length > 0 && inOrder.every((line) => line.isUrgent),
  };
}

export function sameAggregate(a: CartAggregate, b: CartAggregate): boolean {
  return a.inOrderCount === b.inOrderCount && a.weightGrams === b.weightGrams && a.productionTimeDay === b.productionTimeDay && a.isUrgent === b.isUrgent;
}

/** The details of a product that need a layout with these options (the rule of shared/domain/pricing.ts). */
export function requiredDetails(details: readonly CartViewDetail[], productId: number, options: ChosenOptions): string[] {
  const ofProduct = details.filter((detail) => detail.productId === productId).sort((a, b) => a.id - b.id);
  return detailsNeedingLayout(ofProduct, chosenOptionCodes(options)).map((detail) => detail.name);
}

/** The latest layout of each line and detail. */
function latestLayouts(layouts: readonly CartViewLayout[]): Map<string, CartViewLayout> {
  return latestBy(layouts, (row) => `${row.orderProductId}\u0000${row.detailName}`);
}

function layoutStatus(status: string): CartLayout["status"] {
  return (cartLayoutStatusValues as readonly string[]).includes(status) ? (status as CartLayout["status"]) : "uploaded";
}

/** The profile a line's detail is checked against (the line's format applied), as layout.service.ts checks it. */
function detailProfile(state: CartView, line: CartViewLine, detailName: string): PreflightProfile {
  const detail = state.details.find((row) => row.productId === line.productId && row.name === detailName);
  // The names come from these rows (requiredDetails), so a missing one is a bug, not a state.
  if (!detail) throw new Error(`No detail "${detailName}" of product ${line.productId}`);
  const format = line.options.format
    ? state.options.find((row) => row.productId === line.productId && row.group === "format" && row.code === line.options.format)
    : undefined;
  return layoutProfile(detail.profile, format, line.options);
}

/** The latest of some rows by id, per key. */
function latestBy<T extends { id: number }>(rows: readonly T[], key: (row: T) => string): Map<string, T> {
  const latest = new Map<string, T>();
  for (const row of rows) {
    const known = latest.get(key(row));
    if (!known || known.id < row.id) latest.set(key(row), row);
  }
  return latest;
}

/** The cart's figures and what keeps it from being ordered. */
export interface CartEvaluation {
  /** The lines' totals with the design orders of the in-order lines inside `totalKopecks` and `vatKopecks`. */
  totals: CartTotals;
  /** The in-order lines' live design orders, at the prices they were made with (not discounted by a promo code). */
  designKopecks: number;
  aggregate: CartAggregate;
  /** Per line id: the layout of each detail that needs one (undefined: missing). */
  layouts: Map<number, { detailName: string; layout: CartViewLayout | undefined }[]>;
  problems: CartProblem[];
  /** The moment the cart is seen at: its «Будет готово …» dates count from it. */
  now: Date;
}

export function evaluateCart(state: CartView, now: Date, temporary: boolean): CartEvaluation {
  const lineRows = state.lines.map((item) => item.line);
  const aggregate = cartAggregate(lineRows);
  const lineTotals = cartTotals({
    lines: state.lines.map(({ line, product }) => ({ priceKopecks: line.priceKopecks, inOrder: line.inOrder, categoryId: product.categoryId })),
    deliveries: state.deliveries,
    promocode: state.promocode,
    promocodeContext: state.promocodeContext,
    now,
    vatPercent: VAT_PERCENT,
  });
  // A design ordered from the shop is a service of its line: its price joins the total when the line is in the order.
  const inOrderIds = new Set(lineRows.filter((line) => line.inOrder).map((line) => line.id));
  const designKopecks = state.designs.reduce(
    (sum, design) => (design.orderProductId !== null && inOrderIds.has(design.orderProductId) ? sum + design.priceKopecks : sum),
    0,
  );
  const totalKopecks = lineTotals.totalKopecks + designKopecks;
  const totals: CartTotals = { ...lineTotals, totalKopecks, vatKopecks: vatIncludedKopecks(totalKopecks, VAT_PERCENT) };
  const latest = latestLayouts(state.layouts);
  // The detail's latest design order (the state holds no cancelled ones): until the client approves
  // the designer's layout (done) the line waits for it; once done, that layout is the detail's and
  // is judged like any other.
  const designs = latestBy(
    state.designs.filter((design) => design.orderProductId !== null),
    (design) => `${design.orderProductId}\u0000${design.detailName}`,
  );
  const layouts = new Map<number, { detailName: string; layout: CartViewLayout | undefined }[]>();
  const problems: CartProblem[] = [];
  if (temporary) problems.push({ code: "SIGN_IN_REQUIRED", messageUI: "Войдите в систему, чтобы оформить заказ" });
  if (aggregate.inOrderCount === 0) problems.push({ code: "NO_LINES_IN_ORDER", messageUI: "Отметьте для заказа хотя бы один товар" });

  for (const { line, product } of state.lines) {
    const perDetail = requiredDetails(state.details, line.productId, line.options).map((detailName) => ({
      detailName,
      layout: latest.get(`${line.id}\u0000${detailName}`),
    }));
    layouts.set(line.id, perDetail);
    if (!line.inOrder) continue;
    if (product.archived) {
      problems.push({ code: "PRODUCT_ARCHIVED", messageUI: `«${product.name}» больше не продаётся: удалите его из корзины или снимите отметку «В заказ»` });
      continue;
    }
    for (const { detailName, layout } of perDetail) {
      const design = designs.get(`${line.id}\u0000${detailName}`);
      if (design && design.status !== "done") {
        problems.push({
          code: "DESIGN_NOT_APPROVED",
          messageUI:
            design.status === "waiting_client"
              ? `Дизайнер прислал макет «${detailName}» для «${product.name}» — посмотрите и утвердите его`
              : `Макет «${detailName}» для «${product.name}» делает дизайнер: заказ можно оформить, когда вы утвердите макет`,
        });
      } else if (!layout) {
        problems.push({ code: "LAYOUT_MISSING", messageUI: `Загрузите макет «${detailName}» для «${product.name}»` });
      } else if (layout.status === "failed" && layout.approvedAt === null) {
        // Only a verdict blocks (findings, or an unprintable file): a check that could not finish
        // (status error: too slow, too complex) sends the file to the prepress specialist, and the order goes on.
        problems.push({
          code: "LAYOUT_FAILED",
          messageUI: `Макет «${detailName}» для «${product.name}» не прошёл проверку: загрузите исправленный или подтвердите его как есть`,
        });
      }
    }
  }

  if (state.deliveries.length === 0) {
    problems.push({ code: "NO_DELIVERY", messageUI: "Выберите способ доставки" });
  } else if (aggregate.inOrderCount > 0 && state.deliveries.some((item) => item.weightGrams !== aggregate.weightGrams)) {
    problems.push({ code: "DELIVERY_OUTDATED", messageUI: "Состав заказа изменился, а доставку не удалось пересчитать: выберите доставку заново" });
  }
  return { totals, designKopecks, aggregate, layouts, problems, now };
}

function toLineOptions(options: ChosenOptions): CartLineOptions {
  return {
    ...(options.format === undefined ? {} : { format: options.format }),
    ...(options.paper === undefined ? {} : { paper: options.paper }),
    ...(options.colors === undefined ? {} : { colors: options.colors }),
    ...(options.finishing === undefined ? {} : { finishing: [...options.finishing] }),
    ...(options.widthMm === undefined || options.heightMm === undefined ? {} : { widthMm: options.widthMm, heightMm: options.heightMm }),
  };
}

/** The chosen options with their names, in the product's order; a code the product dropped keeps its code as the name. */
function toOptionLabels(all: readonly CartViewOption[], productId: number, options: ChosenOptions): CartLineOption[] {
  const own = all.filter((option) => option.productId === productId);
  const chosen: { group: CartLineOption["group"]; code: string }[] = [
    ...(["format", "paper", "colors"] as const).flatMap((group) => {
      const code = options[group];
      return code === undefined ? [] : [{ group, code }];
    }),
    ...(options.finishing ?? []).map((code) => ({ group: "finishing" as const, code })),
  ];
  const labels: CartLineOption[] = chosen.map(({ group, code }) => {
    const known = own.find((option) => option.group === group && option.code === code);
    return { group, code, label: known?.label ?? code };
  });
  const size = lineSizeOf(options);
  return size === null ? labels : [{ group: "size", code: `${size.widthMm}x${size.heightMm}`, label: `Размер ${sizeLabel(size)}` }, ...labels];
}

/** `offered`: the shop's payment types (OTTISK_PAYMENTS); the cart lists those its profile may use. */
export function toCart(state: CartView, evaluation: CartEvaluation, publicOrigin: string, offered: readonly PaymentType[] = paymentTypeValues): Cart {
  const { cart, promocode } = state;
  const { totals, aggregate } = evaluation;
  const fileNames = new Map(state.layoutFiles.map((file) => [file.id, file.originalName]));
  const latestCheck = latestBy(state.checks, (check) => String(check.layoutId));
  const latestDesign = latestBy(
    state.designs.filter((design) => design.orderProductId !== null),
    (design) => `${design.orderProductId}\u0000${design.detailName}`,
  );
  const toLayout = (line: CartViewLine, detailName: string, layout: CartViewLayout | undefined): CartLayout => {
    const design = latestDesign.get(`${line.id}\u0000${detailName}`);
    const common = {
      detailName,
      profile: detailProfile(state, line, detailName),
      design: design
        ? {
            designId: design.id,
            status: designStatusOf(design.status),
            comment: design.comment,
            annotatedFileId: design.annotatedFileId,
            annotatedFileUrl: design.annotatedFileId === null ? null : privateFileUrl(publicOrigin, design.annotatedFileId),
            price: kopecksToRoubles(design.priceKopecks),
            dueDate: design.dueDate,
          }
        : null,
    };
    if (!layout) return { ...common, status: "missing", layoutId: null, fileUrl: null, fileName: null, pitstopDesignId: null, findings: null, approvedAt: null };
    return {
      ...common,
      status: layoutStatus(layout.status),
      layoutId: layout.id,
      fileUrl: privateFileUrl(publicOrigin, layout.fileId),
      fileName: fileNames.get(layout.fileId) ?? null,
      pitstopDesignId: latestCheck.get(String(layout.id))?.id ?? null,
      findings: findingsOf(layout.findings ?? null),
      approvedAt: layout.approvedAt?.toISOString() ?? null,
    };
  };
  // Lines share a few production times; each «Будет готово» date is worked out once (the calendar walk is a large part of toCart).
  const readyDates = new Map<number, string>();
  const readyOn = (days: number): string => {
    let day = readyDates.get(days);
    if (day === undefined) {
      day = readyDate(evaluation.now, days);
      readyDates.set(days, day);
    }
    return day;
  };
  const orderProduct: CartLine[] = state.lines.map(({ line, product }) => ({
    id: line.id,
    product: {
      id: product.id,
      name: product.name,
      photoUrl: product.photoPaths[0] === undefined ? null : publicFileUrl(publicOrigin, product.photoPaths[0]),
      category: { slug: product.categorySlug },
    },
    options: toLineOptions(line.options),
    optionLabels: toOptionLabels(state.options, line.productId, line.options),
    quantity: line.quantity,
    isUrgent: line.isUrgent,
    unitPrice: kopecksToRoubles(line.unitPriceKopecks),
    price: kopecksToRoubles(line.priceKopecks),
    weightGrams: line.weightGrams,
    productionTimeDay: line.productionTimeDay,
    readyDate: readyOn(line.productionTimeDay),
    inOrder: line.inOrder,
    productArchived: product.archived,
    repeatOfId: line.repeatOfId,
    layouts: (evaluation.layouts.get(line.id) ?? []).map(({ detailName, layout }) => toLayout(line, detailName, layout)),
  }));
  return {
    id: cart.id,
    clientId: cart.accountId,
    companyId: cart.companyId,
    companyName: state.owner.companyName,
    otherCarts: state.owner.otherCarts,
    version: cart.version,
    orderProduct,
    deliveries: state.deliveries.map((item) => ({
      id: item.id,
      deliveryType: item.deliveryType as Cart["deliveries"][number]["deliveryType"],
      cityKladrId: item.cityKladrId,
      deliveryMethod: item.deliveryMethod as Cart["deliveries"][number]["deliveryMethod"],
      address: item.address,
      recipientId: item.recipientId,
      tariffCode: item.tariffCode,
      pickupPointCode: item.pickupPointCode,
      price: kopecksToRoubles(item.priceKopecks),
      deliveryDate: item.deliveryDate,
      upToDate: aggregate.inOrderCount === 0 || item.weightGrams === aggregate.weightGrams,
    })),
    promocode: promocode
      ? {
          code: promocode.code,
          kind: promocode.kind,
          value: promocode.kind === "percent" ? promocode.value : kopecksToRoubles(promocode.value),
          discount: kopecksToRoubles(totals.discountKopecks),
          problem: totals.promocodeProblem?.messageUI ?? null,
        }
      : null,
    comment: cart.comment,
    paymentType: cart.paymentType as Cart["paymentType"],
    paymentTypes: [...paymentTypesFor(cart.companyId, offered)],
    totals: {
      items: kopecksToRoubles(totals.itemsKopecks),
      discount: kopecksToRoubles(totals.discountKopecks),
      delivery: kopecksToRoubles(totals.deliveryKopecks),
      design: kopecksToRoubles(evaluation.designKopecks),
      total: kopecksToRoubles(totals.totalKopecks),
      vat: kopecksToRoubles(totals.vatKopecks),
      vatPercent: VAT_PERCENT,
      inOrderCount: aggregate.inOrderCount,
      weightGrams: aggregate.weightGrams,
      productionTimeDay: aggregate.productionTimeDay,
      readyDate: aggregate.inOrderCount === 0 ? null : readyOn(aggregate.productionTimeDay),
    },
    readyToOrder: evaluation.problems.length === 0,
    problems: evaluation.problems,
    updatedAt: cart.updatedAt.toISOString(),
  };
}

/** The cart of someone who has none yet (or an anonymous visitor): nothing is written to show it. */
export function emptyCart(
  clientId: number | null,
  companyId: number | null,
  temporary: boolean,
  owner: CartOwnerView = { companyName: null, otherCarts: [] },
  offered: readonly PaymentType[] = paymentTypeValues,
): Cart {
  const problems: CartProblem[] = [
    ...(temporary ? [{ code: "SIGN_IN_REQUIRED" as const, messageUI: "Войдите в систему, чтобы оформить заказ" }] : []),
    { code: "NO_LINES_IN_ORDER", messageUI: "Отметьте для заказа хотя бы один товар" },
    { code: "NO_DELIVERY", messageUI: "Выберите способ доставки" },
  ];
  return {
    id: null,
    clientId,
    companyId,
    companyName: owner.companyName,
    otherCarts: owner.otherCarts,
    version: 0,
    orderProduct: [],
    deliveries: [],
    promocode: null,
    comment: "",
    paymentType: null,
    paymentTypes: [...paymentTypesFor(companyId, offered)],
    totals: { items: 0, discount: 0, delivery: 0, design: 0, total: 0, vat: 0, vatPercent: VAT_PERCENT, inOrderCount: 0, weightGrams: 0, productionTimeDay: 0, readyDate: null },
    readyToOrder: false,
    problems,
    updatedAt: null,
  };
}
