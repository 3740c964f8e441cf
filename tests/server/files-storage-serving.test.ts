import { access, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categoryListSchema, healthDetailsSchema, healthSchema, pageSchema, serverErrorSchema, websiteFileSchema } from "../../shared/contracts/index";
import { DEMO_ACCOUNTS } from "../../server/seed/demo-data";
import { buildApp } from "../../server/app";
import type { App } from "../../server/app";
import { openDatabase } from "../../server/db/client";
import { seedDemoData } from "../../server/seed/seed";
import { createFileStorages, createS3FileStorage } from "../../server/storage/file-storage";
import type { FileStorages } from "../../server/storage/file-storage";
import { loginToken } from "./support/api-calls";
import { multipartBody, PNG_BYTES } from "./support/files-fixtures";
import { startS3Server } from "./support/s3-server";
import type { TestS3Server } from "./support/s3-server";
import { startSecondNode, startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * /files/ served from the public storage, on disk and in an S3 bucket (s3rver over HTTP): types,
 * caching, 304, HEAD, 404s and the sandbox; the website's uploads written through one node and
 * read through another; the demo seed writing its photos and documents into the bucket.
 */

let s3: TestS3Server;
let onDisk: TestApp;
let inBucket: TestApp;
let bucketStorages: FileStorages;

beforeAll(async () => {
  s3 = await startS3Server();
  onDisk = await startTestApp();
  bucketStorages = createFileStorages({ filesDir: "/nonexistent-never-used", s3: s3.config });
  inBucket = await startTestApp({ storages: bucketStorages });
});
afterAll(async () => {
  await inBucket?.close();
  await onDisk?.close();
  await s3?.close();
});

const backends = () => [
  { name: "on disk", app: () => onDisk.app, publicFiles: () => createFileStorages({ filesDir: onDisk.database.filesDir }).publicFiles },
  { name: "in the S3 bucket", app: () => inBucket.app, publicFiles: () => bucketStorages.publicFiles },
];

describe.each(backends())("GET /files/ with the public files $name", ({ app, publicFiles }) => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg">${"<rect width='1' height='1'/>".repeat(100)}</svg>`;
  beforeAll(async () => {
    await publicFiles().put("site/test/picture.svg", new TextEncoder().encode(svg), "image/svg+xml");
    await publicFiles().put("site/test/doc.pdf", new TextEncoder().encode("%PDF-1.7\n%%EOF\n"), "application/pdf");
  });

  it("serves the file with its type, a day's caching, an entity tag, nosniff and the sandbox", async () => {
    const answer = await app().inject("/files/site/test/picture.svg");
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("image/svg+xml");
    expect(answer.headers["cache-control"]).toBe("public, max-age=86400");
    expect(answer.headers.etag).toMatch(/^(W\/)?"[^"]+"$/);
    expect(answer.headers["last-modified"]).toMatch(/GMT$/);
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(String(answer.headers["content-security-policy"])).toContain("sandbox");
    expect(answer.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(answer.body).toBe(svg);
    const pdf = await app().inject("/files/site/test/doc.pdf");
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-length"]).toBe("15");
    expect(pdf.body).toBe("%PDF-1.7\n%%EOF\n");
  });

  it("answers 304 to a client whose copy is current, and the file again when it changed", async () => {
    const first = await app().inject("/files/site/test/doc.pdf");
    const etag = String(first.headers.etag);
    const again = await app().inject({ url: "/files/site/test/doc.pdf", headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);
    const byDate = await app().inject({ url: "/files/site/test/doc.pdf", headers: { "if-modified-since": String(first.headers["last-modified"]) } });
    expect(byDate.statusCode).toBe(304);
    expect((await app().inject({ url: "/files/site/test/doc.pdf", headers: { "if-none-match": '"something-else"' } })).statusCode).toBe(200);

    await publicFiles().put("site/test/doc.pdf", new TextEncoder().encode("%PDF-1.7\n% changed\n%%EOF\n"), "application/pdf");
    const changed = await app().inject({ url: "/files/site/test/doc.pdf", headers: { "if-none-match": etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain("changed");
  });

  it("answers HEAD with the headers and no body", async () => {
    const head = await app().inject({ method: "HEAD", url: "/files/site/test/picture.svg" });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toBe("image/svg+xml");
    expect(head.headers["content-length"]).toBe(String(Buffer.byteLength(svg)));
    expect(head.body).toBe("");
    expect((await app().inject({ method: "HEAD", url: "/files/site/test/nothing.svg" })).statusCode).toBe(404);
  });

  it("compresses SVG for a browser that accepts it", async () => {
    const answer = await app().inject({ url: "/files/site/test/picture.svg", headers: { "accept-encoding": "br, gzip" } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
  });

  it("a missing file, a folder, a dot file, a climb out or a private file is a 404 «Файл не найден»", async () => {
    for (const url of [
      "/files/site/test/nothing.svg",
      "/files/site/test/",
      "/files/site/test",
      "/files/",
      "/files/.hidden",
      "/files/site/..%2f..%2fpackage.json",
      "/files/site/test/%00.svg",
      "/files/private/layout/x.pdf",
      "/files/PRIVATE/layout/x.pdf",
      "/files//site/test/picture.svg",
    ]) {
      const response = await app().inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(serverErrorSchema.parse(response.json()), url).toMatchObject({ code: "FILE_NOT_FOUND", messageUI: "Файл не найден" });
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
    }
    // The dots are resolved before routing: the path leaves /files/ and finds no page.
    for (const url of ["/files/../package.json", "/files/%2e%2e/package.json"]) {
      const above = await app().inject(url);
      expect(above.statusCode, url).toBe(404);
      expect(above.body, url).not.toContain("devDependencies");
    }
  });
});

describe("the private files in the bucket", () => {
  it("are never served at /files/, whatever the path", async () => {
    await bucketStorages.privateFiles.put("layout/2026/03/secret.pdf", new TextEncoder().encode("%PDF- secret"), "application/pdf");
    for (const url of ["/files/layout/2026/03/secret.pdf", "/files/public/../layout/2026/03/secret.pdf", "/files/..%2flayout/2026/03/secret.pdf"]) {
      const response = await inBucket.app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain("%PDF-");
    }
  });
});

describe("two API nodes on one database and one bucket", () => {
  let nodeB: App;
  let nodeBFiles = "";
  beforeAll(async () => {
    // The second node has a files folder of its own: nothing reaches it through the disk.
    nodeBFiles = await mkdtemp(join(tmpdir(), "ottisk-node-b-"));
    nodeB = await startSecondNode(inBucket, { storages: createFileStorages({ filesDir: nodeBFiles, s3: s3.config }) });
  });
  afterAll(async () => {
    await nodeB?.close();
    await rm(nodeBFiles, { recursive: true, force: true });
  });

  it("a website picture uploaded through node A is served by node B, and lives in the bucket, not on A's disk", async () => {
    const body = multipartBody({}, { name: "баннер.png", contentType: "application/octet-stream", bytes: PNG_BYTES });
    const upload = await inBucket.app.inject({
      method: "POST",
      url: "/api/file/upload/website/file",
      headers: { ...body.headers, authorization: `Bearer ${await loginToken(inBucket.app, DEMO_ACCOUNTS.employee.email, DEMO_ACCOUNTS.employee.password)}` },
      payload: body.payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const path = new URL(websiteFileSchema.parse(upload.json()).url).pathname;
    expect(path).toMatch(/^\/files\/site\/uploads\/\d{4}\/\d{2}\/[0-9a-f-]+\.png$/);

    const fromB = await nodeB.inject(path);
    expect(fromB.statusCode).toBe(200);
    expect(fromB.headers["content-type"]).toBe("image/png");
    expect(new Uint8Array(fromB.rawPayload)).toEqual(PNG_BYTES);
    const key = path.slice("/files/".length);
    expect(await createS3FileStorage(s3.config).get(`public/${key}`)).toEqual(PNG_BYTES);
    await expect(access(join(inBucket.database.filesDir, key))).rejects.toThrow();
  });
});

describe("GET /api/health with the files in the bucket", () => {
  it("writes, reads back and removes a probe in both storages", async () => {
    const answer = await inBucket.app.inject("/api/health");
    expect(answer.statusCode, answer.body).toBe(200);
    expect(healthSchema.parse(answer.json())).toMatchObject({ status: "ok", checks: { storage: { ok: true }, publicFiles: { ok: true } } });
  });

  it("answers 503 with words when the bucket refuses the files, naming the parts; the details only on this computer", async () => {
    const app = await startSecondNode(inBucket, { storages: createFileStorages({ filesDir: inBucket.database.filesDir, s3: { ...s3.config, bucket: "no-such-bucket" } }) });
    try {
      const answer = await app.inject({ url: "/api/health", remoteAddress: "203.0.113.9" });
      expect(answer.statusCode).toBe(503);
      const health = healthSchema.parse(answer.json());
      expect(health).toMatchObject({ status: "failing", failing: ["storage", "publicFiles"], checks: { database: { ok: true }, storage: { ok: false }, publicFiles: { ok: false } } });
      expect(health.messageUI).toMatch(/^Магазин временно не может сохранять данные/);
      // Issue 28, finding 5: the anonymous answer says which parts fail, not why or where.
      expect(answer.body).not.toMatch(/S3|probe|404|bucket|error/i);
      expect((await app.inject({ url: "/api/health/details", remoteAddress: "203.0.113.9" })).statusCode).toBe(403);

      const local = await app.inject("/api/health/details");
      expect(local.statusCode).toBe(503);
      const details = healthDetailsSchema.parse(local.json());
      expect(details.failing).toEqual(["storage", "publicFiles"]);
      expect(details.checks.publicFiles.error).toMatch(/S3 PUT public\/health\/probe-[0-9a-f]+\.txt answered 404/);
    } finally {
      await app.close();
    }
  });
});

describe("the demo seed with the files in the bucket", () => {
  it("writes the photos and the site's documents there, so a fresh cluster serves them, and is idempotent", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "ottisk-seed-s3-"));
    // A database of its own: the seed writes files only into an empty catalogue and website.
    const opened = await openDatabase({ dataDir });
    let app: App | undefined;
    try {
      const storages = createFileStorages({ filesDir: join(dataDir, "files"), s3: s3.config });
      expect(await seedDemoData(opened.db, storages.publicFiles)).toMatchObject({ seeded: true });
      expect(await seedDemoData(opened.db, storages.publicFiles)).toMatchObject({ seeded: false });
      app = await buildApp({ database: opened.db, databaseSql: opened.sql, notifications: opened.notifications, filesDir: join(dataDir, "files"), storages });
      const categories = categoryListSchema.parse((await app.inject("/api/public/product/category")).json());
      const photoUrl = categories[0]?.photoUrl;
      if (!photoUrl) throw new Error("the first demo category has no photo");
      const photo = await app.inject(new URL(photoUrl).pathname);
      expect(photo.statusCode).toBe(200);
      expect(photo.headers["content-type"]).toBe("image/svg+xml");
      expect(photo.body).toContain("</svg>");

      const main = pageSchema.parse((await app.inject("/api/public/website/page/main")).json());
      const documents = JSON.stringify(main).match(/\/files\/site\/[a-z0-9-]+\.pdf/g) ?? [];
      expect(documents.length).toBeGreaterThan(0);
      for (const document of new Set(documents)) {
        const answer = await app.inject(document);
        expect(answer.statusCode, document).toBe(200);
        expect(answer.headers["content-type"], document).toBe("application/pdf");
        expect(answer.rawPayload.subarray(0, 5).toString("latin1"), document).toBe("%PDF-");
      }
      // Nothing of it on the node's disk.
      await expect(access(join(dataDir, "files", "catalog"))).rejects.toThrow();
      await expect(access(join(dataDir, "files", "site"))).rejects.toThrow();
    } finally {
      await app?.close();
      await opened.close();
      await rm(dataDir, { recursive: true, force: true });
    }
    // A database of its own from cold (migrations and the whole seed): ~10 s alone, more on a busy machine.
  }, 60_000);
});
