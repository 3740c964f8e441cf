import { config } from "zod/mini";

/*
 * Zod compiles a fast object parser with `new Function`, and first probes once whether it may. On a
 * page whose Content-Security-Policy forbids eval (partner sites often have one) the probe alone is
 * reported as a CSP violation. With `jitless` zod neither probes nor compiles.
 *
 * Zod reads the setting when a schema is built, so this module must run before the contracts are
 * evaluated. The browser builds make sure of it for every module: each module that builds schemas
 * gets an import of this one prepended (vite.config.ts, jitlessZod). widgets/index.ts and
 * host-site/entry-client.tsx still import it first, for the tests' Vite server, which has no such
 * plugin. The server and its render keep the compiled parsers.
 */
config({ jitless: true });
