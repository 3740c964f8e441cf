import { and, eq, inArray, isNull, lt, notExists, or, sql } from "drizzle-orm";
import { createHash, randomUUID } from "node:crypto";
import type { UploadedFile, WebsiteFile } from "../../../shared/contracts/index";
import type { SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { account } from "../../db/accounts.schema";
import { cart, orderProduct } from "../../db/cart.schema";
import { designOrder, layout } from "../../db/files.schema";
import { storedFile } from "../../db/stored-file.schema";
import type { StoredFileRow } from "../../db/stored-file.schema";
import { clientOrder } from "../../db/orders.schema";
import { publicFileUrl } from "../catalog/catalog.mapper";
import type { FileStorage } from "../../storage/file-storage";
import type { FileEnds } from "./file-sniff";
import { sniffPdf, sniffWebsiteFile } from "./file-sniff";
import type { Viewer } from "../accounts/session.service";
import { ShopError } from "../shop-error";

/*
 * Private files (layouts, invoices, annotated proofs): a `stored_file` row per file, the bytes in
 * the FileStorage under a random key. They are read through GET /api/file/{id}, which checks who
 * may see each one. Website files are public: they go to the public storage, served at /files/.
 */

export type StoredFileKind = "layout" | "invoice" | "annotation";

export type StoreFileInput = {
  /** Whose file it is: the client (also when an employee uploads in client mode); null for the shop's own. */
  ownerAccountId: number | null;
  kind: StoredFileKind;
  originalName: string;
  contentType: string;
} & ({ bytes: Uint8Array } | { upload: UploadedPart });

/**
 * An uploaded file as the multipart reader hands it over: streamed to a temporary file (never held
 * in memory), with its size, hash and first and last bytes taken on the way.
 */
export interface UploadedPart {
  fileName: string;
  /** The temporary file; storing moves it away, and the route removes it if it is still there. */
  path: string;
  sizeBytes: number;
  /** SHA-256, hex. */
  sha256: string;
  /** What content sniffing reads (file-sniff.ts). */
  ends: FileEnds;
}

/** A file put in storage whose row is not written yet: the caller inserts `values` in its transaction, or discards it. */
export interface StagedFile {
  values: typeof storedFile.$inferInsert & { storageKey: string };
  /** Removes the bytes again (the transaction that was to record them failed). */
  discard(): Promise<void>;
}

export interface FileWithBytes {
  file: StoredFileRow;
  bytes: Uint8Array;
}

export interface FileService {
  /** Stores the bytes and records them; the key is random, the SHA-256 computed. */
  store(input: StoreFileInput): Promise<StoredFileRow>;
  /** Puts the content in storage under a fresh key without recording it: for a caller that records it in its own transaction. */
  stage(input: StoreFileInput): Promise<StagedFile>;
  /**
   * In the caller's transaction: deletes the rows of these files that nothing refers to any more
   * (no layout, invoice or design order) and answers their storage keys, to remove after commit.
   */
  dropUnreferenced(tx: Database, fileIds: readonly number[]): Promise<string[]>;
  /** Removes stored bytes whose rows are gone (after the commit); a failure is reported, not thrown. */
  removeStored(keys: readonly string[]): Promise<void>;
  /**
   * Deletes an account's layouts and annotated PDFs that nothing refers to and that are older than
   * `olderThan` (a cart line removed with its layout, an annotation never attached); answers the bytes freed.
   */
  dropOrphansOf(ownerAccountId: number, olderThan: Date): Promise<number>;
  /** The same for files whose account is gone (a visitor's abandoned temporary account): answers the bytes freed. */
  dropOwnerless(olderThan: Date): Promise<number>;
  /** The same for files of visitors' temporary accounts (an annotation never attached): answers the bytes freed. */
  dropVisitorsOrphans(olderThan: Date): Promise<number>;
  /** The bytes an account keeps in storage (its files' sizes summed). */
  storedBytesOf(ownerAccountId: number): Promise<number>;
  /** The row and the bytes, whoever asks; null when either is gone. */
  read(fileId: number): Promise<FileWithBytes | null>;
  /** The file for a caller allowed to see it (the owner, the client of its order line, staff); else 404. */
  readFor(viewer: Viewer | null, fileId: number): Promise<FileWithBytes>;
  /** A public image or PDF for the website, in the public storage under `site/uploads/` (served at /files/site/uploads/…). */
  storeWebsiteFile(file: UploadedPart, publicOrigin: string): Promise<WebsiteFile>;
  /** The client's annotated PDF for a design order (attached with PATCH /client-order/design/{id}). */
  storeAnnotation(clientId: number, file: UploadedPart, publicOrigin: string): Promise<UploadedFile>;
}

/** Where GET /api/file/{id} serves a stored file. */
export function privateFileUrl(publicOrigin: string, fileId: number): string {
  return `${publicOrigin}/api/file/${fileId}`;
}

const fileNotFound = () => new ShopError({ statusCode: 404, code: "FILE_NOT_FOUND", messageUI: "Файл не найден", message: "No such file, or not the caller's" });

const EXTENSIONS: Record<string, string> = { "application/pdf": ".pdf", "image/png": ".png", "image/jpeg": ".jpg", "image/webp": ".webp", "image/svg+xml": ".svg" };

/** A name safe to keep and show: no folders, no control characters, at most 200 characters. */
export function cleanFileName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(-200);
  return clean === "" || clean === "." || clean === ".." ? fallback : clean;
}

/** No layout, invoice or design order refers to the stored file. */
const unreferenced = () => [
  notExists(sql`(SELECT 1 FROM ${layout} WHERE ${layout.fileId} = ${storedFile.id})`),
  notExists(sql`(SELECT 1 FROM ${clientOrder} WHERE ${clientOrder.invoiceFileId} = ${storedFile.id})`),
  notExists(sql`(SELECT 1 FROM ${designOrder} WHERE ${designOrder.annotatedFileId} = ${storedFile.id})`),
];

/**
 * `storage` keeps the private files (stored_file rows); `publicStorage` the website's uploads, which
 * anyone may read at /files/ from any node.
 */
export function createFileService(db: Database, storage: FileStorage, publicStorage: FileStorage, onError: (error: unknown) => void = () => undefined): FileService {
  const datedKey = (prefix: string, extension: string): string => {
    const now = new Date();
    const month = String(now.getUTCMonth() + 1).padStart(2, "0");
    return `${prefix}/${now.getUTCFullYear()}/${month}/${randomUUID()}${extension}`;
  };

  async function read(fileId: number): Promise<FileWithBytes | null> {
    const [file] = await db.select().from(storedFile).where(eq(storedFile.id, fileId));
    if (!file) return null;
    const bytes = await storage.get(file.storageKey);
    return bytes ? { file, bytes } : null;
  }

  /** Whether the client owns an order line, order or design order this file belongs to. */
  async function belongsToClient(fileId: number, clientId: number): Promise<boolean> {
    const [viaLayout] = await db
      .select({ id: layout.id })
      .from(layout)
      .innerJoin(orderProduct, eq(orderProduct.id, layout.orderProductId))
      .leftJoin(cart, eq(cart.id, orderProduct.cartId))
      .leftJoin(clientOrder, eq(clientOrder.id, orderProduct.orderId))
      .where(and(eq(layout.fileId, fileId), or(eq(cart.accountId, clientId), eq(clientOrder.accountId, clientId))))
      .limit(1);
    if (viaLayout) return true;
    const [viaInvoice] = await db
      .select({ id: clientOrder.id })
      .from(clientOrder)
      .where(and(eq(clientOrder.invoiceFileId, fileId), eq(clientOrder.accountId, clientId)))
      .limit(1);
    if (viaInvoice) return true;
    const [viaDesign] = await db
      .select({ id: designOrder.id })
      .from(designOrder)
      .where(and(eq(designOrder.annotatedFileId, fileId), eq(designOrder.accountId, clientId)))
      .limit(1);
    return viaDesign !== undefined;
  }

  async function stage(input: StoreFileInput): Promise<StagedFile> {
    const storageKey = datedKey(input.kind, EXTENSIONS[input.contentType] ?? "");
    let sizeBytes: number;
    let sha256: string;
    if ("upload" in input) {
      await storage.putFile(storageKey, input.upload.path, input.contentType, input.upload.sha256);
      sizeBytes = input.upload.sizeBytes;
      sha256 = input.upload.sha256;
    } else {
      await storage.put(storageKey, input.bytes, input.contentType);
      sizeBytes = input.bytes.length;
      sha256 = createHash("sha256").update(input.bytes).digest("hex");
    }
    return {
      values: {
        ownerAccountId: input.ownerAccountId,
        kind: input.kind,
        storageKey,
        originalName: cleanFileName(input.originalName, `file${EXTENSIONS[input.contentType] ?? ""}`),
        contentType: input.contentType,
        sizeBytes,
        sha256,
      },
      discard: () => storage.remove(storageKey).catch(onError),
    };
  }

  async function store(input: StoreFileInput): Promise<StoredFileRow> {
    const staged = await stage(input);
    try {
      const [row] = await db.insert(storedFile).values(staged.values).returning();
      if (!row) throw new Error("stored_file insert returned nothing");
      return row;
    } catch (error) {
      await staged.discard();
      throw error;
    }
  }

  async function dropUnreferenced(tx: Database, fileIds: readonly number[]): Promise<string[]> {
    if (fileIds.length === 0) return [];
    const gone = await tx
      .delete(storedFile)
      .where(and(inArray(storedFile.id, [...fileIds]), ...unreferenced()))
      .returning({ storageKey: storedFile.storageKey });
    return gone.map((row) => row.storageKey);
  }

  async function removeStored(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => storage.remove(key).catch(onError)));
  }

  /** Layouts and annotated PDFs of `owner` older than `olderThan` that nothing refers to: rows, then bytes. */
  async function dropOrphans(owner: SQL, olderThan: Date): Promise<number> {
    const gone = await db
      .delete(storedFile)
      .where(and(owner, inArray(storedFile.kind, ["layout", "annotation"]), lt(storedFile.createdAt, olderThan), ...unreferenced()))
      .returning({ storageKey: storedFile.storageKey, sizeBytes: storedFile.sizeBytes });
    await removeStored(gone.map((row) => row.storageKey));
    return gone.reduce((sum, row) => sum + row.sizeBytes, 0);
  }

  return {
    store,
    stage,
    read,
    dropUnreferenced,
    removeStored,

    dropOrphansOf: (ownerAccountId, olderThan) => dropOrphans(eq(storedFile.ownerAccountId, ownerAccountId), olderThan),
    dropOwnerless: (olderThan) => dropOrphans(isNull(storedFile.ownerAccountId), olderThan),
    dropVisitorsOrphans: (olderThan) =>
      dropOrphans(inArray(storedFile.ownerAccountId, db.select({ id: account.id }).from(account).where(eq(account.temporary, true))), olderThan),

    async storedBytesOf(ownerAccountId) {
      const [row] = await db
        .select({ bytes: sql<string | null>`sum(${storedFile.sizeBytes})` })
        .from(storedFile)
        .where(eq(storedFile.ownerAccountId, ownerAccountId));
      return Number(row?.bytes ?? 0);
    },

    async readFor(viewer, fileId) {
      if (!viewer) throw fileNotFound();
      const found = await read(fileId);
      if (!found) throw fileNotFound();
      const allowed =
        viewer.account.typeUser === "employee" ||
        found.file.ownerAccountId === viewer.account.id ||
        (await belongsToClient(fileId, viewer.account.id));
      if (!allowed) throw fileNotFound();
      return found;
    },

    async storeWebsiteFile(file, publicOrigin) {
      const type = sniffWebsiteFile(file.ends);
      if (!type) {
        throw new ShopError({
          statusCode: 400,
          code: "UNSUPPORTED_FILE_TYPE",
          messageUI: "Загрузите изображение (PNG, JPEG, WebP, SVG) или PDF",
          message: "The website file is neither a PNG, JPEG, WebP, SVG nor a PDF",
        });
      }
      const key = datedKey("site/uploads", type.extension);
      // Streamed from the incoming folder: moved on the same disk, else sent to the bucket (the route removes what is left).
      await publicStorage.putFile(key, file.path, type.contentType, file.sha256);
      return { url: publicFileUrl(publicOrigin, key), name: cleanFileName(file.fileName, `file${type.extension}`) };
    },

    async storeAnnotation(clientId, file, publicOrigin) {
      if (!sniffPdf(file.ends)) {
        throw new ShopError({ statusCode: 400, code: "NOT_A_PDF", messageUI: "Загрузите файл с пометками в формате PDF", message: "The annotated file is not a PDF" });
      }
      const row = await store({ ownerAccountId: clientId, kind: "annotation", originalName: file.fileName, contentType: "application/pdf", upload: file });
      return { fileId: row.id, url: privateFileUrl(publicOrigin, row.id), name: row.originalName, sizeBytes: row.sizeBytes };
    },
  };
}
