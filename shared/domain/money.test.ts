import { describe, expect, it } from "vitest";
import { formatRoubles } from "./money";

describe("formatRoubles", () => {
  it("groups thousands with a no-break space and adds the sign", () => {
    expect(formatRoubles(1290).replace(/\s/g, " ")).toBe("1 290 ₽");
  });

  it("writes kopecks with two digits or none (issue 16: «1 795,5 ₽», «18,9 ₽»)", () => {
    const plain = (amount: number) => formatRoubles(amount).replace(/\s/g, " ");
    expect(plain(1795.5)).toBe("1 795,50 ₽");
    expect(plain(18.9)).toBe("18,90 ₽");
    expect(plain(0.29)).toBe("0,29 ₽");
    expect(plain(0.1 + 0.2)).toBe("0,30 ₽");
    expect(plain(500)).toBe("500 ₽");
    expect(plain(99.999)).toBe("100 ₽");
    expect(plain(-12.5)).toBe("-12,50 ₽");
    expect(plain(-0)).toBe("0 ₽");
  });
});
