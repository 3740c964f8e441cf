import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "./config";

const cwd = "/srv/ottisk";

describe("readConfig", () => {
  it("has defaults for an empty environment", () => {
    expect(readConfig({}, cwd)).toEqual({
      port: 8080,
      host: "0.0.0.0",
      dataDir: "/srv/ottisk/data",
      databaseUrl: undefined,
      filesDir: "/srv/ottisk/data/files",
      publicUrl: "http://localhost:8080",
      partnerOrigins: ["http://localhost:8080", "http://127.0.0.1:8080"],
    });
  });

  it("reads every variable", () => {
    const config = readConfig(
      {
        PORT: "3000",
        HOST: "127.0.0.1",
        OTTISK_DATA_DIR: "var/shop",
        DATABASE_URL: "postgres://ottisk:secret@db:5432/ottisk",
        OTTISK_PUBLIC_URL: "https://ottisk.example/",
        OTTISK_PARTNER_ORIGINS: " https://partner.example , http://cms.example:8081,",
      },
      cwd,
    );
    expect(config).toEqual({
      port: 3000,
      host: "127.0.0.1",
      dataDir: "/srv/ottisk/var/shop",
      databaseUrl: "postgres://ottisk:secret@db:5432/ottisk",
      filesDir: "/srv/ottisk/var/shop/files",
      publicUrl: "https://ottisk.example",
      partnerOrigins: ["https://partner.example", "http://cms.example:8081"],
    });
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
    ["OTTISK_PARTNER_ORIGINS", "https://partner.example/shop", /not an origin/],
    ["OTTISK_PARTNER_ORIGINS", "ftp://partner.example", /must start with http: or https:/],
  ])("rejects %s=%s with a clear message", (name, value, message) => {
    expect(() => readConfig({ [name]: value }, cwd)).toThrow(ConfigError);
    expect(() => readConfig({ [name]: value }, cwd)).toThrow(message);
  });
});
