/*
 * Imported first by server/server.ts (`npm start`), before any module that reads NODE_ENV: the shop
 * runs React's production build unless NODE_ENV says otherwise. Without it the server render ran
 * React's development build (prop checks, warnings, component stacks): /catalog took 1.8× as long.
 * Nothing else in server/ reads NODE_ENV (mail's dev page, error details and the logger follow their
 * own settings in config.ts), so this changes only the libraries' builds.
 */
process.env.NODE_ENV ??= "production";

/** Whether the libraries that read NODE_ENV when they load (React, react-dom) pick their production build. */
export function productionBuild(): boolean {
  return process.env.NODE_ENV === "production";
}
