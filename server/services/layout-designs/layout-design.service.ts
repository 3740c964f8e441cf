import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, exists, inArray, notExists, or, sql } from "drizzle-orm";
import { DESIGN_DOCUMENT_MAX_BYTES } from "../../../shared/contracts/index";
import type { DesignDocument, LayoutDesign, LayoutDesignCreateRequest, LayoutDesignDeleted, LayoutDesignList, LayoutDesignUpdateRequest } from "../../../shared/contracts/index";
import type { Database, DatabaseTransaction } from "../../db/client";
import { account } from "../../db/accounts.schema";
import { product } from "../../db/catalog.schema";
import { productDetail } from "../../db/catalog-options.schema";
import { layoutDesign, layoutDesignImage } from "../../db/layout-designs.schema";
import type { LayoutDesignQuota, LayoutDesignQuotas } from "../../limits";
import { ShopError } from "../shop-error";
import { layoutDesignListItemOf, layoutDesignOf } from "./layout-design.mapper";

/*
 * Saved designs («Мои макеты», issue 32). A design belongs to the account the session is — a
 * visitor's temporary one too, and the client an employee acts for in client mode — and only that
 * account reads, changes or deletes it: another's id answers 404, as if it did not exist. Each save
 * is checked beyond the contract (which already checks the fonts and every value's range): its JSON
 * size, the product (it exists, is sold and takes layouts), the trim size (one of the product's
 * detail profiles, within its tolerance, either orientation, as the preflight's size check), the
 * number of sides (at most the product's details), the element ids (unique on their side) and the
 * pictures (each one this account uploaded, with the pixel size it has). The number of designs an
 * account keeps has a quota (limits.ts).
 */

/** Whose designs: the account, and whether it is a visitor's temporary one (whose quota is smaller). */
export interface DesignOwner {
  accountId: number;
  temporary: boolean;
}

export interface LayoutDesignService {
  list(owner: DesignOwner): Promise<LayoutDesignList>;
  get(owner: DesignOwner, id: string): Promise<LayoutDesign>;
  create(owner: DesignOwner, input: LayoutDesignCreateRequest): Promise<LayoutDesign>;
  update(owner: DesignOwner, id: string, input: LayoutDesignUpdateRequest): Promise<LayoutDesign>;
  remove(owner: DesignOwner, id: string): Promise<LayoutDesignDeleted>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const designNotFound = () => new ShopError({ statusCode: 404, code: "LAYOUT_DESIGN_NOT_FOUND", messageUI: "Макет не найден", message: "No such design, or not the caller's" });

const bad = (code: string, messageUI: string, message: string) => new ShopError({ statusCode: 400, code, messageUI, message });

/** «90×50», «85,5×55». */
const mmText = (value: number) => String(Math.round(value * 100) / 100).replace(".", ",");
const sizeText = (size: readonly [number, number]) => `${mmText(size[0])}×${mmText(size[1])}`;

/** The design's JSON within DESIGN_DOCUMENT_MAX_BYTES (the body limit lets larger ones reach here); else 413. */
export function assertDocumentSize(document: DesignDocument): void {
  const bytes = Buffer.byteLength(JSON.stringify(document), "utf8");
  if (bytes > DESIGN_DOCUMENT_MAX_BYTES) {
    throw new ShopError({
      statusCode: 413,
      code: "LAYOUT_DESIGN_TOO_LARGE",
      messageUI: `Макет слишком большой (${Math.ceil(bytes / 1024)} КБ, можно до ${DESIGN_DOCUMENT_MAX_BYTES / 1024} КБ): уберите лишние элементы или сократите тексты`,
      message: `The design document is ${bytes} bytes (at most ${DESIGN_DOCUMENT_MAX_BYTES})`,
    });
  }
}

/** Each element's id once on its side (the editor addresses elements by it). */
function assertUniqueElementIds(document: DesignDocument): void {
  for (const [index, side] of document.sides.entries()) {
    const seen = new Set<string>();
    for (const element of side.elements) {
      if (seen.has(element.id)) {
        throw bad("LAYOUT_DESIGN_DUPLICATE_ELEMENT", `На стороне ${index + 1} два элемента с кодом «${element.id}»: у каждого элемента свой код`, `Element id ${element.id} twice on side ${index + 1}`);
      }
      seen.add(element.id);
    }
  }
}

/** The image sources of the document (id → pixel size), every side. */
function imageSourcesOf(document: DesignDocument): Map<string, { widthPx: number; heightPx: number }> {
  const sources = new Map<string, { widthPx: number; heightPx: number }>();
  for (const side of document.sides) {
    for (const element of side.elements) {
      if (element.kind === "image" && element.source) sources.set(element.source.id, { widthPx: element.source.widthPx, heightPx: element.source.heightPx });
    }
  }
  return sources;
}

export function createLayoutDesignService(db: Database, quotas: { visitor: LayoutDesignQuota; client: LayoutDesignQuota }): LayoutDesignService {
  const quotaOf = (owner: DesignOwner): LayoutDesignQuota => (owner.temporary ? quotas.visitor : quotas.client);

  /** The product takes this document: it is sold, has details, one of them of this trim size, and enough of them for its sides. */
  async function assertFitsProduct(productId: number, document: DesignDocument, changingProduct: boolean): Promise<void> {
    const [row] = await db.select({ hidden: product.hidden, archivedAt: product.archivedAt }).from(product).where(eq(product.id, productId));
    if (!row || (changingProduct && row.hidden)) {
      throw new ShopError({ statusCode: 404, code: "PRODUCT_NOT_FOUND", messageUI: "Товар не найден", message: `No product ${productId}` });
    }
    if (changingProduct && row.archivedAt !== null) {
      throw new ShopError({ statusCode: 410, code: "PRODUCT_ARCHIVED", messageUI: "Этот товар больше не продаётся", message: `Product ${productId} is archived` });
    }
    const details = await db.select({ profile: productDetail.profile }).from(productDetail).where(eq(productDetail.productId, productId)).orderBy(asc(productDetail.sortOrder), asc(productDetail.id));
    if (details.length === 0) {
      throw bad("PRODUCT_TAKES_NO_LAYOUT", "Для этого товара макет не нужен: конструктор для него не работает", `Product ${productId} has no details`);
    }
    const [width, height] = document.trimMm;
    const fits = details.some(({ profile }) => {
      const tolerance = profile.sizeToleranceMm + 1e-6;
      const near = (a: number, b: number) => Math.abs(a - profile.trimMm[0]) <= tolerance && Math.abs(b - profile.trimMm[1]) <= tolerance;
      return near(width, height) || near(height, width);
    });
    if (!fits) {
      const sizes = [...new Set(details.map(({ profile }) => sizeText(profile.trimMm)))].join(", ");
      throw bad("LAYOUT_DESIGN_WRONG_SIZE", `Размер макета ${sizeText(document.trimMm)} мм не подходит этому товару: нужен ${sizes} мм`, `Trim ${width}x${height} is none of product ${productId}'s details`);
    }
    if (document.sides.length > details.length) {
      const most = details.length;
      throw bad(
        "LAYOUT_DESIGN_TOO_MANY_SIDES",
        `У этого товара ${most === 1 ? "одна сторона" : `не больше ${most} сторон`}: уберите лишнюю сторону макета`,
        `${document.sides.length} sides for a product of ${most} details`,
      );
    }
  }

  /** Every picture of the document is one the owner uploaded, with the pixel size it really has. */
  async function assertOwnImages(owner: DesignOwner, document: DesignDocument): Promise<void> {
    const sources = imageSourcesOf(document);
    if (sources.size === 0) return;
    // The contract takes any 36 hex digits and hyphens; only a real UUID may reach the uuid column (else the database refuses the query).
    const ids = [...sources.keys()].filter((id) => UUID.test(id));
    const rows =
      ids.length === 0
        ? []
        : await db
            .select({ id: layoutDesignImage.id, widthPx: layoutDesignImage.widthPx, heightPx: layoutDesignImage.heightPx })
            .from(layoutDesignImage)
            .where(and(inArray(layoutDesignImage.id, ids), eq(layoutDesignImage.accountId, owner.accountId)));
    const owned = new Map(rows.map((row) => [row.id, row]));
    for (const [id, size] of sources) {
      const row = owned.get(id);
      if (!row) throw bad("LAYOUT_DESIGN_IMAGE_UNKNOWN", "Изображение в макете не найдено среди ваших загрузок: загрузите его ещё раз", `Image ${id} is not the account's`);
      if (row.widthPx !== size.widthPx || row.heightPx !== size.heightPx) {
        throw bad(
          "LAYOUT_DESIGN_IMAGE_SIZE",
          `Размер изображения в макете (${size.widthPx}×${size.heightPx} пикс.) не совпадает с загруженным (${row.widthPx}×${row.heightPx} пикс.): загрузите его ещё раз`,
          `Image ${id} is ${row.widthPx}x${row.heightPx}, the document says ${size.widthPx}x${size.heightPx}`,
        );
      }
    }
  }

  async function validate(owner: DesignOwner, productId: number, document: DesignDocument, changingProduct: boolean): Promise<void> {
    assertDocumentSize(document);
    assertUniqueElementIds(document);
    await assertFitsProduct(productId, document, changingProduct);
    await assertOwnImages(owner, document);
  }

  /** In `tx`, with the owner's row locked (saves of one account in turn): the quota still has room. */
  async function assertRoomForOne(tx: DatabaseTransaction, owner: DesignOwner): Promise<void> {
    await tx.select({ id: account.id }).from(account).where(eq(account.id, owner.accountId)).for("update");
    const [row] = await tx.select({ n: count() }).from(layoutDesign).where(eq(layoutDesign.accountId, owner.accountId));
    const quota = quotaOf(owner);
    if ((row?.n ?? 0) >= quota.designs) {
      const signIn = owner.temporary ? " или войдите в личный кабинет: у клиентов лимит больше" : "";
      throw new ShopError({
        statusCode: 413,
        code: "LAYOUT_DESIGN_QUOTA_EXCEEDED",
        messageUI: `Сохранено уже ${quota.designs} макетов — больше нельзя: удалите ненужные в «Мои макеты»${signIn}`,
        message: `Account ${owner.accountId} keeps ${row?.n ?? 0} designs (quota ${quota.designs})`,
      });
    }
  }

  async function ownRow(owner: DesignOwner, id: string) {
    const [row] = await db.select().from(layoutDesign).where(and(eq(layoutDesign.id, id), eq(layoutDesign.accountId, owner.accountId)));
    if (!row) throw designNotFound();
    return row;
  }

  return {
    async list(owner) {
      const rows = await db
        .select({ design: layoutDesign, productName: product.name })
        .from(layoutDesign)
        .innerJoin(product, eq(product.id, layoutDesign.productId))
        .where(eq(layoutDesign.accountId, owner.accountId))
        .orderBy(desc(layoutDesign.updatedAt), desc(layoutDesign.createdAt));
      return { designs: rows.map((row) => layoutDesignListItemOf(row.design, row.productName)) };
    },

    async get(owner, id) {
      return layoutDesignOf(await ownRow(owner, id));
    },

    async create(owner, input) {
      await validate(owner, input.productId, input.document, true);
      const row = await db.transaction(async (tx) => {
        await assertRoomForOne(tx, owner);
        const [created] = await tx
          .insert(layoutDesign)
          .values({ id: randomUUID(), accountId: owner.accountId, productId: input.productId, name: input.name, document: input.document })
          .returning();
        if (!created) throw new Error("layout_design insert returned nothing");
        return created;
      });
      return layoutDesignOf(row);
    },

    async update(owner, id, input) {
      const current = await ownRow(owner, id);
      await validate(owner, input.productId, input.document, input.productId !== current.productId);
      const [updated] = await db
        .update(layoutDesign)
        .set({ name: input.name, productId: input.productId, document: input.document, version: sql`${layoutDesign.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(layoutDesign.id, id), eq(layoutDesign.accountId, owner.accountId), eq(layoutDesign.version, input.version)))
        .returning();
      if (updated) return layoutDesignOf(updated);
      const [still] = await db.select({ version: layoutDesign.version }).from(layoutDesign).where(and(eq(layoutDesign.id, id), eq(layoutDesign.accountId, owner.accountId)));
      if (!still) throw designNotFound();
      throw new ShopError({
        statusCode: 409,
        code: "LAYOUT_DESIGN_CHANGED",
        messageUI: "Этот макет уже сохранили в другой вкладке или на другом устройстве. Откройте его заново из «Мои макеты», чтобы не затереть те изменения",
        message: `Design ${id} is at version ${still.version}, the save was made from ${input.version}`,
      });
    },

    async remove(owner, id) {
      const gone = await db.delete(layoutDesign).where(and(eq(layoutDesign.id, id), eq(layoutDesign.accountId, owner.accountId))).returning({ id: layoutDesign.id });
      if (gone.length === 0) throw designNotFound();
      return { id, deleted: true };
    },
  };
}

/**
 * A visitor's designs and their pictures follow them into the account they sign in to or register
 * (with the cart, in the caller's transaction: services/accounts/account.service.ts
 * adoptTemporaryAccount). A shopper under the client's quota keeps everything the visitor made, even
 * when that takes the account past its quota (new saves are then refused until some go). What bounds
 * the move: it never takes an account more than one visitor's quota past the client's, so signing in
 * again and again from fresh visitors cannot grow one account without end; designs beyond that (the
 * oldest first) stay with the visitor's account and go with it. The pictures that go are those the
 * moved designs use and those no design of the visitor uses (an editor's unsaved work); the others
 * lose their account and the sweep removes them.
 */
export async function moveVisitorDesigns(tx: DatabaseTransaction, temporaryId: number, accountId: number, quotas: LayoutDesignQuotas): Promise<void> {
  // Moves into one account in turn, as its saves (assertRoomForOne).
  await tx.select({ id: account.id }).from(account).where(eq(account.id, accountId)).for("update");
  const [kept] = await tx.select({ n: count() }).from(layoutDesign).where(eq(layoutDesign.accountId, accountId));
  const room = Math.max(0, quotas.client.designs + quotas.visitor.designs - (kept?.n ?? 0));
  const moving = room === 0 ? [] : await tx.select({ id: layoutDesign.id }).from(layoutDesign).where(eq(layoutDesign.accountId, temporaryId)).orderBy(desc(layoutDesign.updatedAt)).limit(room);
  if (moving.length > 0) await tx.update(layoutDesign).set({ accountId }).where(inArray(layoutDesign.id, moving.map((row) => row.id)));
  const usedBy = (owner: number) =>
    sql`(SELECT 1 FROM ${layoutDesign} WHERE ${layoutDesign.accountId} = ${owner} AND strpos(${layoutDesign.document}::text, ${layoutDesignImage.id}::text) > 0)`;
  await tx
    .update(layoutDesignImage)
    .set({ accountId })
    .where(and(eq(layoutDesignImage.accountId, temporaryId), or(exists(usedBy(accountId)), notExists(usedBy(temporaryId)))));
}
