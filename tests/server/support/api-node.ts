import { join } from "node:path";
import { buildApp } from "../../../server/app";
import { openDatabase } from "../../../server/db/client";
import { freePort } from "../../free-port";

/*
 * An API node in a process of its own, for tests that must run the API somewhere the test process
 * cannot be — e.g. inside a mount namespace whose upload folder is a small disk that fills up
 * (tests/server/security/upload-faults.test.ts). The database comes from `childDatabase()`
 * (test-database.ts): OTTISK_TEST_NODE_DATA_DIR, a copy of the seeded embedded database with its
 * files, or DATABASE_URL with OTTISK_TEST_NODE_FILES_DIR. No worker takes checks here. Prints
 * `listening <origin>` once it takes requests; SIGTERM closes it. OTTISK_TEST_NODE_LOG=1 logs to stdout.
 */

const dataDir = process.env.OTTISK_TEST_NODE_DATA_DIR;
const databaseUrl = process.env.DATABASE_URL;
const filesDir = databaseUrl ? process.env.OTTISK_TEST_NODE_FILES_DIR : dataDir && join(dataDir, "files");
if (!filesDir || (!databaseUrl && !dataDir)) throw new Error("api-node.ts needs OTTISK_TEST_NODE_DATA_DIR, or DATABASE_URL with OTTISK_TEST_NODE_FILES_DIR");

const database = databaseUrl ? await openDatabase({ databaseUrl }) : await openDatabase({ dataDir: dataDir ?? "" });
// The node's links name its own address (publicUrl), so its port is chosen before buildApp.
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const app = await buildApp({
  database: database.db,
  databaseSql: database.sql,
  notifications: database.notifications,
  filesDir,
  publicUrl: origin,
  logger: process.env.OTTISK_TEST_NODE_LOG ? { level: "debug" } : false,
  checks: { workers: 0 },
});
await app.listen({ port, host: "127.0.0.1" });
console.log(`listening ${origin}`);

process.once("SIGTERM", () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
