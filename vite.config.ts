import react from "@vitejs/plugin-react";
import { readFileSync } from "node:fs";
import { defineConfig } from "vite";
import type { UserConfig } from "vite";

/*
 * Three builds share this file, chosen by --mode:
 *   widgets — the embeddable bundle: the loader dist/widgets/ottisk.js and its chunks in dist/widgets/chunks/;
 *   client  — the host site's browser code, with a manifest the server reads to link it;
 *   ssr     — the host site's server-side render (vite build --ssr).
 * Without a build mode it is the development and test configuration (Vite as middleware).
 */

const version = (JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string }).version;

export default defineConfig(({ mode, isSsrBuild }): UserConfig => {
  const common: UserConfig = {
    plugins: [react()],
    define: { __OTTISK_VERSION__: JSON.stringify(version) },
    publicDir: false,
  };

  if (mode === "widgets") {
    return {
      ...common,
      define: { ...common.define, "process.env.NODE_ENV": JSON.stringify("production") },
      build: {
        outDir: "dist/widgets",
        emptyOutDir: true,
        target: "es2022",
        // The loader is the entry; each element's code and the shared runtime (React, the store, the
        // API client) become chunks it imports when a tag first appears.
        lib: { entry: "widgets/loader.ts", formats: ["es"], fileName: () => "ottisk.js" },
        rolldownOptions: { output: { minify: true, chunkFileNames: "chunks/[name]-[hash].js" } },
      },
    };
  }

  if (isSsrBuild) {
    return {
      ...common,
      build: {
        outDir: "dist/host-site/server",
        emptyOutDir: true,
        target: "node20",
        rolldownOptions: { input: "host-site/entry-server.tsx", output: { entryFileNames: "entry-server.js" } },
      },
    };
  }

  return {
    ...common,
    build: {
      outDir: "dist/host-site/client",
      emptyOutDir: true,
      manifest: true,
      target: "es2022",
      rolldownOptions: { input: "host-site/entry-client.tsx" },
    },
  };
});
