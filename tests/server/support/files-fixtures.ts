import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../../server/db/client";
import { account, cart, layout, orderProduct, product, productDetail, storedFile } from "../../../server/db/schema";
import type { ChosenOptions } from "../../../server/db/cart.schema";
import type { PreflightProfile } from "../../../shared/contracts/preflight-profile";
import { BUSINESS_CARD_PROFILE } from "../../../preflight/core/testing";

/** A small valid PDF (one empty 90×50 mm page) with a correct xref table; the version is in its header. */
export function minimalPdf(version = "1.3", padding = 0): Uint8Array {
  return onePagePdf(version, "/MediaBox [0 0 255.12 141.73]", padding);
}

/**
 * A PDF the real engine passes against TEST_PROFILE (or a profile of this trim size with a 2 mm
 * bleed): one empty page whose TrimBox is the trim size and whose MediaBox adds the bleed.
 */
export function printReadyPdf(trimMm: [number, number] = [90, 50], bleedMm = 2): Uint8Array {
  const pt = (mm: number) => ((mm * 72) / 25.4).toFixed(2);
  const [width, height] = trimMm;
  const media = `/MediaBox [0 0 ${pt(width + 2 * bleedMm)} ${pt(height + 2 * bleedMm)}]`;
  const trim = `/TrimBox [${pt(bleedMm)} ${pt(bleedMm)} ${pt(width + bleedMm)} ${pt(height + bleedMm)}]`;
  return onePagePdf("1.3", `${media} ${trim}`, 0);
}

function onePagePdf(version: string, boxes: string, padding: number): Uint8Array {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R ${boxes} /Contents 4 0 R >>`,
    `<< /Length ${padding} >>\nstream\n${" ".repeat(padding)}\nendstream`,
  ];
  let text = `%PDF-${version}\n%\u00e2\u00e3\u00cf\u00d3\n`;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(text, "latin1"));
    text += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(text, "latin1");
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) text += `${String(offset).padStart(10, "0")} 00000 n \n`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(text, "latin1"));
}

/** The 8-byte PNG signature and an IHDR: enough for content sniffing. */
export const PNG_BYTES = new Uint8Array(
  Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082", "hex"),
);

/** A business card side: 90 × 50 mm with 2 mm bleed (the engine's own test profile). */
export const TEST_PROFILE: PreflightProfile = BUSINESS_CARD_PROFILE;

export const FACE = "Лицевая сторона";
export const BACK = "Обратная сторона";

/** Gives the first product exactly two details: the face (always) and the back (only with colours 4+4). */
export async function productWithDetails(db: Database): Promise<number> {
  const [first] = await db.select({ id: product.id }).from(product).orderBy(asc(product.id)).limit(1);
  if (!first) throw new Error("The seeded catalogue has no products");
  await db.delete(productDetail).where(eq(productDetail.productId, first.id));
  await db.insert(productDetail).values([
    { productId: first.id, name: FACE, sortOrder: 10, profile: TEST_PROFILE, requiresOptionCode: null },
    { productId: first.id, name: BACK, sortOrder: 20, profile: { ...TEST_PROFILE, pages: 2 }, requiresOptionCode: "4+4" },
  ]);
  return first.id;
}

export async function accountIdOf(db: Database, email: string): Promise<number> {
  const [row] = await db.select({ id: account.id }).from(account).where(eq(account.email, email));
  if (!row) throw new Error(`No account ${email}`);
  return row.id;
}

/** A line in the client's personal cart (made when missing). */
export async function cartLine(db: Database, accountId: number, productId: number, options: ChosenOptions = {}): Promise<{ cartId: number; orderProductId: number }> {
  await db.insert(cart).values({ accountId, companyId: null }).onConflictDoNothing();
  const [own] = await db.select({ id: cart.id }).from(cart).where(and(eq(cart.accountId, accountId), isNull(cart.companyId)));
  if (!own) throw new Error("No cart");
  const [line] = await db
    .insert(orderProduct)
    .values({ cartId: own.id, productId, options, quantity: 100, unitPriceKopecks: 500, priceKopecks: 50_000, productionTimeDay: 3 })
    .returning({ id: orderProduct.id });
  if (!line) throw new Error("No line");
  return { cartId: own.id, orderProductId: line.id };
}

/** A multipart/form-data body built by hand, as a browser sends it. */
export function multipartBody(fields: Record<string, string>, file?: { name: string; contentType: string; bytes: Uint8Array }): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----ottisk-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, "utf8"));
  }
  if (file) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.contentType}\r\n\r\n`, "utf8"),
      Buffer.from(file.bytes),
      Buffer.from("\r\n", "utf8"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`, "utf8"));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** Gives every detail of the cart still `missing` a layout that passed its check, written as the files area would (a stand-in stored file). */
export async function passMissingLayouts(
  db: Database,
  cartState: { clientId: number | null; orderProduct: readonly { id: number; layouts: readonly { status: string; detailName: string }[] }[] },
): Promise<void> {
  for (const line of cartState.orderProduct) {
    for (const detail of line.layouts.filter((item) => item.status === "missing")) {
      const [file] = await db
        .insert(storedFile)
        .values({ ownerAccountId: cartState.clientId, kind: "layout", storageKey: `layout/test/${randomUUID()}.pdf`, originalName: "layout.pdf", contentType: "application/pdf", sizeBytes: 10, sha256: "0".repeat(64) })
        .returning({ id: storedFile.id });
      await db.insert(layout).values({ orderProductId: line.id, detailName: detail.detailName, fileId: file?.id ?? 0, status: "passed", findings: [] });
    }
  }
}
