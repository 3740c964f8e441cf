import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/*
 * Unit and cross-area tests of the server, the contracts and the API client, in Node. The root
 * vite.config.ts belongs to the browser builds; this file is chosen with --config (npm run test:unit).
 */
export default defineConfig({
  root: fileURLToPath(new URL("..", import.meta.url)),
  test: {
    environment: "node",
    include: ["server/**/*.test.ts", "shared/**/*.test.ts", "tests/server/**/*.test.ts", "preflight/**/*.test.ts", "tests/preflight/**/*.test.ts", "tests/docs/**/*.test.ts", "tests/lint/**/*.test.ts"],
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
