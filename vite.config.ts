import react from "@vitejs/plugin-react";
import { readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { createHash } from "node:crypto";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import { defineConfig } from "vite";
import type { Plugin, UserConfig } from "vite";

/*
 * Three builds share this file, chosen by --mode:
 *   widgets — the embeddable bundle: the loader dist/widgets/ottisk.js and its chunks in dist/widgets/chunks/;
 *   client  — the host site's browser code, with a manifest the server reads to link it;
 *   ssr     — the host site's server-side render (vite build --ssr).
 * Without a build mode it is the development and test configuration (Vite as middleware).
 */

interface ManifestDeclaration {
  name?: string;
  tagName?: string;
  summary?: string;
  attributes?: { name: string; type?: { text: string }; description?: string }[];
  events?: { name: string; type?: { text: string }; description?: string }[];
}

/**
 * The types partners get beside the bundle (dist/widgets/ottisk.d.ts), written from
 * custom-elements.json: each element's interface with its properties, HTMLElementTagNameMap,
 * the events' detail types, and React's JSX intrinsic elements with the attributes.
 */
function elementTypes(manifestText: string): string {
  const manifest = JSON.parse(manifestText) as { modules: { declarations?: ManifestDeclaration[] }[] };
  const elements = manifest.modules.flatMap((module) => module.declarations ?? []).filter((item) => item.tagName && item.name);
  const camel = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
  const comment = (text: string | undefined, indent: string) => (text ? `${indent}/** ${text.replaceAll("*/", "*\\/")} */\n` : "");
  const events = new Map<string, { type: string; description?: string }>();
  let out = "// Generated from custom-elements.json by `npm run build:widgets`. Types of the Ottisk custom elements.\n\n";
  for (const element of elements) {
    out += comment(element.summary, "");
    out += `export interface ${element.name} extends HTMLElement {\n`;
    for (const attribute of element.attributes ?? []) {
      out += comment(attribute.description, "  ");
      out += `  ${camel(attribute.name)}: ${attribute.type?.text ?? "string"} | undefined;\n`;
    }
    out += "}\n\n";
    for (const event of element.events ?? []) events.set(event.name, { type: event.type?.text ?? "CustomEvent", ...(event.description ? { description: event.description } : {}) });
  }
  out += "export interface OttiskEventMap {\n";
  for (const [name, event] of events) out += `${comment(event.description, "  ")}  "${name}": ${event.type};\n`;
  out += "}\n\ndeclare global {\n  interface HTMLElementTagNameMap {\n";
  for (const element of elements) out += `    "${element.tagName}": ${element.name};\n`;
  out += "  }\n  interface HTMLElementEventMap extends OttiskEventMap {}\n}\n\n";
  out += 'declare module "react" {\n  namespace JSX {\n    interface IntrinsicElements {\n';
  for (const element of elements) {
    const attributes = (element.attributes ?? []).map((attribute) => `"${attribute.name}"?: ${attribute.type?.text === "boolean" ? "boolean | string" : "string | number"}`);
    out += `      "${element.tagName}": React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & { ${attributes.join("; ")} };\n`;
  }
  out += "    }\n  }\n}\n";
  return out;
}

/**
 * Drops the stylesheet the widgets' faces would leave in the bundle: a face imports the stylesheet
 * its feature needs in a page's light DOM (for the host site), while the elements adopt their own
 * (`?inline`) into their shadow roots, so no partner page ever loads a CSS file from the bundle.
 */
function noLightDomStylesheet(): Plugin {
  return {
    name: "ottisk-no-light-dom-stylesheet",
    enforce: "post",
    generateBundle(_options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) if (output.type === "asset" && fileName.endsWith(".css")) delete bundle[fileName];
    },
  };
}

/** Ships custom-elements.json and the types written from it beside ottisk.js. */
function elementManifest(): Plugin {
  return {
    name: "ottisk-element-manifest",
    generateBundle() {
      const manifest = readFileSync(new URL("./widgets/custom-elements.json", import.meta.url), "utf8");
      this.emitFile({ type: "asset", fileName: "custom-elements.json", source: manifest });
      this.emitFile({ type: "asset", fileName: "ottisk.d.ts", source: elementTypes(manifest) });
    },
  };
}

const brotliCompressAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The host site's client files beside brotli (quality 11) and gzip (level 9) copies, which the
 * server sends as they are (server/plugins/host-site.ts, preCompressed): the best compression once
 * at build time instead of a quick one per request.
 */
function precompressed(): Plugin {
  return {
    name: "ottisk-precompressed",
    apply: "build",
    async writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) return;
      await Promise.all(
        Object.keys(bundle)
          .filter((fileName) => /\.(js|css|svg)$/.test(fileName))
          .map(async (fileName) => {
            const path = join(outDir, fileName);
            const bytes = await readFile(path);
            if (bytes.length < 1024) return;
            const [brotli, gzipped] = await Promise.all([
              brotliCompressAsync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
              gzipAsync(bytes, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${path}.br`, brotli), writeFile(`${path}.gz`, gzipped)]);
          }),
      );
    },
  };
}

const version = (JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string }).version;

/*
 * The CSS's browsers: those with light-dark() (the palette of shared/ui/base.css). With the JS's
 * es2022 the minifier (Lightning CSS) rewrites light-dark() into its polyfill, which needs
 * `color-scheme: light dark` on the same element; base.css has `color-scheme: inherit`, so every
 * --ottisk-color-* became an invalid value and the elements lost their colours and borders.
 */
const cssTarget = ["chrome123", "edge123", "firefox120", "safari17.5"];

const zodConfigModule = fileURLToPath(new URL("./shared/http/zod-config.ts", import.meta.url));

/**
 * In the browser builds every module that imports zod to build schemas imports shared/http/zod-config.ts
 * first (prepended here, on its first line): zod is set to jitless before any schema is built,
 * whichever chunk the schemas land in and whenever it loads, so no entry has to import zod up front
 * and a page that validates nothing (a pre-drawn catalogue) downloads no zod at all.
 */
function jitlessZod(): Plugin {
  return {
    name: "ottisk-jitless-zod",
    transform(code, id) {
      if (id === zodConfigModule || id.includes("/node_modules/") || !/^import\s+\{[^}]*\}\s+from\s+["']zod\/mini["']/m.test(code)) return null;
      return { code: `import ${JSON.stringify(zodConfigModule)};${code}`, map: null };
    },
  };
}

/**
 * The designer's fonts (`*.ttf?url` in widgets/designer/fonts.ts) as files of their own beside the
 * chunks (dist/widgets/fonts/<name>-<hash>.ttf, cached for good), fetched when the designer needs
 * one. Library mode would inline every `?url` asset as base64: the designer's chunk then carried
 * all twelve faces, 3.5 MB (1.6 MB gzip), on every page that has the tag.
 */
function designerFontFiles(): Plugin {
  return {
    name: "ottisk-designer-font-files",
    enforce: "pre",
    load(id) {
      const [file, query] = id.split("?");
      if (!file?.endsWith(".ttf") || query !== "url") return null;
      const source = readFileSync(file);
      const hash = createHash("sha256").update(source).digest("hex").slice(0, 10);
      const fileName = `fonts/${basename(file, ".ttf")}-${hash}.ttf`;
      this.emitFile({ type: "asset", fileName, source });
      // Relative to the chunk that asks (dist/widgets/chunks/), so it resolves on the shop's origin from a partner's page too.
      return `export default new URL(/* @vite-ignore */ ${JSON.stringify(`../${fileName}`)}, import.meta.url).href;`;
    },
  };
}

export default defineConfig(({ mode, isSsrBuild }): UserConfig => {
  const common: UserConfig = {
    plugins: [react()],
    // Workers (the preflight engine, pdf.js) are module workers.
    worker: { format: "es" },
    define: { __OTTISK_VERSION__: JSON.stringify(version) },
    publicDir: false,
  };

  if (mode === "widgets") {
    return {
      ...common,
      plugins: [...(common.plugins ?? []), designerFontFiles(), elementManifest(), jitlessZod(), noLightDomStylesheet()],
      define: { ...common.define, "process.env.NODE_ENV": JSON.stringify("production") },
      // Asset and worker addresses relative to the chunk that asks (new URL(…, import.meta.url)), so
      // they resolve on the shop's origin from a partner's page too.
      base: "./",
      build: {
        outDir: "dist/widgets",
        emptyOutDir: true,
        target: "es2022",
        cssTarget,
        // The loader is the entry; each element's code and the shared runtime (React, the store, the
        // API client) become chunks it imports when a tag first appears.
        lib: { entry: "widgets/loader.ts", formats: ["es"], fileName: () => "ottisk.js" },
        rolldownOptions: {
          // The loader exports nothing; a chunk may export more than its modules did (needed by the faces' group below).
          preserveEntrySignatures: "allow-extension",
          output: {
            minify: true,
            chunkFileNames: "chunks/[name]-[hash].js",
            // The widgets' faces (widgets/<tag>/index.ts) in one small chunk of their own: the loader
            // reads every face's `elements`, and a widget that opens another (the cart the checker,
            // the checker the PDF viewer) takes that face's lazy loader. Left to itself the bundler
            // puts a face where it is used first, and the loader would then import a feature's whole chunk.
            codeSplitting: { groups: [{ name: "faces", test: /widgets[\\/][^\\/]+[\\/]index\.ts$/, includeDependenciesRecursively: false }] },
          },
        },
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
        rolldownOptions: {
          input: "host-site/entry-server.tsx",
          output: { entryFileNames: "entry-server.js" },
          // The host site imports the contracts itself; shared/http's lazy contract loading is for the widgets.
          checks: { ineffectiveDynamicImport: false },
        },
      },
    };
  }

  return {
    ...common,
    plugins: [...(common.plugins ?? []), precompressed(), jitlessZod()],
    build: {
      outDir: "dist/host-site/client",
      emptyOutDir: true,
      manifest: true,
      target: "es2022",
      cssTarget,
      rolldownOptions: {
        // The service worker (host-site/sw.ts) is a second entry with a fixed name, served at /sw.js.
        // The boot script (host-site/boot.ts) is a third: the page's only script tag, it loads the entry.
        input: { boot: "host-site/boot.ts", "entry-client": "host-site/entry-client.tsx", sw: "host-site/sw.ts" },
        output: {
          entryFileNames: (chunk) => (chunk.name === "sw" ? "sw.js" : "assets/[name]-[hash].js"),
          // react-dom and zod in chunks of their own, so the boot script can evaluate them one task
          // at a time (host-site/boot.ts) rather than in one long task with the app's code. The
          // jitless setting goes with zod: it must run before any schema is built.
          codeSplitting: {
            groups: [
              // Every stylesheet in one file, linked by the server's render before any script: the
              // widgets' faces bring their stylesheets, and a face shared with a page's lazy chunk
              // would otherwise take its CSS into a file of its own.
              { name: "site", test: /\.css$/ },
              { name: "react-dom", test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
              { name: "zod", test: /node_modules[\\/]zod[\\/]|shared[\\/]http[\\/]zod-config\.ts$/ },
            ],
          },
        },
      },
    },
  };
});
