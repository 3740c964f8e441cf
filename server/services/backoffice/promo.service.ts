import { and, asc, count, desc, eq, inArray, ne } from "drizzle-orm";
import type {
  EmployeePickupPoint,
  EmployeePromocode,
  PickupPointCreate,
  PromocodeCreate,
} from "../../../shared/contracts/index";
import type { Database, DatabaseTransaction } from "../../db/client";
import { city, clientOrder, productCategory, promocode, selfPickupPoint } from "../../db/schema";
import type { PromocodeRow } from "../../db/schema";
import type { Viewer } from "../accounts/session.service";
import { ShopError } from "../shop-error";
import { auditActorOf, recordAudit } from "./audit";

/*
 * The back office's promocodes and self-pickup points (issue 29, role `manager`; see
 * server/docs/back-office-promo.md). Each write is one transaction that locks the row it changes,
 * checks what it names (the categories, the city), writes, and records the audit entry. The cart's
 * rules over these fields are in shared/domain/cart-totals.ts and services/cart/promocode-use.ts.
 * The self-pickup list is read from the database on every call (no cache holds it), so a change is
 * offered — or, for a closed point, no longer offered — by the cart at once on every node.
 */

type PickupPointRow = typeof selfPickupPoint.$inferSelect;

export interface BackOfficePromo {
  listPromocodes(): Promise<EmployeePromocode[]>;
  getPromocode(id: number): Promise<EmployeePromocode>;
  createPromocode(viewer: Viewer, input: PromocodeCreate): Promise<EmployeePromocode>;
  updatePromocode(viewer: Viewer, id: number, input: PromocodeCreate): Promise<EmployeePromocode>;
  listPickupPoints(): Promise<EmployeePickupPoint[]>;
  getPickupPoint(id: number): Promise<EmployeePickupPoint>;
  createPickupPoint(viewer: Viewer, input: PickupPointCreate): Promise<EmployeePickupPoint>;
  updatePickupPoint(viewer: Viewer, id: number, input: PickupPointCreate): Promise<EmployeePickupPoint>;
}

const promocodeNotFound = (id: number) =>
  new ShopError({ statusCode: 404, code: "PROMOCODE_NOT_FOUND", messageUI: "Промокод не найден", message: `No promocode ${id}` });
const pickupPointNotFound = (id: number) =>
  new ShopError({ statusCode: 404, code: "PICKUP_POINT_NOT_FOUND", messageUI: "Пункт самовывоза не найден", message: `No self-pickup point ${id}` });
const codeTaken = (code: string) =>
  new ShopError({
    statusCode: 409,
    code: "PROMOCODE_CODE_TAKEN",
    messageUI: `Промокод ${code} уже есть: придумайте другой код`,
    message: `Promocode ${code} exists`,
    issues: [{ field: "code", messageUI: `Промокод ${code} уже есть: придумайте другой код` }],
  });

/** PostgreSQL's unique_violation, however the driver wraps it. */
function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as Error & { code?: unknown }).code === "23505") return true;
  }
  return false;
}

const toKopecks = (roubles: number) => Math.round(roubles * 100);
const toRoubles = (kopecks: number) => kopecks / 100;

/** The row's fields as the back office shows them (and the audit records them). */
function promocodeFieldsOf(row: PromocodeRow): Omit<EmployeePromocode, "id" | "usedCount" | "updatedAt"> {
  return {
    code: row.code,
    kind: row.kind,
    value: row.kind === "percent" ? row.value : toRoubles(row.value),
    minOrderSum: toRoubles(row.minSumKopecks),
    validFrom: row.validFrom?.toISOString() ?? null,
    validTo: row.expiresAt?.toISOString() ?? null,
    usageLimitTotal: row.usageLimitTotal,
    usageLimitPerClient: row.usageLimitPerClient,
    categoryIds: [...row.categoryIds],
    active: row.active,
    description: row.description,
  };
}

function promocodeValues(input: PromocodeCreate) {
  return {
    code: input.code,
    kind: input.kind,
    value: input.kind === "percent" ? input.value : toKopecks(input.value),
    minSumKopecks: toKopecks(input.minOrderSum),
    validFrom: input.validFrom === null ? null : new Date(input.validFrom),
    expiresAt: input.validTo === null ? null : new Date(input.validTo),
    usageLimitTotal: input.usageLimitTotal,
    usageLimitPerClient: input.usageLimitPerClient,
    categoryIds: [...new Set(input.categoryIds)].sort((a, b) => a - b),
    active: input.active,
    description: input.description,
  };
}

function pickupFieldsOf(row: PickupPointRow): Omit<EmployeePickupPoint, "id" | "cityName" | "createdAt"> {
  return {
    name: row.name,
    cityKladrId: row.cityKladrId,
    address: row.address,
    operatingMode: row.operatingMode,
    geoLat: row.geoLat,
    geoLon: row.geoLon,
    phone: row.phone,
    active: row.active,
  };
}

/** The PUT's own fields only: the read-only ones a Get answer carries are dropped. */
function pickupValues(input: PickupPointCreate) {
  return {
    name: input.name,
    cityKladrId: input.cityKladrId,
    address: input.address,
    operatingMode: input.operatingMode,
    geoLat: input.geoLat,
    geoLon: input.geoLon,
    phone: input.phone,
    active: input.active,
  };
}

export function createBackOfficePromo(db: Database): BackOfficePromo {
  async function usedCounts(ids: readonly number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: clientOrder.promocodeId, used: count() })
      .from(clientOrder)
      .where(and(inArray(clientOrder.promocodeId, [...ids]), ne(clientOrder.status, "cancelled")))
      .groupBy(clientOrder.promocodeId);
    return new Map(rows.flatMap((row) => (row.id === null ? [] : [[row.id, row.used] as const])));
  }

  async function toPromocodes(rows: readonly PromocodeRow[]): Promise<EmployeePromocode[]> {
    const used = await usedCounts(rows.map((row) => row.id));
    return rows.map((row) => ({ id: row.id, ...promocodeFieldsOf(row), usedCount: used.get(row.id) ?? 0, updatedAt: row.updatedAt.toISOString() }));
  }

  async function checkCategories(tx: DatabaseTransaction, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const found = await tx.select({ id: productCategory.id }).from(productCategory).where(inArray(productCategory.id, [...ids]));
    const missing = ids.filter((id) => !found.some((row) => row.id === id));
    if (missing.length > 0) {
      const messageUI = `Нет категорий с номерами ${missing.join(", ")}: выберите категории из списка`;
      throw new ShopError({ statusCode: 400, code: "PROMOCODE_CATEGORY_UNKNOWN", messageUI, message: `Unknown categories ${missing.join(",")}`, issues: [{ field: "categoryIds", messageUI }] });
    }
  }

  async function checkCodeFree(tx: DatabaseTransaction, code: string, exceptId: number | null): Promise<void> {
    const [other] = await tx
      .select({ id: promocode.id })
      .from(promocode)
      .where(exceptId === null ? eq(promocode.code, code) : and(eq(promocode.code, code), ne(promocode.id, exceptId)))
      .limit(1);
    if (other) throw codeTaken(code);
  }

  async function checkCity(tx: DatabaseTransaction, kladrId: string): Promise<void> {
    const [known] = await tx.select({ kladrId: city.kladrId }).from(city).where(eq(city.kladrId, kladrId)).limit(1);
    if (!known) {
      const messageUI = `Город с кодом КЛАДР ${kladrId} магазину не известен: выберите город из списка`;
      throw new ShopError({ statusCode: 400, code: "CITY_UNKNOWN", messageUI, message: `Unknown city ${kladrId}`, issues: [{ field: "cityKladrId", messageUI }] });
    }
  }

  async function writePromocode(write: () => Promise<number>, code: string): Promise<number> {
    try {
      return await write();
    } catch (error) {
      // Two employees saving one new code at once: the second meets the unique index.
      if (isUniqueViolation(error)) throw codeTaken(code);
      throw error;
    }
  }

  async function pickupPoints(id: number | null): Promise<EmployeePickupPoint[]> {
    const rows = await db
      .select({ point: selfPickupPoint, cityName: city.city })
      .from(selfPickupPoint)
      .innerJoin(city, eq(city.kladrId, selfPickupPoint.cityKladrId))
      .where(id === null ? undefined : eq(selfPickupPoint.id, id))
      .orderBy(asc(city.city), asc(selfPickupPoint.id));
    return rows.map(({ point, cityName }) => ({ id: point.id, ...pickupFieldsOf(point), cityName, createdAt: point.createdAt.toISOString() }));
  }

  const service: BackOfficePromo = {
    async listPromocodes() {
      return toPromocodes(await db.select().from(promocode).orderBy(desc(promocode.id)));
    },

    async getPromocode(id) {
      const [row] = await db.select().from(promocode).where(eq(promocode.id, id)).limit(1);
      if (!row) throw promocodeNotFound(id);
      const [answer] = await toPromocodes([row]);
      if (!answer) throw promocodeNotFound(id);
      return answer;
    },

    async createPromocode(viewer, input) {
      const id = await writePromocode(
        () =>
          db.transaction(async (tx) => {
            await checkCategories(tx, input.categoryIds);
            await checkCodeFree(tx, input.code, null);
            const [created] = await tx.insert(promocode).values(promocodeValues(input)).returning();
            if (!created) throw new Error("The promocode was not inserted");
            await recordAudit(tx, auditActorOf(viewer), { objectType: "promocode", objectId: created.id, action: "create", before: null, after: promocodeFieldsOf(created) });
            return created.id;
          }),
        input.code,
      );
      return service.getPromocode(id);
    },

    async updatePromocode(viewer, id, input) {
      await writePromocode(
        () =>
          db.transaction(async (tx) => {
            const [before] = await tx.select().from(promocode).where(eq(promocode.id, id)).for("update");
            if (!before) throw promocodeNotFound(id);
            await checkCategories(tx, input.categoryIds);
            await checkCodeFree(tx, input.code, id);
            const values = promocodeValues(input);
            const [after] = await tx
              .update(promocode)
              .set({ ...values, updatedAt: new Date() })
              .where(eq(promocode.id, id))
              .returning();
            if (!after) throw promocodeNotFound(id);
            await recordAudit(tx, auditActorOf(viewer), { objectType: "promocode", objectId: id, action: "update", before: promocodeFieldsOf(before), after: promocodeFieldsOf(after) });
            return id;
          }),
        input.code,
      );
      return service.getPromocode(id);
    },

    listPickupPoints: () => pickupPoints(null),

    async getPickupPoint(id) {
      const [point] = await pickupPoints(id);
      if (!point) throw pickupPointNotFound(id);
      return point;
    },

    async createPickupPoint(viewer, input) {
      const id = await db.transaction(async (tx) => {
        await checkCity(tx, input.cityKladrId);
        const [created] = await tx.insert(selfPickupPoint).values(pickupValues(input)).returning();
        if (!created) throw new Error("The self-pickup point was not inserted");
        await recordAudit(tx, auditActorOf(viewer), { objectType: "pickup-point", objectId: created.id, action: "create", before: null, after: pickupFieldsOf(created) });
        return created.id;
      });
      return service.getPickupPoint(id);
    },

    async updatePickupPoint(viewer, id, input) {
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(selfPickupPoint).where(eq(selfPickupPoint.id, id)).for("update");
        if (!before) throw pickupPointNotFound(id);
        await checkCity(tx, input.cityKladrId);
        const [after] = await tx.update(selfPickupPoint).set(pickupValues(input)).where(eq(selfPickupPoint.id, id)).returning();
        if (!after) throw pickupPointNotFound(id);
        await recordAudit(tx, auditActorOf(viewer), { objectType: "pickup-point", objectId: id, action: "update", before: pickupFieldsOf(before), after: pickupFieldsOf(after) });
      });
      return service.getPickupPoint(id);
    },
  };
  return service;
}
