import { createServer } from "node:http";
import type { IncomingMessage, Server } from "node:http";
import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeServer, serveOnLoopback } from "../../tests/server/support/fake-http";
import { contentTypeOf, createFileStorages, createLocalFileStorage, createS3FileStorage, signS3Request } from "./file-storage";

const S3 = { bucket: "ottisk-files", region: "ru-central1", accessKeyId: "AKIDTEST", secretAccessKey: "secret/with+chars" };

/**
 * A fake S3 at its HTTP boundary: path-style objects in memory, and every request's SigV4
 * Authorization header checked for its shape and recomputed from the request as S3 does.
 */
function fakeS3(): { server: Server; objects: Map<string, { body: Buffer; contentType: string }>; rejected: string[] } {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const rejected: string[] = [];
  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const authorization = request.headers.authorization ?? "";
      const shape = /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/(\d{8})\/ru-central1\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(authorization);
      const amzDate = String(request.headers["x-amz-date"] ?? "");
      const url = new URL(request.url ?? "/", `http://${request.headers.host}`);
      const signedNames = shape?.[2]?.split(";") ?? [];
      const extra: Record<string, string> = {};
      for (const name of signedNames) if (!["host", "x-amz-date", "x-amz-content-sha256"].includes(name)) extra[name] = String(request.headers[name] ?? "");
      const expected = shape
        ? signS3Request({ method: request.method ?? "GET", url, body, extraHeaders: extra, config: S3, now: new Date(`${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`) }).authorization
        : "";
      if (!shape || shape[1] !== amzDate.slice(0, 8) || !signedNames.includes("host") || expected !== authorization) {
        rejected.push(authorization);
        response.writeHead(403, { "content-type": "application/xml" }).end("<Error><Code>SignatureDoesNotMatch</Code></Error>");
        return;
      }
      const key = url.pathname;
      if (request.method === "PUT") {
        objects.set(key, { body, contentType: String(request.headers["content-type"] ?? "") });
        response.writeHead(200).end();
      } else if (request.method === "GET") {
        const object = objects.get(key);
        if (!object) response.writeHead(404, { "content-type": "application/xml" }).end("<Error><Code>NoSuchKey</Code></Error>");
        else response.writeHead(200, { "content-type": object.contentType }).end(object.body);
      } else if (request.method === "DELETE") {
        objects.delete(key);
        response.writeHead(204).end();
      } else {
        response.writeHead(405).end();
      }
    })();
  });
  return { server, objects, rejected };
}

describe("createS3FileStorage", () => {
  const fake = fakeS3();
  let endpoint = "";
  beforeAll(async () => {
    endpoint = await serveOnLoopback(fake.server);
  });
  afterAll(async () => {
    await closeServer(fake.server);
  });

  it("puts, gets and removes objects with signed requests, path-style", async () => {
    const storage = createS3FileStorage({ endpoint, ...S3 });
    const bytes = new Uint8Array([37, 80, 68, 70, 45, 0, 255]);
    await storage.put("layout/2026/01/a_b-1.pdf", bytes, "application/pdf");
    expect([...fake.objects.keys()]).toEqual(["/ottisk-files/layout/2026/01/a_b-1.pdf"]);
    expect(fake.objects.get("/ottisk-files/layout/2026/01/a_b-1.pdf")?.contentType).toBe("application/pdf");
    expect(await storage.get("layout/2026/01/a_b-1.pdf")).toEqual(bytes);
    await storage.remove("layout/2026/01/a_b-1.pdf");
    expect(await storage.get("layout/2026/01/a_b-1.pdf")).toBeNull();
    expect(fake.rejected).toEqual([]);
  });

  it("streams a file of the disk to the bucket with its length and precomputed hash signed", async () => {
    const storage = createS3FileStorage({ endpoint, ...S3 });
    const folder = await mkdtemp(join(tmpdir(), "ottisk-s3-source-"));
    try {
      const bytes = new Uint8Array(Buffer.alloc(300_000, "%PDF-1.4 "));
      const path = join(folder, "upload.part");
      await writeFile(path, bytes);
      await storage.putFile("layout/2026/02/streamed.pdf", path, "application/pdf", createHash("sha256").update(bytes).digest("hex"));
      expect(fake.objects.get("/ottisk-files/layout/2026/02/streamed.pdf")?.body.equals(Buffer.from(bytes))).toBe(true);
      expect(fake.rejected).toEqual([]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("fails loudly when the service refuses the signature", async () => {
    const storage = createS3FileStorage({ endpoint, ...S3, secretAccessKey: "wrong" });
    await expect(storage.put("layout/x.pdf", new Uint8Array([1]), "application/pdf")).rejects.toThrow(/answered 403/);
    expect(fake.rejected).toHaveLength(1);
  });

  it("signs as AWS documents it (the GET Object example of the SigV4 docs)", () => {
    // https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html, "GET Object" (with Range).
    const headers = signS3Request({
      method: "GET",
      url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
      body: new Uint8Array(),
      extraHeaders: { range: "bytes=0-9" },
      config: { region: "us-east-1", accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY" },
      now: new Date("2013-05-24T00:00:00Z"),
    });
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });
});

describe("createLocalFileStorage", () => {
  let root = "";
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "ottisk-storage-"));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("puts, gets and removes files under its folder", async () => {
    const storage = createLocalFileStorage(root);
    await storage.put("invoice/2026/01/a.pdf", new Uint8Array([1, 2, 3]), "application/pdf");
    expect(await storage.get("invoice/2026/01/a.pdf")).toEqual(new Uint8Array([1, 2, 3]));
    expect(await readdir(join(root, "invoice", "2026", "01"))).toEqual(["a.pdf"]);
    await storage.remove("invoice/2026/01/a.pdf");
    await storage.remove("invoice/2026/01/a.pdf");
    expect(await storage.get("invoice/2026/01/a.pdf")).toBeNull();
  });

  it("moves a file of the disk into place (an upload's temporary file)", async () => {
    const storage = createLocalFileStorage(join(root, "store"));
    const source = join(root, "incoming.part");
    await writeFile(source, new Uint8Array([7, 8, 9]));
    await storage.putFile("layout/2026/02/b.pdf", source, "application/pdf", "unused-by-disk-storage");
    expect(await storage.get("layout/2026/02/b.pdf")).toEqual(new Uint8Array([7, 8, 9]));
    await expect(readdir(root)).resolves.not.toContain("incoming.part");
  });

  it("refuses keys that would leave the folder", async () => {
    const storage = createLocalFileStorage(root);
    for (const key of ["../x.pdf", "a/../../x.pdf", "/etc/passwd", "a//b.pdf", "a\\b.pdf", ""]) {
      await expect(storage.put(key, new Uint8Array([1]), "application/pdf"), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.open(key), key).rejects.toThrow(/Invalid storage key/);
    }
  });

  it("opens a file as a stream with its size, type by extension and a weak entity tag; a folder or a missing file is null", async () => {
    const storage = createLocalFileStorage(root);
    await storage.put("site/a.svg", new TextEncoder().encode("<svg/>"), "image/svg+xml");
    const opened = await storage.open("site/a.svg");
    if (!opened) throw new Error("not opened");
    expect(opened).toMatchObject({ sizeBytes: 6, contentType: "image/svg+xml" });
    expect(opened.etag).toMatch(/^W\/"6-[0-9a-f]+"$/);
    expect((await buffer(opened.body)).toString()).toBe("<svg/>");
    expect(await storage.open("site")).toBeNull();
    expect(await storage.open("site/nothing.svg")).toBeNull();
    expect(await storage.open("site/a.svg/deeper")).toBeNull();
  });

  it("on disk, keeps public files in the files folder and private ones in its private/, which the public one never reaches", async () => {
    const { publicFiles, privateFiles } = createFileStorages({ filesDir: join(root, "files") });
    await publicFiles.put("catalog/p.svg", new TextEncoder().encode("<svg/>"), "image/svg+xml");
    await privateFiles.put("layout/2026/01/l.pdf", new TextEncoder().encode("%PDF-"), "application/pdf");
    expect(await readdir(join(root, "files", "catalog"))).toEqual(["p.svg"]);
    expect(await readdir(join(root, "files", "private", "layout", "2026", "01"))).toEqual(["l.pdf"]);
    for (const key of ["private/layout/2026/01/l.pdf", "Private/layout/2026/01/l.pdf", "PRIVATE/layout/2026/01/l.pdf"]) {
      expect(await publicFiles.get(key), key).toBeNull();
      expect(await publicFiles.open(key), key).toBeNull();
      await expect(publicFiles.put(key, new Uint8Array([1]), "application/pdf"), key).rejects.toThrow(/other storage/);
    }
  });

  it("names the content types the shop serves by extension; the rest are downloads", () => {
    expect(contentTypeOf("catalog/a.svg")).toBe("image/svg+xml");
    expect(contentTypeOf("site/Doc.PDF")).toBe("application/pdf");
    expect(contentTypeOf("site/uploads/x.jpg")).toBe("image/jpeg");
    expect(contentTypeOf("site/noextension")).toBe("application/octet-stream");
    expect(contentTypeOf("site.d/file")).toBe("application/octet-stream");
  });
});
