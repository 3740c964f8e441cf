/*
 * `npm run worker`: a process that only runs checks of layouts, beside the API nodes on the same
 * PostgreSQL (DATABASE_URL) and the same file storage (OTTISK_S3_*, or a data folder they share).
 * It takes checks from the queue (server/jobs/check-runner.ts, pg-boss), runs them in
 * OTTISK_PREFLIGHT_WORKERS warm engine threads and writes the reports; it serves no HTTP. Start
 * as many as the checks need, on any machine; with them the API nodes can run
 * OTTISK_PREFLIGHT_WORKERS=0. SIGTERM or SIGINT hands the checks being run back to the queue and
 * ends the process; a worker that is killed outright loses its checks to the next worker once
 * their lease is over (the time limit and a margin).
 */
// First: NODE_ENV=production, as for the nodes.
import "./production-env";
import { readConfigOrExit } from "./config";
import type { ServerConfig } from "./config";
import { openDatabase } from "./db/client";
import { exitUnlessReady } from "./production-check";
import { createCheckRunner, SWEEP_EVERY_MS } from "./jobs/check-runner";
import { createScheduler } from "./jobs/scheduler";
import { errorForLog } from "./plugins/request-log";
import { createFileStorages } from "./storage/file-storage";

function stop(message: string): never {
  console.error(`Ottisk worker cannot start: ${message}`);
  process.exit(1);
}

const config: ServerConfig = readConfigOrExit(process.env, "Ottisk worker");
// The same environment as the nodes', so the same production check (production-check.ts).
exitUnlessReady(config, "Ottisk worker");
if (!config.databaseUrl) {
  stop("DATABASE_URL is not set. A worker shares the API nodes' PostgreSQL; with the embedded database `npm start` runs the checks itself.");
}

const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize }).catch((error: unknown) =>
  stop(`the database at DATABASE_URL does not answer (${error instanceof Error ? error.message : String(error)}); check the address, the password and that PostgreSQL is running`),
);
const { privateFiles } = createFileStorages({ filesDir: config.filesDir, s3: config.s3 });
const runner = createCheckRunner(database, privateFiles, {
  ...config.checks,
  // A worker process is there to check layouts: OTTISK_PREFLIGHT_WORKERS=0 would leave it idle.
  workers: Math.max(1, config.checks.workers),
  onError: (error, checkId) => console.error(`check ${checkId}:`, errorForLog(error)),
});

// Its one periodic task: carriers for waiting checks that have none (a node or worker died before sending).
const scheduler = createScheduler({ onError: (error, task) => console.error(`scheduled task ${task} failed; it runs again at its next tick:`, errorForLog(error)) });
scheduler.add({ name: "check-sweep", everyMs: SWEEP_EVERY_MS, run: () => runner.sweep() });

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  console.log(`${signal}: handing the running checks back and stopping`);
  await scheduler.stop();
  await runner.stop();
  await database.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

await runner.start();
scheduler.start();
console.log(
  `Ottisk worker is ready: ${Math.max(1, config.checks.workers)} check thread(s), ${config.checks.timeoutMs / 1000} s per check, files ${config.s3 ? `in the S3 bucket ${config.s3.bucket}` : `in ${config.filesDir}`}`,
);
