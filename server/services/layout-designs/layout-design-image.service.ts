import { randomUUID } from "node:crypto";
import { and, eq, isNull, lt, notExists, sql } from "drizzle-orm";
import { LAYOUT_DESIGN_IMAGE_MAX_PX } from "../../../shared/contracts/index";
import type { LayoutDesignImage } from "../../../shared/contracts/index";
import type { Database } from "../../db/client";
import { layoutDesign, layoutDesignImage } from "../../db/layout-designs.schema";
import type { LayoutDesignImageRow } from "../../db/layout-designs.schema";
import type { LayoutDesignQuota } from "../../limits";
import type { FileStorage, StoredObject } from "../../storage/file-storage";
import type { UploadedPart } from "../files/file.service";
import { ShopError } from "../shop-error";
import { readImageHeader } from "./image-size";
import type { DesignOwner } from "./layout-design.service";
import { layoutDesignImageOf } from "./layout-design.mapper";

/*
 * The layout designer's pictures (issue 32): a JPEG or PNG an account uploads for its designs,
 * judged by its bytes (never its name or declared type), its pixel size read from its header,
 * streamed to the private file storage (routes/files/multipart.ts writes it to disk as it arrives;
 * storing it is a rename or a streamed copy to the bucket), one row per picture. Only the owner
 * reads it back (GET /api/layout-design-images/{id}); another account's id is a 404. The bytes an
 * account keeps have a quota (limits.ts); when a new picture does not fit, the account's pictures
 * that no design of its own uses and that are older than a day are collected first. The rows of an
 * account that is gone (an abandoned visitor's) lose their owner and are swept with their bytes.
 */

const MB = 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface LayoutDesignImageService {
  /** Before the body is read: the bytes the owner may still store (413 when none is left), and its quota. */
  admit(owner: DesignOwner): Promise<{ roomBytes: number; quotaBytes: number }>;
  /** The upload, judged and stored: 400 for anything but a PNG or JPEG, 413 past the pixel limit or the quota. */
  store(owner: DesignOwner, file: UploadedPart): Promise<LayoutDesignImage>;
  /** The picture's bytes as a stream for its owner; 404 for anyone else or when the bytes are gone. */
  open(owner: DesignOwner, id: string): Promise<{ image: LayoutDesignImageRow; object: StoredObject }>;
  /** The bytes an account's pictures take. */
  storedBytesOf(accountId: number): Promise<number>;
  /** Removes the pictures whose account is gone (rows, then bytes); answers how many went. */
  sweepOwnerless(): Promise<number>;
}

export const imageNotFound = () => new ShopError({ statusCode: 404, code: "LAYOUT_DESIGN_IMAGE_NOT_FOUND", messageUI: "Изображение не найдено", message: "No such picture, or not the caller's" });

/** The picture quota's refusal: 413 with what is kept and what may be. */
export function imageQuotaExceeded(owner: DesignOwner, quotaBytes: number): ShopError {
  const signIn = owner.temporary ? " или войдите в личный кабинет: у клиентов лимит больше" : "";
  return new ShopError({
    statusCode: 413,
    code: "LAYOUT_DESIGN_IMAGES_QUOTA_EXCEEDED",
    messageUI: `Изображения ваших макетов заняли всё отведённое место (${Math.round(quotaBytes / MB)} МБ): удалите макеты, которые больше не нужны${signIn}`,
    message: `Account ${owner.accountId} would pass its ${quotaBytes} bytes of designer pictures`,
  });
}

/** No design of the picture's own account names it (the document's JSON text holds the id). */
const unused = () =>
  notExists(
    sql`(SELECT 1 FROM ${layoutDesign} WHERE ${layoutDesign.accountId} = ${layoutDesignImage.accountId} AND strpos(${layoutDesign.document}::text, ${layoutDesignImage.id}::text) > 0)`,
  );

export function createLayoutDesignImageService(
  db: Database,
  storage: FileStorage,
  quotas: { visitor: LayoutDesignQuota; client: LayoutDesignQuota },
  onError: (error: unknown) => void = () => undefined,
): LayoutDesignImageService {
  const quotaOf = (owner: DesignOwner): LayoutDesignQuota => (owner.temporary ? quotas.visitor : quotas.client);

  async function storedBytesOf(accountId: number): Promise<number> {
    const [row] = await db
      .select({ bytes: sql<string | null>`sum(${layoutDesignImage.sizeBytes})` })
      .from(layoutDesignImage)
      .where(eq(layoutDesignImage.accountId, accountId));
    return Number(row?.bytes ?? 0);
  }

  /** The room left for `needed` more bytes, after collecting the owner's unused day-old pictures when it is short. */
  async function roomOf(owner: DesignOwner, needed: number): Promise<{ roomBytes: number; quotaBytes: number }> {
    const quotaBytes = quotaOf(owner).imageBytes;
    let used = await storedBytesOf(owner.accountId);
    if (used + needed > quotaBytes) {
      const gone = await db
        .delete(layoutDesignImage)
        .where(and(eq(layoutDesignImage.accountId, owner.accountId), lt(layoutDesignImage.createdAt, new Date(Date.now() - DAY_MS)), unused()))
        .returning({ storageKey: layoutDesignImage.storageKey });
      if (gone.length > 0) {
        await Promise.all(gone.map((row) => storage.remove(row.storageKey).catch(onError)));
        used = await storedBytesOf(owner.accountId);
      }
    }
    return { roomBytes: Math.max(0, quotaBytes - used), quotaBytes };
  }

  return {
    storedBytesOf,

    async admit(owner) {
      const room = await roomOf(owner, 1);
      if (room.roomBytes <= 0) throw imageQuotaExceeded(owner, room.quotaBytes);
      return room;
    },

    async store(owner, file) {
      const header = await readImageHeader(file.path, file.ends);
      if (!header) {
        throw new ShopError({
          statusCode: 400,
          code: "UNSUPPORTED_IMAGE_TYPE",
          messageUI: "Загрузите изображение в формате JPEG или PNG",
          message: "The designer's picture is neither a readable PNG nor JPEG",
        });
      }
      if (header.widthPx > LAYOUT_DESIGN_IMAGE_MAX_PX || header.heightPx > LAYOUT_DESIGN_IMAGE_MAX_PX) {
        throw new ShopError({
          statusCode: 413,
          code: "IMAGE_TOO_MANY_PIXELS",
          messageUI: `Изображение ${header.widthPx}×${header.heightPx} пикселей слишком большое: не больше ${String(LAYOUT_DESIGN_IMAGE_MAX_PX).replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0")} пикселей по каждой стороне`,
          message: `The picture is ${header.widthPx}x${header.heightPx} px (at most ${LAYOUT_DESIGN_IMAGE_MAX_PX} a side)`,
        });
      }
      // Parallel uploads may have used the room while this one streamed.
      if ((await roomOf(owner, file.sizeBytes)).roomBytes < file.sizeBytes) throw imageQuotaExceeded(owner, quotaOf(owner).imageBytes);
      const id = randomUUID();
      const now = new Date();
      const storageKey = `design-images/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}/${id}${header.extension}`;
      await storage.putFile(storageKey, file.path, header.contentType, file.sha256);
      try {
        const [row] = await db
          .insert(layoutDesignImage)
          .values({ id, accountId: owner.accountId, storageKey, widthPx: header.widthPx, heightPx: header.heightPx, sizeBytes: file.sizeBytes, contentType: header.contentType })
          .returning();
        if (!row) throw new Error("layout_design_image insert returned nothing");
        return layoutDesignImageOf(row);
      } catch (error) {
        await storage.remove(storageKey).catch(onError);
        throw error;
      }
    },

    async open(owner, id) {
      const [image] = await db.select().from(layoutDesignImage).where(and(eq(layoutDesignImage.id, id), eq(layoutDesignImage.accountId, owner.accountId)));
      if (!image) throw imageNotFound();
      const object = await storage.open(image.storageKey);
      if (!object) throw imageNotFound();
      return { image, object };
    },

    async sweepOwnerless() {
      const gone = await db.delete(layoutDesignImage).where(isNull(layoutDesignImage.accountId)).returning({ storageKey: layoutDesignImage.storageKey });
      await Promise.all(gone.map((row) => storage.remove(row.storageKey).catch(onError)));
      return gone.length;
    },
  };
}
