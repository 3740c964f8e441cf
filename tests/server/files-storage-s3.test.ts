import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buffer, text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFileStorages, createS3FileStorage } from "../../server/storage/file-storage";
import { startS3Server } from "./support/s3-server";
import type { TestS3Server } from "./support/s3-server";

/*
 * The S3 adapter against a real S3-compatible server (s3rver over HTTP): what every node of a
 * cluster reads and writes. Signatures are checked by file-storage.test.ts's fake S3 (s3rver does
 * not verify them the way S3 does).
 */

let s3: TestS3Server;
let folder = "";
beforeAll(async () => {
  s3 = await startS3Server();
  folder = await mkdtemp(join(tmpdir(), "ottisk-s3-test-"));
});
afterAll(async () => {
  await s3?.close();
  await rm(folder, { recursive: true, force: true });
});

describe("createS3FileStorage against s3rver", () => {
  it("puts, gets, opens as a stream and removes an object", async () => {
    const storage = createS3FileStorage(s3.config);
    const bytes = new TextEncoder().encode("%PDF-1.7\n% an invoice\n");
    await storage.put("invoice/2026/03/a.pdf", bytes, "application/pdf");
    expect(await storage.get("invoice/2026/03/a.pdf")).toEqual(bytes);

    const opened = await storage.open("invoice/2026/03/a.pdf");
    if (!opened) throw new Error("the object was not found");
    expect(opened).toMatchObject({ sizeBytes: bytes.length, contentType: "application/pdf" });
    expect(opened.etag).toMatch(/^(W\/)?"[^"]+"$/);
    expect(opened.lastModified).toBeInstanceOf(Date);
    expect(new Uint8Array(await buffer(opened.body))).toEqual(bytes);

    await storage.remove("invoice/2026/03/a.pdf");
    await storage.remove("invoice/2026/03/a.pdf");
    expect(await storage.get("invoice/2026/03/a.pdf")).toBeNull();
    expect(await storage.open("invoice/2026/03/a.pdf")).toBeNull();
  });

  it("streams a file of the disk to the bucket (putFile) and reads it back whole", async () => {
    const storage = createS3FileStorage(s3.config);
    const bytes = new Uint8Array(Buffer.alloc(600_000, "%PDF-1.4 layout "));
    const path = join(folder, "upload.part");
    await writeFile(path, bytes);
    await storage.putFile("layout/2026/03/big.pdf", path, "application/pdf", createHash("sha256").update(bytes).digest("hex"));
    const opened = await storage.open("layout/2026/03/big.pdf");
    expect(opened?.sizeBytes).toBe(bytes.length);
    expect(opened && (await buffer(opened.body)).equals(Buffer.from(bytes))).toBe(true);
    // A new version of the object has a new entity tag.
    const before = opened?.etag;
    await storage.put("layout/2026/03/big.pdf", new Uint8Array([1, 2, 3]), "application/pdf");
    const after = await storage.open("layout/2026/03/big.pdf");
    after?.body.destroy();
    expect(after?.etag).not.toBe(before);
    expect(after?.sizeBytes).toBe(3);
  });

  it("an object is an empty answer only when it is empty", async () => {
    const storage = createS3FileStorage(s3.config);
    await storage.put("site/empty.txt", new Uint8Array(), "text/plain");
    const opened = await storage.open("site/empty.txt");
    expect(opened?.sizeBytes).toBe(0);
    expect(opened && (await text(opened.body))).toBe("");
  });

  it("keeps public files under public/ and private ones at their keys, in one bucket", async () => {
    const { publicFiles, privateFiles } = createFileStorages({ filesDir: folder, s3: s3.config });
    const bucket = createS3FileStorage(s3.config);
    await publicFiles.put("catalog/photo.svg", new TextEncoder().encode("<svg/>"), "image/svg+xml");
    await privateFiles.put("layout/2026/03/b.pdf", new TextEncoder().encode("%PDF-"), "application/pdf");
    expect(await bucket.get("public/catalog/photo.svg")).toEqual(new TextEncoder().encode("<svg/>"));
    expect(await bucket.get("catalog/photo.svg")).toBeNull();
    expect(await bucket.get("layout/2026/03/b.pdf")).toEqual(new TextEncoder().encode("%PDF-"));
    // Neither storage reaches the other's files.
    expect(await publicFiles.get("layout/2026/03/b.pdf")).toBeNull();
    expect(await privateFiles.get("public/catalog/photo.svg")).toBeNull();
    expect(await privateFiles.open("public/catalog/photo.svg")).toBeNull();
    await expect(privateFiles.put("public/catalog/photo.svg", new Uint8Array([1]), "image/svg+xml")).rejects.toThrow(/other storage/);
    // Nothing on the disk.
    expect(await createFileStorages({ filesDir: folder }).publicFiles.get("catalog/photo.svg")).toBeNull();
  });

  it("refuses keys that are not keys before asking the service", async () => {
    const storage = createS3FileStorage(s3.config);
    for (const key of ["../x.pdf", "a/../../x.pdf", "/etc/passwd", "a//b.pdf", ".hidden", ""]) {
      await expect(storage.put(key, new Uint8Array([1]), "application/pdf"), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.open(key), key).rejects.toThrow(/Invalid storage key/);
    }
  });

  it("fails loudly when the bucket is not there", async () => {
    const storage = createS3FileStorage({ ...s3.config, bucket: "no-such-bucket" });
    await expect(storage.put("layout/x.pdf", new Uint8Array([1]), "application/pdf")).rejects.toThrow(/answered 404/);
  });
});
