import type { SessionTokenStore } from "../http/index";
import { onStoredChange, readText, STORAGE_KEYS, writeText } from "./storage";

/*
 * A widget on a partner's site keeps its session as a first-party token in the partner origin's
 * own storage and sends it as a bearer token, so nothing depends on third-party cookies. On the
 * shop's own origin there is no stored token and the httpOnly cookie does the work.
 */
export function storedSessionToken(apiBase: string): SessionTokenStore & { onChange(listener: () => void): () => void } {
  const key = STORAGE_KEYS.session(apiBase);
  let current = readText(key);
  return {
    get: () => current,
    set(token) {
      if (token === current) return;
      current = token;
      writeText(key, token);
    },
    onChange(listener) {
      return onStoredChange(key, (value) => {
        if (value === current) return;
        current = value;
        listener();
      });
    },
  };
}
