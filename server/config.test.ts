import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "./config";
import { DEFAULT_QUOTAS } from "./limits";

const cwd = "/srv/ottisk";

/** The whole configuration of an empty environment in /srv/ottisk. */
const defaults = {
  port: 8080,
  host: "127.0.0.1",
  dataDir: "/srv/ottisk/data",
  databaseUrl: undefined,
  databasePoolSize: 10,
  filesDir: "/srv/ottisk/data/files",
  publicUrl: "http://localhost:8080",
  loopback: true,
  partnerOrigins: ["http://localhost:8080", "http://127.0.0.1:8080"],
  maxLayoutMb: 100,
  checks: { workers: 1, timeoutMs: 60_000, memoryMb: 512, accountConcurrency: 2, retries: 2 },
  trustProxy: false,
  requestLimits: {},
  quotas: DEFAULT_QUOTAS,
  delivery: {},
  payments: ["card", "invoice", "balance"],
  shutdownMs: 10_000,
  mail: { devPage: true, devPageAsked: false, dir: "/srv/ottisk/data/mail" },
};

describe("readConfig", () => {
  it("has defaults for an empty environment", () => {
    expect(readConfig({}, cwd)).toEqual(defaults);
  });

  it("reads every variable", () => {
    const config = readConfig(
      {
        PORT: "3000",
        HOST: "127.0.0.1",
        OTTISK_DATA_DIR: "var/shop",
        DATABASE_URL: "postgres://ottisk:secret@db:5432/ottisk",
        OTTISK_PUBLIC_URL: "https://ottisk.example/",
        OTTISK_ADMIN_URL: "https://panel.ottisk.example/admin/",
        OTTISK_PARTNER_ORIGINS: " https://partner.example , http://cms.example:8081,",
      },
      cwd,
    );
    expect(config).toEqual({
      ...defaults,
      port: 3000,
      host: "127.0.0.1",
      dataDir: "/srv/ottisk/var/shop",
      databaseUrl: "postgres://ottisk:secret@db:5432/ottisk",
      filesDir: "/srv/ottisk/var/shop/files",
      publicUrl: "https://ottisk.example",
      loopback: false,
      adminUrl: "https://panel.ottisk.example/admin",
      partnerOrigins: ["https://partner.example", "http://cms.example:8081"],
      mail: { devPage: false, devPageAsked: false, dir: "/srv/ottisk/var/shop/mail" },
    });
  });

  it("reads the mail settings: SMTP, the sender and the dev mail page", () => {
    expect(readConfig({ OTTISK_SMTP_URL: "smtp://user:pass@smtp.example.ru:587", OTTISK_MAIL_FROM: "Оттиск <shop@example.ru>", OTTISK_DEV_MAIL: "OFF" }, cwd).mail).toEqual({
      smtpUrl: "smtp://user:pass@smtp.example.ru:587",
      from: "Оттиск <shop@example.ru>",
      devPage: false,
      devPageAsked: false,
      dir: "/srv/ottisk/data/mail",
    });
    expect(readConfig({ OTTISK_MAIL_FROM: "shop@example.ru" }, cwd).mail.from).toBe("shop@example.ru");
    expect(() => readConfig({ OTTISK_SMTP_URL: "https://smtp.example.ru" }, cwd)).toThrow(/OTTISK_SMTP_URL must start with smtp: or smtps:/);
    expect(() => readConfig({ OTTISK_MAIL_FROM: "Оттиск" }, cwd)).toThrow(/OTTISK_MAIL_FROM must be an address/);
    expect(() => readConfig({ OTTISK_DEV_MAIL: "maybe" }, cwd)).toThrow(/OTTISK_DEV_MAIL must be "on" or "off"/);
    // A shop on the internet never shows the letters (they carry sign-in links): OTTISK_DEV_MAIL=on is
    // kept only for the production check to refuse (production-check.test.ts).
    expect(readConfig({ OTTISK_PUBLIC_URL: "https://shop.example" }, cwd).mail.devPage).toBe(false);
    expect(readConfig({ OTTISK_PUBLIC_URL: "https://shop.example", OTTISK_DEV_MAIL: "on" }, cwd).mail).toMatchObject({ devPage: false, devPageAsked: true });
    expect(readConfig({ OTTISK_PUBLIC_URL: "http://127.0.0.1:8080" }, cwd).mail.devPage).toBe(true);
  });

  it("keeps an absolute data folder and follows PORT in the defaults", () => {
    const config = readConfig({ PORT: "9090", OTTISK_DATA_DIR: "/data/ottisk" }, cwd);
    expect(config.dataDir).toBe("/data/ottisk");
    expect(config.publicUrl).toBe("http://localhost:9090");
    expect(config.partnerOrigins).toEqual(["http://localhost:9090", "http://127.0.0.1:9090"]);
  });

  it("treats empty variables as unset", () => {
    expect(readConfig({ PORT: "", DATABASE_URL: " ", OTTISK_PARTNER_ORIGINS: "" }, cwd)).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      partnerOrigins: ["http://localhost:8080", "http://127.0.0.1:8080"],
    });
  });

  it.each([
    ["PORT", "eighty", /PORT must be a whole number/],
    ["PORT", "80.5", /PORT must be a whole number/],
    ["PORT", "0", /PORT must be a whole number from 1 to 65535/],
    ["PORT", "70000", /PORT must be a whole number from 1 to 65535/],
    ["DATABASE_URL", "mysql://db/ottisk", /DATABASE_URL must start with postgres: or postgresql:/],
    ["DATABASE_URL", "not a url", /DATABASE_URL must be a full URL/],
    ["OTTISK_PUBLIC_URL", "ottisk.example", /OTTISK_PUBLIC_URL must be a full URL/],
    ["OTTISK_ADMIN_URL", "panel.ottisk.example", /OTTISK_ADMIN_URL must be a full URL/],
    ["OTTISK_PARTNER_ORIGINS", "https://partner.example/shop", /not an origin/],
    ["OTTISK_PARTNER_ORIGINS", "ftp://partner.example", /must start with http: or https:/],
    ["OTTISK_HANDOFF_SECRET", "too-short", /OTTISK_HANDOFF_SECRET must be at least 32 characters/],
  ])("rejects %s=%s with a clear message", (name, value, message) => {
    expect(() => readConfig({ [name]: value }, cwd)).toThrow(ConfigError);
    expect(() => readConfig({ [name]: value }, cwd)).toThrow(message);
  });

  it("trusts no proxy by default, and the proxy addresses OTTISK_TRUST_PROXY names", () => {
    const site = { OTTISK_PUBLIC_URL: "https://shop.example" };
    expect(() => readConfig({ ...site, OTTISK_TRUST_PROXY: "1" }, cwd), "a hop count would trust whoever connects directly").toThrow(ConfigError);
    expect(readConfig({ ...site, OTTISK_TRUST_PROXY: " loopback, 10.0.0.0/8 ,::1" }, cwd).trustProxy).toEqual(["loopback", "10.0.0.0/8", "::1"]);
    expect(() => readConfig({ ...site, OTTISK_TRUST_PROXY: "true" }, cwd)).toThrow(ConfigError);
    expect(() => readConfig({ ...site, OTTISK_TRUST_PROXY: "proxy.example" }, cwd)).toThrow(/OTTISK_TRUST_PROXY/);
  });

  it("refuses OTTISK_TRUST_PROXY without OTTISK_PUBLIC_URL: behind a proxy only the operator knows the shop's address (issue 28)", () => {
    expect(() => readConfig({ OTTISK_TRUST_PROXY: "loopback" }, cwd)).toThrow(ConfigError);
    expect(() => readConfig({ OTTISK_TRUST_PROXY: "loopback" }, cwd)).toThrow(/OTTISK_TRUST_PROXY is set but OTTISK_PUBLIC_URL is not.*OTTISK_PUBLIC_URL/);
    expect(readConfig({ OTTISK_TRUST_PROXY: "loopback", OTTISK_PUBLIC_URL: "http://localhost:8080" }, cwd).trustProxy).toEqual(["loopback"]);
  });

  it("listens on loopback by default, on every interface for a public address, and on HOST when it is set (issue 28)", () => {
    expect(readConfig({}, cwd).host).toBe("127.0.0.1");
    expect(readConfig({ OTTISK_PUBLIC_URL: "http://127.0.0.1:8080" }, cwd).host).toBe("127.0.0.1");
    expect(readConfig({ OTTISK_PUBLIC_URL: "https://shop.example" }, cwd)).toMatchObject({ host: "0.0.0.0", loopback: false });
    expect(readConfig({ OTTISK_PUBLIC_URL: "https://shop.example", HOST: "10.0.0.5" }, cwd).host).toBe("10.0.0.5");
    expect(readConfig({ HOST: "0.0.0.0" }, cwd).host).toBe("0.0.0.0");
  });

  it("reads the payment methods offered (OTTISK_PAYMENTS) and the shutdown deadline (OTTISK_SHUTDOWN_S) (issue 28)", () => {
    expect(readConfig({ OTTISK_PAYMENTS: " Invoice , balance" }, cwd).payments).toEqual(["invoice", "balance"]);
    expect(readConfig({ OTTISK_PAYMENTS: "balance,card" }, cwd).payments).toEqual(["card", "balance"]);
    expect(() => readConfig({ OTTISK_PAYMENTS: "invoice,cash" }, cwd)).toThrow(/OTTISK_PAYMENTS must list the payment methods offered, of card, invoice and balance/);
    expect(() => readConfig({ OTTISK_PAYMENTS: "," }, cwd)).toThrow(/OTTISK_PAYMENTS/);
    expect(readConfig({ OTTISK_SHUTDOWN_S: "2" }, cwd).shutdownMs).toBe(2000);
    expect(() => readConfig({ OTTISK_SHUTDOWN_S: "0" }, cwd)).toThrow(/OTTISK_SHUTDOWN_S must be a whole number from 1 to 600/);
  });

  it("reads request limits over the defaults from OTTISK_RATE_LIMITS, and refuses a limit it does not know", () => {
    expect(readConfig({ OTTISK_RATE_LIMITS: " login=100/5m, temp-account=200/1h,feedback=3/30s" }, cwd).requestLimits).toEqual({
      login: { max: 100, windowMs: 300_000 },
      "temp-account": { max: 200, windowMs: 3_600_000 },
      feedback: { max: 3, windowMs: 30_000 },
    });
    expect(() => readConfig({ OTTISK_RATE_LIMITS: "logins=100/5m" }, cwd)).toThrow(/OTTISK_RATE_LIMITS: "logins=100\/5m" is not name=count\/window/);
    expect(() => readConfig({ OTTISK_RATE_LIMITS: "login=0/5m" }, cwd)).toThrow(ConfigError);
    expect(() => readConfig({ OTTISK_RATE_LIMITS: "login=10/2d" }, cwd)).toThrow(ConfigError);
  });

  it("takes a hand-off secret of 32 characters or more, and none by default", () => {
    expect(readConfig({}, cwd).handoffSecret).toBeUndefined();
    expect(readConfig({ OTTISK_HANDOFF_SECRET: "x".repeat(32) }, cwd).handoffSecret).toBe("x".repeat(32));
  });

  it("takes YooKassa's keys together, or runs the test payment page without them", () => {
    expect(readConfig({}, cwd).yookassa).toBeUndefined();
    expect(readConfig({ YOOKASSA_SHOP_ID: "123456", YOOKASSA_SECRET_KEY: "test_secret", YOOKASSA_BASE_URL: "http://127.0.0.1:9/" }, cwd).yookassa).toEqual({
      shopId: "123456",
      secretKey: "test_secret",
      baseUrl: "http://127.0.0.1:9",
    });
    expect(() => readConfig({ YOOKASSA_SHOP_ID: "123456" }, cwd)).toThrow(/YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY go together/);
    expect(() => readConfig({ YOOKASSA_SHOP_ID: "shop", YOOKASSA_SECRET_KEY: "s" }, cwd)).toThrow(/numeric shop id/);
    expect(() => readConfig({ YOOKASSA_SHOP_ID: "1", YOOKASSA_SECRET_KEY: "s", YOOKASSA_BASE_URL: "api.yookassa.ru" }, cwd)).toThrow(/YOOKASSA_BASE_URL must be a full URL/);
  });

  it("switches each delivery provider on by its keys, or prices by the shop's table without them", () => {
    expect(readConfig({}, cwd).delivery).toEqual({ cdek: undefined, boxberry: undefined, dpd: undefined, yandex: undefined });
    expect(
      readConfig(
        {
          CDEK_CLIENT_ID: "id",
          CDEK_CLIENT_SECRET: "secret",
          CDEK_BASE_URL: "https://api.edu.cdek.ru/",
          BOXBERRY_TOKEN: "bb",
          DPD_CLIENT_NUMBER: "1001",
          DPD_CLIENT_KEY: "key",
          DPD_BASE_URL: "http://127.0.0.1:9",
          YANDEX_DELIVERY_TOKEN: "ya",
        },
        cwd,
      ).delivery,
    ).toEqual({
      cdek: { clientId: "id", clientSecret: "secret", baseUrl: "https://api.edu.cdek.ru" },
      boxberry: { token: "bb", baseUrl: undefined },
      dpd: { clientNumber: "1001", clientKey: "key", baseUrl: "http://127.0.0.1:9" },
      yandex: { token: "ya", baseUrl: undefined },
    });
    expect(() => readConfig({ CDEK_CLIENT_ID: "id" }, cwd)).toThrow(/CDEK_CLIENT_ID and CDEK_CLIENT_SECRET go together/);
    expect(() => readConfig({ DPD_CLIENT_NUMBER: "x", DPD_CLIENT_KEY: "k" }, cwd)).toThrow(/numeric client number/);
    expect(() => readConfig({ BOXBERRY_BASE_URL: "api.boxberry.ru" }, cwd)).toThrow(/BOXBERRY_BASE_URL must be a full URL/);
  });

  it("reads the private files' S3 bucket (all five variables or none), the layout size and the check workers' limits", () => {
    const s3 = {
      OTTISK_S3_ENDPOINT: "https://storage.yandexcloud.net/",
      OTTISK_S3_BUCKET: "ottisk",
      OTTISK_S3_REGION: "ru-central1",
      OTTISK_S3_ACCESS_KEY_ID: "key",
      OTTISK_S3_SECRET_ACCESS_KEY: "secret",
    };
    expect(readConfig(s3, cwd).s3).toEqual({ endpoint: "https://storage.yandexcloud.net", bucket: "ottisk", region: "ru-central1", accessKeyId: "key", secretAccessKey: "secret" });
    expect(readConfig({}, cwd).s3).toBeUndefined();
    expect(() => readConfig({ ...s3, OTTISK_S3_BUCKET: "" }, cwd)).toThrow(/set all five or none; missing OTTISK_S3_BUCKET/);
    expect(() => readConfig({ ...s3, OTTISK_S3_ENDPOINT: "storage.yandexcloud.net" }, cwd)).toThrow(/OTTISK_S3_ENDPOINT must be a full URL/);
    const limits = readConfig({ OTTISK_MAX_LAYOUT_MB: "250", OTTISK_PREFLIGHT_WORKERS: "2", OTTISK_PREFLIGHT_TIMEOUT_S: "45", OTTISK_PREFLIGHT_MEMORY_MB: "1024" }, cwd);
    expect(limits).toMatchObject({ maxLayoutMb: 250, checks: { workers: 2, timeoutMs: 45_000, memoryMb: 1024 } });
    expect(() => readConfig({ OTTISK_MAX_LAYOUT_MB: "0" }, cwd)).toThrow(ConfigError);
    expect(() => readConfig({ OTTISK_PREFLIGHT_MEMORY_MB: "lots" }, cwd)).toThrow(/OTTISK_PREFLIGHT_MEMORY_MB must be a whole number from 64 to 16384/);
  });

  it("reads the settings of several nodes: pool size, a node that only queues checks, per-account concurrency and retries", () => {
    const postgres = "postgres://ottisk@db.internal:5432/ottisk";
    expect(readConfig({}, cwd)).toMatchObject({ databasePoolSize: 10, checks: { workers: 1, accountConcurrency: 2, retries: 2 } });
    const node = readConfig(
      { DATABASE_URL: postgres, OTTISK_DB_POOL_SIZE: "4", OTTISK_PREFLIGHT_WORKERS: "0", OTTISK_PREFLIGHT_ACCOUNT_CONCURRENCY: "1", OTTISK_PREFLIGHT_RETRIES: "5" },
      cwd,
    );
    expect(node).toMatchObject({ databasePoolSize: 4, checks: { workers: 0, accountConcurrency: 1, retries: 5 } });
    // Without a PostgreSQL shared with a worker process nobody would ever run the checks.
    expect(() => readConfig({ OTTISK_PREFLIGHT_WORKERS: "0" }, cwd)).toThrow(/OTTISK_PREFLIGHT_WORKERS=0 .* needs DATABASE_URL/);
    expect(() => readConfig({ OTTISK_DB_POOL_SIZE: "1" }, cwd)).toThrow(/OTTISK_DB_POOL_SIZE must be a whole number from 2 to 200/);
  });

  it("reads the per-account quotas as visitor,client pairs (or one number for both), a visitor's no larger than a client's", () => {
    const quotas = readConfig(
      { OTTISK_QUOTA_UPLOADS_PER_HOUR: "10, 200", OTTISK_QUOTA_STORED_MB: "500", OTTISK_QUOTA_MB_PER_DAY: "300,4000", OTTISK_QUOTA_QUEUED_CHECKS: "2,5", OTTISK_VISITOR_MB_PER_HOUR: "50" },
      cwd,
    ).quotas;
    expect(quotas).toEqual({
      visitor: { uploadsPerHour: 10, storedBytes: 500 * 1024 * 1024, bytesPerDay: 300 * 1024 * 1024, queuedChecks: 2 },
      client: { uploadsPerHour: 200, storedBytes: 500 * 1024 * 1024, bytesPerDay: 4000 * 1024 * 1024, queuedChecks: 5 },
      visitorBytesPerHourPerAddress: 50 * 1024 * 1024,
    });
    expect(DEFAULT_QUOTAS.visitorBytesPerHourPerAddress).toBe(200 * 1024 * 1024);
    expect(() => readConfig({ OTTISK_QUOTA_MB_PER_DAY: "5000,1000" }, cwd)).toThrow(/OTTISK_QUOTA_MB_PER_DAY: the visitors' quota \(5000\) may not exceed the clients' \(1000\)/);
    expect(() => readConfig({ OTTISK_VISITOR_MB_PER_HOUR: "0" }, cwd)).toThrow(/OTTISK_VISITOR_MB_PER_HOUR must be a whole number from 1 to 2000000/);
    expect(DEFAULT_QUOTAS.visitor.uploadsPerHour).toBeLessThan(DEFAULT_QUOTAS.client.uploadsPerHour);
    expect(() => readConfig({ OTTISK_QUOTA_UPLOADS_PER_HOUR: "100,20" }, cwd)).toThrow(/the visitors' quota \(100\) may not exceed the clients' \(20\)/);
    expect(() => readConfig({ OTTISK_QUOTA_STORED_MB: "0,100" }, cwd)).toThrow(/OTTISK_QUOTA_STORED_MB must be two whole numbers/);
    expect(() => readConfig({ OTTISK_QUOTA_QUEUED_CHECKS: "1,2,3" }, cwd)).toThrow(ConfigError);
  });
});
