import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "../../server/app";
import { openDatabase } from "../../server/db/client";
import { seedDemoData } from "../../server/seed/seed";
import { createFileStorages } from "../../server/storage/file-storage";
import { hostSite } from "../../server/plugins/host-site";
import { staticSite } from "../../server/plugins/static-site";

/*
 * The shop of `npm run bench:lighthouse` and `npm run bench:scale` in a process of its own: the same
 * app, widgets and host site as `npm start` (server/server.ts), serving a copy of dist/ the benchmark
 * took when it started, so a build running meanwhile cannot change the files under the measured
 * pages. Arguments: the data folder (PGlite in its pglite/, files in its files/), the dist folder,
 * the port, and optionally a PostgreSQL URL to use instead of the embedded database. The demo data
 * is seeded at start, unless BENCH_PRESEEDED=1 says the benchmark seeded the database itself (so
 * the measured process never pays for it).
 */
const [dataDir, distDir, portText, databaseUrl] = process.argv.slice(2);
if (!dataDir || !distDir || !portText) throw new Error("usage: site-server.ts <data folder> <dist folder> <port> [postgres URL]");
const port = Number(portText);
const origin = `http://localhost:${port}`;
const root = fileURLToPath(new URL("../..", import.meta.url));

const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
if (process.env.BENCH_PRESEEDED !== "1") await seedDemoData(database.db, createFileStorages({ filesDir: join(dataDir, "files") }).publicFiles);
const app = await buildApp({ database: database.db, databaseSql: database.sql, filesDir: join(dataDir, "files"), logger: false, publicUrl: origin });
await app.register(staticSite, { distDir, demoDir: join(root, "demo"), shopOrigin: origin });
await app.register(hostSite, { distDir });
process.once("SIGTERM", () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
await app.listen({ port, host: "127.0.0.1" });
process.stdout.write(`LISTENING ${origin}\n`);
