import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartSchema, layoutSchema, productListPageSchema, serverErrorSchema, sessionGrantSchema } from "../../../shared/contracts/index";
import type { Cart } from "../../../shared/contracts/index";
import { DEMO_ACCOUNTS } from "../../../server/seed/demo-data";
import { minimalPdf } from "../support/files-fixtures";
import { childDatabase } from "../support/test-database";
import type { ChildDatabase } from "../support/test-database";

/*
 * Issue 28, finding 6: a full disk is not the shopper's fault. An API node (support/api-node.ts,
 * real HTTP) runs in a mount namespace of its own (`unshare --user --map-root-user --mount`: no
 * privileges needed where unprivileged user namespaces are on, as on Debian by default) where the upload folder (`files/private/.incoming`) is a 3 MB tmpfs and the
 * layouts' folder (`files/private/layout`) a 1 MB one: a real ENOSPC from the kernel, first while
 * the upload streams to disk, then while it is stored (a copy across the two disks). Both answer
 * 503 STORAGE_UNAVAILABLE with Russian words, leave no partial file and record nothing; a file
 * that fits is stored afterwards. The test reads the child's disks through /proc/<pid>/root.
 */

const root = join(import.meta.dirname, "..", "..", "..");
const MB = 1024 * 1024;

let database: ChildDatabase;
let child: ChildProcess;
let base: string;
let incomingDir: string;
let layoutDir: string;
const output: string[] = [];

beforeAll(async () => {
  database = await childDatabase();
  incomingDir = join(database.filesDir, "private", ".incoming");
  layoutDir = join(database.filesDir, "private", "layout");
  await mkdir(incomingDir, { recursive: true });
  await mkdir(layoutDir, { recursive: true });
  const script = 'mount -t tmpfs -o size=3m tmpfs "$1" && mount -t tmpfs -o size=1m tmpfs "$2" && exec "$3" --import tsx "$4"';
  child = spawn("unshare", ["--user", "--map-root-user", "--mount", "sh", "-c", script, "sh", incomingDir, layoutDir, process.execPath, join(root, "tests", "server", "support", "api-node.ts")], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...(process.env.OTTISK_TEST_NODE_LOG ? { OTTISK_TEST_NODE_LOG: "1" } : {}), ...database.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  base = await new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      output.push(chunk.toString());
      const origin = /listening (http:\/\/\S+)/.exec(output.join(""))?.[1];
      if (origin) resolve(origin);
    });
    child.once("exit", (code) => reject(new Error(`the API node stopped (${code}):\n${output.join("")}`)));
  });
}, 120_000);

afterAll(async () => {
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
  await database.close();
});

/** What the child sees in one of its folders (its own mounts), files only, recursively. */
async function filesInChild(folder: string): Promise<string[]> {
  const entries = await readdir(join(`/proc/${child.pid}/root`, folder), { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

async function json(path: string, token: string | null, init: { method: string; body?: unknown } = { method: "GET" }): Promise<unknown> {
  const response = await fetch(`${base}${path}`, {
    method: init.method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.body === undefined ? {} : { "content-type": "application/json" }) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  expect(response.status, `${init.method} ${path}`).toBe(200);
  return response.json();
}

async function upload(token: string, lineId: number, detailName: string, bytes: Uint8Array): Promise<Response> {
  const form = new FormData();
  form.set("orderProductId", String(lineId));
  form.set("detailName", detailName);
  form.set("file", new Blob([Buffer.from(bytes)], { type: "application/pdf" }), "layout.pdf");
  return fetch(`${base}/api/file/upload/layout`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
}

describe("a full disk during an upload (finding 6)", () => {
  it("answers 503 STORAGE_UNAVAILABLE, not 400, while the file streams to disk and while it is stored; leaves no partial file and records nothing", async () => {
    const grant = sessionGrantSchema.parse(await json("/api/auth/login", null, { method: "POST", body: { email: DEMO_ACCOUNTS.client.email, password: DEMO_ACCOUNTS.client.password } }));
    const token = grant.token;
    const products = productListPageSchema.parse(await json("/api/public/product", null));
    let cart: Cart | null = null;
    for (const item of products.items) {
      cart = cartSchema.parse(await json("/api/client-cart/product", token, { method: "POST", body: { productId: item.id, quantity: 100 } }));
      if (cart.orderProduct.some((line) => line.layouts.length > 0)) break;
    }
    const line = cart?.orderProduct.find((candidate) => candidate.layouts.length > 0);
    const detailName = line?.layouts[0]?.detailName;
    if (!line || !detailName) throw new Error("no product of the demo catalogue needs a layout");
    const layoutOfLine = async () => cartSchema.parse(await json("/api/client-cart", token)).orderProduct.find((candidate) => candidate.id === line.id)?.layouts[0];

    // 4 MB into a 3 MB upload folder: the disk fills while the file streams.
    const whileStreaming = await upload(token, line.id, detailName, minimalPdf("1.4", 4 * MB));
    expect(whileStreaming.status).toBe(503);
    expect(whileStreaming.headers.get("retry-after")).toBe("30");
    const streamingError = serverErrorSchema.parse(await whileStreaming.json());
    expect(streamingError).toMatchObject({ statusCode: 503, code: "STORAGE_UNAVAILABLE" });
    expect(streamingError.messageUI).toMatch(/^Магазин временно не может сохранить данные/);
    expect(await filesInChild(incomingDir)).toEqual([]);

    // 2 MB arrive, but the layouts' 1 MB disk cannot take the copy.
    const whileStoring = await upload(token, line.id, detailName, minimalPdf("1.4", 2 * MB));
    expect(whileStoring.status).toBe(503);
    expect(serverErrorSchema.parse(await whileStoring.json())).toMatchObject({ code: "STORAGE_UNAVAILABLE" });
    expect(await filesInChild(incomingDir)).toEqual([]);
    expect(await filesInChild(layoutDir)).toEqual([]);
    expect(await layoutOfLine()).toMatchObject({ status: "missing", layoutId: null });

    // A file that fits goes in, and reads back the same.
    const fits = minimalPdf("1.4", 100 * 1024);
    const stored = await upload(token, line.id, detailName, fits);
    expect(stored.status, await stored.clone().text()).toBe(200);
    const layout = layoutSchema.parse(await stored.json());
    const download = await fetch(layout.fileUrl, { headers: { authorization: `Bearer ${token}` } });
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(createHash("sha256").update(fits).digest("hex"));
    expect(await filesInChild(layoutDir)).toHaveLength(1);
    expect(await filesInChild(incomingDir)).toEqual([]);
  });
});
