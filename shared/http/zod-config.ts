import { config } from "zod/mini";

/*
 * Zod compiles a fast object parser with `new Function`, and first probes once whether it may. On a
 * page whose Content-Security-Policy forbids eval (partner sites often have one) the probe alone is
 * reported as a CSP violation. With `jitless` zod neither probes nor compiles.
 *
 * Zod reads the setting when a schema is built, so this module must run before the contracts are
 * evaluated: the browser entries (widgets/loader.ts, widgets/index.ts, host-site/entry-client.tsx)
 * import it before anything else, and request.ts imports it for every other client of the API
 * (the server-side render). The server builds its own schemas before it loads the render, so its
 * routes keep the compiled parsers.
 */
config({ jitless: true });
