import { join, resolve } from "node:path";

/** How the server is set up, read once at start from the environment. */
export interface ServerConfig {
  /** PORT, default 8080. */
  port: number;
  /** HOST, default 0.0.0.0 (every interface). */
  host: string;
  /** OTTISK_DATA_DIR, default ./data; absolute. Holds the embedded database and the files. */
  dataDir: string;
  /** DATABASE_URL: a PostgreSQL server instead of the embedded PGlite; undefined when not set. */
  databaseUrl: string | undefined;
  /** Uploaded and generated files, served at /files/: always `dataDir/files`. */
  filesDir: string;
  /** OTTISK_PUBLIC_URL: where shoppers reach the shop, without a trailing slash; default http://localhost:PORT. */
  publicUrl: string;
  /** OTTISK_PARTNER_ORIGINS: the sites allowed to call the API from a browser (CORS), comma-separated. */
  partnerOrigins: string[];
  /** DADATA_API_KEY: look companies up by ИНН in DaData; without it the shop answers from companies it knows. */
  dadataApiKey: string | undefined;
  /** DADATA_BASE_URL: DaData's address, default https://suggestions.dadata.ru (a proxy or a test double). */
  dadataBaseUrl: string | undefined;
  /** RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY together switch the feedback form's captcha on. */
  recaptcha: { siteKey: string; secretKey: string; verifyUrl: string | undefined } | undefined;
}

/** A setting that cannot work; the message names the variable and what it should look like. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

type Env = Readonly<Record<string, string | undefined>>;

/** An unset variable and an empty one mean the same: use the default. */
function setting(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function readPort(env: Env): number {
  const text = setting(env, "PORT");
  if (text === undefined) return 8080;
  const port = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new ConfigError(`PORT must be a whole number from 1 to 65535, got "${text}"`);
  }
  return port;
}

function readUrl(name: string, text: string, protocols: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`${name} must be a full URL such as ${protocols[0]}//host, got "${text}"`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.join(" or ")}//, got "${text}"`);
  }
  return url;
}

/** An origin is scheme, host and port only: that is what a browser sends in its Origin header. */
function readOrigin(name: string, text: string): string {
  const url = readUrl(name, text, ["http:", "https:"]);
  if (url.pathname !== "/" || url.search || url.hash || url.username || url.password) {
    throw new ConfigError(`${name} lists "${text}", which is not an origin: give scheme, host and port only, e.g. https://partner.example`);
  }
  return url.origin;
}

export function readConfig(env: Env, cwd: string = process.cwd()): ServerConfig {
  const port = readPort(env);
  const host = setting(env, "HOST") ?? "0.0.0.0";
  const dataDir = resolve(cwd, setting(env, "OTTISK_DATA_DIR") ?? "data");

  const databaseUrlText = setting(env, "DATABASE_URL");
  const databaseUrl =
    databaseUrlText === undefined ? undefined : (readUrl("DATABASE_URL", databaseUrlText, ["postgres:", "postgresql:"]), databaseUrlText);

  const publicUrlText = setting(env, "OTTISK_PUBLIC_URL");
  const publicUrl =
    publicUrlText === undefined
      ? `http://localhost:${port}`
      : (readUrl("OTTISK_PUBLIC_URL", publicUrlText, ["http:", "https:"]), publicUrlText.replace(/\/+$/, ""));

  const originsText = setting(env, "OTTISK_PARTNER_ORIGINS");
  const partnerOrigins =
    originsText === undefined
      ? [`http://localhost:${port}`, `http://127.0.0.1:${port}`]
      : originsText
          .split(",")
          .map((origin) => origin.trim())
          .filter((origin) => origin !== "")
          .map((origin) => readOrigin("OTTISK_PARTNER_ORIGINS", origin));

  const dadataBaseText = setting(env, "DADATA_BASE_URL");
  const dadataBaseUrl = dadataBaseText === undefined ? undefined : readUrl("DADATA_BASE_URL", dadataBaseText, ["http:", "https:"]).href.replace(/\/+$/, "");
  const recaptchaSiteKey = setting(env, "RECAPTCHA_SITE_KEY");
  const recaptchaSecretKey = setting(env, "RECAPTCHA_SECRET_KEY");
  if ((recaptchaSiteKey === undefined) !== (recaptchaSecretKey === undefined)) {
    throw new ConfigError("RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY go together: set both, or neither to run without a captcha");
  }
  const verifyText = setting(env, "RECAPTCHA_VERIFY_URL");
  const recaptcha =
    recaptchaSiteKey && recaptchaSecretKey
      ? {
          siteKey: recaptchaSiteKey,
          secretKey: recaptchaSecretKey,
          verifyUrl: verifyText === undefined ? undefined : readUrl("RECAPTCHA_VERIFY_URL", verifyText, ["http:", "https:"]).href,
        }
      : undefined;
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    filesDir: join(dataDir, "files"),
    publicUrl,
    partnerOrigins,
    dadataApiKey: setting(env, "DADATA_API_KEY"),
    dadataBaseUrl,
    recaptcha,
  };
}
