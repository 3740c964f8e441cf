/** The package version, set by vite.config.ts at build time; used to tell two copies apart. */
declare const __OTTISK_VERSION__: string;
