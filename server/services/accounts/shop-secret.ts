import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { shopSecret } from "../../db/schema";

/**
 * The shop's own secret called `name`: made at random (32 bytes, base64url) by the first process
 * that asks and kept in the database, so every node (and every restart) gets the same one. Used
 * when the operator has not set one (OTTISK_HANDOFF_SECRET).
 */
export async function sharedSecret(db: Database, name: string): Promise<string> {
  // The first to insert wins; everyone reads the winner's value.
  await db.insert(shopSecret).values({ name, value: randomBytes(32).toString("base64url") }).onConflictDoNothing();
  const [row] = await db.select({ value: shopSecret.value }).from(shopSecret).where(eq(shopSecret.name, name));
  if (!row) throw new Error(`shop_secret ${name} was not kept`);
  return row.value;
}
