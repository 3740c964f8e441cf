import { describe, expect, it } from "vitest";
import { errorForLog, redactSecrets } from "./request-log";

describe("the log's redaction", () => {
  it("blanks the values of secret-carrying query parameters and keeps the others", () => {
    expect(redactSecrets("/admin/auth/password-reset?token=abc_DEF-123")).toBe("/admin/auth/password-reset?token=[redacted]");
    expect(redactSecrets("/api/auth/handoff?next=%2Fcart&token=t.s")).toBe("/api/auth/handoff?next=%2Fcart&token=[redacted]");
    expect(redactSecrets("/x?access_token=1&Password=2&client_secret=3&sig=4&q=визитки&page=2")).toBe(
      "/x?access_token=[redacted]&Password=[redacted]&client_secret=[redacted]&sig=[redacted]&q=визитки&page=2",
    );
    expect(redactSecrets('[GET] "https://shop.example/api/x?captchaToken=zz": 500')).toBe('[GET] "https://shop.example/api/x?captchaToken=[redacted]": 500');
    expect(redactSecrets("/catalog?sort=price")).toBe("/catalog?sort=price");
  });

  it("logs an error's kind, text and place, not the request it carried", () => {
    const error = Object.assign(new Error("siteverify failed for https://g.example/v?response=r&secret=s1"), {
      code: "ECONNRESET",
      options: { headers: { authorization: "Bearer b1" }, body: "password=p1" },
    });
    const logged = errorForLog(error);
    expect(logged).toMatchObject({ type: "Error", code: "ECONNRESET", message: "siteverify failed for https://g.example/v?response=r&secret=[redacted]" });
    expect(JSON.stringify(logged)).not.toMatch(/b1|p1|s1/);
  });
});
