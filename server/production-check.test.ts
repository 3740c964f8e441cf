import { describe, expect, it } from "vitest";
import { readConfig } from "./config";
import { describeConfig, productionProblems } from "./production-check";

const cwd = "/srv/ottisk";

/** A public shop with everything the check asks for. */
const ready = {
  OTTISK_PUBLIC_URL: "https://ottisk.example",
  YOOKASSA_SHOP_ID: "123456",
  YOOKASSA_SECRET_KEY: "live_secret",
  OTTISK_SMTP_URL: "smtps://shop:password@smtp.example.ru:465",
  OTTISK_HANDOFF_SECRET: "x".repeat(32),
};

const problemsOf = (env: Record<string, string | undefined>) => productionProblems(readConfig(env, cwd));

describe("the production check (issue 28)", () => {
  it("leaves a shop on this machine alone, whatever it lacks", () => {
    expect(problemsOf({})).toEqual([]);
    expect(problemsOf({ OTTISK_PUBLIC_URL: "http://127.0.0.1:8080" })).toEqual([]);
  });

  it("accepts a public shop with https, YooKassa's keys, SMTP and a kept secret, or without card payments instead of the keys", () => {
    expect(problemsOf(ready)).toEqual([]);
    expect(problemsOf({ ...ready, YOOKASSA_SHOP_ID: undefined, YOOKASSA_SECRET_KEY: undefined, OTTISK_PAYMENTS: "invoice,balance" })).toEqual([]);
  });

  it("names each problem of a public shop in one English / Russian sentence, all of them at once", () => {
    const problems = problemsOf({ OTTISK_PUBLIC_URL: "http://shop.example", OTTISK_DEV_MAIL: "on" });
    expect(problems).toHaveLength(5);
    const [https, card, smtp, devMail, secret] = problems;
    expect(https).toMatch(/^OTTISK_PUBLIC_URL is http:\/\/shop\.example: a shop on the internet must be served over https .* \/ OTTISK_PUBLIC_URL равен .* https/);
    expect(card).toMatch(/YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY, or turn card payments off with OTTISK_PAYMENTS=invoice,balance \/ .*ЮKassa/);
    expect(smtp).toMatch(/^OTTISK_SMTP_URL is not set.* \/ не задан OTTISK_SMTP_URL/);
    expect(devMail).toMatch(/^OTTISK_DEV_MAIL=on .* \/ OTTISK_DEV_MAIL=on показал бы/);
    expect(secret).toMatch(/^OTTISK_HANDOFF_SECRET is not set.* \/ не задан OTTISK_HANDOFF_SECRET/);
    for (const problem of problems) {
      // English first, then the same in Russian after " / ", ending with a full stop.
      const [english, ...russian] = problem.split(" / ");
      expect(english).not.toMatch(/[а-яё]/i);
      expect(russian.join(" / ")).toMatch(/^[А-Яа-яЁёO].*[а-яё].*\.$/);
    }
  });

  it("refuses each missing piece on its own", () => {
    expect(problemsOf({ ...ready, OTTISK_PUBLIC_URL: "http://ottisk.example" })).toEqual([expect.stringMatching(/^OTTISK_PUBLIC_URL is http:/)]);
    expect(problemsOf({ ...ready, YOOKASSA_SHOP_ID: undefined, YOOKASSA_SECRET_KEY: undefined })).toEqual([expect.stringMatching(/^card payments have no YooKassa keys/)]);
    expect(problemsOf({ ...ready, OTTISK_SMTP_URL: undefined })).toEqual([expect.stringMatching(/^OTTISK_SMTP_URL is not set/)]);
    expect(problemsOf({ ...ready, OTTISK_HANDOFF_SECRET: undefined })).toEqual([expect.stringMatching(/^OTTISK_HANDOFF_SECRET is not set/)]);
  });

  it("describes what it found without printing a secret", () => {
    const lines = describeConfig(readConfig({ ...ready, DATABASE_URL: "postgres://ottisk:db-password@db.internal:5432/ottisk" }, cwd)).join("\n");
    expect(lines).toContain("public URL:  https://ottisk.example (public)");
    expect(lines).toContain("listens on:  0.0.0.0:8080");
    expect(lines).toContain("database:    PostgreSQL at db.internal:5432 (DATABASE_URL)");
    expect(lines).toContain("payments:    card by YooKassa, invoice, balance");
    expect(lines).toContain("mail:        SMTP at smtp.example.ru:465");
    expect(lines).toContain("secret:      OTTISK_HANDOFF_SECRET is set");
    for (const secret of ["db-password", "live_secret", "password@", "x".repeat(32)]) expect(lines).not.toContain(secret);
  });
});
