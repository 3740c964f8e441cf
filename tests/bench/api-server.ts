import { sql } from "drizzle-orm";
import { join } from "node:path";
import { buildApp } from "../../server/app";
import { openDatabase } from "../../server/db/client";

/*
 * The API of `npm run bench:api` in a process of its own, on the embedded database the benchmark
 * prepared (argument: the data folder), configured as `npm start` runs it but without logging, plus
 * one route of its own, GET /bench/one-query (below).
 */
const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: api-server.ts <data folder>");
const database = await openDatabase({ dataDir });
const app = await buildApp({ database: database.db, databaseSql: database.sql, filesDir: join(dataDir, "files"), logger: false });
// The benchmark's reference for a route that reads the database: one trivial statement through the same driver, no session, no contract.
app.get("/bench/one-query", async () => {
  await database.db.execute(sql`SELECT 1 AS one`);
  return { ok: true };
});
// Ends cleanly on Ctrl-C, so a --cpu-prof run writes its profile.
process.once("SIGINT", () => process.exit(0));
const address = await app.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write(`LISTENING ${address}\n`);
