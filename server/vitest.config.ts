import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

/*
 * Unit and cross-area tests of the server, the contracts and the API client, in Node. The root
 * vite.config.ts belongs to the browser builds; this file is chosen with --config (npm run test:unit).
 */
/**
 * Files that never reach DATABASE_URL: their shops are child processes started with an environment
 * of their own (embedded PGlite), or they use no database at all. `npm run test:postgres` would only
 * run them a second time, the same way (about 75 s of its time on a 2-core machine).
 */
const EMBEDDED_DATABASE_ONLY = [
  "tests/server/security/going-live.test.ts",
  "tests/server/security/faults.test.ts",
  "tests/server/backup-s3.test.ts",
  "tests/server/files-storage-s3.test.ts",
  "tests/server/widget-faces.test.ts",
  "tests/server/account-routes.test.ts",
  // The layout designer's export: no database at all (~90 s of property test and tools).
  "tests/designer/**",
];

export default defineConfig({
  root: fileURLToPath(new URL("..", import.meta.url)),
  test: {
    environment: "node",
    include: ["server/**/*.test.ts", "shared/**/*.test.ts", "tests/server/**/*.test.ts", "preflight/**/*.test.ts", "tests/preflight/**/*.test.ts", "tests/docs/**/*.test.ts", "tests/lint/**/*.test.ts", "tests/designer/**/*.test.ts", "widgets/designer/**/*.test.ts"],
    exclude: process.env.DATABASE_URL ? [...configDefaults.exclude, ...EMBEDDED_DATABASE_ONLY] : configDefaults.exclude,
    globalSetup: ["tests/server/support/global-setup.ts"],
    // Opening a database copy and closing it take a moment under load; a real hang still fails.
    testTimeout: 20_000,
    // Vitest's default is one worker per core less one: a single worker on a 2-core machine. Most
    // files wait on a database, a child process or a socket as much as on the CPU, so two workers
    // finish eight of the heaviest files in 84 s instead of 126 s there (three: 80 s).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    hookTimeout: 60_000,
  },
});
