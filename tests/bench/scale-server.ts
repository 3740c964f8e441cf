import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "../../server/app";
import { openDatabase } from "../../server/db/client";
import { hostSite } from "../../server/plugins/host-site";
import { staticSite } from "../../server/plugins/static-site";

/*
 * The shop of `npm run bench:scale` in a process of its own: the same app, host site and widgets as
 * `npm start` (server/server.ts), started by the benchmark with NODE_ENV=production, on a database the
 * benchmark has already seeded (it is not seeded here, so the measured process never pays for it),
 * serving the benchmark's copy of dist/. Arguments: the data folder (PGlite lives in its pglite/ and
 * the files in its files/), the dist folder, the port, and optionally a PostgreSQL URL to use
 * instead of the embedded database.
 */
const [dataDir, distDir, portText, databaseUrl] = process.argv.slice(2);
if (!dataDir || !distDir || !portText) throw new Error("usage: scale-server.ts <data folder> <dist folder> <port> [postgres URL]");
const port = Number(portText);
const origin = `http://127.0.0.1:${port}`;
const root = fileURLToPath(new URL("../..", import.meta.url));

const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
const app = await buildApp({ database: database.db, filesDir: join(dataDir, "files"), logger: false, publicUrl: origin });
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
