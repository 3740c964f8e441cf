/*
 * `npm start`: the whole shop in one process — the API under /api, the host site's pages, the
 * widgets bundle under /widgets/ and the demo pages under /demo/ — on the embedded database unless
 * DATABASE_URL names a PostgreSQL. The database is created, migrated and filled on first start.
 */
// First: NODE_ENV=production before anything loads React (server/production-env.ts).
import { productionBuild } from "./production-env";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { createDadataDirectory } from "./adapters/dadata";
import { createRecaptchaVerifier } from "./adapters/recaptcha";
import { createDadataAddressSuggester } from "./adapters/dadata-address";
import { createDeliveryProviders } from "./adapters/delivery/index";
import { createYookassaClient } from "./adapters/yookassa";
import { buildApp } from "./app";
import { readConfigOrExit } from "./config";
import type { ServerConfig } from "./config";
import { exitUnlessReady } from "./production-check";
import { openDatabase, PGLITE_FOLDER } from "./db/client";
import { firstUnwritableFolder, isStorageFault } from "./db/storage-fault";
import { seedDemoData } from "./seed/seed";
import { createFileStorages } from "./storage/file-storage";
import { hostSite } from "./plugins/host-site";
import { loggerOptions } from "./plugins/request-log";
import { sharedSecret } from "./services/accounts/shop-secret";
import { staticSite } from "./plugins/static-site";
import { startBackupEndpoint } from "./services/backup/backup-endpoint";
import type { BackupEndpoint } from "./services/backup/backup-endpoint";

const root = join(import.meta.dirname, "..");

/** A start-up problem the operator can fix gets one clear line, not a stack trace. */
function stop(message: string): never {
  console.error(`Ottisk cannot start: ${message}`);
  process.exit(1);
}

if (!productionBuild()) {
  console.warn(`NODE_ENV=${process.env.NODE_ENV ?? ""}: the pages are rendered with React's development build, about twice as slow; unset NODE_ENV or set it to production.`);
}

const config: ServerConfig = readConfigOrExit(process.env, "Ottisk");
// A shop whose public address is not loopback starts only when it is safe on the internet (production-check.ts).
exitUnlessReady(config, "Ottisk");
/** The folders the shop writes to: the files, and the embedded database's own where they exist already. */
function foldersToWrite(config: ServerConfig): string[] {
  const folders = [config.filesDir, ...(config.s3 ? [] : [join(config.filesDir, "private")])];
  if (config.databaseUrl) return folders;
  const pglite = join(config.dataDir, PGLITE_FOLDER);
  folders.push(pglite);
  for (const sub of ["global", "pg_wal", "pg_xact", "base"]) if (existsSync(join(pglite, sub))) folders.push(join(pglite, sub));
  const base = join(pglite, "base");
  if (existsSync(base)) for (const entry of readdirSync(base, { withFileTypes: true })) if (entry.isDirectory()) folders.push(join(base, entry.name));
  return folders;
}

function unwritableDataFolder(folder: string, code: string): never {
  stop(
    `the data folder ${config.dataDir} cannot be written (${code} at ${folder}); give the user running the shop write access to it or set OTTISK_DATA_DIR to another folder / ` +
      `папка данных ${config.dataDir} недоступна для записи (${code}: ${folder}) — дайте пользователю, от имени которого запущен магазин, право записи или укажите другую папку в OTTISK_DATA_DIR.`,
  );
}

const unwritable = await firstUnwritableFolder(foldersToWrite(config));
if (unwritable) unwritableDataFolder(unwritable.folder, unwritable.code);
// Public files (served at /files/) and private ones: on disk, or in the S3 bucket when OTTISK_S3_* are set.
const storages = createFileStorages({ filesDir: config.filesDir, s3: config.s3 });
let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  // Migrations, and the demo data on an empty database, under the database's set-up lock: nodes started at once take turns.
  database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize } : { dataDir: config.dataDir });
  const opened = database;
  await opened.underSetupLock(() => seedDemoData(opened.db, storages.publicFiles));
} catch (error) {
  // A folder deeper in the database that refuses writes shows up only here.
  if (!config.databaseUrl && isStorageFault(error)) unwritableDataFolder(join(config.dataDir, PGLITE_FOLDER), "a write failed");
  throw error;
}

const app = await buildApp({
  delivery: {
    providers: createDeliveryProviders(config.delivery),
    addressSuggester: config.dadataApiKey
      ? createDadataAddressSuggester({ apiKey: config.dadataApiKey, ...(config.dadataBaseUrl ? { baseUrl: config.dadataBaseUrl } : {}) })
      : null,
  },
  database: database.db,
  databaseSql: database.sql,
  underSetupLock: database.underSetupLock,
  // Caches dropped on every node after a write (LISTEN/NOTIFY on PostgreSQL): services/cache-invalidation.ts.
  notifications: database.notifications,
  probeDatabaseStorage: database.probeStorage,
  filesDir: config.filesDir,
  storages,
  maxLayoutMb: config.maxLayoutMb,
  quotas: config.quotas,
  checks: config.checks,
  // Letters by SMTP when OTTISK_SMTP_URL is set, else into the data folder's mail/ (the dev page shows them).
  mail: {
    smtpUrl: config.mail.smtpUrl ?? null,
    dir: config.mail.dir,
    devPage: config.mail.devPage,
    ...(config.mail.from ? { from: config.mail.from } : {}),
  },
  // No tokens, passwords, cookies or session headers in the log (plugins/request-log.ts).
  logger: loggerOptions(process.env.OTTISK_LOG_LEVEL ?? "info"),
  // Every link the shop gives out (letters, hand-off, payments, pages) starts with the configured address, never a request's Host.
  publicUrl: config.publicUrl,
  // The test payment page only on a shop on this machine: elsewhere the production check demands YooKassa or no card payments.
  testPaymentPage: config.loopback,
  payments: config.payments,
  partnerOrigins: config.partnerOrigins,
  trustProxy: config.trustProxy,
  requestLimits: config.requestLimits,
  // Every node must sign hand-off links and known-device cookies with one key: the operator's, else the one kept in the database.
  handoffSecret: config.handoffSecret ?? (await sharedSecret(database.db, "handoff")),
  companyDirectory: config.dadataApiKey
    ? createDadataDirectory({
        apiKey: config.dadataApiKey,
        ...(config.dadataBaseUrl ? { baseUrl: config.dadataBaseUrl } : {}),
        onError: (error) => console.warn("DaData did not answer; looking the company up among known ones", error),
      })
    : null,
  recaptcha: config.recaptcha
    ? {
        siteKey: config.recaptcha.siteKey,
        verifier: createRecaptchaVerifier({
          secretKey: config.recaptcha.secretKey,
          ...(config.recaptcha.verifyUrl ? { verifyUrl: config.recaptcha.verifyUrl } : {}),
          onError: (error) => console.warn("reCAPTCHA siteverify did not answer", error),
        }),
      }
    : null,
  yookassa: config.yookassa
    ? createYookassaClient({
        shopId: config.yookassa.shopId,
        secretKey: config.yookassa.secretKey,
        ...(config.yookassa.baseUrl ? { baseUrl: config.yookassa.baseUrl } : {}),
      })
    : null,
});
await app.register(staticSite, { distDir: join(root, "dist"), demoDir: join(root, "demo"), shopOrigin: config.publicUrl });
await app.register(hostSite, { distDir: join(root, "dist"), adminUrl: config.adminUrl });

/*
 * SIGTERM / SIGINT: stop accepting (new requests on open keep-alive sockets get 503), let requests in
 * flight finish for OTTISK_SHUTDOWN_S, then destroy the sockets still open (a slow upload, a client
 * that never sends the rest of its body). app.close() then stops the periodic tasks (preClose), hands
 * the checks being run back to the queue and stops the outbox (onClose); the database closes last.
 */
let closing = false;
let backupEndpoint: BackupEndpoint | null = null;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: closing; requests in flight have ${config.shutdownMs / 1000} s`);
  const cut = setTimeout(() => {
    app.log.warn(`${signal}: ${config.shutdownMs / 1000} s passed (OTTISK_SHUTDOWN_S); closing the connections still open`);
    app.server.closeAllConnections();
  }, config.shutdownMs);
  try {
    // The backup endpoint first: a dump in progress ends before the database closes.
    await backupEndpoint?.close();
    await app.close();
    await database.close();
  } finally {
    clearTimeout(cut);
  }
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  await database.close();
  if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
    stop(`port ${config.port} is already in use; stop the other program or start with another PORT, e.g. PORT=8081 npm start`);
  }
  throw error;
}
// `npm run backup` gets the embedded database's dump from this process, on 127.0.0.1 with a token from the data folder (services/backup/backup-endpoint.ts).
backupEndpoint = await startBackupEndpoint({ dataDir: config.dataDir, database });
if (!config.mail.smtpUrl) {
  app.log.info(
    `No OTTISK_SMTP_URL: letters are written to ${config.mail.dir}${config.mail.devPage ? ` and shown at ${config.publicUrl}/api/dev/mail (to this computer and employees only)` : ""}`,
  );
}
app.log.info(
  `Ottisk is ready: ${config.publicUrl}/catalog · API ${config.publicUrl}/api · widgets ${config.publicUrl}/widgets/ottisk.js · demo ${config.publicUrl}/demo/partner.html · data ${config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : config.dataDir}`,
);
