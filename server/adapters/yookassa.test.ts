import { describe, expect, it } from "vitest";
import { kopecksToYookassaValue, yookassaValueToKopecks } from "./yookassa";

/* The HTTP side of the adapter is tested against a fake YooKassa in tests/server/orders.test.ts. */

describe("YooKassa amounts", () => {
  it("writes kopecks as YooKassa's value with two decimals", () => {
    expect(kopecksToYookassaValue(123_450)).toBe("1234.50");
    expect(kopecksToYookassaValue(5)).toBe("0.05");
    expect(kopecksToYookassaValue(100)).toBe("1.00");
  });

  it("reads YooKassa's value back to kopecks, and nothing else", () => {
    expect(yookassaValueToKopecks("1234.50")).toBe(123_450);
    expect(yookassaValueToKopecks("1234.5")).toBe(123_450);
    expect(yookassaValueToKopecks("1234")).toBe(123_400);
    expect(yookassaValueToKopecks("0.05")).toBe(5);
    expect(yookassaValueToKopecks("-1.00")).toBeNull();
    expect(yookassaValueToKopecks("1,00")).toBeNull();
    expect(yookassaValueToKopecks("1.005")).toBeNull();
  });
});
