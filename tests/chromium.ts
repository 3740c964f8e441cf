import { existsSync } from "node:fs";

/*
 * The browser every browser test drives: Debian's Chromium (no browser downloads here). Tests
 * launch it headless with the flags that keep it off the network it cannot reach.
 */

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
  const found = candidates.find((path): path is string => Boolean(path) && existsSync(path as string));
  if (!found) {
    throw new Error("Chromium is missing: on Debian run `apt-get install chromium`, or set CHROMIUM_PATH to a Chromium binary");
  }
  return found;
}

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  "--disable-dev-shm-usage",
];
